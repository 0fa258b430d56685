import Foundation
import LexAggCore
import Testing
@testable import WiktionaryOfflineProvider

/// Shapes found wrong on real kaikki.org records (a review of 141 of them, many editions), written here in
/// wiktextract's shape: quoted examples, a sense's own linkages with what they say beside the word, a word-level
/// `form_of` on a word with glosses, and text that is no example, no definition or no pronunciation.
@Suite struct RealRecordShapesTests {
    static func provider(_ lines: [String], name: String) throws -> WiktionaryOffline {
        try WiktionaryOffline(path: WiktionaryOfflineTests.imported(lines, name: name))
    }

    /// Every example is shown quoted: the quotation marks an edition wrote around one are left out, even when it has
    /// quotes inside, a speaker before or an attribution after; quotes that do not enclose the whole are kept.
    @Test(arguments: [
        (#""He said "no".""#, #"He said "no"."#),
        ("“He said “no” today.”", "He said “no” today."),
        ("„Sie wirkten Wundertaten nachmals in König Etzels Land“. (Nibelungenlied)", "Sie wirkten Wundertaten nachmals in König Etzels Land. (Nibelungenlied)"),
        ("„Und es fielen drei Tropfen Blut in den Schnee.“ (Schneewittchen, Brüder Grimm)", "Und es fielen drei Tropfen Blut in den Schnee. (Schneewittchen, Brüder Grimm)"),
        ("„Er erinnerte sich.“ ()", "Er erinnerte sich."),
        ("[Zar Nikolaj II.:] „Man sieht im Telegramwechsel, dass er naiv war.“", "[Zar Nikolaj II.:] Man sieht im Telegramwechsel, dass er naiv war."),
        ("«He quedado con unos amigos para ir a comer».", "He quedado con unos amigos para ir a comer."),
        ("「ねえ、お延」", "ねえ、お延"),
        ("“… Date volnera lymphīs / ōre legam.” …", "… Date volnera lymphīs / ōre legam. …"),
        (#""Viele Vögel brüten unauffällig", sagte er."#, #""Viele Vögel brüten unauffällig", sagte er."#),
        ("“Rock,” sagte er, “bleibt.”", "“Rock,” sagte er, “bleibt.”"),
        ("「釣れましたか」「全然でした」", "「釣れましたか」「全然でした」"),
        ("“Oenōtrī coluēre virī; nunc fāma minōrēs", "“Oenōtrī coluēre virī; nunc fāma minōrēs"),
        (#"The "Hay Wain" is a painting."#, #"The "Hay Wain" is a painting."#),
    ])
    func anExampleIsShownQuotedOnce(text: String, shown: String) {
        #expect(EntryBuilder.unquoted(text) == shown)
    }

    /// A quoted translation is shown unquoted too: `… — “Oenotrian men …”` ended in `””`.
    @Test func aQuotedTranslationIsShownOnce() async throws {
        let provider = try Self.provider([
            #"{"word": "fama", "lang_code": "la", "pos": "noun", "senses": [{"glosses": ["rumour"], "examples": [{"text": "nunc fāma minōrēs", "#
                + #""english": "“now rumor [has it that their] descendants”", "translation": "“now rumor [has it that their] descendants”", "type": "quotation"}]}]}"#,
        ], name: "quoted-translation")
        let fama = try #require(try await provider.lookup(LookupQuery("fama")).entries.first)
        #expect(fama.allSenses.first?.examples == ["nunc fāma minōrēs — now rumor [has it that their] descendants"])
    }

    /// A sense's own synonyms and antonyms show what the dump says beside each word — its tags, its other script,
    /// its romanisation and gloss, a note; the gloss they were listed under when the definition does not say it —
    /// without the word the gloss already names ("synonym of فارس"), the English edition's `^` link mark, a stray
    /// `;` of a list, the word itself, or a word twice.
    @Test func aSensesOwnLinkagesShowWhatIsSaidOfThem() async throws {
        let provider = try Self.provider([
            #"{"word": "bus", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A motor vehicle for transporting people."], "#
                + #""synonyms": [{"sense": "vehicle", "word": "autobus", "_dis1": "61 0"}, {"tags": ["obsolete"], "sense": "vehicle", "word": "Shillibeer"}, "#
                + #"{"word": "coach", "sense": "long-distance"}, {"word": ";"}, {"word": "bus"}, {"word": "autobus"}]}]}"#,
            #"{"word": "فارسی", "lang_code": "fa", "pos": "noun", "senses": [{"glosses": ["synonym of فارس (fārs, “Persian (person)”)"], "#
                + #""tags": ["alt-of", "synonym", "synonym-of"], "synonyms": [{"word": "فارس", "extra": "(fārs, “Persian (person)”)", "tags": ["synonym", "synonym-of"]}]}]}"#,
            #"{"word": "독일", "lang_code": "ko", "pos": "name", "senses": [{"glosses": ["Germany"], "synonyms": [{"word": "^도이칠란트"}, {"word": "^덕국", "alt": "德國"}]}]}"#,
            #"{"word": "έρχομαι", "lang_code": "el", "pos": "verb", "senses": [{"glosses": ["to come"], "synonyms": [{"word": "φθάνω", "roman": "ftháno", "#
                + #""english": "arrive", "translation": "arrive"}], "antonyms": [{"word": "φεύγω", "roman": "févgo", "raw_tags": ["λαϊκό"], "qualifier": "rare"}]}]}"#,
        ], name: "sense-linkages")
        let bus = try #require(try await provider.lookup(LookupQuery("bus")).entries.first)
        #expect(bus.allSenses.first?.synonyms == ["autobus", "Shillibeer (obsolete)", "coach (long-distance)"])
        let farsi = try #require(try await provider.lookup(LookupQuery("فارسی")).entries.first)
        #expect(farsi.allSenses.first?.synonyms == [])
        let germany = try #require(try await provider.lookup(LookupQuery("독일")).entries.first)
        #expect(germany.allSenses.first?.synonyms == ["도이칠란트", "덕국 (德國)"])
        let come = try #require(try await provider.lookup(LookupQuery("έρχομαι")).entries.first)
        #expect(come.allSenses.first?.synonyms == ["φθάνω (ftháno, “arrive”)"])
        #expect(come.allSenses.first?.antonyms == ["φεύγω (févgo, rare, λαϊκό)"])
    }

    /// The word's linkages (a Synonyms section's) show their labels too: its tags, else the edition's raw tags (beside
    /// tags those are what it could not map: a Chinese dialect table's places), not one that is the word; a word listed
    /// for several varieties once with all of them; not the word itself (`magical` among a thesaurus's synonyms of
    /// magical); a gloss that names no sense in the brackets of the word's own note.
    @Test func aWordsLinkagesShowTheirLabelsEachWordOnce() async throws {
        let provider = try Self.provider([
            #"{"word": "manger", "lang_code": "fr", "pos": "verb", "senses": [{"glosses": ["Mâcher et avaler."]}], "#
                + #""synonyms": [{"word": "bouffer", "tags": ["familiar"], "sense_index": 1}, {"word": "magical", "sense_index": 1}, {"word": "manger"}, "#
                + #"{"word": "medicina", "raw_tags": ["medicina"], "sense_index": 1}, {"word": "grailler", "raw_tags": ["France"], "sense_index": 1}]}"#,
            #"{"word": "啤酒", "lang_code": "zh", "pos": "noun", "senses": [{"glosses": ["beer"]}], "synonyms": [{"word": "啤的", "tags": ["Northeastern-Mandarin"], "#
                + #""raw_tags": ["哈爾濱"]}, {"word": "畢威", "tags": ["Cantonese", "dated"], "raw_tags": ["廣州"]}, {"word": "啤的", "tags": ["Jilu-Mandarin"], "raw_tags": ["天津"]}]}"#,
            #"{"word": "έρχομαι", "lang_code": "el", "pos": "verb", "senses": [{"glosses": ["to come"]}, {"glosses": ["to cost"]}], "#
                + #""synonyms": [{"word": "φθάνω", "roman": "ftháno", "sense": "approach, come"}, {"word": "πάω", "sense": "approach, come"}]}"#,
        ], name: "word-linkages")
        let manger = try #require(try await provider.lookup(LookupQuery("manger")).entries.first)
        #expect(manger.allSenses.first?.synonyms == ["bouffer (familiar)", "magical", "medicina", "grailler (France)"])
        let beer = try #require(try await provider.lookup(LookupQuery("啤酒")).entries.first)
        #expect(beer.allSenses.first?.synonyms == ["啤的 (Northeastern-Mandarin, Jilu-Mandarin)", "畢威 (Cantonese, dated)"], "a sole sense takes the word's")
        let come = try #require(try await provider.lookup(LookupQuery("έρχομαι")).entries.first?.senseGroups.first)
        #expect(come.synonyms == ["φθάνω (approach, come; ftháno)", "πάω (approach, come)"])
    }

    /// The Greek edition's word-level `form_of` (a participle's `{{μτχππ|…}}` in its etymology) on a word with glosses
    /// of its own: each sense is linked to the lemma, its gloss kept, so the lemma fallback brings the lemma; a
    /// word-level `alt_of` or `form_of` naming the word itself links nothing.
    @Test func aWordLevelFormOfLinksTheGlossedSensesToTheLemma() async throws {
        let provider = try Self.provider([
            #"{"word": "καταρτισμένος", "pos": "verb", "lang_code": "el", "lang": "Greek", "etymology_text": "μετοχή παθητικού παρακειμένου του καταρτίζω", "#
                + #""senses": [{"glosses": ["που έχει καταρτιστεί"]}, {"glosses": ["ειδικευμένος"], "form_of": [{"word": "ειδικεύω"}]}], "#
                + #""tags": ["participle"], "form_of": [{"word": "καταρτίζω"}]}"#,
            #"{"word": "αμελητέος", "pos": "adj", "lang_code": "el", "senses": [{"tags": ["no-gloss"]}], "alt_of": [{"word": "αμελητέος"}]}"#,
        ], name: "word-form-of")
        let participle = try #require(try await provider.lookup(LookupQuery("καταρτισμένος")).entries.first)
        #expect(participle.allSenses.map(\.definition) == ["που έχει καταρτιστεί", "ειδικευμένος"])
        #expect(participle.allSenses.map(\.formOf) == [FormOf(lemma: "καταρτίζω", form: "participle"), FormOf(lemma: "ειδικεύω")])
        #expect(try await provider.lookup(LookupQuery("αμελητέος")).entries.isEmpty, "an alternative form of itself is no entry")
    }

    /// An etymology tree's line with the label of its arrow (`Arabic فَارِسِيّ (fārisiyy)influ.`) ends with a full
    /// stop but is no sentence: the tree ran into the etymology ("Arabic … influ. Persian فارسی Inherited from …").
    @Test func anEtymologyTreesArrowLabelIsLeftOut() async throws {
        let provider = try Self.provider([
            #"{"word": "فارسی", "lang_code": "fa", "pos": "noun", "senses": [{"glosses": ["Persian"]}], "etymology_text": "Etymology tree\nMiddle Persian pʾlsyk' (/⁠pārsīg⁠/)\n"#
                + #"Early New Persian پَارْسِی (pārsī)\n▲\nArabic فَارِسِيّ (fārisiyy)influ.\nPersian فارسی\nInherited from Early New Persian پَارْسِی (pārsī), influenced by Arabic."}"#,
        ], name: "tree-labels")
        let farsi = try #require(try await provider.lookup(LookupQuery("فارسی")).entries.first)
        #expect(farsi.etymology == "Inherited from Early New Persian پَارْسِی (pārsī), influenced by Arabic.")
    }

    /// A line of linkages the extractor took for an example (`Near-synonym: pääty`, the sense's synonym already) and
    /// the English edition's pointer to a citations page are no examples.
    @Test func aLinkageLineOrACitationsPointerIsNoExample() async throws {
        let provider = try Self.provider([
            #"{"word": "pää", "lang_code": "fi", "pos": "noun", "senses": [{"glosses": ["end, tip"], "examples": [{"text": "Near-synonym: pääty"}, {"text": "pään kärki"}], "#
                + #""synonyms": [{"word": "pääty"}]}, {"glosses": ["Misspelling of peninsula."], "examples": [{"text": "For quotations using this term, see Citations:peninsular."}]}]}"#,
        ], name: "no-examples")
        let head = try #require(try await provider.lookup(LookupQuery("pää")).entries.first)
        #expect(head.allSenses.map(\.examples) == [["pään kärki"], []])
    }

    /// The Spanish edition's rows of its pronunciation table that are no pronunciation ("llana" of "acentuación",
    /// "bisílaba" of "longitud silábica", wiktextract's `other`) are not shown as readings.
    @Test func theSpanishTablesRowsAreNoReadings() async throws {
        let provider = try Self.provider([
            #"{"word": "nieve", "lang_code": "es", "pos": "noun", "senses": [{"glosses": ["Precipitación"]}], "sounds": [{"ipa": "[ˈnjeβ̞e]"}, "#
                + #"{"raw_tags": ["acentuación"], "other": "llana"}, {"raw_tags": ["longitud silábica"], "other": "bisílaba"}, {"rhymes": "e.be"}]}"#,
        ], name: "spanish-rows")
        let snow = try #require(try await provider.lookup(LookupQuery("nieve")).entries.first)
        #expect(snow.pronunciations.map(\.text) == ["[ˈnjeβ̞e]"])
    }

    /// The Italian edition's note that a definition is missing ("definizione mancante; se vuoi, aggiungila tu") is no
    /// sense.
    @Test func aMissingDefinitionsNoteIsNoSense() async throws {
        let provider = try Self.provider([
            #"{"word": "fissa", "lang_code": "it", "pos": "noun", "senses": [{"glosses": ["definizione mancante; se vuoi, aggiungila tu"], "topics": ["medicine"]}, "#
                + #"{"glosses": ["complesso maniacale"]}]}"#,
        ], name: "missing-definition")
        let fissa = try #require(try await provider.lookup(LookupQuery("fissa")).entries.first)
        #expect(fissa.allSenses.map(\.definition) == ["complesso maniacale"])
    }

    /// A form's tag that its gloss begins with is said twice: `(archaic) Archaic form of synonym.`, `(misspelling)
    /// Misspelling of peninsula`, `(alternative, plural, plural-only) Alternative form of 1920s.`; a gloss that names
    /// the form with more words keeps its tags.
    @Test func aFormsTagItsGlossBeginsWithIsNotALabel() async throws {
        let provider = try Self.provider([
            #"{"word": "synonyme", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["Archaic form of synonym."], "#
                + #""tags": ["alt-of", "archaic"], "alt_of": [{"word": "synonym"}]}]}"#,
            #"{"word": "1920's", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["Alternative form of 1920s."], "#
                + #""tags": ["alt-of", "alternative", "plural", "plural-only"], "alt_of": [{"word": "1920s"}]}]}"#,
            #"{"word": "talon", "lang_code": "fi", "pos": "noun", "senses": [{"glosses": ["genitive singular of talo"], "#
                + #""tags": ["form-of", "genitive", "singular"], "form_of": [{"word": "talo"}]}]}"#,
        ], name: "form-tags")
        #expect(try await provider.lookup(LookupQuery("synonyme")).entries.first?.allSenses.first?.labels == [])
        #expect(try await provider.lookup(LookupQuery("1920's")).entries.first?.allSenses.first?.labels == ["plural", "plural-only"])
        #expect(try await provider.lookup(LookupQuery("talon")).entries.first?.allSenses.first?.labels == ["genitive", "singular"])
    }
}
