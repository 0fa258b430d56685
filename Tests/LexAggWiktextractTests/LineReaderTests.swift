import Foundation
import LexAggFixtures
@testable import LexAggWiktextract
import Testing

/// A plain dump is read through its mapping; anything else through read(2) into the reader's buffer. Both must give
/// the same lines, line numbers, oversized lengths and byte counts.
@Suite struct LineReaderTests {
    /// What a reader hands out, line by line.
    enum Seen: Equatable {
        case text([UInt8])
        case oversized(Int)
    }

    func lines(_ reader: LineReader) throws -> (lines: [Seen], numbers: Int, bytes: Int) {
        var seen: [Seen] = []
        while let line = try reader.next() {
            switch line {
            case .text(let bytes): seen.append(.text(Array(bytes)))
            case .oversized(let length): seen.append(.oversized(length))
            }
        }
        return (seen, reader.lineNumber, reader.bytesRead)
    }

    func bothWays(_ bytes: [UInt8], limit: Int) throws -> (mapped: [Seen], read: [Seen]) {
        let path = TemporaryFiles.directory() + "/lines.jsonl"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let file = try openByteSource(path: path)
        defer { file.close() }
        let mappedReader = LineReader(source: file, maximumLineBytes: limit)
        #expect(mappedReader.mapping != nil || bytes.isEmpty, "a plain file is read through its mapping")
        let mapped = try lines(mappedReader)
        let read = try lines(LineReader(source: PieceSource(bytes), maximumLineBytes: limit, readSize: 4096))
        #expect(mapped.numbers == read.numbers)
        #expect(mapped.bytes == read.bytes)
        #expect(mapped.bytes == bytes.count)
        #expect(file.consumed == bytes.count || bytes.isEmpty)
        return (mapped.lines, read.lines)
    }

    @Test func theMappingGivesTheLinesReadingGives() throws {
        let cases: [String] = [
            "", "\n", "one", "one\n", "one\ntwo", "one\r\ntwo\r\n", "last without newline ends in CR\r",
            "\n\n  \n\t\n", "a\rb\nc\r\r\n", "{\"word\": \"été\"}\n{\"word\": \"日本\"}\r\n",
            String(repeating: "x", count: 200) + "\nshort\n" + String(repeating: "y", count: 101) + "\r\n",
            "short\n" + String(repeating: "z", count: 150),
        ]
        for text in cases {
            let (mapped, read) = try bothWays(Array(text.utf8), limit: 100)
            #expect(mapped == read, "\(text.debugDescription)")
        }
        // The expected reading of one of them, spelt out: CR LF is a line end, a lone CR at the very end is not.
        let (mapped, _) = try bothWays(Array("a\r\n\r\nb\r".utf8), limit: 100)
        #expect(mapped == [.text([0x61]), .text([]), .text([0x62, 0x0D])])
    }

    /// A line longer than the search step (4 MB) is found across several searches and skipped whole, with the pages
    /// behind the reading let go of on the way.
    @Test func aLineLongerThanTheSearchStepIsOneOversizedLine() throws {
        var bytes = Array("{\"word\": \"before\"}\n".utf8)
        bytes += [UInt8](repeating: 0x61, count: LineReader.searchStep * 2 + 12_345) + [0x0A]
        bytes += Array("{\"word\": \"after\"}".utf8)
        let (mapped, read) = try bothWays(bytes, limit: 100_000)
        #expect(mapped == read)
        #expect(mapped == [
            .text(Array("{\"word\": \"before\"}".utf8)), .oversized(LineReader.searchStep * 2 + 12_345),
            .text(Array("{\"word\": \"after\"}".utf8)),
        ])
    }
}

extension LineReaderTests {
    /// The entries kept and the problems found, reading as the importer's threads do (batches may end at other lines:
    /// a batch read in place does not grow its buffer for a line larger than the batch).
    func imported(from source: any ByteSource, limit: Int, batchSize: Int) -> (entries: [UInt8], problems: [String]) {
        defer { source.close() }
        var options = WiktextractImporter.Options(name: "lines")
        options.maximumLineBytes = limit
        var entries: [UInt8] = []
        var problems: [String] = []
        try? LineReader(source: source, maximumLineBytes: limit, readSize: 4096).scanAll(batchSize: batchSize, options: options) { batch in
            entries += UnsafeRawBufferPointer(start: batch.lines, count: batch.used)
            problems += batch.problems.map { "\($0.line): \($0.message)" }
        }
        return (entries, problems)
    }

    /// Found by the `wiktextract-import` fuzz target (Fuzz/seeds/wiktextract-import/mapped-batches.jsonl): malformed
    /// and oversized lines, one line larger than a batch, entries after it.
    @Test func aMappedDumpImportsAsTheSameBytesReadInPieces() throws {
        let path = TemporaryFiles.directory() + "/dump.jsonl"
        var text = "{\"word\": \"house\", \"lang_code\": \"en\", \"senses\": [{\"glosses\": [\"" + String(repeating: "a building ", count: 60)
        text += "\"]}]}\n{\"word\": , }\r\n{\"word\": \"maison\", \"lang_code\": \"fr\"}\n\n  \n{\"word\": \"Haus\", \"lang_code\": \"de\"} x\n"
        text += String(repeating: "z", count: 300) + "\n{\"word\": \"casa\", \"lang_code\": \"es\", \"forms\": [{\"form\": \"casas\"}]}"
        let bytes = Array(text.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for limit in [100, 250, 10_000] {
            for batchSize in [64, 512, 1 << 20] {
                let read = imported(from: PieceSource(bytes), limit: limit, batchSize: batchSize)
                let mapped = imported(from: try openByteSource(path: path), limit: limit, batchSize: batchSize)
                #expect(mapped.entries == read.entries, "limit \(limit), batch \(batchSize)")
                #expect(mapped.problems == read.problems, "limit \(limit), batch \(batchSize)")
                #expect(!read.problems.isEmpty)
            }
        }
        let whole = imported(from: PieceSource(bytes), limit: 10_000, batchSize: 1 << 20)
        #expect(whole.problems.map { $0.prefix(2) } == ["2:", "6:", "7:"])
        #expect(String(decoding: whole.entries, as: UTF8.self).components(separatedBy: "\n").count == 4)
    }
}
