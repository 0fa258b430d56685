#if canImport(Glibc)
import Glibc
#endif
import LexAggCLI
import LexAggCore
import LexAggFixtures
import ProviderConformance
import Testing
import WiktionaryProvider

/// The cache through the command line: a real SQLite file in a temporary directory, Wiktionary on the loopback
/// replay server (which counts every request it gets).
@Suite struct CacheCommandTests {
    static func wiktionary() async throws -> ReplayServer {
        let server = try await ReplayServer.start(
            fallback: .json(OnlineCommandTests.bytes("wiktionary/responses/error-missingtitle.json"))
        )
        server.route(
            "/w/api.php", query: ["action": "parse", "page": "bank"],
            .json(OnlineCommandTests.bytes("wiktionary/responses/parse-bank.json"))
        )
        return server
    }

    static func lookup(_ arguments: [String], _ environment: [String: String]) async -> CLIRun {
        await CLIRun.run(["lookup"] + arguments + ["--timeout", "60"], environment: environment, also: [.wiktionary])
    }

    @Test func aRepeatedLookupIsServedFromTheCacheAndWhenTheNetworkIsGoneStale() async throws {
        let server = try await Self.wiktionary()
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_CACHE_DIR": TemporaryFiles.directory()]

        let first = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains("cached"))
        #expect(server.requests.count == 1)

        let second = await Self.lookup(["bank", "--providers", "wiktionary", "--format", "json"], environment)
        #expect(second.status == 0)
        #expect(server.requests.count == 1, "a fresh cached answer must not go to the network")
        let outcome = try #require((try JSONSerializationFree.object(second.stdout)["outcomes"] as? [[String: Any]])?.first)
        #expect(outcome["origin"] as? String == "cache")
        #expect(outcome["cachedAt"] != nil)

