import Foundation
import LexAggAggregation
import LexAggCore
import LexAggHTTPServer
import Testing

/// `serve http` with the memo of answers `lexagg serve http` runs with: a repeated request is sent the body kept with
/// the answer (``AnswerRendering``), and that body is byte for byte the one a server without a memo writes.
@Suite(.serialized) struct HTTPMemoTests {
    /// The dictionaryapi.dev route has no outcomes or times in it: fresh, remembered and memo-less bodies are equal.
    @Test func dictionaryAPIBodiesFromTheMemoAreTheBytesOfAFreshAnswer() async throws {
        let paths = [
            "/api/v2/entries/en/house", "/api/v2/entries/en/serendipity", "/api/v2/entries/en_US/run",
            "/api/v2/entries/EN/walked", "/api/v2/entries/en/caf%C3%A9", "/api/v2/entries/en/qxzvqq",
            "/api/v2/entries/xx/house",
        ]
        let plain = try await TestServer.with { server in
            var replies: [HTTPReply] = []
            for path in paths { replies.append(try await server.get(path)) }
            return replies
        }
        try await TestServer.with(memo: .init()) { server in
            for (path, expected) in zip(paths, plain) {
                for round in 1...3 {
                    let reply = try await server.get(path)
                    #expect(reply.status == expected.status, "\(path), round \(round)")
                    #expect(reply.body == expected.body, "\(path), round \(round)")
                    #expect(reply.headers["content-type"] == expected.headers["content-type"])
                    #expect(reply.headers["content-length"] == expected.headers["content-length"])
                }
            }
            // The word as the route decodes and trims it is the same request, so the same kept body.
            let house = try await server.get("/api/v2/entries/en/house")
            for path in ["/api/v2/entries/en/%20house%20", "/api/v2/entries/en/%09house", "/api/v2/entries/en/hou%73e"] {
                #expect(try await server.get(path).body == house.body, "\(path)")
            }
        }
    }

    /// lexagg's own document says where each outcome came from: the first answer is the source's, the next ones the
    /// memo's — all of them with the same body (the kept one), and each option its own body.
    @Test func v1BodiesFromTheMemoAreTheRememberedAnswersDocument() async throws {
        try await TestServer.with(memo: .init()) { server in
            let fresh = try await server.get("/v1/lookup?word=house")
            let second = try await server.get("/v1/lookup?word=house")
            let third = try await server.get("/v1/lookup?word=house")
            #expect(fresh.status == 200 && second.status == 200 && third.status == 200)
            #expect(!Self.origins(fresh).isEmpty && Self.origins(fresh).allSatisfy { $0 == "source" })
            #expect(!Self.origins(second).isEmpty && Self.origins(second).allSatisfy { $0 == "cache" })
            #expect(third.body == second.body, "the kept body is sent again")
            #expect(second.body.hasSuffix("}\n"))
            let entries = { (reply: HTTPReply) in
                (try? JSONSerialization.data(withJSONObject: reply.object["entries"] ?? [], options: .sortedKeys)) ?? Data()
            }
            #expect(entries(second) == entries(fresh), "the same entries as the fresh answer")

            // `explain` is another rendering of the same kept answer.
            let explained = try await server.get("/v1/lookup?word=house&explain=true")
            #expect(explained.object["scores"] != nil)
            #expect(try await server.get("/v1/lookup?word=house&explain=true").body == explained.body)
            #expect(try await server.get("/v1/lookup?word=house").body == second.body)

            // Translations, and a kept "not found" (404 every time, from the memo after the first).
            _ = try await server.get("/v1/translate?word=house&from=en&to=de")
            let translated = try await server.get("/v1/translate?word=house&from=en&to=de")
            #expect(translated.status == 200)
            #expect(translated.object["command"] as? String == "translate")
            #expect(!Self.origins(translated).isEmpty && Self.origins(translated).allSatisfy { $0 == "cache" })
            _ = try await server.get("/v1/lookup?word=qxzvqq&providers=wordnet")
            let missing = try await server.get("/v1/lookup?word=qxzvqq&providers=wordnet")
            #expect(missing.status == 404)
            #expect(missing.object["found"] as? Bool == false)
            #expect(Self.origins(missing) == ["cache"])
        }
    }

    /// Every request counts each provider's outcome, whether its answer was worked out or remembered.
    @Test func everyRequestIsCountedInTheMetrics() async throws {
        let probe = ScriptedProvider("memo-metrics-probe", .slow(.milliseconds(1)))
        try await TestServer.with(registry: try TestRegistry.make(extra: [probe]), memo: .init()) { server in
            for _ in 0..<3 {
                #expect(try await server.get("/v1/lookup?word=house&providers=memo-metrics-probe").status == 200)
            }
            let metrics = try await server.get("/metrics").body.split(separator: "\n")
            func value(_ name: String, _ labels: [String]) -> String? {
                metrics.first { line in
                    line.hasPrefix(name + "{") && labels.allSatisfy { line.contains($0) }
                }?.split(separator: " ").last.map(String.init)
            }
            let provider = #"provider="memo-metrics-probe""#
            #expect(value("lexagg_provider_outcomes_total", [provider, #"origin="source""#]) == "1")
            #expect(value("lexagg_provider_outcomes_total", [provider, #"origin="cache""#, #"status="answered""#]) == "2")
            #expect(value("lexagg_cache_hits_total", [provider, #"kind="cache""#]) == "2")
        }
    }

    static func origins(_ reply: HTTPReply) -> [String] {
        (reply.object["outcomes"] as? [[String: Any]] ?? []).compactMap { $0["origin"] as? String }
    }
}
