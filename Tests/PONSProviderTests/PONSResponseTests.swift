import Foundation
import LexAggCore
import LexAggHTTP
import PONSProvider
import ProviderConformance
import Testing

struct PONSResponseTests {
    @Test(arguments: [
        ("tes·ten", "testen"), ("war·ten", "warten"), ("Bi̱e̱r", "Bier"), ("H_CDMBB_au_CDMBE_s", "Haus"),
        ("h_CDMBB_au_CDMBE_sen", "hausen"), ("  Test ", "Test"), ("", ""), ("HIV-Test", "HIV-Test"),
        ("Chi-Quadrat Test", "Chi-Quadrat Test"), ("it&#39;s", "it's"), ("<strong>Haus</strong>", "Haus"),
        ("small\nad", "small ad"), ("ˈal·ley cat", "alley cat"), ("mad ˈcow dis·ease", "mad cow disease"),
        ("ˌafter·ˈeffect", "aftereffect"), ("kráv|a", "kráva"),
    ])
    func headwordsAreNormalised(raw: String, normalised: String) {
        #expect(PONSResponse.normalizedHeadword(raw) == normalised)
    }

    struct FixtureCase: Sendable, CustomTestStringConvertible {
        var file: String
        var query: String
        var source: String
        var target: String
        var headwords: [String]
        var testDescription: String { file }
    }

    static let fixtureCases: [FixtureCase] = [
        FixtureCase(
            file: "dictionary-deen-Haus-in-de.json", query: "Haus", source: "de", target: "en",
            headwords: ["Haus", "Haus", "haushalten", "Hausfrau", "Hausmann"]
        ),
        FixtureCase(
            file: "dictionary-enfr-house-in-en.json", query: "house", source: "en", target: "fr",
            headwords: ["house", "house", "greenhouse"]
        ),
        FixtureCase(file: "dictionary-dezh-Baum-in-de.json", query: "Baum", source: "de", target: "zh", headwords: ["Baum"]),
    ]

    @Test(arguments: fixtureCases)
    func fixturesGiveCleanTranslations(fixture: FixtureCase) async throws {
        let pair = LanguagePair(source: Language(fixture.source)!, target: Language(fixture.target)!)
        let directions = try await directions(fromBody: try Fixtures.bytes(fixture.file))
        let entries = PONSResponse.translationEntries(
            from: directions, query: fixture.query, pair: pair, provenanceSource: "test", retrievedAt: Date()
        )
        #expect(entries.map(\.headword) == fixture.headwords)
        try Self.checkClean(entries, name: fixture.file)
    }

    @Test func hitsInTheOtherDirectionAreLeftOut() async throws {
        let directions = try await directions(fromBody: try Fixtures.bytes("dictionary-deen-Haus-in-de.json"))
        let reversed = PONSResponse.translationEntries(
            from: directions, query: "Haus", pair: LanguagePair(source: .english, target: .german),
            provenanceSource: "test", retrievedAt: Date()
        )
        #expect(reversed.isEmpty)
    }

    @Test(arguments: [
        ("1. Test <span class=\"sense\">(Versuch)</span>:", "Test (Versuch)"),
        ("2. Test <span class=\"topic\"><acronym title=\"Pharmazie\">PHARM</acronym></span>:", "Test Pharmazie"),
        ("Phrases:", "Phrases"), ("", nil), ("1.", nil), ("12. x", "x"),
    ] as [(String, String?)])
    func sensesHeadersBecomeContexts(header: String, context: String?) {
        #expect(PONSResponse.headerContext(header) == context)
    }

    // MARK: Reference samples (skipped when ../shared/reference-samples is absent)

