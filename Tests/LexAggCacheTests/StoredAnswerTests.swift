import Foundation
import GRDB
@testable import LexAggCache
import LexAggCore
import Testing

/// Stored answers are read with ``AnswerReader`` and, for anything it refuses, Foundation's `JSONDecoder`: whichever
/// answers, the value must be the one `JSONDecoder` gives.
@Suite struct StoredAnswerTests {
    /// Text that exercises JSON's escapes and UTF-8: quotes, backslashes, slashes, control characters (which
    /// `JSONEncoder` writes as `\u00XX`), Cyrillic, CJK, emoji, combining marks.
    static let pieces = [
        "bank", "an \"edge\"", "C:\\path", "a/b", "tab\there", "line\nbreak", "bell\u{07}", "nul\u{0}x", "банк",
        "銀行", "🏦 money", "e\u{301}", "", " ", "Zürich", "<tag>&amp;",
    ]

    static func text(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: " ")
    }

    static func provenance(_ random: inout SeededGenerator) -> Provenance {
        Provenance(
            provider: [ProviderID("wiktionary")!, ProviderID("pons")!, ProviderID("dict-server")!].randomElement(using: &random)!,
            source: "https://en.wiktionary.org/wiki/" + text(&random),
            retrievedAt: Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &random))
        )
    }

    static func maybe<T>(_ random: inout SeededGenerator, _ make: (inout SeededGenerator) -> T) -> T? {
        Bool.random(using: &random) ? make(&random) : nil
    }

    static func list<T>(_ random: inout SeededGenerator, upTo limit: Int, _ make: (inout SeededGenerator) -> T) -> [T] {
        (0..<Int.random(in: 0...limit, using: &random)).map { _ in make(&random) }
    }

    static func sense(_ random: inout SeededGenerator, depth: Int) -> Sense {
        Sense(
            definition: text(&random), examples: list(&random, upTo: 2, text), labels: list(&random, upTo: 2, text),
            synonyms: list(&random, upTo: 2, text), antonyms: list(&random, upTo: 1, text),
            subsenses: depth < 2 ? list(&random, upTo: 2) { sense(&$0, depth: depth + 1) } : [],
            formOf: maybe(&random) { FormOf(lemma: text(&$0), form: maybe(&$0, text)) },
            sources: list(&random, upTo: 2, provenance)
        )
    }

    static func result(seed: UInt64) -> LookupResult {
        var random = SeededGenerator(seed: seed)
        let languages = ["en", "de", "ru", "fr", "zh"].map { Language($0)! }
        let entries = list(&random, upTo: 3) { random in
            Entry(
                headword: text(&random), language: maybe(&random) { languages.randomElement(using: &$0)! },
                pronunciations: list(&random, upTo: 2) { random in
                    Pronunciation(
                        text: text(&random), notation: [.ipa, .enPR, .other].randomElement(using: &random)!,
                        accent: maybe(&random, text), audioURL: maybe(&random) { "https://x.invalid/" + text(&$0) + ".ogg" },
                        provenance: provenance(&random)
                    )
                },
                senseGroups: list(&random, upTo: 3) { random in
                    SenseGroup(
                        partOfSpeech: maybe(&random) { PartOfSpeech(["noun", "verb", "adj", "phrase"].randomElement(using: &$0)!) },
                        senses: list(&random, upTo: 3) { sense(&$0, depth: 0) },
                        synonyms: list(&random, upTo: 2, text), antonyms: list(&random, upTo: 2, text),
                        labels: list(&random, upTo: 2, text)
                    )
                },
                translations: list(&random, upTo: 2) { random in
                    Translation(
                        text: text(&random),
                        pair: LanguagePair(source: languages.randomElement(using: &random)!, target: languages.randomElement(using: &random)!),
                        notes: list(&random, upTo: 2, text),
                        partOfSpeech: maybe(&random) { _ in PartOfSpeech.noun }, context: maybe(&random, text),
                        examples: list(&random, upTo: 2) { TranslatedExample(source: text(&$0), target: text(&$0)) },
                        provenance: provenance(&random)
                    )
                },
                etymology: maybe(&random, text), provenance: provenance(&random)
            )
        }
        return LookupResult(
            entries: entries,
            cachedAt: maybe(&random) { Date(timeIntervalSinceReferenceDate: Double.random(in: 0...1e9, using: &$0)) }
        )
    }

    static func foundation(_ bytes: [UInt8]) -> LookupResult? {
        try? JSONDecoder().decode(LookupResult.self, from: Data(bytes))
    }

    static func reader(_ bytes: [UInt8]) -> LookupResult? {
        bytes.withUnsafeBytes { AnswerReader.read($0) }
    }

    static func decode(_ text: String) -> LookupResult? {
        Data(text.utf8).withUnsafeBytes { StoredAnswer.decode($0) }
    }

    @Test func everyGeneratedAnswerIsReadAsFoundationReadsIt() throws {
        for seed in UInt64(0)..<300 {
            let result = Self.result(seed: seed)
            let bytes = Array(try JSONEncoder().encode(result))
            let read = try #require(Self.reader(bytes), "seed \(seed): refused \(String(decoding: bytes, as: UTF8.self))")
            #expect(read == result, "seed \(seed)")
            #expect(read == Self.foundation(bytes), "seed \(seed)")
        }
    }

    @Test func theStoreEncodesAndDecodesThroughTheSamePair() throws {
        let result = Self.result(seed: 42)
        let payload = try #require(StoredAnswer.encode(result))
        #expect(payload.starts(with: BinaryAnswer.magic))
        #expect(StoredAnswer.decode(payload) == result)
    }

    // MARK: The binary form (BinaryAnswer)

    @Test func everyGeneratedAnswerSurvivesTheBinaryForm() throws {
        for seed in UInt64(0)..<300 {
            let result = Self.result(seed: seed)
            let payload = BinaryAnswer.encode(result)
            #expect(payload.withUnsafeBytes { BinaryAnswer.decode($0) } == result, "seed \(seed)")
        }
    }

    /// Each distinct string is stored once: an answer whose senses all name one source is not that source's length
    /// times the number of senses.
    @Test func repeatedStringsAreStoredOnce() throws {
        let source = Provenance(provider: ProviderID("wiktionary")!, source: String(repeating: "a long source name ", count: 10),
                                retrievedAt: Date(timeIntervalSinceReferenceDate: 0))
        let senses = (0..<100).map { Sense(definition: "sense \($0)", sources: [source]) }
        let result = LookupResult(entries: [Entry(headword: "bank", language: Language("en"), senseGroups: [
            SenseGroup(partOfSpeech: .noun, senses: senses),
        ], provenance: source)])
        let payload = BinaryAnswer.encode(result)
        #expect(payload.count < 100 * 30)
        #expect(payload.withUnsafeBytes { BinaryAnswer.decode($0) } == result)
    }

    /// A payload of version 1, written before parts of speech had labels (its groups end at their antonyms), is read
    /// as the answer it was, with no labels; a version this reader does not know is refused.
    @Test func aPayloadWrittenBeforeGroupsHadLabelsStillReads() throws {
        let table = ["bank", "en", "noun", "wordnet", "src"]
        var payload: [UInt8] = [0x00, UInt8(ascii: "L"), UInt8(ascii: "X"), UInt8(ascii: "A"), 0x01, UInt8(table.count)]
        for string in table { payload += [UInt8(string.utf8.count)] + Array(string.utf8) }
        payload += [1, 0, 2, 0]        // one entry: "bank", language "en", no pronunciations
        payload += [1, 3, 0, 0, 0]     // one group: "noun", no senses, synonyms or antonyms (and, version 1, nothing more)
        payload += [0, 0, 3, 4]        // no translations nor etymology; provenance: "wordnet", "src",
        payload += [UInt8](repeating: 0, count: 8) + [0]  // retrieved at 2001-01-01; not from the cache
        let source = Provenance(provider: ProviderID("wordnet")!, source: "src", retrievedAt: Date(timeIntervalSinceReferenceDate: 0))
        let expected = LookupResult(entries: [
            Entry(headword: "bank", language: Language("en"), senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [])], provenance: source),
        ])
        #expect(payload.withUnsafeBytes { StoredAnswer.decode($0) } == expected)
        var unknown = payload
        unknown[4] = BinaryAnswer.version + 1
        #expect(unknown.withUnsafeBytes { BinaryAnswer.decode($0) } == nil)
        // Written again, it is version 2, labels and all.
        var labelled = expected
        labelled.entries[0].senseGroups[0].labels = ["feminine"]
        let written = BinaryAnswer.encode(labelled)
        #expect(written[4] == 2 && written.withUnsafeBytes { BinaryAnswer.decode($0) } == labelled)
    }

    /// Damage never crashes a reader nor passes for an answer it is not: a payload cut anywhere, or with bytes after
    /// its end, is refused; one with a byte changed is refused or decodes to some answer (a changed character).
    @Test func damagedBinaryPayloadsAreRefused() throws {
        let payload = BinaryAnswer.encode(Self.result(seed: 11))
        for length in 0..<payload.count {
            #expect(Array(payload[..<length]).withUnsafeBytes { BinaryAnswer.decode($0) } == nil, "cut at \(length)")
        }
        #expect((payload + [0]).withUnsafeBytes { BinaryAnswer.decode($0) } == nil)
        var random = SeededGenerator(seed: 5)
        for _ in 0..<2_000 {
            var damaged = payload
            damaged[Int.random(in: BinaryAnswer.magic.count..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            _ = damaged.withUnsafeBytes { StoredAnswer.decode($0) }
        }
        // Counts beyond the bytes there are, and strings that are not UTF-8.
        #expect((BinaryAnswer.magic + [0xFF, 0xFF, 0xFF, 0xFF, 0x0F]).withUnsafeBytes { BinaryAnswer.decode($0) } == nil)
        #expect((BinaryAnswer.magic + [1, 2, 0xC3, 0x28, 0, 0]).withUnsafeBytes { BinaryAnswer.decode($0) } == nil)
    }

    /// Subsenses nested deeper than 64 levels are refused, not followed down the stack.
    @Test func nestingIsBounded() throws {
        func nested(_ depth: Int) -> LookupResult {
            var sense = Sense(definition: "x", sources: [])
            for _ in 0..<depth { sense = Sense(definition: "x", subsenses: [sense], sources: []) }
            let provenance = Provenance(provider: ProviderID("p")!, source: "s", retrievedAt: Date(timeIntervalSinceReferenceDate: 0))
            return LookupResult(entries: [Entry(headword: "x", language: nil, senseGroups: [SenseGroup(partOfSpeech: nil, senses: [sense])],
                                                provenance: provenance)])
        }
        #expect(BinaryAnswer.encode(nested(62)).withUnsafeBytes { BinaryAnswer.decode($0) } == nested(62))
        #expect(BinaryAnswer.encode(nested(64)).withUnsafeBytes { BinaryAnswer.decode($0) } == nil)
    }

    /// Answers stored before the binary form, as JSON, are still read.
    @Test func jsonPayloadsAreStillRead() throws {
        let result = Self.result(seed: 9)
        #expect(StoredAnswer.decode(try JSONEncoder().encode(result)) == result)
    }

    static let provenanceJSON = #"{"provider":"wiktionary","source":"s","retrievedAt":1.5}"#

    /// Shapes the encoder does not write but Foundation's decoder takes: optional members missing or null, members it
    /// does not know, white space, SenseGroup's own defaults. The reader must take them and agree.
    @Test(arguments: [
        #"{"entries":[]}"#,
        #" { "entries" : [ ] , "cachedAt" : null } "#,
        #"{"entries":[],"future":{"x":[1,2,{"y":null}]},"cachedAt":12}"#,
        #"{"entries":[{"headword":"a","language":null,"pronunciations":[],"senseGroups":[{"senses":[]}],"translations":[],"provenance":\#(provenanceJSON)}]}"#,
        #"{"entries":[{"headword":"a","language":"de","pronunciations":[],"senseGroups":[{"partOfSpeech":"n.","senses":[],"synonyms":null}],"translations":[],"etymology":null,"provenance":\#(provenanceJSON)}]}"#,
        #"{"entries":[{"headword":"\u0061\/\u00e9","pronunciations":[],"senseGroups":[],"translations":[],"provenance":{"provider":"pons","source":"","retrievedAt":-1e3}}]}"#,
    ])
    func shapesFoundationTakesAreTakenAlike(_ text: String) throws {
        let bytes = Array(text.utf8)
        let read = try #require(Self.reader(bytes))
        #expect(read == Self.foundation(bytes))
    }

    /// What the reader refuses goes to Foundation's decoder, which decides: the stored answer is what it says.
    @Test(arguments: [
        #"{"entries":[],"entries":[]}"#,  // a member twice
        #"{"entries":{}}"#,  // an object for an array
        #"{"cachedAt":1}"#,  // a required member missing
        #"{"entries":[],"cachedAt":"yesterday"}"#,  // an optional member of another type
        #"{"entries":[{"headword":"a","language":"not a code","pronunciations":[],"senseGroups":[],"translations":[],"provenance":\#(provenanceJSON)}]}"#,
        #"{"entries":[{"headword":"a","pronunciations":[],"senseGroups":[],"translations":[],"provenance":{"provider":"Not An ID","source":"s","retrievedAt":1}}]}"#,
        #"{"entries":[{"headword":"a","pronunciations":[{"text":"x","notation":"braille","provenance":\#(provenanceJSON)}],"senseGroups":[],"translations":[],"provenance":\#(provenanceJSON)}]}"#,
        #"{"entries":[{"headword":"\ud83c\udfe6","pronunciations":[],"senseGroups":[],"translations":[],"provenance":\#(provenanceJSON)}]}"#,  // escaped surrogates
        #"{"entries":[{"headword":"\ud83c","pronunciations":[],"senseGroups":[],"translations":[],"provenance":\#(provenanceJSON)}]}"#,  // a lone one
        #"{"entries":[],"cachedAt":1e999}"#,  // no finite Double
        #"{"entries":[],"cachedAt":034988391.5}"#,  // a leading zero: not JSON (found by fuzzing)
        #"{"entries":[]} trailing"#,
        #"{"entries":[]"#,
        #"[]"#,
        "",
    ])
    func whatTheReaderRefusesFoundationDecides(_ text: String) {
        #expect(Self.reader(Array(text.utf8)) == nil)
        #expect(Self.decode(text) == Self.foundation(Array(text.utf8)))
    }

    /// The reader's own UTF-8 check agrees with the standard library's on every kind of sequence, at every
    /// position relative to its eight-byte steps.
    @Test func theUTF8CheckAgreesWithTheStandardLibrary() {
        let sequences: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x8F, 0xA6], [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xFF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xC3], [0xE2, 0x82], [0xC3, 0x41],
        ]
        for sequence in sequences {
            for before in 0..<10 {
                for after in [0, 1, 9] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: before) + sequence + Array(repeating: UInt8(ascii: "b"), count: after)
                    let expected = String(validating: bytes, as: UTF8.self) != nil
                    #expect(bytes.withUnsafeBytes { AnswerReader.isPlainUTF8($0) } == expected, "\(bytes)")
                }
            }
        }
        for escape in [#"\ud83c"#, #"\uDFFF"#, #"\\\udead"#] {
            let bytes = Array(("abcdefghij" + escape).utf8)
            #expect(bytes.withUnsafeBytes { AnswerReader.isPlainUTF8($0) } == false, "\(escape)")
        }
        for escape in [#"\\udead"#, #"\u00e9"#, #"\n\\"#] {
            let bytes = Array(("abcdefghij" + escape).utf8)
            #expect(bytes.withUnsafeBytes { AnswerReader.isPlainUTF8($0) }, "\(escape)")
        }
    }

    @Test func textThatIsNotUTF8IsRefused() throws {
        var bytes = Array(#"{"entries":[{"headword":"ab","pronunciations":[],"senseGroups":[],"translations":[],"provenance":"#.utf8)
        bytes += Array(Self.provenanceJSON.utf8) + Array("}]}".utf8)
        #expect(Self.reader(bytes) != nil)
        bytes[bytes.firstIndex(of: UInt8(ascii: "b"))!] = 0xFF
        #expect(Self.reader(bytes) == nil)
        #expect(bytes.withUnsafeBytes { StoredAnswer.decode($0) } == Self.foundation(bytes))
    }
}

