#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggLocalization
import Synchronization

/// Where commands write: standard output for results, standard error for diagnostics.
public protocol OutputSink: Sendable {
    func write(_ text: String)
    /// Writes UTF-8 `bytes` (an NDJSON line): by default as a String.
    func write(bytes: [UInt8])
    func writeError(_ text: String)
    /// Whether standard output is a terminal (colour and layout decisions).
    var isTerminal: Bool { get }
    /// Whether standard error is a terminal (progress bars).
    var isErrorTerminal: Bool { get }
    /// Writes a result that may be longer than the screen (the real standard output pages it).
    func page(_ text: String)
    /// Writes `text` to standard output, or to standard error when `error` is set, and says whether it could: where
    /// ``write(_:)`` ends the process, this returns false, for a command that must save what the user did before
    /// it ends (a quiz's answers) and then ends with ``ExitStatus/ioError`` itself.
    func attempt(_ text: String, error: Bool) -> Bool
}

extension OutputSink {
    public var isErrorTerminal: Bool { false }

    public func write(bytes: [UInt8]) { write(String(decoding: bytes, as: UTF8.self)) }

    /// Written as it is, unless the sink pages (the real standard output, through ``Pager``).
    public func page(_ text: String) { write(text) }

    /// Written with ``write(_:)`` or ``writeError(_:)``: a sink that cannot fail always could.
    public func attempt(_ text: String, error: Bool) -> Bool {
        if error { writeError(text) } else { write(text) }
        return true
    }
}

/// The process's real standard output and error.
///
/// Every write is checked: when standard output cannot be written (a full disk, `> /dev/full`, an I/O error) lexagg
/// says so on standard error and exits 74 (EX_IOERR) at once, so a truncated result never ends with status 0; a
/// closed pipe (`lexagg … | head`) ends the process quietly with the same status, instead of working on for
/// nobody. Text bound for a terminal passes ``TerminalSafeText`` first. ``attempt(_:error:)`` is the one write that
/// reports a failure instead (saying so the same way), for a command with the user's work to save first.
public struct StandardOutput: OutputSink {
    public init() {}

    public func write(_ text: String) {
        Self.write(isTerminal ? TerminalSafeText.filter(text) : text, to: STDOUT_FILENO)
    }

    /// Bytes bound for a file or a pipe are written as they are; for a terminal, filtered as text.
    public func write(bytes: [UInt8]) {
        guard !isTerminal else { return write(String(decoding: bytes, as: UTF8.self)) }
        bytes.withUnsafeBufferPointer { Self.write($0, to: STDOUT_FILENO) }
    }

    public func writeError(_ text: String) {
        Self.write(isErrorTerminal ? TerminalSafeText.filter(text) : text, to: STDERR_FILENO)
    }

    public func attempt(_ text: String, error: Bool) -> Bool {
        let descriptor = error ? STDERR_FILENO : STDOUT_FILENO
        var text = (error ? isErrorTerminal : isTerminal) ? TerminalSafeText.filter(text) : text
        guard let failure = text.withUTF8({ Self.put($0, to: descriptor) }) else { return true }
        Self.report(failure, on: descriptor)
        return false
    }

    /// Writes all of `text`, retrying short writes and interruptions; any failure ends the process (see above).
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard let failure = put(bytes, to: descriptor) else { return }
        report(failure, on: descriptor)
        _exit(ExitStatus.ioError.rawValue)
    }

    /// Writes all of `bytes`, retrying short writes and interruptions; the `errno` of a failure, nil when written.
    private static func put(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        var done = 0
        while done < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return errno }
            if written == 0 { return EIO }
            done += written
        }
        return nil
    }

    /// Says on standard error that standard output could not be written; a closed pipe is said nothing of (the reader
    /// went away on purpose), and neither is standard error's own failure (there is nowhere to say it).
    private static func report(_ failure: Int32, on descriptor: Int32) {
        guard failure != EPIPE && descriptor == STDOUT_FILENO else { return }
        let message = localized(.cannotWriteStandardOutput, String(cString: strerror(failure))) + "\n"
        var notice = Array(message.utf8)
        _ = Glibc.write(STDERR_FILENO, &notice, notice.count)
    }

    public var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public var isErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Text longer than the terminal goes through the pager; anything else (a pipe, a file, a short answer) is
    /// written as it is.
    public func page(_ text: String) {
        if isTerminal, let rows = Pager.terminalRows(), Pager.lineCount(text) >= rows,
            Pager.show(TerminalSafeText.filter(text))
        {
            return
        }
        write(text)
    }
}

/// Collects output in memory (for tests and for embedding lexagg in other programs).
public final class CapturedOutput: OutputSink {
    private let buffers = Mutex<(out: String, err: String)>(("", ""))
    public let isTerminal: Bool
    public let isErrorTerminal: Bool

    public init(isTerminal: Bool = false, isErrorTerminal: Bool = false) {
        self.isTerminal = isTerminal
        self.isErrorTerminal = isErrorTerminal
    }

    public func write(_ text: String) { buffers.withLock { $0.out += text } }
    public func writeError(_ text: String) { buffers.withLock { $0.err += text } }
    public var standardOutput: String { buffers.withLock { $0.out } }
    public var standardError: String { buffers.withLock { $0.err } }
}
