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
}
