import Foundation
import LexAggCore
import LexAggFixtures
import LexAggWiktextract
import Testing
import WiktionaryOfflineProvider

/// Dumps kaikki.org extracts from Wiktionary's other editions (German, French, Polish, Chinese, …), in the shapes of
/// wiktextract's models for them (src/wiktextract/extractor/<edition>/models.py; see Fixtures/SOURCES.md): imported and
/// answered as faithfully as the English edition's.
@Suite struct OtherEditionsTests {
    /// German: one page, two nouns of two etymologies (`etymology_texts`, no `etymology_number`), senses numbered by
    /// their own `sense_index`, labels the edition did not map (`raw_tags`), linkages naming their senses by number.
    static let german = [
        #"{"word": "Bank", "lang_code": "de", "lang": "Deutsch", "pos": "noun", "pos_title": "Substantiv", "tags": ["feminine"], "#
            + #""senses": [{"glosses": ["Sitzgelegenheit für mehrere Personen"], "sense_index": "1", "raw_tags": ["umgangssprachlich"], "#
            + #""examples": [{"text": "Wir saßen auf der Bank."}], "categories": ["x"]}, "#
            + #"{"glosses": ["Arbeitstisch eines Handwerkers"], "sense_index": "2", "tags": ["technical"]}], "#
            + #""synonyms": [{"word": "Sitzbank", "sense_index": "1"}, {"word": "Werkbank", "sense_index": "2"}, {"word": "Möbel", "sense_index": "1, 2"}, "#
            + #"{"word": "Gestühl", "sense_index": "7"}], "etymology_texts": ["mittelhochdeutsch banc,", "althochdeutsch bank"], "#
            + #""sounds": [{"ipa": "baŋk"}, {"ipa": "baŋk", "raw_tags": ["Österreich"]}], "#
            + #""forms": [{"form": "Bänke", "tags": ["plural", "nominative"], "raw_tags": ["Nominativ"]}], "#
            + #""translations": [{"lang_code": "en", "lang": "Englisch", "word": "bench", "sense_index": "1", "sense": "Sitzgelegenheit"}]}"#,
        #"{"word": "Bank", "lang_code": "de", "lang": "Deutsch", "pos": "noun", "tags": ["feminine"], "senses": [{"glosses": ["Geldinstitut"], "sense_index": "1"}], "#
            + #""etymology_texts": ["von italienisch banco"], "forms": [{"form": "Banken", "tags": ["plural"]}]}"#,
        #"{"word": "Bank", "lang_code": "de", "lang": "Deutsch", "pos": "unknown", "senses": [{"glosses": ["Sandbank"]}]}"#,
        // A parent sense without a gloss of its own is not in the dump (de/gloss.py): "2" names its subsenses.
        #"{"word": "wohnen", "lang_code": "de", "pos": "verb", "senses": [{"glosses": ["an einem Ort zu Hause sein"], "sense_index": "1"}, "#
            + #"{"glosses": ["untergebracht sein"], "sense_index": "2.1"}, {"glosses": ["sich aufhalten"], "sense_index": "2.2"}], "#
            + #""synonyms": [{"word": "leben", "sense_index": "1"}, {"word": "logieren", "sense_index": "2"}]}"#,
    ]

    /// French: a subsense repeats its parent's gloss, and linkages count the numbered definitions (`sense_index: 2`;
    /// 0 is none).
    static let french = #"{"word": "maison", "lang_code": "fr", "lang": "Français", "pos": "noun", "pos_title": "Nom commun 1", "#
        + #""senses": [{"glosses": ["Bâtiment servant d’habitation."]}, {"glosses": ["Bâtiment servant d’habitation.", "Famille."], "raw_tags": ["Figuré"]}, "#
        + #"{"glosses": ["Entreprise commerciale."], "raw_tags": ["Commerce"]}], "synonyms": [{"word": "demeure", "sense_index": 1}, "#
        + #"{"word": "firme", "sense_index": 2, "sense": "Entreprise"}, {"word": "logis", "sense_index": 0}, {"word": "foyer", "sense_index": 1, "sense": "Famille"}], "etymology_texts": ["Du latin mansio."]}"#

