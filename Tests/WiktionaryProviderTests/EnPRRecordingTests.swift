import Foundation
import LexAggCore
import Testing
import WiktionaryProvider

/// Which transcription a recording goes with when its line gives an enPR one beside the IPA (`house`).
@Suite struct EnPRRecordingTests {
    /// "text|accent|file" for each pronunciation of the page's first entry.
    static func pronunciations(_ lines: String) throws -> [String] {
        try RecordingOnlyPronunciationTests.pronunciations(lines, language: "English")
    }

    /// `house`'s layout (the recorded 2015 page): each sense's line gives an enPR and an IPA transcription, the lines
    /// under it a US and a UK recording. The UK one went on the enPR line, the first without a recording: enPR is
    /// the American dictionaries' notation and takes no recording (as the offline provider's), so the UK recording
    /// goes on a copy of the IPA transcription, of its accent; and one on a line with both goes with the IPA one.
    @Test func enPRTakesNoRecording() throws {
        let house = """
            * {{sense|noun}}
            ** {{enPR|hous}}, {{IPA|/haʊs/|lang=en}}
            ** {{audio|en-us-house-noun.ogg|Audio (US)|lang=en}}
            ** {{audio|En-uk-house.ogg|Audio (UK)|lang=en}}
            * {{sense|verb}}
            ** {{enPR|houz}}, {{IPA|/haʊz/|lang=en}}
            ** {{audio|en-us-house-verb.ogg|Audio (US)|lang=en}}
            """
        #expect(try Self.pronunciations(house) == [
            "hous|noun|-", "/haʊs/|noun|en-us-house-noun.ogg", "/haʊs/|UK, noun|En-uk-house.ogg",
            "houz|verb|-", "/haʊz/|verb|en-us-house-verb.ogg",
        ])
        #expect(try Self.pronunciations("* {{a|US}} {{enPR|kou}}, {{IPA|en|/kaʊ/}} {{audio|en|en-us-cow.ogg|Audio (US)}}") == [
            "kou|US|-", "/kaʊ/|US|en-us-cow.ogg",
        ])
        // Only an enPR transcription: the recording is one alone, of its accent.
        #expect(try Self.pronunciations("* {{enPR|kou}}\n* {{audio|en|en-us-cow.ogg|Audio (US)}}") == [
            "kou|-|-", "|US|en-us-cow.ogg",
        ])
    }

    /// The recorded `house` page (read in place when the shared folder is there).
    @Test func realHousePage() throws {
        let file = Fixtures.referenceSamples.appendingPathComponent("wikitext-en-house-2015.wikitext")
        guard let data = try? Data(contentsOf: file) else { return }
        let entry = try #require(WikitextParser.entries(
            from: WikitextSource(Array(data)), headword: "house", language: "English", provenance: Fixtures.provenance
        ).first)
        let found = entry.pronunciations.map { "\($0.text)|\($0.accent ?? "-")|\($0.audioURL.map { String($0.split(separator: "/").last!) } ?? "-")" }
        #expect(found.filter { $0.hasSuffix("En-uk-house.ogg") } == ["/haʊs/|UK, noun|En-uk-house.ogg"])
        #expect(entry.pronunciations.filter { $0.notation == .enPR }.allSatisfy { $0.audioURL == nil })
    }
}
