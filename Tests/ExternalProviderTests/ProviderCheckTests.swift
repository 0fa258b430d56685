import ExternalProvider
import LexAggFixtures
import Foundation
import ProviderConformance
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ExternalProviderCheck` and the built `lexagg` binary with external providers.
@Suite struct ProviderCheckTests {
    @Test func theExamplePassesEveryCheck() async {
        let outcomes = await ExternalProviderCheck(executable: Scripts.example, environment: ["PATH": Scripts.path]).run()
        #expect(outcomes.allSatisfy { $0.passed }, "\(outcomes.filter { !$0.passed })")
        #expect(outcomes.contains { $0.check.hasPrefix("define 'house'") })
        #expect(outcomes.contains { $0.check.hasPrefix("shutdown ends the process") })
    }

    @Test func aBrokenProviderFailsTheChecksItBreaks() async {
        let path = Scripts.write("broken", Scripts.provider(
            initialize: #"{"id": "not-broken", "name": "Broken", "capabilities": ["define"]}"#,
            define: #"{"entries": [{"headword": "x"}]}"#, unknownMethodError: false
        ))
        let outcomes = await ExternalProviderCheck(executable: path, environment: ["PATH": Scripts.path]).run()
        let failed = outcomes.filter { !$0.passed }.map(\.check)
        #expect(failed.contains("id matches the file name"), "\(outcomes)")
        #expect(failed.contains("define 'house' answers entries in lexagg's schema"))
        #expect(failed.contains("an unsupported method answers a JSON-RPC error"))
        #expect(!failed.contains { $0.hasPrefix("shutdown") })
    }

    @Test func aCrashingProviderFailsInitialize() async {
        let path = Scripts.write("crash", "import sys\nsys.exit(2)")
        let outcomes = await ExternalProviderCheck(executable: path, environment: ["PATH": Scripts.path]).run()
        #expect(outcomes.count == 1 && !outcomes[0].passed)
        #expect(outcomes.first?.detail?.contains("status 2") == true)
    }

    // MARK: The binary

    @Test func providerCheckPrintsOneLinePerCheckAndItsExitCode() async {
        let good = await BinaryRun.run(["provider", "check", Scripts.example], path: Scripts.path)
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout.contains("✓ initialize answers a valid descriptor"))
        #expect(good.stdout.contains("checks passed"))

        let path = Scripts.write("silent-one", "import sys, time\nfor line in sys.stdin:\n    time.sleep(3600)")
        let bad = await BinaryRun.run(["provider", "check", path, "--timeout", "1", "--format", "json"], path: Scripts.path)
        #expect(bad.status == 1)
        #expect(bad.stdout.contains(#""passed" : false"#))
        #expect(bad.stdout.contains("no answer to 'initialize' within 1 s"))

        // Not a program: a usage error (64), a directory as a file that is not executable.
        for (argument, message) in [("/nonexistent/provider", "no such file"), (FileManager.default.temporaryDirectory.path, "is not an executable file")] {
            let run = await BinaryRun.run(["provider", "check", argument], path: Scripts.path)
            #expect(run.status == 64 && run.stderr.contains(message), "\(argument): \(run.status) \(run.stderr)")
        }
    }

    @Test func lookupUsesAProgramInTheProvidersDirectoryAndOnlyWhenAsked() async throws {
        let home = Scripts.directory()
        let providers = home + "/config/lexagg/providers"
        try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
        Scripts.install(Scripts.example, at: providers + "/glossary.py")
        // A program that leaves a mark when started.
        let marker = home + "/started"
        let spy = Scripts.write("spy", "open('\(marker)', 'w').close()\n" + Scripts.provider())
        Scripts.install(spy, at: providers + "/spy.py")
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache"]

        let lookup = await BinaryRun.run(["lookup", "serendipity", "--providers", "glossary"], environment: environment, path: Scripts.path)
        #expect(lookup.status == 0, "\(lookup.stderr)")
        #expect(lookup.stdout.contains("The luck of finding something good"))
        let json = await BinaryRun.run(["lookup", "house", "--providers", "glossary", "--format", "json"], environment: environment, path: Scripts.path)
        #expect(json.stdout.contains(#""provider" : "glossary""#))

        let wordnet = await BinaryRun.run(["lookup", "serendipity", "--providers", "wordnet"], environment: environment, path: Scripts.path)
        #expect(wordnet.status == 0)
        #expect(!FileManager.default.fileExists(atPath: marker), "a lookup that did not ask it started it")

        let listing = await BinaryRun.run(["providers", "--format", "json"], environment: environment, path: Scripts.path)
        #expect(listing.stdout.contains(#""name" : "Example glossary""#))
    }

    @Test func brokenProgramsFailTheLookupWithAClearErrorNotAHang() async throws {
        let home = Scripts.directory()
        let providers = home + "/config/lexagg/providers"
        try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
        let scripts = [
            "crash": "import sys\nsys.stderr.write('no word list\\n')\nsys.exit(4)",
            "silent": "import sys, time\nfor line in sys.stdin:\n    time.sleep(3600)",
            "garbage": "import sys\nfor line in sys.stdin:\n    print('hello there', flush=True)",
            "liar": Scripts.provider(initialize: #"{"id": "honest", "name": "Liar", "capabilities": ["define"]}"#),
        ]
        for (name, body) in scripts {
            Scripts.install(Scripts.write(name, body), at: providers + "/\(name).py")
        }
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache"]
        let expectations = [
            "crash": "exited with status 4", "silent": "no answer", "garbage": "not a JSON-RPC object",
            "liar": "registered as 'liar'",
        ]
        for (name, expected) in expectations {
            let run = await BinaryRun.run(["lookup", "house", "--providers", name, "--timeout", "10", "--format", "json"],
                                 environment: environment, path: Scripts.path)
            #expect(run.status == 69, "\(name): \(run.stdout) \(run.stderr)")
            #expect((run.stdout + run.stderr).contains(expected), "\(name): \(run.stdout) \(run.stderr)")
        }
    }
}

extension ProviderCheckTests {
    @Test func everyProcessIsEndedWhenLexaggExitsEvenAStuckOne() async throws {
        let home = Scripts.directory()
        let providers = home + "/config/lexagg/providers"
        try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
        // Answers initialize, then hangs on define, ignoring SIGTERM and the end of its input.
        let stuck = Scripts.write("stuck", """
            import json, os, signal, sys, time
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            open(sys.argv[0] + ".pid", "w").write(str(os.getpid()))
            for line in sys.stdin:
                request = json.loads(line)
                if request["method"] == "initialize":
                    result = {"id": "stuck", "name": "Stuck", "capabilities": ["define"]}
                    print(json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}), flush=True)
                else:
                    time.sleep(3600)
            """)
        Scripts.install(stuck, at: providers + "/stuck.py")
        // The example (named glossary.py, which is its id), recording its process id through a wrapper.
        try FileManager.default.createDirectory(atPath: home + "/lib", withIntermediateDirectories: true)
        Scripts.install(Scripts.example, at: home + "/lib/glossary.py")
        let wrapper = providers + "/glossary"
        TemporaryFiles.writeExecutable(wrapper, "#!/bin/sh\necho $$ > \"$0.pid\"\nexec python3 \(home)/lib/glossary.py\n")
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache"]
        // Ten seconds: long enough for Python to start on a loaded machine; the stuck one uses them all.
        let run = await BinaryRun.run(["lookup", "house", "--providers", "stuck,glossary", "--timeout", "10"], environment: environment, path: Scripts.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("stuck"), "the stuck one is reported: \(run.stderr)")
        for name in ["stuck.py", "glossary"] {
            let text = try String(contentsOfFile: providers + "/\(name).pid", encoding: .utf8)
            let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(kill(pid, 0) != 0, "\(name) (pid \(pid)) is still running after lexagg exited")
        }
    }

    @Test func aRememberedDescriptorListsTheProviderWithoutStartingItAndRandomSkipsOnesWithoutRandom() async throws {
        let home = Scripts.directory()
        let providers = home + "/config/lexagg/providers"
        try FileManager.default.createDirectory(atPath: providers, withIntermediateDirectories: true)
        let marker = home + "/started"
        let spy = Scripts.write("spy", "open('\(marker)', 'w').close()\n" + Scripts.provider())
        Scripts.install(spy, at: providers + "/spy.py")
        Scripts.install(Scripts.example, at: providers + "/glossary.py")
        let environment = ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache"]

        let first = await BinaryRun.run(["providers", "--format", "json"], environment: environment, path: Scripts.path)
        #expect(first.status == 0)
        #expect(FileManager.default.fileExists(atPath: marker), "the first listing learns the descriptor")
        try FileManager.default.removeItem(atPath: marker)
        let second = await BinaryRun.run(["providers", "--format", "json"], environment: environment, path: Scripts.path)
        #expect(second.stdout == first.stdout)
        #expect(!FileManager.default.fileExists(atPath: marker), "the second listing started the program")

        // spy defines only: random moves on to the glossary instead of printing nothing.
        let random = await BinaryRun.run(["random", "--providers", "spy,glossary", "--lang", "en", "--count", "2", "--format", "json"],
                                environment: environment, path: Scripts.path)
        #expect(random.status == 0, "\(random.stderr)")
        #expect(random.stdout.contains(#""provider" : "glossary""#), "\(random.stdout)")
    }
}

