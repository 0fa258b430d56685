#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CPrefetch
import Foundation

/// Sorts the index's keys in bounded memory: keys collect in a buffer of `runBytes`; a dump whose keys fit is sorted
/// there and written out directly, else each full buffer is sorted and written to a run file, and the runs are
/// merged into the final table and key blob at the end (an external merge sort), so a dump of any size needs the
/// same memory.
final class KeySorter {
    /// The longest key kept; longer forms (whole phrases in some tables) are not useful lookup keys.
    static let maximumKeyBytes = 400
    /// A record's bytes besides its key: key length (UInt16), kind (UInt8), offset (UInt64), length (UInt32).
    static let recordOverhead = 15

    private let directory: String
    private let runBytes: Int
    /// Records: key length (UInt16), key, kind (UInt8), offset (UInt64), length (UInt32), little-endian.
    private let buffer: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var used = 0
    /// Each record's first eight key bytes (big-endian, so integer order is byte order) and its position: most
    /// comparisons end on the prefix without touching the buffer.
    @exclusivity(unchecked) private var positions: [(prefix: UInt64, position: UInt32)] = []
    private var runs: [String] = []
    @exclusivity(unchecked) private(set) var added = 0

    init(directory: String, runBytes: Int) {
        self.directory = directory
        self.runBytes = max(runBytes, 1 << 16)
        buffer = .allocate(byteCount: self.runBytes + Self.maximumKeyBytes + Self.recordOverhead, alignment: 16)
    }

    deinit { buffer.deallocate() }

    func add(key: UnsafeRawBufferPointer, kind: KeyKind, offset: Int, length: Int) throws(ImportError) {
        guard !key.isEmpty, key.count <= Self.maximumKeyBytes else { return }
        do {
            let record = buffer + used
            record.storeBytes(of: UInt16(key.count).littleEndian, as: UInt16.self)
            (record + 2).copyMemory(from: key.baseAddress!, byteCount: key.count)
            let tail = record + 2 + key.count
            tail.storeBytes(of: kind.rawValue, as: UInt8.self)
            tail.storeBytes(of: UInt64(offset).littleEndian, toByteOffset: 1, as: UInt64.self)
            tail.storeBytes(of: UInt32(length).littleEndian, toByteOffset: 9, as: UInt32.self)
            positions.append((Self.prefix(UnsafeRawPointer(record)), UInt32(used)))
            used += Self.recordOverhead + key.count
        }
        added += 1
        if used >= runBytes { try writeRun() }
    }

    /// Eight key bytes of the record at `record` from key byte `start` (the first eight by default), zero-padded,
    /// big-endian: integer order is the records' order wherever the two differ (a key that ends sorts first).
    @inline(__always)
    static func prefix(_ record: UnsafeRawPointer, from start: Int = 0) -> UInt64 {
        let length = Int(record.loadUnaligned(as: UInt16.self).littleEndian)
        if length >= start &+ 8 { return UInt64(bigEndian: record.loadUnaligned(fromByteOffset: 2 &+ start, as: UInt64.self)) }
        var prefix: UInt64 = 0
        for index in start..<(start &+ 8) {
            prefix = prefix << 8 | UInt64(index < length ? record.load(fromByteOffset: 2 &+ index, as: UInt8.self) : 0)
        }
        return prefix
    }

    /// Sorts `positions` by key, kind and offset: a radix sort on the eight-byte prefixes (stable, eight passes at
    /// most, a pass skipped when every prefix has the same byte there), then a comparison sort of each run of equal
    /// prefixes, which is short. Linear in the number of keys but for those runs.
    private func sortBuffer() {
        Self.sort(&positions, records: UnsafeRawPointer(buffer))
    }

