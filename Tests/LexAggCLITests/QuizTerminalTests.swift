#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LexAggCore
import LexAggLibrary
import LexAggFixtures
import Testing

/// A private tmux server (its own socket) running one command in a pane, driven with send-keys and read with
/// capture-pane.
struct Tmux {
    let socket = "lexagg-quiz-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let output = TemporaryFiles.directory() + "/pane"

    static var available: Bool { system("command -v tmux >/dev/null 2>&1") == 0 }

    @discardableResult
    func tmux(_ arguments: [String]) -> Int32 {
        let command = (["tmux", "-L", socket, "-f", "/dev/null"] + arguments).map(BinaryRun.shellQuote)
            .joined(separator: " ")
        return system(command + " >\(output) 2>/dev/null") >> 8
    }

    /// Starts `command` in a 200×100 pane; the pane stays after it ends, showing its exit status and the
    /// terminal's line settings (`TTY= isig icanon echo` when restored).
    func start(_ command: String) -> Bool {
        let settings = "stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo|isig)' | tr '\\n' ' '"
        return tmux(["new-session", "-d", "-s", "quiz", "-x", "200", "-y", "100",
                     command + "; echo QUIZ-EXIT=$? TTY= $(\(settings)); sleep 600"]) == 0
    }

    /// The pane's text, without escapes, scroll-back included.
    func capture() -> String {
        tmux(["capture-pane", "-p", "-t", "quiz", "-S", "-500"])
        return TemporaryFiles.read(output)
    }

    func send(_ key: String) { tmux(["send-keys", "-t", "quiz", key]) }

    func kill() { tmux(["kill-server"]) }

    /// Polls the pane until `condition` holds, for at most `limit` (generous: the machine may be busy), then sends
    /// `key` when one is given; returns the last capture either way.
    ///
    /// The poll runs on a thread of its own (``offThePool(_:)``), never on the test pool: that pool has as many
    /// threads as the machine has cores (two on CI), and a quiz's poll lasts tens of seconds under the full suite, so
    /// two terminal tests polling on it at once held every thread it had and stalled every other test (an HTTP test's
    /// client gave up waiting). The key is sent from that same thread as soon as the condition holds, so a busy pool
    /// cannot hold it past a countdown (it would land on the next question).
    @discardableResult
    func wait(
        limit: Duration = .seconds(60), thenSend key: String? = nil, until condition: @escaping @Sendable (String) -> Bool
    ) async -> String {
        await offThePool {
            let clock = ContinuousClock()
            let deadline = clock.now + limit
            var screen = capture()
            while !condition(screen), clock.now < deadline {
                usleep(40_000)  // the poll interval, not a wait for an outcome
                screen = capture()
            }
            if let key { send(key) }
            return screen
        }
    }
}

/// The quiz in a real terminal: the built binary in tmux, keys sent as a person would press them.
@Suite(.serialized) struct QuizTerminalTests {
    static let words = ["apple", "river", "castle", "pencil", "cloud", "run", "sing", "think", "happy", "tall"]

    struct Document: Decodable {
        struct Result: Decodable {
            struct Answer: Decodable { var word: String; var answer: Int }
            var answers: [Answer]
        }
        var result: Result?
    }

    /// The text after the last "Question n of" header.
    func question(_ number: Int, in screen: String) -> Substring? {
        guard let range = screen.range(of: "Question \(number) of", options: .backwards) else { return nil }
        return screen[range.lowerBound...]
    }

