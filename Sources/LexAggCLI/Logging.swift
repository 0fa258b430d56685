import ArgumentParser
import Logging
import Synchronization
import LexAggLocalization

/// `--verbose`, `--debug` and `--quiet`, shared by every command that asks providers.
struct LoggingOptions: ParsableArguments, Equatable {
    @Flag(name: .long, help: ArgumentHelp(localized(.helpLoggingOptionsVerbose)))
    var verbose = false

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLoggingOptionsDebug)))
    var debug = false

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLoggingOptionsQuiet)))
    var quiet = false

    static func == (a: LoggingOptions, b: LoggingOptions) -> Bool { a.verbosity == b.verbosity }

    /// What the flags ask for, as a plain value.
    var verbosity: Verbosity { Verbosity(level: debug ? .debug : verbose ? .info : nil, quiet: quiet) }
}

/// How much a command says on standard error beyond its errors.
struct Verbosity: Equatable, Sendable {
    /// The log level asked for; `nil` when none was (then `LEXAGG_LOG` decides).
    var level: Logger.Level?
    /// No warnings.
    var quiet = false
}

/// The level every log line passes through, set once the command line is parsed: `--debug`/`--verbose` over
/// `LEXAGG_LOG`, else errors only. Shared by every copy of the composition root's logger.
final class LogLevelControl: Sendable {
    private let level: Mutex<Logger.Level>

    init(_ level: Logger.Level) { self.level = Mutex(level) }

    var current: Logger.Level {
        get { level.withLock { $0 } }
        set { level.withLock { $0 = newValue } }
    }

    /// `LEXAGG_LOG=debug|info|notice|warning|error|critical|trace`; `nil` for anything else.
    static func level(named name: String?) -> Logger.Level? {
        guard let name = name?.lowercased(), !name.isEmpty else { return nil }
        return Logger.Level(rawValue: name == "warn" ? "warning" : name)
    }
}

/// One line per log entry on standard error: `lexagg: [info] wiktionary: GET https://… 200 1234 B 85 ms`.
struct StandardErrorLogHandler: LogHandler {
    let output: any OutputSink
    let control: LogLevelControl
    var metadata: Logger.Metadata = [:]

    var logLevel: Logger.Level {
        get { control.current }
        set { control.current = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "lexagg: [\(event.level)] \(event.message)"
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        if !all.isEmpty {
            line += " " + all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        output.writeError(Self.printable(line) + "\n")
    }
}

extension StandardErrorLogHandler {
    /// `line` with control characters (a server's escape sequences, newlines) shown as `\u{1B}`, so a log line
    /// is one line and cannot drive the terminal.
    static func printable(_ line: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(line.unicodeScalars.count)
        for scalar in line.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
