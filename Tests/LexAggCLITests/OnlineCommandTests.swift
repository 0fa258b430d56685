import LexAggCLI
import LexAggCore
import LexAggFixtures
import FreeDictionaryProvider
import PONSProvider
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
        let run = await CLIRun.run(["lookup", "bank", "--providers", "wiktionary", "--lang", "en", "--timeout", "60"], environment: environment, also: [.wiktionary])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[wiktionary]"))
        #expect(run.stdout.contains("  noun\n"))
        #expect(run.stdout.contains("/bæŋk/"))
        for markup in ["{{", "}}", "[[", "]]", "'''", "<ref"] { #expect(!run.stdout.contains(markup), "\(markup) leaked") }
        #expect(server.requests.first?.queryValue("page") == "bank")
        // One provider's answer keeps its own structure: bank's three English etymologies stay three entries.
        #expect(run.stdout.split(separator: "\n").filter { $0.hasSuffix("— English · Wiktionary (English edition) [wiktionary]") }.count == 3)
        #expect(run.stdout.contains("From Middle English banke, from Old Norse bakki"))
        #expect(run.stdout.contains("from Italian banca"))
    }

    @Test func aPageWithoutTheRequestedLanguageIsNotFound() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL]
        let finnish = await CLIRun.run(["lookup", "kissa", "--providers", "wiktionary", "--lang", "fi", "--timeout", "60"], environment: environment, also: [.wiktionary])
        #expect(finnish.status == 0)
        #expect(finnish.stdout.contains("cat"))
        let english = await CLIRun.run(["lookup", "kissa", "--providers", "wiktionary", "--lang", "en", "--timeout", "60"], environment: environment, also: [.wiktionary])
        #expect(english.status == ExitStatus.notFound.rawValue)
        #expect(english.stderr.contains("no entry for 'kissa' in wiktionary"))
    }

    @Test func jsonCarriesFormOfLemmasAndThePageURL() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL]
        let run = await CLIRun.run(["lookup", "cats", "--providers", "wiktionary", "--lang", "en", "--format", "json", "--timeout", "60"], environment: environment, also: [.wiktionary])
        #expect(run.status == 0)
        let document = try JSONSerializationFree.object(run.stdout)
        let entries = try #require(document["entries"] as? [[String: Any]])
        let provenance = try #require(entries.first?["provenance"] as? [String: Any])
        #expect((provenance["source"] as? String)?.hasSuffix("/wiki/cats") == true)
        #expect(run.stdout.contains("\"lemma\" : \"cat\""))
    }

    @Test func randomGivesUpOnAStalledServiceAtItsTimeout() async throws {
        let server = try await ReplayServer.start(fallback: ReplayResponse.json("[]").with(.stall))
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_RANDOMWORD_ENDPOINT": server.baseURL]
        let run = await CLIRun.run(["random", "--count", "4", "--timeout", "1"], environment: environment,
                                   also: [.randomword, .wordlist])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 4, "the local list answers")
        #expect(run.stderr.contains("no answer within 1 s"), "\(run.stderr)")
        #expect(server.requests.count == 1)

        let refused = await CLIRun.run(["random", "--timeout", "0"], environment: environment, also: [.randomword, .wordlist])
        #expect(refused.status == 64 && refused.stderr.contains("--timeout must be a number of seconds above 0"))
    }

    @Test func randomWordsFallBackToTheLocalListWhenTheServiceRefuses() async throws {
        let server = try await ReplayServer.start(
            fallback: .json(#"{"Error":"You hit the rate limit, try again in a few seconds"}"#, status: 403)
        )
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_RANDOMWORD_ENDPOINT": server.baseURL]
        let began = ContinuousClock.now
        let run = await CLIRun.run(["random", "--count", "5"], environment: environment, also: [.randomword, .wordlist])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 5)
        #expect(run.stderr.contains("randomword failed"))
        #expect(run.stderr.contains("words from"))

        // The rate limit paused the host: within the pause the service is not asked again, the list answers.
        let asked = server.requests.count
        let paused = await CLIRun.run(["random", "--count", "3"], environment: environment, also: [.randomword, .wordlist])
        #expect(paused.status == 0, "\(paused.stderr)")
        // The pause is the service's window, 5 s from the refusal. When both runs fit in it, the service is not
        // asked again; on a machine so loaded that they did not, it may be asked once more, never more.
        if began.duration(to: .now) < .seconds(5) {
            #expect(server.requests.count == asked)
        } else {
            #expect(server.requests.count <= asked + 1)
        }

        let healthy = try await ReplayServer.start(fallback: .json(#"["alpha","beta","gamma"]"#))
        defer { Task { await healthy.shutdown() } }
        let online = await CLIRun.run(
            ["random", "--count", "3", "--format", "json"], environment: ["LEXAGG_RANDOMWORD_ENDPOINT": healthy.baseURL],
            also: [.randomword, .wordlist]
        )
        #expect(online.status == 0)
        let document = try JSONSerializationFree.object(online.stdout)
        #expect(document["words"] as? [String] == ["alpha", "beta", "gamma"])
        #expect(document["provider"] as? String == "randomword")

        // --offline: the local list alone, the service never asked and no warning about it.
        let offline = await CLIRun.run(
            ["random", "--count", "3", "--offline", "--format", "json"],
            environment: ["LEXAGG_RANDOMWORD_ENDPOINT": healthy.baseURL], also: [.randomword, .wordlist]
        )
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(healthy.requests.count == 1, "only the online run asked the service")
        #expect(offline.stderr.isEmpty, "\(offline.stderr)")
        let local = try JSONSerializationFree.object(offline.stdout)
        #expect(local["provider"] as? String == "wordlist")
        #expect((local["words"] as? [String])?.count == 3)
        // A language only the online service gives: the languages named are those that can answer offline.
        let spanish = await CLIRun.run(["random", "--offline", "--lang", "es"], environment: ["LEXAGG_RANDOMWORD_ENDPOINT": healthy.baseURL],
                                       also: [.randomword, .wordlist])
        // (English from the word list; German and French too where FreeDict's databases of them are installed.)
        let prefix = "lexagg: error: no offline provider gives random Spanish words; languages available: "
        let line = spanish.stderr.split(separator: "\n").first { $0.hasPrefix(prefix) }
        let available = line.map { $0.dropFirst(prefix.count).split(separator: ",").map { String($0.drop { $0 == " " }) } } ?? []
        #expect(spanish.status == 64 && available.contains("en") && !available.contains("es"), "\(spanish.stderr)")
    }

    @Test func freeDictionaryThroughTheCLI() async throws {
        let server = try await ReplayServer.start(fallback: .json(Self.bytes("freedictionary/error-404-no-definitions.json"), status: 404))
        defer { Task { await server.shutdown() } }
        server.route("/api/v2/entries/en/bass", .json(Self.bytes("freedictionary/entries-en-bass.json")))
        let environment = ["LEXAGG_FREEDICTIONARY_ENDPOINT": server.baseURL]
        let run = await CLIRun.run(["lookup", "bass", "--providers", "freedictionary", "--timeout", "60"], environment: environment, also: [.freedictionary])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[freedictionary]"))
        let missing = await CLIRun.run(["lookup", "qqqzzz", "--providers", "freedictionary", "--timeout", "60"], environment: environment, also: [.freedictionary])
        #expect(missing.status == ExitStatus.notFound.rawValue)
    }

    @Test func ponsTranslatesWithTheKeyAndNeverShowsIt() async throws {
        let secret = "s3cr3t-pons-key-0123456789"
        let server = try await ReplayServer.start(fallback: .text("", status: 204))
        defer { Task { await server.shutdown() } }
        server.route("/v1/dictionary", query: ["q": "house", "l": "enfr", "in": "en"], .json(Self.bytes("pons/dictionary-enfr-house-in-en.json")))
        let environment = ["LEXAGG_PONS_ENDPOINT": server.baseURL, "LEXAGG_PONS_SECRET": secret]
        let run = await CLIRun.run(["translate", "house", "--from", "en", "--to", "fr", "--providers", "pons", "--timeout", "60"], environment: environment, also: [.pons])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("English → French"))
        #expect(server.requests.last?.header("X-Secret") == secret)
        let json = await CLIRun.run(["translate", "house", "--from", "en", "--to", "fr", "--providers", "pons", "--format", "json", "--timeout", "60"], environment: environment, also: [.pons])
        server.setFallback(.text("forbidden \(secret)", status: 403))
        let refused = await CLIRun.run(["translate", "maison", "--from", "fr", "--to", "en", "--providers", "pons", "--timeout", "60"], environment: environment, also: [.pons])
        #expect(refused.status == ExitStatus.unavailable.rawValue)
        let providers = await CLIRun.run(["providers", "--format", "json"], environment: environment, also: [.pons])
        for output in [run.stdout, run.stderr, json.stdout, refused.stdout, refused.stderr, providers.stdout] {
            #expect(!output.contains(secret), "the PONS key leaked")
        }
        let withoutKey = await CLIRun.run(["translate", "house", "--from", "en", "--to", "fr", "--providers", "pons", "--timeout", "60"], environment: ["LEXAGG_PONS_ENDPOINT": server.baseURL], also: [.pons])
        #expect(withoutKey.status == ExitStatus.unavailable.rawValue)
        #expect(withoutKey.stderr.contains("LEXAGG_PONS_SECRET"))
    }

    @Test(arguments: [["random", "--count", "0"], ["random", "--count", "5000"], ["random", "--lang", "xx-?"]])
    func randomRejectsBadCounts(arguments: [String]) async {
        let run = await CLIRun.run(arguments, also: [.wordlist])
        #expect(run.status == ExitStatus.usage.rawValue)
    }
}
