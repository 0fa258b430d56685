import Foundation
import LexAggCore
import Testing
@testable import WiktionaryProvider

/// A part of speech's head line gives the word's gender (``HeadLineGender``): it labels the part of speech, as the
/// page shows it after the headword ("Haus n"), in words.
@Suite struct HeadLineGenderTests {
    static func labels(_ headLine: String, language: String = "German", title: String = "Haus") -> [String]? {
        let page = "==\(language)==\n===Noun===\n\(headLine)\n\n# [[house]]\n"
        return WikitextParser.entries(from: WikitextSource(page), headword: title, language: nil, provenance: Fixtures.provenance)
            .first?.senseGroups.first?.labels
    }

    @Test(arguments: [
        ("{{de-noun|n,es,^er}}", ["neuter"]), ("{{de-noun|m,(e)s,e}}", ["masculine"]), ("{{fr-noun|f}}", ["feminine"]),
        ("{{es-noun|m|-}}", ["masculine"]), ("{{es-noun-m}}", ["masculine"]), ("{{ro-noun-n}}", ["neuter"]),
        ("{{pl-noun|m-in}}", ["masculine inanimate"]), ("{{ru-noun|сло́н|m-an|слона́}}", ["masculine animate"]),
        ("{{fr-noun|m|g2=f}}", ["masculine or feminine"]), ("{{da-noun|en|e}}", ["common"]), ("{{da-noun|n|r}}", ["common"]),
        ("{{da-noun|et|}}", ["neuter"]), ("{{da-noun|mussen|g=c}}", ["common"]), ("{{de-noun|f.sg}}", ["feminine"]),
        ("{{de-noun|m[dialectal].sg}}", ["masculine"]), ("{{head|de|noun|g=m|g2=?}}", ["masculine"]),
        ("{{sv-noun|c}}", ["common"]), ("{{sv-noun|g=c}}", ["common"]), ("{{nl-noun|n|-s|pl2=-@en|watertje}}", ["neuter"]),
        ("{{head|it|noun|g=m|invariable}}", ["masculine"]), ("{{head|it|letter|g=m|g2=f|invariable}}", ["masculine or feminine"]),
        ("{{infl|pl|noun|g=n|indeclinable}}", ["neuter"]), ("{{head|de|noun|g=p}}", ["plural"]),
        ("{{it-noun|abat|m|e|i}}", ["masculine"]), ("{{pt-noun|f|s}}", ["feminine"]), ("{{fr-proper noun|f}}", ["feminine"]),
        // Older pages: gender templates after the headword.
        ("'''drink''' {{m|inv}}", ["masculine"]), ("'''women''' {{p}}", ["plural"]), ("'''Haus''' {{n}}", ["neuter"]),
        ("'''x''' {{g|m|f}}", ["masculine or feminine"]), ("'''x''' {{m|f}}", ["masculine or feminine"]), ("'''x''' {{m-p}}", ["masculine plural"]),
    ])
    func aHeadLineGivesItsGender(headLine: String, expected: [String]) {
        #expect(Self.labels(headLine) == expected, "\(headLine)")
    }

    /// What is no gender: an English noun's plural ending, a mention (`{{m|en|…}}`, `{{m|pl|dom}}`), a gender not yet
    /// given (`?`), a declension class, a Danish whole word without `g=`, a head template without `g=`.
    @Test(arguments: [
        "{{en-noun|s}}", "{{en-noun|es}}", "{{en-noun}}", "{{head|gml|noun}}", "{{head|de|noun|g=?}}", "{{la-noun|animal<3>}}",
        "{{da-noun|nullet|er}}", "'''drink'''", "'''x''' (see {{m|en|house}})", "'''x''' {{m|pl|dom}}", "{{hu-noun|pl=fák}}",
    ])
    func whatIsNoGender(headLine: String) {
        #expect(Self.labels(headLine) == [], "\(headLine)")
    }

