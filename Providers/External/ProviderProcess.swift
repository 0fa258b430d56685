import Foundation
import CSpawn
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One running external provider: a child process spoken to in newline-delimited JSON-RPC over its standard input
/// and output.
///
/// Not meant for adoption; ``ExternalProgram`` and `lexagg provider check` use it.
///
/// - Every request carries its own id; a reply is routed by id, and a reply nobody waits for any more (its request
///   was cancelled) is discarded.
/// - A request that gets no answer within its time limit fails with ``ExternalFailure/timeout(_:)`` and the process
///   is killed (it is stuck); the next use starts a new one.
/// - A line that is not JSON, or longer than ``ExternalProtocol/lineLimit``, fails every waiting request and kills
///   the process. So does its exit, with the tail of its standard error in the message.
/// - Every process still running when lexagg exits is ended: `shutdown`, standard input closed, then SIGTERM and
///   SIGKILL after a short grace (an `atexit` handler).
public final class ProviderProcess: Sendable {
    /// What to start.
    public struct Launch: Sendable, Hashable {
        public var executable: String
        public var arguments: [String]
        public var environment: [String: String]
        /// How messages name it: the path, or the configured command.
        public var label: String

        /// Runs the executable at `path` with no arguments.
        public static func executable(_ path: String, environment: [String: String]) -> Launch {
            Launch(executable: path, arguments: [], environment: environment, label: path)
        }

        /// Runs `command` (a configured `command = "…"`) through `/bin/sh`, so it may carry arguments and quoting.
        public static func command(_ command: String, environment: [String: String]) -> Launch {
            Launch(executable: "/bin/sh", arguments: ["-c", "exec " + command], environment: environment, label: command)
        }
    }

    private struct Pending {
        var continuation: CheckedContinuation<Result<Data, ExternalFailure>, Never>
        var timer: Task<Void, Never>?
    }

    private struct State {
        var nextID = 1
        var pending: [Int: Pending] = [:]
        var abandoned: Set<Int> = []
        /// Once set, the process is finished with: every call fails with this.
        var ended: ExternalFailure?
        var waitStatus: Int32?
        var inputOpen = true
        var stderrTail: [UInt8] = []
        var stderrClosed = false
    }

    /// The process id.
    public let pid: pid_t
    /// How messages name the process.
    public let label: String
    private let input: Int32
    private let state = Mutex(State())

    private init(pid: pid_t, label: String, input: Int32) {
        self.pid = pid
        self.label = label
        self.input = input
    }