    @Test(.enabled(if: Tmux.available, "tmux is not installed (.ci/run installs it)"))
    func aFiveQuestionQuizWithATimeoutThenTheNextDaysReview() async throws {
        // A library of ten words from the offline WordNet, as a person would build it.
        let data = TemporaryFiles.directory()
        let add = await BinaryRun.run(["library", "add"] + Self.words + ["--providers", "wordnet"],
                                environment: ["LEXAGG_DATA_DIR": data])
        try #require(add.status == 0, "library add failed: \(add.stderr)")

        // The right keys, from the same quiz played with --answers on a copy of the library (same seed, same state).
        let probeData = TemporaryFiles.directory()
        #expect(system("cp -R \(data)/. \(probeData)/") == 0)
        let arguments = ["--count", "5", "--seed", "4", "--now", "2026-11-21T10:00:00Z"]
        let probe = await BinaryRun.run(["quiz", "--seconds", "3", "--answers", "1,1,1,1,1", "--format", "json"] + arguments,
                                  environment: ["LEXAGG_DATA_DIR": probeData])
        let plan = try #require(try JSONDecoder().decode(Document.self, from: Data(probe.stdout.utf8)).result?.answers)
        try #require(plan.count == 5, "\(probe.stderr)")
        let keys = plan.map { String($0.answer) }
        let missed = plan[2].word

        let tmux = Tmux()
        defer { tmux.kill() }
        let environment = "env -i PATH=/usr/bin:/bin TERM=xterm-256color LEXAGG_DATA_DIR=\(BinaryRun.shellQuote(data))"
        // 8 s a question: room to see a tick and answer even when the full suite keeps both cores busy.
        let quiz = ([BinaryRun.binary, "quiz", "--seconds", "8"] + arguments).map(BinaryRun.shellQuote)
        try #require(tmux.start(environment + " " + quiz.joined(separator: " ")))

        // Question 1: the countdown ticks from 8 to 7 before the answer.
        var screen = await tmux.wait { question(1, in: $0)?.contains("⏱ 8 s") ?? false }
        #expect(question(1, in: screen)?.contains("⏱ 8 s") == true, "\(screen)")
        screen = await tmux.wait(thenSend: keys[0]) { question(1, in: $0)?.contains("⏱ 7 s") ?? false }
        #expect(question(1, in: screen)?.contains("⏱ 7 s") == true, "the countdown did not tick: \(screen)")

        // Question 2: a wrong key.
        screen = await tmux.wait(thenSend: String(Int(keys[1])! % 4 + 1)) { $0.contains("Question 2 of 5") }
        #expect(question(1, in: screen)?.contains("✓ Right!") == true, "\(screen)")
        screen = await tmux.wait { $0.contains("Question 3 of 5") }
        #expect(question(2, in: screen)?.contains("✗ Wrong — the answer is \(keys[1]):") == true, "\(screen)")

        // Question 3: no answer; the countdown runs out and the right answer is shown. Question 4: right (the key is
        // sent as soon as it shows).
        screen = await tmux.wait(thenSend: keys[3]) { $0.contains("Question 4 of 5") }
        let third = try #require(question(3, in: screen))
        #expect(third.contains(missed))
        #expect(third.contains("⏱ Time's up — the answer is \(keys[2]):"), "\(screen)")

        // Question 5: a key that is not an answer gets a hint, then the right one.
        await tmux.wait(thenSend: "x") { $0.contains("Question 5 of 5") }
        screen = await tmux.wait(thenSend: keys[4]) { question(5, in: $0)?.contains("'x' is not an answer") ?? false }
        #expect(question(5, in: screen)?.contains("'x' is not an answer: press 1, 2, 3 or 4") == true, "\(screen)")
        screen = await tmux.wait { $0.contains("QUIZ-EXIT=") }
        #expect(screen.contains("Score: 3/5 (60%) — 3 right, 1 wrong, 1 missed"), "\(screen)")
        #expect(screen.contains("QUIZ-EXIT=0"))
        let settings = screen.components(separatedBy: "TTY=").last ?? ""
        #expect(settings.contains(" icanon") && settings.contains(" echo") && settings.contains(" isig"),
                "the terminal was not restored: \(settings)")

        // Saved: the run and each word's history.
        let stats = await BinaryRun.run(["quiz", "--stats", "--format", "json"], environment: ["LEXAGG_DATA_DIR": data])
        struct Stats: Decodable {
            struct Run: Decodable { var asked, right, wrong, missed: Int }
            struct Word: Decodable { var word: String; var seen, right, wrong: Int }
            var quizzes: [Run]
            var words: [Word]
        }
        let saved = try JSONDecoder().decode(Stats.self, from: Data(stats.stdout.utf8))
        #expect(saved.quizzes.map { [$0.asked, $0.right, $0.wrong, $0.missed] } == [[5, 3, 1, 1]])
        #expect(saved.words.count == 5)
        #expect(saved.words.first { $0.word == missed }.map { [$0.seen, $0.right, $0.wrong] } == [1, 0, 1])

