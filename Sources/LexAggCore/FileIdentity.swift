#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file is open, or is at a path now, as it is: its device, inode, size and time of change. A file replaced at its
/// path (a dataset imported again, which renames a new file over the old one; a package upgrade) or written over in
/// place is another identity there, a removed one none:
/// what a provider that keeps a file open compares to know it is outdated (``DictionaryProvider/isOutdated``).
public struct FileIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64
    /// The size and the time of the last change: a file written over in place (`cp` onto it) is the same inode.
    public let size: Int64
    public let modified: Int64
    public let modifiedNanoseconds: Int

    /// The identity of what `descriptor` has open; nil when it cannot be read.
    public init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The identity of the file at `path` now; nil when there is none (removed) or it cannot be read.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    public init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }

    /// Whether the file at `path` is no longer this one: replaced, or removed.
    public func isReplaced(at path: String) -> Bool { FileIdentity(path: path) != self }
}