    /// Polish: translations name their sense only by number.
    static let polish = #"{"word": "dom", "lang_code": "pl", "lang": "polski", "pos": "noun", "senses": [{"glosses": ["budynek mieszkalny"], "sense_index": "1.1"}, "#
        + #"{"glosses": ["rodzina"], "sense_index": "1.2"}, {"glosses": ["gospodarstwo domowe"], "sense_index": "1.3"}], "#
        + #""synonyms": [{"word": "chata", "sense_index": "1.1,3"}, {"word": "ród", "sense_index": "1.2-3"}], "#
        + #""translations": [{"lang_code": "en", "lang": "angielski", "word": "house", "sense_index": "1.1"}, "#
        + #"{"lang_code": "de", "lang": "niemiecki", "word": "Haushalt", "sense_index": "1.1, 1.3"}, {"lang_code": "de", "lang": "niemiecki", "word": "Familie", "sense_index": "1.2"}]}"#

    /// Spanish: subsenses are numbered "a", "b" again under each sense (es/pos.py), and a linkage copies the number of
    /// the sense before it: an "a" of two senses names neither.
    static let spanish = #"{"word": "ira", "lang_code": "es", "pos": "noun", "senses": [{"glosses": ["Enojo"], "sense_index": "1"}, "#
        + #"{"glosses": ["Enojo", "Furia intensa"], "sense_index": "a"}, {"glosses": ["Deseo de venganza"], "sense_index": "2"}, "#
        + #"{"glosses": ["Deseo de venganza", "Odio"], "sense_index": "a"}], "synonyms": [{"word": "cólera", "sense_index": "1"}, {"word": "furia", "sense_index": "a"}]}"#

    /// Chinese: readings in `zh_pron`, romanised examples.
    static let chinese = #"{"word": "房", "lang_code": "zh", "lang": "漢語", "pos": "noun", "senses": [{"glosses": ["房子"], "#
        + #""examples": [{"text": "一間房", "roman": "yī jiān fáng", "translation": "a room"}]}], "#
        + #""sounds": [{"zh_pron": "fáng", "tags": ["Mandarin", "Pinyin"]}, {"zh_pron": "ㄈㄤˊ", "tags": ["Mandarin", "Zhuyin"]}, "#
        + #"{"zh_pron": "fang²", "tags": ["Mandarin", "Wade–Giles"]}, {"zh_pron": "*baŋ", "raw_tags": ["Old Chinese", "Baxter-Sagart"]}, "#
        + #"{"zh_pron": "fong4", "raw_tags": ["Cantonese", "Jyutping"]}, {"ipa": "/fɑŋ³⁵/", "tags": ["Mandarin"]}]}"#

    static func provider() throws -> WiktionaryOffline {
        try WiktionaryOffline(path: WiktionaryOfflineTests.imported(german + [french, polish, spanish, chinese], name: "editions"))
    }

