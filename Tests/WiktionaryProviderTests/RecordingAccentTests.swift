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
        // The label's abbreviations, as `{{a}}` shows them (`Cambrian explosion`, `did`): a country's standard accent
        // by its name.
        ("* {{audio|en|en-au-Cambrian explosion.ogg|Audio (AU)}}", ["|General Australian|en-au-Cambrian_explosion.ogg"]),
        ("* {{audio|En-ca-did.ogg|Audio (CA)}}", ["|Canada|En-ca-did.ogg"]),
        ("* {{audio|en|En-sc-cow.ogg|Audio (Scotland)}}", ["|Scotland|En-sc-cow.ogg"]),
        // A label naming no accent gives none.
        ("* {{audio|en|en-x.ogg|Audio}}", ["|-|en-x.ogg"]),
        ("* {{audio|Fr-garçon.ogg|audio (un garçon)|lang=fr}}", ["|-|Fr-garçon.ogg"]),
        // An accent given otherwise comes first: the template's `a=`, the line's `{{a}}`.
        ("* {{audio|en|en-x.ogg|Audio (US)|a=GA}}", ["|General American|en-x.ogg"]),
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

    /// The rest of the family: Portuguese recordings labelled with the country's code (`Audio (BR)`, `Audio (PT)`, as
    /// on `f`'s and `casa`'s pages), and places written out (`Audio (Paris)` on French pages, `audio (Belgium, the first
    /// one)` on Dutch ones), each named as `{{a}}` names it (`BR` → Brazil). They gave no accent.
    @Test(arguments: [
        ("Portuguese", "* {{audio|Pt-br-f.ogg|Audio (BR)|lang=pt}}", ["|Brazil|Pt-br-f.ogg"]),
        ("Portuguese", "* {{pt-IPA}}\n* {{audio|pt|LL-Q5146 (por)-X-casa.wav|Audio (PT)}}", ["|Portugal|LL-Q5146_(por)-X-casa.wav"]),
        ("French", "* {{fr-IPA}}\n* {{audio|fr|Fr-Paris--fa.ogg|Audio (Paris)}}", ["|Paris|Fr-Paris--fa.ogg"]),
        ("Dutch", "* {{audio|Nl-water (Belgium).ogg|audio (Belgium, the first one)|lang=nl}}", ["|Belgium|Nl-water_(Belgium).ogg"]),
        ("Dutch", "* {{audio|nl|Nl-water (Netherlands).ogg|audio (Netherlands)}}", ["|Netherlands|Nl-water_(Netherlands).ogg"]),
        ("English", "* {{audio|en|En bath north.ogg|Audio (Northern England)}}", ["|Northern England|En_bath_north.ogg"]),
        ("Portuguese", "* {{audio|pt|Pt-rj-x.ogg|Audio (Rio de Janeiro)}}", ["|Rio de Janeiro|Pt-rj-x.ogg"]),
        ("French", "* {{audio|fr|Fr-qc-x.ogg|Audio (Québec)}}", ["|Québec|Fr-qc-x.ogg"]),
        // A second recording of an accentless transcription, from Paris: on a copy, of Paris.
        ("French", "* {{IPA|fr|/fa/}}\n* {{audio|fr|Fr-fa.ogg|Audio}}\n* {{audio|fr|Fr-Paris--fa.ogg|Audio (Paris)}}",
         ["/fa/|-|Fr-fa.ogg", "/fa/|Paris|Fr-Paris--fa.ogg"]),
        // What is no place: words in lower case (`animal`'s `(un animal)`), abbreviations not known, what the
        // recording is or who speaks.
        ("French", "* {{audio|fr|Fr-un animal-fr.ogg|(un animal)}}", ["|-|Fr-un_animal-fr.ogg"]),
        ("English", "* {{audio|en|en-x.ogg|Audio (IPA)}}", ["|-|en-x.ogg"]),
        ("English", "* {{audio|en|en-x.ogg|Audio (Female)}}", ["|-|en-x.ogg"]),
        ("English", "* {{audio|en|en-x.ogg|Audio (US, female)}}", ["|US|en-x.ogg"]),
    ])
    func aRecordingTakesTheCountryOrPlaceItsLabelNames(language: String, lines: String, expected: [String]) throws {
        #expect(try Self.pronunciations(lines, language: language) == expected)
    }

    /// The accent read from the label finds the transcription of that accent: `Audio (BR)` after `{{a|Brazil}}`'s
    /// line goes with it, not alone (its label does not spell `Brazil`).
    @Test func aCountrysRecordingGoesWithItsTranscription() throws {
        let lines = """
            * {{a|Portugal}} {{IPA|pt|/ˈka.zɐ/}}
            * {{a|Brazil}} {{IPA|pt|/ˈka.za/}}
            * {{audio|pt|Pt-br-casa.ogg|Audio (BR)}}
            """
        #expect(try Self.pronunciations(lines, language: "Portuguese") == ["/ˈka.zɐ/|Portugal|-", "/ˈka.za/|Brazil|Pt-br-casa.ogg"])
    }

    /// A label naming the word said, capitalised as German nouns are (`Audio (Haus)` on `Haus`), is no place.
    @Test func theWordSaidIsNoPlace() throws {
        let page = "==German==\n===Pronunciation===\n* {{audio|de|De-Haus.ogg|Audio (Haus)}}\n===Noun===\n# [[house]]\n"
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: "Haus", language: nil, provenance: Fixtures.provenance).first
        )
        #expect(entry.pronunciations.map { $0.accent ?? "-" } == ["-"])
    }

    /// An accent qualifier is shown as Wiktionary shows it: `{{a}}` takes `{{lb}}`'s labels and aliases (`CA` →
    /// Canada, `BR` → Brazil) and names a country's standard accent (`RP`, `GA`, `AU` → General Australian); on a
    /// line, in an `a=` and in an inline `<a:…>` alike. They were shown as written, so one entry could name one accent
    /// two ways (`Canada` from a recording's label, `CA` from its line).
    @Test(arguments: [
        ("* {{a|RP}} {{IPA|en|/ˈwɔːtə/}}", ["/ˈwɔːtə/|Received Pronunciation|-"]),
        ("* {{a|GA}} {{IPA|en|/ˈwɔtɚ/}}", ["/ˈwɔtɚ/|General American|-"]),
        ("* {{a|en|GenAm}} {{IPA|en|/ˈwɔtɚ/}}", ["/ˈwɔtɚ/|General American|-"]),
        ("* {{a|en|AU}} {{IPA|en|/ˈwoːtə/}}", ["/ˈwoːtə/|General Australian|-"]),
        ("* {{a|CA}} {{IPA|en|/ˈwɑtɚ/}}", ["/ˈwɑtɚ/|Canada|-"]),
        ("* {{a|UK|US}} {{IPA|en|/x/}}", ["/x/|UK, US|-"]),
        ("* {{a|cot-caught}} {{IPA|en|/kɑt/}}", ["/kɑt/|cot–caught merger|-"]),
        ("* {{IPA|en|/ˈwɔːtə/<a:RP>|/ˈwɔtɚ/<a:GA>}}", ["/ˈwɔːtə/|Received Pronunciation|-", "/ˈwɔtɚ/|General American|-"]),
        // As written when Wiktionary shows it so: regions, places, what no table has.
        ("* {{a|Northern England}} {{IPA|en|/bat/}}", ["/bat/|Northern England|-"]),
        ("* {{a|US}} {{IPA|en|/bæθ/}}", ["/bæθ/|US|-"]),
    ])
    func anAccentIsShownAsWiktionaryShowsIt(lines: String, expected: [String]) throws {
        #expect(try Self.pronunciations(lines) == expected)
    }

    /// A recording labelled with the code of the accent its line names by name goes with that line's transcription.
    @Test func aRecordingFindsTheTranscriptionOfItsStandardAccent() throws {
        let lines = """
            * {{a|RP}} {{IPA|en|/ˈwɔːtə/}}
            * {{a|GA}} {{IPA|en|/ˈwɔtɚ/}}
            * {{audio|en|en-us-water.ogg|Audio (GA)}}
            """
        #expect(try Self.pronunciations(lines) == [
            "/ˈwɔːtə/|Received Pronunciation|-", "/ˈwɔtɚ/|General American|en-us-water.ogg",
        ])
    }

    /// The recorded pages: `water`'s English lines (`{{a|RP}}`, `{{a|GenAm}}`, `{{a|Australia}}`) and Dutch ones
    /// (`{{a|BE}}`), `escritorio`'s Portuguese one (`{{a|PT}}`).
    @Test func realPagesShowAccentsByName() throws {
        let corpus = Fixtures.referenceSamples.deletingLastPathComponent().appendingPathComponent("corpus/wiktionary")
        func accents(_ file: String, _ title: String, _ language: String) -> Set<String>? {
            guard let data = try? Data(contentsOf: corpus.appendingPathComponent(file)) else { return nil }
            let entries = WikitextParser.entries(
                from: WikitextSource(Array(data)), headword: title, language: language, provenance: Fixtures.provenance
            )
            return Set(entries.flatMap(\.pronunciations).flatMap { $0.accent?.components(separatedBy: ", ") ?? [] })
        }
        if let water = accents("multi-water-jwktl-2016.wikitext", "water", "English") {
            #expect(water.isSuperset(of: ["Received Pronunciation", "General American", "General Australian"]), "\(water)")
            #expect(water.isDisjoint(with: ["RP", "GenAm", "Australia"]), "\(water)")
        }
        if let dutch = accents("multi-water-jwktl-2016.wikitext", "water", "Dutch") {
            #expect(dutch.contains("Belgium") && !dutch.contains("BE"), "\(dutch)")
        }
        if let escritorio = accents("es-escritorio-jwktl.wikitext", "escritorio", "Portuguese") {
            #expect(escritorio.contains("Portugal") && !escritorio.contains("PT"), "\(escritorio)")
        }
    }

    /// The recorded pages (read in place when the shared folder is there): `f`'s Portuguese recording is Brazil's,
    /// `water`'s Dutch ones Belgium's and the Netherlands'.
    @Test func realPagesName() throws {
        let corpus = Fixtures.referenceSamples.deletingLastPathComponent().appendingPathComponent("corpus/wiktionary")
        func accents(_ file: String, _ title: String, _ language: String) -> [String]? {
            guard let data = try? Data(contentsOf: corpus.appendingPathComponent(file)) else { return nil }
            let entries = WikitextParser.entries(
                from: WikitextSource(Array(data)), headword: title, language: language, provenance: Fixtures.provenance
            )
            return entries.first?.pronunciations.filter { $0.audioURL != nil }.map { $0.accent ?? "-" }
        }
        if let f = accents("multi-f-letter-dump2015.wikitext", "f", "Portuguese") {
            #expect(f == ["Brazil"])
        }
        if let water = accents("multi-water-jwktl-2016.wikitext", "water", "Dutch") {
            #expect(water == ["Belgium", "Netherlands"])
        }
    }
}
