#if canImport(Glibc)
import Glibc
#endif
import AsyncHTTPClient
import Foundation
import LexAggCore
import LexAggFixtures
import LexAggLibrary
import NIOCore
import ProviderConformance
import Testing

/// The built binary with `LEXAGG_STORE_URL` on a real PostgreSQL: several processes share one library and one cache.
@Suite(.serialized, .enabled(if: TestDatabase.available, TestDatabase.skipReason))
struct PostgresBinaryTests {
    /// An external provider that defines any word (offline, instant): for adding many words.
    static let echoProvider = #"""
    import json, sys
    for line in sys.stdin:
        request = json.loads(line)
        method, rid = request.get("method"), request.get("id")
        if method == "initialize":
            result = {"id": "echo", "name": "Echo", "capabilities": ["define"], "languages": ["en"], "online": False, "protocolVersion": 1}
        elif method == "define":
            word = request["params"]["word"]
            source = {"provider": "echo", "source": "echo.py", "retrievedAt": "2026-01-01T00:00:00Z"}
            sense = {"definition": "the word " + word, "examples": [], "labels": [], "synonyms": [], "antonyms": [], "subsenses": [], "sources": [source]}
            result = {"entries": [{"headword": word, "language": "en", "pronunciations": [],
                      "senseGroups": [{"partOfSpeech": "noun", "senses": [sense]}], "translations": [], "provenance": source}]}
        else:
            result = None
        print(json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}), flush=True)
    """#

    /// A home of its own for one process, on the shared store.
    static func environment(_ url: String, _ extra: [String: String] = [:]) -> [String: String] {
        let home = TemporaryFiles.directory()
        return [
            "HOME": home, "XDG_CONFIG_HOME": home + "/config", "LEXAGG_CACHE_DIR": home + "/cache",
            "LEXAGG_DATA_DIR": home + "/data", "LEXAGG_STORE_URL": url, "LANG": "C.UTF-8",
        ].merging(extra) { $1 }
    }

    static func echo() throws -> String {
        let directory = TemporaryFiles.directory()
        try echoProvider.write(toFile: directory + "/echo.py", atomically: true, encoding: .utf8)
        return "python3 " + directory + "/echo.py"
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func aWordAddedInOneProcessIsListedInAnotherAndEightWritersStoreEveryWord() async throws {
        let url = try await TestDatabase.create()
        let echo = try Self.echo()
        let add = await BinaryRun.run(["library", "add", "serendipity", "--providers", "echo"],
                                environment: Self.environment(url, ["LEXAGG_ECHO_COMMAND": echo]))
        #expect(add.status == 0, "\(add.stderr)")
        let list = await BinaryRun.run(["library", "list", "--format", "json"], environment: Self.environment(url))
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("\"serendipity\""))

        // 8 processes × 100 adds at once.
        let runs = await withTaskGroup(of: (Int32, String).self) { group in
            for process in 0..<8 {
                group.addTask {
                    let run = await BinaryRun.run(["library", "add", "--providers", "echo"] + (0..<100).map { "w\(process)x\($0)" },
                                            environment: Self.environment(url, ["LEXAGG_ECHO_COMMAND": echo]))
                    return (run.status, run.stderr)
                }
            }
            var all: [(Int32, String)] = []
            for await run in group { all.append(run) }
            return all
        }
        for (status, stderr) in runs { #expect(status == 0, "\(stderr)") }
        let counted = await BinaryRun.run(["library", "list", "--limit", "1", "--format", "json"], environment: Self.environment(url))
        let document = try JSONSerialization.jsonObject(with: Data(counted.stdout.utf8)) as? [String: Any]
        #expect(document?["total"] as? Int == 801, "\(counted.stdout.prefix(300))")
    }

    @Test func aSQLiteLibraryOfAThousandWordsIsCopiedWithNothingLost() async throws {
        let url = try await TestDatabase.create()
        let local = TemporaryFiles.directory()
        let en = Language("en")!
        let de = Language("de")!
        var words: [LibraryWord] = []
        for index in 0..<1000 {
            let spelling: String = "word\(index)" + (index % 7 == 0 ? "é" : "")
            let translations: [String] = index % 3 == 0 ? ["Wort \(index)"] : []
            let entry = PostgresLibraryTests.entry(spelling, "meaning \(index)", translations: translations)
            let added = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            words.append(LibraryWord(
                word: spelling, language: index % 5 == 0 ? de : en, entries: [entry], starred: index % 4 == 0, added: added
            ))
        }
        let file = local + "/export.json"
        try LibraryExporter.export(words, as: .json).write(toFile: file, atomically: true, encoding: .utf8)
        let sqlite = ["HOME": local, "LEXAGG_DATA_DIR": local + "/data", "XDG_CONFIG_HOME": local + "/config", "LANG": "C.UTF-8"]
        let imported = await BinaryRun.run(["library", "import", file], environment: sqlite)
        #expect(imported.status == 0, "\(imported.stderr)")

        let copy = await BinaryRun.run(["store", "copy", "--from", "sqlite:" + local + "/data/library.sqlite", "--to", url], environment: sqlite)
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(copy.stdout.contains("1000 words read, 1000 added, 0 merged, 0 already there"), "\(copy.stdout)")
        let again = await BinaryRun.run(["store", "copy", "--from", "sqlite:" + local + "/data", "--to", url, "--format", "json"], environment: sqlite)
        #expect(again.status == 0, "\(again.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        let library = report?["library"] as? [String: Any]
        #expect(library?["added"] as? Int == 0)
        #expect(library?["unchanged"] as? Int == 1000, "copying again adds nothing")

        let before = await BinaryRun.run(["library", "export", "--format", "json"], environment: sqlite)
        let after = await BinaryRun.run(["library", "export", "--format", "json"], environment: Self.environment(url))
        #expect(after.status == 0, "\(after.stderr)")
        #expect(before.stdout.count > 100_000)
        #expect(before.stdout == after.stdout, "the exports differ")
        for (name, environment) in [("sqlite", sqlite), ("postgres", Self.environment(url))] {
            let starred = await BinaryRun.run(["library", "list", "--favorites", "--limit", "1", "--format", "json"], environment: environment)
            let total = (try? JSONSerialization.jsonObject(with: Data(starred.stdout.utf8)) as? [String: Any])?["total"] as? Int
            #expect(total == 250, "\(name): \(starred.stdout.prefix(200))")
        }
    }

    @Test func anUnreachableStoreFailsLibraryCommandsWith69AndLookupsStillAnswer() async throws {
        let port = try ClosedPort()
        let environment = Self.environment(TestDatabase.closedURL(port))
        let list = await BinaryRun.run(["library", "list"], environment: environment)
        #expect(list.status == 69, "\(list.stdout) \(list.stderr)")
        #expect(list.stderr.contains("127.0.0.1:\(port.port)"))
        #expect(!list.stderr.contains("Fatal"))

        let server = try await ReplayServer.start(fallback: .json(Self.bytes("wiktionary/responses/error-missingtitle.json")))
        defer { Task { await server.shutdown() } }
        server.route("/w/api.php", query: ["action": "parse", "page": "bank"], .json(Self.bytes("wiktionary/responses/parse-bank.json")))
        var online = environment
        online["LEXAGG_WIKTIONARY_ENDPOINT"] = server.baseURL
        let lookup = await BinaryRun.run(["lookup", "bank", "--providers", "wiktionary", "--timeout", "60"], environment: online)
        #expect(lookup.status == 0, "\(lookup.stderr)")
        #expect(lookup.stdout.contains("[wiktionary]"))
        let warnings = lookup.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1, "\(lookup.stderr)")
        #expect(warnings.first?.contains("going on without the cache") == true)
    }

    static func bytes(_ fixture: String) -> [UInt8] { Array(TemporaryFiles.read(FixtureStore.path(fixture)).utf8) }
}
