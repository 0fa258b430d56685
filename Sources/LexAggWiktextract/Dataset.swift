#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An imported dataset, memory-mapped: a binary search over its sorted key table finds the rows of a key, and each
/// row points at one JSON line of the dump.
public final class Dataset: @unchecked Sendable {
    // Safety: the mapping is read-only and never changes for the object's lifetime; it is unmapped in deinit only.
    public let path: String
    public let metadata: DatasetMetadata
    private let bytes: UnsafeRawBufferPointer
    private let entries: Range<Int>
    private let tableOffset: Int
    public let rowCount: Int
    private let blobOffset: Int

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
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ImportError("cannot stat \(path): \(systemErrorText())") }
        let size = Int(info.st_size)
        guard size >= DatasetFormat.headerSize else {
            throw ImportError("\(path) is not a lexagg dataset (too short); import the dump again")
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), address != MAP_FAILED else {
            throw ImportError("cannot map \(path): \(systemErrorText())")
        }
        let bytes = UnsafeRawBufferPointer(start: address, count: size)
        func field(_ index: Int) -> Int { Int(bytes.loadUnaligned(fromByteOffset: 8 + index * 8, as: UInt64.self).littleEndian) }
        let valid = Array(bytes[0..<8]) == DatasetFormat.magic
        let (entriesOffset, entriesLength, table, rows, blob, blobLength, metaOffset, metaLength) =
            valid ? (field(0), field(1), field(2), field(3), field(4), field(5), field(6), field(7)) : (0, 0, 0, 0, 0, 0, 0, 0)
        let inside = valid && entriesOffset + entriesLength <= size && table + rows * DatasetFormat.rowSize <= size
            && blob + blobLength <= size && metaOffset + metaLength <= size && metaLength > 0
        guard inside else {
            munmap(address, size)
            throw ImportError("\(path) is not a lexagg dataset or is damaged; import the dump again")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            metadata = try decoder.decode(DatasetMetadata.self, from: Data(bytes[metaOffset..<(metaOffset + metaLength)]))
        } catch {
            munmap(address, size)
            throw ImportError("\(path) has damaged metadata; import the dump again")
        }
        self.bytes = bytes
        self.entries = entriesOffset..<(entriesOffset + entriesLength)
        self.tableOffset = table
        self.rowCount = rows
        self.blobOffset = blob
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }

    /// Reads only the header and metadata, without mapping the file (for listings).
    public static func metadata(at path: String) throws(ImportError) -> DatasetMetadata {
        try Dataset(path: path).metadata
    }

    // MARK: Keys

    /// The key of row `index`.
    public func key(at index: Int) -> UnsafeRawBufferPointer {
        let row = tableOffset + index * DatasetFormat.rowSize
        let offset = Int(bytes.loadUnaligned(fromByteOffset: row, as: UInt64.self).littleEndian)
        let length = Int(bytes.loadUnaligned(fromByteOffset: row + 20, as: UInt16.self).littleEndian)
        let start = blobOffset + offset
        return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)])
    }

    public func row(at index: Int) -> Row {
        let row = tableOffset + index * DatasetFormat.rowSize
        return Row(
            kind: KeyKind(rawValue: bytes[row + 22]) ?? .headword,
            recordOffset: Int(bytes.loadUnaligned(fromByteOffset: row + 8, as: UInt64.self).littleEndian),
            recordLength: Int(bytes.loadUnaligned(fromByteOffset: row + 16, as: UInt32.self).littleEndian)
        )
    }

    /// The first row whose key is not below `key` (with `prefix`, compares only as many bytes as `key` has).
    public func lowerBound(_ key: [UInt8]) -> Int {
        var low = 0, high = rowCount
        key.withUnsafeBytes { wanted in
            while low < high {
                let middle = (low + high) / 2
                if Dataset.compare(self.key(at: middle), wanted) < 0 { low = middle + 1 } else { high = middle }
            }
        }
        return low
    }

    /// The rows whose key is exactly `key`.
    public func rows(for key: [UInt8]) -> [Row] {
        var index = lowerBound(key)
        var found: [Row] = []
        key.withUnsafeBytes { wanted in
            while index < rowCount, Dataset.compare(self.key(at: index), wanted) == 0 {
                found.append(row(at: index))
                index += 1
            }
        }
        return found
    }

    /// The record (JSON line) a row points at.
    public func record(_ row: Row) -> UnsafeRawBufferPointer? {
        let start = entries.lowerBound + row.recordOffset
        guard row.recordOffset >= 0, start + row.recordLength <= entries.upperBound else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + row.recordLength)])
    }

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
