import ArgumentParser
import LexAggLocalization
import Foundation
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLibraryUseCases

struct LibraryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Your saved words: add, list, star, search, export to Anki, import.",
        discussion: """
            Words are saved with everything the dictionaries said (senses, pronunciations, translations, sources), so \
            'library show' works offline. The library is one SQLite file in LEXAGG_DATA_DIR, else \
            $XDG_DATA_HOME/lexagg, else ~/.local/share/lexagg. A word is kept as typed (case matters: German \
            'Essen' and 'essen' are two words); show, remove and star also find it in any case.

            Examples:
              lexagg library add serendipity
              lexagg library add Haus --lang de --to en
              lexagg library star serendipity
              lexagg library list --favorites
              lexagg library search cafe
              lexagg library export --format anki --output words.txt
              lexagg library import words.txt
            """,
        subcommands: [
            LibraryAddCommand.self, LibraryListCommand.self, LibraryShowCommand.self, LibraryRemoveCommand.self,
            LibraryStarCommand.self, LibraryUnstarCommand.self, LibrarySearchCommand.self, LibraryExportCommand.self,
            LibraryImportCommand.self, LibraryDoctorCommand.self,
        ]
    )
}

struct LibraryAddCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Look words up and save what the dictionaries say.",
        discussion: """
            Each argument is one word (quote phrases: "ice cream"). Adding a word again replaces its entries with \
            a fresh lookup; it is never saved twice. A word no provider knows is not saved (exit 1). Each word is \
            saved in its own transaction and reported as soon as it is safe on disk.

            Examples:
              lexagg library add serendipity
              lexagg library add house tree "ice cream"
              lexagg library add Haus --lang de --to en
              lexagg library add bank --offline --format json
              lexagg library add walked          (saved as 'walk', the form noted)

            Only the entries in the word's language are saved (--lang, else the language of the first entry; \
            your learner.languages come first); --all-languages keeps every language's entries.
            """
    )

    @Argument(help: "The words to save.")
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp("Language of the words (ISO 639 code; default: what the dictionaries say, else en).", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp("Also save translations into this language.", valueName: "code"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp("Comma-separated provider ids to ask.", valueName: "ids"))
    var providers: String?

    @Flag(name: .long, help: "Make no network request: offline dictionaries and cached answers, as 'lookup --offline'.")
    var offline = false

    @Flag(name: .customLong("all-languages"), help: "Save the entries of every language a dictionary gives, not only the word's.")
    var allLanguages = false

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard !words.isEmpty else { throw CommandFailure.usage(localized(.libraryAddNeedsWord)) }
        // The language as `lookup` takes it: --lang, else the configured lookup.language.
        let language = try lang.map { try parseLanguage($0) } ?? context.settings.language
        let target = try to.map { try parseLanguage($0, option: "--to") }
        if target != nil && language == nil { throw CommandFailure.usage(localized(.libraryToNeedsLang)) }
        var queries: [LookupQuery] = []
        for word in words {
            do { queries.append(try LookupQuery(Normalization.nfc(word), language: language)) } catch {
                throw CommandFailure.usage(localized(.libraryInvalidWord, "\(error)"))
            }
        }
        let service = try context.lookupService()
        context.reportRegistryProblems()
        let saver = try await WordSaver(
            service: service, language: language, translatingTo: target,
            options: RequestOptions(providers: providerNames(providers), offline: offline, readerLanguages: context.readerLanguages),
            allLanguages: allLanguages
        )
        for note in saver.definitions.notes where note.kind == .skipped { context.warn(note.message) }
        let library = try context.openLibrary()
        defer { library.close() }
        var results: [JSONOutput.LibraryAddDocument.Result] = []
        var status = ExitStatus.success
        for query in queries {
            try Task.checkCancellation()
            let saved: SavedWordOutcome
            do { saved = try await saver.save(query, in: library) } catch { throw CommandFailure(error) }
            results.append(JSONOutput.LibraryAddDocument.Result(saved))
            guard let word = saved.word, let wordLanguage = saved.language else {
                let failed = saved.status == .failed
                if failed { status = .unavailable } else if status == .success { status = .notFound }
                if format == .text {
                    let result = saved.answer.result
                    context.warn(about: result)
                    let asked = result.outcomes.map(\.provider.rawValue).joined(separator: ", ")
                    context.fail(failed ? localized(.libraryAddAllFailed, query.term)
                                        : localized(.libraryAddNoEntry, query.term, asked))
                }
                continue
            }
            if format == .text {
                let form = saved.lemma.map { " — \(query.term): \($0.summary)" } ?? ""
                var counts = [localized(.librarySenses, count: saved.senses)]
                if saved.translations > 0 { counts.append(localized(.libraryTranslations, count: saved.translations)) }
                let verb = localized(saved.status == .added ? .libraryAdded : .libraryUpdated)
                context.output.write(localized(
                    .librarySavedCounts, verb, word.word, wordLanguage.code, counts.joined(separator: ", "),
                    word.sources.map(\.rawValue).joined(separator: ", "), form
                ) + "\n")
            }
        }
        if format == .json { context.output.write(JSONOutput.encode(JSONOutput.LibraryAddDocument(results: results))) }
        return status
    }
}

