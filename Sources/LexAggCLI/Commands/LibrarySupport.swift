import Foundation
import LexAggAggregation
import LexAggCore
import LexAggLibrary

// What the library, history, suggest and random-browsing commands share: opening the library with errors that
// teach, looking words up through the aggregator like `lookup` does, and the JSON they print.

extension CommandContext {
    /// Opens the user's library (`LEXAGG_DATA_DIR`, `$XDG_DATA_HOME/lexagg` or `~/.local/share/lexagg`).
    func openLibrary() throws -> Library {
        guard let directory = Library.dataDirectory(environment: environment) else {
            throw CommandFailure.usage("no data directory for the library: set LEXAGG_DATA_DIR (or HOME)")
        }
        do {
            return try Library.open(directory: directory)
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension CommandFailure {
    /// A library error as the user sees it: bad input is a usage error (64), a damaged, foreign or busy file 69.
    init(_ error: LibraryError) {
        switch error.kind {
        case .invalidInput, .noDataDirectory: self.init(status: .usage, message: error.message)
        default: self.init(status: .unavailable, message: error.message)
        }
    }
}

/// Counts a lookup in the history. Never fails the lookup: a problem is one warning, and the history is not kept
/// without a data directory or with `LEXAGG_NO_HISTORY` set. It waits at most 0.2 s for another process's write.
func recordLookupHistory(_ query: LookupQuery, found: Bool, context: CommandContext) {
    guard found, (context.environment["LEXAGG_NO_HISTORY"] ?? "").isEmpty,
          let directory = Library.dataDirectory(environment: context.environment)
    else { return }
    do {
        let library = try Library.open(directory: directory, busyTimeout: 0.2)
        defer { library.close() }
        try library.recordLookup(query.term, language: query.language)
    } catch {
        context.warn("the lookup was not added to the history: \(error)")
    }
}

/// Looks words up through the aggregator the way `lookup` does, for `library add`, `random --define` and `suggest`.
struct WordLookup {
    var definers: [any DefinitionProviding]
    var translators: [any TranslationProviding] = []
    var target: Language?
    var aggregator = Aggregator(options: AggregationOptions(strategy: .merge))

    /// Chooses the providers: those named, or every available one that defines `language`; with `offline`, only
    /// those that need no network.
    static func make(
        context: CommandContext, language: Language?, providers names: String?, offline: Bool, target: Language? = nil
    ) async throws -> WordLookup {
        context.reportRegistryProblems()
        let registry = context.registry
        var definers: [any DefinitionProviding]
        if let names = providerNames(names) {
            let selection: [any DictionaryProvider]
            do { selection = try registry.resolve(names) } catch { throw CommandFailure.usage(error.description) }
            definers = selection.compactMap { $0 as? any DefinitionProviding }
            if definers.isEmpty { throw CommandFailure.usage("\(names.joined(separator: ", ")) cannot look words up") }
        } else {
            let candidates = registry.definers(for: language).filter {
                $0.descriptor.capabilities.contains(.define) && (language != nil || !$0.descriptor.requiresCredentials)
                    && (!offline || !$0.descriptor.requiresNetwork)
            }
            definers = []
            for provider in candidates {
                if case .available = await provider.availability() { definers.append(provider) }
            }
            if definers.isEmpty {
                if let language, candidates.isEmpty {
                    throw CommandFailure.usage(
                        "no\(offline ? " offline" : "") provider defines \(language.englishName) words"
                            + (Language.isKnown(language) ? "" : " (is '\(language.code)' an ISO 639 code? e.g. en, de, fr, es)")
                    )
                }
                throw CommandFailure(status: .unavailable, message: "no dictionary is usable; see 'lexagg providers'")
            }
        }
        if offline { definers = definers.filter { !$0.descriptor.requiresNetwork } }
        var lookup = WordLookup(definers: definers, target: target)
        if let target, let source = language {
            let pair = LanguagePair(source: source, target: target)
            for provider in registry.translators(for: pair) where !offline || !provider.descriptor.requiresNetwork {
                if case .available = await provider.availability() { lookup.translators.append(provider) }
            }
        }
        return lookup
    }

    /// The entries for `query` (merged across providers like `lookup`), and every provider's outcome.
    func entries(for query: LookupQuery) async -> (entries: [Entry], result: AggregatedResult) {
        var result = await aggregator.define(query, using: definers)
        if let target, let source = query.language, !translators.isEmpty,
           let translation = try? TranslationQuery(query.term, from: source, to: target)
        {
            let translated = await aggregator.translate(translation, using: translators)
            result.entries += translated.entries
            result.outcomes += translated.outcomes
        }
        var entries = result.entries.filter { !$0.isEmpty }
        if Set(entries.map(\.provenance.provider)).count > 1 {
            entries = SenseMerger().merge(entries, query: query.term).entries
        }
        return (entries, result)
    }

    /// Whether the entries give at least one definition.
    static func hasDefinition(_ entries: [Entry]) -> Bool {
        entries.contains { $0.allSenses.contains { !$0.definition.isEmpty } }
    }
}

/// One line about a saved word: star, word, language, part of speech, first definition.
func libraryLine(_ word: LibraryWord, style: TerminalStyle, width: Int = 100) -> String {
    var line = (word.starred ? style.warning("★") : " ") + " " + style.bold(word.word) + " " + style.dim("(\(word.language.code))")
    if let pos = word.partOfSpeech { line += "  " + style.italic(pos.name) }
    if let definition = word.firstDefinition ?? word.translationTexts.first {
        let short = definition.count > width ? String(definition.prefix(width - 1)) + "…" : definition
        line += " — " + short
    }
    return line
}

/// "2026-11-21" for a date (UTC).
func dayString(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
}

extension JSONOutput {
    /// A saved word in JSON output.
    struct SavedWord: Encodable {
        var word: String
        var language: Language
        var starred: Bool
        var added: Date
        var updated: Date
        var partOfSpeech: String?
        var definition: String?
        var translations: [String]
        var sources: [ProviderID]
        var entries: [Entry]?

        init(_ word: LibraryWord, full: Bool = false) {
            self.word = word.word
            language = word.language
            starred = word.starred
            added = word.added
            updated = word.updated
            partOfSpeech = word.partOfSpeech?.name
            definition = word.firstDefinition
            translations = word.translationTexts
            sources = word.sources
            entries = full ? word.entries : nil
        }
    }

    struct LibraryListDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command: String
        var page: Int
        var pageCount: Int
        var limit: Int
        var total: Int
        var words: [SavedWord]
    }

    struct LibraryWordDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command: String
        var found: Bool
        var word: SavedWord?
    }

    struct LibraryAddDocument: Encodable {
        struct Result: Encodable {
            var word: String
            var language: Language?
            /// `added`, `updated`, `notFound` or `failed`.
            var status: String
            var senses: Int
            var sources: [ProviderID]
            var outcomes: [Outcome]
        }

        var schemaVersion = JSONOutput.schemaVersion
        var command = "library add"
        var results: [Result]
    }

    struct LibrarySearchDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "library search"
        var query: String
        var words: [SavedWord]
    }

    struct LibraryImportDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "library import"
        var file: String
        var summary: ImportSummary
    }

    struct HistoryDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "history"
        var lookups: [HistoryItem]
    }

    struct SuggestDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "suggest"
        var date: String
        var language: Language
        var word: String
        var partOfSpeech: String?
        var definition: String?
        var inLibrary: Bool
        var notified: Bool
    }

    struct RandomBrowseDocument: Encodable {
        struct Word: Encodable {
            var word: String
            var partOfSpeech: String?
            var definition: String?
            var saved: Bool?
        }

        var schemaVersion = JSONOutput.schemaVersion
        var command = "random"
        var language: Language
        var page: Int?
        var words: [Word]
        var skipped: [String]
        var providers: [ProviderID]
    }

    struct DoctorDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "library doctor"
        var diagnosis: LibraryDiagnosis
        var repair: RepairReport?
    }
}
