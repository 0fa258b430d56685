#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The index's rows: sorted records made into table rows and key bytes (RowWriter), where they go (the dataset file,
// or one half's rows in memory or in a file), and sort runs read back (RunReader).

/// Where rows and keys go: the dataset file being written, or one half's rows or keys, in memory or in a file.
protocol RowSink: AnyObject {
    var position: Int { get }
    func write(_ bytes: UnsafeRawBufferPointer) throws(ImportError)
    /// What was written, in pieces of whole rows, to be appended elsewhere (one half's rows).
    func readBack(_ body: (UnsafeMutableRawBufferPointer) throws(ImportError) -> Void) throws(ImportError)
}

extension FileWriter: RowSink {
    func readBack(_ body: (UnsafeMutableRawBufferPointer) throws(ImportError) -> Void) throws(ImportError) {
        try finish(sync: false)
        let reader = try FileReader(path: path)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(DatasetFormat.rowSize << 16)
        var remaining = position
        while remaining > 0 {
            chunk.removeAll(keepingCapacity: true)
            let take = min(remaining, DatasetFormat.rowSize << 16)
            guard try reader.read(take, into: &chunk) else { throw ImportError("\(path) ends early") }
            var failure: ImportError?
            chunk.withUnsafeMutableBytes { bytes in
                do throws(ImportError) { try body(bytes) } catch { failure = error }
            }
            if let failure { throw failure }
            remaining -= take
        }
    }
}

/// Bytes collected in memory (one half's rows or keys, ``KeySorter/merge(table:blob:)``).
final class MemorySink: RowSink {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var position = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    func readBack(_ body: (UnsafeMutableRawBufferPointer) throws(ImportError) -> Void) throws(ImportError) {
        try body(UnsafeMutableRawBufferPointer(start: base, count: position))
    }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if capacity - position < bytes.count {
            let grown = max(capacity * 2, position + bytes.count)
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            bigger.copyMemory(from: base, byteCount: position)
            base.deallocate()
            base = bigger
            capacity = grown
        }
        (base + position).copyMemory(from: source, byteCount: bytes.count)
        position += bytes.count
    }
}

/// Turns sorted records into table rows and the key blob, writing each distinct key once. Rows and keys are
/// gathered here and handed to their sinks 64 KB at a time (``finish()`` hands over the rest): a call into a sink for
/// each row and key retained and released both sinks each time (5 ms of a 100 MB import's 200 ms, perf).
struct RowWriter<Table: RowSink, Blob: RowSink> {
    let table: Table
    let blob: Blob
    /// The last record written, to drop repeats and share its key.
    private let previous = UnsafeMutableRawPointer.allocate(byteCount: KeySorter.maximumKeyBytes + KeySorter.recordOverhead, alignment: 8)
    private var previousLength = 0
    private var keyOffset = 0
    private(set) var count = 0
    /// Rows and key bytes not yet handed over: `rows[0..<rowsUsed]`, `keys[0..<keysUsed]`.
    private let rows: UnsafeMutableRawPointer
    private let keys: UnsafeMutableRawPointer
    private var rowsUsed = 0, keysUsed = 0
    /// Where the next key goes in the blob (its position when this began, and every key since).
    private var keyPosition: Int
    static var staging: Int { 1 << 16 }

    init(table: Table, blob: Blob) {
        self.table = table
        self.blob = blob
        keyPosition = blob.position
        rows = .allocate(byteCount: Self.staging, alignment: 16)
        keys = .allocate(byteCount: Self.staging, alignment: 16)
    }

    func deallocate() {
        previous.deallocate()
        rows.deallocate()
        keys.deallocate()
    }

    mutating func add(_ record: UnsafeRawPointer) throws(ImportError) {
        let length = KeySorter.recordLength(record)
        if length == previousLength && memcmp(record, previous, length) == 0 { return }
        let keyLength = length - KeySorter.recordOverhead
        let sameKey = previousLength - KeySorter.recordOverhead == keyLength && memcmp(record + 2, previous + 2, keyLength) == 0
        if !sameKey {
            if keysUsed + keyLength > Self.staging { try flushKeys() }
            keyOffset = keyPosition
            (keys + keysUsed).copyMemory(from: record + 2, byteCount: keyLength)
            keysUsed += keyLength
            keyPosition += keyLength
        }
        previous.copyMemory(from: record, byteCount: length)
        previousLength = length
        if rowsUsed + DatasetFormat.rowSize > Self.staging { try flushRows() }
        // Row: key offset, record offset, record length, key length, kind, padding, the key's first 8 bytes.
        let row = rows + rowsUsed
        let tail = record + 2 + keyLength
        row.initializeMemory(as: UInt8.self, repeating: 0, count: DatasetFormat.rowSize)
        row.storeBytes(of: UInt64(keyOffset).littleEndian, as: UInt64.self)
        (row + 8).copyMemory(from: tail + 1, byteCount: 12)
        row.storeBytes(of: UInt16(keyLength).littleEndian, toByteOffset: 20, as: UInt16.self)
        row.storeBytes(of: tail.load(as: UInt8.self), toByteOffset: 22, as: UInt8.self)
        (row + 24).copyMemory(from: record + 2, byteCount: min(keyLength, 8))
        rowsUsed += DatasetFormat.rowSize
        count += 1
    }

    /// Hands what is gathered to the sinks; call once the last record is added.
    mutating func finish() throws(ImportError) {
        try flushKeys()
        try flushRows()
    }

    private mutating func flushRows() throws(ImportError) {
        guard rowsUsed > 0 else { return }
        try table.write(UnsafeRawBufferPointer(start: rows, count: rowsUsed))
        rowsUsed = 0
    }

    private mutating func flushKeys() throws(ImportError) {
        guard keysUsed > 0 else { return }
        try blob.write(UnsafeRawBufferPointer(start: keys, count: keysUsed))
        keysUsed = 0
    }
}

/// Reads a run file's records one at a time, each contiguous in its buffer until the next call.
final class RunReader {
    private let file: FileReader

    init(path: String) throws(ImportError) {
        file = try FileReader(path: path)
    }

    /// The next record, or nil at the end of the run.
    func next() throws(ImportError) -> UnsafeRawPointer? {
        guard try file.available(2) else {
            if file.buffered > 0 { throw ImportError("a sort run ends early") }
            return nil
        }
        let length = KeySorter.recordLength(file.current)
        guard try file.available(length) else { throw ImportError("a sort run ends early") }
        let record = file.current
        file.consume(length)
        return record
    }
}