    @Test func germanEntriesKeepTheirEtymologiesLabelsAndNumberedLinkages() async throws {
        let entries = try await Self.provider().lookup(LookupQuery("Bank", language: Language("de"))).entries
        #expect(entries.map(\.etymology) == ["mittelhochdeutsch banc, althochdeutsch bank", "von italienisch banco"],
                "two etymologies, two entries; a part of speech without one joins the first")
        let bench = try #require(entries.first?.senseGroups.first)
        #expect(bench.senses.map(\.labels) == [["umgangssprachlich"], ["technical"]])
        #expect(bench.senses.map(\.synonyms) == [["Sitzbank", "Möbel"], ["Werkbank", "Möbel"]])
        #expect(bench.synonyms == ["Gestühl"], "a number that names no sense: the part of speech's")
        #expect(entries.first?.pronunciations.map(\.accent) == ["Österreich"], "one transcription once, with what its tags say")
        #expect(entries.first?.senseGroups.map(\.partOfSpeech) == [.noun, nil], "`unknown` is no part of speech")
        #expect(entries.map { $0.senseGroups.first?.labels } == [["feminine"], ["feminine"]], "the gender of the head line")
        #expect(entries.first?.senseGroups.first?.heading == "noun (feminine)")
        #expect(entries.first?.allSenses.map(\.definition).last == "Sandbank")
        // Their forms lead to them as the English edition's do.
        let forms = try await Self.provider().lemmas(of: LookupQuery("Bänke"))
        #expect(forms == [FormOf(lemma: "Bank", form: "nominative plural")])
        let wohnen = try #require(try await Self.provider().lookup(LookupQuery("wohnen")).entries.first?.senseGroups.first)
        #expect(wohnen.senses.map(\.synonyms) == [["leben"], ["logieren"], ["logieren"]] && wohnen.synonyms.isEmpty)
    }

    @Test func polishNumbersLeaveOutWhatTheyShareWithTheOneBefore() async throws {
        let group = try #require(try await Self.provider().lookup(LookupQuery("dom")).entries.first?.senseGroups.first)
        #expect(group.senses.map(\.synonyms) == [["chata"], ["ród"], ["chata", "ród"]])
    }

    @Test func aSubsenseLetterOfSeveralSensesNamesNone() async throws {
        let group = try #require(try await Self.provider().lookup(LookupQuery("ira")).entries.first?.senseGroups.first)
        #expect(group.senses.map(\.synonyms) == [["cólera"], [], [], []])
        #expect(group.synonyms == ["furia"])
    }

    @Test func frenchLinkagesCountTheNumberedDefinitions() async throws {
        let entry = try #require(try await Self.provider().lookup(LookupQuery("maison")).entries.first)
        let group = try #require(entry.senseGroups.first)
        #expect(group.senses.map(\.definition) == ["Bâtiment servant d’habitation.", "Entreprise commerciale."])
        #expect(group.senses.first?.subsenses.map(\.definition) == ["Famille."], "a subsense repeating its parent's gloss")
        #expect(group.senses.map(\.synonyms) == [["demeure"], ["firme"]] && group.senses.first?.subsenses.first?.synonyms == ["foyer"],
                "definition 2 is the second sense: the first has a subsense; a gloss that names a subsense of the number's sense goes on it")
        #expect(group.senses.map(\.labels) == [[], ["Commerce"]] && group.senses.first?.subsenses.first?.labels == ["Figuré"])
        #expect(group.synonyms == ["logis"] && entry.etymology == "Du latin mansio.")
    }

    @Test func aTranslationNamingItsSenseByNumberIsGlossedByIt() async throws {
        let provider = try Self.provider()
        let english = try await provider.translate(TranslationQuery("dom", from: Language("pl")!, to: Language("en")!))
        #expect(english.entries.flatMap(\.translations).map(\.text) == ["house"])
        #expect(english.entries.flatMap(\.translations).map(\.context) == ["budynek mieszkalny"])
        let german = try await provider.translate(TranslationQuery("dom", from: Language("pl")!, to: Language("de")!))
        #expect(german.entries.flatMap(\.translations).map(\.context) == ["budynek mieszkalny; gospodarstwo domowe", "rodzina"])
    }

    /// The Spanish extractor copies a page's translation table onto every part of speech of its etymology: each item
    /// is shown once, with the part of speech whose sense its number names, else with the first.
    @Test func aTranslationTableCopiedOntoEachPartOfSpeechIsShownOnce() async throws {
        let table = #""translations": [{"word": "low", "lang_code": "en", "sense_index": "1"}, {"word": "under", "lang_code": "en", "sense_index": "3"}, "#
            + #"{"word": "short", "lang_code": "en"}, {"word": "bas", "lang_code": "fr", "sense_index": "1"}]"#
        let lines = [
            #"{"word": "bajo", "lang_code": "es", "pos": "adj", "etymology_texts": ["Del latín bassus."], "senses": [{"glosses": ["De poca altura."], "sense_index": "1"}, "#
                + #"{"glosses": ["De voz grave."], "sense_index": "2"}], "# + table + "}",
            #"{"word": "bajo", "lang_code": "es", "pos": "prep", "etymology_texts": ["Del latín bassus."], "senses": [{"glosses": ["Debajo de."], "sense_index": "3"}], "#
                + table + "}",
        ]
        let provider = try WiktionaryOffline(path: WiktionaryOfflineTests.imported(lines, name: "copied"))
        let english = try await provider.translate(TranslationQuery("bajo", from: Language("es")!, to: Language("en")!)).entries
        #expect(english.map { $0.translations.map(\.text) } == [["low", "short"], ["under"]])
        #expect(english.map { $0.translations.map(\.context) } == [["De poca altura.", nil], ["Debajo de."]])
        #expect(english.map { $0.translations.first?.partOfSpeech } == [.adjective, PartOfSpeech("preposition")])
    }

    /// What a record's word-level `tags` and `raw_tags` say of the word (the gender on a noun's head line: the other
    /// editions' `WordEntry.tags`) labels its part of speech, once: a sense that repeats it does not say it again;
    /// wiktextract's `error-…` tags and the part-of-speech codes the German extractor adds for a section titled with
    /// two (`Substantiv, Adjektiv`) are no labels. The English edition moves the head line's tags onto every sense
    /// (en/page.py): a gender every sense has is the part of speech's there too.
    @Test func wordLevelTagsLabelThePartOfSpeech() async throws {
        let lines = [
            #"{"word": "perro", "lang_code": "es", "lang": "Spanish", "pos": "noun", "#
                + #""head_templates": [{"name": "es-noun", "args": {"1": "m"}, "expansion": "perro m (plural perros, feminine perra)"}], "#
                + #""senses": [{"glosses": ["dog"], "tags": ["masculine"]}, {"glosses": ["scoundrel"], "tags": ["colloquial", "masculine"]}]}"#,
            #"{"word": "gato", "lang_code": "es", "lang": "Spanish", "pos": "noun", "#
                + #""senses": [{"glosses": ["cat"], "tags": ["masculine"]}, {"glosses": ["jack (for lifting)"]}]}"#,
            #"{"word": "Löwe", "lang_code": "de", "pos": "noun", "tags": ["masculine", "error-unknown-tag"], "senses": [{"glosses": ["Raubtier"]}]}"#,
            // Two genders are either, as the page's "m or n"; a gender and its animacy one label, as the online
            // provider words the page's `m-in`.
            #"{"word": "Joghurt", "lang_code": "de", "pos": "noun", "tags": ["masculine", "neuter"], "senses": [{"glosses": ["Milchprodukt"]}]}"#,
            #"{"word": "dom", "lang_code": "pl", "pos": "noun", "tags": ["masculine", "inanimate"], "senses": [{"glosses": ["budynek"]}]}"#,
            #"{"word": "Deutsch", "lang_code": "de", "pos": "noun", "tags": ["neuter", "adj"], "raw_tags": ["ohne Plural"], "#
                + #""senses": [{"glosses": ["die deutsche Sprache"]}]}"#,
            #"{"word": "ira", "lang_code": "es", "pos": "noun", "senses": [{"glosses": ["Enojo"]}]}"#,
        ]
        let provider = try WiktionaryOffline(path: WiktionaryOfflineTests.imported(lines, name: "word-tags"))
        let perro = try #require(try await provider.lookup(LookupQuery("perro")).entries.first?.senseGroups.first)
        #expect(perro.labels == ["masculine"])
        #expect(perro.senses.map(\.labels) == [[], ["colloquial"]])
        let gato = try #require(try await provider.lookup(LookupQuery("gato")).entries.first?.senseGroups.first)
        #expect(gato.labels == [] && gato.senses.map(\.labels) == [["masculine"], []], "not every sense's: the sense's own")
        #expect(try await provider.lookup(LookupQuery("Löwe")).entries.first?.senseGroups.first?.labels == ["masculine"])
        #expect(try await provider.lookup(LookupQuery("Joghurt")).entries.first?.senseGroups.first?.labels == ["masculine or neuter"])
        #expect(try await provider.lookup(LookupQuery("dom")).entries.first?.senseGroups.first?.labels == ["masculine inanimate"])
        let deutsch = try #require(try await provider.lookup(LookupQuery("Deutsch")).entries.first?.senseGroups.first)
        #expect(deutsch.labels == ["neuter", "ohne Plural"])
        #expect(try await provider.lookup(LookupQuery("ira")).entries.first?.senseGroups.first?.labels == [])
    }

    @Test func chineseReadingsAndRomanisedExamplesAreShown() async throws {
        let entry = try #require(try await Self.provider().lookup(LookupQuery("房")).entries.first)
        #expect(entry.pronunciations.map(\.text) == ["fáng", "ㄈㄤˊ", "fong4", "/fɑŋ³⁵/"], "Wade–Giles and Old Chinese left out")
        #expect(entry.pronunciations.map(\.notation) == [.other, .other, .other, .ipa])
        #expect(entry.pronunciations.first?.accent == "Mandarin, Pinyin")
        #expect(entry.allSenses.first?.examples == ["一間房 (yī jiān fáng) — a room"])
    }
}

