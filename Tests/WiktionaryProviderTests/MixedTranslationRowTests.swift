import Foundation
import LexAggCore
import Testing
import WiktionaryProvider

/// Translation rows that mix `{{t}}` items and plain links.
@Suite struct MixedTranslationRowTests {
    /// A row with `{{t}}` items and plain links (`* Turkish: {{t+|tr|sözlük}}, [[lügat]] {{qualifier|obsolete}}` on
    /// `dictionary`, `* Sicilian: {{t+|scn|chiantari}}, [[ghiantari]]`): the plain items are kept, of the row's
    /// language, each in its place; they were lost, as only rows with no template item were read for them.
    @Test func mixedRowsKeepTheirPlainItems() {
        let page = TranslationRowTests.nounPage("A [[building]].", translations: """
            {{trans-top|building}}
            * Turkish: {{t+|tr|ev}}, [[hane]] {{qualifier|obsolete}}
            * French: [[logis]] {{g|m}}, {{t+|fr|maison|f}}; [[demeure]]
            * Serbo-Croatian:
            *: Cyrillic: {{t|sh|кућа|f}}, [[дом]] {{m}}
            * Japanese: {{t|ja|家|tr=いえ, ie}}, [[お宅]] (otaku)
            {{trans-bottom}}
            """)
        #expect(TranslationRowTests.translations(page) == [
            "tr ev [] building",
            "tr hane [\"obsolete\"] building",
            "fr logis [\"masculine\"] building",
            "fr maison [\"feminine\"] building",
            "fr demeure [] building",
            "sh кућа [\"feminine\"] building",
            "sh дом [\"masculine\"] building",
            "ja 家 [\"いえ, ie\"] building",
            "ja お宅 [\"otaku\"] building",
        ])
    }

    /// The older templates `{{t-}}` and `{{tø}}` (a translation with no link to the other Wiktionary), still on pages
    /// not edited since (*dictionary*'s Serbo-Croatian, *cow*'s Ossetian), take the arguments of `{{t}}`; their items
    /// were dropped.
    @Test func olderTranslationTemplatesKeepTheirItems() {
        let page = TranslationRowTests.nounPage("A [[book]] of words.", translations: """
            {{trans-top|book of words}}
            * Serbo-Croatian:
            *: Cyrillic: {{t-|sh|речник|m}}
            *: Roman: {{t-|sh|rječnik|m}}
            * Ossetian: {{tø|os|дзырдуат|tr=dzyrduat}}
            {{trans-bottom}}
            """)
        #expect(TranslationRowTests.translations(page) == [
            "sh речник [\"masculine\"] book of words",
            "sh rječnik [\"masculine\"] book of words",
            "os дзырдуат [\"dzyrduat\"] book of words",
        ])
    }
}
