import Logging
import Synchronization

/// Log lines captured in memory, for tests that check what a provider logs (and what it never logs).
///
/// ```swift
/// let logs = CapturedLogs()
/// let provider = PONS(endpoint: …, secret: …, logger: logs.logger)
/// #expect(!logs.lines.contains { $0.contains(secret) })
/// ```
public final class CapturedLogs: Sendable {
    /// One captured entry.
    public struct Entry: Sendable, Hashable {
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]

        /// The entry as one line: level, message and metadata sorted by key.
        public var line: String {
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(level) \(message)" + (pairs.isEmpty ? "" : " " + pairs.joined(separator: " "))
        }
    }

    private let storage = Mutex<[Entry]>([])

    public init() {}

    /// Everything captured so far.
    public var entries: [Entry] { storage.withLock { $0 } }

    /// Everything captured so far, one line each.
    public var lines: [String] { entries.map(\.line) }

    /// A logger (at `level` and above) writing here.
    public func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "lexagg.test") { _ in Handler(logs: self) }
        logger.logLevel = level
        return logger
    }

    /// A logger at `.trace` writing here.
    public var logger: Logger { logger() }

    func append(_ entry: Entry) { storage.withLock { $0.append(entry) } }

    struct Handler: LogHandler {
        let logs: CapturedLogs
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(
            level: Logger.Level, message: Logger.Message, metadata extra: Logger.Metadata?, source: String,
            file: String, function: String, line: UInt
        ) {
            var merged = metadata
            if let extra { merged.merge(extra) { $1 } }
            logs.append(Entry(level: level, message: message.description, metadata: merged.mapValues { "\($0)" }))
        }
    }
}
