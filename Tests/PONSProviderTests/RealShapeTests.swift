import Foundation
import LexAggCore
import LexAggHTTP
import PONSProvider
import ProviderConformance
import Testing

/// Shapes of real PONS answers the first fixtures did not have: each body follows a recorded response (named on
/// each test), trimmed to the rows that matter.
struct RealShapeTests {
    static func translations(_ body: String, query: String, from source: String, to target: String) async throws -> [Entry] {
        PONSResponse.translationEntries(
            from: try await directions(fromBody: Array(body.utf8)), query: query,
            pair: LanguagePair(source: try #require(Language(source)), target: try #require(Language(target))),
            provenanceSource: "test", retrievedAt: Date()
        )
    }

    /// Some dictionaries (`dept`, recorded for lesen) write `<span class='phonetics'>` with single quotes: the
    /// transcription was lost, `lesen` and `Lese` came without pronunciation.
    @Test func aClassInSingleQuotesIsRead() async throws {
        let body = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"lesen","headword_full":"lesen <span class=\"flexion\">&lt;liest, las, gelesen&gt;</span> <span class='phonetics'>[ˈle:zən]</span> <span class=\"wordclass\"><acronym title=\"verbo\">VERBO</acronym></span> <span class=\"verbclass\"><acronym title=\"verbo transitivo\">trans</acronym></span>","wordclass":"Verbo transitivo","arabs":[{"header":"1. lesen <span class=\"sense\">(Buch, Zeitung)</span>:","translations":[{"source":"<strong class=\"headword\">lesen</strong>","target":"ler"},{"source":"<span class=\"idiom_proverb\">die Messe <strong class=\"tilde\">lesen</strong></span>","target":"rezar a missa"}]}]}]},{"type":"entry","opendict":false,"roms":[{"headword":"Lese","headword_full":"Lese <span class=\"flexion\">&lt;-n&gt;</span> <span class='phonetics'>[ˈle:zə]</span> <span class=\"wordclass\"><acronym title=\"substantivo\">SUBST</acronym></span> <span class=\"genus\"><acronym title=\"feminino\">f</acronym></span>","wordclass":"Substantivo","arabs":[{"header":"","translations":[{"source":"<strong class=\"headword\">Lese</strong> <span class=\"sense\">(Weinlese)</span>","target":"vindima <span class=\"genus\"><acronym title=\"feminino\">f</acronym></span>"}]}]}]}]}]
        """#
        let entries = try await Self.translations(body, query: "lesen", from: "de", to: "pt")
        #expect(entries.map(\.headword) == ["lesen", "Lese"])
        #expect(entries.map { $0.pronunciations.map(\.text) } == [["ˈle:zən"], ["ˈle:zə"]])
        let lesen = try #require(entries.first?.translations.first)
        #expect(lesen.text == "ler")
        #expect(lesen.context == "Buch, Zeitung")
        #expect(lesen.examples.map(\.source) == ["die Messe lesen"])
        let lese = try #require(entries.last?.translations.first)
        #expect(lese.text == "vindima")
        #expect(lese.notes == ["feminino"])
        #expect(lese.context == "Weinlese")
    }
}
