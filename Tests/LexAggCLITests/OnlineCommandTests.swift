import LexAggCLI
import LexAggCore
import LexAggFixtures
import ProviderConformance
import RandomWordProvider
import Testing
import WiktionaryProvider

/// Online providers through the CLI, with the loopback replay server standing in for the services.
@Suite struct OnlineCommandTests {
    static func bytes(_ fixture: String) -> [UInt8] {
        Array(TemporaryFiles.read(FixtureStore.path(fixture)).utf8)
    }

    static func wiktionary() async throws -> ReplayServer {
        let server = try await ReplayServer.start(fallback: .json(bytes("wiktionary/responses/error-missingtitle.json")))
        for page in ["bank", "kissa", "cats"] {
            server.route("/w/api.php", query: ["action": "parse", "page": page], .json(bytes("wiktionary/responses/parse-\(page).json")))
        }
        return server
    }

    @Test func wiktionaryThroughTheEndpointVariable() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL]
        let run = await CLIRun.run(["lookup", "bank", "--providers", "wiktionary", "--lang", "en"], environment: environment, also: [.wiktionary])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[wiktionary]"))
        #expect(run.stdout.contains("  noun\n"))
        #expect(run.stdout.contains("/bæŋk/"))
        for markup in ["{{", "}}", "[[", "]]", "'''", "<ref"] { #expect(!run.stdout.contains(markup), "\(markup) leaked") }
        #expect(server.requests.first?.queryValue("page") == "bank")
    }

    @Test func aPageWithoutTheRequestedLanguageIsNotFound() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL]
        let finnish = await CLIRun.run(["lookup", "kissa", "--providers", "wiktionary", "--lang", "fi"], environment: environment, also: [.wiktionary])
        #expect(finnish.status == 0)
        #expect(finnish.stdout.contains("cat"))
        let english = await CLIRun.run(["lookup", "kissa", "--providers", "wiktionary", "--lang", "en"], environment: environment, also: [.wiktionary])
        #expect(english.status == ExitStatus.notFound.rawValue)
        #expect(english.stderr.contains("no entry for 'kissa' in wiktionary"))
    }

    @Test func jsonCarriesFormOfLemmasAndThePageURL() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL]
        let run = await CLIRun.run(["lookup", "cats", "--providers", "wiktionary", "--lang", "en", "--format", "json"], environment: environment, also: [.wiktionary])
        #expect(run.status == 0)
        let document = try JSONSerializationFree.object(run.stdout)
        let entries = try #require(document["entries"] as? [[String: Any]])
        let provenance = try #require(entries.first?["provenance"] as? [String: Any])
        #expect((provenance["source"] as? String)?.hasSuffix("/wiki/cats") == true)
        #expect(run.stdout.contains("\"lemma\" : \"cat\""))
    }

    @Test func randomWordsFallBackToTheLocalListWhenTheServiceRefuses() async throws {
        let server = try await ReplayServer.start(
            fallback: .json(#"{"Error":"You hit the rate limit, try again in a few seconds"}"#, status: 403)
        )
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_RANDOMWORD_ENDPOINT": server.baseURL]
        let run = await CLIRun.run(["random", "--count", "5"], environment: environment, also: [.randomword, .wordlist])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 5)
        #expect(run.stderr.contains("randomword failed"))
        #expect(run.stderr.contains("words from"))

        server.setFallback(.json(#"["alpha","beta","gamma"]"#))
        let online = await CLIRun.run(["random", "--count", "3", "--format", "json"], environment: environment, also: [.randomword, .wordlist])
        #expect(online.status == 0)
        let document = try JSONSerializationFree.object(online.stdout)
        #expect(document["words"] as? [String] == ["alpha", "beta", "gamma"])
        #expect(document["provider"] as? String == "randomword")
    }

    @Test(arguments: [["random", "--count", "0"], ["random", "--count", "5000"], ["random", "--lang", "xx-?"]])
    func randomRejectsBadCounts(arguments: [String]) async {
        let run = await CLIRun.run(arguments, also: [.wordlist])
        #expect(run.status == ExitStatus.usage.rawValue)
    }
}