struct LibraryListCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List saved words, a page at a time; ★ marks favourites.",
        discussion: """
            Examples:
              lexagg library list
              lexagg library list --favorites --sort alpha
              lexagg library list --lang de --page 2 --limit 50
            """
    )

    @Option(name: .long, help: ArgumentHelp("Only words in this language.", valueName: "code"))
    var lang: String?

    @Flag(name: [.customLong("favorites"), .customLong("favourites")], help: "Only starred words.")
    var favorites = false

    @Option(name: .long, help: "added: newest first; alpha: alphabetical.")
    var sort: LibrarySortOption = .added

    @Option(name: .long, help: ArgumentHelp("Page number, from 1.", valueName: "n"))
    var page: Int = 1

    @Option(name: .long, help: ArgumentHelp("Words per page (1–1000).", valueName: "n"))
    var limit: Int = 20

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard page >= 1 else { throw CommandFailure.usage(localized(.pageTooSmall, page)) }
        guard (1...1000).contains(limit) else { throw CommandFailure.usage(localized(.limitOutOfRange, limit)) }
        let language = try lang.map { try parseLanguage($0) }
        let library = try context.openLibrary()
        defer { library.close() }
        let result: LibraryPage
        do {
            result = try await library.list(
                language: language, starredOnly: favorites, sort: sort == .alpha ? .alpha : .added, page: page, limit: limit
            )
        } catch { throw CommandFailure(error) }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LibraryListDocument(command: "library list", page: result)))
        case .text:
            if result.total == 0 {
                context.output.write(
                    favorites || language != nil
                        ? localized(.libraryListNoMatch) + "\n"
                        : localized(.libraryListEmpty) + "\n"
                )
                return .success
            }
            for word in result.words { context.output.write(libraryLine(word, style: context.style) + "\n") }
            var footer = localized(.libraryPageOf, result.page, result.pageCount) + " · "
                + localized(.wordCount, count: result.total)
            if result.words.isEmpty { footer += localized(.libraryNothingOnPage) }
            if result.page < result.pageCount { footer += localized(.libraryNextPage, result.page + 1) }
            context.output.write(context.style.dim(footer) + "\n")
        }
        return .success
    }
}

enum LibrarySortOption: String, ExpressibleByArgument, CaseIterable {
    case added
    case alpha
}

