import Foundation
import LexAggCore
import LexAggFixtures
import LexAggWiktextract
import Testing

/// A damaged dataset file (a flipped bit, a file another program wrote over) is refused or read as missing rows, never
/// trapped on: the header's and the table's numbers are checked before they become offsets (issue 17, found by
/// reading what the `wiktextract-dataset` fuzz target reaches). Each case here trapped before: `Int(UInt64)` of a
/// number with the high bit set, or an offset plus a length that overflowed, or a key sliced outside the file.
@Suite struct DatasetDamageTests {
    /// A fresh import of the sample dump, and its bytes.
    func imported() throws -> (path: String, bytes: [UInt8]) {
        let summary = try WiktextractImporter(options: ImporterTests.options()).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: TemporaryFiles.directory()
        )
        return (summary.path, Array(try Data(contentsOf: URL(fileURLWithPath: summary.path))))
    }

    func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    func store(_ value: UInt64, at offset: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<(offset + 8), with: $0) }
    }

    func load(_ offset: Int, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) }
    }

    /// Header fields (after the 8-byte magic, little-endian UInt64s): 0 entries offset, 1 entries length, 2 table
    /// offset, 3 rows, 4 blob offset, 5 blob length, 6 metadata offset, 7 metadata length.
    @Test(arguments: [
        (1, UInt64.max),  // the high bit: Int(UInt64) trapped
        (0, UInt64(Int.max) - 4),  // below Int.max, but offset + length overflowed
        (3, UInt64(Int.max) / 24 + 1),  // rows * 24 overflowed
        (5, 1 << 40),  // past the end of the file
        (7, 0),  // no metadata
    ])
    func aDamagedHeaderIsRefusedWithAMessage(field: Int, value: UInt64) throws {
        var (path, bytes) = try imported()
        store(value, at: 8 + field * 8, in: &bytes)
        try write(bytes, to: path)
        let error = #expect(throws: ImportError.self) { _ = try Dataset(path: path) }
        #expect(error?.description == "\(path) is not a lexagg dataset or is damaged; import the dump again")
    }

    /// A dataset a newer lexagg wrote (its rows may be laid out otherwise) is refused with what to do, not misread.
    @Test func aDatasetOfANewerFormatIsRefusedWithAMessage() throws {
        var (path, bytes) = try imported()
        let current = Array(#""formatVersion":\#(DatasetFormat.version)"#.utf8)
        let at = try #require((0...(bytes.count - current.count)).last { Array(bytes[$0..<($0 + current.count)]) == current })
        bytes[at + current.count - 1] = UInt8(ascii: "9")
        try write(bytes, to: path)
        let error = #expect(throws: ImportError.self) { _ = try Dataset(path: path) }
        #expect(error?.description == "\(path) was imported by a newer lexagg (dataset format 9); import the dump again")
    }

    @Test func aTableRowPointingOutsideTheFileReadsAsAnEmptyKeyOrNoRecord() throws {
        var (path, bytes) = try imported()
        let good = try Dataset(path: path)
        let rows = good.rowCount
        let houseRows = good.rows(for: DatasetKey.normalise("house"))
        #expect(houseRows.count == 2)
        // Row 0's key offset and record offset with the high bit set, row 1's far past the end; row 2's record length
        // past the entries.
        let table = load(8 + 2 * 8, bytes), row = DatasetFormat.rowSize
        store(UInt64.max, at: table, in: &bytes)
        store(UInt64.max, at: table + 8, in: &bytes)
        store(1 << 40, at: table + row, in: &bytes)
        store(1 << 40, at: table + row + 8, in: &bytes)
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: UInt32.max, toByteOffset: table + 2 * row + 16, as: UInt32.self) }
        try write(bytes, to: path)

        let damaged = try Dataset(path: path)
        #expect(damaged.rowCount == rows)
        #expect(damaged.key(at: 0).isEmpty && damaged.key(at: 1).isEmpty)
        #expect(damaged.row(at: 0).recordOffset == -1 && damaged.record(damaged.row(at: 0)) == nil)
        #expect(damaged.record(damaged.row(at: 1)) == nil)
        #expect(damaged.record(damaged.row(at: 2)) == nil)
        // Rows the damage did not touch still answer (a lookup of "house" reads only its part of the table).
        for index in 3..<rows {
            #expect(damaged.key(at: index).elementsEqual(good.key(at: index)))
        }
        #expect(damaged.rows(for: DatasetKey.normalise("house")).compactMap { damaged.record($0) }.count == 2)
    }
}