    /// A write to a program that has exited must fail with EPIPE (a closed input, handled below), not kill the
    /// process hosting the provider: lexagg's main ignores SIGPIPE, but a server or test host embedding the
    /// provider may not (a test process died of it in CI when a program crashed on start). Children get the
    /// default back (posix_spawnattr_setsigdefault below).
    private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// Starts `launch` and its readers.
    /// - Throws: ``ExternalFailure/launch(_:)`` when the executable cannot be started.
    public static func start(_ launch: Launch) throws(ExternalFailure) -> ProviderProcess {
        _ = ignoringBrokenPipes
        var inPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&inPipe) == 0 else { throw .launch("no pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&outPipe) == 0 else {
            inPipe.forEach { _ = close($0) }
            throw .launch("no pipe: \(String(cString: strerror(errno)))")
        }
        guard pipe(&errPipe) == 0 else {
            (inPipe + outPipe).forEach { _ = close($0) }
            throw .launch("no pipe: \(String(cString: strerror(errno)))")
        }
        // Our ends must not leak into this child or into later ones.
        for fd in inPipe + outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        // Nothing else of lexagg's: descriptors opened without close-on-exec (SwiftNIO accepts connections so) were
        // inherited, so a server's connection stayed open in a long-lived provider after the server closed it (an
        // idle client waited for ever for its end).
        _ = lexagg_spawn_close_from(&actions, 3)

        // lexagg ignores SIGPIPE, and a server SIGINT and SIGTERM while it handles them itself (`lexagg mcp`): the
        // child gets the default actions back, and no blocked signals. A process group of its own, so that ending it
        // ends what it started too (a shell script's `curl`, which holds its standard output open after it is killed:
        // it was never seen to end).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        _ = lexagg_spawn_child_signals(&attributes, 1)

        let argv: [UnsafeMutablePointer<CChar>?] = ([launch.executable] + launch.arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = launch.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        var result = posix_spawn(&pid, launch.executable, &actions, &attributes, argv, envp)
        // "Text file busy": the file was just written and another thread's child still holds it open for writing
        // (a provider being installed while lexagg runs, or a test writing one); that child execs or exits soon.
        for _ in 0..<50 where result == ETXTBSY {
            usleep(20_000)
            result = posix_spawn(&pid, launch.executable, &actions, &attributes, argv, envp)
        }
        _ = close(inPipe[0])
        _ = close(outPipe[1])
        _ = close(errPipe[1])
        guard result == 0 else {
            _ = close(inPipe[1])
            _ = close(outPipe[0])
            _ = close(errPipe[0])
            throw .launch("\(launch.label): \(String(cString: strerror(result)))")
        }
        // Writes never block: a process that does not read its input fails the request instead.
        _ = fcntl(inPipe[1], F_SETFL, fcntl(inPipe[1], F_GETFL) | O_NONBLOCK)

        let process = ProviderProcess(pid: pid, label: launch.label, input: inPipe[1])
        Live.add(process)
        let output = outPipe[0], errors = errPipe[0]
        Thread.detachNewThread { process.readOutput(output) }
        Thread.detachNewThread { process.readErrors(errors) }
        return process
    }

    /// Whether the process is finished with (exited, killed, or talking nonsense): the next use needs a new one.
    public var hasEnded: Bool { state.withLock { $0.ended != nil } }

    /// The last lines the process wrote to its standard error, for messages.
    public var stderrTail: String {
        let bytes = state.withLock { $0.stderrTail }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline).suffix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        let joined = lines.filter { !$0.isEmpty }.joined(separator: " | ")
        return String(joined.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }

    /// Sends `method` with `params` and waits at most `timeout` for the answer line.
    ///
    /// Cancelling the calling task abandons the request: the call returns ``ExternalFailure/cancelled`` at once and
    /// the process, which may be stuck on it, is killed (the next call needs a new one).
    public func call(_ method: String, params: [String: JSONValue]?, timeout: Duration) async
        -> Result<Data, ExternalFailure>
    {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Data, ExternalFailure>, Never>) in
                let early: ExternalFailure? = state.withLock { state in
                    if let ended = state.ended { return ended }
                    if state.abandoned.remove(id) != nil { return .cancelled }
                    let line = ExternalProtocol.requestLine(id: id, method: method, params: params)
                    if let failure = writeLocked(&state, line), !failure.isClosedInput { return failure }
                    // Registered even when the process has closed its input: it has probably exited, and the
                    // output reader answers with how (status, error output) once it sees the end.
                    state.pending[id] = Pending(continuation: continuation, timer: nil)
                    return nil
                }
                if let early {
                    continuation.resume(returning: .failure(early))
                    return
                }
                let timer = Task { [self] in
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                    let failure = ExternalFailure.timeout("no answer to '\(method)' within \(Self.format(seconds)) s")
                    if self.resolve(id, with: .failure(failure)) { self.kill() }
                }
                state.withLock { state in
                    if state.pending[id] != nil { state.pending[id]?.timer = timer } else { timer.cancel() }
                }
            }
        } onCancel: {
            if resolve(id, with: .failure(.cancelled)) {
                // The request was still unanswered when the lookup gave up on it (its deadline, or Ctrl-C): the
                // program may be stuck on it, so it is ended now rather than left to its own time limit; the next
                // request starts a new one.
                kill()
            } else {
                state.withLock { _ = $0.abandoned.insert(id) }
            }
        }
    }

    /// Answers request `id` if it is still waiting; returns whether it was.
    @discardableResult
    private func resolve(_ id: Int, with result: Result<Data, ExternalFailure>) -> Bool {
        guard let pending = state.withLock({ $0.pending.removeValue(forKey: id) }) else { return false }
        pending.timer?.cancel()
        pending.continuation.resume(returning: result)
        return true
    }

    /// Writes one line while holding the lock (lines never interleave); returns the failure, if any.
    private func writeLocked(_ state: inout State, _ data: Data) -> ExternalFailure? {
        guard state.inputOpen else { return .exited("the provider's input is closed", stderr: "") }
        var failure: ExternalFailure?
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(input, raw.baseAddress! + offset, raw.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    failure = .malformed("the provider does not read its input", excerpt: nil)
                    return
                } else {
                    failure = .exited(ExternalFailure.closedInput, stderr: "")
                    return
                }
            }
        }
        return failure
    }

    /// Ends the process as a failure: every waiting request gets `failure` and the process is killed.
    private func fail(_ failure: ExternalFailure) {
        let pending = state.withLock { state -> [Pending] in
            if state.ended == nil { state.ended = failure }
            defer { state.pending.removeAll() }
            return Array(state.pending.values)
        }
        for item in pending {
            item.timer?.cancel()
            item.continuation.resume(returning: .failure(failure))
        }
        kill()
    }

    /// Kills the process and its process group with SIGKILL, unless it has already been reaped. It is finished with
    /// from here: the next request starts a new one, even if something it started escaped its group and keeps its
    /// output open.
    public func kill() {
        state.withLock { state in
            if state.waitStatus == nil { signalProcess(pid, SIGKILL) }
            if state.ended == nil { state.ended = .exited("the provider process was ended", stderr: "") }
        }
    }

    // MARK: Readers

    private func readOutput(_ fd: Int32) {
        var buffer: [UInt8] = []
        var scanned = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        reading: while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            buffer.append(contentsOf: chunk[0..<count])
            var start = 0
            while let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                if !handle(line: buffer[start..<newline]) { break reading }
                start = newline + 1
                scanned = start
            }
            if start > 0 { buffer.removeFirst(start) }
            scanned = buffer.count
            if buffer.count > ExternalProtocol.lineLimit {
                fail(.malformed("the provider wrote a line longer than \(ExternalProtocol.lineLimit >> 20) MiB", excerpt: nil))
                break
            }
        }
        _ = close(fd)
        outputClosed()
    }

    /// Routes one line; returns false when the process must not be read any more.
    private func handle(line: ArraySlice<UInt8>) -> Bool {
        let data = Data(line)
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return true }
        guard let header = try? ExternalProtocol.decoder.decode(ExternalProtocol.Header.self, from: data) else {
            fail(.malformed("the provider wrote a line to standard output that is not a JSON-RPC object", excerpt: ExternalProtocol.excerpt(data)))
            return false
        }
        if let id = header.id, !resolve(id, with: .success(data)) {
            // A reply nobody waits for any more (its request was abandoned) is dropped; an id lexagg never sent is
            // a program that does not follow the protocol.
            let sent = state.withLock { 1..<$0.nextID }
            if !sent.contains(id) {
                fail(.malformed("the provider answered request \(id), which lexagg never sent", excerpt: ExternalProtocol.excerpt(data)))
                return false
            }
        }
        // Notifications (no id) are dropped.
        return true
    }

    private func readErrors(_ fd: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            state.withLock { state in
                state.stderrTail.append(contentsOf: chunk[0..<count])
                if state.stderrTail.count > 2048 { state.stderrTail.removeFirst(state.stderrTail.count - 2048) }
            }
        }
        _ = close(fd)
        state.withLock { $0.stderrClosed = true }
    }

    /// The process closed its output: it exited (or is about to). Every waiting request fails, saying how it ended.
    private func outputClosed() {
        // Give the process a moment to exit and its error output to drain, for the message.
        for _ in 0..<50 {
            if reap(), state.withLock({ $0.stderrClosed }) { break }
            usleep(10_000)
        }
        let status = state.withLock { $0.waitStatus }
        let how: String
        if let status {
            if status & 0x7F == 0 {
                how = "the provider process exited with status \((status >> 8) & 0xFF)"
            } else {
                how = "the provider process was killed by signal \(status & 0x7F)"
            }
        } else {
            how = "the provider process closed its output"
        }
        fail(.exited(how, stderr: stderrTail))
        if state.withLock({ $0.waitStatus == nil }) {
            // Still running with its output closed: it is no use any more.
            kill()
            _ = waitForExit(within: .seconds(1))
        }
    }

    /// Collects the exit status if the process has exited; returns whether it has.
    @discardableResult
    private func reap() -> Bool {
        let reaped = state.withLock { state -> Bool in
            if state.waitStatus != nil { return true }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) {
                state.waitStatus = result == pid ? status : 0
                return true
            }
            return false
        }
        if reaped { Live.remove(self) }
        return reaped
    }

    /// Waits until the process has exited, at most `limit`; returns whether it has.
    public func waitForExit(within limit: Duration) -> Bool {
        let clock = ContinuousClock()
        let end = clock.now + limit
        while clock.now < end {
            if reap() { return true }
            usleep(5_000)
        }
        return reap()
    }

    /// The exit status, once the process has exited (`nil` before, or when killed by a signal).
    public var exitCode: Int32? {
        guard let status = state.withLock({ $0.waitStatus }), status & 0x7F == 0 else { return nil }
        return (status >> 8) & 0xFF
    }

    /// Closes the process's standard input (end of requests).
    public func closeInput() {
        state.withLock { state in
            if state.inputOpen {
                state.inputOpen = false
                _ = close(input)
            }
        }
    }

    /// How ``end(grace:)`` ended the process.
    public enum Ending: Sendable, Hashable {
        case exited, terminated, killed
    }

    /// Ends the process: sends `shutdown` (without waiting for the answer), closes its input, and waits `grace`
    /// for it to exit before SIGTERM, and `grace` again before SIGKILL. Blocks the calling thread.
    @discardableResult
    public func end(grace: Duration = .milliseconds(500)) -> Ending {
        beginEnding()
        return finishEnding(grace: grace)
    }

    private func beginEnding() {
        state.withLock { state in
            guard state.waitStatus == nil, state.ended == nil else { return }
            let id = state.nextID
            state.nextID += 1
            _ = writeLocked(&state, ExternalProtocol.requestLine(id: id, method: "shutdown", params: nil))
        }
        closeInput()
    }

    private func finishEnding(grace: Duration) -> Ending {
        if waitForExit(within: grace) { return .exited }
        state.withLock { state in
            if state.waitStatus == nil { signalProcess(pid, SIGTERM) }
        }
        if waitForExit(within: grace) { return .terminated }
        kill()
        _ = waitForExit(within: .seconds(2))
        return .killed
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }

    /// The processes still running, ended when lexagg exits.
    private enum Live {
        static let processes = Mutex<[ObjectIdentifier: ProviderProcess]>([:])
        static let installed = Mutex(false)

        static func add(_ process: ProviderProcess) {
            let first = installed.withLock { installed in
                defer { installed = true }
                return !installed
            }
            if first { atexit { Live.endAll() } }
            processes.withLock { $0[ObjectIdentifier(process)] = process }
        }

        static func remove(_ process: ProviderProcess) {
            _ = processes.withLock { $0.removeValue(forKey: ObjectIdentifier(process)) }
        }

        static func endAll() {
            let running = processes.withLock { Array($0.values) }
            for process in running { process.beginEnding() }
            for process in running { _ = process.finishEnding(grace: .milliseconds(300)) }
        }
    }
}

/// Sends `signal` to the process group `pid` leads, which holds what the process started, or to `pid` alone if it
/// has left it (the C `kill`, which the method of the same name hides inside the class). Called only before the
/// process is reaped: until then its id cannot name another process or group.
private func signalProcess(_ pid: pid_t, _ signal: Int32) {
    if kill(-pid, signal) != 0 { _ = kill(pid, signal) }
}

extension ExternalFailure {
    static let closedInput = "the provider closed its input"

    /// A write that failed because the process no longer reads (it has exited, or is exiting).
    var isClosedInput: Bool {
        if case .exited(let message, _) = self { return message == Self.closedInput }
        return false
    }
}
