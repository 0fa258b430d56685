import ExternalProvider
import Foundation
import LexAggCore
import ProviderConformance
import Testing

/// `match` over the external-provider protocol, against the example glossary and small programs written by the tests.
@Suite struct ExternalMatchingTests {
    @Test func theExampleMatchesByTheStrategiesItDeclares() async throws {
        let program = Scripts.program(id: "external-provider", path: Scripts.example)
        #expect(program.matchStrategies == MatchStrategy.allCases, "every strategy is assumed until it has said")
        let prefix = try await program.match(MatchQuery("hou", strategy: .prefix))
        #expect(prefix == ["house", "household"])
        #expect(program.matchStrategies == [.exact, .prefix, .substring, .suffix, .regex], "what initialize listed")
        #expect(try await program.match(MatchQuery("hold", strategy: .suffix)) == ["household"])
        #expect(try await program.match(MatchQuery("house", strategy: .prefix, limit: 1)) == ["house"], "the exact one first")
        #expect(try await program.match(MatchQuery("^h.*e$", strategy: .regex)) == ["house"])

        let soundex = await Scripts.failure { try await program.match(MatchQuery("house", strategy: .soundex)) }
        #expect(soundex?.code == .invalidQuery)
        #expect(soundex?.message.contains("does not match by soundex; it can: exact, prefix") == true)
        let regex = await Scripts.failure { try await program.match(MatchQuery("hou(", strategy: .regex)) }
        #expect(regex?.code == .invalidQuery)
        #expect(regex?.message.contains("'hou(' is not a valid regular expression") == true)
    }

    @Test func theExamplePassesTheKitsMatchingChecks() async throws {
        let program = Scripts.program(id: "external-provider", path: Scripts.example)
        try await ProviderConformance.verifyMatching(
            { program }, expectedID: ProviderID("external-provider")!,
            known: [(query: "hou", expected: "house")],
            patterns: [.init("hou", .prefix, expected: "household"), .init("word", .exact, expected: "word")]
        )
    }

    @Test func matchStrategiesAreCheckedAndRemembered() async throws {
        let unknown = Scripts.program(id: "fuzzy", path: Scripts.write("fuzzy", Scripts.provider(
            initialize: #"{"id": "fuzzy", "name": "f", "capabilities": ["match"], "matchStrategies": ["fuzzy"]}"#
        )))
        let failure = await Scripts.failure { try await unknown.match(MatchQuery("a", strategy: .prefix)) }
        #expect(failure?.code == .malformedResponse)
        #expect(failure?.message.contains("unknown match strategy 'fuzzy'") == true)

        let none = Scripts.program(id: "none", path: Scripts.write("none", Scripts.provider(
            initialize: #"{"id": "none", "name": "n", "capabilities": ["match"]}"#
        )))
        let missing = await Scripts.failure { try await none.match(MatchQuery("a", strategy: .prefix)) }
        #expect(missing?.message.contains("'match' needs matchStrategies") == true)

        // A remembered descriptor brings its strategies back without starting the program.
        let home = Scripts.directory()
        let providers = home + "/config/lexagg/providers"
        try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Scripts.example, toPath: providers + "/glossary.py")
        let environment = ProviderEnvironment(
            variables: ["XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache", "PATH": Scripts.path]
        )
        let first = try #require(ExternalDiscovery.discover(ExternalDiscovery.Settings(environment)).providers.first as? ExternalProgram)
        await first.discoverDescriptor()
        let second = try #require(ExternalDiscovery.discover(ExternalDiscovery.Settings(environment)).providers.first as? ExternalProgram)
        #expect(second.matchStrategies == [.exact, .prefix, .substring, .suffix, .regex])
    }
}
