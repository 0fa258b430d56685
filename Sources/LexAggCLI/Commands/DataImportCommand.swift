import ArgumentParser
import Dispatch
import Foundation
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggWiktextract
import LexAggLocalization

/// `lexagg data import wiktextract FILE`: turn a kaikki.org dump into a local provider.
struct DataImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import",
            abstract: localized(.helpDataImportAbstract),
            subcommands: [DataImportWiktextractCommand.self]
        )
    }
}

struct DataImportWiktextractCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "wiktextract",
            abstract: localized(.helpDataImportWiktextractAbstract),
            discussion: localized(.helpDataImportWiktextractDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpDataImportWiktextractFile), valueName: "file"))
    var file: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpDataImportWiktextractLanguages), valueName: "codes"))
    var languages: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpDataImportWiktextractName), valueName: "id"))
    var name: String = ProviderID.wiktionaryOfflineName

    @Option(name: .long, help: ArgumentHelp(localized(.helpDataImportWiktextractMaxMalformed), valueName: "n"))
    var maxMalformed: Int = 1000

    @Option(name: .long, help: ArgumentHelp(localized(.helpDataImportWiktextractMaxLineMB), valueName: "mb"))
    var maxLineMB: Int = 16

    @Flag(name: .long, help: ArgumentHelp(localized(.helpDataImportWiktextractQuiet)))
    var quiet = false

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    var loadsConfiguration: Bool { false }

    func validate() throws {
        guard ProviderID(name) != nil else {
            throw ValidationError(localized(.importBadName, name))
        }
        guard maxMalformed >= 0 else { throw ValidationError(localized(.importMaxMalformed)) }
        guard (1...1024).contains(maxLineMB) else { throw ValidationError(localized(.importMaxLine)) }
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        // A file that is not there, or not a file, is a wrong argument (64), as for `library import` and
        // `lookup --batch`; a dump that cannot be read through is the import's failure (69).
        // A terminal for standard input is a wrong invocation (64), not a failed import.
        if file == "-", isatty(STDIN_FILENO) == 1 { throw CommandFailure.usage(localized(.importTerminalInput)) }
        if file != "-" {
            var info = stat()
            if stat(file, &info) != 0 {
                throw CommandFailure.usage(localized(.cannotReadBecause, file, String(cString: strerror(errno))))
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw CommandFailure.usage(localized(.cannotReadBecause, file, String(cString: strerror(EISDIR))))
            }
            // A pipe by name (`<(zcat dump.jsonl.gz)`, a FIFO) is read as it comes; a disk device is no dump.
            guard [S_IFREG, S_IFIFO, S_IFCHR, S_IFSOCK].contains(info.st_mode & S_IFMT) else {
                throw CommandFailure.usage(localized(.cannotReadBecause, file, localized(.fileNotRegular)))
            }
        }
        guard let directory = DatasetLocation.directory(in: context.environment) else {
            throw CommandFailure(status: .unavailable, message: localized(.dataNoDirectory))
        }
        // The name of another provider (a built-in source, a dictd database, a program) would be hidden by it; a
        // dataset's own is replaced. Asked of the registry for that name alone: building every provider listed every
        // dictd directory and opened every dataset, a millisecond of each import.
        let datasets = DatasetLocation.datasets(in: directory).map(\.name)
        if !datasets.contains(name), let id = ProviderID(name), context.registry.provider(id) != nil {
            throw CommandFailure.usage(localized(.importNameTaken, name))
        }
        var options = WiktextractImporter.Options(name: name)
        // Codes as dumps write them (`lang_code`, lower case): `EN` is `en`; a word that is no code is refused, where
        // it imported nothing.
        let codes = (languages ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        // `--languages ""` (an unset shell variable) would mean every language, silently.
        if languages != nil && codes.isEmpty { throw CommandFailure.usage(localized(.badLanguageCode, languages ?? "", "--languages")) }
        options.languages = Set(try codes.map { try parseLanguage($0, option: "--languages").code.lowercased() })
        options.maximumMalformedLines = maxMalformed
        options.maximumLineBytes = maxLineMB << 20
        var bar = ImportProgressBar(enabled: !quiet && context.output.isErrorTerminal, output: context.output)
        let summary: WiktextractImporter.Summary
        let (partial, runs) = WiktextractImporter.workingPaths(name: name, directory: directory)
        let interruption = ImportInterruption(
            removing: [partial, runs],
            message: (bar.enabled ? "\n" : "") + localized(.errorLine, localized(
                datasets.contains(name) ? .importInterrupted : .importInterruptedFirst, name)) + "\n"
        )
        defer { interruption.end() }
        options.cancellation = interruption.cancellation
        do throws(ImportError) {
            summary = try WiktextractImporter(options: options).run(sourcePath: file, directory: directory) { bar.draw($0) }
        } catch {
            if error.isInterruption {
                // It has removed its files.
                interruption.cancellation.markStopped()
                interruption.report()
            }
            bar.clear()
            throw CommandFailure(status: .unavailable, message: Self.message(error))
        }
        bar.clear()
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(ImportDocument(summary)))
        case .text:
            context.output.write(Self.text(summary))
        }
        return .success
    }

    /// An import's failure in the reader's language: the failures users meet most are worded here; the rest (a
    /// system call's error) as the importer words them.
    static func message(_ error: ImportError) -> String {
        let source = DataCommand.sourceShown
        func problems(_ list: [WiktextractImporter.Problem]) -> String {
            list.map { localized(.importProblemLine, $0.line, ImportProblemText.text($0.message)) }.joined(separator: "; ")
        }
        switch error.reason {
        case .noEntries(let name, let lines, let malformed, let skipped, let languages, let first):
            let counts = [grouped(lines), grouped(malformed), grouped(skipped)]
            let text = languages.isEmpty
                ? localized(.importNoEntries, count: lines, source(name), counts[0], counts[1], counts[2])
                : localized(.importNoEntriesLanguages, count: lines, source(name), counts[0], counts[1], counts[2], languages.joined(separator: ","))
            return first.isEmpty ? text : text + " — " + problems(first)
        case .tooManyMalformed(let limit, let name, let first):
            return localized(.importTooManyMalformed, limit, problems(first), source(name))
        case .terminalInput: return localized(.importTerminalInput)
        case .truncatedGzip(let name): return localized(.importTruncatedGzip, source(name))
        case .notText(let name): return localized(.importNotText, source(name))
        case .importRunning(let name): return localized(.importRunning, name)
        case .invalidGzip(let name, let message): return localized(.importInvalidGzip, source(name), message)
        case .missingProgram(let name, let program, let package): return localized(.importMissingProgram, source(name), program, package)
        case .decompressionFailed(let program, let name, let status, let piped):
            return piped
                ? localized(.importDecompressionFailedPiped, program, source(name), Int(status))
                : localized(.importDecompressionFailed, program, source(name), Int(status), program == "xz" ? "xz" : "bz2")
        case nil: return error.description
        }
    }

    static func text(_ summary: WiktextractImporter.Summary) -> String {
        let metadata = summary.metadata
        // Most entries first; languages with as many in code order, so that the line is the same on every run.
        let languages = metadata.languages.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }.prefix(5)
            .map { "\($0.key) \(grouped($0.value))" }.joined(separator: ", ")
        var text = localized(.importDone, count: metadata.entries, grouped(metadata.entries),
                             languages + (metadata.languages.count > 5 ? ", …" : ""), metadata.name) + "\n"
        text += "  " + localized(.importLines, count: metadata.lines, grouped(metadata.lines), grouped(summary.skippedLines),
                                 grouped(metadata.malformedLines)) + "\n"
        for problem in summary.problems {
            text += "    " + localized(.importProblemLine, problem.line, ImportProblemText.text(problem.message)) + "\n"
        }
        if metadata.malformedLines > summary.problems.count {
            text += "    " + localized(.importAndMore, metadata.malformedLines - summary.problems.count) + "\n"
        }
        let megabytes = Double(summary.bytesRead) / 1_000_000
        text += "  " + localized(.importSpeed, count: metadata.keys, decimal(megabytes, places: 1), decimal(summary.seconds, places: 1),
                                 decimal(megabytes / max(summary.seconds, 0.001), places: 1), grouped(metadata.keys)) + "\n"
        text += "  " + localized(.importDataset, summary.path) + "\n"
        text += "  " + localized(.importTry, metadata.name) + "\n"
        return text
    }

    struct ImportDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "data import"
        var path: String
        var dataset: DatasetMetadata
        var skippedLines: Int
        var problems: [Problem]
        var bytesRead: Int
        var seconds: Double

        struct Problem: Encodable {
            var line: Int
            var message: String
        }

        init(_ summary: WiktextractImporter.Summary) {
            path = summary.path
            dataset = summary.metadata
            skippedLines = summary.skippedLines
            problems = summary.problems.map { Problem(line: $0.line, message: $0.message) }
            bytesRead = summary.bytesRead
            seconds = summary.seconds
        }
    }
}

