#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore

/// A read-only file, memory-mapped, so that a binary search touches only the pages it reads — or a file built into
/// the executable (``BuiltInFiles``), read in place.
final class MappedFile: @unchecked Sendable {
    // Safety: the mapping is read-only and immutable for the object's lifetime; `munmap` runs in `deinit` only.
    let path: String
    let bytes: UnsafeRawBufferPointer
    /// Whether `bytes` is a mapping of this object's (built-in files are not).
    private let mapped: Bool
    /// The file mapped; nil for a built-in one.
    let identity: FileIdentity?

    init(path: String) throws(DictFileError) {
        self.path = path
        if BuiltInFiles.isBuiltIn(path) {
            guard let bytes = BuiltInFiles.bytes(atPath: path) else {
                throw DictFileError(path: path, problem: "this lexagg was built without it", kind: .unreadable)
            }
            self.bytes = bytes
            mapped = false
            identity = nil
            return
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a FIFO must not block the open: it is refused below
        guard fd >= 0 else { throw DictFileError(path: path, problem: "cannot open: \(systemError())", kind: .unreadable) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw DictFileError(path: path, problem: "cannot stat: \(systemError())", kind: .unreadable) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw DictFileError(path: path, problem: "not a regular file", kind: .unreadable) }
        let size = Int(info.st_size)
        guard size > 0 else { throw DictFileError(path: path, problem: "the file is empty") }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), address != MAP_FAILED else {
            throw DictFileError(path: path, problem: "cannot map into memory: \(systemError())", kind: .unreadable)
        }
        self.bytes = UnsafeRawBufferPointer(start: address, count: size)
        mapped = true
        identity = FileIdentity(info)
    }

    deinit {
        if mapped { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
    }
}

/// A file read with `pread`, for bodies where only small ranges are needed — or a file built into the executable
/// (``BuiltInFiles``), copied from in place.
final class RandomAccessFile: @unchecked Sendable {
    // Safety: `fd` is only read with `pread`, which takes its own offset and is safe to call concurrently; built-in
    // bytes are immutable.
    let path: String
    let size: Int
    private let fd: Int32
    private let builtIn: UnsafeRawBufferPointer?
    /// The file open; nil for a built-in one.
    let identity: FileIdentity?

    init(path: String) throws(DictFileError) {
        self.path = path
        if BuiltInFiles.isBuiltIn(path) {
            guard let bytes = BuiltInFiles.bytes(atPath: path) else {
                throw DictFileError(path: path, problem: "this lexagg was built without it", kind: .unreadable)
            }
            builtIn = bytes
            fd = -1
            size = bytes.count
            identity = nil
            return
        }
        builtIn = nil
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)  // a FIFO must not block the open: it is refused below
        guard fd >= 0 else { throw DictFileError(path: path, problem: "cannot open: \(systemError())", kind: .unreadable) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw DictFileError(path: path, problem: "cannot stat: \(systemError())", kind: .unreadable)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw DictFileError(path: path, problem: "not a regular file", kind: .unreadable)
        }
        self.fd = fd
        self.size = Int(info.st_size)
        identity = FileIdentity(info)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Reads exactly `count` bytes at `offset`, then `trailer` after them in the same array (a dictzip chunk takes
    /// libdeflate's end-of-stream block this way, with no second copy).
    func read(offset: Int, count: Int, appending trailer: [UInt8] = []) throws(DictFileError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset + count <= size else {
            throw DictFileError(
                path: path, problem: "truncated: needs bytes \(offset)..<\(offset + count) but the file has \(size)"
            )
        }
        guard count + trailer.count > 0 else { return [] }
        var failure: DictFileError?
        // Read straight into the array's storage: zeroing it first was most of the cost of a chunk's read.
        let buffer = [UInt8](unsafeUninitializedCapacity: count + trailer.count) { buffer, initialized in
            let base = buffer.baseAddress!
            if let builtIn {
                if count > 0 {
                    base.initialize(from: builtIn.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self), count: count)
                }
            } else {
                var done = 0
                while done < count {
                    let n = pread(fd, base + done, count - done, off_t(offset + done))
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = DictFileError(path: path, problem: "read failed: \(systemError())", kind: .unreadable)
                        return
                    }
                    if n == 0 {
                        failure = DictFileError(path: path, problem: "truncated: unexpected end of file at \(offset + done)")
                        return
                    }
                    done += n
                }
            }
            trailer.withUnsafeBufferPointer { trailer in
                if let bytes = trailer.baseAddress { (base + count).initialize(from: bytes, count: trailer.count) }
            }
            initialized = count + trailer.count
        }
        if let failure { throw failure }
        return buffer
    }
}

func systemError() -> String {
    String(cString: strerror(errno))
}

/// Whether `path` names a readable regular file.
func isReadableFile(_ path: String) -> Bool {
    if BuiltInFiles.isBuiltIn(path) { return BuiltInFiles.bytes(atPath: path) != nil }
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(path, R_OK) == 0
}

/// The names in a directory, or an error that says why it cannot be read.
func directoryEntries(_ path: String) -> Result<[String], DictFileError> {
    if path == BuiltInFiles.directory { return .success(BuiltInFiles.available) }
    return DirectoryListing.names(path).mapError { error in
        DictFileError(path: path, problem: "cannot read directory: \(error)", kind: .unreadable)
    }
}
