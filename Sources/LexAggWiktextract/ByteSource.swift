#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib
import Foundation

/// Where an import reads its bytes from: a plain file, a gzip file (zlib, in process), or a `.bz2`/`.xz` file
/// decompressed by Debian's `bzip2`/`xz` programs through a pipe.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` decompressed bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int
    /// How many bytes of the file on disk have been consumed so far (for progress against the file's size).
    var consumed: Int { get }
    func close()
}

/// Opens `path` by its name: `.gz` through zlib, `.bz2` and `.xz` through `bzip2 -dc`/`xz -dc`, anything else plain.
public func openByteSource(path: String) throws(ImportError) -> any ByteSource {
    let file = try FileSource(path: path)
    if path.hasSuffix(".gz") { return try GzipSource(file: file) }
    if path.hasSuffix(".bz2") { file.close(); return try PipeSource(program: "bzip2", path: path) }
    if path.hasSuffix(".xz") { file.close(); return try PipeSource(program: "xz", path: path) }
    return file
}

func systemErrorText() -> String { String(cString: strerror(errno)) }

/// A file read with read(2), or mapped whole (``mapped()``) for a plain dump's lines to be scanned where they lie.
public final class FileSource: ByteSource {
    let path: String
    let descriptor: Int32
    public private(set) var consumed = 0
    public let size: Int
    private var mapping: UnsafeRawBufferPointer?

    public init(path: String) throws(ImportError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportError("cannot open \(path): \(systemErrorText())") }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            Glibc.close(descriptor)
            throw ImportError("\(path) is not a regular file")
        }
        size = Int(info.st_size)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { consumed += count; return count }
            if errno == EINTR { continue }
            throw ImportError("cannot read \(path): \(systemErrorText())")
        }
    }

    /// The whole file mapped read-only, for reading in place of ``read(into:)``; nil when it cannot be (an empty
    /// file, or mmap refused). Reading the mapping copies nothing: read(2) copied every byte of the dump into the
    /// reader's buffer and the reader copied it again into a batch (7 % of a 1 GB import's time, perf).
    ///
    /// Pages read are counted in the process's resident memory until ``release(before:)`` drops them (they stay in the
    /// page cache). A file cut short while it is imported ends the process with SIGBUS, as it would `grep` or `git`.
    public func mapped() -> UnsafeRawBufferPointer? {
        if let mapping { return mapping }
        guard size > 0, let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED
        else { return nil }
        _ = madvise(address, size, MADV_SEQUENTIAL)
        mapping = UnsafeRawBufferPointer(start: address, count: size)
        return mapping
    }

    /// Lets go of the mapped pages wholly before `offset` (a hint: a page read again comes back from the page cache).
    func release(before offset: Int) {
        // In steps of at least `releaseStep`: a madvise per line was a system call and a TLB shoot-down each.
        guard offset - released >= Self.releaseStep, let base = mapping?.baseAddress else { return }
        let end = min(offset, size) & ~(Self.releaseStep - 1)
        guard end > released else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + released), end - released, MADV_DONTNEED)
        released = end
    }

    private var released = 0
    /// A multiple of any page size.
    static let releaseStep = 4 << 20

    /// Where the reading of the mapping stands (for progress).
    func advance(to offset: Int) { consumed = offset }

    public func close() {
        if let mapping, let base = mapping.baseAddress { munmap(UnsafeMutableRawPointer(mutating: base), mapping.count) }
        mapping = nil
        Glibc.close(descriptor)
    }
}

/// A gzip file (or several concatenated gzip members) inflated with zlib.
public final class GzipSource: ByteSource {
    private let file: FileSource
    // On the heap: zlib checks that the stream it is handed is the one it was initialised with.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 8)
    private var finished = false
    public var consumed: Int { file.consumed }

    init(file: FileSource) throws(ImportError) {
        self.file = file
        stream.initialize(to: z_stream())
        // 15 + 32: a zlib or gzip header, detected automatically.
        guard inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            input.deallocate()
            stream.deallocate()
            throw ImportError("zlib could not start inflating \(file.path)")
        }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        guard !finished else { return 0 }
        stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out == uInt(buffer.count) {
            if stream.pointee.avail_in == 0 {
                let count = try file.read(into: input)
                if count == 0 {
                    finished = true
                    if sawInput && !atMemberEnd {
                        throw ImportError("\(file.path) ends in the middle of its gzip data (a truncated download?)")
                    }
                    break
                }
                sawInput = true
                stream.pointee.next_in = input.baseAddress?.assumingMemoryBound(to: Bytef.self)
                stream.pointee.avail_in = uInt(count)
            }
            let status = inflate(stream, Z_NO_FLUSH)
            if status == Z_STREAM_END {
                // Another member may follow (gzip files can be concatenated): start over on the rest.
                atMemberEnd = true
                inflateReset(stream)
            } else if status == Z_OK {
                atMemberEnd = false
            } else if status != Z_BUF_ERROR {
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "status \(status)"
                throw ImportError("\(file.path) is not valid gzip data: \(message)")
            }
        }
        return buffer.count - Int(stream.pointee.avail_out)
    }

    private var atMemberEnd = false
    private var sawInput = false

    public func close() {
        inflateEnd(stream)
        stream.deallocate()
        input.deallocate()
        file.close()
    }
}

/// A file decompressed by an external program (`bzip2 -dc FILE`, `xz -dc FILE`) whose output is read from a pipe.
public final class PipeSource: ByteSource {
    private let process = Process()
    private let pipe = Pipe()
    private let descriptor: Int32
    private let program: String
    private let path: String
    private let size: Int
    public var consumed: Int {
        // The program reads the file ahead of us; its position in the file is in /proc.
        guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") }),
              let value = Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        else { return 0 }
        return min(value, size)
    }

    init(program: String, path: String) throws(ImportError) {
        self.program = program
        self.path = path
        let candidates = ["/usr/bin/\(program)", "/bin/\(program)", "/usr/local/bin/\(program)"]
        guard let executable = candidates.first(where: { access($0, X_OK) == 0 }) else {
            throw ImportError("\(path) needs the '\(program)' program to decompress it; install it (apt-get install \(program == "xz" ? "xz-utils" : program)) or decompress the file first")
        }
        var info = stat()
        size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-dc", "--", path]
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        descriptor = pipe.fileHandleForReading.fileDescriptor
        do { try process.run() } catch { throw ImportError("cannot start \(executable): \(error)") }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count > 0 { return count }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { throw ImportError("cannot read from \(program): \(systemErrorText())") }
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                throw ImportError("\(program) could not decompress \(path) (exit status \(process.terminationStatus)): is it a complete .\(program == "xz" ? "xz" : "bz2") file?")
            }
            return 0
        }
    }

    public func close() {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? pipe.fileHandleForReading.close()
    }
}

/// Why an import failed; the message says what to do.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
