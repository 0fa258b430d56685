#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file written through a buffer with write(2), that knows its position.
final class FileWriter {
    let path: String
    private let descriptor: Int32
    /// Bytes waiting to be written: `buffer[0..<used]`.
    private let buffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private(set) var position = 0
    private var isOpen = true

    /// When set, every this many bytes the kernel is asked to start writing them to disk (`sync_file_range`), and
    /// every ``syncWindows`` of them ``BackgroundSync`` syncs what is written so far on a thread of its own, so that
    /// the fsync at the end waits for little: the disk works while the import still computes.
    private let writeBehind: Int
    @exclusivity(unchecked) private var startedUpTo = 0
    @exclusivity(unchecked) private var syncRequestedUpTo = 0
    /// Bytes handed to write(2) so far.
    @exclusivity(unchecked) private var flushed = 0
    /// Made at the first window, so that a small file starts no thread.
    private var background: BackgroundSync?
    static let syncWindows = 2

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

    deinit {
        _ = background?.stop()
        buffer.deallocate()
    }

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
        flushed += bytes.count
        guard writeBehind > 0, flushed - startedUpTo >= writeBehind else { return }
        #if os(Linux)
        // Only a hint: an error here shows again, and is reported, at the fsync.
        _ = FileWriter.syncFileRange?(descriptor, Int64(startedUpTo), Int64(flushed - startedUpTo), 2 /* SYNC_FILE_RANGE_WRITE */)
        #endif
        startedUpTo = flushed
        if flushed - syncRequestedUpTo >= writeBehind * Self.syncWindows {
            if background == nil { background = BackgroundSync(descriptor: descriptor) }
            background?.request(upTo: flushed)
            syncRequestedUpTo = flushed
        }
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
        if let code = background?.stop() {
            throw ImportError("cannot sync \(path): \(String(cString: strerror(code)))")
        }
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
        _ = background?.stop()
        isOpen = false
        close(descriptor)
    }
}

/// Syncs a file being written (fdatasync) on a thread of its own, up to where it is asked, while the writer goes on,
/// then lets the page cache forget what it synced. The fsync that ends an import otherwise waited for the disk to
/// take the whole dataset: 70-100 ms of a 100 MB import (a third of it) on a VM's disk, even with every byte handed
/// to it as written (`sync_file_range` only hands bytes to the disk; the disk's own cache is flushed by the fsync).
/// Forgetting keeps a 1 GB dump's dataset from taking 1.1 GB of page cache that nothing reads soon (on a VM whose
/// host backs memory only when it is touched, new page cache cost the import more kernel time than its own work).
final class BackgroundSync: @unchecked Sendable {
    // Safety: every field but `descriptor` is read and written with `condition` locked.
    private let condition = NSCondition()
    private let descriptor: Int32
    private var requested = 0
    private var synced = 0
    private var stopping = false
    private var running = true
    /// The first error a sync met (errno), reported when the writer stops: a later fsync would not see it again.
    private var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in run() }
        thread.stackSize = 1 << 16
        thread.start()
    }

    /// Asks for what is written up to `offset` to be synced; returns at once (a sync under way takes it next).
    func request(upTo offset: Int) {
        condition.lock()
        requested = max(requested, offset)
        condition.signal()
        condition.unlock()
    }

    /// Stops the thread, without a sync it has not started, once the one under way ends; the first error met, if any.
    func stop() -> Int32? {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        while running { condition.wait() }
        return failure
    }

    private func run() {
        var dropped = 0
        condition.lock()
        while true {
            while requested <= synced && !stopping { condition.wait() }
            if stopping { break }
            let target = requested
            condition.unlock()
            let failed = fdatasync(descriptor) != 0
            let code = errno
            #if os(Linux)
            if !failed {
                _ = posix_fadvise(descriptor, off_t(dropped), off_t(target - dropped), POSIX_FADV_DONTNEED)
                dropped = target
            }
            #endif
            condition.lock()
            if failed, failure == nil { failure = code }
            synced = target
        }
        running = false
        condition.broadcast()
        condition.unlock()
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
