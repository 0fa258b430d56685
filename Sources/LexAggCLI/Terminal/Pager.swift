import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Shows long text through the user's pager: `$PAGER` (run by the shell), else `less -FRX` (quit if one screen,
/// keep colours, leave the text on the screen).
enum Pager {
    /// The terminal's height, when standard output is one.
    static func terminalRows() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    static func lineCount(_ text: String) -> Int {
        text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    /// Runs the pager with `text` on its input and waits for it; false when no pager could be started (the caller
    /// writes the text itself).
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let command = environment["PAGER"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "less -FRX"
        if command == "cat" { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var variables = environment
        // less shows colours only with -R; LESS may already say so, and then it is kept.
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        process.environment = variables
        let input = Pipe()
        process.standardInput = input
        do { try process.run() } catch { return false }
        // The pager may quit before reading everything (q): a broken pipe is not an error here.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(text.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus != 127 || process.terminationReason != .exit
    }
}
