import CSpawn
import Foundation
import LexAggCore

// Waiting on a child (a server the test started, a program it killed) without holding a thread of the test pool.
//
// Swift Testing runs tests on Swift's cooperative pool, which has as many threads as the machine has cores: two on CI.
// `waitUntilExit()`, or a blocking read of what a starting server prints, holds one of them for as long as the child
// takes; two tests doing so at once hold them all, and every other test in the process stops, including in-process
// HTTP servers whose clients then give up. The waits here happen on a thread of their own (``offThePool(_:)``).

extension Process {
    /// Waits for the process to exit and returns its status (`terminationStatus`), off the test pool.
    @discardableResult
    public func exited() async -> Int32 {
        await offThePool { [self] in
            waitUntilExit()
            return terminationStatus
        }
    }

    /// SIGTERM, then the exit status, waited for off the test pool.
    @discardableResult
    public func terminated() async -> Int32 {
        kill(processIdentifier, SIGTERM)
        return await exited()
    }
}

extension FileHandle {
    /// What the other end writes until it has written `count` lines or closed (a server printing its addresses),
    /// read off the test pool.
    public func lines(_ count: Int) async -> String {
        await offThePool { [self] in
            var printed = ""
            while printed.split(separator: "\n").count < count {
                let data = availableData
                if data.isEmpty { break }
                printed += String(decoding: data, as: UTF8.self)
            }
            return printed
        }
    }
}

/// Spawn attributes for a child that starts with the signals lexagg ignores or handles at their default actions and
/// none blocked (`lexagg_spawn_child_signals`, as lexagg starts its own children), whatever the test process does with
/// them at that moment: `system()` and Foundation's `Process` pass on a signal it ignores, and in-process tests ignore
/// SIGINT, SIGTERM and SIGHUP while they listen for them (a quiz session, an import, the MCP server). lexagg keeps a
/// signal it starts with ignored (`nohup`, a shell's background job), so a binary started then went on through the
/// signal a test sent it.
struct SpawnAttributes {
    var value = posix_spawnattr_t()

    init() {
        posix_spawnattr_init(&value)
        _ = lexagg_spawn_child_signals(&value, 0)
    }

    mutating func destroy() { posix_spawnattr_destroy(&value) }
}

/// `system(line)` with the child's signals as ``SpawnAttributes`` sets them: `/bin/sh -c line`, with this process's
/// environment and standard streams; its wait status (as `system` returns it).
public func shellWithDefaultSignals(_ line: String) -> Int32 {
    var attributes = SpawnAttributes()
    defer { attributes.destroy() }
    let words: [String] = ["/bin/sh", "-c", line]
    let argv = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    guard posix_spawn(&pid, "/bin/sh", nil, &attributes.value, argv, environ) == 0 else { return 127 << 8 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status
}

/// A program started with lexagg's signals at their default actions and none blocked (``SpawnAttributes``), its standard
/// input and output (with standard error) on pipes: for a test that signals it.
public final class SignalledProgram: @unchecked Sendable {
    // Safety: the descriptors are written in `init` only; `received` and `reaped` by one caller at a time.
    public let pid: pid_t
    private let input: Int32
    private let output: Int32
    private var received = ""
    private var reaped = false

    public init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
        var toChild: [Int32] = [0, 0], fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else { throw POSIXError(.EMFILE) }
        // Close-on-exec at once (Glibc's module has no pipe2): another test's child started meanwhile would keep an
        // end open, and the reading would wait for it to exit. The child's own copies, made by dup2, are not.
        for descriptor in toChild + fromChild { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var attributes = SpawnAttributes()
        defer { attributes.destroy() }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid = pid_t()
        let failed = posix_spawn(&pid, path, &actions, &attributes.value, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard failed == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw POSIXError(POSIXErrorCode(rawValue: failed) ?? .EINVAL)
        }
        self.pid = pid
        input = toChild[1]
        output = fromChild[0]
    }

    deinit {
        close(input)
        close(output)
        // A test that failed before the program ended does not leave it running (a quiz counts down for minutes).
        if !reaped {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Writes `text` to the program's standard input.
    public func send(_ text: String) {
        _ = text.withCString { write(input, $0, strlen($0)) }
    }

    /// What the program has written, read until it contains `text` or ends, off the test pool.
    public func read(until text: String? = nil) async -> String {
        await offThePool { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while text.map({ !received.contains($0) }) ?? true {
                let count = Glibc.read(output, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                received += String(decoding: buffer[0..<count], as: UTF8.self)
            }
            return received
        }
    }

    /// Its exit status (128 + the signal's number when a signal ended it), waited for off the test pool.
    public func exited() async -> Int32 {
        await offThePool { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
            let signal = status & 0x7F
            return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        }
    }
}