    /// Sorts `positions` (of records at `records`) as ``sortBuffer()`` describes.
    static func sort(_ positions: inout [(prefix: UInt64, position: UInt32)], records: UnsafeRawPointer) {
        let count = positions.count
        guard count > 1 else { return }
        var scratch = [(prefix: UInt64, position: UInt32)](repeating: (0, 0), count: count)
        // Every pass's byte counts in one read of the prefixes.
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8 * 256)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        positions.withUnsafeMutableBufferPointer { source in
            for element in source {
                var prefix = element.prefix
                for pass in 0..<8 {
                    counts[pass &* 256 &+ Int(truncatingIfNeeded: prefix & 0xFF)] &+= 1
                    prefix &>>= 8
                }
            }
            scratch.withUnsafeMutableBufferPointer { target in
                var from = source, to = target
                for pass in 0..<8 {
                    let shift = UInt64(pass &* 8)
                    let digits = UnsafeMutableBufferPointer(rebasing: counts[(pass &* 256)..<(pass &* 256 &+ 256)])
                    if digits.contains(count) { continue }
                    var total = 0
                    for index in 0..<256 { (digits[index], total) = (total, total &+ digits[index]) }
                    for element in from {
                        let digit = Int(truncatingIfNeeded: element.prefix &>> shift) & 0xFF
                        to[digits[digit]] = element
                        digits[digit] &+= 1
                    }
                    swap(&from, &to)
                }
                if from.baseAddress != source.baseAddress { source.baseAddress!.update(from: from.baseAddress!, count: count) }
            }
            let base = records
            // Keys that share their first eight bytes (an entry's forms share its stem: house, houses, housed) are
            // ordered by their next eight, as integers, and by their bytes only past sixteen.
            var next: [(prefix: UInt64, position: UInt32)] = []
            var start = 0
            while start < count {
                var end = start + 1
                while end < count && source[end].prefix == source[start].prefix { end += 1 }
                if end - start > 1 {
                    next.removeAll(keepingCapacity: true)
                    for element in source[start..<end] { lexagg_prefetch(base + Int(element.position) + 8) }
                    for element in source[start..<end] {
                        next.append((Self.prefix(base + Int(element.position), from: 8), element.position))
                    }
                    next.sort { a, b in
                        a.prefix != b.prefix
                            ? a.prefix < b.prefix : KeySorter.precedes(base + Int(a.position), base + Int(b.position))
                    }
                    for (offset, element) in next.enumerated() { source[start + offset].position = element.position }
                }
                start = end
            }
        }
    }

    private func writeRun() throws(ImportError) {
        guard !positions.isEmpty else { return }
        sortBuffer()
        let path = directory + "/run-\(runs.count)"
        let writer = try FileWriter(path: path)
        do throws(ImportError) {
            try Self.inKeyOrder(positions, records: UnsafeRawPointer(buffer)) { (record) throws(ImportError) in
                try writer.write(UnsafeRawBufferPointer(start: record, count: Self.recordLength(record)))
            }
            try writer.finish(sync: false)
        } catch {
            writer.abandon()
            throw error
        }
        runs.append(path)
        used = 0
        positions.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    static func recordLength(_ record: UnsafeRawPointer) -> Int {
        Int(record.loadUnaligned(as: UInt16.self).littleEndian) + recordOverhead
    }

    /// Whether the record at `a` sorts before the one at `b`: key bytes, then kind, then record offset.
    static func precedes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let lengthA = Int(a.loadUnaligned(as: UInt16.self).littleEndian)
        let lengthB = Int(b.loadUnaligned(as: UInt16.self).littleEndian)
        let order = memcmp(a + 2, b + 2, min(lengthA, lengthB))
        if order != 0 { return order < 0 }
        if lengthA != lengthB { return lengthA < lengthB }
        let tailA = a + 2 + lengthA, tailB = b + 2 + lengthB
        if tailA.load(as: UInt8.self) != tailB.load(as: UInt8.self) { return tailA.load(as: UInt8.self) < tailB.load(as: UInt8.self) }
        return tailA.loadUnaligned(fromByteOffset: 1, as: UInt64.self).littleEndian
            < tailB.loadUnaligned(fromByteOffset: 1, as: UInt64.self).littleEndian
    }

    /// Writes every record in order into `table` (24-byte rows) and `blob` (key bytes), dropping repeated rows (a
    /// form listed twice for one entry): straight from the buffer when no run was written, else merging the runs
    /// (which are removed). Returns the number of rows written.
    func merge(table: FileWriter, blob: FileWriter) throws(ImportError) -> Int {
        var rows = RowWriter(table: table, blob: blob)
        defer { rows.deallocate() }
        if runs.isEmpty {
            // The end of the import is this sort and these rows, on one core while the other idles: the keys are
            // split in two at a two-byte prefix (every key of one half sorts before every key of the other), the
            // upper half is sorted and made into rows in memory on a thread of its own while this one does the
            // lower half into the files, then its rows follow, their key offsets moved past the lower half's keys.
            let records = UnsafeRawPointer(buffer)
            var (lower, upper) = Self.split(positions)
            positions = []
            let other = UpperHalf(positions: upper, records: records)
            upper = []
            other.start()
            Self.sort(&lower, records: records)
            do {
                try Self.writeRows(lower, records: records, into: &rows)
            } catch {
                // The other thread reads the buffer: it must be done before the sorter can go.
                other.wait()
                throw error
            }
            other.wait()
            other.table.shiftKeyOffsets(by: UInt64(rows.blobBytes))
            try blob.write(other.blob.bytes)
            try table.write(other.table.bytes)
            return rows.count + other.count
        }
        try writeRun()
        positions = []
        defer { for run in runs { unlink(run) } }
        let readers = try runs.map { (path) throws(ImportError) in try RunReader(path: path) }
        var heads: [(prefix: UInt64, record: UnsafeRawPointer)?] = []
        for reader in readers { heads.append(try reader.next().map { (Self.prefix($0), $0) }) }
        while true {
            var best = -1
            for index in heads.indices {
                guard let head = heads[index] else { continue }
                if best < 0 { best = index; continue }
                let current = heads[best]!
                if head.prefix < current.prefix
                    || (head.prefix == current.prefix && Self.precedes(head.record, current.record)) { best = index }
            }
            guard best >= 0, let chosen = heads[best] else { break }
            try rows.add(chosen.record)
            heads[best] = try readers[best].next().map { (Self.prefix($0), $0) }
        }
        return rows.count
    }
}