    /// `enfr-apple-in-en.json` → dictionary `enfr`, source `en`, word `apple`; `dede-…` → definitions.
    @Test(arguments: Fixtures.referenceDictionarySamples)
    func referenceSamplesParse(name: String) async throws {
        let directions = try await directions(fromBody: try Fixtures.referenceSample(name))
        #expect(!directions.isEmpty, "\(name): no directions")
        let parts = name.dropLast(".json".count).split(separator: "-")
        let key = String(parts[0])
        let word = String(parts[1])
        if key == "dede" {
            let entries = PONSResponse.definitionEntries(
                from: directions, query: word, provenanceSource: "test", retrievedAt: Date()
            )
            #expect(!entries.isEmpty, "\(name): no entries")
            try Self.checkClean(entries, name: name)
            return
        }
        let source = try #require(parts.firstIndex(of: "in").map { String(parts[$0 + 1]) }, "\(name) names no direction")
        let target = key.hasPrefix(source) ? String(key.dropFirst(2)) : String(key.prefix(2))
        let pair = LanguagePair(source: try #require(Language(source)), target: try #require(Language(target)))
        let entries = PONSResponse.translationEntries(
            from: directions, query: word, pair: pair, provenanceSource: "test", retrievedAt: Date()
        )
        #expect(!entries.isEmpty, "\(name): no entries")
        #expect(entries.first?.headword.lowercased() == word.lowercased(), "\(name): \(entries.first?.headword ?? "-")")
        try Self.checkClean(entries, name: name)
    }

    /// The real `apple` page: the phrase row keeps the phrase it translates (issue 13 item 6), as a phrase of the word.
    @Test func aPhraseRowKeepsItsSourcePhrase() async throws {
        guard Fixtures.referenceDictionarySamples.contains("enfr-apple-in-en.json") else { return }
        let directions = try await directions(fromBody: try Fixtures.referenceSample("enfr-apple-in-en.json"))
        let entries = PONSResponse.translationEntries(
            from: directions, query: "apple", pair: LanguagePair(source: .english, target: Language("fr")!),
            provenanceSource: "test", retrievedAt: Date()
        )
        let phrase = try #require(entries.flatMap(\.allSenses).first { $0.definition.contains("prunelle de ses yeux") })
        #expect(phrase.definition.hasPrefix("the apple of "), "\(phrase)")
        #expect(!entries.flatMap(\.translations).contains { $0.text.contains("prunelle") }, "an idiom is no translation of apple")
    }

    /// Cross-references (an arab whose one translation is empty, the reference in its header) become senses naming
    /// the word they point to; headers that repeat the headword say only their note; labels in examples are
    /// spelled out after the example instead of running into it (issue 13 item 6). The body follows the shape of
    /// the recorded `enfr-ad-in-en` and `enfr-live-in-en` responses.
    @Test func crossReferencesAreShownAndContextsAreClean() async throws {
        let body = #"""
        [{"lang": "en", "hits": [
          {"type": "entry", "opendict": false, "roms": [
            {"headword": "pitch-dark", "headword_full": "pitch-dark <span class=\"wordclass\"><acronym title=\"adjective\">ADJ</acronym></span>",
             "wordclass": "adjective",
             "arabs": [{"header": "pitch-dark <span class=\"indirect_reference_OTHER\">→ pitch-black</span>",
                        "translations": [{"source": "", "target": ""}]}]},
            {"headword": "ad", "headword_full": "ad <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>",
             "wordclass": "noun",
             "arabs": [{"header": "ad <span class=\"indirect_reference_ABBR\">abbreviation of advertisement</span>",
                        "translations": [{"source": "", "target": ""}]}]},
            {"headword": "live", "headword_full": "live <span class=\"wordclass\"><acronym title=\"verb\">VB</acronym></span>",
             "wordclass": "verb",
             "arabs": [{"header": "1. live <span class=\"sense\">(be alive)</span>:",
                        "translations": [
                          {"source": "<strong class=\"headword\">live</strong>", "target": "vivre"},
                          {"source": "<span class=\"example\">to make life worth <strong class=\"tilde\">living</strong></span> <span class=\"rhetoric\"><acronym title=\"figurative\">fig</acronym></span>",
                           "target": "faire en sorte que la vie vaille la peine d&#39;être vécue <span class=\"info\"><acronym title=\"subjunctive\">subj</acronym></span>"}]}]}
          ]}]}]
        """#
        let directions = try await directions(fromBody: Array(body.utf8))
        let entries = PONSResponse.translationEntries(
            from: directions, query: "pitch-dark", pair: LanguagePair(source: .english, target: Language("fr")!),
            provenanceSource: "test", retrievedAt: Date()
        )
        #expect(entries.map(\.headword) == ["pitch-dark", "ad", "live"])
        let pitch = try #require(entries.first?.allSenses.first)
        #expect(pitch.definition == "see pitch-black")
        #expect(pitch.formOf == FormOf(lemma: "pitch-black", form: nil))
        let ad = try #require(entries.dropFirst().first?.allSenses.first)
        #expect(ad.definition == "abbreviation of advertisement")
        #expect(ad.formOf == FormOf(lemma: "advertisement", form: "abbreviation"))
        #expect(entries[1].senseGroups.first?.partOfSpeech == PartOfSpeech("noun"))

        let live = try #require(entries.last?.translations.first)
        #expect(live.text == "vivre")
        #expect(live.context == "be alive", "the header's repeated headword and parentheses are gone")
        let example = try #require(live.examples.first)
        #expect(example.source == "to make life worth living (figurative)")
        #expect(example.target == "faire en sorte que la vie vaille la peine d'être vécue (subjunctive)")
    }

    /// The translations of `file` (a fixture) as `translate query --from source --to target` gets them.
    static func translations(_ file: String, query: String, from source: Language, to target: Language) async throws -> [Entry] {
        PONSResponse.translationEntries(
            from: try await directions(fromBody: try Fixtures.bytes(file)), query: query,
            pair: LanguagePair(source: source, target: target), provenanceSource: "test", retrievedAt: Date()
        )
    }

    /// `1. cat:` says nothing but the headword; each row's `(pet)`, `(family of animals)` says which cat it is
    /// ("→ Katze [cat]" twice told the user nothing).
    @Test func aRowsSenseNoteIsItsContext() async throws {
        let entries = try await Self.translations("dictionary-deen-cat-in-en.json", query: "cat", from: .english, to: .german)
        let cat = try #require(entries.first)
        #expect(cat.translations.prefix(2).map(\.text) == ["Katze", "Katze"])
        #expect(cat.translations.prefix(2).map(\.context) == ["pet", "family of animals"])
        #expect(!cat.translations.contains { $0.context?.lowercased() == "cat" })
        #expect(PONSResponse.senseContext(header: "figurative", row: "tractor") == "figurative, tractor")
        #expect(PONSResponse.senseContext(header: nil, row: "tractor") == "tractor")
        #expect(PONSResponse.senseContext(header: "pet", row: "Pet") == "pet")
        // The recorded après (`2. après:` with `(plus loin que)`, `(derrière)` rows), when the samples are there.
        guard let apres = Fixtures.corpusSample("defr-apres-in-fr.json") else { return }
        let recorded = PONSResponse.translationEntries(
            from: try await directions(fromBody: apres), query: "après", pair: LanguagePair(source: .french, target: .german),
            provenanceSource: "test", retrievedAt: Date()
        )
        let contexts = recorded.flatMap(\.translations).compactMap(\.context)
        #expect(contexts.contains("plus loin que") && contexts.contains("derrière"))
        #expect(!contexts.contains("après"))
    }

    /// `cut <span class="collocator">grass</span>` ⇒ tondre: the collocator says what the translation goes with
    /// ("→ tondre [shape]" lost it; "cut grass" is tondre, "cut hair" couper).
    @Test func aCollocatorIsPartOfTheContext() async throws {
        let entries = try await Self.translations("dictionary-deen-cat-in-en.json", query: "cat", from: .english, to: .german)
        let cat = try #require(entries.first)
        let katamaran = try #require(cat.translations.first { $0.text == "Katamaran" })
        #expect(katamaran.context == "on a yacht")
        let raupe = try #require(cat.translations.first { $0.text == "Raupe" })
        #expect(raupe.context == "tractor: on a building site")
        #expect(PONSResponse.withCollocator("shape", "grass") == "shape: grass")
        guard Fixtures.referenceDictionarySamples.contains("enfr-cut-in-en-large.json") else { return }
        let cut = PONSResponse.translationEntries(
            from: try await directions(fromBody: try Fixtures.referenceSample("enfr-cut-in-en-large.json")), query: "cut",
            pair: LanguagePair(source: .english, target: .french), provenanceSource: "test", retrievedAt: Date()
        )
        let tondre = try #require(cut.flatMap(\.translations).first { $0.text == "tondre" })
        #expect(tondre.context == "shape: grass")
    }

    /// Examples, collocations and idioms are phrases of the word, not its translations: a rom with only examples
    /// (*because* as a preposition) has no translation, an example-only arab is the sense its header names, each
    /// idiom under "Phrases:" stands on its own, and an example before the headword row is an example of it.
    @Test func phrasesAreNotTranslations() async throws {
        let entries = try await Self.translations("dictionary-enfr-since-in-en.json", query: "since", from: .english, to: .french)
        #expect(entries.count == 3)
        let conjunction = try #require(entries.first)
        #expect(conjunction.translations.map(\.text) == ["puisque"])
        #expect(conjunction.translations.first?.examples.map(\.source) == ["since you ask", "ever since I was a child"])
        #expect(conjunction.allSenses.map(\.definition) == [
            "since the year dot (British English, informal) — depuis des lustres (informal)",
            "since time immemorial — depuis la nuit des temps",
        ])
        let preposition = try #require(entries.dropFirst().first)
        #expect(preposition.translations.isEmpty)
        #expect(preposition.senseGroups.first?.partOfSpeech == PartOfSpeech("preposition"))
        #expect(preposition.allSenses.map(\.definition) == ["since Monday — depuis lundi", "since the war — depuis la guerre"])
        let adverb = try #require(entries.last)
        #expect(adverb.translations.isEmpty)
        #expect(adverb.allSenses.map(\.definition) == ["from then on", "ago"])
        #expect(adverb.allSenses.map(\.labels) == [[], ["formal"]])
        #expect(adverb.allSenses.first?.examples == ["ever since — depuis (lors)", "she has since left — elle est partie depuis"])
        #expect(adverb.allSenses.last?.examples == ["long since — il y a longtemps"])

        // The recorded bodies, when the samples are there.
        func recorded(_ bytes: [UInt8]?, _ query: String, _ pair: LanguagePair) async throws -> [Translation] {
            guard let bytes else { return [] }
            return PONSResponse.translationEntries(
                from: try await directions(fromBody: bytes), query: query, pair: pair, provenanceSource: "test", retrievedAt: Date()
            ).flatMap(\.translations)
        }
        let samples = Fixtures.referenceDictionarySamples
        let because = try await recorded(Fixtures.corpusSample("enfr-because-in-en.json"), "because", LanguagePair(source: .english, target: .french))
        #expect(!because.contains { $0.text.contains("à cause de moi") })
        let weg = try await recorded(Fixtures.corpusSample("defr-weg-in-de.json"), "weg", LanguagePair(source: .german, target: .french))
        #expect(!weg.contains { $0.text.contains("ne pas être là") })
        if samples.contains("enfr-cut-in-en-large.json") {
            let cut = try await recorded(try Fixtures.referenceSample("enfr-cut-in-en-large.json"), "cut", LanguagePair(source: .english, target: .french))
            #expect(!cut.isEmpty && !cut.contains { $0.text.contains("estocades") })
            #expect(!cut.flatMap(\.examples).contains { $0.source.contains("a cut above") })
        }
        if samples.contains("defr-Apfel-in-de.json") {
            let apfel = try await recorded(try Fixtures.referenceSample("defr-Apfel-in-de.json"), "Apfel", LanguagePair(source: .german, target: .french))
            #expect(apfel.map(\.text) == ["pomme"] && apfel.flatMap(\.examples).isEmpty)
        }
    }

    /// Labels PONS marks with a class come out spelled out or as labels, never as raw abbreviations in the text:
    /// `category` ("prov", as after the recorded Apfel proverb and cat idiom), `grammar SUBST` (a compound's
    /// gender, recorded Weg and pomme), `restriction` ("spec"), a `case` inside a phrase ("sich acc freuen", recorded
    /// cat) and, in `dede`, a `style` after an idiom (recorded Bier: "das ist nicht mein Bier inf").
    @Test func labelsAreSpelledOut() async throws {
        let body = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"Katze","headword_full":"Katze <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"","translations":[
          {"source":"die <strong class=\"tilde\">Katze</strong> lässt das Mausen nicht <span class=\"category\"><acronym title=\"proverb\">prov</acronym></span>","target":"a leopard can&#39;t change its spots"}]}]}]},
         {"type":"entry","opendict":false,"roms":[{"headword":"Katze","headword_full":"Katze <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"","translations":[
          {"source":"<strong class=\"headword\">Katze</strong>","target":"cat <span class=\"restriction\"><acronym title=\"specialist term\">spec</acronym></span>"},
          {"source":"<span class=\"example\">sich <span class=\"case\"><acronym title=\"accusative\">acc</acronym></span> wie eine <strong class=\"tilde\">Katze</strong> putzen</span>","target":"to wash oneself like a cat"}]},
          {"header":"","translations":[{"source":"wilde <strong class=\"tilde\">Katze</strong> <span class=\"grammar SUBST\"><acronym title=\"feminine\">f</acronym></span>","target":"wildcat <span class=\"grammar SUBST\"><acronym title=\"noun\">n</acronym></span>"}]}]}]}]}]
        """#
        let entries = PONSResponse.translationEntries(
            from: try await directions(fromBody: Array(body.utf8)), query: "Katze",
            pair: LanguagePair(source: .german, target: .english), provenanceSource: "test", retrievedAt: Date()
        )
        #expect(entries.first?.allSenses.map(\.definition) == [
            "die Katze lässt das Mausen nicht (proverb) — a leopard can't change its spots"
        ])
        let cat = try #require(entries.last)
        #expect(cat.translations.map(\.text) == ["cat"])
        #expect(cat.translations.first?.notes == ["specialist term"])
        #expect(cat.translations.first?.examples.map(\.source) == ["sich (accusative) wie eine Katze putzen"])
        #expect(cat.allSenses.map(\.definition) == ["wilde Katze (feminine) — wildcat (noun)"])

