import Foundation
import LexAggAggregation
import LexAggCore
import LexAggHTTPServer
import NIOHTTP1
import Testing

/// A matcher over a fixed list of headwords (the providers' own matching lands with the `match` work).
struct ListMatcher: MatchProviding {
    let descriptor = ProviderDescriptor(
        id: ProviderID("list-matcher")!, displayName: "List", capabilities: [.define], languages: [.english],
        requiresNetwork: false, source: "test"
    )
    let words = ["serendipity", "serendipitous", "serene", "house"]
    var matchStrategies: [MatchStrategy] { [.prefix, .exact] }
    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] { [] }
    func match(_ query: MatchQuery) async throws -> [String] {
        words.filter { query.strategy == .exact ? $0 == query.pattern : $0.hasPrefix(query.pattern) }
    }
}

/// Every route over real HTTP on loopback, with the embedded WordNet behind the lookup service.
@Suite(.serialized) struct HTTPRoutesTests {
    @Test func lookupAnswersTheDocumentOfFormatJSON() async throws {
        try await TestServer.with { server in
            let found = try await server.get("/v1/lookup?word=serendipity&providers=wordnet")
            #expect(found.status == 200)
            #expect(found.headers["content-type"]?.hasPrefix("application/json") == true)
            let document = found.object
            #expect(document["schemaVersion"] as? Int == 2)
            #expect(document["command"] as? String == "lookup")
            #expect(document["found"] as? Bool == true)
            let entry = try #require((document["entries"] as? [[String: Any]])?.first)
            #expect(entry["headword"] as? String == "serendipity")
            let outcome = try #require((document["outcomes"] as? [[String: Any]])?.first)
            #expect(outcome["provider"] as? String == "wordnet")
            #expect(outcome["status"] as? String == "answered")

            // Not found: 404 with the same document, and close spellings.
            let missing = try await server.get("/v1/lookup?word=serendipitx&providers=wordnet")
            #expect(missing.status == 404)
            #expect(missing.object["found"] as? Bool == false)
            #expect(missing.object["command"] as? String == "lookup")

            // `+` and %-escapes are spaces, as Python's urlencode writes them.
            let phrase = try await server.get("/v1/lookup?word=ice+cream&lang=en&strategy=first&timeout=5&offline=true")
            #expect(phrase.status == 200)
            #expect((phrase.object["query"] as? [String: Any])?["term"] as? String == "ice cream")
        }
    }

    @Test func badRequestsAre400WithTheErrorShape() async throws {
        try await TestServer.with { server in
            let cases = [
                "/v1/lookup", "/v1/lookup?word=house&providers=nosuchprovider", "/v1/lookup?word=house&strategy=best",
                "/v1/lookup?word=house&timeout=0", "/v1/lookup?word=house&lang=12", "/v1/lookup?word=house&offline=maybe",
                "/v1/translate?word=house&from=en", "/v1/translate?word=house&from=en&to=en", "/v1/random?count=0",
                "/v1/match?pattern=se&strategy=nonsense", "/v1/lookup?word=" + String(repeating: "a", count: 300),
                // Percent-encoding that is not UTF-8, or broken: not looked up as the literal text.
                "/v1/lookup?word=%ff%fe", "/v1/lookup?word=house&lang=%c3",
            ]
            for path in cases {
                let reply = try await server.get(path)
                #expect(reply.status == 400, "\(path): \(reply.status) \(reply.body)")
                let error = try #require(reply.object["error"] as? [String: Any], "\(path): \(reply.body)")
                #expect(error["code"] as? String == "invalid-request")
                #expect(error["status"] as? Int == 400)
                #expect((error["message"] as? String)?.isEmpty == false)
            }
            let unknown = try await server.get("/v1/lookup?word=house&providers=nosuchprovider")
            #expect((unknown.object["error"] as? [String: Any])?["message"] as? String ?? "" != "")
            // A parameter no route reads may be anything (a tracker's `utm=%E9`).
            let ignored = try await server.get("/v1/lookup?word=serendipity&utm=%E9")
            #expect(ignored.status == 200, "\(ignored.body)")
            let route = try await server.get("/v2/nothing")
            #expect(route.status == 404)
            #expect((route.object["error"] as? [String: Any])?["code"] as? String == "not-found")
        }
    }

    /// HEAD answers as GET does, without a body (RFC 9110; monitors use it); another method on a route's path is
    /// 405 with `Allow`, not "no such route".
    @Test func headAnswersAsGetAndOtherMethodsAre405() async throws {
        try await TestServer.with { server in
            for path in ["/healthz", "/v1/lookup?word=serendipity", "/api/v2/entries/en/house", "/openapi.json"] {
                let get = try await server.get(path)
                let head = try await server.get(path, method: .HEAD)
                #expect(head.status == get.status && head.status == 200, "\(path): \(head.status)")
                #expect(head.body.isEmpty, "\(path): \(head.body)")
                #expect(head.headers["content-type"] == get.headers["content-type"], "\(path)")
            }
            for (method, path) in [
                (HTTPMethod.POST, "/v1/lookup?word=house"), (.DELETE, "/healthz"), (.PUT, "/api/v2/entries/en/house"), (.POST, "/v1/lookup/"),
            ] {
                let reply = try await server.get(path, method: method)
                #expect(reply.status == 405, "\(method) \(path): \(reply.status) \(reply.body)")
                #expect(reply.headers["allow"] == "GET, HEAD", "\(reply.headers)")
            }
            let post = try await server.get("/v1/lookup?word=house", method: .POST)
            #expect((post.object["error"] as? [String: Any])?["code"] as? String == "method-not-allowed", "\(post.body)")
            #expect(try await server.get("/v2/nothing", method: .POST).status == 404)
        }
    }

