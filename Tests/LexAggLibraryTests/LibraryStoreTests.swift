import Foundation
import LexAggCore
@testable import LexAggLibrary
import LexAggQuiz
import Testing

@Suite struct LibraryStoreTests {
    let directory = temporaryDirectory()

    func open() throws -> Library { try Library.open(directory: directory) }

    @Test func addingAgainUpdatesTheWordAndNeverDuplicatesIt() throws {
        let library = try open()
        let (first, added) = try library.save("house", language: .english, entries: [entry("house", definitions: ["a dwelling"])], at: fixedDate)
        #expect(first == .added)
        library.star("house")
        let later = fixedDate.addingTimeInterval(60)
        let (second, updated) = try library.save("  house ", language: .english,
                                                 entries: [entry("house", definitions: ["a building"])], at: later)
        #expect(second == .updated)
        #expect(updated.id == added.id)
        #expect(try library.count() == 1)
        let stored = try #require(try library.word("house"))
        #expect(stored.definitions == ["a building"])
        #expect(stored.starred, "updating keeps the star")
        #expect(stored.added == Library.milliseconds(fixedDate))
        #expect(stored.updated == Library.milliseconds(later))
        #expect(try library.search("dwelling").isEmpty, "the search index follows the update")
        #expect(try library.search("building").map(\.word) == ["house"])
    }

    @Test func caseMattersForTheKeyButFindingFallsBackToAnyCase() throws {
        let library = try open()
        try library.save("Essen", language: .german, entries: [entry("Essen", language: .german, definitions: ["food"])])
        try library.save("essen", language: .german, entries: [entry("essen", language: .german, definitions: ["to eat"])])
        try library.save("Serendipity", language: .english, entries: [entry("serendipity", definitions: ["luck"])])
        #expect(try library.count() == 3)
        #expect(try library.word("Essen")?.definitions == ["food"])
        #expect(try library.word("essen")?.definitions == ["to eat"])
        #expect(try library.word("ESSEN") == nil, "two candidates in other cases: ambiguous, nothing chosen")
        #expect(try library.word("serendipity")?.word == "Serendipity")
        // NFC: a decomposed é is the same word as a precomposed one.
        try library.save("cafe\u{301}", language: .french, entries: [entry("café", language: .french, definitions: ["coffee"])])
        #expect(try library.word("caf\u{E9}", language: .french) != nil)
        #expect(try library.word("essen", language: .english) == nil)
    }

    @Test func pagesReportTheirTotalAndPageCount() throws {
        let library = try open()
        for index in 0..<25 {
            try library.save(String(format: "word%02d", index), language: .english,
                             entries: [entry("w", definitions: ["d\(index)"])], at: fixedDate.addingTimeInterval(Double(index)))
        }
        let first = try library.list(page: 1, limit: 10)
        #expect(first.total == 25 && first.pageCount == 3 && first.words.count == 10)
        #expect(first.words.first?.word == "word24", "newest first")
        let alpha = try library.list(sort: .alpha, page: 3, limit: 10)
        #expect(alpha.words.map(\.word) == (20..<25).map { String(format: "word%02d", $0) })
        let past = try library.list(page: 4, limit: 10)
        #expect(past.words.isEmpty && past.total == 25)
        var seen: [String] = []
        for page in 1...3 { seen += try library.list(sort: .alpha, page: page, limit: 10).words.map(\.word) }
        #expect(Set(seen).count == 25)
        #expect(throws: LibraryError.self) { try library.list(page: 0) }
        #expect(throws: LibraryError.self) { try library.list(limit: -1) }
    }

    @Test func starringFiltersFavourites() throws {
        let library = try open()
        for word in ["apple", "pear", "plum"] {
            try library.save(word, language: .english, entries: [entry(word, definitions: ["fruit"])])
        }
        #expect(try library.setStarred(true, "pear")?.starred == true)
        #expect(try library.setStarred(true, "nothing") == nil)
        #expect(try library.list(starredOnly: true).words.map(\.word) == ["pear"])
        _ = try library.setStarred(false, "pear")
        #expect(try library.list(starredOnly: true).total == 0)
        #expect(try library.remove("plum")?.word == "plum")
        #expect(try library.remove("plum") == nil)
        #expect(try library.search("fruit").map(\.word).sorted() == ["apple", "pear"])
    }

    @Test func searchMatchesTranslationsAndDefinitionsIgnoringCaseAndDiacritics() throws {
        let library = try open()
        try library.save("house", language: .english, entries: [entry("house", definitions: ["a dwelling"], translations: ["Haus"])])
        try library.save("coffee", language: .english,
                         entries: [entry("coffee", definitions: ["a drink"], translations: ["Café"], target: .french)])
        try library.save("Haus", language: .german, entries: [entry("Haus", language: .german, definitions: ["building"])])
        try library.save("dwelling", language: .english, entries: [entry("dwelling", definitions: ["a place to live"])])
        #expect(try library.search("haus").map(\.word) == ["Haus", "house"], "the word itself ranks above a translation")
        #expect(try library.search("CAFE").map(\.word) == ["coffee"])
        #expect(try library.search("café").map(\.word) == ["coffee"])
        #expect(try library.search("dwell").map(\.word) == ["dwelling", "house"], "prefixes match; the word ranks first")
        #expect(try library.search("haus", language: .german).map(\.word) == ["Haus"])
        #expect(try library.search("a drink").map(\.word) == ["coffee"], "every term must match")
        #expect(try library.search("\"*(").isEmpty, "FTS syntax in the text is not an error")
    }

