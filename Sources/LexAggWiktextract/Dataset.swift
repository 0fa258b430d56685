#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LexAggCore

/// An imported dataset, memory-mapped: a binary search over its sorted key table finds the rows of a key, and each
/// row points at one JSON line of the dump.
///
/// The file stays open with the mapping: ``withRecord(_:_:)`` reads a line of ordinary size with `pread` rather
/// than through the mapping. A batch's lines are scattered over the file, each on pages no other word touches, and a
/// fault on a mapped file maps the pages around it too (16 by default): the faults of 1,000 lookups spent more time in
/// the kernel than their decoding took, where a read of the line copies 2 KB.
public final class Dataset: @unchecked Sendable {
    // Safety: the mapping is read-only and never changes for the object's lifetime; it is unmapped in deinit only.
    // `pread` is safe from several threads on one descriptor (it does not move the file's offset).
    public let path: String
    public let metadata: DatasetMetadata
    private let bytes: UnsafeRawBufferPointer
    private let entries: Range<Int>
    private let tableOffset: Int
    public let rowCount: Int
    /// Whether entries have their members grouped (``RecordLayout``, format 2): a reader may stop at a later group.
    public var membersGrouped: Bool { metadata.formatVersion >= 2 }
    /// The rules its keys were made by (``DatasetKey/Rules``, by its format): lookups make their keys by them.
    public var keyRules: DatasetKey.Rules { DatasetKey.Rules(formatVersion: metadata.formatVersion) }
    /// Whether its keys are more than lower case (format 4 on): words a key finds may differ from the query in more
    /// than case.
    public var foldsKeys: Bool { keyRules >= .caseFolded }
    /// Where the keys' bytes are.
    private let blob: Range<Int>
    /// The size of a table row (``DatasetFormat/rowSize(version:)``), and whether rows hold their key's first bytes.
    private let rowSize: Int
    private let hasPrefixes: Bool
    /// The opened file: what ``isReplaced`` compares with the file now at `path`.
    private let identity: FileIdentity

    /// One key row.
    public struct Row: Sendable, Hashable {
        public var kind: KeyKind
        public var recordOffset: Int
        public var recordLength: Int
    }

