import Foundation
import LexAggCore
import LexAggQuiz

/// The learner's library as the commands and servers see it: saved words, favourites, search, the lookup history,
/// random-browsing sessions, words of the day and quiz records. Two stores keep it: a SQLite file per user
/// (``Library``, the default) and a PostgreSQL database shared by many lexagg instances (LexAggPostgres).
///
/// Both keep the same rules: a word is unique by its language and its spelling (``Library/key(_:)``); every change
/// is one transaction, so a failure leaves all of it or none; many writers at once lose nothing (the last save of a
/// word wins, counters add up); search matches the beginnings of words in the spelling, the translations and the
/// definitions, ignoring case and accents, the spelling ranked first. A store that cannot be reached throws
/// ``LibraryError`` (`.io`) and changes nothing.
///
/// A ``Library`` satisfies these requirements with its synchronous methods. Callers holding `any LibraryStore`
/// pass every argument (there are no defaults, so a concrete ``Library`` never meets an ambiguous overload).
public protocol LibraryStore: AnyObject, Sendable {
    /// Where the library is, for messages: a file path, or a database URL without its password.
    var location: String { get }

    func save(_ word: String, language: Language, entries: [Entry], at now: Date) async throws(LibraryError)
        -> (SaveOutcome, LibraryWord)
    func word(_ word: String, language: Language?) async throws(LibraryError) -> LibraryWord?
    func count(language: Language?) async throws(LibraryError) -> Int
    func list(language: Language?, starredOnly: Bool, sort: LibrarySort, page: Int, limit: Int) async throws(LibraryError)
        -> LibraryPage
    func allWords() async throws(LibraryError) -> [LibraryWord]
    func remove(_ word: String, language: Language?) async throws(LibraryError) -> LibraryWord?
    func setStarred(_ starred: Bool, _ word: String, language: Language?) async throws(LibraryError) -> LibraryWord?
    func search(_ text: String, language: Language?, starredOnly: Bool, limit: Int) async throws(LibraryError)
        -> [LibraryWord]
    func importWords(_ words: [LibraryWord], format: LibraryFormat, at now: Date) async throws(LibraryError)
        -> ImportSummary

    func recordLookup(_ word: String, language: Language?, at now: Date) async throws(LibraryError)
    func history(limit: Int) async throws(LibraryError) -> [HistoryItem]
    func clearHistory() async throws(LibraryError) -> Int
    func browseSession(language: Language, page: Int, at now: Date) async throws(LibraryError) -> Set<String>
    func recordShown(_ words: [String], language: Language, page: Int, at now: Date) async throws(LibraryError)
    func wordOfTheDay(_ day: String, language: Language) async throws(LibraryError) -> String?
    func setWordOfTheDay(_ word: String, day: String, language: Language) async throws(LibraryError) -> String
    func contains(_ word: String, language: Language) async throws(LibraryError) -> Bool

    func quizCandidates(language: Language?) async throws(LibraryError) -> [LibraryWord]
    func recordAnswer(wordID: Int64, correct: Bool, newState: ReviewState, at now: Date) async throws(LibraryError)
    func recordQuizRun(_ run: QuizRun) async throws(LibraryError) -> Int64
    func quizStats() async throws(LibraryError) -> QuizStats

    /// Lets go of the store's files or connections.
    func close()
}

extension Library: LibraryStore {
    public var location: String { path }
}

extension Library {
    /// What an import does to a word already saved: starred if either is, the earlier added date, and the entries
    /// it lacks appended (identical content never doubled). Nil when nothing changes. Shared by every store.
    public static func merge(_ incoming: LibraryWord, into existing: LibraryWord, at now: Date) -> LibraryWord? {
        var merged = existing
        merged.starred = existing.starred || incoming.starred
        merged.added = min(existing.added, incoming.added)
        if FlatWord(existing).content != FlatWord(incoming).content {
            let missing = incoming.entries.filter { !existing.entries.contains($0) }
            if !missing.isEmpty {
                merged.entries += missing
                merged.updated = max(existing.updated, milliseconds(now))
            }
        }
        return merged == existing ? nil : merged
    }

    /// The case-folded spelling, for case-insensitive lookups and alphabetical order.
    public static func foldedKey(_ word: String) -> String { folded(word) }

    /// Milliseconds since 1970, as every store keeps dates.
    public static func storedMillis(_ date: Date) -> Int64 { millis(date) }

    /// A date from stored milliseconds.
    public static func storedDate(_ millis: Int64) -> Date { date(millis) }

    /// The words a search text is made of (runs of letters and digits), as every store's search uses them.
    public static func searchWords(_ text: String) -> [String] { searchTerms(text) }

    /// The entries as stored: JSON with sorted keys.
    public static func encodeEntries(_ entries: [Entry]) throws -> String {
        String(decoding: try LibraryCoding.encoder.encode(entries), as: UTF8.self)
    }

    /// Entries from their stored JSON.
    public static func decodeEntries(_ json: String) throws -> [Entry] {
        try LibraryCoding.decoder.decode([Entry].self, from: Data(json.utf8))
    }

    /// The best run of `runs` (ties: the most questions, then the earliest), and the words asked so far from
    /// `candidates`, most often wrong first: what ``quizStats()`` reports, for every store.
    public static func quizStats(runs: [QuizRun], candidates: [LibraryWord]) -> QuizStats {
        let best = runs.max { a, b in
            (a.score, a.asked, b.started) < (b.score, b.asked, a.started)
        }
        let words = candidates.filter { ($0.review?.seen ?? 0) > 0 }
            .sorted { ($0.review!.wrong, $0.review!.seen) > ($1.review!.wrong, $1.review!.seen) }
        return QuizStats(runs: runs, best: best, words: words)
    }
}
