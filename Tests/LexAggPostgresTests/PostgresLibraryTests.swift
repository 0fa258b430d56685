import Foundation
import LexAggCore
import LexAggLibrary
import LexAggPostgres
import LexAggQuiz
import LexAggFixtures
import ProviderConformance
import Testing

/// The library on PostgreSQL keeps the SQLite library's rules: unique by language and spelling, saving again keeps
/// the star and the added date, favourites, search ranked like SQLite's (spelling before translations before
/// definitions, accents and case ignored), imports merged, history counts, quiz records; and an unreachable server
/// is an `.io` error that changes nothing.
@Suite(.enabled(if: TestDatabase.available, TestDatabase.skipReason))
struct PostgresLibraryTests {
    static func entry(_ word: String, _ definition: String, translations: [String] = [], language: String = "en") -> Entry {
        let provenance = Provenance(provider: ProviderID("wordnet")!, source: "test", retrievedAt: Date(timeIntervalSince1970: 1_700_000_000))
        return Entry(
            headword: word, language: Language(language)!,
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: definition, sources: [provenance])])],
            translations: translations.map {
                Translation(text: $0, pair: LanguagePair(source: Language(language)!, target: Language("de")!), provenance: provenance)
            },
            provenance: provenance
        )
    }

    static func library() async throws -> (PostgresLibrary, PostgresStore) {
        let database = try await TestDatabase.open()
        return (PostgresLibrary(database: database, journalDirectory: nil), database)
    }

    @Test func savingListingStarringAndRemovingKeepTheSQLiteRules() async throws {
        let (library, database) = try await Self.library()
        defer { database.close() }
        let en = Language("en")!, de = Language("de")!
        let (outcome, saved) = try await library.save("  house ", language: en, entries: [Self.entry("house", "a building")], at: Date())
        #expect(outcome == .added)
        #expect(saved.word == "house")
        #expect(try await library.setStarred(true, "HOUSE", language: nil)?.starred == true)
        let (again, updated) = try await library.save("house", language: en, entries: [Self.entry("house", "a home")], at: Date().addingTimeInterval(60))
        #expect(again == .updated)
        #expect(updated.starred, "saving again keeps the star")
        #expect(updated.added == saved.added, "and the date it was first added")
        _ = try await library.save("Haus", language: de, entries: [Self.entry("Haus", "Gebäude", language: "de")], at: Date())
        _ = try await library.save("house", language: de, entries: [Self.entry("house", "?", language: "de")], at: Date())
        #expect(try await library.count(language: nil) == 3, "unique by language and spelling")
        #expect(try await library.count(language: en) == 1)
        let favourites = try await library.list(language: nil, starredOnly: true, sort: .alpha, page: 1, limit: 10)
        #expect(favourites.words.map(\.word) == ["house"])
        #expect(favourites.total == 1)
        let alpha = try await library.list(language: nil, starredOnly: false, sort: .alpha, page: 1, limit: 2)
        #expect(alpha.words.map(\.word) == ["Haus", "house"])
        #expect(alpha.total == 3)
        #expect(try await library.word("house", language: en)?.firstDefinition == "a home")
        #expect(try await library.contains("HOUSE", language: en))
        #expect(try await library.remove("house", language: de)?.language == de)
        #expect(try await library.remove("house", language: de) == nil)
        #expect(try await library.allWords().count == 2)
    }

    @Test func searchIgnoresAccentsAndRanksTheSpellingFirst() async throws {
        let (library, database) = try await Self.library()
        defer { database.close() }
        let en = Language("en")!
        _ = try await library.save("Café", language: en, entries: [Self.entry("Café", "a small restaurant")], at: Date())
        _ = try await library.save("bistro", language: en, entries: [Self.entry("bistro", "a small cafe serving food")], at: Date())
        _ = try await library.save("coffee", language: en, entries: [Self.entry("coffee", "a drink", translations: ["Kaffee", "Café"])], at: Date())
        _ = try await library.save("tea", language: en, entries: [Self.entry("tea", "a drink")], at: Date())
        let found = try await library.search("cafe", language: nil, starredOnly: false, limit: 10)
        #expect(found.map(\.word) == ["Café", "coffee", "bistro"])
        #expect(try await library.search("caf", language: nil, starredOnly: false, limit: 10).count == 3, "prefixes match")
        #expect(try await library.search("small drink", language: nil, starredOnly: false, limit: 10).isEmpty)
        #expect(try await library.search("a drink", language: nil, starredOnly: false, limit: 10).map(\.word).sorted() == ["coffee", "tea"])
        #expect(try await library.search("!!", language: nil, starredOnly: false, limit: 10).isEmpty)
    }

    @Test func importsMergeAndCopyingTwiceAddsNothing() async throws {
        let (library, database) = try await Self.library()
        defer { database.close() }
        let en = Language("en")!
        let earlier = Date(timeIntervalSince1970: 1_700_000_000)
        _ = try await library.save("bank", language: en, entries: [Self.entry("bank", "a river side")], at: Date())
        let incoming = [
            LibraryWord(word: "bank", language: en, entries: [Self.entry("bank", "a money place")], starred: true, added: earlier),
            LibraryWord(word: "tree", language: en, entries: [Self.entry("tree", "a plant")], added: earlier),
        ]
        let first = try await library.importWords(incoming, format: .json, at: Date())
        #expect((first.added, first.merged, first.unchanged) == (1, 1, 0))
        let merged = try #require(try await library.word("bank", language: en))
        #expect(merged.starred)
        #expect(merged.added == earlier)
        #expect(merged.definitions == ["a river side", "a money place"])
        let second = try await library.importWords(incoming, format: .json, at: Date())
        #expect((second.added, second.merged, second.unchanged) == (0, 0, 2))
    }

    @Test func historyBrowsingWordsOfTheDayAndQuizRecords() async throws {
        let (library, database) = try await Self.library()
        defer { database.close() }
        let en = Language("en")!
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { try? await library.recordLookup("bank", language: en, at: Date()) }
            }
        }
        try await library.recordLookup("tree", language: nil, at: Date().addingTimeInterval(5))
        let history = try await library.history(limit: 10)
        #expect(history.map(\.word) == ["tree", "bank"])
        #expect(history.last?.count == 20, "concurrent counts add up")
        #expect(history.first?.language == nil)
        #expect(try await library.clearHistory() == 2)

        #expect(try await library.browseSession(language: en, page: 1, at: Date()).isEmpty)
        try await library.recordShown(["a", "b"], language: en, page: 1, at: Date())
        #expect(try await library.browseSession(language: en, page: 2, at: Date()) == ["a", "b"])
        #expect(try await library.browseSession(language: en, page: 2, at: Date().addingTimeInterval(7 * 3600)).isEmpty)

        #expect(try await library.setWordOfTheDay("bank", day: "2026-11-22", language: en) == "bank")
        #expect(try await library.setWordOfTheDay("tree", day: "2026-11-22", language: en) == "bank", "the first choice wins")
        #expect(try await library.wordOfTheDay("2026-11-22", language: en) == "bank")

        let (_, word) = try await library.save("bank", language: en, entries: [Self.entry("bank", "a river side")], at: Date())
        let id = try #require(word.id)
        var state = ReviewState()
        state.repetitions = 1
        state.intervalDays = 1
        try await library.recordAnswer(wordID: id, correct: false, newState: state, at: Date())
        try await library.recordAnswer(wordID: id, correct: true, newState: state, at: Date())
        let candidate = try #require(try await library.quizCandidates(language: en).first)
        #expect((candidate.review?.seen, candidate.review?.right, candidate.review?.wrong) == (2, 1, 1))
        let run = QuizRun(started: Date(), finished: Date(), mode: "definition", language: en, asked: 2, right: 1, wrong: 1,
                          missed: 0, durationSeconds: 12.5)
        let runID = try await library.recordQuizRun(run)
        let stats = try await library.quizStats()
        #expect(stats.runs.map(\.id) == [runID])
        #expect(stats.best?.durationSeconds == 12.5)
        #expect(stats.words.map(\.word) == ["bank"])
    }

    @Test func copyingASQLiteLibraryBringsItsQuizRecordsAndHistoryOnce() async throws {
        let (target, database) = try await Self.library()
        defer { database.close() }
        let en = Language("en")!
        let source = try Library.open(directory: TemporaryFiles.directory())
        defer { source.close() }
        let (_, bank) = try source.save("bank", language: en, entries: [Self.entry("bank", "a river side")])
        _ = try source.save("tree", language: en, entries: [Self.entry("tree", "a plant")])
        var state = ReviewState()
        state.repetitions = 2
        try source.recordAnswer(wordID: try #require(bank.id), correct: true, newState: state)
        try source.recordQuizRun(QuizRun(started: Date(timeIntervalSince1970: 1_800_000_000), finished: nil, mode: "definition",
                                         language: en, asked: 1, right: 1, wrong: 0, missed: 0, durationSeconds: 3))
        try source.recordLookup("bank", language: en)
        try source.recordLookup("bank", language: en)

        let first = try await StoreCopy.copyLibrary(from: source, to: target)
        #expect((first.read, first.added, first.reviews, first.quizRuns, first.history) == (2, 2, 1, 1, 1))
        let again = try await StoreCopy.copyLibrary(from: source, to: target)
        #expect((again.added, again.unchanged, again.quizRuns) == (0, 2, 0), "copying again adds nothing")
        let stats = try await target.quizStats()
        #expect(stats.runs.count == 1)
        #expect(stats.words.first?.word == "bank")
        #expect(stats.words.first?.review?.repetitions == 2)
        #expect(try await target.history(limit: 10).first?.count == 2, "the larger count, not the sum")
    }

    @Test func anUnreachableServerIsAnIOErrorAndChangesNothing() async throws {
        let port = try ClosedPort()
        let database = PostgresStore(url: try PostgresStoreURL(TestDatabase.closedURL(port)), connectTimeout: .seconds(2))
        let library = PostgresLibrary(database: database, journalDirectory: nil)
        do {
            _ = try await library.save("bank", language: Language("en")!, entries: [], at: Date())
            Issue.record("saved without a server")
        } catch {
            #expect(error.kind == .io)
            #expect(error.message.contains("127.0.0.1:\(port.port)"))
            #expect(error.message.contains("nothing was changed"))
        }
    }

    @Test func severalInstancesStartingTogetherMigrateOnce() async throws {
        let first = try await TestDatabase.open()
        defer { first.close() }
        let results = await withTaskGroup(of: [Int]?.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    let instance = PostgresStore(url: first.url)
                    defer { instance.close() }
                    return try? await instance.migrate().applied
                }
            }
            var all: [[Int]?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.allSatisfy { $0 != nil }, "every instance started")
        #expect(results.compactMap { $0 }.filter { !$0.isEmpty } == [[1]], "exactly one applied the migration")
        let status = try await first.inspect()
        #expect(status.schemaVersion == status.currentVersion)
    }
}