struct LibraryShowCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a saved word's full dictionary entry (works offline).",
        discussion: """
            Examples:
              lexagg library show serendipity
              lexagg library show Haus --lang de --format json
            """
    )

    @Argument(help: "The saved word.")
    var word: String

    @Option(name: .long, help: ArgumentHelp("Its language, when saved in several.", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let language = try lang.map { try parseLanguage($0) }
        let library = try context.openLibrary()
        defer { library.close() }
        let found: LibraryWord?
        do { found = try await library.word(word, language: language) } catch { throw CommandFailure(error) }
        if format == .json {
            context.output.write(JSONOutput.encode(JSONOutput.LibraryWordDocument(
                command: "library show", found: found != nil, word: found.map { JSONOutput.SavedWord($0, full: true) }
            )))
        }
        guard let found else {
            if format == .text {
                context.output.writeError(localized(.libraryNotSavedAddIt, word, BinaryQuote.quote(word)) + "\n")
            }
            return .notFound
        }
        if format == .text {
            let renderer = TextRenderer(
                style: context.style,
                names: Dictionary(context.registry.providers.map { ($0.descriptor.id, $0.descriptor.displayName) }) { a, _ in a }
            )
            let header = (found.starred ? localized(.libraryShowStarred) : "") + localized(.libraryShowSaved, dayString(found.added))
                + (found.updated > found.added ? localized(.libraryShowUpdated, dayString(found.updated)) : "")
            context.output.write(context.style.dim(header) + "\n\n")
            context.output.write(renderer.render(AggregatedResult(entries: found.entries, outcomes: [])))
        }
        return .success
    }
}

/// Quotes a word for a shell command hint only when it needs it.
enum BinaryQuote {
    static func quote(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } ? text
            : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// remove, star and unstar: find one saved word and change it.
protocol LibraryWordChange: ContextCommand {
    var word: String { get }
    var lang: String? { get }
    var format: OutputFormat { get }
    var verb: String { get }
    func apply(_ library: any LibraryStore, language: Language?) async throws(LibraryError) -> LibraryWord?
}

extension LibraryWordChange {
    func run(in context: CommandContext) async throws -> ExitStatus {
        let language = try lang.map { try parseLanguage($0) }
        let library = try context.openLibrary()
        defer { library.close() }
        let changed: LibraryWord?
        do { changed = try await apply(library, language: language) } catch { throw CommandFailure(error) }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LibraryWordDocument(
                command: "library \(verb)", found: changed != nil, word: changed.map { JSONOutput.SavedWord($0) }
            )))
        case .text:
            if let changed {
                let done: L10nKey = verb == "remove" ? .libraryRemoved : verb == "star" ? .libraryStarred : .libraryUnstarred
                context.output.write(localized(done, changed.word, changed.language.code) + "\n")
            } else {
                context.output.writeError(localized(.libraryNotSaved, word) + "\n")
            }
        }
        return changed == nil ? .notFound : .success
    }
}

struct LibraryRemoveCommand: ParsableCommand, LibraryWordChange {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a saved word.",
        discussion: "Example:\n  lexagg library remove serendipity"
    )
    @Argument(help: "The saved word.") var word: String
    @Option(name: .long, help: ArgumentHelp("Its language, when saved in several.", valueName: "code")) var lang: String?
    @Option(name: .long, help: "Output format.") var format: OutputFormat = .text
    var verb: String { "remove" }
    func apply(_ library: any LibraryStore, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await library.remove(word, language: language)
    }
}

struct LibraryStarCommand: ParsableCommand, LibraryWordChange {
    static let configuration = CommandConfiguration(
        commandName: "star", abstract: "Mark a saved word as a favourite (★).",
        discussion: "Example:\n  lexagg library star serendipity\n  lexagg library list --favorites"
    )
    @Argument(help: "The saved word.") var word: String
    @Option(name: .long, help: ArgumentHelp("Its language, when saved in several.", valueName: "code")) var lang: String?
    @Option(name: .long, help: "Output format.") var format: OutputFormat = .text
    var verb: String { "star" }
    func apply(_ library: any LibraryStore, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await library.setStarred(true, word, language: language)
    }
}