extension KeySorter {
    /// `positions` in two: the records whose key's first two bytes are below a value, and the others, about half
    /// each (a key's records, and every key of one first two bytes, in one half).
    static func split(_ positions: [(prefix: UInt64, position: UInt32)])
        -> (lower: [(prefix: UInt64, position: UInt32)], upper: [(prefix: UInt64, position: UInt32)])
    {
        var counts = [Int](repeating: 0, count: 1 << 16)
        for element in positions { counts[Int(truncatingIfNeeded: element.prefix &>> 48)] &+= 1 }
        var boundary = 0, below = 0
        while boundary < counts.count && below < positions.count / 2 {
            below += counts[boundary]
            boundary += 1
        }
        var lower: [(prefix: UInt64, position: UInt32)] = [], upper: [(prefix: UInt64, position: UInt32)] = []
        lower.reserveCapacity(below)
        upper.reserveCapacity(positions.count - below)
        for element in positions {
            if Int(truncatingIfNeeded: element.prefix &>> 48) < boundary { lower.append(element) } else { upper.append(element) }
        }
        return (lower, upper)
    }

    /// The rows of sorted records.
    static func writeRows<Table: RowSink, Blob: RowSink>(
        _ sorted: [(prefix: UInt64, position: UInt32)], records: UnsafeRawPointer, into rows: inout RowWriter<Table, Blob>
    ) throws(ImportError) {
        try inKeyOrder(sorted, records: records) { (record) throws(ImportError) in try rows.add(record) }
    }

    /// Calls `body` with each of the sorted records, in order (a run's records, or the final rows). In key order the
    /// records are all over the buffer, each a cache miss that was waited for (40 ms of a 100 MB import): the record
    /// `lookahead` on is asked for now, so that it is there when its turn comes.
    static func inKeyOrder(
        _ sorted: [(prefix: UInt64, position: UInt32)], records: UnsafeRawPointer,
        _ body: (UnsafeRawPointer) throws(ImportError) -> Void
    ) throws(ImportError) {
        let lookahead = 16
        try sorted.withUnsafeBufferPointer { (sorted) throws(ImportError) in
            for index in sorted.indices {
                if index &+ lookahead < sorted.count { lexagg_prefetch(records + Int(sorted[index &+ lookahead].position)) }
                try body(records + Int(sorted[index].position))
            }
        }
    }
}

