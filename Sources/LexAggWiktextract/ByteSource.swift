#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CZlib
import Foundation
import Synchronization

/// Where an import reads its bytes from: a plain file, a gzip file (zlib, in process), a `.bz2`/`.xz` file
/// decompressed by Debian's `bzip2`/`xz` programs through a pipe, or a stream (standard input), plain or gzip.
public protocol ByteSource: AnyObject {
    /// Reads up to `buffer.count` decompressed bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int
    /// How many bytes of the file on disk have been consumed so far (for progress against the file's size).
    var consumed: Int { get }
    func close()
}

/// Opens `path` by its name: `.gz` through zlib, `.bz2` and `.xz` through `bzip2 -dc`/`xz -dc`, anything else plain;
/// `-` is standard input (``openStream(descriptor:name:)``).
public func openByteSource(path: String) throws(ImportError) -> any ByteSource {
    if path == "-" {
        guard isatty(0) == 0 else {
            throw ImportError(
                "standard input is a terminal: pipe a dump into it (zcat FILE.jsonl.gz | lexagg data import wiktextract -) or name the file",
                reason: .terminalInput
            )
        }
        return try openStream(descriptor: 0, name: standardInputName)
    }
    // A pipe by name (`<(zcat dump.jsonl.gz)`, a FIFO made with mkfifo): read as it comes, as `-` is.
    var info = stat()
    if stat(path, &info) == 0, [S_IFIFO, S_IFCHR, S_IFSOCK].contains(info.st_mode & S_IFMT) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportError("cannot open \(path): \(systemErrorText())") }
        guard isatty(descriptor) == 0 else {
            Glibc.close(descriptor)
            throw ImportError("\(path) is a terminal: name a dump file, or pipe one in")
        }
        return try openStream(descriptor: descriptor, name: path, owned: true)
    }
    let file = try FileSource(path: path)
    // By its first bytes, as a stream is, and by its name when they tell nothing: a gzip dump saved without its
    // extension is inflated, an xz one named .gz goes to xz, a plain dump named .gz is read as it is.
    // (512 bytes: a PNG's or an executable's first NUL comes after its signature.)
    var head = [UInt8](repeating: 0, count: 512)
    let got = head.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, 512, 0) }
    head = Array(head.prefix(max(0, got)))
    var kind = Compression(head: head)
    if kind == nil, head.first != UInt8(ascii: "{") {
        kind = path.hasSuffix(".gz") ? .gzip : path.hasSuffix(".bz2") ? .bzip2 : path.hasSuffix(".xz") ? .xz : nil
    }
    switch kind {
    case .gzip:
        do { return try GzipSource(source: file, name: path) } catch { file.close(); throw error }
    case let compressed?:
        file.close()
        return try PipeSource(program: compressed.rawValue, path: path)
    case nil:
        if head.contains(0) {
            file.close()
            throw ImportError(Compression.binaryMessage(path), reason: .notText(path))
        }
        return file
    }
}

/// The compressed formats an import reads, told by their first bytes; bzip2 and xz through the program of that name.
enum Compression: String {
    case gzip, bzip2, xz

    init?(head: [UInt8]) {
        if head.starts(with: [0x1F, 0x8B]) {
            self = .gzip
        } else if head.starts(with: Array("BZh".utf8)) {
            self = .bzip2
        } else if head.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
            self = .xz
        } else {
            return nil
        }
    }

    /// Why input that starts with a NUL byte is refused: no JSON Lines file has one (`/dev/zero`, an image, a
    /// compressed format lexagg does not read) — refused at once, not read to its end as one endless line.
    static func binaryMessage(_ name: String) -> String {
        "\(name) is not a JSON Lines file (it starts with binary data); a wiktextract dump is .jsonl, .jsonl.gz, .jsonl.bz2 or .jsonl.xz"
    }
}

/// What messages and a dataset's metadata call standard input.
public let standardInputName = "standard input"
/// What a dataset's metadata calls a shell's pipe (`<(zcat …)`).
public let pipeName = "pipe"

/// The stream read from `descriptor` (a pipe: `curl … | lexagg data import wiktextract -`), told apart by its first
/// bytes, as there is no name to go by: gzip inflated as it comes, bzip2 and xz through their programs (the stream
/// written into them), anything else read as it is.
public func openStream(descriptor: Int32, name: String, owned: Bool = false) throws(ImportError) -> any ByteSource {
    let stream = StreamSource(descriptor: descriptor, name: name, owned: owned)
    let head: [UInt8]
    do { head = try stream.peek(6) } catch { stream.close(); throw error }
    // (A source that cannot start closes the stream: a FIFO opened by name is not left open.)
    switch Compression(head: head) {
    case .gzip:
        do { return try GzipSource(source: stream, name: name) } catch { stream.close(); throw error }
    case let compressed?:
        do { return try PipeSource(program: compressed.rawValue, path: name, feeding: stream) } catch { stream.close(); throw error }
    case nil:
        if head.contains(0) {
            stream.close()
            throw ImportError(Compression.binaryMessage(name), reason: .notText(name))
        }
        return stream
    }
}

