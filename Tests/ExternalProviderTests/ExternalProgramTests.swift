import ExternalProvider
import Foundation
import LexAggCore
import LexAggFixtures
import Testing

/// The provider against real child processes: the example glossary, and small broken programs written by the tests.
@Suite struct ExternalProgramTests {
    @Test func theExampleDefinesSuggestsAndGivesRandomWords() async throws {
        let program = Scripts.program(id: "external-provider", path: Scripts.example)
        let result = try await program.lookup(try LookupQuery("house"))
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.allSenses.first?.definition.contains("building") == true)
        #expect(result.entries.allSatisfy { $0.provenance.provider.rawValue == "external-provider" })
        #expect(program.descriptor.displayName == "Example glossary")
        #expect(program.descriptor.capabilities.contains(.define) && !program.descriptor.capabilities.contains(.translate))

        let unknown = try await program.lookup(try LookupQuery("qxzvkwjqxz"))
        #expect(unknown.isEmpty)
        let suggestions = try await program.suggestions(for: try LookupQuery("hou"), limit: 5)
        #expect(suggestions == ["house", "household"])
        let random = try await program.randomWords(RandomWordRequest(count: 2))
        #expect(random.count == 2)
        // One process serves every request of the run.
        _ = try await program.lookup(try LookupQuery("hello"))
    }

    /// A program gets its three pipes and nothing else of lexagg's: a descriptor opened without close-on-exec (as
    /// SwiftNIO accepts a server's connections) was inherited, so a connection `serve http` closed stayed open in a
    /// long-lived provider, and its idle client never saw the end (a test's silent connection waited out 60 s).
    @Test func aProgramInheritsNoDescriptorButItsPipes() async throws {
        let directory = Scripts.directory()
        let marker = directory + "/held-open", listing = directory + "/descriptors"
        FileManager.default.createFile(atPath: marker, contents: Data())
        let held = open(marker, O_RDONLY)  // no O_CLOEXEC
        try #require(held >= 0)
        defer { close(held) }
        let path = Scripts.write("descriptors", """
            import os
            with open(\(BinaryRun.shellQuote(listing).replacingOccurrences(of: "'", with: "\"")), "w") as out:
                for fd in sorted(os.listdir("/proc/self/fd"), key=int):
                    try:
                        out.write(fd + " " + os.readlink("/proc/self/fd/" + fd) + "\\n")
                    except OSError:
                        pass
            """ + "\n" + Scripts.provider())
        _ = try await Scripts.program(id: "descriptors", path: path).lookup(try LookupQuery("house"))
        let descriptors = TemporaryFiles.read(listing)
        #expect(descriptors.contains("0 pipe:"), "\(descriptors)")
        #expect(!descriptors.contains(marker), "lexagg's descriptor \(held) reached the program: \(descriptors)")
    }

    @Test func aProgramThatCrashesOnStartIsUnavailableWithItsErrorOutput() async throws {
        let path = Scripts.write("crash", """
            import sys
            sys.stderr.write("boom: cannot open the word list\\n")
            sys.exit(3)
            """)
        let error = await Scripts.failure { try await Scripts.program(id: "crash", path: path).lookup(try LookupQuery("house")) }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("status 3") == true, "\(String(describing: error))")
        #expect(error?.message.contains("boom: cannot open the word list") == true, "\(String(describing: error))")
    }

    /// A hang would hold the test until its time limit; how long the timeout took is not asserted (wall-clock time
    /// on a loaded machine says nothing about lexagg).
    @Test(.timeLimit(.minutes(2))) func aSilentProgramTimesOutInsteadOfHanging() async throws {
        let path = Scripts.write("silent", """
            import sys, time
            for line in sys.stdin:
                time.sleep(3600)
            """)
        let error = await Scripts.failure {
            try await Scripts.program(id: "silent", path: path, timeout: .seconds(1)).lookup(try LookupQuery("house"))
        }
        #expect(error?.code == .timeout)
        #expect(error?.message.contains("within 1 s") == true, "\(String(describing: error))")
    }

    /// A program stuck in a child of its own (a shell script's `curl`, here a `sleep` that inherited its standard
    /// input and output) is ended with that child: the child kept the pipes open, so the killed program was never
    /// seen to end, and every later request went to it and waited out its whole time limit too.
    @Test(.timeLimit(.minutes(2))) func aTimedOutProgramIsEndedWithItsChildrenAndTheNextRequestStartsAfresh() async throws {
        let marker = Scripts.directory() + "/stuck-once"
        let path = Scripts.write("stuckchild", Scripts.provider(define: #"{"entries": []}"#).replacingOccurrences(
            of: "        time.sleep(0)\n",
            with: """
                    if not os.path.exists(r'\(marker)'):
                        open(r'\(marker)', 'w').close()
                        import subprocess
                        child = subprocess.Popen(["sleep", "3600"])
                        open(r'\(marker)', 'w').write(str(child.pid))
                        time.sleep(3600)

            """
        ))
        #expect(TemporaryFiles.read(path).contains("subprocess"), "the script must hang on its first lookup")
        let program = Scripts.program(id: "stuckchild", path: path, timeout: .seconds(2))
        let first = await Scripts.failure { try await program.lookup(try LookupQuery("house")) }
        #expect(first?.code == .timeout)
        let second = await Scripts.failure { try await program.lookup(try LookupQuery("house")) }
        #expect(second == nil, "a new process answers: \(String(describing: second))")
        // The child is gone too (killed with its parent's process group).
        let child = try #require(Int32(TemporaryFiles.read(marker)))
        var gone = false
        for _ in 0..<200 where !gone {
            // (Killed and not yet reaped, it is a zombie: in a container whose first process does not reap them,
            // for good.)
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            gone = (kill(child, 0) != 0 && errno == ESRCH) || stat.split(separator: ")").last?.split(separator: " ").first == "Z"
            if !gone { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(gone, "the stuck program's child \(child) still runs")
    }

    @Test func garbageOnStandardOutputIsAMalformedResponse() async throws {
        let path = Scripts.write("garbage", """
            import sys
            for line in sys.stdin:
                print("Traceback? no, just text", flush=True)
            """)
        let error = await Scripts.failure { try await Scripts.program(id: "garbage", path: path).lookup(try LookupQuery("house")) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.excerpt?.contains("just text") == true)
    }

    @Test func aProgramClaimingAnotherIDIsRefused() async throws {
        let path = Scripts.write("liar", Scripts.provider(initialize: #"{"id": "someone-else", "name": "Liar", "capabilities": ["define"]}"#))
        let error = await Scripts.failure { try await Scripts.program(id: "liar", path: path).lookup(try LookupQuery("house")) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("'someone-else'") == true && error?.message.contains("registered as 'liar'") == true)
    }

    @Test func aTranslatorDeclaresItsDirectionsAndTranslates() async throws {
        let entry = #"{"headword": "house", "language": "en", "pronunciations": [], "senseGroups": [], "translations": [{"text": "Haus", "pair": {"source": "en", "target": "de"}, "notes": ["neut"], "examples": [], "provenance": {"provider": "dict", "source": "t", "retrievedAt": "2026-01-01T00:00:00Z"}}], "provenance": {"provider": "dict", "source": "t", "retrievedAt": "2026-01-01T00:00:00Z"}}"#
        let path = Scripts.write("dict", Scripts.provider(
            initialize: #"{"id": "dict", "name": "Dict", "capabilities": ["translate"], "translationPairs": [{"from": "en", "to": "de"}]}"#,
            define: "{\"entries\": [\(entry)]}", method: "translate"
        ))
        let program = Scripts.program(id: "dict", path: path)
        let result = try await program.translate(try TranslationQuery("house", from: .english, to: .german))
        #expect(result.entries.first?.translations.first?.text == "Haus")
        #expect(program.descriptor.translationPairs == [LanguagePair(source: .english, target: .german)])
        #expect(program.descriptor.capabilities == [.translate])
        // Random words it does not give are an error, so that `random` moves on.
        let random = await Scripts.failure { try await program.randomWords(RandomWordRequest(count: 1)) }
        #expect(random?.code == .unsupportedLanguage)
    }

    @Test func anAnswerToARequestNeverSentIsAMalformedResponse() async throws {
        let path = Scripts.write("wrongid", """
            import json, sys
            for line in sys.stdin:
                request = json.loads(line)
                print(json.dumps({"jsonrpc": "2.0", "id": request["id"] + 1000, "result": {}}), flush=True)
            """)
        let error = await Scripts.failure { try await Scripts.program(id: "wrongid", path: path).lookup(try LookupQuery("house")) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("never sent") == true, "\(String(describing: error))")
    }

    @Test func aWrongResultShapeIsAMalformedResponse() async throws {
        let path = Scripts.write("shape", Scripts.provider(define: #"{"entries": "none"}"#))
        let error = await Scripts.failure { try await Scripts.program(id: "shape", path: path).lookup(try LookupQuery("house")) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("define") == true)
    }

    @Test func anOutputFloodIsCutAtTheLineLimit() async throws {
        let path = Scripts.write("flood", """
            import sys
            for line in sys.stdin:
                sys.stdout.write("x" * (9 * 1024 * 1024))
                sys.stdout.flush()
            """)
        let error = await Scripts.failure { try await Scripts.program(id: "flood", path: path).lookup(try LookupQuery("house")) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("8 MiB") == true, "\(String(describing: error))")
    }

    @Test func aJSONRPCErrorCarriesItsProviderErrorCode() async throws {
        let path = Scripts.write("limited", Scripts.provider(defineError: #"{"code": -32000, "message": "slow down", "data": {"code": "rate-limited"}}"#))
        let error = await Scripts.failure { try await Scripts.program(id: "limited", path: path).lookup(try LookupQuery("house")) }
        #expect(error?.code == .rateLimited)
        #expect(error?.message == "slow down")
    }

    @Test func aCancelledRequestIsAbandonedAtOnce() async throws {
        let path = Scripts.write("slow", Scripts.provider(defineDelay: 3600))
        let program = Scripts.program(id: "slow", path: path, timeout: .seconds(120))
        #expect(await program.availability() == .available)
        let task = Task { try await program.lookup(try LookupQuery("house")) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        let error = await Scripts.failure { try await task.value }
        #expect(error?.code == .cancelled)
    }

    @Test func discoveryFindsExecutablesNamesThemAndRemembersTheirDescriptors() async throws {
        let home = Scripts.directory()
        let providers = home + "/config/lexagg/providers"
        try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
        Scripts.install(Scripts.example, at: providers + "/glossary.py")
        _ = FileManager.default.createFile(atPath: providers + "/notes.txt", contents: Data("not a program".utf8))
        Scripts.install(Scripts.example, at: providers + "/Bad Name.py")
        let environment = ProviderEnvironment(
            variables: ["XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache", "PATH": Scripts.path],
            providers: [ProviderID("other")!: ProviderSettings(command: Scripts.example)]
        )

        let first = ExternalDiscovery.discover(ExternalDiscovery.Settings(environment))
        #expect(first.providers.map(\.descriptor.id.rawValue) == ["other", "glossary"])
        #expect(first.problems.count == 1 && first.problems[0].contains("Bad Name.py"))
        // A lookup that names one finds it alone; a name none has, none (without the other files' problems).
        for (id, found) in [("glossary", ["glossary"]), ("other", ["other"]), ("notes", []), ("missing", [])] {
            let alone = ExternalDiscovery.discover(ExternalDiscovery.Settings(environment), only: ProviderID(id)!)
            #expect(alone.providers.map(\.descriptor.id.rawValue) == found && alone.problems.isEmpty, "\(id)")
        }
        let glossary = try #require(first.providers.last as? ExternalProgram)
        #expect(glossary.descriptor.displayName == "glossary", "provisional until the program has answered")
        await glossary.discoverDescriptor()
        #expect(await glossary.availability() == .available)
        #expect(glossary.descriptor.displayName == "Example glossary")
        #expect(glossary.descriptor.languages == [.english])

        // A later run knows the descriptor without starting the program.
        let second = ExternalDiscovery.discover(ExternalDiscovery.Settings(environment))
        #expect(second.providers.last?.descriptor.displayName == "Example glossary")
        // The configured command's program calls itself by its file name, not 'other': a clear error.
        let other = await Scripts.failure {
            try await (second.providers.first as! ExternalProgram).lookup(try LookupQuery("house"))
        }
        #expect(other?.code == .malformedResponse && other?.message.contains("registered as 'other'") == true)
    }
}

enum Scripts {
    /// Examples/external-provider.py in this checkout.
    static var example: String {
        let file = URL(fileURLWithPath: #filePath)
        return file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/external-provider.py").path
    }

    static var path: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }

    /// A program with time limits far beyond what its work needs: tests that are not about time must not race the
    /// clock on a loaded machine (a debug build reading a 9 MiB flood took over 10 s in a full run).
    static func program(id: String, path: String, timeout: Duration = .seconds(120)) -> ExternalProgram {
        ExternalProgram(configuration: ExternalProgram.Configuration(
            id: ProviderID(id)!, launch: .executable(path, environment: ["PATH": Self.path]), fingerprint: path,
            initializeTimeout: timeout, requestTimeout: timeout
        ))
    }

    static func directory() -> String {
        TemporaryFiles.directory("external")
    }

    /// Copies the executable script at `source` to `destination` through a descriptor closed on exec
    /// (`TemporaryFiles.writeExecutable`): `FileManager.copyItem` leaves its descriptor inheritable, and a process
    /// another test starts meanwhile keeps the copy "Text file busy" for as long as it lives.
    static func install(_ source: String, at destination: String) {
        TemporaryFiles.writeExecutable(destination, TemporaryFiles.read(source))
    }

    /// Writes an executable Python script named `name`.py and returns its path.
    static func write(_ name: String, _ body: String) -> String {
        let path = directory() + "/\(name).py"
        TemporaryFiles.writeExecutable(path, "#!/usr/bin/env python3\n" + body + "\n")
        return path
    }

    /// A provider whose id is its file name, with one thing changed.
    static func provider(
        initialize: String? = nil, define: String = #"{"entries": []}"#, defineError: String? = nil,
        defineDelay: Int = 0, unknownMethodError: Bool = true, method: String = "define"
    ) -> String {
        """
        import json, os, sys, time
        ID = os.path.basename(sys.argv[0]).split(".")[0]
        INIT = \(initialize.map { "json.loads(r'''\($0)''')" } ?? #"{"id": ID, "name": ID, "capabilities": ["define"]}"#)
        for line in sys.stdin:
            request = json.loads(line)
            method, rid = request.get("method"), request.get("id")
            reply = {"jsonrpc": "2.0", "id": rid}
            if method == "initialize":
                reply["result"] = INIT
            elif method == "\(method)":
                time.sleep(\(defineDelay))
                \(defineError.map { "reply[\"error\"] = json.loads(r'''\($0)''')" } ?? "reply[\"result\"] = json.loads(r'''\(define)''')")
            elif method == "shutdown":
                reply["result"] = None
            elif \(unknownMethodError ? "True" : "False"):
                reply["error"] = {"code": -32601, "message": "no such method"}
            else:
                reply["result"] = {}
            print(json.dumps(reply), flush=True)
            if method == "shutdown":
                break
        """
    }

    /// The ProviderError `body` throws, or nil when it does not throw.
    static func failure(_ body: () async throws -> some Any) async -> ProviderError? {
        do {
            _ = try await body()
            return nil
        } catch let error as ProviderError {
            return error
        } catch {
            Issue.record("not a ProviderError: \(error)")
            return nil
        }
    }
}
