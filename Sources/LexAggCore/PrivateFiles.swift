#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// lexagg's data files (library, history, cache) are the user's alone.
///
/// New files are created 0600 (the binary sets umask 077). Files an older lexagg wrote were 0644, so whoever opens
/// a store takes the group's and others' permissions off its files too.
public enum PrivateFiles {
    /// Removes group and other permissions from `path` when it is a regular file owned by this user and has any.
    /// Anything else (missing, a link, a device, somebody else's file) is left as it is.
    /// - Returns: whether the mode was changed.
    @discardableResult
    public static func restrict(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_uid == geteuid(), (info.st_mode & S_IFMT) == S_IFREG,
              info.st_mode & 0o077 != 0
        else { return false }
        return chmod(path, info.st_mode & 0o7700) == 0
    }

    /// ``restrict(_:)`` for an SQLite database and the files SQLite keeps beside it.
    public static func restrictDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal", ".lock"] { restrict(path + suffix) }
    }
}
