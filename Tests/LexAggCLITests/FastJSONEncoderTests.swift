import DictDatabaseProvider
import Foundation
import LexAggAggregation
import LexAggCore
@testable import LexAggDocuments
import LexAggFixtures
import LexAggQuiz
import Logging
import Testing

/// `FastJSONEncoder` must write exactly what Foundation's `JSONEncoder` writes with lexagg's options, so that
/// scripts reading `--format json` see no change: compared byte for byte on awkward values, on random trees and on
/// real answers of the embedded WordNet.
@Suite struct FastJSONEncoderTests {
    static func foundation(_ value: some Encodable, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func fast(_ value: some Encodable, pretty: Bool) throws -> String {
        String(decoding: try FastJSONEncoder(pretty: pretty).encode(value), as: UTF8.self)
    }

    struct Awkward: Encodable {
        var keys: [String: Int] = ["a10": 1, "a9": 2, "B": 3, "a": 4, "_x": 5, "é": 6, "A": 7, "a b": 8, "10": 9, "9": 10, "": 11, "Ω": 12]
        var text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{7F}\"\\/\u{2028}é😀\u{FEFF}e\u{301}"
        var numbers: [Double] = [0.1, 1, 1e21, 123.456, 1e-7, .leastNonzeroMagnitude, -0.0, 100, 0.001, 2.5e-5, 9_007_199_254_740_992, 1e16, 1e15, 33.833, -1.5]
        var floats: [Float] = [0.1, 1.5, 3.4e38]
        var integers: [Int64] = [.min, .max, 0, -1]
        var unsigned: [UInt8] = [0, 255]
        var dates = [Date(timeIntervalSince1970: 1_700_000_000.5), Date(timeIntervalSince1970: -86_401), Date(timeIntervalSince1970: 0)]
        var url = URL(string: "http://example.org/a b?c=d")
        var none: String? = nil
        var flags = [true, false]
        var empty: [String] = []
        var emptyObject: [String: String] = [:]
        var nested = [["x": [1, 2]], [:]]
        var optionals: [String?] = ["a", nil]

        enum CodingKeys: String, CodingKey {
            case keys, text, numbers, floats, integers, unsigned, dates, url, none, flags, empty, emptyObject, nested, optionals
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(keys, forKey: .keys)
            try container.encode(text, forKey: .text)
            try container.encode(numbers, forKey: .numbers)
            try container.encode(floats, forKey: .floats)
            try container.encode(integers, forKey: .integers)
            try container.encode(unsigned, forKey: .unsigned)
            try container.encode(dates, forKey: .dates)
            try container.encode(url, forKey: .url)
            try container.encode(none, forKey: .none)  // explicit null, not left out
            try container.encode(flags, forKey: .flags)
            try container.encode(empty, forKey: .empty)
            try container.encode(emptyObject, forKey: .emptyObject)
            try container.encode(nested, forKey: .nested)
            try container.encode(optionals, forKey: .optionals)
        }
    }

    @Test(arguments: [false, true]) func awkwardValuesAreWrittenAsFoundationWritesThem(pretty: Bool) throws {
        #expect(try Self.fast(Awkward(), pretty: pretty) == Self.foundation(Awkward(), pretty: pretty))
    }

    @Test func notANumberIsRefusedLikeFoundation() {
        #expect(throws: EncodingError.self) { try FastJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try FastJSONEncoder().encode(["x": Double.infinity]) }
    }

    /// A random JSON-shaped value.
    indirect enum Tree: Encodable {
        case string(String), integer(Int), double(Double), bool(Bool), null
        case array([Tree]), object([String: Tree])

        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            switch self {
            case .string(let value): try single.encode(value)
            case .integer(let value): try single.encode(value)
            case .double(let value): try single.encode(value)
            case .bool(let value): try single.encode(value)
            case .null: try single.encodeNil()
            case .array(let values): try single.encode(values)
            case .object(let members): try single.encode(members)
            }
        }

        static let pieces = ["a", "Z", "é", "e\u{301}", "😀", "\n", "\t", "\u{1}", "\u{1F}", "\"", "\\", "/", " ", "\u{7F}",
                             "ж", "中", "\u{2028}", "0", "~", "\r", "\u{8}", "\u{C}"]

        static func random(depth: Int, using generator: inout some RandomNumberGenerator) -> Tree {
            func text() -> String {
                (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            }
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator) {
            case 0: return .string(text())
            case 1: return .integer(Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...63, using: &generator))
            case 2:
                var value: Double
                repeat {
                    value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
                } while !value.isFinite
                return .double(Bool.random(using: &generator) ? value : (value * 1000).rounded() / 1000)
            case 3: return .bool(Bool.random(using: &generator))
            case 4: return .null
            case 5: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in random(depth: depth + 1, using: &generator) })
            default:
                var members: [String: Tree] = [:]
                for _ in 0..<Int.random(in: 0...5, using: &generator) { members[text()] = random(depth: depth + 1, using: &generator) }
                return .object(members)
            }
        }
    }

    /// Strings are copied eight bytes at a time up to each byte that needs an escape: every such byte (and bytes that
    /// look like one to the eight-byte test: 0x7F, 0xA2, 0xDC, multi-byte text) at every position of strings up to 40
    /// bytes long, alone and two at a time.
    @Test func escapesAtEveryPositionAreWrittenAsFoundationWritesThem() throws {
        let specials = ["\"", "\\", "\n", "\u{1}", "\u{1F}", "\t", "\u{7F}", "\u{A2}", "\u{DC}", "é", "\u{2028}", "😀"]
        var texts: [String] = []
        for length in 0...40 {
            for position in 0...length {
                for special in specials {
                    let before = String(repeating: "a", count: position), after = String(repeating: "b", count: length - position)
                    texts.append(before + special + after)
                    texts.append(before + special + after + special)
                }
            }
        }
        #expect(try Self.fast(texts, pretty: false) == Self.foundation(texts, pretty: false))
        #expect(texts.count > 10_000)
    }

    @Test func randomTreesAreWrittenAsFoundationWritesThem() async throws {
        // CPU-bound: on a thread of its own, so the timing-sensitive tests of the (two-thread) pool still run.
        let differing = try await offThePool { () throws -> Int? in
            var generator = SeededGenerator(seed: 2229)  // the quiz's SplitMix64: the same trees on every run
            for round in 0..<200 {
                let tree = Tree.random(depth: 0, using: &generator)
                let pretty = round % 2 == 1
                if try Self.fast(tree, pretty: pretty) != Self.foundation(tree, pretty: pretty) { return round }
            }
            return nil
        }
        #expect(differing == nil, "round \(differing ?? 0) is written differently")
    }

    /// Provenances are boxed once per document and their node shared, and key orders are remembered by key list:
    /// entries whose senses alternate between provenances that differ in one field each, and objects with the same
    /// keys encoded in different orders, are still written as Foundation writes them.
    @Test(arguments: [false, true]) func sharedProvenancesAndKeyOrdersAreWrittenAsFoundationWritesThem(pretty: Bool) throws {
        let base = Provenance(provider: ProviderID("wordnet")!, source: "wn.dict.dz", retrievedAt: Date(timeIntervalSince1970: 1_700_000_000))
        var otherProvider = base, otherSource = base, otherDate = base
        otherProvider.provider = ProviderID("gcide")!
        otherSource.source = "gcide.dict.dz"
        otherDate.retrievedAt = Date(timeIntervalSince1970: 1_700_000_001)
        let provenances = [base, base, otherProvider, base, otherSource, otherSource, otherDate, base]
        let entries = provenances.enumerated().map { index, provenance in
            Entry(
                headword: "word\(index)", language: Language("en"),
                pronunciations: [Pronunciation(text: "/w/", notation: .ipa, provenance: provenances[(index + 1) % provenances.count])],
                senseGroups: [SenseGroup(partOfSpeech: PartOfSpeech("noun"), senses: provenances.map {
                    Sense(definition: "a sense", examples: index % 2 == 0 ? [] : ["an example", "another"], labels: ["informal"], sources: [$0])
                })],
                provenance: provenance
            )
        }
        #expect(try Self.fast(entries, pretty: pretty) == Self.foundation(entries, pretty: pretty))

        struct Ordered: Encodable {
            var reversed: Bool
            enum CodingKeys: String, CodingKey { case b, a, c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                for key in reversed ? [CodingKeys.c, .a, .b] : [.b, .a, .c] { try container.encode(key.rawValue, forKey: key) }
            }
        }
        let mixed = (0..<6).map { Ordered(reversed: $0 % 3 == 0) }
        #expect(try Self.fast(mixed, pretty: pretty) == Self.foundation(mixed, pretty: pretty))
    }

    /// Dates are written digit by digit for years up to 9999, as Foundation writes them. (Before 1583 Foundation
    /// counts in the Julian calendar and lexagg, before this change too, in the proleptic Gregorian one.)
    @Test func datesAreWrittenAsFoundationWritesThem() throws {
        var seconds: [Double] = [0, -1, 59, 86_399, 86_400, -86_401, 951_782_400, 1_700_000_000.999, 253_402_300_799,
                                 -12_212_553_600, 253_402_300_800]
        var generator = SeededGenerator(seed: 20)
        seconds += (0..<500).map { _ in Double(Int64.random(in: -12_212_553_600...253_402_300_799, using: &generator)) }
        for second in seconds {
            let date = [Date(timeIntervalSince1970: second)]
            #expect(try Self.fast(date, pretty: false) == Self.foundation(date, pretty: false), "\(second)")
        }
    }

    /// Real answers: 120 WordNet words through the lookup service, as `lookup --batch --format json` writes them.
    @Test func realAnswersAreWrittenAsFoundationWritesThem() async throws {
        guard let directory = DictDatabaseDiscovery.embeddedDirectory(),
              case .success(let found) = DictDatabaseDiscovery.databases(at: directory),
              let wordnet = found.first(where: { $0.descriptor.id == .wordnet })
        else { Issue.record("the embedded WordNet is missing"); return }
        let service = LookupService(
            registry: try ProviderRegistry([wordnet]), cache: nil,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        )
        let definitions = try await service.definitions(language: Language("en"), options: RequestOptions())
        // Every 1/110th headword of the index lexagg ships, beside words that exercise lemmas, suggestions and merging.
        let index = URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Providers/DictDatabase/Embedded/wn.index")
        let headwords = try String(contentsOf: index, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("00-database") }.map { String($0.prefix { $0 != "\t" }) }
        let words = ["set", "run", "walked", "mice", "ice cream", "serendipity", "qqqzzzx", "recieve", "a", "go"]
            + stride(from: 0, to: headwords.count, by: headwords.count / 110).prefix(110).map { headwords[$0] }
        var compared = 0
        for word in words {
            await Task.yield()  // CPU-bound in a debug build: let timing-sensitive tests run between words
            let answer = await definitions.lookUp(try LookupQuery(word, language: Language("en")))
            for explain in [false, true] {
                let document = JSONOutput.LookupDocument(command: "lookup", answer: answer, explain: explain)
                #expect(try Self.fast(document, pretty: false) == Self.foundation(document, pretty: false), "\(word)")
                #expect(try Self.fast(document, pretty: true) == Self.foundation(document, pretty: true), "\(word)")
                compared += 1
            }
        }
        #expect(compared == 2 * words.count && words.count == 120)
    }

    /// Every optional member of a lookup's document set and left out, in every kind of outcome: the document is
    /// written from its fields (DocumentJSON.swift), not through `Codable`, and must not differ from Foundation's.
    @Test(arguments: [false, true]) func lookupDocumentsInEveryShapeAreWrittenAsFoundationWritesThem(pretty: Bool) throws {
        let provider = ProviderID("wiktionary")!
        let stored = Date(timeIntervalSince1970: 1_764_000_000.75)
        let full = ProviderError(
            .rateLimited, provider: provider, message: "slow down \"now\"\n", retryAfter: .milliseconds(2500),
            location: "https://en.wiktionary.org/w/api.php", httpStatus: 429
        )
        let bare = ProviderError(.unavailable, provider: provider, message: "no network")
        let outcomes = [
            ProviderOutcome(provider: provider, status: .answered(entries: 3), latency: .microseconds(12_345)),
            ProviderOutcome(provider: .wordnet, status: .empty, latency: .zero, origin: .cache(storedAt: stored)),
            ProviderOutcome(provider: provider, status: .failed(full), latency: .seconds(2)),
            ProviderOutcome(provider: provider, status: .failed(bare), latency: .nanoseconds(1)),
            ProviderOutcome(provider: provider, status: .answered(entries: 1), latency: .milliseconds(7), origin: .stale(storedAt: stored, error: full)),
        ].map(JSONOutput.Outcome.init)
        let entry = Entry(
            headword: "naïve", language: Language("fr"), senseGroups: [SenseGroup(partOfSpeech: .adjective, senses: [Sense(definition: "x", sources: [])])],
            provenance: Provenance(provider: provider, source: "https://fr.wiktionary.org/wiki/na%C3%AFve", retrievedAt: stored)
        )
        let lemma = LemmaNote(formOf: FormOf(lemma: "walk", form: "past tense"), provider: .wordnet, method: .morphology)
        let bareLemma = LemmaNote(formOf: FormOf(lemma: "go", form: nil), provider: provider, method: .formOf)
        let queries = [
            JSONOutput.Query(term: "walked", language: nil),
            JSONOutput.Query(term: "Naïve", language: Language("fr"), targetLanguage: Language("de"), matchedAs: "naive", lemmas: [JSONOutput.Lemma(lemma)]),
            JSONOutput.Query(term: "went", language: Language("en"), lemmas: [JSONOutput.Lemma(bareLemma)]),
            JSONOutput.Query(term: "leaves", language: Language("en"), lemmas: [JSONOutput.Lemma(lemma), JSONOutput.Lemma(bareLemma)]),
        ]
        let score = SenseScore(agreement: 2, providerWeight: 1.5, source: provider, sourceRank: 0, position: 1)
        var compared = 0
        for query in queries {
            for (entries, outcomes, suggestions) in [([Entry](), [JSONOutput.Outcome](), [String]()), ([entry, entry], outcomes, ["naive", "nave"])] {
                for scores in [nil, [[[score]]], [[[SenseScore]]]()] {
                    let translatable = scores == nil && entries.isEmpty
                        ? [JSONOutput.Translatable(provider: ProviderID("freedict-deu-eng")!, source: .german, target: .english)] : nil
                    let document = JSONOutput.LookupDocument(
                        command: "lookup", query: query, found: !entries.isEmpty, entries: entries, outcomes: outcomes,
                        suggestions: suggestions, scores: scores, translatableBy: translatable
                    )
                    #expect(try Self.fast(document, pretty: pretty) == Self.foundation(document, pretty: pretty), "\(query.term)")
                    compared += 1
                }
            }
        }
        #expect(compared == 24)
    }
}
