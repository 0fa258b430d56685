#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The lock of one dataset name, `.NAME.lock` beside the datasets: an import into the name holds it from start to
/// rename, and `data remove` holds it to delete the dataset and then the lock file itself. Two imports into one name
/// both said "imported" and the last won; a removal during an import saw the dataset come back at its end.
///
/// The file is deleted by its holder (a removal), so a process that opened it just before may lock a file no longer
/// there while a third creates a new one: each holder checks, once locked, that its file is still the one at the path,
/// and opens again if not.
public final class DatasetLock {
    private let descriptor: Int32
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    public static func path(of name: String, in directory: String) -> String { directory + "/.\(name).lock" }

    /// The lock of `name` in `directory`, tried for a second: a child another thread is starting (fork, then exec)
    /// holds a copy of the descriptor for a moment, and with it the lock of an import that has ended. Nil when another
    /// process holds it all that time; an error when the file cannot be made.
    public static func acquire(name: String, in directory: String) throws(ImportError) -> DatasetLock? {
        let path = path(of: name, in: directory)
        for _ in 0..<50 {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw ImportError("cannot create \(path): \(systemErrorText())") }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                usleep(20_000)
                continue
            }
            // Still the file at the path (a removal deletes it once done): else lock the one there now.
            var held = stat(), there = stat()
            if fstat(descriptor, &held) == 0, stat(path, &there) == 0, held.st_ino == there.st_ino, held.st_dev == there.st_dev {
                return DatasetLock(descriptor: descriptor, path: path)
            }
            close(descriptor)
        }
        return nil
    }

    /// Deletes the lock file while holding it (after the dataset is removed): nothing of the name is left.
    public func removeFile() { unlink(path) }
}
