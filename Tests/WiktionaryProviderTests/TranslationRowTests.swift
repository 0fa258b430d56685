import Foundation
import LexAggCore
import Testing
import WiktionaryProvider

/// Rows of a translation table marked to be checked (`* {{ttbc|de}}: …`): their items, plain links on older pages
/// (`[[Haus]] {{g|n}}`, `[[Gebäude]] ''n''`) as well as `{{t}}` templates, are kept and say they are to be checked; the
/// plain ones were lost.
@Suite struct TranslationRowTests {
    private func translations(_ page: String) -> [String] {
        WikitextParser.entries(from: WikitextSource(page), headword: "house", language: nil, provenance: Fixtures.provenance, translations: true)
            .flatMap(\.translations).map { "\($0.pair.target.code) \($0.text) \($0.notes) \($0.context ?? "-")" }
    }

    @Test func rowsToBeCheckedKeepTheirItems() {
        let page = """
            ==English==
            ===Noun===
            {{en-noun}}

            # A [[building]].

            ====Translations====
            {{trans-top|building}}
            * French: {{t+|fr|maison|f}}
            * {{ttbc|nl}}: [[huis]] {{g|n}}
            {{trans-bottom}}
            {{checktrans-top}}
            * {{ttbc|de}}: [[Haus]] {{g|n}}, [[Gebäude]] ''n''
            * {{ttbc|it}}: {{t|it|casa|f}}
            * {{ttbc|French}}: [[logis]] {{q|dated}}; [[demeure#French|demeure]]
            *: {{ttbc|es}}: {{l|es|casa}}
            {{checktrans-bottom}}
            """
        #expect(translations(page) == [
            "fr maison [\"feminine\"] building",
            "nl huis [\"neuter\", \"to be checked\"] building",
            "de Haus [\"neuter\", \"to be checked\"] -",
            "de Gebäude [\"neuter\", \"to be checked\"] -",
            "it casa [\"feminine\", \"to be checked\"] -",
            "fr logis [\"dated\", \"to be checked\"] -",
            "fr demeure [\"to be checked\"] -",
            "es casa [\"to be checked\"] -",
        ])
    }
}
