#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sorts the index's keys in bounded memory: keys collect in a buffer of `runBytes`, each full buffer is sorted and
/// written to a run file, and the runs are merged into the final table and key blob at the end (an external merge
/// sort), so a dump of any size needs the same memory.
final class KeySorter {
    /// The longest key kept; longer forms (whole phrases in some tables) are not useful lookup keys.
    static let maximumKeyBytes = 400

    private let directory: String
    private let runBytes: Int
    private var buffer: [UInt8] = []
    /// Each record's first eight key bytes (big-endian, so integer order is byte order) and its position: most
    /// comparisons end on the prefix without touching the buffer.
    private var positions: [(prefix: UInt64, position: UInt32)] = []
    private var runs: [String] = []
    private(set) var added = 0

    init(directory: String, runBytes: Int) {
        self.directory = directory
        self.runBytes = max(runBytes, 1 << 16)
        buffer.reserveCapacity(self.runBytes + 4096)
    }

    /// Record layout in the buffer and the runs: key length (UInt16), key, kind (UInt8), offset (UInt64), length (UInt32).
    func add(key: [UInt8], kind: KeyKind, offset: Int, length: Int) throws(ImportError) {
        guard !key.isEmpty, key.count <= Self.maximumKeyBytes else { return }
        var prefix: UInt64 = 0
        for index in 0..<8 { prefix = prefix << 8 | UInt64(index < key.count ? key[index] : 0) }
        positions.append((prefix, UInt32(buffer.count)))
        appendInteger(UInt16(key.count))
        buffer.append(contentsOf: key)
        buffer.append(kind.rawValue)
        appendInteger(UInt64(offset))
        appendInteger(UInt32(length))
        added += 1
        if buffer.count >= runBytes { try writeRun() }
    }

    private func appendInteger<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) }
    }

    private func writeRun() throws(ImportError) {
        guard !positions.isEmpty else { return }
        buffer.withUnsafeBytes { raw in
            positions.sort { a, b in
                a.prefix != b.prefix ? a.prefix < b.prefix : KeySorter.precedes(raw, Int(a.position), raw, Int(b.position))
            }
        }
        let path = directory + "/run-\(runs.count)"
        let writer = try FileWriter(path: path)
        do throws(ImportError) {
            var failure: ImportError?
            buffer.withUnsafeBytes { raw in
                for (_, position) in positions where failure == nil {
                    let start = Int(position)
                    let keyLength = Int(raw.loadUnaligned(fromByteOffset: start, as: UInt16.self).littleEndian)
                    do throws(ImportError) {
                        try writer.write(UnsafeRawBufferPointer(rebasing: raw[start..<(start + 2 + keyLength + 13)]))
                    } catch {
                        failure = error
                    }
                }
            }
            if let failure { throw failure }
            try writer.finish(sync: false)
        } catch {
            writer.abandon()
            throw error
        }
        runs.append(path)
        buffer.removeAll(keepingCapacity: true)
        positions.removeAll(keepingCapacity: true)
    }

    /// Whether the record at `a` sorts before the one at `b`: key bytes, then kind, then record offset.
    static func precedes(_ left: UnsafeRawBufferPointer, _ a: Int, _ right: UnsafeRawBufferPointer, _ b: Int) -> Bool {
        let lengthA = Int(left.loadUnaligned(fromByteOffset: a, as: UInt16.self).littleEndian)
        let lengthB = Int(right.loadUnaligned(fromByteOffset: b, as: UInt16.self).littleEndian)
        let order = memcmp(left.baseAddress! + a + 2, right.baseAddress! + b + 2, min(lengthA, lengthB))
        if order != 0 { return order < 0 }
        if lengthA != lengthB { return lengthA < lengthB }
        let tailA = left.baseAddress! + a + 2 + lengthA, tailB = right.baseAddress! + b + 2 + lengthB
        if tailA.load(as: UInt8.self) != tailB.load(as: UInt8.self) { return tailA.load(as: UInt8.self) < tailB.load(as: UInt8.self) }
        return tailA.loadUnaligned(fromByteOffset: 1, as: UInt64.self).littleEndian
            < tailB.loadUnaligned(fromByteOffset: 1, as: UInt64.self).littleEndian
    }

    /// Merges every run into `table` (24-byte rows) and `blob` (key bytes), dropping repeated rows (a form listed
    /// twice for one entry), and removes the runs. Returns the number of rows written.
    func merge(table: FileWriter, blob: FileWriter) throws(ImportError) -> Int {
        try writeRun()
        buffer = []
        positions = []
        defer { for run in runs { unlink(run) } }
        let readers = try runs.map { (path) throws(ImportError) in try RunReader(path: path) }
        var heads: [[UInt8]?] = []
        for reader in readers { heads.append(try reader.next()) }
        var rows = 0
        var previous: [UInt8] = []
        var lastKeyOffset = 0
        var row = [UInt8](repeating: 0, count: DatasetFormat.rowSize)
        while true {
            var best: Int?
            for index in heads.indices {
                guard let head = heads[index] else { continue }
                if let current = best, let bestHead = heads[current] {
                    let earlier = head.withUnsafeBytes { a in bestHead.withUnsafeBytes { b in KeySorter.precedes(a, 0, b, 0) } }
                    if earlier { best = index }
                } else {
                    best = index
                }
            }
            guard let chosen = best, let record = heads[chosen] else { break }
            heads[chosen] = try readers[chosen].next()
            if record == previous { continue }
            let keyLength = Int(record[0]) | Int(record[1]) << 8
            let sameKey = previous.count >= 2 && previous.count - 15 == keyLength
                && previous[2..<(2 + keyLength)] == record[2..<(2 + keyLength)]
            if !sameKey {
                lastKeyOffset = blob.position
                try blob.write(Array(record[2..<(2 + keyLength)]))
            }
            previous = record
            // Row: key offset, record offset, record length, key length, kind, padding.
            withUnsafeBytes(of: UInt64(lastKeyOffset).littleEndian) { row.replaceSubrange(0..<8, with: $0) }
            row.replaceSubrange(8..<20, with: record[(3 + keyLength)..<(15 + keyLength)])
            withUnsafeBytes(of: UInt16(keyLength).littleEndian) { row.replaceSubrange(20..<22, with: $0) }
            row[22] = record[2 + keyLength]
            try table.write(row)
            rows += 1
        }
        return rows
    }
}

/// Reads a run file's records one at a time.
final class RunReader {
    private let file: FileReader

    init(path: String) throws(ImportError) {
        file = try FileReader(path: path)
    }

    func next() throws(ImportError) -> [UInt8]? {
        var record: [UInt8] = []
        record.reserveCapacity(64)
        guard try file.read(2, into: &record) else { return nil }
        let keyLength = Int(record[0]) | Int(record[1]) << 8
        guard try file.read(keyLength + 13, into: &record) else { throw ImportError("a sort run ends early") }
        return record
    }
}
