#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LexAggCLI
import LexAggCore
import LexAggFixtures
import ProviderConformance
import Testing
import WiktionaryProvider

/// `lookup --batch`: many words, answers in input order, NDJSON, bounded concurrency online.
@Suite struct LookupBatchTests {
    static func file(_ text: String) -> String {
        let path = TemporaryFiles.directory() + "/words.txt"
        let handle = fopen(path, "w")!
        fputs(text, handle)
        fclose(handle)
        return path
    }

    @Test func ndjsonHasOneDocumentPerWordInInputOrder() async throws {
        let path = Self.file("bank\n\n# a comment\nserendipity\r\nqqqzzx\n  house  \n")
        let run = await CLIRun.run(["lookup", "--batch", path, "--providers", "wordnet", "--format", "json"])
        #expect(run.status == ExitStatus.notFound.rawValue, "one word was not found")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        let terms = try lines.map { line -> String? in
            let document = try JSONSerializationFree.object(String(line))
            return (document["query"] as? [String: Any])?["term"] as? String
        }
        #expect(terms == ["bank", "serendipity", "qqqzzx", "house"])
        #expect(try JSONSerializationFree.object(String(lines[2]))["found"] as? Bool == false)
        #expect(run.stderr.contains("4 words: 3 found, 1 not found"))
        #expect(!run.stderr.contains("\r"), "no progress bar when standard error is not a terminal")
    }

    /// A file an editor saved with a UTF-8 byte order mark: the mark is not part of the first word (alone on its
    /// line too).
    @Test func aByteOrderMarkIsNotPartOfTheFirstWord() async throws {
        for text in ["\u{FEFF}bank\r\nhouse\r\n", "\u{FEFF}bank"] {
            let run = await CLIRun.run(["lookup", "--batch", Self.file(text), "--providers", "wordnet", "--format", "json"])
            #expect(run.status == 0, "\(run.stdout) \(run.stderr)")
            let first = try JSONSerializationFree.object(String(run.stdout.split(separator: "\n")[0]))
            #expect((first["query"] as? [String: Any])?["term"] as? String == "bank")
            #expect(first["found"] as? Bool == true)
        }
    }

    /// Offline words run on every core at once (a run of 16 words a core; 120 words end in a short run), and the answers are the ones
    /// a one-at-a-time batch writes, in input order, byte for byte: unknown words (slow: they look for suggestions)
    /// between known ones would overtake nothing.
    @Test func offlineWordsOnSeveralCoresWriteWhatOneAtATimeWrites() async throws {
        let words = (0..<120).map { $0 % 3 == 1 ? "qqzx\($0)" : ["bank", "walked", "house", "mice", "serendipity"][$0 % 5] }
        let path = Self.file(words.joined(separator: "\n") + "\n")
        let parallel = await CLIRun.run(["lookup", "--batch", path, "--providers", "wordnet", "--format", "json"])
        let serial = await CLIRun.run(["lookup", "--batch", path, "--providers", "wordnet", "--format", "json", "--jobs", "1"])
        #expect(parallel.status == ExitStatus.notFound.rawValue)
        #expect(parallel.stdout.split(separator: "\n").count == 120)
        // Latencies and retrieval times differ from run to run; everything else must not.
        func withoutLatency(_ text: String) -> String {
            text.replacing(/"latencyMs":[0-9.e+-]+/, with: "").replacing(/"retrievedAt":"[^"]*"/, with: "")
        }
        #expect(withoutLatency(parallel.stdout) == withoutLatency(serial.stdout))
        let terms = try parallel.stdout.split(separator: "\n").map { line -> String? in
            (try JSONSerializationFree.object(String(line))["query"] as? [String: Any])?["term"] as? String
        }
        #expect(terms == words)
    }

    @Test func anInvalidLineIsReportedWithItsNumberAndTheBatchGoesOn() async throws {
        let long = String(repeating: "x", count: 300)
        let path = Self.file("bank\n\(long)\nhouse\n")
        let json = await CLIRun.run(["lookup", "--batch", path, "--providers", "wordnet", "--format", "json"])
        let lines = json.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let invalid = try JSONSerializationFree.object(lines[1])
        #expect(invalid["line"] as? Int == 2)
        #expect((invalid["error"] as? [String: Any])?["code"] as? String == "invalid-query")
        let text = await CLIRun.run(["lookup", "--batch", path, "--providers", "wordnet"])
        #expect(text.stderr.contains("line 2: the word is 300 characters long"))
        #expect(text.stdout.contains("bank  — English · WordNet") && text.stdout.contains("house  — English · WordNet"))
        #expect(text.status == ExitStatus.notFound.rawValue)
    }

    /// A line that is not UTF-8 (a Latin-1 file's `café`) is reported as such, not looked up as `caf�`, counted as
    /// not found and given suggestions.
    @Test func aLineThatIsNotUTF8IsReportedNotLookedUp() async throws {
        let path = TemporaryFiles.directory() + "/latin1.txt"
        try Data([0x62, 0x61, 0x6E, 0x6B, 0x0A, 0x63, 0x61, 0x66, 0xE9, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        let json = await CLIRun.run(["lookup", "--batch", path, "--providers", "wordnet", "--format", "json"])
        let lines = json.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for index in [1, 2] {
            let invalid = try JSONSerializationFree.object(lines[index])
            #expect(invalid["line"] as? Int == index + 1)
            #expect((invalid["error"] as? [String: Any])?["code"] as? String == "invalid-query", "\(lines[index])")
        }
        let text = await CLIRun.run(["lookup", "--batch", path, "--providers", "wordnet"])
        #expect(text.stderr.contains("line 2: the word is not valid UTF-8"), "\(text.stderr)")
    }

    @Test func badBatchInputIsAUsageError() async {
        let missing = await CLIRun.run(["lookup", "--batch", "/nonexistent/words.txt"])
        #expect(missing.status == ExitStatus.usage.rawValue)
        #expect(missing.stderr.contains("cannot read /nonexistent/words.txt: No such file or directory"))
        let empty = await CLIRun.run(["lookup", "--batch", Self.file("\n# only a comment\n")])
        #expect(empty.status == ExitStatus.usage.rawValue)
        #expect(empty.stderr.contains("has no words"))
        let both = await CLIRun.run(["lookup", "bank", "--batch", Self.file("house\n")])
        #expect(both.status == ExitStatus.usage.rawValue)
        let jobs = await CLIRun.run(["lookup", "--batch", Self.file("house\n"), "--jobs", "0"])
        #expect(jobs.stderr.contains("--jobs must be between 1 and 64"))
    }

    @Test func aProgressBarOnlyOnATerminal() async throws {
        let path = Self.file((0..<30).map { _ in "bank" }.joined(separator: "\n"))
        let output = CapturedOutput(isTerminal: false, isErrorTerminal: true)
        let context = CommandContext(environment: [:], factories: [CLIRun.fixtureFactory()], output: output)
        let status = await LexAggCLI.run(["lookup", "--batch", path, "--providers", "wordnet", "--format", "json"], context: context)
        #expect(status == 0)
        #expect(output.standardError.contains("\r[##############################] 30/30 words"))
        #expect(!output.standardOutput.contains("\r"), "the bar never goes to standard output")
        #expect(output.standardOutput.split(separator: "\n").count == 30)
    }

    @Test func aMessageOnStandardErrorNeverRunsIntoTheBar() async throws {
        // Answers to a file, the bar and "no entry" messages on the terminal: each message starts on a cleared line.
        let path = Self.file((0..<30).map { $0 % 3 == 0 ? "xyzzyqq\($0)" : "bank" }.joined(separator: "\n"))
        let output = CapturedOutput(isTerminal: false, isErrorTerminal: true)
        let context = CommandContext(environment: [:], factories: [CLIRun.fixtureFactory()], output: output)
        _ = await LexAggCLI.run(["lookup", "--batch", path, "--providers", "wordnet"], context: context)
        let messages = output.standardError.components(separatedBy: "no entry for").dropFirst()
        #expect(messages.count == 10)
        #expect(!output.standardError.contains("wordsno entry"), "a message ran into the bar")
        let pieces = output.standardError.components(separatedBy: "no entry for")
        for piece in pieces.dropLast() { #expect(piece.hasSuffix("\r\u{1B}[2K") || piece.hasSuffix("\n") || piece.isEmpty) }
    }

    @Test func onlineWordsRunConcurrentlyWithinJobsAndAnswersKeepInputOrder() async throws {
        let server = try await OnlineCommandTests.wiktionary()
        defer { Task { await server.shutdown() } }
        let words = ["cats", "bank", "nosuchword", "kissa", "bank", "cats"]
        let path = Self.file(words.joined(separator: "\n"))
        let run = await CLIRun.run(
            ["lookup", "--batch", path, "--providers", "wiktionary", "--format", "json", "--jobs", "3", "--timeout", "60"],
            environment: ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL], also: [.wiktionary]
        )
        let terms = try run.stdout.split(separator: "\n").map { line in
            (try JSONSerializationFree.object(String(line))["query"] as? [String: Any])?["term"] as? String
        }
        #expect(terms == words)
        #expect(server.maximumConcurrentRequests <= 3)
        #expect(server.requests.count >= words.count)
    }

    @Test func exactlyJobsLookupsAreInFlightAtOnce() async throws {
        var held = ReplayResponse.json(OnlineCommandTests.bytes("wiktionary/responses/error-missingtitle.json"))
        held.behaviour = .hold
        let server = try await ReplayServer.start(fallback: held)
        defer { Task { await server.shutdown() } }
        let path = Self.file((1...6).map { "word\($0)" }.joined(separator: "\n"))
        let batch = Task {
            await CLIRun.run(
                ["lookup", "--batch", path, "--providers", "wiktionary", "--format", "json", "--jobs", "3", "--timeout", "60"],
                environment: ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL], also: [.wiktionary]
            )
        }
        await server.waitForHeld(3)
        #expect(server.heldCount == 3, "three lookups at once, not more")
        server.releaseHeld()
        await server.waitForHeld(3)
        server.releaseHeld()
        let run = await batch.value
        #expect(run.stdout.split(separator: "\n").count == 6)
        #expect(server.maximumConcurrentRequests == 3)
    }

    @Test func standardInputThroughTheRealBinary() async {
        let command = "printf 'serendipity\\nbank\\n' | " + BinaryRun.shellQuote(BinaryRun.binary)
            + " lookup --batch - --providers wordnet --format json"
        let run = await BinaryRun.run(["-c", command], environment: ["LEXAGG_DICT_PATH": FixtureStore.dictDatabases], executable: "/bin/sh")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").count == 2)
        #expect(run.stderr.contains("2 words: 2 found"))
    }
}
