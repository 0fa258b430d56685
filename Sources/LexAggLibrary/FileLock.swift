#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Exclusive `flock` locks taken with a deadline: the one way the library and the lookup journal wait for another
/// lexagg process. A lock still held at the deadline is an error that says which file is locked and for how long
/// lexagg waited, instead of a wait without end (another process stopped with Ctrl-Z, a stuck NFS lock, anything
/// holding the file).
enum FileLock {
    /// How long `library` commands wait for `library.sqlite.lock`.
    static let libraryDeadline: Duration = .seconds(10)
    /// How long a lookup waits to append to `history.log` (its answer is already printed).
    static let journalDeadline: Duration = .seconds(2)
    /// How long `history` and the library wait to count the journal.
    static let foldDeadline: Duration = .seconds(5)

    /// Locks `descriptor` (open on `path`) exclusively, polling until `deadline`.
    /// - Throws: ``LibraryError`` (`.io`) when the lock is still held at the deadline or cannot be taken.
    static func acquire(_ descriptor: Int32, path: String, deadline: Duration) throws(LibraryError) {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        var pause: UInt32 = 1_000
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK else {
                throw LibraryError(.io, "cannot lock \(path): \(String(cString: strerror(errno)))")
            }
            guard clock.now < end else {
                let seconds = deadline.components.seconds
                throw LibraryError(
                    .io,
                    "\(path) is locked by another process (waited \(seconds) s); try again when the other lexagg "
                        + "command has finished (fuser \(path) shows which process holds it)",
                    reason: .locked(path: path, seconds: seconds)
                )
            }
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }
}