struct LibraryUnstarCommand: ParsableCommand, LibraryWordChange {
    static let configuration = CommandConfiguration(
        commandName: "unstar", abstract: "Remove a word's favourite mark.",
        discussion: "Example:\n  lexagg library unstar serendipity"
    )
    @Argument(help: "The saved word.") var word: String
    @Option(name: .long, help: ArgumentHelp("Its language, when saved in several.", valueName: "code")) var lang: String?
    @Option(name: .long, help: "Output format.") var format: OutputFormat = .text
    var verb: String { "unstar" }
    func apply(_ library: any LibraryStore, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await library.setStarred(false, word, language: language)
    }
}

struct LibrarySearchCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search saved words, their translations and definitions.",
        discussion: """
            Case and accents are ignored and each word of the text matches word beginnings ("cafe" finds "Café", \
            "hous" finds "house"); the best matches come first (a match in the word itself counts most).

            Examples:
              lexagg library search haus
              lexagg library search "living quarters" --lang en
            """
    )

    @Argument(help: "What to look for.")
    var text: [String] = []

    @Option(name: .long, help: ArgumentHelp("Only words in this language.", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp("The most results to show (1–1000).", valueName: "n"))
    var limit: Int = 20

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let query = text.joined(separator: " ")
        guard query.contains(where: { $0.isLetter || $0.isNumber }) else {
            throw CommandFailure.usage(localized(.librarySearchNeedsText))
        }
        guard (1...1000).contains(limit) else { throw CommandFailure.usage(localized(.limitOutOfRange, limit)) }
        let language = try lang.map { try parseLanguage($0) }
        let library = try context.openLibrary()
        defer { library.close() }
        let words: [LibraryWord]
        do { words = try await library.search(query, language: language, starredOnly: false, limit: limit) } catch { throw CommandFailure(error) }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LibrarySearchDocument(query: query, words: words)))
        case .text:
            if words.isEmpty { context.output.writeError(localized(.librarySearchNoMatch, query) + "\n") }
            for word in words { context.output.write(libraryLine(word, style: context.style) + "\n") }
        }
        return words.isEmpty ? .notFound : .success
    }
}

struct LibraryExportCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the library as lexagg JSON, CSV or an Anki text file.",
        discussion: """
            json keeps everything and imports back exactly; csv is for spreadsheets (RFC 4180); anki is Anki's \
            'Import File' text format with the fields Word, Definition, Examples, IPA, Translation, Sources and \
            Tags (lang::CODE, starred).

            Examples:
              lexagg library export --format anki --output words.txt
              lexagg library export --format json > library.json
              lexagg library export --format csv --output words.csv
            """
    )

    @Option(name: .long, help: "File format: json, csv or anki.")
    var format: LibraryFormatOption = .json

    @Option(name: .long, help: ArgumentHelp("Write to this file instead of standard output: a regular file is replaced atomically (mode 0600); a link or device is written in place.", valueName: "file"))
    var output: String?

    func run(in context: CommandContext) async throws -> ExitStatus {
        let library = try context.openLibrary()
        defer { library.close() }
        let words: [LibraryWord]
        do { words = try await library.allWords() } catch { throw CommandFailure(error) }
        let text = LibraryExporter.export(words, as: format.format)
        guard let output else {
            context.output.write(text)
            return .success
        }
        do {
            try UserFile.write(Array(text.utf8), to: output)
        } catch {
            throw CommandFailure(status: error.refused ? .usage : .ioError, message: error.description)
        }
        context.output.writeError(localized(.libraryExported, count: words.count, output, format.rawValue) + "\n")
        return .success
    }
}

enum LibraryFormatOption: String, ExpressibleByArgument, CaseIterable {
    case json, csv, anki

    var format: LibraryFormat {
        switch self {
        case .json: .json
        case .csv: .csv
        case .anki: .anki
        }
    }
}

