#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LexAggFixtures
import Testing

/// The built binary: `lexagg serve http --port 0` prints its address, serves, and on SIGTERM during load stops
/// within a generous bound after answering the requests in flight.
@Suite(.serialized) struct ServeBinaryTests {
    /// An external provider that takes 1.5 s to define any word, to hold a request in flight.
    static let slowProvider = #"""
    import json, sys, time
    for line in sys.stdin:
        request = json.loads(line)
        method, rid = request.get("method"), request.get("id")
        if method == "initialize":
            result = {"id": "slow", "name": "Slow", "capabilities": ["define"], "languages": ["en"], "online": False, "protocolVersion": 1}
        elif method == "define":
            time.sleep(1.5)
            source = {"provider": "slow", "source": "slow.py", "retrievedAt": "2026-01-01T00:00:00Z"}
            sense = {"definition": "a slow answer", "examples": [], "labels": [], "synonyms": [], "antonyms": [], "subsenses": [], "sources": [source]}
            result = {"entries": [{"headword": request["params"]["word"], "language": "en", "pronunciations": [],
                      "senseGroups": [{"partOfSpeech": "noun", "senses": [sense]}], "translations": [], "provenance": source}]}
        else:
            result = None
        print(json.dumps({"jsonrpc": "2.0", "id": rid, "result": result}), flush=True)
    """#

    /// `lexagg serve http` started with `arguments` after `serve http --port 0 --quiet`, and the addresses it
    /// printed: HTTP's, and DICT's with `--dict-port`. The caller stops it (the process is killed if the test ends
    /// first: ``Server/stop()`` in a `defer`).
    struct Server {
        let process: Process
        let http: String
        let dictPort: String?

        static func start(_ arguments: [String], environment: [String: String]) async throws -> Server {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BinaryRun.binary)
            process.arguments = ["serve", "http", "--port", "0", "--quiet"] + arguments
            process.environment = environment
            let stdout = Pipe()
            process.standardOutput = stdout
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            let printed = await stdout.fileHandleForReading.lines(arguments.contains("--dict-port") ? 2 : 1)
            let lines = printed.split(separator: "\n").map(String.init)
            func address(_ prefix: String) -> String? { lines.first { $0.hasPrefix(prefix) }?.split(separator: " ").last.map(String.init) }
            guard let http = address("lexagg: serving HTTP on ") else {
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                throw ServerDidNotStart(printed: printed)
            }
            return Server(process: process, http: http, dictPort: address("lexagg: serving DICT on ")?.split(separator: ":").last.map(String.init))
        }

        struct ServerDidNotStart: Error { let printed: String }

        /// Kills the server if it still runs (a test that failed before stopping it).
        func stop() { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        /// SIGTERM, then its exit status.
        func terminate() async -> Int32 { await process.terminated() }
    }

    /// Beyond loopback, the DICT port is open to anyone whatever `--token` says (DICT has no tokens): lexagg says so. With
    /// a token set it said nothing at all, as if the token covered both.
    @Test func aDICTPortBeyondLoopbackIsWarnedOfEvenWithAToken() async throws {
        let directory = TemporaryFiles.directory()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRun.binary)
        process.arguments = ["serve", "http", "--host", "0.0.0.0", "--port", "0", "--dict-port", "0", "--token", "s3cret"]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": directory, "XDG_CONFIG_HOME": directory + "/config", "LEXAGG_CACHE_DIR": directory + "/cache"]
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let printed = await stdout.fileHandleForReading.lines(2)
        await process.terminated()
        let warnings = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.contains("serving DICT on"), "\(printed)")
        #expect(warnings.contains("serving the network on 0.0.0.0: anyone who can reach this machine's port 0 can use it"), "\(warnings)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func sigtermDuringLoadAnswersTheRequestsInFlightAndExits() async throws {
        let directory = TemporaryFiles.directory()
        try Self.slowProvider.write(toFile: directory + "/slow.py", atomically: true, encoding: .utf8)
        let server = try await Server.start(["--rate-limit", "0"], environment: [
            "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_CONFIG_HOME": directory + "/config",
            "LEXAGG_CACHE_DIR": directory + "/cache", "LEXAGG_SLOW_COMMAND": "python3 \(directory)/slow.py",
        ])
        defer { server.stop() }
        let process = server.process
        let base = server.http
        #expect(base.hasPrefix("http://127.0.0.1:"))
        #expect(try await TestServer.get(base + "/healthz").status == 200)
        #expect(try await TestServer.get(base + "/v1/lookup?word=serendipity&providers=wordnet").status == 200)

        // Load: fast lookups from several clients, until the server goes away.
        let words = ["house", "serendipity", "run", "bank", "tree", "water", "light", "stone"]
        let load = Task {
            await withTaskGroup(of: [Int].self) { group in
                for client in 0..<8 {
                    group.addTask {
                        var statuses: [Int] = []
                        var index = client
                        while !Task.isCancelled {
                            guard let reply = try? await TestServer.get(base + "/v1/lookup?providers=wordnet&word=" + words[index % words.count])
                            else { break }  // refused or closed: the server is stopping
                            statuses.append(reply.status)
                            index += 1
                        }
                        return statuses
                    }
                }
                var all: [Int] = []
                for await statuses in group { all += statuses }
                return all
            }
        }
        try await Task.sleep(for: .milliseconds(500))
        async let slow = TestServer.get(base + "/v1/lookup?word=patience&providers=slow&timeout=10")
        try await Task.sleep(for: .milliseconds(700))
        let signalled = ContinuousClock.now
        kill(process.processIdentifier, SIGTERM)

        let inFlight = try await slow
        #expect(inFlight.status == 200, "\(inFlight.body)")
        #expect(inFlight.body.contains("a slow answer"))
        while process.isRunning && signalled.duration(to: .now) < .seconds(15) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(!process.isRunning, "still running 15 s after SIGTERM")
        load.cancel()
        let answered = await load.value
        await process.exited()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // How many load requests got through depends on how busy the machine is; that each one answered is 200 does not.
        #expect(!answered.isEmpty, "no request answered under load")
        #expect(answered.allSatisfy { $0 == 200 }, "\(Set(answered))")
    }

    /// A dataset imported while the server runs is served when a request names it (the server looks for providers
    /// again, at most once a second, when a request names one it does not know), over HTTP and, with a `dict`
    /// client at hand, over DICT (`SHOW DB` lists it, `DEFINE` answers from it); imported again, it is served from
    /// the new file; removed, it is not served.
    @Test func aDatasetImportedWhileTheServerRunsIsServed() async throws {
        let dictClient = FileManager.default.isExecutableFile(atPath: "/usr/bin/dict")
        let directory = TemporaryFiles.directory()
        let environment = ["PATH": "/usr/bin:/bin", "HOME": directory, "LEXAGG_CACHE_DIR": directory + "/cache"]
        let server = try await Server.start(["--rate-limit", "0"] + (dictClient ? ["--dict-port", "0"] : []), environment: environment)
        defer { server.stop() }
        let base = server.http, dictPort = server.dictPort
        let url = base + "/v1/lookup?word=house&providers=fresh"
        let before = try await TestServer.get(url)
        #expect(before.status == 400 && before.body.contains("unknown provider"), "\(before.status) \(before.body)")

        let imported = await BinaryRun.run(
            ["data", "import", "wiktextract", FixtureStore.path("wiktextract/sample.jsonl"), "--name", "fresh"], environment: environment
        )
        #expect(imported.status == 0, "\(imported.stderr)")
        // The server looked a moment ago (the first request); a second later it looks again.
        try await Task.sleep(for: .milliseconds(1100))
        let after = try await TestServer.get(url)
        #expect(after.status == 200, "\(after.status) \(after.body)")
        #expect(after.body.contains("A structure built or serving as an abode of human beings."), "\(after.body)")
        if let dictPort {
            let listed = await BinaryRun.run(["-h", "127.0.0.1", "-p", dictPort, "-D"], executable: "/usr/bin/dict")
            #expect(listed.stdout.contains("fresh"), "\(listed.stdout) \(listed.stderr)")
            let defined = await BinaryRun.run(["-h", "127.0.0.1", "-p", dictPort, "-d", "fresh", "house"], executable: "/usr/bin/dict")
            #expect(defined.stdout.contains("abode of human beings"), "\(defined.stdout) \(defined.stderr)")
        }

        // Imported again under the same name (a new file renamed over the one the server opened): served from the
        // new file once the server has looked (a second later), its old answers not served from the cache.
        let newer = directory + "/newer.jsonl"
        try #"{"word": "house", "lang_code": "en", "lang": "English", "pos": "noun", "senses": [{"glosses": ["A newer sense of the word."]}]}"#
            .write(toFile: newer, atomically: true, encoding: .utf8)
        let again = await BinaryRun.run(["data", "import", "wiktextract", newer, "--name", "fresh"], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        try await Task.sleep(for: .milliseconds(1100))
        let replaced = try await TestServer.get(url)
        #expect(replaced.status == 200 && replaced.body.contains("A newer sense of the word."), "\(replaced.status) \(replaced.body)")
        #expect(!replaced.body.contains("abode of human beings"), "\(replaced.body)")
        if let dictPort {
            let defined = await BinaryRun.run(["-h", "127.0.0.1", "-p", dictPort, "-d", "fresh", "house"], executable: "/usr/bin/dict")
            #expect(defined.stdout.contains("A newer sense"), "\(defined.stdout) \(defined.stderr)")
        }

        // Removed: no longer served.
        let removed = await BinaryRun.run(["data", "remove", "fresh"], environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        try await Task.sleep(for: .milliseconds(1100))
        let gone = try await TestServer.get(url)
        #expect(gone.status == 400 && gone.body.contains("unknown provider"), "\(gone.status) \(gone.body)")
        if let dictPort {
            let defined = await BinaryRun.run(["-h", "127.0.0.1", "-p", dictPort, "-d", "fresh", "house"], executable: "/usr/bin/dict")
            #expect((defined.stdout + defined.stderr).contains("is not a valid database"), "\(defined.stdout) \(defined.stderr)")
        }
        #expect(await server.terminate() == 0)
    }

    /// A port another program listens on: exit 69 with the port and the protocol in words — for `--dict-port`
    /// before the HTTP server starts — not the socket library's error.
    @Test func aPortInUseIsSaidInWords() async throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(bound == 0 && listen(listener, 1) == 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let port = String(UInt16(bigEndian: address.sin_port))
        let directory = TemporaryFiles.directory()
        let environment = ["PATH": "/usr/bin:/bin", "HOME": directory]
        let same = await BinaryRun.run(["serve", "http", "--port", port, "--dict-port", port], environment: environment)
        #expect(same.status == 64 && same.stderr.contains("--port and --dict-port are both \(port)"), "\(same.stderr)")
        for (arguments, service) in [
            (["serve", "http", "--port", port], "HTTP"), (["serve", "dict", "--port", port], "DICT"),
            (["serve", "http", "--port", "0", "--dict-port", port], "DICT"),
        ] {
            let run = await BinaryRun.run(arguments, environment: environment)
            #expect(run.status == 69, "\(arguments): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.contains("127.0.0.1:\(port) (\(service)): the port is already in use"), "\(arguments): \(run.stderr)")
            #expect(!run.stderr.contains("errno") && !run.stdout.contains("serving HTTP"), "\(arguments): \(run.stdout) \(run.stderr)")
        }
        // A host that does not resolve is a usage error in words, before any warning about the network (it was
        // the socket library's `SocketAddressError.UnknownHost`).
        for command in ["http", "dict"] {
            let run = await BinaryRun.run(["serve", command, "--host", "lexagg-test.invalid", "--port", "0"], environment: environment)
            #expect(run.status == 64 && run.stderr.contains("--host 'lexagg-test.invalid' is no address and no name that resolves"), "\(run.stderr)")
            #expect(!run.stderr.contains("SocketAddressError") && !run.stderr.contains("without a token"), "\(run.stderr)")
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dict")))
    func oneProcessServesHTTPAndDICTFromOneCache() async throws {
        let directory = TemporaryFiles.directory()
        let server = try await Server.start(
            ["--dict-port", "0"], environment: ["PATH": "/usr/bin:/bin", "HOME": directory, "LEXAGG_CACHE_DIR": directory + "/cache"]
        )
        defer { server.stop() }
        let http = server.http
        let port = try #require(server.dictPort)
        #expect(try await TestServer.get(http + "/v1/lookup?word=serendipity&providers=wordnet").status == 200)
        let client = await BinaryRun.run(["-h", "127.0.0.1", "-p", port, "-d", "wordnet", "serendipity"], executable: "/usr/bin/dict")
        #expect(client.stdout.contains("good luck in making unexpected and fortunate discoveries"), "\(client.stderr)")
        #expect(await server.terminate() == 0)
    }
}

extension ServeBinaryTests {
    /// A negative number after a numeric option of `serve http`, `serve dict` is that option's value, refused (64) with
    /// the option's own range — `--rate-limit -1` said "Missing value for '--rate-limit <n>'", as if `-1` were an
    /// option.
    @Test(arguments: [
        (["serve", "http", "--rate-limit", "-1"], "--rate-limit must be 0 (no limit) or more, not -1"),
        (["serve", "http", "--rate-limit=-1"], "--rate-limit must be 0 (no limit) or more, not -1"),
        (["serve", "http", "--port", "-1"], "--port must be between 0 and 65535, not -1"),
        (["serve", "http", "--max-concurrent", "-3"], "--max-concurrent must be from 1 to 10000, not -3"),
        (["serve", "http", "--idle-timeout", "-5"], "--idle-timeout must be between 1 and 86400 seconds, not -5"),
        (["serve", "http", "--dict-port", "-2"], "--dict-port must be from 0 to 65535, not -2"),
        (["serve", "http", "--burst", "-1"], "--burst must be at least 1, not -1"),
        (["serve", "dict", "--port", "-1"], "--port must be between 0 and 65535, not -1"),
        (["serve", "dict", "--max-connections", "-4"], "--max-connections must be between 1 and 10000, not -4"),
        (["serve", "dict", "--idle-timeout", "-6"], "--idle-timeout must be between 1 and 86400 seconds, not -6"),
    ])
    func aNegativeNumberIsRefusedByItsOption(arguments: [String], message: String) async {
        let run = await BinaryRun.run(arguments, environment: ["HOME": TemporaryFiles.directory()])
        #expect(run.status == 64, "\(arguments): \(run.status) \(run.stderr)")
        #expect(!run.stderr.contains("Missing value"), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }
}
