import Foundation
import LexAggAggregation
import LexAggCore
import LexAggHTTPServer
import Testing

/// A provider that knows one word, with the pronunciations the test gives it.
struct PronouncingProvider: DefinitionProviding {
    let descriptor = ProviderDescriptor(
        id: ProviderID("pronouncing")!, displayName: "Pronouncing", capabilities: [.define, .pronunciations],
        languages: [.english], requiresNetwork: false, source: "https://example.org/pronouncing"
    )
    let word: String
    let pronunciations: [(String, Pronunciation.Notation, String?)]

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        guard query.term == word else { return LookupResult(entries: []) }
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        return LookupResult(entries: [Entry(
            headword: word, language: .english,
            pronunciations: pronunciations.map { Pronunciation(text: $0.0, notation: $0.1, audioURL: $0.2, provenance: provenance) },
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: "a word to pronounce", sources: [provenance])])],
            provenance: provenance
        )])
    }
}

/// `GET /api/v2/entries/{lang}/{word}` over real HTTP, as a dictionaryapi.dev client reads it.
@Suite(.serialized) struct DictionaryAPIRouteTests {
    /// dictionaryapi.dev's `phonetic` and `phonetics[].text` are IPA between slashes: GCIDE's respelling `hous`
    /// (notation "other") was served there; it is left out, and a recording of a respelling stays as audio alone.
    @Test func onlyIPAIsServedAsPhoneticsBetweenSlashes() async throws {
        let pronouncing = PronouncingProvider(word: "lexaggphone", pronunciations: [
            ("lĕks", .other, nil), ("lĕks", .enPR, "https://example.org/lexaggphone.mp3"), ("lɛks", .ipa, nil),
            ("/lɛkz/", .ipa, "https://example.org/lexaggphone-us.mp3"), ("[lɛks]", .ipa, nil),
        ])
        try await TestServer.with(registry: try TestRegistry.make(extra: [pronouncing])) { server in
            // The fixture GCIDE gives `house` the respelling "hous" only: no phonetic at all.
            let house = try await server.get("/api/v2/entries/en/house")
            #expect(house.status == 200)
            let element = try #require((house.json as? [[String: Any]])?.first, "\(house.body)")
            #expect(element["phonetic"] == nil, "\(element["phonetic"] ?? "")")
            #expect((element["phonetics"] as? [Any])?.isEmpty == true, "\(element["phonetics"] ?? "")")

            let reply = try await server.get("/api/v2/entries/en/lexaggphone")
            #expect(reply.status == 200, "\(reply.body)")
            let ipa = try #require((reply.json as? [[String: Any]])?.first, "\(reply.body)")
            #expect(ipa["phonetic"] as? String == "/lɛks/")
            let phonetics = try #require(ipa["phonetics"] as? [[String: String]])
            #expect(phonetics == [
                ["audio": "https://example.org/lexaggphone.mp3"],
                ["text": "/lɛks/", "audio": ""],
                ["text": "/lɛkz/", "audio": "https://example.org/lexaggphone-us.mp3"],
                ["text": "[lɛks]", "audio": ""],
            ], "\(phonetics)")
        }
    }
}

extension DictionaryAPIRouteTests {
    /// `providers=` (and `strategy=`, `timeout=`) were ignored on this route: `?providers=gcide` answered the merged
    /// entry of every provider. They work as on `/v1/lookup`; a bad one is a 400 that says so, not a 404 "no such
    /// word" a client would cache.
    @Test func providersAndTheOtherLookupParametersAreHonoured() async throws {
        try await TestServer.with { server in
            // GCIDE alone keeps its entries apart, one per etymology (house: 3 in the fixture), as the real API does.
            let gcide = try await server.get("/api/v2/entries/en/house?providers=gcide")
            #expect(gcide.status == 200, "\(gcide.body)")
            let elements = try #require(gcide.json as? [[String: Any]], "\(gcide.body)")
            #expect(elements.count == 3)
            #expect(elements.allSatisfy { ($0["license"] as? [String: String])?["name"] == "GPL 3.0 or later (GCIDE)" })

            let wordnet = try await server.get("/api/v2/entries/en/house?providers=wordnet&strategy=first&timeout=5")
            #expect(wordnet.status == 200, "\(wordnet.body)")
            let element = try #require((wordnet.json as? [[String: Any]])?.first)
            #expect((element["license"] as? [String: String])?["name"] == "WordNet 3.0 License (Princeton University)")

            for (query, words) in [("providers=nosuch", "nosuch"), ("timeout=soon", "timeout"), ("strategy=best", "strategy")] {
                let bad = try await server.get("/api/v2/entries/en/house?" + query)
                #expect(bad.status == 400, "\(query): \(bad.status) \(bad.body)")
                #expect(bad.object["title"] as? String == "Invalid Request", "\(query): \(bad.body)")
                #expect((bad.object["message"] as? String)?.contains(words) == true, "\(query): \(bad.body)")
                #expect(bad.object["resolution"] is String)
            }
            // A language the named providers do not cover is still the API's 404.
            let language = try await server.get("/api/v2/entries/xx-notalanguage/house?providers=wordnet")
            #expect(language.status == 404 && language.object["title"] as? String == "No Definitions Found", "\(language.body)")
        }
    }
}