        let dede = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[{"headword":"Ka̱t·ze","headword_full":"<span class=\"genus\">die</span> Ka̱t·ze","wordclass":"noun","arabs":[{"header":"","translations":[
          {"source":"<span class=\"definition\">ein kleines Haustier</span>","target":""},
          {"source":"<span class=\"idiom_proverb\">die Katze im Sack kaufen</span> <span class=\"style\"><acronym title=\"informal\">inf</acronym></span> <span class=\"sense\">(etwas ungeprüft kaufen)</span>","target":""}]}]}]}]}]
        """#
        let defined = PONSResponse.definitionEntries(
            from: try await directions(fromBody: Array(dede.utf8)), query: "Katze", provenanceSource: "test", retrievedAt: Date()
        )
        #expect(defined.first?.allSenses.first?.examples == ["die Katze im Sack kaufen (informal, etwas ungeprüft kaufen)"])
    }

    /// The monolingual `dede` body in the shape of the recorded Bier reply: the compound list (`■ -abend, …,
    /// Weizen-`) is words, not an example sentence; the culture note (a rom with `headword: ""`) is kept with the
    /// entry before it; a hit whose rom has its definition in `headword_full` (`bi̱ ADJ inf (bisexuell)`) is an entry.
    @Test func monolingualCompoundsCultureNotesAndHeadwordDefinitions() async throws {
        let body = #"""
        [{"lang":"de","hits":[{"type":"entry","opendict":false,"roms":[
          {"headword":"We̱i̱n","headword_full":"<span class=\"genus\">der</span> We̱i̱n   <span class=\"flexion\">&lt;-(e)s, -e&gt;</span>  <span class=\"wordclass\"></span>","wordclass":"noun","arabs":[{"header":"","translations":[
            {"source":"<span class=\"definition\">ein alkoholisches Getränk aus vergorenem Traubensaft</span>","target":""},
            {"source":"<span class=\"example\">ein trockener/lieblicher Wein</span>","target":""},
            {"source":"<span class=\"idiom_proverb\">■ -berg, -flasche, -glas, -händler(in), Rot-, Weiß-</span>","target":""}]}]},
          {"headword":"","headword_full":"","arabs":[{"header":"","translations":[{"source":"An Rhein und Mosel wird seit der Römerzeit <b>Wein</b> angebaut.\n\t\t\t\t","target":""}]}]}]},
         {"type":"entry","opendict":false,"roms":[{"headword":"we̱i̱n","headword_full":" we̱i̱n    <span class=\"wordclass\"><acronym title=\"adjective\">ADJ</acronym></span> <span class=\"style\"><acronym title=\"informal\">inf</acronym></span> <span class=\"sense\">(weinrot)</span>","wordclass":"adjective and adverb","arabs":[{"header":"","translations":[{"source":"","target":""}]}]}]}]}]
        """#
        let directions = try await directions(fromBody: Array(body.utf8))
        let all = PONSResponse.definitionEntries(from: directions, query: "Weinrot", provenanceSource: "test", retrievedAt: Date())
        #expect(all.map(\.headword) == ["Wein", "wein"])
        let wein = try #require(all.first)
        let senses = wein.senseGroups.first?.senses ?? []
        #expect(senses.first?.examples == ["ein trockener/lieblicher Wein"], "the compound list is no example")
        #expect(senses.last?.definition == "Weinberg, Weinflasche, Weinglas, Weinhändler(in), Rotwein, Weißwein")
        #expect(senses.last?.labels == ["compounds"])
        #expect(wein.senseGroups.last?.partOfSpeech == nil)
        #expect(wein.senseGroups.last?.senses.map(\.definition) == ["An Rhein und Mosel wird seit der Römerzeit Wein angebaut."])
        let adjective = try #require(all.last)
        #expect(adjective.allSenses.map(\.definition) == ["weinrot"])
        #expect(adjective.allSenses.first?.labels == ["informal"])
        #expect(PONSResponse.compounds("■ -abend, Weizen-", of: "Bier") == ["Bierabend", "Weizenbier"])
    }

    /// A pronunciation list in `headword_full` is split, in the shapes of the recorded advertisement, Apfel and
    /// because replies: the American variant is a pronunciation with its accent, the plural's and a fragment
    /// (`Am -ˈkɑ:z`) are left out; each transcription alone, not "ˈapfəl, Plː ˈɛpfəl" as one.
    @Test func pronunciationListsAreSplit() async throws {
        func rom(_ headword: String, _ phonetics: String) -> String {
            #"{"headword":"\#(headword)","headword_full":"\#(headword)    <span class=\"phonetics\">[\#(phonetics)]</span> <span class=\"wordclass\"><acronym title=\"noun\">N</acronym></span>","wordclass":"noun","arabs":[{"header":"","translations":[{"source":"<strong class=\"headword\">\#(headword)</strong>","target":"x"}]}]}"#
        }
        let am = #"<span class=\"region\"><acronym title=\"American English\" class=\"Am\">Am</acronym></span>"#
        let roms = [
            rom("tomato", "təˈmɑ:təʊ, \(am) təˈmeɪt̬oʊ"), rom("Birne", #"ˈbɪrnə, <span class=\"info\">Plː</span> ˈbɪrnən"#),
            rom("either", "ˈaɪðəʳ, \(am) ˈi:-"), rom("cat", "kæt"),
        ]
        let body = #"[{"lang":"en","hits":[{"type":"entry","opendict":false,"roms":["# + roms.joined(separator: ",") + "]}]}]"
        let entries = PONSResponse.translationEntries(
            from: try await directions(fromBody: Array(body.utf8)), query: "tomato",
            pair: LanguagePair(source: .english, target: .french), provenanceSource: "test", retrievedAt: Date()
        )
        let found = entries.map { entry in entry.pronunciations.map { [$0.text, $0.accent ?? "-"] } }
        #expect(found == [
            [["təˈmɑ:təʊ", "-"], ["təˈmeɪt̬oʊ", "American English"]], [["ˈbɪrnə", "-"]], [["ˈaɪðəʳ", "-"]], [["kæt", "-"]],
        ])
    }

    @Test(arguments: [
        ("live (living)", "live", "living"), ("AD abbreviation of Anno Domini", "AD", "abbreviation of Anno Domini"),
        ("Phrases", "live", "Phrases"), ("lively (spirited)", "live", "lively (spirited)"), ("live", "live", "live"),
    ])
    func aHeaderThatRepeatsTheHeadwordSaysOnlyItsNote(context: String, headword: String, expected: String) {
        #expect(PONSResponse.withoutHeadword(context, headword) == expected)
    }

    static func checkClean(_ entries: [Entry], name: String) throws {
        for entry in entries {
            #expect(MarkupCheck.problem(in: entry.headword) == nil, "\(name): headword \(entry.headword)")
            #expect(!entry.headword.contains("·") && !entry.headword.contains("_CDMB") && !entry.headword.unicodeScalars.contains("\u{0331}"))
            #expect(!entry.isEmpty, "\(name): \(entry.headword) is empty")
            for translation in entry.translations {
                #expect(MarkupCheck.problem(in: translation.text) == nil, "\(name): \(translation.text)")
                for text in translation.notes + [translation.context].compactMap({ $0 }) {
                    #expect(MarkupCheck.problem(in: text) == nil, "\(name): \(text)")
                    #expect(!text.contains("&#") && !text.contains("&lt;"), "\(name): \(text)")
                }
                for example in translation.examples {
                    #expect(MarkupCheck.problem(in: example.source) == nil && MarkupCheck.problem(in: example.target) == nil)
                }
            }
            for sense in entry.allSenses {
                for text in [sense.definition] + sense.examples + sense.labels {
                    #expect(MarkupCheck.problem(in: text) == nil, "\(name): \(text)")
                }
            }
        }
    }
}

/// The directions the HTTP client decodes from `body` under PONS's policy (in memory).
func directions(fromBody body: [UInt8]) async throws -> [PONSResponse.Direction] {
    let transport = FixtureTransport(fallback: .json(body))
    let client = ProviderHTTPClient(provider: .pons, endpoint: Endpoint(transport.baseURL), transport: transport)
    return try await client.fetch(
        ServiceRequest("/v1/dictionary"), as: [PONSResponse.Direction].self, policy: PONS.policy(dictionary: "deen")
    ) ?? []
}
