@testable import DictDatabaseProvider
@testable import LexAggDictFormats
import LexAggCore
import LexAggFixtures
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct DictIndexTests {
    @Test(arguments: [("wn", IndexOrder.allchars), ("gcide", .legacy), ("freedict-eng-deu", .utf8), ("freedict-deu-eng", .utf8)])
    func detectsTheIndexOrderFromItsMetadata(name: String, order: IndexOrder) throws {
        #expect(try TestDatabases.index(name).order == order)
    }

    /// An index with no headword led by a space is searched once a lookup; FreeDict's " and a half" needs the second
    /// search (found in `findsEveryEntryForAHeadword`).
    @Test(arguments: [("wn", false), ("gcide", false), ("freedict-eng-deu", true)])
    func knowsWhetherAnyHeadwordStartsWithASpace(name: String, expected: Bool) throws {
        #expect(try TestDatabases.index(name).hasSpaceLedKeys == expected)
    }

    @Test(arguments: [
        ("wn", "serendipity", ["serendipity"]),
        ("wn", "SERENDIPITY", ["serendipity"]),
        ("wn", "Ice Cream", ["ice cream"]),
        ("wn", ".22", [".22"]),
        ("wn", "serendipit", []),
        ("wn", "00-database-info", []),
        ("gcide", "house", ["House", "House", "House"]),
        ("gcide", "HOUSE", ["House", "House", "House"]),
        ("gcide", "a", Array(repeating: "a", count: 8) + Array(repeating: "A", count: 6) + ["a"]),
        ("freedict-eng-deu", "and a half", [" and a half"]),
        ("freedict-eng-deu", "… and a half", [" and a half"]),
        ("freedict-eng-deu", "", []),
        ("freedict-deu-eng", "Straße", Array(repeating: "straße", count: 6)),
        ("freedict-deu-eng", "STRASSE", []),
    ])
    func findsEveryEntryForAHeadword(name: String, word: String, expected: [String]) throws {
        let index = try TestDatabases.index(name)
        #expect(index.lookup(word).map(\.headword) == expected)
    }

    /// Binary search must find every entry, including the untidy ones (FreeDict's leading spaces).
    @Test(arguments: ["wn", "gcide", "freedict-eng-deu", "freedict-deu-eng"])
    func everyFixtureHeadwordIsFound(name: String) async throws {
        let index = try TestDatabases.index(name)
        let lines = await TestDatabases.headwords(of: index)
        #expect(lines.count > 10)
        for (headword, line) in lines {
            #expect(index.lookup(headword).contains { $0.line == line }, "'\(headword)' not found")
        }
    }

    /// The same over the whole embedded WordNet: 147,000 lines, every one found by binary search, and each
    /// entry's text (read through dictzip in 2 KB chunks, across every chunk) starts with its own headword.
    @Test func everyEmbeddedWordNetHeadwordIsFoundAndReadable() async throws {
        let index = try DictIndex(path: TestDatabases.embeddedWordNet + ".index")
        let body = try DictzipBody(path: await TestDatabases.rechunkedWordNet)
        let lines = await TestDatabases.headwords(of: index)
        #expect(lines.count > 147_000)
        // Seconds of CPU-bound work: on a thread of its own, so the tests that need the (two-thread) pool still run.
        let (missing, misread) = try await offThePool { () throws -> ([String], [String]) in
            var missing: [String] = []
            var misread: [String] = []
            for (number, (headword, line)) in lines.enumerated() {
                let found = index.lookup(headword)
                guard let location = found.first(where: { $0.line == line }) else { missing.append(headword); continue }
                if number % 5 == 0 {
                    let text = try body.read(offset: location.offset, length: location.length)
                    let firstLine = String(decoding: text.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                    if firstLine.lowercased() != headword { misread.append(headword) }
                }
            }
            return (missing, misread)
        }
        #expect(missing.isEmpty, "not found: \(missing.prefix(10))")
        #expect(misread.isEmpty, "text does not start with its headword: \(misread.prefix(10))")
    }

    /// Real FreeDict and GCIDE indexes, when installed (CI installs them): a sample of lines, untidy ones included.
    @Test(arguments: ["freedict-eng-deu", "freedict-deu-eng", "gcide", "freedict-eng-fra", "freedict-fra-eng"])
    func systemIndexesAreSearchable(name: String) async throws {
        guard let base = TestDatabases.system(name) else { return }
        let index = try DictIndex(path: base + ".index")
        let lines = await TestDatabases.headwords(of: index)
        let missing = await offThePool {
            lines.enumerated().filter { number, entry in number % 13 == 0 || entry.0.hasPrefix(" ") }
                .filter { _, entry in !index.lookup(entry.0).contains(where: { $0.line == entry.1 }) }
                .map(\.element.0)
        }
        #expect(missing.isEmpty, "\(name): not found: \(missing.prefix(10))")
    }

    /// `look -df WORD file.index` is dictd's own oracle for the folded order of a legacy index.
    @Test(arguments: ["house", "a", "serene"])
    func agreesWithLookOnALegacyIndex(word: String) throws {
        guard isReadableFile("/usr/bin/look") else { return }
        let path = FixtureStore.path("dictdb/gcide.index")
        let pipe = popen("/usr/bin/look -df '\(word)' '\(path)'", "r")!
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        pclose(pipe)
        let output = String(decoding: bytes, as: UTF8.self)
        let index = try TestDatabases.index("gcide")
        let exact = output.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
            .filter { $0.lowercased() == word }
        #expect(!exact.isEmpty)
        #expect(index.lookup(word).map(\.headword) == exact)
    }

    @Test func binarySearchTouchesLogarithmicallyManyLines() throws {
        let index = try DictIndex(path: TestDatabases.embeddedWordNet + ".index")
        let (_, probes) = index.lowerBoundCountingProbes(Array("serendipity".utf8))
        // 147,311 lines: log2 ≈ 17.2; a line-aligned bisection over bytes stays within a few probes of that.
        #expect(probes <= 24)
        let small = try TestDatabases.index("wn")
        #expect(small.lowerBoundCountingProbes(Array("serendipity".utf8)).probes <= 6)
    }

    @Test func suggestsCloseSpellings() throws {
        let index = try DictIndex(path: TestDatabases.embeddedWordNet + ".index")
        #expect(try index.suggestions("serendipty", limit: 3).contains("serendipity"))
        #expect(try index.suggestions("hosue", limit: 5).isEmpty == false)
        #expect(try index.suggestions("", limit: 3).isEmpty)
    }

    /// The ASCII shortcut of `IndexOrder.fold` must fold as the scalar-by-scalar path does: every ASCII character
    /// alone, and 2,000 random ASCII strings (control characters, punctuation, white space), keeping all or not.
    @Test func foldingASCIIByteByByteAgreesWithFoldingByUnicodeProperties() {
        var generator = SeededGenerator(seed: 20)
        let texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) } + (0..<2000).map { _ in
            String(decoding: (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0..<128, using: &generator) }, as: UTF8.self)
        }
        for text in texts {
            for keepAll in [false, true] {
                #expect(IndexOrder.fold(text, keepAll: keepAll) == IndexOrder.foldScalars(text, keepAll: keepAll), "\(Array(text.utf8)) \(keepAll)")
            }
        }
        // Not ASCII: the scalar path (a combining mark is not a letter; an em space is white space).
        #expect(IndexOrder.fold("Ca\u{300}fÉ\u{2003}X", keepAll: false) == "café x")
    }

    /// The close-spelling scan rules headwords out by the length and byte presence of their legacy key without
    /// making it: those must be the key's, for every byte value alone and after a letter, and for some headwords.
    @Test func theLegacyKeysShapeIsTheShapeOfTheKey() {
        var samples: [[UInt8]] = (0...255).flatMap { value in [[UInt8(value)], [UInt8(ascii: "A"), UInt8(value)]] }
        samples += ["Hello, World", "ice-cream", "A.B.C. 42", "caf\u{E9}", "", "  x\ty"].map { Array($0.utf8) }
        var wrong: [String] = []
        for bytes in samples {
            let key = IndexOrder.foldLegacy(bytes[...])
            let shape = bytes.withUnsafeBytes { IndexOrder.legacyKeyShape($0) }
            if shape.count != key.count || shape.presence != EditDistance.presence(key) { wrong.append("\(bytes)") }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
