import Foundation
@testable import LexAggAggregation
import LexAggCore
import Testing

@Suite struct NormalizationTests {
    @Test(arguments: [
        ("cafe\u{301}", "caf\u{E9}"),           // combining accent → precomposed
        ("Ame\u{301}lie", "Am\u{E9}lie"),
        ("\u{212B}ngstr\u{F6}m", "\u{C5}ngstr\u{F6}m"),   // ANGSTROM SIGN → A WITH RING (canonical equivalent)
        ("plain", "plain"),
    ])
    func nfc(_ typed: String, _ expected: String) {
        #expect(Array(Normalization.nfc(typed).unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test(arguments: [
        ("Serendipity", ["serendipity"]),
        ("Café", ["café", "Cafe", "cafe"]),
        ("naïve", ["naive"]),
        ("straße", []),                          // ß is a letter, not a decorated s
        ("house", []),
        ("Ærø", ["ærø"]),                        // Æ and ø are letters of their own, not diacritics
        ("ｈｏｕｓｅ", ["house"]),                 // full-width letters are the letters they stand for
        ("ﬁsh", ["fish"]),                       // and a ligature its letters
        ("Ｃａｆé", ["Café", "café", "Cafe", "cafe"]),
        ("o’clock", ["o'clock"]),                // a typographic apostrophe is the straight one
        ("Rock ‘n’ Roll", ["Rock 'n' Roll", "rock 'n' roll"]),
    ])
    func looserVariants(_ term: String, _ expected: [String]) {
        #expect(Normalization.looserVariants(of: term) == expected)
    }

    /// ASCII words skip Foundation's folding (it is the identity on ASCII): the variants are the ones the folding
    /// gives, for every printable ASCII character, alone, inside and around a word, in either case.
    @Test func asciiVariantsAreWhatFoldingGives() {
        let characters = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        var terms = characters + characters.map { "Wa\($0)lk" } + characters.map { "walk\($0)" } + characters.map { "\($0)Ed" }
        terms += ["house", "House", "HOUSE", "walked out", "Mr. Smith's", "x-ray", "", "\t\n"]
        for term in terms {
            #expect(Normalization.looserVariants(of: term) == Normalization.foldedVariants(of: term), "\(term.debugDescription)")
        }
    }

    @Test(arguments: [
        ("essen", "essen", 0), ("Essen", "essen", 1), ("Éssen", "essen", 2), ("Essig", "essen", 3),
    ])
    func closeness(_ headword: String, _ term: String, _ expected: Int) {
        #expect(Normalization.closeness(of: headword, to: term) == expected)
    }

    /// Two ASCII words that differ but for case are not compared by folding (it would only lower the case): the
    /// closeness is what folding gives, for every pair of printable ASCII characters in a word.
    @Test func asciiClosenessIsWhatFoldingGives() {
        let characters = (0x20...0x7E).map { String(UnicodeScalar($0)!) }
        let fold: (String) -> String = { $0.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil) }
        for first in characters {
            for second in characters {
                let headword = "ab" + first + "c", term = "ab" + second + "c"
                let expected = headword == term ? 0 : headword.lowercased() == term.lowercased() ? 1 : fold(headword) == fold(term) ? 2 : 3
                #expect(Normalization.closeness(of: headword, to: term) == expected, "\(headword) \(term)")
            }
        }
    }

    @Test func exactMatchesComeFirstAndCaseDistinctEntriesAreKept() {
        let provenance = Provenance(provider: ProviderID("p")!, source: "s", retrievedAt: Date(timeIntervalSince1970: 0))
        func entry(_ word: String) -> Entry { Entry(headword: word, language: Language("de"), provenance: provenance) }
        let entries = ["Essen", "Éssen", "essen", "Essen", "essen"].map(entry)
        #expect(Normalization.exactFirst(entries, term: "essen").map(\.headword) == ["essen", "essen", "Essen", "Essen", "Éssen"])
        #expect(Normalization.exactFirst(entries, term: "Essen").map(\.headword) == ["Essen", "Essen", "essen", "essen", "Éssen"])
    }

    /// Words of ASCII and plain letters (Latin-1 to IPA, basic Cyrillic) skip Foundation's normalisation: what they
    /// get is what it gives, for every such letter alone, between letters, before and after combining marks.
    @Test func plainWordsAreTheirOwnNFCAsFoundationSays() {
        let letters = (0xC0...0x4FF).compactMap(Unicode.Scalar.init).map(String.init)
        for letter in letters {
            for word in ["a" + letter + "z", letter, letter + "\u{301}", "e\u{301}" + letter, letter + letter] {
                #expect(Array(Normalization.nfc(word).unicodeScalars) == Array(word.precomposedStringWithCanonicalMapping.unicodeScalars),
                        "\(Array(word.unicodeScalars))")
            }
        }
    }
}
