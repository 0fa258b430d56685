import Foundation
import LexAggCLI
import LexAggCore
import LexAggFixtures
import FreeDictionaryProvider
import PONSProvider
import ProviderConformance
import Testing
import WiktionaryProvider

/// Every command asks the one lookup service: translations are cached, `library add` saves what `lookup` shows,
/// `--verbose` logs to standard error only, and a machine with no network gets one warning line.
@Suite struct LookupServiceCommandTests {
    @Test func aTranslationIsCachedAndServedOffline() async throws {
        let secret = "s3cr3t-pons-key-0123456789"
        let server = try await ReplayServer.start(fallback: .text("", status: 204))
        defer { Task { await server.shutdown() } }
        server.route("/v1/dictionary", query: ["q": "house", "l": "enfr", "in": "en"],
                     .json(OnlineCommandTests.bytes("pons/dictionary-enfr-house-in-en.json")))
        let environment = ["LEXAGG_PONS_ENDPOINT": server.baseURL, "LEXAGG_PONS_SECRET": secret,
                           "LEXAGG_CACHE_DIR": TemporaryFiles.directory()]
        let translate = ["translate", "house", "--from", "en", "--to", "fr", "--providers", "pons", "--timeout", "60"]
        let first = await CLIRun.run(translate + ["--debug"], environment: environment, also: [.pons])
        #expect(first.status == 0, "\(first.stderr)")
        // Every log line of a PONS call, at the most detailed level, and not one holds the key.
        let logLines = first.stderr.split(separator: "\n").filter { $0.hasPrefix("lexagg: [") }
        #expect(logLines.contains { $0.contains("GET \(server.baseURL)/v1/dictionary?") }, "\(first.stderr)")
        #expect(!logLines.contains { $0.contains(secret) }, "the PONS key is in a log line")
        let second = await CLIRun.run(translate + ["--format", "json"], environment: environment, also: [.pons])
        #expect(second.status == 0)
        #expect(server.requests.count == 1, "the second translation comes from the cache: no quota spent")
        #expect(second.stdout.contains("\"origin\" : \"cache\""))
        let offline = await CLIRun.run(translate + ["--offline"], environment: environment, also: [.pons])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("English → French"))
        #expect(server.requests.count == 1, "--offline makes no request")
        let refreshed = await CLIRun.run(translate + ["--refresh"], environment: environment, also: [.pons])
        #expect(refreshed.status == 0)
        #expect(server.requests.count == 2, "--refresh asks again")
        let bypass = await CLIRun.run(translate + ["--no-cache"], environment: environment, also: [.pons])
        #expect(bypass.status == 0)
        #expect(server.requests.count == 3, "--no-cache asks again")
        let missing = await CLIRun.run(["translate", "tree", "--from", "en", "--to", "fr", "--providers", "pons", "--offline"],
                                       environment: environment, also: [.pons])
        #expect(missing.status == ExitStatus.unavailable.rawValue)
        #expect(missing.stderr.contains("nothing is cached for it from pons"))
        #expect(server.requests.count == 3)
    }

    @Test func libraryAddSavesExactlyWhatLookupShows() async throws {
        let server = try await OnlineCommandTests.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_DATA_DIR": TemporaryFiles.directory(),
                           "LEXAGG_CACHE_DIR": TemporaryFiles.directory(), "LEXAGG_TIMEOUT": "60"]
        // Two providers answer "bank" (the fixture WordNet and Wiktionary), so the entries are merged and ranked.
        let lookup = await CLIRun.run(["lookup", "bank", "--format", "json"], environment: environment, also: [.wiktionary])
        #expect(lookup.status == 0, "\(lookup.stderr)")
        let add = await CLIRun.run(["library", "add", "bank"], environment: environment, also: [.wiktionary])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(server.requests.count == 1, "library add reads the answer lookup cached")
        let show = await CLIRun.run(["library", "show", "bank", "--format", "json"], environment: environment, also: [.wiktionary])
        // The same entries, but for when each was read (an offline dictionary is read afresh by each command).
        let shown = try #require(Self.entries(lookup.stdout, path: ["entries"])).map(Self.withoutRetrievalTimes)
        let saved = try #require(Self.entries(show.stdout, path: ["word", "entries"])).map(Self.withoutRetrievalTimes)
        #expect(shown.count >= 2 && shown.contains { ($0["provenance"] as? [String: Any])?["provider"] as? String == "wiktionary" })
        // The word's language only: the page's other languages are shown by lookup (JSON has everything), not saved.
        let english = shown.filter { ($0["language"] as? String).map { $0 == "en" } ?? true }
        #expect(english.count < shown.count, "the fixture page has entries in other languages")
        #expect(NSArray(array: saved).isEqual(to: english), "library add saved other entries than lookup showed")
        // The configured language applies to both alike: here no provider defines German words.
        let german = environment.merging(["LEXAGG_LANG": "de"]) { $1 }
        let lookupGerman = await CLIRun.run(["lookup", "serendipity", "--offline"], environment: german)
        let addGerman = await CLIRun.run(["library", "add", "serendipity", "--offline"], environment: german)
        #expect(lookupGerman.status == ExitStatus.usage.rawValue && addGerman.status == lookupGerman.status, "\(addGerman.stderr)")
        for (a, b) in zip(saved, shown) where !NSDictionary(dictionary: a).isEqual(to: b) {
            for key in Set(a.keys).union(b.keys) where !(NSDictionary(dictionary: a)[key].map { x in (b[key].map { NSArray(array: [x]).isEqual(to: [$0]) }) ?? false } ?? false) {
                Issue.record("\(key): saved \(String(describing: a[key]).prefix(300)) ≠ shown \(String(describing: b[key]).prefix(300))")
            }
        }
    }

    @Test func verboseLogsRequestsToStandardErrorAndLeavesStandardOutputAlone() async throws {
        let server = try await OnlineCommandTests.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL]
        let arguments = ["lookup", "bank", "--providers", "wiktionary", "--timeout", "60"]
        let plain = await CLIRun.run(arguments, environment: environment, also: [.wiktionary])
        let verbose = await CLIRun.run(arguments + ["--verbose"], environment: environment, also: [.wiktionary])
        let debug = await CLIRun.run(arguments, environment: environment.merging(["LEXAGG_LOG": "debug"]) { $1 }, also: [.wiktionary])
        #expect(plain.status == 0 && verbose.status == 0 && debug.status == 0)
        // The footer's latencies differ from run to run; everything else must be the same.
        func stable(_ text: String) -> String { text.split(separator: "\n").filter { !$0.hasPrefix("sources:") }.joined(separator: "\n") }
        #expect(stable(verbose.stdout) == stable(plain.stdout))
        #expect(stable(debug.stdout) == stable(plain.stdout))
        #expect(!plain.stdout.isEmpty)
        #expect(!plain.stderr.contains("[info]"))
        #expect(verbose.stderr.contains("lexagg: [info] define: asking wiktionary"))
        #expect(verbose.stderr.contains("entries from the source in"))
        #expect(verbose.stderr.contains("[info] GET \(server.baseURL)/w/api.php?"), "each request is logged")
        #expect(debug.stderr.contains("[info]"))
        let quiet = await CLIRun.run(["lookup", "bank", "--providers", "wiktionary", "--quiet", "--timeout", "60"],
                                     environment: ["LEXAGG_WIKTIONARY_ENDPOINT": "http://127.0.0.1:9"], also: [.wiktionary])
        #expect(quiet.status == ExitStatus.unavailable.rawValue)
        #expect(!quiet.stderr.contains("warning"), "--quiet silences warnings")
        #expect(quiet.stderr.contains("lexagg: error:"), "errors still show")
    }

    @Test func withNoNetworkEveryUnreachableSourceSharesOneWarningLine() async throws {
        // Host names under .invalid never resolve (RFC 6761): what a machine without network sees.
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": "http://wiktionary.invalid",
                           "LEXAGG_FREEDICTIONARY_ENDPOINT": "http://dictionaryapi.invalid"]
        let run = await CLIRun.run(["lookup", "serendipity", "--timeout", "60"], environment: environment,
                                   also: [.wiktionary, .freedictionary])
        #expect(run.status == 0, "WordNet still answers: \(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("wiktionary, freedictionary not reached") == true)
        // A batch says it once, not once a word.
        let words = TemporaryFiles.directory() + "/words"
        try "serendipity\nbank\nhouse\n".write(toFile: words, atomically: true, encoding: .utf8)
        let batch = await CLIRun.run(["lookup", "--batch", words, "--timeout", "60"], environment: environment,
                                     also: [.wiktionary, .freedictionary])
        #expect(batch.stderr.split(separator: "\n").filter { $0.contains("not reached") }.count == 1, "\(batch.stderr)")
    }

    @Test func doctorNamesAnUnreachableEndpointAndFails() async throws {
        let server = try await OnlineCommandTests.wiktionary()
        defer { Task { await server.shutdown() } }
        let directories = ["LEXAGG_CACHE_DIR": TemporaryFiles.directory(), "LEXAGG_DATA_DIR": TemporaryFiles.directory()]
        let healthy = await CLIRun.run(["doctor", "--timeout", "60"],
                                       environment: directories.merging(["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL]) { $1 },
                                       also: [.wiktionary, .pons])
        #expect(healthy.status == 0, "\(healthy.stdout)\(healthy.stderr)")
        #expect(healthy.stdout.contains("✓ wiktionary"))
        #expect(healthy.stdout.contains("· pons") && healthy.stdout.contains("LEXAGG_PONS_SECRET"), "not set up is a notice")
        #expect(server.requests.count == 1, "one cheap request per online provider")

        let broken = await CLIRun.run(["doctor", "--format", "json", "--timeout", "60"],
                                      environment: directories.merging(["LEXAGG_WIKTIONARY_ENDPOINT": "http://127.0.0.1:9"]) { $1 },
                                      also: [.wiktionary])
        #expect(broken.status == ExitStatus.unavailable.rawValue)
        let document = try #require(try? JSONSerialization.jsonObject(with: Data(broken.stdout.utf8)) as? [String: Any])
        #expect(document["ok"] as? Bool == false)
        let checks = try #require(document["checks"] as? [[String: Any]])
        let wiktionary = try #require(checks.first { $0["name"] as? String == "wiktionary" })
        #expect(wiktionary["status"] as? String == "failed")
        #expect((wiktionary["message"] as? String)?.contains("127.0.0.1:9") == true, "\(wiktionary)")
        #expect(checks.contains { $0["name"] as? String == "cache" && $0["status"] as? String == "ok" })

        // A host that cannot be found while no online source answers: the machine is offline, which is no failure
        // (lookups answer from the offline dictionaries); while another answers, a wrong endpoint, which is one.
        let offline = await CLIRun.run(["doctor", "--timeout", "60"],
                                       environment: directories.merging(["LEXAGG_WIKTIONARY_ENDPOINT": "http://no-such-host.invalid"]) { $1 },
                                       also: [.wiktionary])
        #expect(offline.status == 0, "\(offline.stdout)\(offline.stderr)")
        #expect(offline.stdout.contains("! wiktionary") && offline.stdout.contains("No network: the online sources (! above) were not reached"),
                "\(offline.stdout)")
        let wrong = await CLIRun.run(["doctor", "--format", "json", "--timeout", "60"], environment: directories.merging(
            ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_FREEDICTIONARY_ENDPOINT": "http://no-such-host.invalid"]) { $1 },
                                     also: [.wiktionary, .freedictionary])
        #expect(wrong.status == ExitStatus.unavailable.rawValue, "\(wrong.stdout)")
        #expect(wrong.stdout.contains("\"status\" : \"failed\""), "\(wrong.stdout)")

        // A data directory under a regular file can never be created: the library check says so.
        let file = TemporaryFiles.directory() + "/afile"
        FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        let blocked = await CLIRun.run(["doctor", "--timeout", "60"], environment: directories.merging(
            ["LEXAGG_DATA_DIR": file + "/lexagg", "LEXAGG_PROVIDERS": "wordnet"]) { $1 })
        #expect(blocked.status == ExitStatus.unavailable.rawValue, "\(blocked.stdout)")
        #expect(blocked.stdout.contains("✗ library") && blocked.stdout.contains("cannot create"))

        let badConfig = TemporaryFiles.directory() + "/config.toml"
        FileManager.default.createFile(atPath: badConfig, contents: Data("[lookup]\nstrategy = \"sometimes\"\n".utf8))
        let invalid = await CLIRun.run(["doctor"], environment: directories.merging(["LEXAGG_CONFIG": badConfig]) { $1 })
        #expect(invalid.status == ExitStatus.configuration.rawValue)
        #expect(invalid.stdout.contains("✗ configuration"))
        #expect(invalid.stdout.contains("✓ wordnet"), "the other checks still run")
    }

    static func withoutRetrievalTimes(_ value: [String: Any]) -> [String: Any] {
        func strip(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { $0.key != "retrievedAt" }.mapValues(strip)
            }
            if let array = value as? [Any] { return array.map(strip) }
            return value
        }
        return strip(value) as! [String: Any]
    }

    /// The array at `path` in a JSON document.
    static func entries(_ json: String, path: [String]) -> [[String: Any]]? {
        var value: Any? = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        for key in path { value = (value as? [String: Any])?[key] }
        return value as? [[String: Any]]
    }
}