/// The upper half of the keys, sorted and made into rows in memory on a thread of its own (``KeySorter/merge``).
final class UpperHalf: @unchecked Sendable {
    // Safety: the thread alone touches the fields until `wait()` returns; the records are not written meanwhile.
    private var positions: [(prefix: UInt64, position: UInt32)]
    private let records: UnsafeRawPointer
    let table = MemorySink()
    let blob = MemorySink()
    private(set) var count = 0
    private let done = DispatchSemaphore(value: 0)

    init(positions: [(prefix: UInt64, position: UInt32)], records: UnsafeRawPointer) {
        self.positions = positions
        self.records = records
    }

    func start() {
        let thread = Thread { [self] in
            KeySorter.sort(&positions, records: records)
            var rows = RowWriter(table: table, blob: blob)
            // Memory sinks do not fail.
            try? KeySorter.writeRows(positions, records: records, into: &rows)
            count = rows.count
            rows.deallocate()
            positions = []
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func wait() { done.wait() }
}

/// Where rows and keys go: the dataset file being written, or memory.
protocol RowSink: AnyObject {
    var position: Int { get }
    func write(_ bytes: UnsafeRawBufferPointer) throws(ImportError)
}

extension FileWriter: RowSink {}

/// Bytes collected in memory (one half's rows or keys, ``UpperHalf``).
final class MemorySink: RowSink {
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var position = 0

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: position) }

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

    /// Adds `shift` to the key offset (the first UInt64) of every 24-byte row held.
    func shiftKeyOffsets(by shift: UInt64) {
        for row in stride(from: 0, to: position, by: DatasetFormat.rowSize) {
            let offset = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: row, as: UInt64.self))
            base.storeBytes(of: (offset + shift).littleEndian, toByteOffset: row, as: UInt64.self)
        }
    }
}

/// Turns sorted records into table rows and the key blob, writing each distinct key once.
struct RowWriter<Table: RowSink, Blob: RowSink> {
    let table: Table
    let blob: Blob
    /// The last record written, to drop repeats and share its key.
    private let previous = UnsafeMutableRawPointer.allocate(byteCount: KeySorter.maximumKeyBytes + KeySorter.recordOverhead, alignment: 8)
    private var previousLength = 0
    private var keyOffset = 0
    private(set) var count = 0

    init(table: Table, blob: Blob) {
        self.table = table
        self.blob = blob
    }

    /// The key bytes written so far.
    var blobBytes: Int { blob.position }

    func deallocate() { previous.deallocate() }

    mutating func add(_ record: UnsafeRawPointer) throws(ImportError) {
        let length = KeySorter.recordLength(record)
        if length == previousLength && memcmp(record, previous, length) == 0 { return }
        let keyLength = length - KeySorter.recordOverhead
        let sameKey = previousLength - KeySorter.recordOverhead == keyLength && memcmp(record + 2, previous + 2, keyLength) == 0
        if !sameKey {
            keyOffset = blob.position
            try blob.write(UnsafeRawBufferPointer(start: record + 2, count: keyLength))
        }
        previous.copyMemory(from: record, byteCount: length)
        previousLength = length
        // Row: key offset, record offset, record length, key length, kind, padding.
        var row: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &row) { row in
            let tail = record + 2 + keyLength
            row.storeBytes(of: UInt64(keyOffset).littleEndian, as: UInt64.self)
            row.baseAddress!.advanced(by: 8).copyMemory(from: tail + 1, byteCount: 12)
            row.storeBytes(of: UInt16(keyLength).littleEndian, toByteOffset: 20, as: UInt16.self)
            row[22] = tail.load(as: UInt8.self)
        }
        try withUnsafeBytes(of: &row) { (row) throws(ImportError) in try table.write(row) }
        count += 1
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
