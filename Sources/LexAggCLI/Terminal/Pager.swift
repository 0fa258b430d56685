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
    /// writes the text itself). The pager is spawned directly (not with Foundation's Process, which starts a new
    /// session: the pager would lose the terminal it reads its keys from).
    static func show(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let command = environment["PAGER"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? "less -FRX"
        if command == "cat" { return false }
        var variables = environment
        // less shows colours only with -R; a LESS the user set is kept.
        if variables["LESS"] == nil { variables["LESS"] = "FRX" }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], STDIN_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        let arguments = ["/bin/sh", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        close(pipeEnds[0])
        guard spawned == 0 else {
            close(pipeEnds[1])
            return false
        }
        // The pager may quit before reading everything (q): a broken pipe is not an error here.
        signal(SIGPIPE, SIG_IGN)
        var bytes = Array(text.utf8)
        var done = 0
        bytes.withUnsafeMutableBytes { buffer in
            while done < buffer.count {
                let written = write(pipeEnds[1], buffer.baseAddress! + done, buffer.count - done)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { break }
                done += written
            }
        }
        close(pipeEnds[1])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // 127: the shell found no such pager; show the text without one.
        let exited = status & 0x7f == 0
        return !(exited && (status >> 8) & 0xff == 127)
    }
}
