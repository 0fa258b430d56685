#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import CSpawn
import Synchronization

/// A file decompressed by an external program (`bzip2 -dc FILE`, `xz -dc FILE`) whose output is read from a pipe; or
/// a stream (standard input) decompressed the same way, written into the program's standard input by a thread of
/// its own.
///
/// The program is started with `posix_spawn` and reaped with `waitpid`, not through Foundation's `Process`: on Linux
/// that watches its children through a run loop whose wakeup socket pair cannot be made where there is no network
/// (a container or `unshare -n`), and it then printed "Could not create wakeup socket pair for CFSocket!!!" into an
/// import that otherwise worked.
public final class PipeSource: ByteSource {
    package let pid: pid_t
    /// Our end of the program's standard output.
    private let descriptor: Int32
    private let program: String
    /// The file, or what the stream is called (for messages).
    private let path: String
    private let size: Int
    /// What writes the stream into the program, when it is a stream.
    private let feeder: Feeder?
    /// The program's exit status (128 + the signal when a signal ended it), once reaped.
    private let status = Mutex<Int32?>(nil)
    /// Whether ``close()`` ran (the descriptor is closed once: its number may be another file's after).
    private let closed = Atomic<Bool>(false)

    public var consumed: Int {
        if let feeder { return feeder.written.load(ordering: .relaxed) }
        // The program reads the file ahead of us; its position in the file is in /proc.
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
              let value = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        else { return 0 }
        return min(value, size)
    }

    /// Writes a stream into the program's standard input, then closes it (at the stream's end, or once the program
    /// has stopped reading: the write fails, SIGPIPE being ignored).
    final class Feeder: @unchecked Sendable {
        // Safety: `stream` is read by the feeding thread alone once it starts; `written` is atomic; `input` is
        // closed by that thread alone.
        private let stream: any ByteSource
        private let input: Int32
        let written = Atomic<Int>(0)

        init(stream: any ByteSource, input: Int32) {
            self.stream = stream
            self.input = input
        }

        func start() {
            let thread = Thread { [self] in
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
                defer { buffer.deallocate() }
                feeding: while true {
                    guard let count = try? stream.read(into: buffer), count > 0 else { break }
                    var done = 0
                    while done < count {
                        let wrote = write(input, buffer.baseAddress! + done, count - done)
                        if wrote < 0 {
                            if errno == EINTR { continue }
                            break feeding
                        }
                        done += wrote
                    }
                    written.add(count, ordering: .relaxed)
                }
                _ = Glibc.close(input)
                // What fed the program is done with (a FIFO opened by name is closed; standard input is not).
                stream.close()
            }
            thread.start()
        }
    }

    /// `program -dc` on the file at `path`, or on `stream` (then `path` is what it is called).
    init(program: String, path: String, feeding stream: (any ByteSource)? = nil) throws(ImportError) {
        self.program = program
        self.path = path
        let candidates = ["/usr/bin/\(program)", "/bin/\(program)", "/usr/local/bin/\(program)"]
        guard let executable = candidates.first(where: { access($0, X_OK) == 0 }) else {
            let package = program == "xz" ? "xz-utils" : program
            throw ImportError(
                "\(path) needs the '\(program)' program to decompress it; install it (apt-get install \(package)) or decompress the file first",
                reason: .missingProgram(source: path, program: program, package: package)
            )
        }
        // SIGPIPE ignored: the feeder's write to a program that stopped reading fails instead of killing lexagg
        // (lexagg's main ignores it too; a test host may not).
        signal(SIGPIPE, SIG_IGN)
        var output: [Int32] = [-1, -1], input: [Int32] = [-1, -1]
        guard pipe(&output) == 0 else { throw ImportError("cannot make a pipe for \(program): \(systemErrorText())") }
        if stream != nil, pipe(&input) != 0 {
            let problem = systemErrorText()
            output.forEach { _ = Glibc.close($0) }
            throw ImportError("cannot make a pipe for \(program): \(problem)")
        }
        // Our ends must not leak into this program or into any other child.
        for end in output + input where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stream != nil {
            posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        _ = lexagg_spawn_close_from(&actions, 3)  // nothing else of lexagg's (ProviderProcess)
        // The program gets the default action back for the signals lexagg ignores or handles itself, and no
        // blocked signals: Ctrl-C or a closed pipe ends it as it would end it run from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        _ = lexagg_spawn_child_signals(&attributes, 0)

        let arguments = stream == nil ? [executable, "-dc", "--", path] : [executable, "-dc"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        _ = Glibc.close(output[1])
        if input[0] >= 0 { _ = Glibc.close(input[0]) }
        guard result == 0 else {
            _ = Glibc.close(output[0])
            if input[1] >= 0 { _ = Glibc.close(input[1]) }
            throw ImportError("cannot start \(executable): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        descriptor = output[0]
        if let stream {
            size = 0
            feeder = Feeder(stream: stream, input: input[1])
        } else {
            var info = stat()
            size = stat(path, &info) == 0 ? Int(info.st_size) : 0
            feeder = nil
        }
        feeder?.start()
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        let count = try readRetrying(descriptor, into: buffer, name: "from \(program)")
        if count > 0 { return count }
        let exit = reap()
        if exit != 0 {
            let what = feeder == nil ? "a complete .\(program == "xz" ? "xz" : "bz2") file" : "complete \(program) data"
            throw ImportError(
                "\(program) could not decompress \(path) (exit status \(exit)): is it \(what)?",
                reason: .decompressionFailed(program: program, source: path, status: exit, piped: feeder != nil)
            )
        }
        return 0
    }

    /// Waits for the program to exit (once; later calls give the same status).
    private func reap() -> Int32 {
        status.withLock { status in
            if let status { return status }
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
            // (WIFEXITED and friends are macros Swift does not import: the low seven bits are the signal, 0 when
            // the program exited, and the next eight its exit status.)
            let signal = raw & 0x7F
            let exit: Int32 = result < 0 ? -1 : signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
            status = exit
            return exit
        }
    }

    public func close() {
        guard !closed.exchange(true, ordering: .relaxed) else { return }
        // A program still running (an import given up, or failed on a malformed line) is asked to stop, then
        // reaped: no zombie is left.
        if status.withLock({ $0 == nil }) { kill(pid, SIGTERM) }
        _ = Glibc.close(descriptor)
        _ = reap()
    }
}