    @Test func translateRandomProvidersAndMatch() async throws {
        let registry = try TestRegistry.make(extra: [ListMatcher()])
        try await TestServer.with(registry: registry) { server in
            let translated = try await server.get("/v1/translate?word=house&from=en&to=de")
            #expect(translated.status == 200, "\(translated.body)")
            #expect(translated.object["command"] as? String == "translate")
            #expect((translated.object["query"] as? [String: Any])?["targetLanguage"] as? String == "de")
            #expect(translated.body.contains("Haus"))

            let random = try await server.get("/v1/random?lang=en&count=5")
            #expect(random.status == 200, "\(random.body)")
            #expect(random.object["command"] as? String == "random")
            #expect((random.object["words"] as? [String])?.count == 5)

            let providers = try await server.get("/v1/providers")
            #expect(providers.status == 200)
            let ids = (providers.object["providers"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
            #expect(ids.contains("wordnet") && ids.contains("freedict-eng-deu") && ids.contains("list-matcher"))

            let matched = try await server.get("/v1/match?pattern=serend&strategy=prefix&providers=list-matcher")
            #expect(matched.status == 200, "\(matched.body)")
            #expect(matched.object["command"] as? String == "match")
            #expect(matched.object["words"] as? [String] == ["serendipity", "serendipitous"])
            let none = try await server.get("/v1/match?pattern=zzz&providers=list-matcher")
            #expect(none.status == 404)
            #expect(none.object["found"] as? Bool == false)
            let cannot = try await server.get("/v1/match?pattern=zzz&strategy=soundex&providers=list-matcher")
            #expect(cannot.status == 400)
        }
    }

    @Test func failingProvidersMapToTheirStatuses() async throws {
        let registry = try TestRegistry.make(extra: [
            ScriptedProvider("limited", .fail(.rateLimited, retryAfter: .seconds(30))),
            ScriptedProvider("broken", .fail(.malformedResponse)),
            ScriptedProvider("down", .fail(.unavailable)),
        ])
        try await TestServer.with(registry: registry) { server in
            let limited = try await server.get("/v1/lookup?word=house&providers=limited")
            #expect(limited.status == 429)
            #expect(limited.headers["retry-after"] == "31")
            #expect((limited.object["error"] as? [String: Any])?["code"] as? String == "rate-limited")
            let broken = try await server.get("/v1/lookup?word=house&providers=broken,down")
            #expect(broken.status == 502)
            #expect((broken.object["error"] as? [String: Any])?["code"] as? String == "providers-failed")
            let down = try await server.get("/v1/lookup?word=house&providers=down")
            #expect(down.status == 503)
            // One provider answering is an answer, whatever the others did.
            let mixed = try await server.get("/v1/lookup?word=house&providers=down,wordnet")
            #expect(mixed.status == 200)
            // dictionaryapi.dev's shapes for the same failures.
            let compatible = try await server.get("/api/v2/entries/en/house", headers: [])
            #expect(compatible.status == 200)
        }
    }

    @Test func healthMetricsAndTheDictionaryAPIRoute() async throws {
        try await TestServer.with { server in
            let health = try await server.get("/healthz")
            #expect(health.status == 200)
            #expect(health.object["status"] as? String == "ok")

            let entries = try await server.get("/api/v2/entries/en/Serendipity%20")
            #expect(entries.status == 200)
            let first = try #require((entries.json as? [[String: Any]])?.first)
            #expect(first["word"] as? String == "serendipity")
            let missing = try await server.get("/api/v2/entries/en/qwzxvbn")
            #expect(missing.status == 404)
            #expect(missing.object["title"] as? String == "No Definitions Found")
            let language = try await server.get("/api/v2/entries/xx-notalanguage/house")
            #expect(language.status == 404)

            let metrics = try await server.get("/metrics")
            #expect(metrics.status == 200)
            #expect(metrics.headers["content-type"]?.hasPrefix("text/plain") == true)
            #expect(metrics.body.contains("hb_requests"))
            #expect(metrics.body.contains("# TYPE http_server_request_duration histogram"), "README's name")
            #expect(metrics.body.contains(#"http_route="/api/v2/entries/{lang}/{word}""#))
            #expect(metrics.body.contains(#"lexagg_provider_outcomes_total{"#))
            #expect(metrics.body.contains(#"provider="wordnet""#))
        }
    }
}