    /// Opens and checks the dataset at `path`.
    public init(path: String) throws(ImportError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ImportError("cannot open \(path): \(systemErrorText())") }
        var opened = false
        defer { if !opened { close(descriptor) } }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ImportError("cannot stat \(path): \(systemErrorText())") }
        let size = Int(info.st_size)
        identity = FileIdentity(info)
        guard size >= DatasetFormat.headerSize else {
            throw ImportError("\(path) is not a lexagg dataset (too short); import the dump again")
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), address != MAP_FAILED else {
            throw ImportError("cannot map \(path): \(systemErrorText())")
        }
        let bytes = UnsafeRawBufferPointer(start: address, count: size)
        // Every offset, length and count of the header is at most the file's size, so no sum of two overflows; a
        // damaged header (a flipped high bit, another program's file) is refused, never trapped on.
        func field(_ index: Int) -> Int? {
            let value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 8 + index * 8, as: UInt64.self))
            return value <= UInt64(size) ? Int(value) : nil
        }
        var header: (entries: Range<Int>, table: Int, rows: Int, blob: Range<Int>, metadata: Range<Int>)?
        if Array(bytes[0..<8]) == DatasetFormat.magic, let entriesOffset = field(0), let entriesLength = field(1),
           let table = field(2), let rows = field(3), let blob = field(4), let blobLength = field(5),
           let metaOffset = field(6), let metaLength = field(7),
           entriesOffset + entriesLength <= size, table <= size, rows <= size,
           blob + blobLength <= size, metaOffset + metaLength <= size, metaLength > 0
        {
            header = (
                entriesOffset..<(entriesOffset + entriesLength), table, rows, blob..<(blob + blobLength),
                metaOffset..<(metaOffset + metaLength)
            )
        }
        guard let header else {
            munmap(address, size)
            throw ImportError("\(path) is not a lexagg dataset or is damaged; import the dump again")
        }
        if let read = DatasetMetadata.read(UnsafeRawBufferPointer(rebasing: bytes[header.metadata])) {
            metadata = read
        } else {
            // Not as the importer writes it: Foundation's decoder decides.
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            do {
                metadata = try decoder.decode(DatasetMetadata.self, from: Data(bytes[header.metadata]))
            } catch {
                munmap(address, size)
                throw ImportError("\(path) has damaged metadata; import the dump again")
            }
        }
        // The rows' size is the format's: checked against the file now that the metadata gives it.
        guard metadata.formatVersion <= DatasetFormat.version else {
            munmap(address, size)
            throw ImportError("\(path) was imported by a newer lexagg (dataset format \(metadata.formatVersion)); import the dump again")
        }
        rowSize = DatasetFormat.rowSize(version: metadata.formatVersion)
        hasPrefixes = metadata.formatVersion >= 3
        guard header.rows <= (size - header.table) / rowSize else {
            munmap(address, size)
            throw ImportError("\(path) is not a lexagg dataset or is damaged; import the dump again")
        }
        self.bytes = bytes
        self.entries = header.entries
        self.tableOffset = header.table
        self.rowCount = header.rows
        self.blob = header.blob
        self.descriptor = descriptor
        // Lookups read lines scattered over the file: the kernel's read-ahead for a sequential reader only costs them
        // (it ran on the reads of a batch, `page_cache_ra_unbounded` in perf, and reads a cold file's neighbours).
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_RANDOM)
        opened = true
    }

    /// Whether the file at `path` is no longer the one opened: imported again (the import writes a new file and
    /// renames it over the old one) or removed (`data remove`). The open file still reads as it was.
    public var isReplaced: Bool { identity.isReplaced(at: path) }

    /// The file, open for ``withRecord(_:_:)``'s reads: the same file as the mapping even when a new import has
    /// since replaced the one at `path`.
    private let descriptor: Int32

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        close(descriptor)
    }

    /// Reads only the header and metadata, without mapping the file (for listings).
    public static func metadata(at path: String) throws(ImportError) -> DatasetMetadata {
        try Dataset(path: path).metadata
    }

    // MARK: Keys

    /// The key of row `index`; empty when the row points outside the key blob (a damaged file: the opening checks
    /// only the header, so that a lookup reads no more of the table than its binary search touches).
    public func key(at index: Int) -> UnsafeRawBufferPointer {
        let row = tableOffset + index * rowSize
        let offset = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: row, as: UInt64.self))
        let length = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: row + 20, as: UInt16.self)))
        guard offset <= UInt64(blob.count), length <= blob.count - Int(offset) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        let start = blob.lowerBound + Int(offset)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
    }

    /// Row `index`; a record offset no file can hold (a damaged table) reads as -1, which ``record(_:)`` refuses.
    public func row(at index: Int) -> Row {
        let row = tableOffset + index * rowSize
        let offset = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: row + 8, as: UInt64.self))
        return Row(
            kind: KeyKind(rawValue: bytes[row + 22]) ?? .headword,
            recordOffset: offset <= UInt64(entries.count) ? Int(offset) : -1,
            recordLength: Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: row + 16, as: UInt32.self)))
        )
    }

    /// The first row whose key is not below `key`.
    public func lowerBound(_ key: [UInt8]) -> Int {
        key.withUnsafeBytes { lowerBound($0, prefix: DatasetFormat.prefix($0)) }
    }

    private func lowerBound(_ wanted: UnsafeRawBufferPointer, prefix: UInt64) -> Int {
        var low = 0, high = rowCount
        while low < high {
            let middle = (low + high) / 2
            if order(of: middle, against: wanted, prefix: prefix) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The rows whose key is exactly `key`.
    public func rows(for key: [UInt8]) -> [Row] {
        var found: [Row] = []
        key.withUnsafeBytes { wanted in
            let prefix = DatasetFormat.prefix(wanted)
            var index = lowerBound(wanted, prefix: prefix)
            while index < rowCount, order(of: index, against: wanted, prefix: prefix) == 0 {
                found.append(row(at: index))
                index += 1
            }
        }
        return found
    }

    /// The order of row `index`'s key and `wanted`, whose ``DatasetFormat/prefix(_:)`` is `prefix` (negative: the
    /// row's comes first). A row of format 3 decides by its key's first bytes, and by the lengths when both keys are
    /// no longer: a binary search reads the key bytes (elsewhere in the file, a cache miss and often a page of their
    /// own) only among the rows whose keys begin as `wanted` does.
    @inline(__always)
    private func order(of index: Int, against wanted: UnsafeRawBufferPointer, prefix: UInt64) -> Int {
        guard hasPrefixes else { return Dataset.compare(key(at: index), wanted) }
        let row = tableOffset + index * rowSize
        let own = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: row + 24, as: UInt64.self))
        if own != prefix { return own < prefix ? -1 : 1 }
        let length = Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: row + 20, as: UInt16.self)))
        if length <= 8 && wanted.count <= 8 { return length - wanted.count }
        return Dataset.compare(key(at: index), wanted)
    }

    /// The record (JSON line) a row points at; nil when it is not inside the entries (a damaged file).
    public func record(_ row: Row) -> UnsafeRawBufferPointer? {
        guard row.recordOffset >= 0, row.recordLength >= 0, row.recordOffset <= entries.count,
              row.recordLength <= entries.count - row.recordOffset
        else { return nil }
        let start = entries.lowerBound + row.recordOffset
        return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + row.recordLength)])
    }

    /// `body` of the record (JSON line) a row points at; nil when it is not inside the entries or cannot be read (a
    /// damaged or truncated file). A line of up to ``readLimit`` bytes is read into memory of its own; a longer one
    /// (a common word's translation tables) is read through the mapping, where a reader that stops early (a
    /// definition needs only the first of the line's member groups, ``RecordLayout``) touches only the pages it reads.
    public func withRecord<Result>(_ row: Row, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard let mapped = record(row) else { return nil }
        let offset = entries.lowerBound + row.recordOffset
        guard mapped.count <= Self.readLimit else {
            // Through the mapping, whose pages past the file's end (a file cut short since it was opened) would be a
            // bus error: the file's size is checked first.
            var info = stat()
            guard fstat(descriptor, &info) == 0, Int(info.st_size) >= offset + mapped.count else { return nil }
            return body(mapped)
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: mapped.count, alignment: 8)
        defer { buffer.deallocate() }
        guard readFully(into: buffer, count: mapped.count, at: offset) else { return nil }
        return body(UnsafeRawBufferPointer(start: buffer, count: mapped.count))
    }

    /// `body` of each record `rows` point at, in their order, with its index in `rows` (nil for one that is not
    /// inside the entries or cannot be read: a damaged or truncated file). Records close together in the file are
    /// read together: a word's rows point at its parts of speech, consecutive lines of the dump, and one `pread` of
    /// the span that holds them all costs less than a system call for each (a batch of 1,000 words made 2,500).
    public func withRecords(_ rows: [Row], _ body: (Int, UnsafeRawBufferPointer?) -> Void) {
        func eachAlone() {
            for index in rows.indices {
                if withRecord(rows[index], { body(index, $0) }) == nil { body(index, nil) }
            }
        }
        guard rows.count > 1 else { return eachAlone() }
        var span: Range<Int>?
        var total = 0
        for row in rows {
            guard let mapped = record(row) else { span = nil; break }
            let start = entries.lowerBound + row.recordOffset
            let range = start..<(start + mapped.count)
            span = span.map { min($0.lowerBound, range.lowerBound)..<max($0.upperBound, range.upperBound) } ?? range
            total += mapped.count
        }
        // One read when the span is short and mostly the records themselves, else each on its own.
        guard let span, span.count <= Self.readLimit, span.count <= 2 * total + 4096 else { return eachAlone() }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: span.count, alignment: 8)
        defer { buffer.deallocate() }
        guard readFully(into: buffer, count: span.count, at: span.lowerBound) else {
            for index in rows.indices { body(index, nil) }
            return
        }
        for index in rows.indices {
            let start = entries.lowerBound + rows[index].recordOffset - span.lowerBound
            body(index, UnsafeRawBufferPointer(start: buffer + start, count: rows[index].recordLength))
        }
    }

    /// Reads `count` bytes of the file at `offset`; false when the file ends before them or cannot be read.
    private func readFully(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Bool {
        var done = 0
        while done < count {
            let read = pread(descriptor, buffer + done, count - done, off_t(offset + done))
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return false }
            done += read
        }
        return true
    }

    /// The longest record ``withRecord(_:_:)`` reads with `pread` (longer ones through the mapping).
    public static let readLimit = 32 << 10

    static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = memcmp(a.baseAddress!, b.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    /// The file's size in bytes.
    public var fileBytes: Int { bytes.count }
}