        // The next day, a review in the terminal offers the missed word first. One answer, then Ctrl-C (a byte in
        // raw mode) ends the review early, keeping that answer.
        tmux.kill()
        let review = Tmux()
        defer { review.kill() }
        let reviewCommand = [BinaryRun.binary, "review", "--seconds", "30", "--now", "2026-11-22T12:00:00Z"]
            .map(BinaryRun.shellQuote).joined(separator: " ")
        try #require(review.start(environment + " " + reviewCommand))
        screen = await review.wait(thenSend: "1") { $0.contains("Question 1 of 5") }
        let first = try #require(question(1, in: screen), "\(screen)")
        let prompt = first.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(prompt.trimmingCharacters(in: .whitespaces).hasPrefix(missed + " "), "\(screen)")
        await review.wait(thenSend: "C-c") { $0.contains("Question 2 of 5") }
        screen = await review.wait { $0.contains("QUIZ-EXIT=") }
        #expect(screen.contains("QUIZ-EXIT=130"), "\(screen)")
        #expect(screen.contains("Stopped early after 1 of 5 questions; the answers given are saved."), "\(screen)")
        #expect(!(screen.components(separatedBy: "TTY=").last ?? "-").contains("-"), "terminal not restored: \(screen)")
        let after = await BinaryRun.run(["quiz", "--stats", "--format", "json"], environment: ["LEXAGG_DATA_DIR": data])
        let runs = try JSONDecoder().decode(Stats.self, from: Data(after.stdout.utf8)).quizzes
        #expect(runs.map(\.asked) == [1, 5])
    }

    /// A real SIGINT (kill -INT, or Ctrl-C when the answers come from a pipe and the terminal's keys are not read
    /// raw) stops the quiz at once, exits 130 and keeps the answers given: the same end as the Ctrl-C byte a terminal
    /// sends in raw mode (the review above), which was the only one tried on the binary.
    @Test func aSignalStopsAQuizAndKeepsTheAnswersGiven() async throws {
        let data = try QuizLibraryFixture.directory()
        let quiz = try SignalledProgram(
            BinaryRun.binary, ["quiz", "--count", "4", "--seconds", "60"], environment: ["PATH": "/usr/bin:/bin", "LEXAGG_DATA_DIR": data]
        )
        // One answer; then the second question waits for the next.
        quiz.send("1\n")
        let shown = await quiz.read(until: "Question 2 of 4")
        try #require(shown.contains("Question 2 of 4"), "\(shown)")
        kill(quiz.pid, SIGINT)
        let all = await quiz.read()
        let status = await quiz.exited()
        #expect(status == 130, "\(all)")
        #expect(all.contains("Stopped early after 1 of 4 questions; the answers given are saved."), "\(all)")
        #expect(try QuizLibraryFixture.stats(data).runs.first?.asked == 1)
    }

    @Test func answersPipedInArePlayedAndAClosedPipeKeepsThem() async throws {
        let data = try QuizLibraryFixture.directory()
        let out = TemporaryFiles.directory() + "/out"
        let command = "printf '9\\n1\\n2\\n' | env -i PATH=/usr/bin:/bin LEXAGG_DATA_DIR=\(BinaryRun.shellQuote(data)) "
            + BinaryRun.shellQuote(BinaryRun.binary) + " quiz --count 4 --seconds 30 >\(out) 2>&1"
        let status = await BinaryRun.sh(command)
        let text = TemporaryFiles.read(out)
        #expect(status == 0, "\(text)")
        #expect(text.contains("'9' is not an answer"))
        #expect(text.contains("Input ended after 2 of 4 questions; the answers given are saved."))
        #expect(!text.contains("\u{1B}"), "no colour when not a terminal")
        #expect(try QuizLibraryFixture.stats(data).runs.first?.asked == 2)
    }
}