extension ProviderID {
    /// The default dataset name; the provider module is not a dependency of the CLI.
    static let wiktionaryOfflineName = "wiktionary-offline"
}

/// `12,345`; in the Russian interface `12 345` (a no-break space, as Russian writes thousands).
func grouped(_ value: Int, in language: UILanguage = UILanguage.current) -> String {
    let digits = String(value.magnitude)
    let separator = language == .russian ? "\u{00A0}" : ","
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out += separator }
        out.append(digit)
    }
    return value < 0 ? "-" + out : out
}

/// `value` rounded to `places` decimals for text (`150.0`); in the Russian interface with a decimal comma (`150,0`).
/// JSON keeps numbers as numbers (``rounded(_:places:)``).
func decimal(_ value: Double, places: Int, in language: UILanguage = UILanguage.current) -> String {
    let text = "\(rounded(value, places: places))"
    return language == .russian ? text.replacingOccurrences(of: ".", with: ",") : text
}

/// The import's progress on standard error: bytes of the file, entries, rate and time left.
struct ImportProgressBar {
    let enabled: Bool
    let output: any OutputSink
    private var visible = false

    init(enabled: Bool, output: any OutputSink) {
        self.enabled = enabled
        self.output = output
    }

    mutating func draw(_ progress: WiktextractImporter.Progress) {
        guard enabled else { return }
        let width = 24
        let fraction = progress.fileBytes > 0 ? min(1, Double(progress.fileBytesRead) / Double(progress.fileBytes)) : 0
        let filled = Int(fraction * Double(width))
        let rate = Double(progress.fileBytesRead) / 1_000_000 / max(progress.seconds, 0.001)
        let read = decimal(Double(progress.fileBytesRead) / 1_000_000, places: 1)
        var line = "\r\u{1B}[2K"
        if progress.fileBytes > 0 {
            line += "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
            line += "\(Int(fraction * 100))% " + localized(
                .importProgress, read, decimal(Double(progress.fileBytes) / 1_000_000, places: 1), grouped(progress.entries),
                decimal(rate, places: 1))
        } else {
            // A pipe: no size, so no bar and no time left.
            line += localized(.importProgressStream, read, grouped(progress.entries), decimal(rate, places: 1))
        }
        if progress.phase != "reading" {
            line += "  " + (progress.phase == "sorting the index" ? localized(.importSorting) : progress.phase) + "…"
        } else if fraction > 0.01 {
            let left = Int(progress.seconds / fraction * (1 - fraction))
            line += "  " + localized(.importETA, "\(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60)")
        }
        if progress.malformed > 0 { line += "  " + localized(.importMalformed, progress.malformed) }
        output.writeError(line)
        visible = true
    }

