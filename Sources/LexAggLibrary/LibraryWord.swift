import Foundation
import LexAggCore

/// A word saved in the library: the dictionary entries found for it when it was added, so it can be shown offline.
///
/// A word is keyed by its language and its spelling as typed, trimmed, with inner white space collapsed and in
/// Unicode NFC. Case matters ("Essen" and "essen" are different German words); `show`, `remove` and `star` fall back
/// to a case-insensitive match when there is exactly one.
public struct LibraryWord: Sendable, Hashable, Codable {
    /// The database row id (nil until saved).
    public var id: Int64?
    public var word: String
    public var language: Language
    /// The entries as the aggregator returned them (or, for words imported from CSV/Anki, rebuilt from the fields).
    public var entries: [Entry]
    public var starred: Bool
    /// When the word was first added (millisecond precision).
    public var added: Date
    /// When its entries were last replaced or merged (millisecond precision).
    public var updated: Date
    /// The quiz's review state, filled in only by `quizCandidates(language:)` and `quizStats()` (not exported).
    public var review: ReviewState?

    enum CodingKeys: String, CodingKey {
        case id, word, language, entries, starred, added, updated
    }

    public init(
        id: Int64? = nil, word: String, language: Language, entries: [Entry], starred: Bool = false, added: Date,
        updated: Date? = nil
    ) {
        self.id = id
        self.word = Library.key(word)
        self.language = language
        self.entries = entries
        self.starred = starred
        self.added = Library.milliseconds(added)
        self.updated = Library.milliseconds(updated ?? added)
    }

    /// The first part of speech of the first entry that has one.
    public var partOfSpeech: PartOfSpeech? {
        entries.lazy.flatMap(\.senseGroups).compactMap(\.partOfSpeech).first
    }

    /// The first definition of the first entry that has one.
    public var firstDefinition: String? { Self.firstDefinition(of: entries) }

    /// The first definition of the first of `entries` that has one.
    static func firstDefinition(of entries: [Entry]) -> String? {
        entries.lazy.flatMap(\.allSenses).map(\.definition).first { !$0.isEmpty }
    }

    /// What the word means, for the quiz: its first definition, else its first translations (`house, home`) for a
    /// word saved from a bilingual dictionary only.
    public var meaning: String? { Self.meaning(of: entries) }

    /// What `entries` say a word means: the first definition, else the first translations (`house, home`).
    public static func meaning(of entries: [Entry]) -> String? {
        if let definition = firstDefinition(of: entries) { return definition }
        var seen = Set<String>()
        let translations = entries.flatMap(\.translations).map(\.text).filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
        return translations.isEmpty ? nil : translations.prefix(3).joined(separator: ", ")
    }

    /// Every definition (with sub-senses), in order.
    public var definitions: [String] {
        func collect(_ senses: [Sense]) -> [String] { senses.flatMap { [$0.definition] + collect($0.subsenses) } }
        return entries.flatMap { collect($0.allSenses) }.filter { !$0.isEmpty }
    }

    /// Every translation text, in order, without repeats.
    public var translationTexts: [String] {
        var seen = Set<String>()
        return entries.flatMap(\.translations).map(\.text).filter { seen.insert($0).inserted }
    }

    /// The providers the entries (and their merged senses) came from, in order, without repeats.
    public var sources: [ProviderID] {
        var seen = Set<ProviderID>()
        let all = entries.map(\.provenance.provider) + entries.flatMap(\.allSenses).flatMap(\.sources).map(\.provider)
        return all.filter { seen.insert($0).inserted }
    }
}

/// One page of the library list.
public struct LibraryPage: Sendable, Hashable {
    public var words: [LibraryWord]
    /// The page number, from 1.
    public var page: Int
    public var limit: Int
    /// How many words match the filter in all.
    public var total: Int

    public init(words: [LibraryWord], page: Int, limit: Int, total: Int) {
        self.words = words
        self.page = page
        self.limit = limit
        self.total = total
    }

    public var pageCount: Int { max(1, (total + limit - 1) / limit) }
}

/// How the list is ordered.
public enum LibrarySort: String, Sendable, CaseIterable {
    /// Most recently added first.
    case added
    /// Alphabetical, case-insensitive.
    case alpha
}

/// What saving a word did.
public enum SaveOutcome: Sendable, Hashable {
    case added
    case updated
}

/// One looked-up word in the history.
public struct HistoryItem: Sendable, Hashable, Codable {
    public var word: String
    /// The language the lookup asked for, when it named one.
    public var language: Language?
    public var count: Int
    public var first: Date
    public var last: Date

    public init(word: String, language: Language?, count: Int, first: Date, last: Date) {
        self.word = word
        self.language = language
        self.count = count
        self.first = first
        self.last = last
    }
}