/// Bytes read from a descriptor as they come (a pipe), the first few of them looked at first (``peek(_:)``).
public final class StreamSource: ByteSource {
    let descriptor: Int32
    let name: String
    public private(set) var consumed = 0
    /// Bytes read by ``peek(_:)`` and not yet handed out.
    private var pending: [UInt8] = []

    /// Whether ``close()`` closes the descriptor (a pipe opened by name), else the caller's (standard input).
    let owned: Bool
    private var closed = false

    init(descriptor: Int32, name: String, owned: Bool = false) {
        self.descriptor = descriptor
        self.name = name
        self.owned = owned
    }

    /// Up to `count` first bytes (fewer only at the end of the stream), handed out again by the next reads.
    func peek(_ count: Int) throws(ImportError) -> [UInt8] {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled < count {
            let got = try readDescriptor(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if got == 0 { break }
            filled += got
        }
        pending = Array(buffer[..<filled])
        return pending
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        if !pending.isEmpty {
            let count = min(buffer.count, pending.count)
            pending.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: count) }
            pending.removeFirst(count)
            return count
        }
        return try readDescriptor(into: buffer)
    }

    private func readDescriptor(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        let count = try readRetrying(descriptor, into: buffer, name: name)
        consumed += count
        return count
    }

    /// Closes a descriptor opened by name; leaves the caller's (the process's standard input) open.
    public func close() {
        guard owned, !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }
}

func systemErrorText() -> String { String(cString: strerror(errno)) }

/// read(2) of `descriptor` into `buffer`, again when a signal interrupted it; 0 at the end. (`name`: for the message.)
func readRetrying(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, name: String) throws(ImportError) -> Int {
    while true {
        let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        if count >= 0 { return count }
        if errno == EINTR { continue }
        throw ImportError("cannot read \(name): \(systemErrorText())")
    }
}

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
        let count = try readRetrying(descriptor, into: buffer, name: path)
        consumed += count
        return count
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

/// A gzip file or stream (or several concatenated gzip members) inflated with zlib.
public final class GzipSource: ByteSource {
    private let source: any ByteSource
    /// The file's path, or what the stream is called, for messages.
    private let name: String
    // On the heap: zlib checks that the stream it is handed is the one it was initialised with.
    private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    private let input = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 8)
    private var finished = false
    public var consumed: Int { source.consumed }

    init(source: any ByteSource, name: String) throws(ImportError) {
        self.source = source
        self.name = name
        stream.initialize(to: z_stream())
        // 15 + 32: a zlib or gzip header, detected automatically.
        guard inflateInit2_(stream, 15 + 32, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            input.deallocate()
            stream.deallocate()
            throw ImportError("zlib could not start inflating \(name)")
        }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        guard !finished else { return 0 }
        stream.pointee.next_out = buffer.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(buffer.count)
        while stream.pointee.avail_out == uInt(buffer.count) {
            if stream.pointee.avail_in == 0 {
                let count = try source.read(into: input)
                if count == 0 {
                    finished = true
                    if sawInput && !atMemberEnd {
                        throw ImportError("\(name) ends in the middle of its gzip data (a truncated download?)", reason: .truncatedGzip(source: name))
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
                throw ImportError("\(name) is not valid gzip data: \(message)", reason: .invalidGzip(source: name, message: message))
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
        source.close()
    }
}

/// Why an import failed; the message says what to do.
public struct ImportError: Error, CustomStringConvertible, Sendable {
    /// The message, in English.
    public var description: String
    /// The import stopped because ``ImportCancellation/requestStop(signal:)`` asked it to.
    public var isInterruption = false
    /// What went wrong, with what the message names, for the failures a user meets most (an interface in another
    /// language words them itself); nil for the rest (a system call's error, a damaged run file).
    public var reason: Reason?

    public init(_ description: String, reason: Reason? = nil) {
        self.description = description
        self.reason = reason
    }

    public enum Reason: Sendable, Equatable {
        /// Nothing in the file was a word entry: its name, lines, malformed and skipped lines, the languages asked
        /// (empty: all), the first problems (line, message).
        case noEntries(source: String, lines: Int, malformed: Int, skipped: Int, languages: [String], problems: [WiktextractImporter.Problem])
        /// More malformed lines than allowed: the limit, the source, the first problems.
        case tooManyMalformed(limit: Int, source: String, problems: [WiktextractImporter.Problem])
        /// `-` with a terminal for standard input.
        case terminalInput
        /// A gzip stream cut short, or not gzip: the name (and zlib's words).
        case truncatedGzip(source: String)
        case invalidGzip(source: String, message: String)
        /// A compressed file whose program is not installed: the file, the program, its Debian package.
        case missingProgram(source: String, program: String, package: String)
        /// The program failed: which, on what, its exit status, whether the data came through a pipe.
        case decompressionFailed(program: String, source: String, status: Int32, piped: Bool)
        /// Input that starts with a NUL byte: no JSON Lines file does.
        case notText(String)
        /// Another import into the same name is running.
        case importRunning(String)
    }

    static let interrupted: ImportError = {
        var error = ImportError("interrupted")
        error.isInterruption = true
        return error
    }()
}
