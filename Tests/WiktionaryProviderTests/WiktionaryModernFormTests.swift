import Foundation
import LexAggCore
import ProviderConformance
import Testing
import WiktionaryProvider

/// Renders one fragment of wikitext on the page `title`.
private func render(_ text: String, title: String = "test") -> String {
    let source = WikitextSource(text)
    return WikitextRenderer(source: source, title: title).render(0..<source.bytes.count)
}

/// The definitions of `page` (a whole page of wikitext), every language, sub-senses included.
private func definitions(_ page: String, title: String = "test") -> [String] {
    func flat(_ senses: [Sense]) -> [String] { senses.flatMap { [$0.definition] + flat($0.subsenses) } }
    return flat(WikitextParser.entries(
        from: WikitextSource(page), headword: title, language: nil, provenance: Fixtures.provenance
    ).flatMap(\.allSenses))
}

/// Lines in the shapes of modern (2020+) en.wiktionary pages that lexagg had not read faithfully: the named
/// tags of the Finnish, Estonian and Spanish form-of families, case-before-number order, multipart tags,
/// raised numbers, `{{zh-only}}` and the obsolete dagger. Each expectation is what the page shows.
@Suite struct WiktionaryModernFormTests {
    @Test(arguments: [
        // {{fi-form of}} names person (`pr=`) and number (`pl=`); case reads before number
        ("{{fi-form of|case=elative|pl=plural|talo}}", "elative plural of talo"),
        ("{{fi-form of|olla|pr=first-person|pl=plural|mood=conditional|tense=present}}",
         "first-person plural present conditional of olla"),
        // {{fi-verb form of}}: person-number (`pn=`) and tense-mood (`tm=`)
        ("{{fi-verb form of|pn=2s|tm=potn|juosta}}", "second-person singular potential of juosta"),
        // {{et-verb form of}}: the da- and ma-infinitives
        ("{{et-verb form of|t=ma|laulma}}", "ma-infinitive of laulma"),
        ("{{et-verb form of|t=da|olema}}", "da-infinitive of olema"),
        // {{es-verb form of}}: `formal=` reads first; `preterit` is a tense; the participle is the past one
        ("{{es-verb form of|mood=ind|tense=pres|num=p|pers=2|formal=y|ending=ar|cantar}}",
         "formal second-person plural present indicative of cantar"),
        ("{{es-verb form of|ending=er|mood=imperative|sense=affirmative|pers=2|formal=no|number=singular|comer}}",
         "informal second-person singular affirmative imperative of comer"),
        ("{{es-verb form of|person=first-person|number=plural|tense=preterit|mood=indicative|ending=ir|vivir}}",
         "first-person plural preterite indicative of vivir"),
        ("{{es-verb form of|mood=participle|gen=m|num=p|ending=ar|cantar}}", "masculine plural past participle of cantar"),
        // case, gender, number in that order; degrees
        ("{{ca-adj form of|bo|m|p}}", "masculine plural of bo"),
        ("{{infl of|non|góðr||supd}}", "superlative degree of góðr"),
        // multipart tags: slashes, except persons
        ("{{infl of|la|bonus||nom//voc|m|p}}", "nominative/vocative masculine plural of bonus"),
        ("{{inflection of|nl|lopen||1//2//3|s|pres|ind}}", "first-, second- and third-person singular present indicative of lopen"),
        // apocopic and similar forms read like "Alternative form of"
        ("{{apocopic form of|es|bueno}}", "Apocopic form of bueno"),
    ])
    func formOfLinesReadAsThePageShowsThem(wikitext: String, expected: String) {
        #expect(render(wikitext) == expected)
    }

    @Test(arguments: [
        ("10<sup>6</sup>; a [[million]]", "10⁶; a million"),
        ("x<SUP>−2</SUP> and x<sup>n</sup>", "x⁻² and xⁿ"),
        // raised text without superscript forms stays as it is
        ("the 14<sup>th</sup> letter", "the 14th letter"),
        ("{{lb|zh|Min Nan}} {{zh-only|阮兜|gún-tau}}", "(Min Nan) Only used in 阮兜 (gún-tau)"),
        ("{{zh-only|私家|tr=-}}", "Only used in 私家"),
        ("{{†}} [[chariot]] of a [[lord]]", "† chariot of a lord"),
    ])
    func inlineMarksReadAsThePageShowsThem(wikitext: String, expected: String) {
        #expect(render(wikitext) == expected)
    }

    @Test func sensesOfAModernPageKeepTheirTemplateText() {
        let page = """
            ==Chinese==
            ===Definitions===
            # {{†}} [[fief]] of a [[duke]]
            # {{lb|zh|Min Nan}} {{zh-only|阮兜|gún-tau}}

            ==Finnish==
            ===Noun===
            {{head|fi|noun form}}
            # {{fi-form of|case=adessive|pl=singular|kala}}

            ==Spanish==
            ===Numeral===
            {{es-noun|m}}
            # 10<sup>9</sup>; a [[billion]] {{q|short scale}}

            ==English==
            ===Noun===
            {{en-noun}}
            # {{lb|en|botany}} {{X|swollen}} [[cell]]s of a [[gill]]
            """
        #expect(definitions(page) == [
            "† fief of a duke", "Only used in 阮兜 (gún-tau)", "adessive singular of kala",
            "10⁹; a billion (short scale)",
            // a one-letter template is no old-style label: its one argument stays in the definition
            "swollen cells of a gill",
        ])
    }
}
