import Foundation
import LexAggCore
import Testing
import WiktionaryOfflineProvider

/// What wiktextract writes of a page's superscripts (`<sup>…</sup>` as `^(…)`, or `^` before a lone character), in
/// the shapes real records have them: not part of the text an answer shows.
@Suite struct SuperscriptMarksTests {
    /// The French edition writes the `{{h aspiré}}` mark before the transcription it belongs to, in the IPA itself
    /// (`"ipa": "^((h aspiré))\\e.las\\"`, wiktextract's `fr/form_line.py` test of *hélas*; every word with an
    /// aspirated h: *hache*, *haricot*, *héros*): the transcription is what follows it, and the mark says how it is
    /// said, as the accent does.
    @Test func theFrenchHAspireMarkIsNoPartOfTheTranscription() async throws {
        let provider = try SenseShapesTests.provider([
            #"{"word": "haricot", "lang_code": "fr", "pos": "noun", "senses": [{"glosses": ["Plante légumineuse."]}], "#
                + #""sounds": [{"ipa": "^((h aspiré))\\a.ʁi.ko\\"}, {"ipa": "^((h aspiré))\\a.ʁi.kɔ\\", "raw_tags": ["Québec"]}, {"ipa": "\\a.ʁi.ko\\", "tags": ["France"]}]}"#,
        ], name: "h-aspire")
        let haricot = try #require(try await provider.lookup(LookupQuery("haricot")).entries.first)
        // (The third is the first's transcription again: shown once, with both accents.)
        #expect(haricot.pronunciations.map(\.text) == [#"\a.ʁi.ko\"#, #"\a.ʁi.kɔ\"#])
        #expect(haricot.pronunciations.map(\.accent) == ["h aspiré, France", "Québec, h aspiré"])
    }

    /// The German edition's `{{Üt}}` writes a star after a transliteration (`Πέτρος (Petros^☆)`, the link to the
    /// word's entry), as it writes `^(→ grc)` after a word: a link mark, no part of the etymology.
    @Test func theGermanTransliterationStarIsLeftOutOfAnEtymology() async throws {
        let provider = try SenseShapesTests.provider([
            #"{"word": "Philipp", "lang_code": "de", "pos": "name", "senses": [{"glosses": ["männlicher Vorname"]}], "#
                + #""etymology_texts": ["von altgriechisch Φίλιππος (Philippos^☆) „Pferdefreund“, zu ἵππος (hippos^☆) ^(→ grc)"]}"#,
        ], name: "de-star")
        let philipp = try #require(try await provider.lookup(LookupQuery("Philipp")).entries.first)
        #expect(philipp.etymology == "von altgriechisch Φίλιππος (Philippos) „Pferdefreund“, zu ἵππος (hippos)")
    }
}

/// Wikitext list marks an etymology keeps in real records.
@Suite struct EtymologyListTests {
    /// An English-edition etymology that lists its possibilities (kaikki's Albanian *akull*: `Uncertain.
    /// Possibly:\n# A derivation …\n# Borrowed …`) showed its `#` marks run into the text; Wiktionary numbers them.
    @Test func anEtymologysListItemsAreNumbered() async throws {
        let provider = try SenseShapesTests.provider([
            #"{"word": "guri", "lang_code": "sq", "pos": "noun", "senses": [{"glosses": ["stone"]}], "#
                + #""etymology_text": "Uncertain. Possibly:\n# From Proto-Albanian *gura.\n# Borrowed from Latin, with #1 less likely."}"#,
        ], name: "etymology-list")
        let guri = try #require(try await provider.lookup(LookupQuery("guri")).entries.first)
        #expect(guri.etymology == "Uncertain. Possibly: 1. From Proto-Albanian *gura. 2. Borrowed from Latin, with #1 less likely.")
    }
}
