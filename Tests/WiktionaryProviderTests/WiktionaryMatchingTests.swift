import Foundation
import LexAggCore
import LexAggHTTP
import ProviderConformance
import Testing
import WiktionaryProvider

/// Prefix search (`list=prefixsearch`) for `match` and "did you mean", against a replay server answering with the
/// fixtures' real response shape.
@Suite(.timeLimit(.minutes(2))) struct WiktionaryMatchingTests {
    static func start() async throws -> ReplayServer {
        let server = try await WiktionaryReplay.start()
        server.route(WiktionaryReplay.path, query: ["list": "prefixsearch"], .json(try Fixtures.bytes("responses/prefixsearch-empty.json")))
        server.route(
            WiktionaryReplay.path, query: ["list": "prefixsearch", "pssearch": "hous"],
            .json(try Fixtures.bytes("responses/prefixsearch-hous.json"))
        )
        server.route(
            WiktionaryReplay.path, query: ["list": "prefixsearch", "pssearch": "house"],
            .json(try Fixtures.bytes("responses/prefixsearch-hous.json"))
        )
        server.route(
            WiktionaryReplay.path, query: ["list": "prefixsearch", "pssearch": "acommodate", "psprofile": "fuzzy"],
            .json(try Fixtures.bytes("responses/prefixsearch-fuzzy-acommodate.json"))
        )
        return server
    }

    @Test func prefixMatchKeepsTheEnginesOrderAndOnlyRealPrefixes() async throws {
        let server = try await Self.start()
        defer { Task { await server.shutdown() } }
        let wiktionary = WiktionaryReplay.provider(server)
        #expect(wiktionary.matchStrategies == [.exact, .prefix])
        let words = try await wiktionary.match(MatchQuery("hous", strategy: .prefix, limit: 5))
        #expect(words == ["house", "housing", "household", "houses", "housewife"], "House is house once more")
        let request = try #require(server.requests.last)
        #expect(request.query.map { "\($0.name)=\($0.value)" } == [
            "action=query", "format=json", "formatversion=2", "list=prefixsearch", "psnamespace=0", "psprofile=strict",
            "pslimit=5", "pssearch=hous",
        ])
        #expect(try await wiktionary.match(MatchQuery("qwxzzy", strategy: .prefix)).isEmpty)
    }

    @Test func exactMatchIsTheTitleInAnyCaseOnce() async throws {
        let server = try await Self.start()
        defer { Task { await server.shutdown() } }
        let words = try await WiktionaryReplay.provider(server).match(MatchQuery("house", strategy: .exact))
        #expect(words == ["house"])
    }

    @Test func otherStrategiesAreRefusedWithoutARequest() async throws {
        let server = try await Self.start()
        defer { Task { await server.shutdown() } }
        await #expect(throws: ProviderError.self) {
            try await WiktionaryReplay.provider(server).match(MatchQuery("^hou", strategy: .regex))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func suggestionsUseTypoCorrection() async throws {
        let server = try await Self.start()
        defer { Task { await server.shutdown() } }
        let words = try await WiktionaryReplay.provider(server).suggestions(for: LookupQuery("acommodate"), limit: 3)
        #expect(words == ["accommodate", "accommodated", "accommodates"])
        #expect(server.requests.last?.queryValue("psprofile") == "fuzzy")
        #expect(server.requests.last?.queryValue("pslimit") == "3")
    }

    @Test func passesTheMatchingChecks() async throws {
        let server = try await Self.start()
        defer { Task { await server.shutdown() } }
        try await ProviderConformance.verifyMatching(
            { WiktionaryReplay.provider(server) }, expectedID: .wiktionary,
            known: [(query: "acommodate", expected: "accommodate")],
            patterns: [.init("hous", .prefix, expected: "household"), .init("house", .exact, expected: "house")]
        )
    }

    @Test func faultsAreProviderErrors() async throws {
        let server = try await ReplayServer.start(fallback: .json(try Fixtures.bytes("responses/error-internal.json")))
        defer { Task { await server.shutdown() } }
        do {
            _ = try await WiktionaryReplay.provider(server).match(MatchQuery("hous", strategy: .prefix))
            Issue.record("an API error was taken for an answer")
        } catch let error as ProviderError {
            #expect(error.code == .unavailable)
        }
    }
}
