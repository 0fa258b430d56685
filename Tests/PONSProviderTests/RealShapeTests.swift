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

    /// A row that says the headword itself, whatever span it sits in (`Chi-Quadrat Test` as an idiom, recorded in
    /// the full `Test` answer of deen), or the headword with only "to" and placeholders (`to ask after sb`, the one
    /// row of `ask after` in enfr's after), is the word's translation: it was shown as a phrase, and `translate`
    /// gave no translation of the word.
    @Test func aRowThatIsTheHeadwordTranslatesIt() async throws {
        let test = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"Chi-Quadrat Test","headword_full":"Chi-Quadrat Test    <span class=\"topic\"><acronym title=\"theoretische Modellbildung\">MODELL</acronym></span>","arabs":[{"header":"","translations":[{"source":"<span class=\"idiom_proverb\">Chi-Quadrat Test</span>","target":"Chi square test"}]}]}]}]}]
        """#
        let chi = try #require(try await Self.translations(test, query: "Chi-Quadrat Test", from: "de", to: "en").first)
        #expect(chi.translations.map(\.text) == ["Chi square test"])
        #expect(chi.allSenses.isEmpty)

        let after = #"""
        [{"lang":"en","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"ask after","headword_full":"ask after <span class=\"wordclass\"><acronym title=\"verb\">VB</acronym></span> <span class=\"verbclass\"><acronym title=\"transitive verb\">trans</acronym></span>","wordclass":"transitive verb","arabs":[{"header":"","translations":[{"source":"<span class=\"example\">to <strong class=\"tilde\">ask after</strong> <acronym title=\"somebody\">sb</acronym></span>","target":"demander des nouvelles de <acronym title=\"quelqu'un\">qn</acronym>"}]}]}]},{"type":"entry","opendict":false,"roms":[{"headword":"go after","headword_full":"go after <span class=\"wordclass\"><acronym title=\"verb\">VB</acronym></span> <span class=\"verbclass\"><acronym title=\"intransitive verb\">intr</acronym></span>","wordclass":"intransitive verb","arabs":[{"header":"","translations":[{"source":"<span class=\"example\">to <strong class=\"tilde\">go after</strong> <acronym title=\"somebody\">sb</acronym>/<acronym title=\"something\">sth</acronym></span>","target":"courir après <acronym title=\"quelqu'un\">qn</acronym>/<acronym title=\"quelque chose\">qc</acronym>"}]}]}]}]}]
        """#
        let entries = try await Self.translations(after, query: "ask after", from: "en", to: "fr")
        #expect(entries.map(\.headword) == ["ask after", "go after"])
        #expect(entries.map { $0.translations.map(\.text) } == [["demander des nouvelles de qn"], ["courir après qn/qc"]])
        #expect(entries.map { $0.translations.map(\.context) } == [["to ask after sb"], ["to go after sb/sth"]])
        #expect(entries.allSatisfy { $0.allSenses.isEmpty })
        #expect(entries.first?.translations.first?.partOfSpeech == PartOfSpeech("transitive verb"))
    }

    /// A phrase with other words than the headword stays a phrase (`stupid cow`, recorded in ensl's cow; `the apple
    /// of one's eye`), and so does one whose only other word is a reflexive pronoun spelled out (`to look after
    /// oneself`).
    @Test func aPhraseWithOtherWordsStaysAPhrase() async throws {
        let body = #"""
        [{"lang":"en","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"cow","headword_full":"cow <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"2. cow <span class=\"rhetoric\"><acronym title=\"pejorative\">pej</acronym></span> <span class=\"style\"><acronym title=\"slang\">sl</acronym></span>:","translations":[{"source":"<span class=\"example\">stupid <strong class=\"tilde\">cow</strong></span>","target":"krava neumna"}]}]}]},{"type":"entry","opendict":false,"roms":[{"headword":"look after","headword_full":"look after <span class=\"wordclass\"><acronym title=\"verb\">VB</acronym></span>","wordclass":"transitive verb","arabs":[{"header":"","translations":[{"source":"<span class=\"example\">to <strong class=\"tilde\">look after</strong> oneself</span>","target":"prendre soin de soi"}]}]}]}]}]
        """#
        let entries = try await Self.translations(body, query: "cow", from: "en", to: "sl")
        #expect(entries.flatMap(\.translations).isEmpty)
        #expect(entries.flatMap(\.allSenses).map(\.definition) == ["stupid cow — krava neumna", "to look after oneself — prendre soin de soi"])
    }

    /// A header may spell the headword without the accents the rom's headword has (ensl's krava: rom `kráv|a`,
    /// headers `1. krava ZOOL:`, `3. krava fig:`): the header's word was kept as if it were a note ("cow [krava
    /// zoology]", a sense named "krava").
    @Test func aHeaderThatRepeatsTheHeadwordWithoutItsAccentsSaysOnlyItsNote() async throws {
        let body = #"""
        [{"lang":"sl","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"kráv|a","headword_full":"<span class=\"headword_attributes\" title=\"\">kráv|a</span> <span class=\"flexion\">&lt;-e, -i, -e&gt;</span> <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span> <span class=\"genus\"><acronym title=\"feminine\">f</acronym></span>","wordclass":"noun","arabs":[{"header":"1. krava <span class=\"topic\"><acronym title=\"zoology\">ZOOL</acronym></span>:","translations":[{"source":"<strong class=\"headword\">krava</strong>","target":"cow"},{"source":"<span class=\"full_collocation\"><strong class=\"tilde\">kráva</strong> mlekarica</span>","target":"dairy cow"}]},{"header":"3. krava <span class=\"rhetoric\"><acronym title=\"figurative\">fig</acronym></span>:","translations":[{"source":"<span class=\"idiom_proverb\">saj nisva skupaj <strong class=\"tilde\">kráv</strong> pasla</span>","target":"we're not old pals"}]}]}]}]}]
        """#
        let krava = try #require(try await Self.translations(body, query: "krava", from: "sl", to: "en").first)
        #expect(krava.headword == "kráva")
        #expect(krava.translations.map(\.text) == ["cow"])
        #expect(krava.translations.first?.context == "zoology")
        let idiom = try #require(krava.allSenses.first)
        #expect(idiom.definition == "saj nisva skupaj kráv pasla — we're not old pals")
        #expect(idiom.labels == ["figurative"])
        #expect(PONSResponse.withoutHeadword("krava zoology", "kráva") == "zoology")
        #expect(PONSResponse.withoutHeadword("Kráva (figurative)", "krava") == "figurative")
        #expect(PONSResponse.withoutHeadword("kravata", "krava") == "kravata")
    }

    /// What a translation is said of sits in a `subject` span (`tomber personne:` ⇒ [hin]fallen, `tomber animal:` ⇒
    /// stürzen; in the header, `2. tomber (glisser) bretelle, pantalon:`) or a `colloc` one (`tomber (femme)` ⇒
    /// erobern), recorded in defr's tomber: it was dropped (in a header, run into the note: "(glisser) bretelle,
    /// pantalon"), and "fallen [descendre]" came four times with nothing to tell them apart. In an example it ran into the phrase
    /// (`tomber [par terre] personne, bouteille, chaise:`, enfr's `after 6 May since then`); it now follows it.
    @Test func whatATranslationIsSaidOfIsKept() async throws {
        let body = #"""
        [{"lang":"fr","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"tomber","headword_full":"tomber <span class=\"phonetics\">[tɔ͂be]</span> <span class=\"wordclass\"><acronym title=\"Verb\">VERB</acronym></span> <span class=\"verbclass\"><acronym title=\"intransitives Verb\">intr</acronym></span> <span class=\"auxiliary_verb\">+être</span>","wordclass":"Intransitives Verb","arabs":[{"header":"1. tomber <span class=\"sense\">(chuter)</span>:","translations":[{"source":"<strong class=\"headword\">tomber</strong> <span class=\"subject\">personne:</span>","target":"[hin]fallen"},{"source":"<strong class=\"headword\">tomber</strong> <span class=\"subject\">animal:</span>","target":"stürzen"},{"source":"<span class=\"example\"><strong class=\"tilde\">tomber</strong> [par terre]</span> <span class=\"subject\">personne, bouteille, chaise:</span>","target":"umfallen"}]},{"header":"2. tomber <span class=\"sense\">(glisser)</span> <span class=\"subject\">bretelle, pantalon</span>:","translations":[{"source":"<strong class=\"headword\">tomber</strong>","target":"herunterrutschen"}]},{"header":"3. tomber <span class=\"sense\">(séduire)</span>:","translations":[{"source":"<strong class=\"headword\">tomber</strong> <span class=\"colloc\">(femme)</span>","target":"erobern"}]}]}]}]}]
        """#
        let tomber = try #require(try await Self.translations(body, query: "tomber", from: "fr", to: "de").first)
        #expect(tomber.translations.map(\.text) == ["[hin]fallen", "stürzen", "herunterrutschen", "erobern"])
        #expect(tomber.translations.map(\.context) == [
            "chuter: personne", "chuter: animal", "glisser: bretelle, pantalon", "séduire: femme",
        ])
        #expect(tomber.translations[0].examples.map(\.source) == ["tomber [par terre] (personne, bouteille, chaise)"])
        #expect(tomber.translations[0].examples.map(\.target) == ["umfallen"])

        let after = #"""
        [{"lang":"en","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"after","headword_full":"after <span class=\"phonetics\">[ˈɑ:ftəʳ, <span class=\"region\"><acronym title=\"American English\" class=\"Am\">Am</acronym></span> ˈæftɚ]</span> <span class=\"wordclass\"><acronym title=\"preposition\">PREP</acronym></span>","wordclass":"preposition","arabs":[{"header":"1. after:","translations":[{"source":"<strong class=\"headword\">after</strong>","target":"après"},{"source":"<span class=\"example\"><strong class=\"tilde\">after</strong> 6 May</span> <span class=\"collocator\">since then</span>","target":"depuis le 6 mai"}]}]}]}]}]
        """#
        let examples = try #require(try await Self.translations(after, query: "after", from: "en", to: "fr").first?.translations.first?.examples)
        #expect(examples.map(\.source) == ["after 6 May (since then)"])
    }

    /// A note taken out of the text left the space before the comma after it (enfr's because: `triste  <span
    /// class="info">(subj)</span>, mais` read "triste , mais ... (subjunctive)"), and dezh writes its lists of
    /// Chinese translations with " , " between them.
    @Test func noSpaceIsLeftBeforeAComma() async throws {
        let body = #"""
        [{"lang":"en","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"because","headword_full":"because <span class=\"phonetics\">[bɪˈkɒz]</span> <span class=\"wordclass\"><acronym title=\"conjunction\">CONJ</acronym></span>","wordclass":"conjunction","arabs":[{"header":"","translations":[{"source":"<strong class=\"headword\">because</strong>","target":"parce que"},{"source":"<span class=\"example\">not <strong class=\"tilde\">because</strong> I am sad, but ...</span>","target":"non que je sois triste  <span class=\"info\">(<acronym title=\"subjunctive\">subj</acronym>)</span>, mais ..."}]}]}]}]}]
        """#
        let because = try #require(try await Self.translations(body, query: "because", from: "en", to: "fr").first)
        #expect(because.translations.first?.examples.map(\.target) == ["non que je sois triste, mais ... (subjunctive)"])

        let haus = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"H_CDMBB_au_CDMBE_s","headword_full":"H<span class=\"cdmb\">au</span>s <span class=\"flexion\">&lt;-es, ̶̈ er&gt;</span> <span class=\"wordclass\"><acronym title=\"名词\">名词</acronym></span> <span class=\"genus\"><acronym title=\"中性\">nt</acronym></span>","wordclass":"名词","arabs":[{"header":"","translations":[{"source":"<strong class=\"headword\">Haus</strong>","target":"<span class=\"zphrase\"><span class=\"zhu\">房屋</span></span> <span class=\"zpinyin\"><span class=\"pyu\">fángwū</span></span> , <span class=\"zphrase\"><span class=\"zhu\">房子</span></span> <span class=\"zpinyin\"><span class=\"pyu\">fángzi</span></span>"}]}]}]}]}]
        """#
        let zh = try #require(try await Self.translations(haus, query: "Haus", from: "de", to: "zh").first)
        #expect(zh.translations.map(\.text) == ["房屋 fángwū, 房子 fángzi"])
        // A space before other marks is the language's own (French "dégage !", "un V majuscule ;"), and "but ..." stays.
        #expect(PONSResponse.withoutSpaceBeforeCommas("dégage ! mais ... , et") == "dégage ! mais ..., et")
    }

    /// The case a translation governs (defr's après: `nach <span class="object-case">+Dat</span>`) was part of the
    /// translation's text ("nach +Dat", "hinter +Dat"); it is a note beside it, as a gender is.
    @Test func theCaseATranslationGovernsIsANote() async throws {
        let body = #"""
        [{"lang":"fr","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"après","headword_full":"après <span class=\"phonetics\">[apʀɛ]</span> <span class=\"wordclass\"><acronym title=\"preposition\">PREP</acronym></span>","wordclass":"preposition","arabs":[{"header":"2. après:","translations":[{"source":"<strong class=\"headword\">après</strong> <span class=\"sense\">(plus loin que)</span>","target":"nach <span class=\"object-case\">+Dat</span>"},{"source":"<span class=\"example\">courir <strong class=\"tilde\">après</strong> l&#39;autobus</span>","target":"dem Bus hinterherrennen"},{"source":"<strong class=\"headword\">après</strong> <span class=\"sense\">(derrière)</span>","target":"hinter <span class=\"object-case\">+Dat</span>"}]}]}]}]}]
        """#
        let apres = try #require(try await Self.translations(body, query: "après", from: "fr", to: "de").first)
        #expect(apres.translations.map(\.text) == ["nach", "hinter"])
        #expect(apres.translations.map(\.notes) == [["+Dat"], ["+Dat"]])
        #expect(apres.translations.map(\.context) == ["plus loin que", "derrière"])
        #expect(apres.translations.first?.examples.map(\.target) == ["dem Bus hinterherrennen"])
    }

    /// A note PONS writes in parentheses (deen's cat burglar: `<span class="genus">(<acronym
    /// title="feminine">f</acronym>)</span>` for the feminine form) was kept with them: "(masculine, (feminine))".
    @Test func aNoteInParenthesesIsNotDoublyBracketed() async throws {
        let body = #"""
        [{"lang":"en","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"cat burglar","headword_full":"ˈcat bur·glar <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"","translations":[{"source":"<strong class=\"headword\">cat burglar</strong>","target":"Fassadenkletterer<span class=\"feminine\">(-kletterin)</span> <span class=\"genus\"><acronym title=\"masculine\">m</acronym></span> <span class=\"genus\">(<acronym title=\"feminine\">f</acronym>)</span>"}]}]}]}]}]
        """#
        let burglar = try #require(try await Self.translations(body, query: "cat burglar", from: "en", to: "de").first)
        #expect(burglar.translations.map(\.text) == ["Fassadenkletterer(-kletterin)"])
        #expect(burglar.translations.map(\.notes) == [["masculine", "feminine"]])
    }

    /// An explanation beside a translation (deen's cat flap: `Katzentür <span class="genus">f</span> <span
    /// class="explanation">(klappenartiger enger Durchlass in beiden Richtungen)</span>`) was part of its text; it
    /// is a note, and a target that is only an explanation (alley cat's `jd mit lockerem Lebenswandel`, the Big
    /// Apple's `New York`) stays the text.
    @Test func anExplanationIsANoteUnlessItIsAllThereIs() async throws {
        let body = #"""
        [{"lang":"en","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"cat flap","headword_full":"ˈcat flap <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"","translations":[{"source":"<strong class=\"headword\">cat flap</strong>","target":"Katzentür <span class=\"genus\"><acronym title=\"feminine\">f</acronym></span> <span class=\"explanation\">(klappenartiger enger Durchlass in beiden Richtungen)</span>"}]}]}]},{"type":"entry","opendict":false,"roms":[{"headword":"alley cat","headword_full":"ˈal·ley cat <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"","translations":[{"source":"<strong class=\"headword\">alley cat</strong> <span class=\"sense\">(person)</span>","target":"<span class=\"explanation\"><acronym title=\"jemand\">jd</acronym> mit lockerem Lebenswandel</span>"}]}]}]},{"type":"entry","opendict":false,"roms":[{"headword":"Big Apple","headword_full":"Big ˈApple <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"","translations":[{"source":"<span class=\"example\">the <strong class=\"tilde\">Big Apple</strong></span>","target":"<span class=\"explanation\">New York</span>"}]}]}]}]}]
        """#
        let entries = try await Self.translations(body, query: "cat flap", from: "en", to: "de")
        #expect(entries.map(\.headword) == ["cat flap", "alley cat", "Big Apple"])
        #expect(entries[0].translations.map(\.text) == ["Katzentür"])
        #expect(entries[0].translations.map(\.notes) == [["feminine", "klappenartiger enger Durchlass in beiden Richtungen"]])
        #expect(entries[1].translations.map(\.text) == ["jd mit lockerem Lebenswandel"])
        #expect(entries[1].translations.map(\.notes) == [[]])
        #expect(entries[1].translations.map(\.context) == ["person"])
        #expect(entries[2].allSenses.map(\.definition) == ["the Big Apple — New York"])
    }

    /// The headword's gender (dede's `<span class="genus">das</span> Bi̱e̱r`, deen's `Weg … <span
    /// class="genus"><acronym title="masculine">m</acronym></span>`) was dropped: `lookup Bier --lang de` did not say
    /// it is das Bier. It is the part of speech's label, as Wiktionary's head-line gender is, the article named as
    /// the gender it marks.
    @Test func theHeadwordsGenderLabelsItsPartOfSpeech() async throws {
        let dede = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"Bi\u0331e\u0331r","headword_full":"<span class=\"genus\">das</span> Bi\u0331e\u0331r   <span class=\"flexion\">&lt;-(e)s, -e&gt;</span>  <span class=\"wordclass\"></span>","wordclass":"noun","arabs":[{"header":"","translations":[{"source":"<span class=\"definition\">ein aus Hopfen, Malz, Hefe und Wasser durch G\u00e4rung hergestelltes alkoholisches Getr\u00e4nk</span>","target":""},{"source":"<span class=\"example\">ein alkoholfreies/k\u00fchles/oberg\u00e4riges Bier</span>","target":""}]}]}]}]}]
        """#
        let bier = PONSResponse.definitionEntries(
            from: try await directions(fromBody: Array(dede.utf8)), query: "Bier", provenanceSource: "test", retrievedAt: Date()
        )
        #expect(bier.map(\.headword) == ["Bier"])
        #expect(bier.first?.senseGroups.first?.labels == ["neuter"])
        #expect(bier.first?.senseGroups.first?.heading == "noun (neuter)")

        let weg = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"Weg","headword_full":"Weg <span class=\"flexion\">&lt;-[e]s, -e&gt;</span> <span class=\"phonetics\">[ve\u02d0k]</span> <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span> <span class=\"genus\"><acronym title=\"masculine\">m</acronym></span>","wordclass":"noun","arabs":[{"header":"Phrases:","translations":[{"source":"<span class=\"idiom_proverb\">viele <strong class=\"tilde\">Wege</strong> f\u00fchren nach Rom</span> <span class=\"category\"><acronym title=\"proverb\">prov</acronym></span>","target":"tous les chemins m\u00e8nent \u00e0 Rome"}]}]}]}]}]
        """#
        let entry = try #require(try await Self.translations(weg, query: "Weg", from: "de", to: "fr").first)
        #expect(entry.senseGroups.first?.labels == ["masculine"])
    }
}
