import Foundation
import LexAggCore
import Testing
import WiktionaryProvider

/// Rows of a translation table marked to be checked (`* {{ttbc|de}}: …`): their items, plain links on older pages
/// (`[[Haus]] {{g|n}}`, `[[Gebäude]] ''n''`) as well as `{{t}}` templates, are kept and say they are to be checked; the
/// plain ones were lost.
@Suite struct TranslationRowTests {
    /// The page's translations, each as `code text notes context`.
    static func translations(_ page: String) -> [String] {
        WikitextParser.entries(from: WikitextSource(page), headword: "house", language: nil, provenance: Fixtures.provenance, translations: true)
            .flatMap(\.translations).map { "\($0.pair.target.code) \($0.text) \($0.notes) \($0.context ?? "-")" }
    }

    /// An English noun's page with one sense (`sense`: its definition line) and `translations` under its
    /// Translations header.
    static func nounPage(_ sense: String, translations: String) -> String {
        "==English==\n===Noun===\n{{en-noun}}\n\n# \(sense)\n\n====Translations====\n" + translations
    }

    @Test func rowsToBeCheckedKeepTheirItems() {
        let page = Self.nounPage("A [[building]].", translations: """
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
            """)
        #expect(Self.translations(page) == [
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

    /// Rows written without translation templates (`* French: [[maison]] {{g|f}}`, older pages' `* [[Catalan]]: [[casa]]
    /// {{f}}` and `*: Walloon: [[måjhon]]`): their plain links are items of the language the row names, when
    /// en.wiktionary names a language so, to be checked only in a table to be checked; they were lost.
    @Test func plainRowsKeepTheirItems() {
        let page = Self.nounPage("A [[building]].", translations: """
            {{trans-top|building}}
            * French: [[maison]] {{g|f}}, [[logis]] ''m'' (''dated'')
            *: Walloon: [[måjhon]] {{f}}
            * [[Catalan]]: [[casa]] {{f}}
            * Yiddish: [[הויז]] (hoyz)
            * German: {{t+|de|Haus|n}}
            * Unknownese: [[zork]]
            * Chinese:
            *: Mandarin: [[房子]]
            * Spanish: {{t-needed|es}}
            {{trans-bottom}}
            {{checktrans-top}}
            * Italian: [[casa]] {{f}}
            {{checktrans-bottom}}
            """)
        #expect(Self.translations(page) == [
            "fr maison [\"feminine\"] building",
            "fr logis [\"masculine\", \"dated\"] building",
            "wa måjhon [\"feminine\"] building",
            "ca casa [\"feminine\"] building",
            "yi הויז [\"hoyz\"] building",
            "de Haus [\"neuter\"] building",
            "cmn 房子 [] building",
            "it casa [\"feminine\", \"to be checked\"] -",
        ])
    }

    /// A row's brackets: commas inside them part no items (`(tōrtā, tōrto)` made two, "ܬܘܪܬܐ (tōrtā" and "tōrto)"),
    /// a bracket before the word is a qualifier, and `{{zh-ts}}` shows its two forms.
    @Test func bracketsInPlainRows() {
        let page = Self.nounPage("A [[cow]].", translations: """
            {{trans-top|cow}}
            *: Hebrew: [[תורתא]] (tōrtā, tōrto) {{f}}
            * Chinese:
            *: Min Nan: {{zh-ts|[[飲料]]|[[饮料]]}} (ím-liāu)
            *: Mandarin: {{zh-ts|[[母]][[牛]]|[[母]][[牛]]}} (mǔníu)
            {{trans-bottom}}
            {{checktrans-top}}
            * {{ttbc|lt}}: [[karvė]] {{f}} (1, 3)
            * {{ttbc|gn}}: (''vt'') [['u]]; (''vi'') [[y'u]]
            {{checktrans-bottom}}
            """)
        #expect(Self.translations(page).map { $0.replacingOccurrences(of: "house", with: "cow") } == [
            "he תורתא [\"feminine\", \"tōrtā, tōrto\"] cow",
            "nan 飲料／饮料 [\"ím-liāu\"] cow",
            "cmn 母牛 [\"mǔníu\"] cow",
            "lt karvė [\"feminine\", \"1, 3\", \"to be checked\"] -",
            "gn 'u [\"vt\", \"to be checked\"] -",
            "gn y'u [\"vi\", \"to be checked\"] -",
        ])
    }

    /// The real `cow` page (read in place when the shared folder is there): its plain rows' items are kept.
    @Test func realPlainRowsKeepTheirItems() throws {
        let file = Fixtures.referenceSamples.deletingLastPathComponent().appendingPathComponent("corpus/wiktionary/en-cow-jwktl.wikitext")
        guard let data = try? Data(contentsOf: file) else { return }
        let translations = WikitextParser.entries(
            from: WikitextSource(Array(data)), headword: "cow", language: "English", provenance: Fixtures.provenance, translations: true
        ).flatMap(\.translations)
        func texts(_ code: String) -> [String] { translations.filter { $0.pair.target.code == code }.map(\.text) }
        #expect(texts("ca").contains("vaca"))
        #expect(texts("sco") == ["coo", "kye"])
        #expect(texts("ta").contains("பசு"))
    }

    /// A language's rows by script under it (`* Serbo-Croatian:`, then `*: Cyrillic: [[крава]] {{f}}` and `*: Roman:
    /// [[krava]] {{f}}`, as `cow` has them; `* Aramaic:`, then `*: Syriac:` and `*: Hebrew:`): their items are the
    /// parent row's language's. The plain ones were lost (no language is named "Cyrillic") or went to the language
    /// the script is named after (Aramaic in Hebrew script as Hebrew). A sub-row naming a language or variety
    /// (`*: Bavarian:` under German) stays its own, and the template rows were right already (their code says).
    @Test func scriptSubRowsAreTheParentRowsLanguage() {
        let page = Self.nounPage("A [[cow]].", translations: """
            {{trans-top|cow}}
            * Aramaic:
            *: Syriac: [[ܬܘܪܬܐ]] {{f}}
            *: Hebrew: [[תורתא]] {{f}}
            * German: [[Kuh]] {{f}}
            *: Bavarian: [[Kua]] {{f}}
            * Japanese:
            *: Hiragana: [[うし]]
            * Serbo-Croatian:
            *: Cyrillic: [[крава]] {{f}}
            *: Roman: [[krava]] {{f}}
            * Serbo-Croatian:
            *: Cyrillic: {{t|sh|крава|f}}
            *: Roman: {{t+|sh|krava|f}}
            {{trans-bottom}}
            """)
        #expect(Self.translations(page).map { $0.replacingOccurrences(of: " [\"feminine\"] cow", with: " f") } == [
            "arc ܬܘܪܬܐ f", "arc תורתא f", "de Kuh f", "bar Kua f", "ja うし [] cow", "sh крава f", "sh krava f", "sh крава f",
            "sh krava f",
        ])
    }
}