    mutating func clear() {
        guard enabled, visible else { return }
        output.writeError("\r\u{1B}[2K")
        visible = false
    }
}

/// While an import runs, Ctrl-C (SIGINT) or SIGTERM stops it: killed by the signal, it left a dataset's worth of
/// partial file (74 MB for a 100 MB dump) until the next import. The signals go to dispatch sources, on a thread of
/// their own, which ask the import to stop (``ImportCancellation``); it removes its files at its next batch, or, when
/// it is waiting for input, the signal's thread does after a moment. Then the interruption is said and the process
/// ends by the signal itself, so that a shell loop of imports stops too. A signal the process was started with
/// ignored (a background job of a script) stays ignored; one that comes while the new dataset is renamed into place
/// lets the import finish.
final class ImportInterruption: @unchecked Sendable {
    // Safety: `sources` and `previous` are written in `init` and `end`, both on the importing thread.
    private var sources: [any DispatchSourceSignal] = []
    private var previous: [(Int32, sighandler_t?)] = []
    let cancellation = ImportCancellation()
    private let paths: [String]
    private let message: String

    init(removing paths: [String], message: String) {
        self.paths = paths
        self.message = message
        for number in [SIGINT, SIGTERM] {
            let before = signal(number, SIG_IGN)  // the source receives it instead of the default action
            if unsafeBitCast(before, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }  // ignored already
            previous.append((number, before))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in interrupted(by: number) }
            source.resume()
            sources.append(source)
        }
    }

    private func interrupted(by number: Int32) {
        guard cancellation.requestStop(signal: number) else { return }
        // Waiting for input the import never reaches a batch, and creates nothing meanwhile: its files go here.
        if !cancellation.waitForStop(seconds: 2) {
            for path in paths { try? FileManager.default.removeItem(atPath: path) }
        }
        report()
    }

    /// Says the import was interrupted and ends the process by the signal (once, whichever thread comes first;
    /// another one waits for the end).
    func report() -> Never {
        if cancellation.claimReport() {
            FileHandle.standardError.write(Data(message.utf8))
            let number = cancellation.signal
            signal(number, SIG_DFL)
            // To the process, not this thread: a dispatch worker blocks signals, and one raised there never came.
            kill(getpid(), number)
        }
        while true { pause() }
    }

    /// The import is over: the signals are as they were before it.
    func end() {
        for source in sources { source.cancel() }
        sources = []
        for (number, handler) in previous { signal(number, handler) }
        previous = []
    }
}
