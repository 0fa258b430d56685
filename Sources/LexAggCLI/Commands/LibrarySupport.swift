import Foundation
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLocalization

// What the library, history, suggest and random-browsing commands share: opening the library with errors that
// teach, asking the lookup service like `lookup` does, and the JSON they print.

extension CommandContext {
    /// Opens the user's library (`LEXAGG_DATA_DIR`, `$XDG_DATA_HOME/lexagg` or `~/.local/share/lexagg`), or the
    /// shared one in the database `store.url` names.
    func openLibrary() throws -> any LibraryStore {
        do {
            return try libraryStore()
        } catch where error.kind == .invalidInput {
            throw CommandFailure(status: .configuration, message: ErrorText.text(error))
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension CommandContext {
    /// The saved word `word` is a form of (`walked`: `walk`, which `library add walked` saved), by the offline
    /// lemmatizers; nil when none is saved (or the lookup service cannot be made).
    func savedLemma(of word: String, language: Language?, in library: any LibraryStore) async -> LibraryWord? {
        guard let query = try? LookupQuery(Normalization.nfc(word), language: language),
              let service = try? lookupService()
        else { return nil }
        for form in await service.lemmas(of: query) {
            if let saved = try? await library.word(form.lemma, language: language) { return saved }
        }
        return nil
    }
}

extension CommandContext {
    /// The saved words spelled as `word` is but for case (`PARIS`: *Paris* and *paris*), when there are several: a
    /// word looked up by spelling then finds none, as it cannot choose. Empty otherwise.
    func savedSpellings(of word: String, language: Language?, in library: any LibraryStore) async -> [LibraryWord] {
        let key = Library.foldedKey(Normalization.nfc(word))
        guard let found = try? await library.search(word, language: language, starredOnly: false, limit: 100) else { return [] }
        let same = found.filter { Library.foldedKey($0.word) == key }
        return same.count > 1 ? same : []
    }

    /// "'PARIS' is saved spelled several ways: Paris (en), paris (en); name one …", when it is; nil otherwise.
    func spelledSeveralWays(_ word: String, language: Language?, in library: any LibraryStore, verb: String) async -> String? {
        let spellings = await savedSpellings(of: word, language: language, in: library)
        guard let first = spellings.first else { return nil }
        let listed = spellings.map { "\($0.word) (\($0.language.code))" }.joined(separator: ", ")
        return localized(.librarySpelledSeveralWays, word, listed, verb, BinaryQuote.quote(first.word))
    }
}

extension CommandFailure {
    /// A library error as the user sees it: bad input is a usage error (64), a damaged, foreign or busy file 69.
    init(_ error: LibraryError) {
        switch error.kind {
        case .invalidInput, .noDataDirectory: self.init(status: .usage, message: ErrorText.text(error))
        default: self.init(status: .unavailable, message: ErrorText.text(error))
        }
    }
}

/// Counts a lookup in the history: one line appended to the lookup journal, which `lexagg history` counts into the
/// library (opening the library on every lookup cost about 5 ms). Never fails the lookup: a problem is one warning,
/// and the history is not kept without a data directory or with `LEXAGG_NO_HISTORY` set.
func recordLookupHistory(_ query: LookupQuery, found: Bool, context: CommandContext) {
    guard found, (context.environment["LEXAGG_NO_HISTORY"] ?? "").isEmpty,
          let directory = Library.dataDirectory(environment: context.environment)
    else { return }
    do {
        try HistoryJournal.append(query.term, language: query.language, directory: directory)
    } catch {
        context.warn(localized(.historyNotRecorded, ErrorText.text(error)))
    }
}

extension CommandContext {
    /// The lookup service's providers for defining words of `language` (and translating them into `target`), as
    /// `lookup` would choose them with the same flags: for `library add`, `random --define` and `suggest`.
    func definitions(
        language: Language?, providers: String? = nil, offline: Bool = false, target: Language? = nil,
        timeout: Duration? = nil
    ) async throws -> LookupService<ContinuousClock>.Definitions {
        let service = try lookupService()
        defer { reportRegistryProblems() }  // of the factories the choice of providers built
        let definitions = try await service.definitions(
            language: language, translatingTo: target,
            options: RequestOptions(providers: providerNames(providers), timeout: timeout, offline: offline, suggest: false)
        )
        for note in definitions.notes where note.kind == .skipped { warn(note.message) }
        return definitions
    }

    /// The lookup service's random-word providers for `language`, each call bounded by `timeout` (else the
    /// configured limits).
    func randomWords(language: Language, providers: String? = nil, timeout: Duration? = nil, offline: Bool = false) async throws
        -> LookupService<ContinuousClock>.RandomWords
    {
        let service = try lookupService()
        defer { reportRegistryProblems() }
        return try await service.randomWords(
            language: language, options: RequestOptions(providers: providerNames(providers), timeout: timeout, offline: offline)
        )
    }
}

extension LookupAnswer {
    /// Whether the entries give at least one definition.
    var hasDefinition: Bool {
        entries.contains { $0.allSenses.contains { !$0.definition.isEmpty } }
    }
}

/// One line about a saved word: star, word, language, part of speech, first definition.
func libraryLine(_ word: LibraryWord, style: TerminalStyle, width: Int = 100) -> String {
    // A saved entry's text came from a source (a dump, an import): its control characters are replaced before
    // styling, in a pipe too (`library list | less` reaches a terminal), as `lookup` and `library show` do.
    let safe = ControlCharacters.replaced
    var line = (word.starred ? style.warning("★") : " ") + " " + style.bold(safe(word.word)) + " " + style.dim("(\(word.language.code))")
    if let pos = word.partOfSpeech { line += "  " + style.italic(safe(partOfSpeechLabel(pos.name))) }
    if let definition = (word.firstDefinition ?? word.translationTexts.first).map(safe) {
        let short = definition.count > width ? String(definition.prefix(width - 1)) + "…" : definition
        line += " — " + short
    }
    return line
}


extension JSONOutput {
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
