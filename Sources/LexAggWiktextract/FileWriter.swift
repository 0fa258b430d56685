#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written through a buffer with write(2), that knows its position.
final class FileWriter {
    let path: String
    private let descriptor: Int32
    /// Bytes waiting to be written: `buffer[0..<used]`.
    private let buffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private(set) var position = 0
    private var isOpen = true

    /// When set, every this many bytes the kernel is asked to start writing them to disk (`sync_file_range`), so
    /// that the fsync at the end waits for little: the disk works while the import still computes.
    private let writeBehind: Int
    @exclusivity(unchecked) private var startedUpTo = 0
    /// Where the page cache was last told to forget what it holds of the file (see ``writeBehind``).
    @exclusivity(unchecked) private var droppedUpTo = 0
    /// Bytes handed to write(2) so far.
    @exclusivity(unchecked) private var flushed = 0

    #if os(Linux)
    /// Linux's sync_file_range(2), which Glibc's Swift module does not declare (it needs _GNU_SOURCE).
    static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
    }()
    #endif

    init(path: String, capacity: Int = 1 << 18, writeBehind: Int = 0) throws(ImportError) {
        self.path = path
        self.writeBehind = writeBehind
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ImportError("cannot create \(path): \(systemErrorText())") }
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ImportError) {
        if used + bytes.count > buffer.count { try flush() }
        if bytes.count >= min(buffer.count / 2, 1 << 16) {
            // Large writes (a batch of entries) go straight to the file, not through the buffer.
            try flush()
            try writeAll(bytes)
        } else if let source = bytes.baseAddress {
            (buffer.baseAddress! + used).copyMemory(from: source, byteCount: bytes.count)
            used += bytes.count
        }
        position += bytes.count
    }

    func write(_ bytes: [UInt8]) throws(ImportError) {
        var failure: ImportError?
        bytes.withUnsafeBytes { raw in
            do throws(ImportError) { try write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    func write<T: FixedWidthInteger>(integer value: T) throws(ImportError) {
        try withUnsafeBytes(of: value.littleEndian) { (raw) throws(ImportError) in try write(raw) }
    }

    func flush() throws(ImportError) {
        guard used > 0 else { return }
        let pending = used
        used = 0
        try writeAll(UnsafeRawBufferPointer(rebasing: buffer[0..<pending]))
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(ImportError) {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportError("cannot write \(path): \(systemErrorText())")
            }
            done += count
        }
        #if os(Linux)
        flushed += bytes.count
        if writeBehind > 0, flushed - startedUpTo >= writeBehind {
            // Only hints: an error here shows again, and is reported, at the fsync.
            _ = FileWriter.syncFileRange?(descriptor, Int64(startedUpTo), Int64(flushed - startedUpTo), 2 /* SYNC_FILE_RANGE_WRITE */)
            // Drop behind: what was handed to the disk two windows ago has had time to get there (waiting for it is
            // then a formality, not a stall); once it has, the page cache forgets it. A 1 GB dump's dataset otherwise
            // took 1.1 GB of page cache that nothing reads soon, and on a VM whose host backs memory only when it is
            // touched, new page cache cost the import more kernel time than its own work (2-3 s of system time
            // against 0.8).
            let settled = startedUpTo - writeBehind
            if droppedUpTo < settled {
                _ = FileWriter.syncFileRange?(
                    descriptor, Int64(droppedUpTo), Int64(settled - droppedUpTo),
                    7 /* SYNC_FILE_RANGE_WAIT_BEFORE | SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER */
                )
                _ = posix_fadvise(descriptor, off_t(droppedUpTo), off_t(settled - droppedUpTo), POSIX_FADV_DONTNEED)
                droppedUpTo = settled
            }
            startedUpTo = flushed
        }
        #endif
    }

    /// Writes `bytes` at `offset` without moving the position (the header, once the sections are known).
    func write(_ bytes: [UInt8], at offset: Int) throws(ImportError) {
        try flush()
        let count = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard count == bytes.count else { throw ImportError("cannot write \(path): \(systemErrorText())") }
    }

    /// Flushes, syncs to disk and closes.
    func finish(sync: Bool) throws(ImportError) {
        try flush()
        if sync && fsync(descriptor) != 0 { throw ImportError("cannot sync \(path): \(systemErrorText())") }
        closeOnce()
    }

    /// Closes (if not yet closed) and deletes the file.
    func abandon() {
        closeOnce()
        unlink(path)
    }

    private func closeOnce() {
        guard isOpen else { return }
        isOpen = false
        close(descriptor)
    }
}

/// A file read sequentially through a buffer of its own: the blob file copied record by record
/// (``read(_:into:)``), or a sort run's records read in place (``available(_:)``, ``current``, ``consume(_:)``).
final class FileReader {
    let path: String
    private let descriptor: Int32
    private let capacity: Int
    private let buffer: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var atEnd = false

    init(path: String, capacity: Int = 1 << 18) throws(ImportError) {
        self.path = path
        self.capacity = capacity
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportError("cannot open \(path): \(systemErrorText())") }
        buffer = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        buffer.deallocate()
        close(descriptor)
    }

    /// The bytes read and not yet consumed.
    var buffered: Int { end - start }

    /// The first byte not yet consumed; ``buffered`` bytes from it are valid until the next read.
    var current: UnsafeRawPointer { UnsafeRawPointer(buffer + start) }

    func consume(_ count: Int) { start += count }

    /// Whether `count` bytes (at most the buffer's capacity) are buffered from ``current``, reading more (after
    /// moving the rest to the front) if not; false only at the end of the file.
    func available(_ count: Int) throws(ImportError) -> Bool {
        if end - start >= count { return true }
        if start > 0 {
            if end > start { memmove(buffer, buffer + start, end - start) }
            end -= start
            start = 0
        }
        while end < count && !atEnd {
            let free = UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end)
            let got = try readRetrying(descriptor, into: free, name: path)
            if got == 0 { atEnd = true } else { end += got }
        }
        return end - start >= count
    }

    /// Exactly `count` bytes appended to `into`, or false at the end of the file.
    func read(_ count: Int, into target: inout [UInt8]) throws(ImportError) -> Bool {
        var remaining = count
        while remaining > 0 {
            guard try available(1) else {
                if remaining == count { return false }
                throw ImportError("\(path) ends early")
            }
            let take = min(remaining, end - start)
            target.append(contentsOf: UnsafeRawBufferPointer(start: buffer + start, count: take))
            start += take
            remaining -= take
        }
        return true
    }
}
