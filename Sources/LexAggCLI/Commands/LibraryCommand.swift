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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "library",
            abstract: localized(.helpLibraryAbstract),
            discussion: localized(.helpLibraryDiscussion),
            subcommands: [
                LibraryAddCommand.self, LibraryListCommand.self, LibraryShowCommand.self, LibraryRemoveCommand.self,
                LibraryStarCommand.self, LibraryUnstarCommand.self, LibrarySearchCommand.self, LibraryExportCommand.self,
                LibraryImportCommand.self, LibraryDoctorCommand.self,
            ]
        )
    }
}

struct LibraryAddCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add",
            abstract: localized(.helpLibraryAddAbstract),
            discussion: localized(.helpLibraryAddDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpLibraryAddWords)))
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryAddLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryAddTo), valueName: "code"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryAddProviders), valueName: "ids"))
    var providers: String?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLibraryAddOffline)))
    var offline = false

    @Flag(name: .customLong("all-languages"), help: ArgumentHelp(localized(.helpLibraryAddAllLanguages)))
    var allLanguages = false

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard !words.isEmpty else { throw CommandFailure.usage(localized(.libraryAddNeedsWord)) }
        // The language as `lookup` takes it: --lang, else the configured lookup.language.
        let language = try lang.map { try parseLanguage($0) } ?? context.settings.language
        let target = try to.map { try parseLanguage($0, option: "--to") }
        if target != nil && language == nil { throw CommandFailure.usage(localized(.libraryToNeedsLang)) }
        // `--to` the words' own language translates nothing (as `translate --from de --to de` is refused).
        if let target, let language, target.matches(language) {
            throw CommandFailure.usage(ErrorText.text(QueryError.sameLanguage(language)))
        }
        var queries: [LookupQuery] = []
        for word in words {
            do { queries.append(try LookupQuery(Normalization.nfc(word), language: language)) } catch {
                throw CommandFailure.usage(localized(.libraryInvalidWord, ErrorText.text(error)))
            }
        }
        let service = try context.lookupService()
        defer { context.reportRegistryProblems() }  // of the factories the choice of providers built
        let saver = try await WordSaver(
            service: service, language: language, translatingTo: target,
            options: RequestOptions(providers: providerNames(providers), offline: offline, readerLanguages: context.readerLanguages),
            allLanguages: allLanguages
        )
        for note in saver.definitions.notes where note.kind == .skipped { context.warn(note.message) }
        // A direction nothing here translates: said, rather than saving the words without translations in silence.
        if let target, let language, saver.definitions.translatorIDs.isEmpty {
            context.warn(localized(.libraryNoTranslator, language.displayName, target.displayName))
        }
        let library = try context.openLibrary()
        defer { library.close() }
        var results: [JSONOutput.LibraryAddDocument.Result] = []
        var status = ExitStatus.success
        // Standard output gone (`library add … | head`): the words asked for are still saved, told to nobody, and the
        // command then ends with 74 as any whose output closed. The closing stops the telling, not the saving.
        var outputClosed = false
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
                    // The providers that answered "not found" (those that failed were warned about above).
                    let answered = result.outcomes.filter { $0.status == .empty }
                    let asked = (answered.isEmpty ? result.outcomes : answered).map(\.provider.rawValue).joined(separator: ", ")
                    context.fail(failed ? localized(.libraryAddAllFailed, query.term)
                                        : localized(.libraryAddNoEntry, query.term, asked))
                }
                continue
            }
            if format == .text {
                let form = saved.lemma.map { " — \(query.term): \(lemmaSummary($0))" } ?? ""
                var counts = [localized(.librarySenses, count: saved.senses)]
                if saved.translations > 0 { counts.append(localized(.libraryTranslations, count: saved.translations)) }
                let verb = localized(saved.status == .added ? .libraryAdded : .libraryUpdated)
                let line = localized(
                    .librarySavedCounts, verb, word.word, wordLanguage.code, counts.joined(separator: ", "),
                    word.sources.map(\.rawValue).joined(separator: ", "), form
                ) + "\n"
                if !outputClosed { outputClosed = !context.output.attempt(line, error: false) }
            }
        }
        if outputClosed { return .ioError }
        if format == .json { context.output.write(JSONOutput.encode(JSONOutput.LibraryAddDocument(results: results))) }
        return status
    }
}

