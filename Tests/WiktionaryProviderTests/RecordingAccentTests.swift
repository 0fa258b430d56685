import Foundation
import LexAggCore
import Testing
import WiktionaryProvider

/// A recording's accent when its template and its line name none: the one its label names (`{{audio|en|…|Audio (UK)}}`,
/// the form of nearly every English recording in the recorded pages), in the names `{{a}}` labels show (`CA` →
/// Canada). The label was only matched against transcriptions' accents, so a recording with none to go with was
/// a recording of no accent.
@Suite struct RecordingAccentTests {
    /// "text|accent|file" for each pronunciation of the page's first entry.
    static func pronunciations(_ lines: String, language: String = "English") throws -> [String] {
        try RecordingOnlyPronunciationTests.pronunciations(lines, language: language)
    }

    @Test(arguments: [
        // No transcription of its accent: a recording alone, of the accent its label names.
        ("* {{a|US}} {{IPA|en|/bæθ/}}\n* {{audio|en|en-uk-bath.ogg|Audio (UK)}}", ["/bæθ/|US|-", "|UK|en-uk-bath.ogg"]),
        ("* {{audio|en|en-us-house.ogg|Audio (US)}}", ["|US|en-us-house.ogg"]),
        // The label's abbreviations, as `{{a}}`'s labels show them (`Cambrian explosion`, `did`).
        ("* {{audio|en|en-au-Cambrian explosion.ogg|Audio (AU)}}", ["|Australia|en-au-Cambrian_explosion.ogg"]),
        ("* {{audio|En-ca-did.ogg|Audio (CA)}}", ["|Canada|En-ca-did.ogg"]),
        ("* {{audio|en|En-sc-cow.ogg|Audio (Scotland)}}", ["|Scotland|En-sc-cow.ogg"]),
        // A label naming no accent gives none.
        ("* {{audio|en|en-x.ogg|Audio}}", ["|-|en-x.ogg"]),
        ("* {{audio|Fr-garçon.ogg|audio (un garçon)|lang=fr}}", ["|-|Fr-garçon.ogg"]),
        // An accent given otherwise comes first: the template's `a=`, the line's `{{a}}`.
        ("* {{audio|en|en-x.ogg|Audio (US)|a=GA}}", ["|GA|en-x.ogg"]),
        ("* {{a|Scotland}} {{audio|en|en-x.ogg|Audio (UK)}}", ["|Scotland|en-x.ogg"]),
    ])
    func aRecordingTakesTheAccentItsLabelNames(lines: String, expected: [String]) throws {
        #expect(try Self.pronunciations(lines) == expected)
    }

    /// A second recording of a transcription with no accent goes on a copy of it, which is that recording's
    /// pronunciation: the copy shows the recording's accent (`cow`'s UK recording after its US one read as a second
    /// `/kaʊ/` of no accent). The transcription itself keeps the accent it was written with.
    @Test func aCopyForARecordingShowsItsAccent() throws {
        let lines = """
            * {{IPA|en|/kaʊ/}}
            * {{audio|en|en-us-cow.ogg|Audio (US)}}
            * {{audio|en|En-uk-cow.ogg|Audio (UK)}}
            """
        #expect(try Self.pronunciations(lines) == ["/kaʊ/|-|en-us-cow.ogg", "/kaʊ/|UK|En-uk-cow.ogg"])
        // What the transcription is for (`{{sense|noun}}`) stays after the accent.
        let house = """
            * {{sense|noun}}
            ** {{IPA|/haʊs/|lang=en}}
            ** {{audio|en-us-house-noun.ogg|Audio (US)|lang=en}}
            ** {{audio|En-uk-house.ogg|Audio (UK)|lang=en}}
            """
        #expect(try Self.pronunciations(house) == ["/haʊs/|noun|en-us-house-noun.ogg", "/haʊs/|UK, noun|En-uk-house.ogg"])
    }
}
