import Foundation
import LexAggCore
import LexAggDocuments
import LexAggQuiz
import Testing

/// Entries are written by their own writer (EntryJSON.swift), not through their `Codable` conformances: every field,
/// present or left out, empty or not, with text that needs escapes, nested senses and shared or differing
/// provenances, must come out as Foundation's encoder writes it, compact and pretty, alone, in arrays and optional.
@Suite struct EntryJSONTests {
    struct Document: Encodable {
        var schemaVersion = 2
        var entries: [Entry]
        var one: Entry
        var more: [Entry]?
        var found = true
    }

    struct Random {
        var generator: SeededGenerator
        static let pieces = ["a", "word", " ", "  ", "x y", "é", "😀", "e\u{301}", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "Ω"]
        static let providers = [ProviderID("wordnet")!, ProviderID("bench100")!, ProviderID("wiktionary-offline")!]
        static let dates = [1_700_000_000, 0, 1_764_115_200.7, -86_401].map(Date.init(timeIntervalSince1970:))

        mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < probability }
        mutating func count(_ most: Int) -> Int { Int.random(in: 0...most, using: &generator) }
        mutating func text() -> String { (0..<count(6)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined() }
        mutating func maybeText() -> String? { chance(0.5) ? text() : nil }
        mutating func texts() -> [String] { (0..<count(3)).map { _ in text() } }

        mutating func provenance() -> Provenance {
            Provenance(
                provider: Self.providers.randomElement(using: &generator)!,
                source: chance(0.2) ? text() : "dump.jsonl (wiktextract dump of 2026-11-26)",
                retrievedAt: Self.dates.randomElement(using: &generator)!
            )
        }

        mutating func sense(depth: Int) -> Sense {
            Sense(
                definition: text(), examples: texts(), labels: texts(), synonyms: texts(), antonyms: texts(),
                subsenses: depth < 2 && chance(0.3) ? (0..<count(2)).map { _ in sense(depth: depth + 1) } : [],
                formOf: chance(0.3) ? FormOf(lemma: text(), form: maybeText()) : nil,
                sources: (0..<count(2)).map { _ in provenance() }
            )
        }

        mutating func entry() -> Entry {
            Entry(
                headword: text(), language: [Language("en"), Language("de"), nil].randomElement(using: &generator)!,
                pronunciations: (0..<count(3)).map { _ in
                    Pronunciation(
                        text: text(), notation: [.ipa, .enPR, .other].randomElement(using: &generator)!, accent: maybeText(),
                        audioURL: chance(0.3) ? "https://example.org/a b.ogg" : nil, provenance: provenance()
                    )
                },
                senseGroups: (0..<count(3)).map { _ in
                    SenseGroup(
                        partOfSpeech: chance(0.7) ? PartOfSpeech(["noun", "verb", "adj", "proper noun"].randomElement(using: &generator)!) : nil,
                        senses: (0..<count(3)).map { _ in sense(depth: 0) },
                        synonyms: chance(0.3) ? texts() : [], antonyms: chance(0.3) ? texts() : [],
                        labels: chance(0.3) ? texts() : []
                    )
                },
                translations: (0..<count(3)).map { _ in
                    Translation(
                        text: text(), pair: LanguagePair(source: Language("en")!, target: Language("de")!), notes: texts(),
                        partOfSpeech: chance(0.5) ? PartOfSpeech("noun") : nil, context: maybeText(),
                        examples: (0..<count(2)).map { _ in TranslatedExample(source: text(), target: text()) },
                        provenance: provenance()
                    )
                },
                etymology: maybeText(), provenance: provenance()
            )
        }
    }

    @Test func entriesAreWrittenAsFoundationWritesThem() async throws {
        // CPU-bound: on a thread of its own, so the timing-sensitive tests of the (two-thread) pool still run.
        let differing = try await offThePool { () throws -> String? in
            var random = Random(generator: SeededGenerator(seed: 20))
            for round in 0..<300 {
                let document = Document(
                    entries: (0..<random.count(3)).map { _ in random.entry() }, one: random.entry(),
                    more: random.chance(0.5) ? [random.entry()] : nil
                )
                for pretty in [false, true] where try FastJSONEncoderTests.fast(document, pretty: pretty)
                    != FastJSONEncoderTests.foundation(document, pretty: pretty)
                {
                    return "round \(round), pretty: \(pretty)"
                }
            }
            return nil
        }
        #expect(differing == nil, "\(differing ?? "")")
    }
}