/// The cache file is read through SQLite's C interface until GRDB opens it (``CacheFileReader``).
@Suite struct CacheFileReaderTests {
    let provider = ProviderID("online")!

    func record(_ key: String, _ result: LookupResult) -> CacheStore.Record {
        CacheStore.Record(provider: provider, formatVersion: 3, key: key, result: result, storedAt: Date(timeIntervalSince1970: 1_700_000_000.25))
    }

    /// A cache written before the binary form holds JSON payloads: both read paths still answer from them.
    @Test func rowsStoredAsJSONAreRead() throws {
        let fixture = Fixture()
        let result = StoredAnswerTests.result(seed: 3)
        let writer = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        writer.write(record("define|x|*|seed", .notFound))  // creates the file and its schema
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO answer VALUES ('online', 3, 'define|x|*|old', 0, ?, 1.0)",
                           arguments: [try JSONEncoder().encode(result)])
        }
        try queue.close()
        // A new process (SQLite's C interface), then the same after GRDB opened the file (a write).
        let reader = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        #expect(reader.read(provider: provider, formatVersion: 3, key: "define|x|*|old")?.result == result)
        reader.write(record("define|x|*|new", .notFound))
        #expect(reader.read(provider: provider, formatVersion: 3, key: "define|x|*|old")?.result == result)
        #expect(fixture.warnings.all.isEmpty, "\(fixture.warnings.all)")
    }

    @Test func aNewProcessReadsWhatAnotherWrote() throws {
        let fixture = Fixture()
        let positive = StoredAnswerTests.result(seed: 7)
        let writer = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        writer.write(record("define|x|*|bank", positive))
        writer.write(record("define|x|*|qqq", .notFound))
        // A second store, as another process would be: it has not opened the file.
        let reader = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        var expected = positive
        expected.cachedAt = nil
        let found = try #require(reader.read(provider: provider, formatVersion: 3, key: "define|x|*|bank"))
        #expect(found.result == expected)
        #expect(found.storedAt == Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(reader.read(provider: provider, formatVersion: 3, key: "define|x|*|qqq")?.result == .notFound)
        #expect(reader.read(provider: provider, formatVersion: 2, key: "define|x|*|bank") == nil)
        #expect(reader.read(provider: ProviderID("other")!, formatVersion: 3, key: "define|x|*|bank") == nil)
        // Writing opens GRDB beside the reader; reads go on answering, the new answer among them.
        reader.write(record("define|x|*|river", positive))
        #expect(reader.read(provider: provider, formatVersion: 3, key: "define|x|*|river")?.result == expected)
        #expect(reader.read(provider: provider, formatVersion: 3, key: "define|x|*|bank")?.result == expected)
        #expect(fixture.warnings.all.isEmpty, "\(fixture.warnings.all)")
    }

    /// A database with the cache's table and columns that is not lexagg's (no application id) is not read from: it
    /// goes to GRDB's path, which moves it aside, as before this reader.
    @Test func aLookalikeDatabaseIsNotReadButMovedAside() async throws {
        let fixture = Fixture()
        let other = try DatabaseQueue(path: fixture.path)
        let payload = try JSONEncoder().encode(StoredAnswerTests.result(seed: 1))
        try await other.write { db in
            try db.execute(sql: """
                CREATE TABLE answer (provider TEXT, format_version INTEGER, key TEXT, negative INTEGER, payload BLOB, stored_at REAL);
                INSERT INTO answer VALUES ('online', 3, 'k', 0, ?, 1.0)
                """, arguments: [payload])
        }
        try other.close()
        let store = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        #expect(store.read(provider: provider, formatVersion: 3, key: "k") == nil)
        #expect(fixture.warnings.all.contains { $0.contains("moved it to") }, "\(fixture.warnings.all)")
    }
}