struct LibraryListCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "list",
            abstract: localized(.helpLibraryListAbstract),
            discussion: localized(.helpLibraryListDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryListLang), valueName: "code"))
    var lang: String?

    @Flag(name: [.customLong("favorites"), .customLong("favourites")], help: ArgumentHelp(localized(.helpLibraryListFavorites)))
    var favorites = false

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryListSort)))
    var sort: LibrarySortOption = .added

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLibraryListPage), valueName: "n"))
    var page: Int = 1

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLibraryListLimit), valueName: "n"))
    var limit: Int = 20

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "show",
            abstract: localized(.helpLibraryShowAbstract),
            discussion: localized(.helpLibraryShowDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpLibraryShowWord)))
    var word: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryShowLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let language = try lang.map { try parseLanguage($0) }
        let library = try context.openLibrary()
        defer { library.close() }
        let found: LibraryWord?
        do { found = try await library.word(word, language: language) } catch { throw CommandFailure(error) }
        if format == .json {
            let spellings = found != nil ? [] : await context.savedSpellings(of: word, language: language, in: library)
            context.output.write(JSONOutput.encode(JSONOutput.LibraryWordDocument(
                command: "library show", found: found != nil, word: found.map { JSONOutput.SavedWord($0, full: true) },
                spellings: spellings.map { ($0.word, $0.language.code) }
            )))
        }
        guard let found else {
            if format == .text {
                if let several = await context.spelledSeveralWays(word, language: language, in: library, verb: "show") {
                    context.output.writeError(several + "\n")
                } else if let saved = await context.savedLemma(of: word, language: language, in: library) {
                    context.output.writeError(localized(.libraryNotSavedButLemma, word, saved.word, BinaryQuote.quote(saved.word)) + "\n")
                } else {
                    context.output.writeError(localized(.libraryNotSavedAddIt, word, BinaryQuote.quote(word)) + "\n")
                }
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
            let spellings = changed != nil ? [] : await context.savedSpellings(of: word, language: language, in: library)
            context.output.write(JSONOutput.encode(JSONOutput.LibraryWordDocument(
                command: "library \(verb)", found: changed != nil, word: changed.map { JSONOutput.SavedWord($0) },
                spellings: spellings.map { ($0.word, $0.language.code) }
            )))
        case .text:
            if let changed {
                let done: L10nKey = verb == "remove" ? .libraryRemoved : verb == "star" ? .libraryStarred : .libraryUnstarred
                context.output.write(localized(done, changed.word, changed.language.code) + "\n")
            } else if let several = await context.spelledSeveralWays(word, language: language, in: library, verb: verb) {
                context.output.writeError(several + "\n")
            } else if let saved = await context.savedLemma(of: word, language: language, in: library) {
                // `library add walked` saved `walk`: say so, and what to type.
                context.output.writeError(localized(.libraryNotSavedButLemmaVerb, word, saved.word, verb, BinaryQuote.quote(saved.word)) + "\n")
            } else {
                context.output.writeError(localized(.libraryNotSaved, word) + "\n")
            }
        }
        return changed == nil ? .notFound : .success
    }
}

struct LibraryRemoveCommand: ParsableCommand, LibraryWordChange {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "remove", abstract: localized(.helpLibraryRemoveAbstract),
            discussion: localized(.helpLibraryRemoveDiscussion)
        )
    }
    @Argument(help: ArgumentHelp(localized(.helpLibraryShowWord))) var word: String
    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryShowLang), valueName: "code")) var lang: String?
    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat))) var format: OutputFormat = .text
    var verb: String { "remove" }
    func apply(_ library: any LibraryStore, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await library.remove(word, language: language)
    }
}