struct LibraryImportCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import words exported by lexagg (JSON, CSV) or an Anki text file.",
        discussion: """
            The format is detected. Words already saved are merged, never doubled: starred if either copy is, \
            and entries they lack are added. The whole file is imported in one transaction: on any error \
            (with its line number for CSV) nothing is imported.

            Examples:
              lexagg library import words.txt
              lexagg library import library.json --format json
            """
    )

    @Argument(help: "The file to import.")
    var file: String

    @Option(name: .long, help: ArgumentHelp("Language of Anki rows without a lang:: tag (default en).", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let language = try lang.map { try parseLanguage($0) } ?? .english
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CommandFailure.usage(localized(.cannotRead, file))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure.usage(localized(.notUTF8, file))
        }
        let parsed: (format: LibraryFormat, words: [LibraryWord])
        do { parsed = try LibraryImporter.parse(text, defaultLanguage: language) } catch {
            throw CommandFailure.usage("\(file): \(error.message)")
        }
        let library = try context.openLibrary()
        defer { library.close() }
        let summary: ImportSummary
        do { summary = try await library.importWords(parsed.words, format: parsed.format, at: Date()) } catch { throw CommandFailure(error) }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LibraryImportDocument(file: file, summary: summary)))
        case .text:
            context.output.write(
                localized(.libraryImported, file, summary.format, summary.added, summary.merged, summary.unchanged) + "\n"
            )
        }
        return .success
    }
}

struct LibraryDoctorCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the library file and explain how to recover a damaged one.",
        discussion: """
            Reads the file without changing it (SQLite's integrity check). With --repair, a damaged library is moved \
            aside (kept as library.sqlite.damaged-<time>) and every word that can still be read is copied into a \
            new library. Exit 0 when healthy, 69 when damaged or not a lexagg library.

            Examples:
              lexagg library doctor
              lexagg library doctor --repair
            """
    )

    @Flag(name: .long, help: "Copy what can be read into a new library, keeping the damaged file.")
    var repair = false

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        if context.configuredStoreURL != nil {
            // The library is not a file here: the server keeps it whole (transactions, its own recovery).
            throw CommandFailure.usage(
                localized(.libraryDoctorShared)
            )
        }
        guard let directory = Library.dataDirectory(environment: context.environment) else {
            throw CommandFailure.usage(localized(.libraryNoDataDirectory))
        }
        let path = directory + "/" + Library.fileName
        var diagnosis = Library.diagnose(path: path)
        var report: RepairReport?
        if repair && (diagnosis.state == .corrupt) {
            do { report = try Library.repair(path: path) } catch { throw CommandFailure(error) }
            diagnosis = Library.diagnose(path: path)
        }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.DoctorDocument(diagnosis: diagnosis, repair: report)))
        case .text:
            var out = localized(.libraryDoctorPath, path) + "\n"
            if let report {
                out += localized(.libraryRepaired, count: report.recovered)
                    + (report.recoveredByName > 0 ? localized(.libraryRepairedByName, report.recoveredByName) : "")
                    + (report.unreadable > 0 ? localized(.libraryRepairedUnreadable, report.unreadable) : "")
                    + localized(.libraryRepairedKept, report.damagedCopy) + "\n"
            }
            out += localized(.libraryDoctorState, diagnosis.state.rawValue, diagnosis.detail) + "\n"
            if let words = diagnosis.words { out += localized(.libraryDoctorWords, words, diagnosis.schemaVersion ?? 0) + "\n" }
            for backup in diagnosis.backups { out += localized(.libraryDoctorBackup, backup) + "\n" }
            for line in diagnosis.advice { out += line + "\n" }
            if repair && report == nil && diagnosis.state == .foreign {
                out += localized(.libraryRepairForeign) + "\n"
            }
            context.output.write(out)
        }
        return diagnosis.state == .healthy || diagnosis.state == .missing ? .success : .unavailable
    }
}