extension DictionaryAPIRouteTests {
    /// Which failures beside "not found" answers make the miss unproven (5xx) and which do not (404): a provider
    /// that does not cover the language, refuses the word's form, or was not asked because of `offline=`, proves
    /// nothing but is no server problem.
    @Test func onlyAServerProblemTurnsAMissIntoSomethingWentWrong() async throws {
        let registry = try TestRegistry.make(extra: [
            ScriptedProvider("down", .fail(.unavailable)), ScriptedProvider("slow", .fail(.timeout)),
            ScriptedProvider("broken", .fail(.malformedResponse)), ScriptedProvider("locked", .fail(.credentials)),
            ScriptedProvider("nolang", .fail(.unsupportedLanguage)), ScriptedProvider("picky", .fail(.invalidQuery)),
            ScriptedProvider("notcached", .fail(.offline)),
        ])
        try await TestServer.with(registry: registry) { server in
            for (providers, status) in [
                ("wordnet,down", 503), ("wordnet,slow", 503), ("wordnet,broken", 502), ("wordnet,locked", 502),
                ("wordnet,nolang,down", 503), ("wordnet,nolang", 404), ("wordnet,picky", 404), ("wordnet,notcached", 404),
                ("wordnet,nolang,picky,notcached", 404),
                // Every provider asked left out by `offline=` (German with only online sources): 404, it was 503 with
                // `Retry-After: 5`, though asking again could not help.
                ("notcached", 404), ("nolang,notcached", 404), ("down,notcached", 503),
            ] {
                let reply = try await server.get("/api/v2/entries/en/qwzxvbn?providers=" + providers)
                #expect(reply.status == status, "\(providers): \(reply.status) \(reply.body)")
                #expect(reply.object["title"] as? String == (status == 404 ? "No Definitions Found" : "Something Went Wrong"), "\(providers)")
            }
        }
    }
}

extension DictionaryAPIRouteTests {
    /// A word whose percent-encoding is not UTF-8 (`%FF`), or not percent-encoding at all (`%zz`), names no word:
    /// the API's 404 "No Definitions Found", as for any word it cannot look up, without asking a provider (it was
    /// looked up as the text `%FF`, and a provider that was down made it a 503 "Something Went Wrong").
    @Test func aWordThatIsNotPercentEncodedUTF8IsNoDefinitionsFound() async throws {
        let registry = try TestRegistry.make(extra: [ScriptedProvider("down", .fail(.unavailable))])
        try await TestServer.with(registry: registry) { server in
            // Sent as they are, on a raw socket: AsyncHTTPClient sends such a path as `/` (Foundation's URL decodes it).
            for path in ["/api/v2/entries/en/%FF", "/api/v2/entries/en/house%C3%28", "/api/v2/entries/en/%zz", "/api/v2/entries/%FF/house"] {
                let reply = try await RawHTTP.exchange(port: server.port, Array("GET \(path) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8))
                #expect(reply.text.hasPrefix("HTTP/1.1 404 "), "\(path): \(reply.text)")
                #expect(reply.text.hasSuffix(#"{"title":"No Definitions Found","message":"Sorry pal, we couldn't find definitions for the word you were looking for.","resolution":"You can try the search again at later time or head to the web instead."}"#), "\(path): \(reply.text)")
                #expect(reply.text.contains("Access-Control-Allow-Origin: *"))
            }
            // Percent-encoded UTF-8 is still decoded.
            let cafe = try await server.get("/api/v2/entries/en/caf%C3%A9?providers=wordnet")
            #expect(cafe.status == 200, "\(cafe.body)")
        }
    }
}