/// Keys are case-folded (format 4): German ß and ss, Greek final sigma, Turkish İ are found however a reader types
/// them; a dataset of format 3 (lower-cased keys) is looked up by its own rules.
@Suite struct FoldedKeysTests {
    static let lines = [
        #"{"word": "Straße", "lang_code": "de", "pos": "noun", "forms": [{"form": "Straßen", "tags": ["plural"]}], "senses": [{"glosses": ["Verkehrsweg"]}], "#
            + #""translations": [{"lang_code": "en", "word": "street"}]}"#,
        #"{"word": "λόγος", "lang_code": "el", "pos": "noun", "senses": [{"glosses": ["λέξη"]}]}"#,
        #"{"word": "İstanbul", "lang_code": "tr", "pos": "name", "senses": [{"glosses": ["Türkiye'nin en kalabalık şehri"]}]}"#,
        #"{"word": "street", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A paved road."]}], "translations": [{"lang_code": "de", "word": "Straße"}]}"#,
    ]

    static func imported(keyRules: DatasetKey.Rules = .current) throws -> String {
        let directory = TemporaryFiles.directory()
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/dump.jsonl", atomically: false, encoding: .utf8)
        var options = WiktextractImporter.Options(name: "folded")
        options.sync = false
        options.keyRules = keyRules
        return try WiktextractImporter(options: options).run(sourcePath: directory + "/dump.jsonl", directory: directory + "/data").path
    }

