#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization

/// A terminal switched to key-at-a-time input without echo; ``restore()`` puts the saved settings back.
///
/// Signals are off too (`ISIG`), so Ctrl-C arrives as the byte 0x03 and ends the quiz like any other key, and the
/// command restores the terminal on its way out. Output processing stays on, so `\n` still starts a new line.
public final class RawTerminal: @unchecked Sendable {
    private let descriptor: Int32
    private let saved: termios
    private let restored = Mutex(false)

    /// Switches `descriptor` to raw input, or returns `nil` when it is not a terminal.
    public init?(descriptor: Int32 = STDIN_FILENO) {
        guard isatty(descriptor) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        saved = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else { return nil }
    }

    /// Puts the terminal's settings back as they were (once; later calls do nothing).
    public func restore() {
        let first = restored.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        var settings = saved
        tcsetattr(descriptor, TCSAFLUSH, &settings)
    }

    deinit { restore() }
}

/// Keys pressed on a terminal in raw mode: 1–4 answer, Ctrl-C or `q` end the quiz, Ctrl-D ends the input.
public struct KeyAnswers: AnswerSource {
    let descriptor: Int32

    public init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    public func events() -> AsyncStream<InputEvent> {
        let descriptor = descriptor
        return AsyncStream { continuation in
            // Reads block, so they run on a thread of their own, not on the concurrency pool.
            let thread = Thread {
                var byte: UInt8 = 0
                while true {
                    let count = read(descriptor, &byte, 1)
                    if count < 0 && errno == EINTR { continue }
                    guard count == 1 else { break }
                    switch byte {
                    case UInt8(ascii: "1")...UInt8(ascii: "4"): continuation.yield(.choice(Int(byte - UInt8(ascii: "0"))))
                    case 0x03, UInt8(ascii: "q"), UInt8(ascii: "Q"): continuation.yield(.interrupt)
                    case 0x04: continuation.finish(); return
                    case 0x0A, 0x0D, 0x20: continue
                    case 0x21...0x7E: continuation.yield(.invalid(String(UnicodeScalar(byte))))
                    default: continuation.yield(.invalid(String(format: "0x%02X", byte)))
                    }
                }
                continuation.finish()
            }
            thread.start()
        }
    }
}

/// Answers read line by line from a pipe or file: `1`–`4` answer, an empty line or `-` lets the question time out,
/// `q` ends the quiz, anything else is shown back with a hint.
public struct LineAnswers: AnswerSource {
    let descriptor: Int32

    public init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    public func events() -> AsyncStream<InputEvent> {
        let descriptor = descriptor
        return AsyncStream { continuation in
            let thread = Thread {
                var line: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 4096)
                func emit() {
                    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: " ")
                    line.removeAll()
                    if let event = ScriptedAnswers.event(for: text) { continuation.yield(event) }
                }
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { break }
                    for byte in buffer[0..<count] {
                        if byte == 0x0A { emit() } else { line.append(byte) }
                    }
                }
                if !line.isEmpty { emit() }
                continuation.finish()
            }
            thread.start()
        }
    }
}

/// Adds SIGINT, SIGTERM and SIGHUP (the terminal gone) to another source as ``InputEvent/interrupt``, so a signal ends
/// the quiz through the same path as Ctrl-C in raw mode (answers kept, the run recorded, terminal restored) instead of
/// killing the process.
///
/// The signals are caught for as long as the session listens, not only while the base source has answers: when it
/// ends the stream says ``InputEvent/endOfInput`` and stays open, since a question let go (`-`) may still be counting
/// down to its timeout. A signal the process was started with ignored (`nohup`, a shell's background job and SIGINT)
/// stays ignored, and each signal's action is put back as it was when the session stops listening.
public struct InterruptibleAnswers<Base: AnswerSource>: AnswerSource {
    let base: Base

    public init(_ base: Base) {
        self.base = base
    }

    public func events() -> AsyncStream<InputEvent> {
        let base = base
        return AsyncStream { continuation in
            var sources: [(number: Int32, source: any DispatchSourceSignal)] = []
            for number in [SIGINT, SIGTERM, SIGHUP] {
                let before = signal(number, SIG_IGN)  // the source receives it instead of the default action
                if unsafeBitCast(before, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield(.interrupt) }
                source.resume()
                sources.append((number, source))
            }
            let signals = SignalSources(sources)
            let pump = Task {
                for await event in base.events() { continuation.yield(event) }
                continuation.yield(.endOfInput)
            }
            continuation.onTermination = { _ in
                pump.cancel()
                signals.cancel()
            }
        }
    }
}

/// Signal sources, cancelled together; only touched when created and when the stream ends.
private final class SignalSources: @unchecked Sendable {
    private let sources: [(number: Int32, source: any DispatchSourceSignal)]

    init(_ sources: [(number: Int32, source: any DispatchSourceSignal)]) {
        self.sources = sources
    }

    /// Stops catching the signals: each gets the default action back, which lexagg leaves them otherwise (one that
    /// was ignored has no source here).
    func cancel() {
        for (number, source) in sources {
            source.cancel()
            signal(number, SIG_DFL)
        }
    }
}
