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
