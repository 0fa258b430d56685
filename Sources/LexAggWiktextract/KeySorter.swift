#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CPrefetch
import LexAggCore
import Foundation

/// Sorts the index's keys in bounded memory: keys collect in a buffer of `runBytes`; a dump whose keys fit is sorted
/// there and written out directly, else each full buffer is sorted and written to run files, and the runs are merged
/// with the last buffer into the final table and key blob at the end (an external merge sort), so a dump of any size
/// needs the same memory.
///
/// Both cores share the work: the keys are split in two at a two-byte prefix (the boundary, fixed by the first split:
/// every key of the lower half sorts before every key of the upper), and each half is sorted, written to its own run
/// file or merged into rows on a thread of its own. The first buffer's keys stand for the dump's: a dump in
/// alphabetical order puts its later keys in one half, and then sorts them as fast as one thread does.
final class KeySorter {
    typealias Position = (prefix: UInt64, position: UInt32)

    /// The longest key kept: any word a lookup accepts (``LookupQuery/maximumLength`` characters of up to four UTF-8
    /// bytes; 400 bytes left a headword of 134 CJK characters imported and never found). Longer forms (whole phrases
    /// in some tables) are not useful lookup keys.
    static let maximumKeyBytes = LookupQuery.maximumLength * 4
    /// A record's bytes besides its key: key length (UInt16), kind (UInt8), offset (UInt64), length (UInt32).
    static let recordOverhead = 15

    private let directory: String
    private let runBytes: Int
    /// Records: key length (UInt16), key, kind (UInt8), offset (UInt64), length (UInt32), little-endian.
    private let buffer: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var used = 0
    /// Each record's first eight key bytes (big-endian, so integer order is byte order) and its position: most
    /// comparisons end on the prefix without touching the buffer.
    @exclusivity(unchecked) private var positions: [Position] = []
    /// Each run's two files: its keys below ``boundary`` and the others.
    private var runs: [(lower: String, upper: String)] = []
    /// Keys whose first two bytes (big-endian) are below this are the lower half, in every run and at the end.
    private var boundary: Int?
    @exclusivity(unchecked) private(set) var added = 0

    init(directory: String, runBytes: Int) {
        self.directory = directory
        self.runBytes = max(runBytes, 1 << 16)
        buffer = .allocate(byteCount: self.runBytes + Self.maximumKeyBytes + Self.recordOverhead, alignment: 16)
        // Room for the most records a run can hold (each at least 16 bytes): the positions then never move to grow
        // (a copy, fresh pages to fault in and the old ones to unmap, a dozen times), and only what is used is touched.
        positions.reserveCapacity(self.runBytes / (Self.recordOverhead + 1) + 1)
    }

    /// Room for sorting the buffer's positions (both halves at once), kept for the whole import: freeing tens of
    /// megabytes after each run made glibc's malloc raise its mmap threshold and keep later buffers in its heap (35 MB
    /// more peak RSS at 1 GB).
    private var scratch = UnsafeMutableBufferPointer<Position>(start: nil, count: 0)

    deinit {
        buffer.deallocate()
        scratch.deallocate()
    }

    /// ``scratch``, grown to `count` positions at least, split for `halves`.
    private func scratch(for halves: (lower: UnsafeMutableBufferPointer<Position>, upper: UnsafeMutableBufferPointer<Position>))
        -> (lower: UnsafeMutableBufferPointer<Position>, upper: UnsafeMutableBufferPointer<Position>)
    {
        let count = halves.lower.count + halves.upper.count
        if scratch.count < count {
            scratch.deallocate()
            scratch = .allocate(capacity: count + count / 4)
        }
        return (
            UnsafeMutableBufferPointer(rebasing: scratch[..<halves.lower.count]),
            UnsafeMutableBufferPointer(rebasing: scratch[halves.lower.count..<count])
        )
    }

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