    @Test func sharpSFinalSigmaAndDottedIAreFoundHoweverTyped() async throws {
        let path = try Self.imported()
        #expect(try Dataset(path: path).foldsKeys)
        let provider = try WiktionaryOffline(path: path)
        for (typed, headword) in [("strasse", "Straße"), ("STRASSE", "Straße"), ("Straße", "Straße"), ("ΛΌΓΟΣ", "λόγος"), ("λόγος", "λόγος"),
                                  ("istanbul", "İstanbul"), ("İstanbul", "İstanbul")] {
            #expect(try await provider.lookup(LookupQuery(typed)).entries.map(\.headword) == [headword], "\(typed)")
        }
        #expect(try await provider.lemmas(of: LookupQuery("strassen")) == [FormOf(lemma: "Straße", form: "plural")])
        let english = try await provider.translate(TranslationQuery("strasse", from: Language("de")!, to: Language("en")!))
        #expect(english.entries.flatMap(\.translations).map(\.text) == ["street", "street"], "forwards from its headword, backwards from street's table")
        #expect(try await provider.match(MatchQuery("stras", strategy: .prefix)) == ["Straße"])
    }

    /// A folded key finds words that only fold to the one typed (English fuss and German Fuß, Buße and Busse): the
    /// word spelled as typed answers, a headword, a form or a translation; the others only when it is not there.
    @Test func aWordSpelledAsTypedWinsOverOnesThatOnlyFoldToIt() async throws {
        let directory = TemporaryFiles.directory()
        let lines = [
            #"{"word": "fuss", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["Excessive activity."]}]}"#,
            #"{"word": "Fuß", "lang_code": "de", "pos": "noun", "senses": [{"glosses": ["foot"]}], "forms": [{"form": "Füße", "tags": ["plural"]}]}"#,
            #"{"word": "mass", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["Matter."]}]}"#,
            #"{"word": "measure", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A unit."]}], "translations": [{"word": "Maß", "lang_code": "de"}]}"#,
            #"{"word": "Buße", "lang_code": "de", "pos": "noun", "senses": [{"glosses": ["penance"]}]}"#,
            #"{"word": "Bus", "lang_code": "de", "pos": "noun", "senses": [{"glosses": ["bus"]}], "forms": [{"form": "Busse", "tags": ["plural"]}]}"#,
            #"{"word": "Straße", "lang_code": "de", "pos": "noun", "senses": [{"glosses": ["street"]}], "translations": [{"word": "street", "lang_code": "en"}]}"#,
            #"{"word": "Strasse", "lang_code": "gsw", "pos": "noun", "senses": [{"glosses": ["street (Swiss spelling)"]}], "translations": [{"word": "road", "lang_code": "en"}]}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/dump.jsonl", atomically: false, encoding: .utf8)
        var options = WiktextractImporter.Options(name: "spelling")
        options.sync = false
        let provider = try WiktionaryOffline(path: WiktextractImporter(options: options).run(sourcePath: directory + "/dump.jsonl", directory: directory).path)
        for (typed, headwords) in [("Fuß", ["Fuß"]), ("fuss", ["fuss"]), ("FUSS", ["fuss"]), ("mass", ["mass"]), ("Buße", ["Buße"]),
                                   ("straße", ["Straße"]), ("Strasse", ["Strasse"])] {
            #expect(try await provider.lookup(LookupQuery(typed)).entries.map(\.headword) == headwords, "\(typed)")
        }
        #expect(try await provider.lookup(LookupQuery("Maß")).entries.flatMap(\.translations).map(\.text) == ["measure"],
                "a translation spelled as typed over a headword that folds to it")
        #expect(try await provider.lookup(LookupQuery("Busse")).entries.isEmpty, "left to the lemma fallback")
        #expect(try await provider.lemmas(of: LookupQuery("Busse")) == [FormOf(lemma: "Bus", form: "plural")])
        #expect(try await provider.lemmas(of: LookupQuery("Buße")) == [], "a headword spelled as typed answers")
        let german = try await provider.translate(TranslationQuery("strasse", from: Language("de")!, to: Language("en")!))
        #expect(german.entries.flatMap(\.translations).map(\.text) == ["street"], "no German word is spelled so: the folded one")
        let swiss = try await provider.translate(TranslationQuery("strasse", from: Language("gsw")!, to: Language("en")!))
        #expect(swiss.entries.flatMap(\.translations).map(\.text) == ["road"])
    }

