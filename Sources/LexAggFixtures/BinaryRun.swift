#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore

/// Runs the real `lexagg` binary built beside the test bundle.
public struct BinaryRun {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public static var binary: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = String(decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<path.lastIndex(of: "/")!]) + "/lexagg"
    }

    /// Runs the binary with `arguments` and exactly `environment` (plus `path` as PATH), no standard input.
    ///
    /// A run that hangs is killed after three minutes and reports status 124 (coreutils' `timeout`), so a hang fails
    /// the test instead of holding the suite; no test measures how long a run took. The wait happens off the test
    /// pool (see ``offThePool(_:)``).
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], executable: String = binary, path: String = "/usr/bin:/bin"
    ) async -> BinaryRun {
        var env = environment
        env["PATH"] = path
        return await shell([executable] + arguments, environment: env, limit: 180)
    }

    /// Runs `command` (the executable and its arguments, quoted here) through `sh -c` with exactly `environment`,
    /// standard input from `input` (a redirection such as `</dev/null`, or a command whose output is piped in, such
    /// as `head -c 100 /dev/zero`) and standard output to `output` (a redirection such as `>/dev/full`, or the file
    /// returned as `stdout` when nil). Killed after `limit` seconds (status 124); waited for off the test pool.
    public static func shell(
        _ command: [String], environment: [String: String], input: String = "</dev/null", output: String? = nil,
        limit: Int = 180
    ) async -> BinaryRun {
        let directory = TemporaryFiles.directory()
        let out = directory + "/out", err = directory + "/err"
        let line = "env -i " + environment.sorted { $0.key < $1.key }.map { shellQuote("\($0.key)=\($0.value)") }
            .joined(separator: " ") + " " + command.map(shellQuote).joined(separator: " ")
        let piped = input.hasPrefix("<") ? "\(line) \(input)" : "\(input) | \(line)"
        let script = piped + " " + (output ?? ">\(out)") + " 2>\(err)"
        let full = "timeout -k 10 \(limit) sh -c \(shellQuote(script))"
        let raw = await offThePool { shellWithDefaultSignals(full) }
        return BinaryRun(status: (raw >> 8) & 0xFF, stdout: TemporaryFiles.read(out), stderr: TemporaryFiles.read(err))
    }

    /// Runs a shell command line, waiting off the test pool, and returns its exit status (`sh`'s, 0–255). Both this
    /// and ``shell(_:environment:input:output:limit:)`` start it with lexagg's signals at their default actions
    /// (``shellWithDefaultSignals(_:)``).
    @discardableResult
    public static func sh(_ line: String) async -> Int32 {
        let raw = await offThePool { shellWithDefaultSignals(line) }
        return (raw >> 8) & 0xFF
    }

    public static func shellQuote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
