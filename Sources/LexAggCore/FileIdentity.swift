#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file is open, or is at a path now: its device and inode. A file replaced at its path (a dataset imported
/// again, which renames a new file over the old one; a package upgrade) is another identity there, a removed one none:
/// what a provider that keeps a file open compares to know it is outdated (``DictionaryProvider/isOutdated``).
public struct FileIdentity: Sendable, Hashable {
    public let device: UInt64
    public let inode: UInt64

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
    }

    /// Whether the file at `path` is no longer this one: replaced, or removed.
    public func isReplaced(at path: String) -> Bool { FileIdentity(path: path) != self }
}