struct LibraryStarCommand: ParsableCommand, LibraryWordChange {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "star", abstract: localized(.helpLibraryStarAbstract),
            discussion: localized(.helpLibraryStarDiscussion)
        )
    }
    @Argument(help: ArgumentHelp(localized(.helpLibraryShowWord))) var word: String
    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryShowLang), valueName: "code")) var lang: String?
    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat))) var format: OutputFormat = .text
    var verb: String { "star" }
    func apply(_ library: any LibraryStore, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await library.setStarred(true, word, language: language)
    }
}

struct LibraryUnstarCommand: ParsableCommand, LibraryWordChange {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "unstar", abstract: localized(.helpLibraryUnstarAbstract),
            discussion: localized(.helpLibraryUnstarDiscussion)
        )
    }
    @Argument(help: ArgumentHelp(localized(.helpLibraryShowWord))) var word: String
    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryShowLang), valueName: "code")) var lang: String?
    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat))) var format: OutputFormat = .text
    var verb: String { "unstar" }
    func apply(_ library: any LibraryStore, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await library.setStarred(false, word, language: language)
    }
}

struct LibrarySearchCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "search",
            abstract: localized(.helpLibrarySearchAbstract),
            discussion: localized(.helpLibrarySearchDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpLibrarySearchText)))
    var text: [String] = []

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryListLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLibrarySearchLimit), valueName: "n"))
    var limit: Int = 20

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export",
            abstract: localized(.helpLibraryExportAbstract),
            discussion: localized(.helpLibraryExportDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryExportFormat)))
    var format: LibraryFormatOption = .json

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryExportOutput), valueName: "file"))
    var output: String?

    func run(in context: CommandContext) async throws -> ExitStatus {
        let library = try context.openLibrary()
        defer { library.close() }
        let words: [LibraryWord]
        do { words = try await library.allWords() } catch { throw CommandFailure(error) }
        let text = LibraryExporter.export(words, as: format.format)
        // `--output -` is standard output, as `-` is standard input elsewhere (it wrote a file named `-`).
        guard let output, output != "-" else {
            // On a terminal the export is read, not kept: a saved entry's escape sequences (a colour, which the
            // output filter lets through as lexagg's own) are replaced, as `library show` replaces them. A pipe or
            // `--output` gets the entries as saved.
            context.output.write(context.output.isTerminal ? ControlCharacters.replaced(text) : text)
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
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: localized(.helpLibraryImportAbstract),
            discussion: localized(.helpLibraryImportDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpLibraryImportFile)))
    var file: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpLibraryImportLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let language = try lang.map { try parseLanguage($0) } ?? .english
        guard let data = FileManager.default.contents(atPath: file) else {
            // Why: not there, a directory, no permission.
            var info = stat()
            let reason = stat(file, &info) != 0 ? String(cString: strerror(errno))
                : (info.st_mode & S_IFMT) == S_IFDIR ? String(cString: strerror(EISDIR))
                : access(file, R_OK) != 0 ? String(cString: strerror(errno)) : nil
            throw CommandFailure.usage(reason.map { localized(.cannotReadBecause, file, $0) } ?? localized(.cannotRead, file))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure.usage(localized(.notUTF8, file))
        }
        let parsed: (format: LibraryFormat, words: [LibraryWord])
        do { parsed = try LibraryImporter.parse(text, defaultLanguage: language) } catch {
            throw CommandFailure.usage("\(file): \(ErrorText.text(error))")
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
                localized(.libraryImported, file, "\(summary.format)", summary.added, summary.merged, summary.unchanged) + "\n"
            )
        }
        return .success
    }
}

struct LibraryDoctorCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "doctor",
            abstract: localized(.helpLibraryDoctorAbstract),
            discussion: localized(.helpLibraryDoctorDiscussion)
        )
    }

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLibraryDoctorRepair)))
    var repair = false

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
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