    /// The word spelled as searched comes first, however often another word's translations or definitions name it
    /// (`library search house` listed German *Haus*, translated "house, household, house-building", first).
    @Test func theWordSearchedForRanksFirst() throws {
        let library = try open()
        try library.save("Haus", language: .german, entries: [entry(
            "Haus", language: .german, definitions: [], translations: ["establishment", "house"], target: .english
        )])
        // A word with many senses: a long document, which bm25 ranks lower.
        let senses = (1...30).map { "sense \($0): a building that serves as living quarters for one or more families" }
        try library.save("house", language: .english, entries: [entry("house", definitions: senses)])
        try library.save("housing", language: .english, entries: [entry("housing", definitions: ["houses collectively"])])
        let found = try library.search("house").map(\.word)
        #expect(found.first == "house", "\(found)")
        #expect(try library.search("HOUSE").map(\.word).first == "house")
    }

    @Test func searchCanKeepToFavourites() throws {
        let library = try open()
        try library.save("house", language: .english, entries: [entry("house", definitions: ["a dwelling"])])
        try library.save("housing", language: .english, entries: [entry("housing", definitions: ["dwellings"])])
        library.star("housing")
        #expect(Set(try library.search("hous").map(\.word)) == ["house", "housing"])
        #expect(try library.search("hous", starredOnly: true).map(\.word) == ["housing"])
        #expect(try library.search("hous", language: .german, starredOnly: true).isEmpty)
    }

    @Test func historyCountsLookups() throws {
        let library = try open()
        for _ in 0..<4 { try library.recordLookup("serendipity", language: nil, at: fixedDate) }
        try library.recordLookup("Haus", language: .german, at: fixedDate.addingTimeInterval(10))
        let items = try library.history()
        #expect(items.map(\.word) == ["Haus", "serendipity"])
        #expect(items.map(\.count) == [1, 4])
        #expect(items[0].language == .german && items[1].language == nil)
        #expect(try library.clearHistory() == 2)
        #expect(try library.history().isEmpty)
    }

    @Test func browsingSessionsRememberShownWordsUntilRestartedOrExpired() throws {
        let library = try open()
        #expect(try library.browseSession(language: .english, page: 1, at: fixedDate).isEmpty)
        try library.recordShown(["a", "b"], language: .english, page: 1, at: fixedDate)
        #expect(try library.browseSession(language: .english, page: 2, at: fixedDate) == ["a", "b"])
        #expect(try library.browseSession(language: .german, page: 2, at: fixedDate).isEmpty)
        let expired = fixedDate.addingTimeInterval(Library.browseSessionLifetime + 1)
        #expect(try library.browseSession(language: .english, page: 2, at: expired).isEmpty)
        try library.recordShown(["c"], language: .english, page: 2, at: expired)
        #expect(try library.browseSession(language: .english, page: 1, at: expired).isEmpty, "page 1 starts anew")
    }

    @Test func wordOfTheDayKeepsTheFirstChoice() throws {
        let library = try open()
        #expect(try library.setWordOfTheDay("zymurgy", day: "2026-01-01", language: .english) == "zymurgy")
        #expect(try library.setWordOfTheDay("serene", day: "2026-01-01", language: .english) == "zymurgy")
        #expect(try library.wordOfTheDay("2026-01-02", language: .english) == nil)
    }

    @Test func quizRecordsRoundTrip() throws {
        let library = try open()
        try library.save("house", language: .english, entries: [entry("house", definitions: ["a dwelling"])])
        try library.save("Haus", language: .german, entries: [entry("Haus", language: .german, definitions: ["building"])])
        let candidates = try library.quizCandidates(language: .english)
        #expect(candidates.map(\.word) == ["house"])
        #expect(candidates[0].review == ReviewState())
        #expect(candidates[0].firstDefinition == "a dwelling" && candidates[0].partOfSpeech == .noun)
        let id = try #require(candidates[0].id)
        let due = fixedDate.addingTimeInterval(86400)
        try library.recordAnswer(wordID: id, correct: true, newState: ReviewState(repetitions: 1, easeFactor: 2.6, intervalDays: 1, due: due), at: fixedDate)
        try library.recordAnswer(wordID: id, correct: false, newState: ReviewState(repetitions: 0, easeFactor: 2.4, intervalDays: 0, due: due), at: fixedDate)
        let state = try #require(try library.quizCandidates(language: .english).first?.review)
        #expect(state.seen == 2 && state.right == 1 && state.wrong == 1 && state.easeFactor == 2.4)
        #expect(state.due == Library.milliseconds(due) && state.lastSeen == Library.milliseconds(fixedDate))
        try library.recordQuizRun(QuizRun(started: fixedDate, finished: fixedDate, mode: "definition", language: .english,
                                          asked: 4, right: 3, wrong: 1, missed: 0, durationSeconds: 12.5))
        try library.recordQuizRun(QuizRun(started: due, finished: due, mode: "definition", language: .english,
                                          asked: 4, right: 1, wrong: 3, missed: 0, durationSeconds: 20))
        let stats = try library.quizStats()
        #expect(stats.runs.count == 2 && stats.best?.right == 3)
        #expect(stats.words.map(\.word) == ["house"])
        _ = try library.remove("house")
        #expect(try library.quizStats().words.isEmpty, "a removed word's review state goes with it")
    }
}

extension Library {
    func star(_ word: String) { _ = try? setStarred(true, word) }
}