    /// Russian `{{ru-noun+}}` head lines write no gender: it is inferred as Module:ru-noun infers it (the genders
    /// and animacy wiktextract's tests record for `ко́мната` and `абза́ц`), from an explicit gender in the declension
    /// spec, else the lemma's ending; animacy from `a=`, inanimate by default.
    @Test(arguments: [
        ("{{ru-noun+|ко́мната|adj=ко́мнатный|dim=ко́мнатка}}", "комната", ["feminine inanimate"]),
        ("{{ru-noun+|абза́ц}}", "абзац", ["masculine inanimate"]),
        ("{{ru-noun+|соба́ка|a=an|adj=соба́чий}}", "собака", ["feminine animate"]),
        ("{{ru-noun+|молоко́|*}}", "молоко", ["neuter inanimate"]),
        ("{{ru-noun+|b|мужи́к|a=an}}", "мужик", ["masculine animate"]),
        ("{{ru-noun+|b||*|a=an}}", "лев", ["masculine animate"]),  // the lemma left to the page's title
        ("{{ru-noun+|вре́мя}}", "время", ["neuter inanimate"]),
        ("{{ru-noun+|авуа́ры|m}}", "авуары", ["masculine inanimate plural"]),
        ("{{ru-noun+|ло́шадь|f|a=an}}", "лошадь", ["feminine animate"]),
        // Multi-word terms: the gender of the first word neither adjectival nor indeclinable.
        ("{{ru-noun+|[[желе́зная]]|+|_|[[доро́га]]}}", "железная дорога", ["feminine inanimate"]),
        ("{{ru-noun+|[[Соединённые]]|+|_|[[Шта́ты]]|m}}", "Соединённые Штаты", ["masculine inanimate plural"]),
        ("{{ru-noun+|би́знес|$|-|ланч}}", "бизнес-ланч", ["masculine inanimate"]),
        // Adjectival nouns by their adjective ending; plural lemmas of a named gender.
        ("{{ru-noun+|столо́вая|+}}", "столовая", ["feminine inanimate"]),
        ("{{ru-noun+|живо́тное|+|a=an}}", "животное", ["neuter animate"]),
        ("{{ru-noun+|воро́та|n}}", "ворота", ["neuter inanimate plural"]),
        ("{{ru-noun+|c|ба́тюшка|m|a=ai}}", "батюшка", ["masculine"]),
        ("{{ru-noun+|рабо́чий|+|a=an}}", "рабочий", ["masculine animate"]),
        ("{{ru-noun+|учи́тель|m|a=bi}}", "учитель", ["masculine"]),
        ("{{ru-noun+|мужчи́на|m|a=an}}", "мужчина", ["masculine animate"]),
        ("{{ru-noun+|ру́сский|+|a=an|g=m-an}}", "русский", ["masculine animate"]),
        ("{{ru-proper noun+|Москва́|n=sg}}", "Москва", ["feminine inanimate"]),
    ])
    func aRussianNounsGenderIsInferredAsTheModuleDoes(headLine: String, title: String, expected: [String]) {
        #expect(Self.labels(headLine, language: "Russian", title: title) == expected, "\(headLine)")
    }

    /// No guess where the module needs more than the ending: a `-ь` noun without its gender, a plural-only noun
    /// without one, an indeclinable or explicitly declined noun.
    @Test(arguments: [
        ("{{ru-noun+|ло́шадь}}", "лошадь"), ("{{ru-noun+|но́жницы}}", "ножницы"), ("{{ru-noun+|са́ни|n=p}}", "сани"),
        ("{{ru-noun+|ко́фе|$}}", "кофе"), ("{{ru-noun+|путь|ь-irreg}}", "путь"), ("{{ru-noun+|[[x]]}}", "x"),
        ("{{ru-noun+|чаевы́е|+}}", "чаевые"),
    ])
    func aRussianNounWhoseGenderTheEndingDoesNotTell(headLine: String, title: String) {
        #expect(Self.labels(headLine, language: "Russian", title: title) == [], "\(headLine)")
    }

    /// Only the head line: a gender template in a definition stays where it is, and the first head line that gives
    /// one is the part of speech's.
    @Test func onlyTheHeadLineLabelsThePartOfSpeech() throws {
        let page = "==French==\n===Noun===\n{{fr-noun|m}}\n{{fr-noun|f}}\n\n# [[dog]] {{g|f}}\n\n===Verb===\n{{fr-verb}}\n\n# to bark {{m}}\n"
        let groups = try #require(WikitextParser.entries(
            from: WikitextSource(page), headword: "chien", language: nil, provenance: Fixtures.provenance
        ).first?.senseGroups)
        #expect(groups.map(\.labels) == [["masculine"], []])
    }

    /// Real pages (../shared/reference-samples, when present): the genders their head lines give, and none for an
    /// English noun anywhere.
    @Test func realPagesGiveTheGendersTheyShow() throws {
        let pages = Dictionary(uniqueKeysWithValues: WiktionaryCorpusTests.pages().map { ($0.name, $0) })
        guard !pages.isEmpty else { return }
        let expected: [(page: String, language: String, labels: [String])] = [
            ("wikitext-en-house-2015", "pl", ["masculine inanimate"]), ("wikitext-en-house-2015", "sv", ["common"]),
            ("wikitext-en-house-2015", "fr", ["feminine"]), ("wikitext-en-house-2015", "cs", ["neuter"]),
            ("multi-drink-jwktl", "it", ["masculine"]), ("multi-drink-jwktl", "cs", []), ("multi-drink-jwktl", "da", ["common"]), ("multi-abate-jwktl", "it", ["masculine"]),
            ("multi-be-jwktl", "pl", ["neuter"]), ("multi-water-jwktl-2016", "nl", ["neuter"]),
            ("multi-f-letter-dump2015", "it", ["masculine or feminine"]), ("pt-casa-jwktl", "pt", ["feminine"]),
            ("wikitext-en-animal-2020", "la", []),
        ]
        for (name, language, labels) in expected {
            let page = try #require(pages[name], "\(name) is not among the reference pages")
            let entries = WikitextParser.entries(from: WikitextSource(page.bytes), headword: page.title, language: nil, provenance: Fixtures.provenance)
            let nouns = entries.filter { $0.language?.code == language }.flatMap(\.senseGroups).filter { $0.partOfSpeech == .noun }
            #expect(nouns.first?.labels == labels, "\(name), \(language): \(nouns.map(\.labels))")
        }
        for page in pages.values {
            let entries = WikitextParser.entries(from: WikitextSource(page.bytes), headword: page.title, language: nil, provenance: Fixtures.provenance)
            let english = entries.filter { $0.language?.code == "en" }.flatMap(\.senseGroups).filter { !$0.labels.isEmpty && $0.labels != ["plural"] }
            #expect(english.isEmpty, "\(page.name): \(english.map(\.labels))")
        }
    }
}