    /// wiktextract writes Russian forms and translations with their stress (`до́ма`, `вода́`), which no reader types:
    /// format 5 keys leave it out, so the word typed plainly finds every form spelled so, and typed with its stress
    /// the form stressed so. A form listed with several readings is named by all of them.
    @Test func formsAndTranslationsAreFoundWithoutTheirStressMarks() async throws {
        let directory = TemporaryFiles.directory()
        let lines = [
            #"{"word": "дом", "lang_code": "ru", "pos": "noun", "senses": [{"glosses": ["house"]}], "forms": ["#
                + #"{"form": "до́м", "tags": ["canonical", "masculine", "inanimate"]}, {"form": "dom", "tags": ["romanization"]}, "#
                + #"{"form": "до́ма", "tags": ["genitive", "singular"]}, {"form": "дома́", "tags": ["nominative", "plural"]}, "#
                + #"{"form": "домо́в", "tags": ["genitive", "plural"]}]}"#,
            #"{"word": "water", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A liquid."]}], "translations": [{"lang_code": "ru", "word": "вода́"}]}"#,
            #"{"word": "house", "lang_code": "en", "pos": "verb", "senses": [{"glosses": ["To shelter."]}], "forms": ["#
                + #"{"form": "housed", "tags": ["past"]}, {"form": "housed", "tags": ["participle", "past"]}]}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/dump.jsonl", atomically: false, encoding: .utf8)
        var options = WiktextractImporter.Options(name: "stress")
        options.sync = false
        let provider = try WiktionaryOffline(path: WiktextractImporter(options: options).run(sourcePath: directory + "/dump.jsonl", directory: directory).path)
        #expect(try await provider.lemmas(of: LookupQuery("домов")) == [FormOf(lemma: "дом", form: "genitive plural")])
        #expect(try await provider.lemmas(of: LookupQuery("дома")) == [FormOf(lemma: "дом", form: "genitive singular or nominative plural")])
        #expect(try await provider.lemmas(of: LookupQuery("дома́")) == [FormOf(lemma: "дом", form: "nominative plural")], "as stressed")
        #expect(try await provider.lemmas(of: LookupQuery("dom")) == [FormOf(lemma: "дом", form: "romanization")])
        #expect(try await provider.lookup(LookupQuery("до́м")).entries.map(\.headword) == ["дом"], "the headword, stressed")
        #expect(try await provider.lemmas(of: LookupQuery("housed")) == [FormOf(lemma: "house", form: "past tense or past participle")])
        let english = try await provider.translate(TranslationQuery("вода", from: Language("ru")!, to: .english))
        #expect(english.entries.flatMap(\.translations).map(\.text) == ["water"])
        #expect(try await provider.lookup(LookupQuery("вода")).entries.flatMap(\.translations).map(\.text) == ["water"])
    }

    @Test func aFormatThreeDatasetIsLookedUpByItsOwnKeys() async throws {
        let path = try Self.imported(keyRules: .lowerCase)
        #expect(try Dataset(path: path).foldsKeys == false)
        let provider = try WiktionaryOffline(path: path)
        #expect(try await provider.lookup(LookupQuery("Straße")).entries.map(\.headword) == ["Straße"])
        #expect(try await provider.lookup(LookupQuery("strasse")).entries.isEmpty, "its keys are only lower-cased")
        #expect(try await provider.lemmas(of: LookupQuery("Straßen")) == [FormOf(lemma: "Straße", form: "plural")])
    }
}