        // The network goes away; --refresh insists on asking, the source fails, the old answer is served stale.
        await server.shutdown()
        let stale = await Self.lookup(["bank", "--providers", "wiktionary", "--refresh"], environment)
        #expect(stale.status == 0, "\(stale.stderr)")
        #expect(stale.stdout.contains("[wiktionary]"))
        // A closed port is refused at once, or, on a loaded machine, a pooled connection to it times out: either way
        // the source failed and its cached answer stands in, marked stale with the reason.
        #expect(stale.stdout.contains("stale (cached just now; unavailable)") || stale.stdout.contains("stale (cached just now; timeout)"))
        #expect(stale.stderr.contains("showing its answer cached just now"))
    }

    @Test func anExpiredAnswerIsAskedForAgainAndServedStaleWhenTheSourceIsDown() async throws {
        let server = try await Self.wiktionary()
        let directory = TemporaryFiles.directory()
        var environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_CACHE_DIR": directory]
        _ = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        // A time to live of zero (from the configuration's environment variable): every answer is expired.
        environment["LEXAGG_CACHE_TTL"] = "0"
        _ = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        #expect(server.requests.count == 2, "an expired answer must be asked for again")
        await server.shutdown()
        let stale = await Self.lookup(["bank", "--providers", "wiktionary", "--format", "json"], environment)
        #expect(stale.status == 0)
        let outcome = try #require((try JSONSerializationFree.object(stale.stdout)["outcomes"] as? [[String: Any]])?.first)
        #expect(outcome["origin"] as? String == "stale")
        #expect(["unavailable", "timeout"].contains((outcome["staleBecause"] as? [String: Any])?["code"] as? String))
        // With the default time to live, the same answer is fresh: no stale marking, no network needed.
        environment["LEXAGG_CACHE_TTL"] = nil
        let fresh = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        #expect(fresh.stdout.contains("cached just now") && !fresh.stdout.contains("stale"))
    }

    @Test func offlineMakesNoRequestAtAll() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_CACHE_DIR": TemporaryFiles.directory()]

        // Nothing cached yet: offline dictionaries answer, Wiktionary is not asked.
        let before = await Self.lookup(["bank", "--offline"], environment)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.contains("[wordnet]"))
        #expect(before.stdout.contains("wiktionary – not cached (offline)"))
        let onlyOnline = await Self.lookup(["bank", "--offline", "--providers", "wiktionary"], environment)
        #expect(onlyOnline.status == ExitStatus.unavailable.rawValue)
        #expect(onlyOnline.stderr.contains("nothing is cached for it from wiktionary; try again without --offline"))
        #expect(server.requests.isEmpty, "--offline sent \(server.requests.count) requests")

        // Once cached, --offline answers from the cache, still without a request.
        _ = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        #expect(server.requests.count == 1)
        let after = await Self.lookup(["bank", "--offline", "--providers", "wiktionary"], environment)
        #expect(after.status == 0)
        #expect(after.stdout.contains("wiktionary ✓"))
        #expect(server.requests.count == 1)

        // --offline --no-cache: only offline dictionaries; naming only online ones is a usage error.
        let bare = await Self.lookup(["bank", "--offline", "--no-cache", "--providers", "wiktionary"], environment)
        #expect(bare.status == ExitStatus.usage.rawValue)
        #expect(bare.stderr.contains("need the network"))
        #expect(server.requests.count == 1)
    }

    @Test func noCacheNeitherReadsNorWrites() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let directory = TemporaryFiles.directory()
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_CACHE_DIR": directory]
        _ = await Self.lookup(["bank", "--providers", "wiktionary", "--no-cache"], environment)
        _ = await Self.lookup(["bank", "--providers", "wiktionary", "--no-cache"], environment)
        #expect(server.requests.count == 2)
        #expect(access(directory + "/cache.sqlite", F_OK) != 0, "--no-cache created the cache file")
        let contradiction = await Self.lookup(["bank", "--refresh", "--offline"], environment)
        #expect(contradiction.status == ExitStatus.usage.rawValue)
    }

    @Test func aCorruptCacheFileIsMovedAsideAndTheLookupStillWorks() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let directory = TemporaryFiles.directory()
        let garbage = String(repeating: "this is not a database\n", count: 400)
        let file = fopen(directory + "/cache.sqlite", "w")!
        fputs(garbage, file)
        fclose(file)
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_CACHE_DIR": directory]
        let run = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        #expect(run.status == 0)
        #expect(run.stderr.contains("could not be used"))
        #expect(run.stderr.contains("moved it to \(directory)/cache.sqlite.corrupt-"))
        #expect(run.stderr.split(separator: "\n").count == 1, "one warning, not one per read: \(run.stderr)")
        let again = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        #expect(again.stderr.isEmpty)
        #expect(again.stdout.contains("cached just now"))
    }

    @Test func statsPruneAndClear() async throws {
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_CACHE_DIR": TemporaryFiles.directory()]
        let empty = await CLIRun.run(["cache", "stats"], environment: environment)
        #expect(empty.status == 0)
        #expect(empty.stdout.contains("empty"))
        _ = await Self.lookup(["bank", "--providers", "wiktionary"], environment)
        _ = await Self.lookup(["qqqzzz", "--providers", "wiktionary"], environment)

        let stats = await CLIRun.run(["cache", "stats", "--format", "json"], environment: environment)
        #expect(stats.status == 0)
        let document = try JSONSerializationFree.object(stats.stdout)
        let body = try #require(document["stats"] as? [String: Any])
        #expect(body["entries"] as? Int == 2)
        let wiktionary = try #require((body["providers"] as? [[String: Any]])?.first)
        #expect(wiktionary["provider"] as? String == "wiktionary")
        #expect(wiktionary["negative"] as? Int == 1)
        #expect(wiktionary["expired"] as? Int == 0)

        let prune = await CLIRun.run(["cache", "prune"], environment: environment)
        #expect(prune.stdout == "deleted 0 expired answers\n")
        let clear = await CLIRun.run(["cache", "clear", "--provider", "wiktionary"], environment: environment)
        #expect(clear.stdout == "deleted 2 cached answers of wiktionary\n")
        let none = await CLIRun.run(["cache", "stats"], environment: environment)
        #expect(none.stdout.contains("empty"))
        // A name that is no provider and has no cached answers is a typo: a usage error.
        let typo = await CLIRun.run(["cache", "clear", "--provider", "wiktionery"], environment: environment)
        #expect(typo.status == ExitStatus.usage.rawValue, "\(typo.stdout) \(typo.stderr)")
        #expect(typo.stderr.contains("unknown provider 'wiktionery'"), "\(typo.stderr)")
        let known = await CLIRun.run(["cache", "clear", "--provider", "wordnet"], environment: environment)
        #expect(known.status == 0 && known.stdout == "deleted 0 cached answers of wordnet\n", "\(known.stdout) \(known.stderr)")
    }

    /// A report creates nothing: where there is no cache yet, `cache stats` says it is empty and leaves no file.
    @Test func statsOfACacheNotMadeYetCreatesNothing() async {
        let directory = TemporaryFiles.directory() + "/not/made/yet"
        let run = await CLIRun.run(["cache", "stats"], environment: ["LEXAGG_CACHE_DIR": directory])
        #expect(run.status == 0 && run.stdout.contains("empty"), "\(run.stdout) \(run.stderr)")
        #expect(access(directory, F_OK) != 0, "cache stats made the cache directory")
    }

    @Test func withoutAnyCacheDirectoryTheCommandSaysWhatToSet() async {
        let run = await CLIRun.run(["cache", "stats"], environment: [:])
        #expect(run.status == ExitStatus.unavailable.rawValue)
        #expect(run.stderr.contains("set LEXAGG_CACHE_DIR, XDG_CACHE_HOME or HOME"))
    }

    @Test func aFullDiskMeansNoCacheNotNoAnswer() async throws {
        // The binary runs with a file-size limit of 4 KiB (SIGXFSZ ignored, as a full disk would refuse the write).
        let server = try await Self.wiktionary()
        defer { Task { await server.shutdown() } }
        let directory = TemporaryFiles.directory()
        let command = "trap '' XFSZ; ulimit -f 8; exec " + BinaryRun.shellQuote(BinaryRun.binary)
            + " lookup bank --providers wiktionary --timeout 60"
        let run = await BinaryRun.run(
            ["-c", command],
            environment: ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_CACHE_DIR": directory],
            executable: "/bin/sh"
        )
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[wiktionary]"))
        #expect(run.stderr.contains("lexagg: warning:"), "the failed write must be reported")
        #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
    }
}