    /// Sorts `source` (positions of records at `records`) by key, kind and offset: a radix sort on the eight-byte
    /// prefixes (stable, eight passes at most, a pass skipped when every prefix has the same byte there), then a
    /// comparison sort of each run of equal prefixes, which is short. Linear in the number of keys but for those runs.
    /// `scratch` has room for as many positions.
    static func sort(
        _ source: UnsafeMutableBufferPointer<Position>, records: UnsafeRawPointer, scratch: UnsafeMutableBufferPointer<Position>
    ) {
        let count = source.count
        guard count > 1 else { return }
        precondition(scratch.count >= count)
        // Every pass's byte counts in one read of the prefixes.
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8 * 256)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        for element in source {
            var prefix = element.prefix
            for pass in 0..<8 {
                counts[pass &* 256 &+ Int(truncatingIfNeeded: prefix & 0xFF)] &+= 1
                prefix &>>= 8
            }
        }
        var from = source, to = UnsafeMutableBufferPointer(rebasing: scratch[..<count])
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
        // Keys that share their first eight bytes (an entry's forms share its stem: house, houses, housed) are
        // ordered by their next eight, as integers, and by their bytes only past sixteen.
        var next: [Position] = []
        var start = 0
        while start < count {
            var end = start + 1
            while end < count && source[end].prefix == source[start].prefix { end += 1 }
            if end - start > 1 {
                next.removeAll(keepingCapacity: true)
                for element in source[start..<end] { lexagg_prefetch(records + Int(element.position) + 8) }
                for element in source[start..<end] {
                    next.append((Self.prefix(records + Int(element.position), from: 8), element.position))
                }
                next.sort { a, b in
                    a.prefix != b.prefix
                        ? a.prefix < b.prefix : KeySorter.precedes(records + Int(a.position), records + Int(b.position))
                }
                for (offset, element) in next.enumerated() { source[start + offset].position = element.position }
            }
            start = end
        }
    }

    /// Sorts the buffer's keys into a run, its halves on both cores, each into its own file.
    private func writeRun() throws(ImportError) {
        guard !positions.isEmpty else { return }
        let boundary = self.boundary ?? Self.boundary(of: positions)
        self.boundary = boundary
        let paths = (lower: directory + "/run-\(runs.count)-lower", upper: directory + "/run-\(runs.count)-upper")
        let records = UnsafeRawPointer(buffer)
        try positions.withUnsafeMutableBufferPointer { (all) throws(ImportError) in
            let halves = Self.halves(all, below: boundary)
            let scratch = scratch(for: halves)
            do throws(ImportError) {
                _ = try Self.onBothCores(
                    lower: { () throws(ImportError) in
                        try Self.writeRun(halves.lower, records: records, scratch: scratch.lower, path: paths.lower)
                    },
                    upper: { () throws(ImportError) in
                        try Self.writeRun(halves.upper, records: records, scratch: scratch.upper, path: paths.upper)
                    }
                )
            } catch {
                // A half that failed removed its file; the other's is of no use.
                unlink(paths.lower)
                unlink(paths.upper)
                throw error
            }
        }
        runs.append(paths)
        used = 0
        positions.removeAll(keepingCapacity: true)
    }

    /// `positions` sorted and their records written, in order, to a new file at `path`.
    private static func writeRun(
        _ positions: UnsafeMutableBufferPointer<Position>, records: UnsafeRawPointer,
        scratch: UnsafeMutableBufferPointer<Position>, path: String
    ) throws(ImportError) {
        sort(positions, records: records, scratch: scratch)
        let writer = try FileWriter(path: path)
        do throws(ImportError) {
            try inKeyOrder(UnsafeBufferPointer(positions), records: records) { (record) throws(ImportError) in
                try writer.write(UnsafeRawBufferPointer(start: record, count: Self.recordLength(record)))
            }
            try writer.finish(sync: false)
        } catch {
            writer.abandon()
            throw error
        }
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

    /// Writes every record in order into `table` (rows of ``DatasetFormat/rowSize`` bytes) and `blob` (key bytes),
    /// dropping repeated rows (a form listed twice for one entry): the buffer's keys sorted, merged with the runs if
    /// any were written (they are removed). The lower half is written here while the upper half's rows are made on a thread of their own (in
    /// memory, or in files beside the runs when there are runs: then they are large), then appended, their key
    /// offsets moved past the lower half's keys. Returns the number of rows written.
    func merge(table: FileWriter, blob: FileWriter) throws(ImportError) -> Int {
        let records = UnsafeRawPointer(buffer)
        let boundary = self.boundary ?? Self.boundary(of: positions)
        let runs = self.runs
        defer {
            for run in runs { unlink(run.lower); unlink(run.upper) }
            self.runs = []
        }
        return try positions.withUnsafeMutableBufferPointer { (all) throws(ImportError) in
            let halves = Self.halves(all, below: boundary)
            let scratch = scratch(for: halves)
            if runs.isEmpty {
                return try Self.merge(
                    halves, records: records, scratch: scratch, runs: ([], []), into: table, blob,
                    upper: (
                        // As large as they can get (a row for each record, its whole key in the blob): never copied
                        // to grow, and only what is written is touched.
                        MemorySink(capacity: halves.upper.count * DatasetFormat.rowSize + 16),
                        MemorySink(capacity: used + 16)
                    )
                )
            }
            let upper = try (FileWriter(path: directory + "/upper-table"), FileWriter(path: directory + "/upper-blob"))
            defer { upper.0.abandon(); upper.1.abandon() }
            return try Self.merge(
                halves, records: records, scratch: scratch, runs: (runs.map(\.lower), runs.map(\.upper)), into: table, blob,
                upper: upper
            )
        }
    }

    /// ``merge(table:blob:)``'s two threads.
    private static func merge<Upper: RowSink>(
        _ halves: (lower: UnsafeMutableBufferPointer<Position>, upper: UnsafeMutableBufferPointer<Position>),
        records: UnsafeRawPointer,
        scratch: (lower: UnsafeMutableBufferPointer<Position>, upper: UnsafeMutableBufferPointer<Position>),
        runs: (lower: [String], upper: [String]),
        into table: FileWriter, _ blob: FileWriter, upper sinks: (table: Upper, blob: Upper)
    ) throws(ImportError) -> Int {
        let (lowerRows, upperRows) = try onBothCores(
            lower: { () throws(ImportError) -> Int in
                try writeRows(halves.lower, records: records, scratch: scratch.lower, runs: runs.lower, table: table, blob: blob)
            },
            upper: { () throws(ImportError) -> Int in
                try writeRows(
                    halves.upper, records: records, scratch: scratch.upper, runs: runs.upper, table: sinks.table, blob: sinks.blob
                )
            }
        )
        // The upper half's keys follow the lower half's, which are all the blob holds so far.
        let shift = UInt64(blob.position)
        try sinks.blob.readBack { (bytes) throws(ImportError) in try blob.write(UnsafeRawBufferPointer(bytes)) }
        try sinks.table.readBack { (bytes) throws(ImportError) in
            shiftKeyOffsets(of: bytes, by: shift)
            try table.write(UnsafeRawBufferPointer(bytes))
        }
        return lowerRows + upperRows
    }

    /// Runs `upper` on a thread of its own while `lower` runs on this one, and returns both results once both are
    /// done, or the first failure (the lower half's first): either may fail, and both read the sorter's buffer,
    /// which must not go while one of them still does.
    static func onBothCores<Lower, Upper>(
        lower: () throws(ImportError) -> Lower, upper: @escaping () throws(ImportError) -> Upper
    ) throws(ImportError) -> (Lower, Upper) {
        var upperResult: Result<Upper, ImportError>?
        let job = BackgroundJob { upperResult = Result { () throws(ImportError) in try upper() } }
        let lowerResult = Result { () throws(ImportError) in try lower() }
        job.wait()
        return (try lowerResult.get(), try upperResult!.get())
    }

    /// Adds `shift` to the key offset (the first UInt64) of every row in `rows`.
    static func shiftKeyOffsets(of rows: UnsafeMutableRawBufferPointer, by shift: UInt64) {
        for row in stride(from: 0, to: rows.count, by: DatasetFormat.rowSize) {
            let offset = UInt64(littleEndian: rows.loadUnaligned(fromByteOffset: row, as: UInt64.self))
            rows.storeBytes(of: (offset + shift).littleEndian, toByteOffset: row, as: UInt64.self)
        }
    }

    /// The rows of `positions`' records (sorted here, in `scratch`) merged with the records of the sorted run files
    /// `runs`, written to `table` and `blob`; returns how many.
    static func writeRows<Table: RowSink, Blob: RowSink>(
        _ positions: UnsafeMutableBufferPointer<Position>, records: UnsafeRawPointer,
        scratch: UnsafeMutableBufferPointer<Position>, runs: [String], table: Table, blob: Blob
    ) throws(ImportError) -> Int {
        sort(positions, records: records, scratch: scratch)
        var rows = RowWriter(table: table, blob: blob)
        defer { rows.deallocate() }
        let sorted = UnsafeBufferPointer(positions)
        guard !runs.isEmpty else {
            try inKeyOrder(sorted, records: records) { (record) throws(ImportError) in try rows.add(record) }
            try rows.finish()
            return rows.count
        }
        let readers = try runs.map { (path) throws(ImportError) in try RunReader(path: path) }
        // One head for each source that has records left: source `readers.count` is the sorted buffer.
        var heads: [(prefix: UInt64, record: UnsafeRawPointer, source: Int)] = []
        var nextInBuffer = 0
        func next(from source: Int) throws(ImportError) -> UnsafeRawPointer? {
            if source < readers.count { return try readers[source].next() }
            guard nextInBuffer < sorted.count else { return nil }
            if nextInBuffer &+ 16 < sorted.count { lexagg_prefetch(records + Int(sorted[nextInBuffer &+ 16].position)) }
            nextInBuffer &+= 1
            return records + Int(sorted[nextInBuffer &- 1].position)
        }
        for source in 0...readers.count {
            if let record = try next(from: source) { heads.append((prefix(record), record, source)) }
        }
        while !heads.isEmpty {
            var best = 0
            for index in heads.indices.dropFirst() {
                let head = heads[index], current = heads[best]
                if head.prefix < current.prefix || (head.prefix == current.prefix && precedes(head.record, current.record)) {
                    best = index
                }
            }
            try rows.add(heads[best].record)
            if let record = try next(from: heads[best].source) {
                heads[best].prefix = prefix(record)
                heads[best].record = record
            } else {
                heads.remove(at: best)
            }
        }
        try rows.finish()
        return rows.count
    }
}

