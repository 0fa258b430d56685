import Foundation
import LexAggCore
import Testing
@testable import LexAggWiktextract

/// A dataset's metadata is read without Foundation's decoder when it is as the importer writes it; what it reads must
/// be what that decoder reads, and anything else must go to that decoder.
@Suite struct DatasetMetadataTests {
    /// `metadata` as the importer writes it (keys sorted), or with Foundation's own member order (`sorted: false`:
    /// on Linux it differs from process to process).
    static func encoded(_ metadata: DatasetMetadata, sorted: Bool = true) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        if sorted { encoder.outputFormatting = [.sortedKeys] }
        return Array(try encoder.encode(metadata))
    }

    static func foundation(_ bytes: [UInt8]) -> DatasetMetadata? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(DatasetMetadata.self, from: Data(bytes))
    }

    static func read(_ bytes: [UInt8]) -> DatasetMetadata? {
        bytes.withUnsafeBytes { DatasetMetadata.read($0) }
    }

    @Test func readsWhatTheImporterWritesAsFoundationDoes() throws {
        var generator = SeededGenerator(seed: 20)
        let names = ["wiktionary-offline", "de\"utsch\\", "日本語", "tab\there", "", "e\u{301}", "nul\u{0}/\u{1F}\u{7F}"]
        for index in 0..<50 {
            var metadata = DatasetMetadata(
                name: names[index % names.count], sourceFile: "/data/kaikki \(index).jsonl.gz",
                sourceBytes: Int.random(in: 0...Int(Int32.max) * 4, using: &generator),
                sourceDate: Date(timeIntervalSince1970: TimeInterval(Int.random(in: 0...4_000_000_000, using: &generator))),
                importedAt: Date(timeIntervalSince1970: TimeInterval(Int.random(in: 0...4_000_000_000, using: &generator))),
                languageFilter: index % 3 == 0 ? [] : ["en", "de"], entries: index * 1000, keys: index * 7000,
                lines: index * 1001, malformedLines: index % 4,
                languages: index % 5 == 0 ? [:] : ["en": index, "de": 2, "ja": 0],
                languageNames: ["en": "English", "zh": "Chinese \"Mandarin\""],
                translations: index % 2 == 0 ? [:] : ["en": ["de": 1200, "fr": index], "de": [:]]
            )
            metadata.formatVersion = index % 2 + 1
            // As the importer writes it (by hand), as Foundation's encoder writes it, and in Foundation's own order.
            for bytes in [metadata.json(), try Self.encoded(metadata), try Self.encoded(metadata, sorted: false)] {
                let read = try #require(Self.read(bytes), "\(String(decoding: bytes, as: UTF8.self))")
                #expect(read == Self.foundation(bytes))
                #expect(read == metadata)
            }
        }
    }

    /// What the importer does not write is left to Foundation's decoder: a missing field, a number that is not a
    /// whole Int, a date in another form, a value of another type, JSON that is not an object.
    @Test func anythingElseIsLeftToFoundation() throws {
        let metadata = DatasetMetadata(
            name: "x", sourceFile: "/x.jsonl", sourceBytes: 10, sourceDate: Date(timeIntervalSince1970: 0),
            importedAt: Date(timeIntervalSince1970: 86_400), languageFilter: [], entries: 1, keys: 2, lines: 3,
            malformedLines: 0, languages: ["en": 1], languageNames: [:], translations: [:]
        )
        // Keys sorted, as the importer writes them: `"keys":2` is followed by a comma (with Foundation's own order,
        // which changes from process to process, it was sometimes last, and the first variant was the text itself).
        let text = String(decoding: try Self.encoded(metadata), as: UTF8.self)
        #expect(Self.read(Array(text.utf8)) == metadata)
        let variants = [
            text.replacingOccurrences(of: #""keys":2,"#, with: ""),
            text.replacingOccurrences(of: #""keys":2"#, with: #""keys":2.5"#),
            text.replacingOccurrences(of: #""keys":2"#, with: #""keys":"2""#),
            text.replacingOccurrences(of: "1970-01-01T00:00:00Z", with: "1970-01-01T01:00:00+01:00"),
            text.replacingOccurrences(of: #""languages":{"en":1}"#, with: #""languages":{"en":null}"#),
            "[" + text + "]", text + "x", "",
        ]
        for variant in variants {
            #expect(variant != text)
            #expect(Self.read(Array(variant.utf8)) == nil, "\(variant)")
        }
        // An unknown member is skipped, as Foundation skips it.
        let extra = text.replacingOccurrences(of: #""keys":2"#, with: #""future":{"a":[1,2]},"keys":2"#)
        #expect(Self.read(Array(extra.utf8)) == metadata && Self.foundation(Array(extra.utf8)) == metadata)
    }
}
