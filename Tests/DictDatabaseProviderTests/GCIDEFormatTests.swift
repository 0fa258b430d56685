@testable import DictDatabaseProvider
@testable import LexAggDictFormats
import Foundation
import LexAggCore
import Testing

@Suite struct GCIDEFormatTests {
    static let walk = """
        Walk \\Walk\\ (w[add]k), v. i. [imp. & p. p. {Walked}; p. pr. &
           vb. n. {Walking}.] [OE. walken, probably from AS. wealcan to
           roll, Icel. v[=a]lka to roll. [root]130.]
           [1913 Webster]
           1. To move along on foot; to advance by steps.
              [1913 Webster]

                    At the end of twelve months, he walked in the palace
                    of the kingdom of Babylon.            --Dan. iv. 29.
              [1913 Webster]

           Note: In the walk of quadrupeds, there are always two feet
                 on the ground.
                 [1913 Webster]

           4. To be in motion; to act; to move; to wag. [Obs.] "Her
              tongue did walk in foul reproach." --Spenser.
              [1913 Webster]

           {To walk after the flesh} (Script.), to indulge sensual
              appetites. --Rom. viii. 1.
              [1913 Webster +PJC]

        """

    @Test func walkIsParsedIntoHeadPronunciationEtymologyAndSenses() {
        let entry = GCIDEFormat.parse(Self.walk)
        #expect(entry.headword == "Walk")
        #expect(entry.pronunciation == "wa\u{324}k")
        #expect(entry.partOfSpeech == .verb)
        #expect(entry.etymology == "OE. walken, probably from AS. wealcan to roll, Icel. vālka to roll. √130.")
        #expect(entry.senses.map(\.definition) == [
            "To move along on foot; to advance by steps. Note: In the walk of quadrupeds, there are always two feet on the ground.",
            "To be in motion; to act; to move; to wag.",
            "To walk after the flesh: to indulge sensual appetites.",
        ])
        #expect(entry.senses[0].labels == ["intransitive", "imp. & p. p. Walked; p. pr. & vb. n. Walking"])
        #expect(entry.senses[0].examples == [
            "At the end of twelve months, he walked in the palace of the kingdom of Babylon. — Dan. iv. 29.",
        ])
        #expect(entry.senses[1].labels == ["intransitive", "Obs."])
        #expect(entry.senses[1].examples == ["Her tongue did walk in foul reproach. — Spenser."])
        #expect(entry.senses[2].labels == ["intransitive", "Script."])
    }

    @Test func anUnnumberedDefinitionOnTheHeadLineIsASense() {
        let entry = GCIDEFormat.parse("Abaca \\Ab\"a*ca\\ ([a^]b\"[.a]*k[.a]), n. [The native name.] (Bot.) The\n   Manila-hemp plant.\n   [1913 Webster]\n")
        #expect(entry.pronunciation == "ăbˈȧ-kȧ")
        #expect(entry.partOfSpeech == .noun)
        #expect(entry.etymology == "The native name.")
        #expect(entry.senses.map(\.definition) == ["The Manila-hemp plant."])
        #expect(entry.senses.first?.labels == ["Bot."])
    }

    /// The forms after the part of speech, each with its pronunciation, come before the etymology: they are a label
    /// of the first sense, the bracket the etymology. The pronunciation stopped the head, and `(mīs). (OE. mous, …)`
    /// was sense 1 of *Mouse*, *Child*, *Goose* and about 2,000 more.
    @Test(arguments: [
        ("Mouse \\Mouse\\ (mous), n.; pl. {Mice} (m[imac]s). [OE. mous, mus,\n   AS. m[=u]s.]\n   1. (Zool.) Any one of numerous species of small rodents.\n",
         "pl. Mice", "OE. mous, mus, AS. mūs.", "Any one of numerous species of small rodents."),
        ("Abacus \\Ab\"a*cus\\ ([a^]b\"[.a]*k[u^]s), n.; E. pl. {Abacuses}; L.\n   pl. {Abaci} (-s[imac]). [L. abacus, abax.]\n   1. A table or tray strewn with sand.\n",
         "E. pl. Abacuses; L. pl. Abaci", "L. abacus, abax.", "A table or tray strewn with sand."),
        ("Cello \\Cel\"lo\\ (ch[e^]l\"l[-o]), n.; pl. E. {Cellos}\n   (ch[e^]l\"l[-o]z), It. {Celli} (ch[e^]l\"l[=e]).\n   A contraction for {Violoncello}.\n   [1913 Webster]\n",
         "pl. E. Cellos, It. Celli", nil, "A contraction for Violoncello."),
        ("Criterion \\Cri*te\"ri*on\\ (kr[imac]*t[=e]\"r[i^]*[o^]n), n.; pl. {Criteria}\n   (-[.a]), sometimes {Criterions} (-[o^]nz). [Gr. krit'hrion.]\n   1. A standard of judging.\n",
         "pl. Criteria", "Gr. krit'hrion.", "A standard of judging."),
    ])
    func formsAndTheirPronunciationsComeBeforeTheEtymology(text: String, forms: String, etymology: String?, first: String) {
        let entry = GCIDEFormat.parse(text)
        #expect(entry.senses.first?.labels.contains { $0.hasPrefix(forms) } == true, "\(entry.senses.first?.labels ?? [])")
        #expect(entry.etymology == etymology)
        #expect(entry.senses.first?.definition == first)
        #expect(entry.partOfSpeech == .noun)
    }

    /// `(a)` subsenses right after the head are subsenses, not the head's one definition (`(a) One who abates a
    /// nuisance. (b) A person who …` was one sense, about 2,000 entries).
    @Test func subsensesAfterTheHeadAreSubsenses() throws {
        let text = "Abator \\A*ba\"tor\\ ([.a]*b[=a]t\"[~e]r), n. (Law)\n   (a) One who abates a nuisance.\n   (b) A person who, without right, enters into a freehold.\n       [1913 Webster]\n"
        let entry = GCIDEFormat.parse(text)
        let sense = try #require(entry.senses.first)
        #expect(entry.senses.count == 1 && entry.partOfSpeech == .noun)
        #expect(sense.labels == ["Law"])
        #expect(sense.subsenses.map(\.definition) == ["One who abates a nuisance.", "A person who, without right, enters into a freehold."])
    }

    /// A wrapped line that starts `(a)` inside a bracket the head opened is not a subsense (`[Oxy` / `(a) + acid.]`);
    /// the head's bracketed forms (`[Compar. {Sager}; superl. {Sagest}.]`) are forms, not the etymology.
    @Test func bracketsKeepTheHeadTogether() {
        let oxyacid = GCIDEFormat.parse("Oxyacid \\Ox`y*ac\"id\\, n. [Oxy\n   (a) + acid.] (Chem.) An acid containing oxygen.\n   [1913 Webster]\n")
        #expect(oxyacid.etymology == "Oxy (a) + acid.")
        #expect(oxyacid.senses.map(\.definition) == ["An acid containing oxygen."])
        let sage = GCIDEFormat.parse("Sage \\Sage\\, a. [Compar. {Sager}; superl. {Sagest}.] [F., fr. L.\n   sapius.]\n   1. Having nice discernment.\n")
        #expect(sage.etymology == "F., fr. L. sapius.")
        #expect(sage.senses.first?.labels.contains("Compar. Sager; superl. Sagest") == true, "\(sage.senses)")
    }

    /// A run-on derivative's syllable and stress marks go (`— Red"dish*ness, n.` was shown so); the verb's forms in
    /// brackets lose their respellings (`imp. Went (wĕnt); p. p. Gone (gŏn; 115)`).
    @Test func runOnDerivativesAndBracketedFormsCarryNoRespelling() {
        #expect(GCIDEFormat.tidy("moderately red. -- {Red\"dish*ness}, n.") == "moderately red. — Reddishness, n.")
        let go = GCIDEFormat.parse("Go \\Go\\, v. i. [imp. {Went} (w[e^]nt); p. p. {Gone} (g[o^]n; 115); p. pr. & vb. n.\n   {Going}.] [OE. gan.]\n   1. To pass from one place to another.\n")
        #expect(go.senses.first?.labels.contains("imp. Went; p. p. Gone; p. pr. & vb. n. Going") == true, "\(go.senses.first?.labels ?? [])")
        #expect(go.etymology == "OE. gan.")
    }

    /// An entry that only names the word it is a form of says so (`formOf`), with the form in words.
    @Test(arguments: [
        ("mice \\mice\\ (m[imac]s), n.,\n   pl. of {Mouse}.\n   [1913 Webster]\n", "Mouse", "plural"),
        ("Went \\Went\\,\n   imp. & p. p. of {Wend}; -- now obsolete except as the\n   imperfect of go.\n", "Wend", "past tense and past participle"),
        ("Might \\Might\\ (m[imac]t),\n   imp. of {May}. [AS. meahte, mihte.]\n   [1913 Webster]\n", "May", "past tense"),
        ("Tried \\Tried\\,\n   imp. & p. p. of {Try.} Also adj. Proved; tested.\n", "Try", "past tense and past participle"),
        ("Feet \\Feet\\, n. pl.\n   See {Foot}.\n   [1913 Webster]\n", "Foot", "plural"),
        ("Does \\Does\\ (d[u^]z).\n   The 3d pers. sing. pres. of {Do}.\n", "Do", "third-person singular present"),
        ("Gnow \\Gnow\\, obs. imp. of {Gnaw}.\n", "Gnaw", "obsolete past tense"),
        ("Cola \\Co\"la\\, n.,\n   L. pl. of {Colon}.\n", "Colon", "Latin plural"),
    ])
    func aFormOfAnotherWordSaysWhich(text: String, lemma: String, form: String) {
        let entry = GCIDEFormat.parse(text)
        #expect(entry.senses.count == 1)
        #expect(entry.senses.first?.formOf == FormOf(lemma: lemma, form: form), "\(entry.senses)")
    }

    /// The etymology after a form-of phrase on the head (`imp. of {Can}. [OF. coude …]`) is the entry's, not part of
    /// its sense (`could: (past tense) of Can. (OF. coude …) Was, should be …` was shown).
    @Test func anEtymologyAfterAFormOfPhraseIsTheEntrys() {
        let could = GCIDEFormat.parse("Could \\Could\\ (k??d), imp. of {Can}. [OF. coude. The l was\n   inserted by mistake.]\n   Was, should be, or would be, able.\n   [1913 Webster]\n")
        #expect(could.etymology == "OF. coude. The l was inserted by mistake.")
        #expect(could.senses.map(\.definition) == ["of Can. Was, should be, or would be, able."], "\(could.senses)")
        #expect(could.senses.first?.formOf == nil, "it goes on to define the word")
        #expect(could.pronunciation == nil, "a respelling whose characters the database lost (`k??d`) is not shown")
        #expect(GCIDEFormat.parse("Might \\Might\\ (m[imac]t),\n   imp. of {May}.\n").pronunciation == "mīt")
        let might = GCIDEFormat.parse("Might \\Might\\ (m[imac]t),\n   imp. of {May}. [AS. meahte, mihte.]\n   [1913 Webster]\n")
        #expect(might.etymology == "AS. meahte, mihte.")
        #expect(might.senses.map(\.definition) == ["of May."], "\(might.senses)")
        // An obsolete form's label stays a label.
        let clave = GCIDEFormat.parse("Clave \\Clave\\,\n   imp. of {Cleave}. [Obs.]\n")
        #expect(clave.etymology == nil && clave.senses.first?.labels.contains("Obs.") == true, "\(clave)")
    }

    /// GCIDE files a phrase inside another word's entry (*ice cream* in *Ice*): looked up by the phrase, the entry is
    /// the phrase's sense alone, headed by it (all 27 senses of *Ice*, its pronunciation and etymology were shown,
    /// and a card saved them); looked up by the word, the whole entry.
    @Test func aPhraseFiledUnderAnotherWordIsItsOwnEntry() {
        let text = "Ice \\Ice\\ ([imac]s), n. [OE. is, AS. [=i]s.]\n   1. Water frozen.\n      [1913 Webster]\n\n"
            + "   {Ice box} or {Ice chest}, a box for holding ice.\n\n"
            + "   {Ice cream} [for iced cream], cream, milk, or custard,\n      sweetened, flavored, and frozen.\n"
        let provenance = Provenance(provider: .wordnet, source: "gcide", retrievedAt: Date(timeIntervalSince1970: 0))
        func entry(_ term: String?) -> Entry {
            DictEntryBuilder.entry(text: text, headword: "Ice", format: .gcide, language: nil, provenance: provenance, term: term)
        }
        let cream = entry("ice cream")
        #expect(cream.headword == "Ice cream")
        #expect(cream.allSenses.map(\.definition) == ["(for iced cream), cream, milk, or custard, sweetened, flavored, and frozen."],
                "\(cream.allSenses.map(\.definition))")
        #expect(cream.pronunciations.isEmpty && cream.etymology == nil)
        #expect(entry("ice-chest").headword == "Ice chest" && entry("ice-chest").allSenses.count == 1, "either name, either spelling")
        #expect(entry("ice").allSenses.count == 3 && entry("Ice").etymology != nil, "the word's own entry, whole")
        #expect(entry("ice age").allSenses.count == 3, "a phrase it does not define: the entry as it is")
        #expect(entry(nil).allSenses.count == 3)
    }

    @Test func aDefinitionThatMentionsAnotherWordIsNoForm() {
        for text in ["Scion \\Sci\"on\\, n.\n   A descendant of {Adam}.\n", "Kind \\Kind\\, n.\n   1. A sort of {thing}.\n",
                     // A form that goes on to define the word itself is a definition (`dice` is not only Die's plural).
                     "Dice \\Dice\\, n.\n   pl. of {Die}. Small cubes used in gaming.\n"] {
            #expect(GCIDEFormat.parse(text).senses.allSatisfy { $0.formOf == nil }, "\(text)")
        }
    }

    @Test(arguments: [("[ae]", "æ"), ("['e]", "é"), ("[=a]", "ā"), ("[-e]", "ē"), ("[oe]", "œ"), ("[a^]", "ă"),
                      ("[^o]", "ô"), ("[aum]", "ä"), ("[,c]", "ç"), ("[=oo]", "o͞o"), ("[=ae]", "ǣ"), ("[alpha]", "α"), ("[Obs.]", "[Obs.]")])
    func entitiesBecomeUnicode(entity: String, expected: String) {
        #expect(GCIDEFormat.resolveEntities("x\(entity)y") == "x\(expected)y")
    }

    /// The forms of *be* GCIDE words out in full (am, is, are, was, were, wast, wert) name their person, number and
    /// tense; a definition that only mentions a verb is no form.
    @Test(arguments: [
        ("The first person singular of the verb be, in the indicative mode, present tense. See {Be}.", "first-person singular present"),
        ("The third person singular of the substantive verb be, in the indicative mood, present tense; as, he is.", "third-person singular present"),
        ("The present indicative plural of the substantive verb to be; but etymologically a different word.", "present plural"),
        ("The first and third persons singular of the verb be, in the indicative mood, preterit (imperfect) tense; as, I was.",
         "first- and third-person singular past"),
        ("The imperfect indicative plural, and imperfect subjunctive singular and plural, of the verb be. See {Be}.", "past tense"),
        ("The second person singular, indicative and subjunctive moods, imperfect tense, of the verb be. It is formed from were.",
         "second-person singular past"),
    ])
    func spelledOutFormsOfBeAreNamed(definition: String, form: String) {
        #expect(GCIDEFormat.spelledOutFormOf(definition) == FormOf(lemma: "be", form: form), "\(definition)")
    }

    /// A parenthesis after the headword that is no respelling — a paragraph of the pronunciation guide, a subject
    /// label — is not shown as the pronunciation (`are  Metric system`, `Porcelain  277`).
    @Test func aSubjectLabelOrAGuideParagraphIsNoPronunciation() {
        #expect(GCIDEHead.pronunciation("Metric system") == nil)
        #expect(GCIDEHead.pronunciation("Irish mythology") == nil && GCIDEHead.pronunciation("Chem., Biochem.") == nil)
        #expect(GCIDEHead.pronunciation("277") == nil && GCIDEHead.pronunciation("#; 277") == nil)
        #expect(GCIDEHead.pronunciation("kl[a^]s\"s[i^]k") != nil && GCIDEHead.pronunciation("hous") == "hous")
        #expect(GCIDEHead.pronunciation("P\"ris") != nil, "a capital with a stress mark is a respelling")
    }

    @Test func aDefinitionThatMentionsAVerbIsNoForm() {
        #expect(GCIDEFormat.spelledOutFormOf("The case in which the direct object of the verb is placed. See Case.") == nil)
        #expect(GCIDEFormat.spelledOutFormOf("The abstract noun of the verb go, used of a journey.") == nil)
    }

    /// GCIDE's index files entries under words that only occur in them: of those headed otherwise, the ones whose
    /// head names the word as a form are kept (Man for men, Eat for ate), the others go (Henchman for men, Archipelago
    /// for goes, Wine for light); an affix goes when the word has an entry of its own.
    @Test func entriesFiledUnderAWordTheyDoNotDefineAreLeftOut() {
        func entry(_ headword: String) -> Entry {
            let provenance = Provenance(provider: .wordnet, source: "gcide", retrievedAt: Date(timeIntervalSince1970: 0))
            return Entry(headword: headword, language: .english, senseGroups: [SenseGroup(partOfSpeech: nil, senses: [Sense(definition: "x", sources: [provenance])])],
                         provenance: provenance)
        }
        let men: [(String, String)] = [
            ("Men", "Men, n. pl. of {Man}."), ("Man", "Man (man), n.; pl. {Men} (men)."),
            ("Henchman", "Henchman, n.; pl. {Henchmen}."), ("Wine", "Wine, n. 1. Fermented juice. {Light wine}"),
        ]
        #expect(DictDatabase.gcideEntriesOf("men", men.map { entry($0.0) }, texts: men.map(\.1)).map(\.headword) == ["Men", "Man"])
        let goes = [("Archipelago", "Archipelago, n.; pl. {-goes} or {-gos}.")]
        #expect(DictDatabase.gcideEntriesOf("goes", goes.map { entry($0.0) }, texts: goes.map(\.1)).isEmpty)
        let ate = [("Ate", "Ate, n. The goddess."), ("-ate", "-ate A suffix."), ("Eat", "Eat, v. t. [imp. {Ate} (at)]")]
        #expect(DictDatabase.gcideEntriesOf("ate", ate.map { entry($0.0) }, texts: ate.map(\.1)).map(\.headword) == ["Ate", "Eat"])
        #expect(DictDatabase.gcideEntriesOf("-ate", ate.map { entry($0.0) }, texts: ate.map(\.1)).map(\.headword) == ["-ate"])
        let cafe = [("Café", "Cafe, n. A coffee house.")]
        #expect(DictDatabase.gcideEntriesOf("cafe", cafe.map { entry($0.0) }, texts: cafe.map(\.1)).map(\.headword) == ["Café"])
        // Named otherwise than as the first head: a second head after `or`, a head further on, a synonym, a phrase
        // in a sentence that says "under" or "of" before it; not a cross-reference.
        let named: [(String, String, String)] = [
            ("space key", "space bar", "space bar \\space bar\\ or space key \\space key\\ (Mach.), n. A bar."),
            ("blue-pencil", "Bluenoser", "Bluenoser, n. One.\n   [Webster 1913 Suppl.] blue-pencil \\blue-pencil\\ v. t. To edit."),
            ("internalise", "Internalize", "Internalize, v. To make internal.\n   Syn: internalize, internalise, interiorize."),
            ("neap tide", "Tide", "Tide, n. 1. The rise, producing under the moon a lower tide, called the {neap tide}."),
            ("sesame seed", "Benni", "Benni, n. The plant, the source of {sesame seed}."),
        ]
        for (term, headword, text) in named {
            #expect(DictDatabase.gcideEntriesOf(term, [entry(headword)], texts: [text]).map(\.headword) == [headword], "\(term)")
        }
        let crossReferences = [("go", "All, a. See {Go}."), ("go", "Going, p. pr. of {Go}."), ("is", "Are. See {Am} and {Is}.")]
        for (term, text) in crossReferences {
            #expect(DictDatabase.gcideEntriesOf(term, [entry("Other")], texts: [text]).isEmpty, "\(text)")
        }
    }

    /// GCIDE's index files entries under a letter their text only lists or mentions: `({a}) The Streptoneura`
    /// (*Gastropoda*), `{(a)} Libration in longitude`, `{Gripe penny}, {a} miser`, `as, {p}, {b}, {d}` (*Mute*), `as,
    /// {C} for carbon` (*Symbol*). `lookup a` showed nine such entries after *A*'s own; none is the letter's.
    @Test func aListMarkerOrAMentionedLetterIsNoWordTheEntryDefines() async throws {
        let gcide = TestDatabases.fixture("gcide")
        let a = try await gcide.lookup(try LookupQuery("a"))
        #expect(!a.entries.isEmpty)
        #expect(a.entries.allSatisfy { $0.headword == "A" }, "\(a.entries.map(\.headword))")
        let mentions: [(String, String)] = [
            ("a", "Gastropoda \\Gas*trop\"o*da\\, n. pl.\n   Note: The Gastropoda are divided into three subclasses; viz.:\n         ({a}) The Streptoneura or Dioecia, including the\n"),
            ("a", "Libration \\Li*bra\"tion\\, n.\n      it takes place; as: {(a)} Libration in longitude, that\n"),
            ("a", "Gripe \\Gripe\\, n.\n   {Gripe penny}, {a} miser; a niggard. --D. L. Mackenzie.\n"),
            ("b", "Mute \\Mute\\, n.\n      passage of the breath; as, {p}, {b}, {d}, {k}, {t}.\n"),
            ("c", "Symbol \\Sym\"bol\\, n.\n      a following one; as, {C} for carbon, {Na} for sodium\n"),
            ("ii", "Motion \\Mo\"tion\\, n.\n   are: ({ii}) straight translation, which\n"),
        ]
        for (term, text) in mentions {
            #expect(!DictDatabase.namesTerm(term, in: text), "\(term): \(text)")
        }
        // A name in braces that is a word of its own still counts, in parentheses too (a formula).
        #expect(DictDatabase.namesTerm("HgO", in: "Precipitate \\Pre*cip\"i*tate\\, n.\n   {Red precipitate} (Old. Chem), mercuric oxide ({HgO}) a heavy\n"))
        #expect(DictDatabase.namesTerm("went", in: "Wend \\Wend\\, v. i. [imp. & p. p. {Wended}, Obs. {Went}; p. pr. &\n   vb. n. {Wending}.]"))
        #expect(DictDatabase.namesTerm("was", in: "Be \\Be\\ (b[=e]), v. i. [imp. {Was} (w[o^]z); p. p. {Been}\n   (b[i^]n); p. pr. & vb. n. {Being}.]"))
    }

    /// The head's part of speech spelled out (`definite article`) or qualified (`poss. pron.`) is read as one: *The*'s
    /// whole head paragraph was its definition, without a part of speech. A remark in the pronunciation's parenthesis
    /// is left out (*A*'s `named ā in the English, and most commonly ä in other languages` was shown as its
    /// pronunciation).
    @Test func spelledOutPartsOfSpeechAndRemarksBesideThePronunciation() async throws {
        let the = GCIDEFormat.parse(
            "The \\The\\ ([th][=e], when emphatic or alone; [th][-e], obscure\n   before a vowel; [th]e, obscure before a consonant; 37),\n"
                + "   definite article. [AS. [eth][=e], a later form for earlier\n   nom. sing. masc. s[=e], formed under the influence of the\n"
                + "   oblique cases. See {That}, pron.]\n   A word placed before nouns to limit or individualize their\n   meaning.\n   [1913 Webster]\n"
        )
        #expect(the.partOfSpeech == PartOfSpeech("article"))
        #expect(the.pronunciation == GCIDEFormat.resolveEntities("[th][=e]"), "\(the.pronunciation ?? "nil")")
        #expect(the.etymology?.hasPrefix("AS. ") == true, "\(the.etymology ?? "nil")")
        #expect(the.senses.map(\.definition) == ["A word placed before nouns to limit or individualize their meaning."])
        #expect(the.senses.first?.labels.contains("definite") == true)
        let its = GCIDEFormat.parse("Its \\Its\\ ([i^]ts), poss. pron.\n   Possessive form of the pronoun it. See {It}.\n   [1913 Webster]\n")
        #expect(its.partOfSpeech == PartOfSpeech("pronoun") && its.senses.first?.labels == ["possessive"], "\(its)")
        #expect(GCIDEFormat.parse("Tho \\Tho\\ ([th][=o]), def. art.\n   The. [Obs.] --Spenser.\n   [1913 Webster]\n").partOfSpeech == PartOfSpeech("article"))

        let letter = GCIDEFormat.parse("A \\A\\ (named [=a] in the English, and most commonly [aum] in\n   other languages).\n   The first letter of the English and of many other alphabets.\n")
        #expect(letter.pronunciation == nil, "\(letter.pronunciation ?? "nil")")
        #expect(letter.senses.first?.definition == "The first letter of the English and of many other alphabets.")
        for (inside, headword, expected) in [
            ("k[^o]r\"jal, formally k[^o]rd\"yal; 106, 277", "Cordial", "kôrˈjal"),
            ("s[e^]r\"[=e]n; s[e^]r\"[i^]n; also, less correctly, s[=e]r\"[=e]n", "Serine", "sĕrˈēn; sĕrˈĭn"),
            ("k[=o]r, pl. k[=o]rz", "Corps", "kōr, pl. kōrz"), ("[.a] emph. [=a]", "A", "ȧ emph. ā"),
            ("kwoif or koif", "Quoif", "kwoif or koif"), ("k[a^]r\"r[u^]n oil", "Carron oil", "kărˈrŭn oil"),
        ] {
            #expect(GCIDEHead.pronunciation(Substring(GCIDEFormat.resolveEntities(inside)), headword: headword) == expected, "\(inside)")
        }
        // The fixture's fifteen entries of `a`: A's pronunciations are respellings.
        let a = try await TestDatabases.fixture("gcide").lookup(try LookupQuery("a"))
        let pronunciations = a.entries.flatMap(\.pronunciations).map(\.text)
        #expect(!pronunciations.isEmpty && pronunciations.allSatisfy { !$0.contains("named") }, "\(pronunciations)")
    }

    /// dictd's indexes set punctuation aside (GCIDE's sorts like `sort -df`; FreeDict's keeps none): `c#at` found
    /// *cat*, `U.S.` GCIDE's *Us*. A headword with other punctuation between its letters is another word; the
    /// punctuation at either end, a hyphen, and an abbreviation's periods in capitals may differ.
    @Test func punctuationBetweenTheLettersMustBeTheHeadwords() async throws {
        for name in ["gcide", "freedict-eng-deu", "wn"] {
            let database = TestDatabases.fixture(name)
            #expect(try await database.lookup(try LookupQuery("h#ouse")).entries.isEmpty, "\(name)")
            #expect(try await database.lookup(try LookupQuery("hou.se")).entries.isEmpty, "\(name)")
            #expect(try await !database.lookup(try LookupQuery("house")).entries.isEmpty, "\(name)")
        }
        #expect(try await !TestDatabases.fixture("freedict-eng-deu").lookup(try LookupQuery("and a half")).entries.isEmpty)
        if let base = TestDatabases.system("gcide") {
            // GCIDE's index writes *Café* `Caf'e`: the entry's headword agrees.
            let gcide = DictDatabaseDiscovery.database(indexPath: base + ".index")
            #expect(try await gcide.lookup(try LookupQuery("cafe")).entries.map(\.headword).contains("Café"))
            #expect(try await gcide.lookup(try LookupQuery("U.S.")).entries.isEmpty, "not Us, We, I")
        }
        let agree: [(String, String, Bool)] = [
            ("c#at", "cat", false), ("U.S.", "Us", false), ("u.s.", "Us", false), ("can't", "Cant", false), ("cant", "Can't", false),
            ("U.S.", "U. S.", true), ("U.S.", "US", true), ("US", "U. S.", true), ("us", "Us", true), ("tomorrow", "To-morrow", true),
            ("and a half", "… and a half", true), ("mr", "Mr.", true), ("o’clock", "o'clock", true), ("ice cream", "ice  cream", true),
        ]
        for (query, headword, expected) in agree {
            #expect(IndexOrder.punctuationAgrees(query, headword) == expected, "\(query) / \(headword)")
        }
    }

    /// A FreeDict word's entries come with the one the dictionary illustrates most first (its order is alphabetical
    /// by translation: `house` began with *Geschlecht*), ties in its order.
    @Test func aFreeDictWordsMostIllustratedMeaningComesFirst() {
        let provenance = Provenance(provider: ProviderID("freedict-eng-deu")!, source: "fd", retrievedAt: Date(timeIntervalSince1970: 0))
        let pair = LanguagePair(source: .english, target: .german)
        func entry(_ text: String, examples: Int) -> Entry {
            let translation = Translation(
                text: text, pair: pair, examples: (0..<examples).map { TranslatedExample(source: "a \($0)", target: "b \($0)") },
                provenance: provenance
            )
            return Entry(headword: "house", language: .english, translations: [translation], provenance: provenance)
        }
        let entries = [entry("Geschlecht", examples: 0), entry("Haus", examples: 6), entry("House-Musik", examples: 0), entry("Heim", examples: 6)]
        #expect(DictDatabase.usualFirst(entries).map { $0.translations[0].text } == ["Haus", "Heim", "Geschlecht", "House-Musik"])
    }

    /// The residue the issue names: none of it may reach a definition, example or label.
    static func markup(in entry: Entry) -> [String] {
        var texts: [String] = [entry.etymology ?? "", entry.headword] + entry.pronunciations.map(\.text)
        for sense in entry.allSenses {
            texts += [sense.definition] + sense.examples + sense.labels
            for subsense in sense.subsenses { texts += [subsense.definition] + subsense.examples }
        }
        return texts.filter { text in
            text.contains("Webster]") || text.contains("[PJC]") || text.contains("{") || text.contains("}")
                || text.contains("\\") || GCIDEFormat.resolveEntities(text) != text
        }
    }

    @Test func fixtureEntriesCarryNoMarkup() async throws {
        let gcide = TestDatabases.fixture("gcide")
        for word in ["house", "a", "serene", "serenity"] {
            let result = try await gcide.lookup(try LookupQuery(word))
            #expect(!result.entries.isEmpty, "\(word)")
            for entry in result.entries {
                #expect(Self.markup(in: entry).isEmpty, "\(word): \(Self.markup(in: entry))")
            }
        }
        let house = try await gcide.lookup(try LookupQuery("house"))
        #expect(house.entries.map { $0.senseGroups.first?.partOfSpeech } == [.noun, .verb, .verb])
        #expect(house.entries[0].etymology?.hasPrefix("OE. hous, hus") == true)
        #expect(house.entries[0].allSenses.prefix(3).map(\.definition).last == "Those who dwell in the same house; a household.")
    }

    /// The installed database (CI installs dict-gcide): `walk`'s parts of speech, and ≥ 200 headwords spread over
    /// the whole index with no markup left.
    @Test func systemDatabaseEntriesCarryNoMarkup() async throws {
        guard let base = TestDatabases.system("gcide") else { return }
        let gcide = DictDatabaseDiscovery.database(indexPath: base + ".index")
        let walk = try await gcide.lookup(try LookupQuery("walk"))
        let walkEntries = walk.entries.filter { $0.headword == "Walk" }
        #expect(walkEntries.map { $0.senseGroups.first?.partOfSpeech } == [.verb, .verb, .noun])
        #expect(walkEntries.first?.pronunciations.first?.text == "wa\u{324}k")
        #expect(walkEntries.first?.etymology?.hasPrefix("OE. walken") == true)
        #expect(walkEntries.first?.allSenses.first?.definition.hasPrefix("To move along on foot;") == true)

        let index = try DictIndex(path: base + ".index")
        let headwords = await TestDatabases.headwords(of: index).map(\.0).filter { !DictIndex.isMetadata($0) }
        let step = max(1, headwords.count / 250)
        var checked = 0
        var dirty: [String: [String]] = [:]
        for headword in stride(from: 7, to: headwords.count, by: step).map({ headwords[$0] }) {
            guard let query = try? LookupQuery(headword) else { continue }
            for entry in try await gcide.lookup(query).entries {
                checked += 1
                let markup = Self.markup(in: entry)
                if !markup.isEmpty { dirty[headword] = markup }
            }
        }
        #expect(checked >= 200)
        #expect(dirty.isEmpty, "\(dirty.count) of \(checked) entries keep markup: \(dirty.prefix(5))")
    }
}