extension KeySorter {
    /// A boundary that splits `positions` about in half: a two-byte prefix below which about half the keys are.
    ///
    /// Counted by first byte, then by second byte within the first byte where the half falls: a table of every
    /// two-byte prefix was half a megabyte to clear (128 page faults) for a dump of any size.
    static func boundary(of positions: [Position]) -> Int {
        let half = positions.count / 2
        guard half > 0 else { return 0 }
        var counts = [Int](repeating: 0, count: 256)
        for element in positions { counts[Int(truncatingIfNeeded: element.prefix &>> 56)] &+= 1 }
        // The first byte whose keys reach the half, and how many keys sort below it.
        var first = 0, below = 0
        while below + counts[first] < half {
            below += counts[first]
            first += 1
        }
        counts = [Int](repeating: 0, count: 256)
        for element in positions where Int(truncatingIfNeeded: element.prefix &>> 56) == first {
            counts[Int(truncatingIfNeeded: element.prefix &>> 48) & 0xFF] &+= 1
        }
        var second = 0
        while below < half {
            below += counts[second]
            second += 1
        }
        return (first << 8) + second
    }

    /// `positions` reordered in place into the records whose key's first two bytes are below `boundary`, then the
    /// others (a key's records, and every key of one first two bytes, in one half); the two halves.
    static func halves(_ positions: UnsafeMutableBufferPointer<Position>, below boundary: Int)
        -> (lower: UnsafeMutableBufferPointer<Position>, upper: UnsafeMutableBufferPointer<Position>)
    {
        var lowerEnd = 0
        for index in positions.indices where Int(truncatingIfNeeded: positions[index].prefix &>> 48) < boundary {
            positions.swapAt(index, lowerEnd)
            lowerEnd &+= 1
        }
        return (
            UnsafeMutableBufferPointer(rebasing: positions[..<lowerEnd]), UnsafeMutableBufferPointer(rebasing: positions[lowerEnd...])
        )
    }

    /// Calls `body` with each of the sorted records, in order (a run's records, or the final rows). In key order the
    /// records are all over the buffer, each a cache miss that was waited for (40 ms of a 100 MB import): the record
    /// `lookahead` on is asked for now, so that it is there when its turn comes.
    static func inKeyOrder(
        _ sorted: UnsafeBufferPointer<Position>, records: UnsafeRawPointer, _ body: (UnsafeRawPointer) throws(ImportError) -> Void
    ) throws(ImportError) {
        let lookahead = 16
        for index in sorted.indices {
            if index &+ lookahead < sorted.count { lexagg_prefetch(records + Int(sorted[index &+ lookahead].position)) }
            try body(records + Int(sorted[index].position))
        }
    }
}

/// A job on a thread of its own (one half of the keys, ``KeySorter``), and a way to wait for it.
final class BackgroundJob: @unchecked Sendable {
    // Safety: what `body` touches is touched by nothing else until `wait()` returns.
    private let body: () -> Void
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping () -> Void) {
        self.body = body
        let thread = Thread { [self] in
            self.body()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    func wait() { done.wait() }
}
