import Foundation
import LexAggCore
import ProviderConformance
import Testing
import WiktionaryProvider

/// A recording with no transcription beside it is a pronunciation of its own (`text` empty, `audioURL` set): French
/// pages give `{{fr-IPA}}`, whose transcription Wiktionary computes, then `{{audio}}`; some sections have a recording
/// alone; an accent's line may have a recording and no `{{IPA}}`. Each was dropped, as it had no transcription to go on.
@Suite struct RecordingOnlyPronunciationTests {
    /// "text|accent|file" for each pronunciation of the page's first entry.
    static func pronunciations(_ lines: String, language: String = "French") throws -> [String] {
        let page = "==\(language)==\n===Pronunciation===\n" + lines + "\n===Noun===\n# [[thing]]\n"
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: "x", language: nil, provenance: Fixtures.provenance).first
        )
        return entry.pronunciations.map {
            "\($0.text)|\($0.accent ?? "-")|\($0.audioURL.map { String($0.split(separator: "/").last!) } ?? "-")"
        }
    }

    @Test(arguments: [
        // A computed transcription, then its recording (en.wiktionary `four`).
        ("* {{fr-IPA}}\n* {{audio|fr|Fr-four.ogg|audio}}\n* {{rhymes|fr|uʁ}}", ["|-|Fr-four.ogg"]),
        // A recording alone in its section (`rendre la monnaie de sa pièce`).
        ("* {{audio|fr|LL-Q150 (fra)-X-rendre la monnaie de sa pièce.wav|Audio}}",
         ["|-|LL-Q150_(fra)-X-rendre_la_monnaie_de_sa_pièce.wav"]),
        // Two recordings alone: one each, not the second on a copy of the first.
        ("* {{fr-IPA}}\n* {{audio|fr|LL-Q150 (fra)-X-maison.wav|Audio}}\n* {{a|Quebec}} {{audio|fr|LL-Q150 (fra)-Y-maison.wav|Audio}}",
         ["|-|LL-Q150_(fra)-X-maison.wav", "|Quebec|LL-Q150_(fra)-Y-maison.wav"]),
        // A recording before the transcription (older `garçon`): nothing before it to go with.
        ("* {{audio|Fr-garçon.ogg|audio (un garçon)|lang=fr}}\n* {{IPA|/ɡaʁsɔ̃/|lang=fr}}", ["|-|Fr-garçon.ogg", "/ɡaʁsɔ̃/|-|-"]),
        // The audio template's own accent (`dizer`).
        ("* {{pt-IPA}}\n* {{audio|pt|LL-Q5146 (por)-X-dizer.wav|a=<<Brazil>> (<<São Paulo>>)}}",
         ["|Brazil (São Paulo)|LL-Q5146_(por)-X-dizer.wav"]),
    ])
    func aRecordingWithoutTranscriptionIsKept(lines: String, expected: [String]) throws {
        let pronunciations = try Self.pronunciations(lines)
        #expect(pronunciations == expected)
    }

    /// A recording on an accent's line goes with that accent's transcription; one whose accent has none is its own,
    /// with the accent its line (or the line it is nested under) names.
    @Test(arguments: [
        ("* {{a|US}} {{IPA|en|/bæθ/}}\n* {{a|UK}} {{audio|en|en-uk-bath.ogg|Audio}}", ["/bæθ/|US|-", "|UK|en-uk-bath.ogg"]),
        ("* {{a|US}} {{IPA|en|/bæθ/}}\n* {{a|UK}}\n** {{audio|en|en-uk-bath.ogg|Audio}}", ["/bæθ/|US|-", "|UK|en-uk-bath.ogg"]),
        ("* {{accent|UK}} {{audio|en|en-uk-bath.ogg|Audio}}", ["|UK|en-uk-bath.ogg"]),
        ("* {{a|UK}} {{IPA|en|/bɑːθ/}}\n* {{a|US}} {{IPA|en|/bæθ/}}\n* {{a|UK}} {{audio|en|en-uk-bath.ogg|Audio}}",
         ["/bɑːθ/|UK|en-uk-bath.ogg", "/bæθ/|US|-"]),
    ])
    func aRecordingTakesItsLinesAccent(lines: String, expected: [String]) throws {
        let pronunciations = try Self.pronunciations(lines, language: "English")
        #expect(pronunciations == expected)
    }

    /// A recording on a line nested under a transcription's goes with it, whatever its label says (`casa`'s
    /// `Audio (PT)` under `{{a|Portugal}}`, `aggravate`'s `a=UK` under the verb's): both were dropped.
    @Test(arguments: [
        ("* {{a|Portugal}} {{IPA|/ˈka.zɐ/|lang=pt}}\n** {{audio|pt-pt-casa.ogg|Audio (PT)|lang=pt}}\n* {{a|Brazil}} {{IPA|/ˈka.za/|lang=pt}}",
         ["/ˈka.zɐ/|Portugal|pt-pt-casa.ogg", "/ˈka.za/|Brazil|-"]),
        ("* {{IPA|en|/ˈæɡ.ɹə.veɪ̯t/<q:verb>}}\n** {{audio|en|LL-Q1860 (eng)-X-aggravate.wav|a=UK}}\n* {{IPA|en|/ˈæɡɹəvət/<q:adjective>}}",
         ["/ˈæɡ.ɹə.veɪ̯t/|verb|LL-Q1860_(eng)-X-aggravate.wav", "/ˈæɡɹəvət/|adjective|-"]),
    ])
    func aNestedRecordingGoesWithTheLineAboveIt(lines: String, expected: [String]) throws {
        let pronunciations = try Self.pronunciations(lines)
        #expect(pronunciations == expected)
    }

    /// Through the provider, as `lexagg lookup maison --format json` gives it: the French entry's recordings are
    /// pronunciations with an empty `text` and their `audioURL`; the German one's stays on its transcription.
    @Test(.timeLimit(.minutes(1))) func lookupGivesRecordingsAlone() async throws {
        let page = try Fixtures.text("pages/maison.wikitext")
        let body = try JSONSerialization.data(withJSONObject: [
            "parse": ["title": "maison", "pageid": 17290, "redirects": [] as [Any], "wikitext": page] as [String: Any],
        ])
        let server = try await ReplayServer.start(fallback: .json(try Fixtures.bytes("responses/error-missingtitle.json")))
        defer { Task { await server.shutdown() } }
        server.route(WiktionaryReplay.path, query: ["action": "parse", "page": "maison"], .json(Array(body)))
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("maison"))
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(result.entries)) as? [[String: Any]]
        let pronunciations = try #require(json).map { ($0["pronunciations"] as? [[String: Any]]) ?? [] }
        let base = "https://commons.wikimedia.org/wiki/Special:FilePath/"
        #expect(pronunciations.map { $0.map { "\($0["text"] as? String ?? "?") \($0["accent"] as? String ?? "-") \($0["audioURL"] as? String ?? "-")" } } == [
            [" - \(base)LL-Q150_(fra)-X-maison.wav", " Quebec \(base)LL-Q150_(fra)-Y-maison.wav"],
            ["/mɛˈzɔ̃ː/ - \(base)De-maison.ogg"],
        ])
        let recordings = result.entries.first?.pronunciations.filter(\.isRecordingOnly).count
        #expect(recordings == 2)
    }

    /// The real pages (read in place when the shared folder is there): `garçon`'s recording before its transcription
    /// and `casa`'s nested under Portugal's are kept.
    @Test func realPagesKeepTheirRecordings() throws {
        let corpus = Fixtures.referenceSamples.deletingLastPathComponent().appendingPathComponent("corpus/wiktionary")
        func audio(_ file: String, _ title: String, _ language: String) throws -> [String]? {
            guard let data = try? Data(contentsOf: corpus.appendingPathComponent(file)) else { return nil }
            let entries = WikitextParser.entries(
                from: WikitextSource(Array(data)), headword: title, language: language, provenance: Fixtures.provenance
            )
            return entries.first?.pronunciations.map { "\($0.text)|\($0.audioURL.map { String($0.split(separator: "/").last!) } ?? "-")" }
        }
        if let garcon = try audio("fr-garcon-jwktl.wikitext", "garçon", "French") {
            #expect(garcon == ["|Fr-garçon.ogg", "/ɡaʁsɔ̃/|-"])
        }
        if let casa = try audio("pt-casa-jwktl.wikitext", "casa", "Portuguese") {
            #expect(casa.prefix(2) == ["/ˈka.zɐ/|pt-pt-casa.ogg", "/ˈka.za/|-"])
        }
    }
}
