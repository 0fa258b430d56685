import Foundation
import LexAggCore
import LexAggFixtures
import LexAggWiktextract
import Testing

/// ``Dataset/withRecord(_:_:)``: a line of ordinary size is read with `pread` from the descriptor the dataset keeps
/// open, a longer one through the mapping; both give the line's bytes as ``Dataset/record(_:)`` points at them.
@Suite struct DatasetReadingTests {
    func importing(_ lines: [String], name: String = "wiktionary-offline") throws -> String {
        let directory = TemporaryFiles.directory()
        let source = directory + "/dump.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: source, atomically: false, encoding: .utf8)
        return try WiktextractImporter(options: ImporterTests.options(name)).run(sourcePath: source, directory: directory + "/data").path
    }

    func line(_ word: String, gloss: String) -> String {
        #"{"word": "\#(word)", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["\#(gloss)"]}]}"#
    }

    func bytes(_ dataset: Dataset, _ row: Dataset.Row) -> [UInt8]? {
        dataset.withRecord(row) { Array($0) }
    }

    @Test func everyRowReadsAsTheBytesItPointsAt() throws {
        let summary = try WiktextractImporter(options: ImporterTests.options()).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: TemporaryFiles.directory()
        )
        let dataset = try Dataset(path: summary.path)
        #expect(dataset.rowCount > 20)
        for index in 0..<dataset.rowCount {
            let row = dataset.row(at: index)
            let mapped = try #require(dataset.record(row))
            #expect(mapped.count < Dataset.readLimit)
            #expect(bytes(dataset, row) == Array(mapped))
        }
    }

    /// ``Dataset/withRecords(_:_:)`` gives each row's line, in the rows' order, whether the lines are read together
    /// (neighbours in the file, in any order) or each on its own (far apart, or longer than the read limit).
    @Test func rowsReadTogetherReadAsEachOnItsOwn() throws {
        let long = String(repeating: "a very long gloss ", count: Dataset.readLimit / 10)
        let filler = (0..<40).map { line("filler\($0)", gloss: String(repeating: "padding ", count: 60)) }
        let path = try importing(
            [line("one", gloss: "first"), line("two", gloss: "second"), line("three", gloss: "third")] + filler
                + [line("far", gloss: "at the end"), line("long", gloss: long)]
        )
        let dataset = try Dataset(path: path)
        func row(_ word: String) throws -> Dataset.Row { try #require(dataset.rows(for: DatasetKey.normalise(word)).first) }
        let cases: [[String]] = [
            ["one", "two", "three"], ["three", "one"], ["two"], ["one", "far"], ["far", "long"], ["three", "long", "one"], [],
        ]
        for words in cases {
            let rows = try words.map(row)
            var seen: [Int] = []
            var read: [[UInt8]?] = []
            dataset.withRecords(rows) { index, bytes in
                seen.append(index)
                read.append(bytes.map { Array($0) })
            }
            #expect(seen == Array(rows.indices), "\(words)")
            #expect(read == rows.map { bytes(dataset, $0) }, "\(words)")
            #expect(read.allSatisfy { $0 != nil })
        }
        // Cut short: every line past the new end reads as missing, together or not (the rows are found first: the
        // key table is past the end too).
        let cut = try [["one", "two", "three"], ["one", "far"], ["long"]].map { try $0.map(row) }
        #expect(truncate(path, off_t(DatasetFormat.headerSize)) == 0)
        for rows in cut {
            var read: [[UInt8]?] = []
            dataset.withRecords(rows) { _, bytes in read.append(bytes.map { Array($0) }) }
            #expect(read.count == rows.count && read.allSatisfy { $0 == nil })
        }
    }

    @Test func aLineLongerThanTheReadLimitIsReadThroughTheMapping() throws {
        let long = String(repeating: "a very long gloss ", count: Dataset.readLimit / 10)
        let path = try importing([line("short", gloss: "brief"), line("long", gloss: long), line("edge", gloss: "x")])
        let dataset = try Dataset(path: path)
        let longRow = try #require(dataset.rows(for: DatasetKey.normalise("long")).first)
        #expect(longRow.recordLength > Dataset.readLimit)
        let read = try #require(bytes(dataset, longRow))
        #expect(read == Array(try #require(dataset.record(longRow))))
        #expect(String(decoding: read, as: UTF8.self).contains(long))
        let shortRow = try #require(dataset.rows(for: DatasetKey.normalise("short")).first)
        #expect(String(decoding: try #require(bytes(dataset, shortRow)), as: UTF8.self).contains("brief"))
    }

    /// A new import renames its file over the old one; a provider that opened the old one reads the old one's lines
    /// to the end, from the descriptor as from the mapping.
    @Test func anOpenDatasetReadsItsOwnFileAfterANewImportReplacesIt() throws {
        let path = try importing([line("house", gloss: "a building to live in")])
        let dataset = try Dataset(path: path)
        let row = try #require(dataset.rows(for: DatasetKey.normalise("house")).first)
        let replacement = try importing([line("house", gloss: "something else entirely, and longer")])
        #expect(rename(replacement, path) == 0)
        #expect(String(decoding: try #require(bytes(dataset, row)), as: UTF8.self).contains("a building to live in"))
        let reopened = try Dataset(path: path)
        let newRow = try #require(reopened.rows(for: DatasetKey.normalise("house")).first)
        #expect(String(decoding: try #require(bytes(reopened, newRow)), as: UTF8.self).contains("something else"))
    }

    /// A file cut short under an open dataset (a disk that filled up, another program): the lines past the new end
    /// read as missing, which the provider reports as a damaged dataset, instead of the bus error a read through the
    /// mapping gets.
    @Test func aLineCutOffByATruncatedFileReadsAsMissing() throws {
        let long = String(repeating: "a very long gloss ", count: Dataset.readLimit / 10)
        let path = try importing([line("house", gloss: "a building to live in"), line("long", gloss: long)])
        let dataset = try Dataset(path: path)
        let row = try #require(dataset.rows(for: DatasetKey.normalise("house")).first)
        let longRow = try #require(dataset.rows(for: DatasetKey.normalise("long")).first)
        #expect(longRow.recordLength > Dataset.readLimit)
        #expect(bytes(dataset, row) != nil && bytes(dataset, longRow) != nil)
        #expect(truncate(path, off_t(DatasetFormat.headerSize)) == 0)
        #expect(bytes(dataset, row) == nil)
        #expect(bytes(dataset, longRow) == nil)  // through the mapping, this was a bus error
    }
}
