#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a directory, read with `opendir`/`readdir`.
///
/// Foundation's `FileManager.contentsOfDirectory(atPath:)` gives the same names, but its first use in a process asks
/// the runtime to prove a generic type's requirements by scanning every conformance record of the static binary:
/// 0.9 million instructions, a tenth of `lookup --offline`, even for a directory that does not exist.
public enum DirectoryListing {
    /// The names in `path` (not `.` or `..`), sorted; the `errno` that stopped `opendir` when it cannot be read.
    public static func names(_ path: String) -> Result<[String], Errno> {
        guard let directory = opendir(path) else { return .failure(Errno(code: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted())
    }

    /// Why a directory could not be read.
    public struct Errno: Error, Sendable, Equatable, CustomStringConvertible {
        public var code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// Creates the directory `path` and those above it that are missing (`mkdir -p`, mode 0777 less the umask), saying
    /// what stopped it as the system says it: Foundation's `createDirectory` said "The operation could not be
    /// completed. (NSCocoaErrorDomain error 512.)" for a path under a file. A path that is a file is `ENOTDIR`.
    public static func create(_ path: String) -> Result<Void, Errno> {
        var info = stat()
        if stat(path, &info) == 0 {
            return (info.st_mode & S_IFMT) == S_IFDIR ? .success(()) : .failure(Errno(code: ENOTDIR))
        }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !parent.isEmpty, parent != path, case .failure(let error) = create(parent) { return .failure(error) }
        if mkdir(path, 0o777) == 0 { return .success(()) }
        // (Made meanwhile by another process: a directory is fine, anything else is not.)
        if errno == EEXIST { return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? .success(()) : .failure(Errno(code: ENOTDIR)) }
        return .failure(Errno(code: errno))
    }
}
