import Foundation
import LexAggCore
import LexAggLibrary
import LexAggQuiz
import LexAggFixtures
import Testing

/// A library in a temporary data directory, filled through the library's own API.
enum QuizLibraryFixture {
    static let english: [(String, PartOfSpeech, String)] = [
        ("apple", .noun, "the round fruit of a tree of the rose family"),
        ("river", .noun, "a large natural stream of water"),
        ("castle", .noun, "a large fortified building"),
        ("pencil", .noun, "an instrument for writing or drawing"),
        ("cloud", .noun, "a visible mass of condensed water vapour"),
        ("run", .verb, "move at a speed faster than a walk"),
        ("sing", .verb, "make musical sounds with the voice"),
        ("think", .verb, "have a particular opinion or belief"),
        ("happy", .adjective, "feeling or showing pleasure"),
        ("tall", .adjective, "of great height"),
    ]

    static func directory(_ words: [(String, PartOfSpeech, String)] = english, language: String = "en") throws -> String {
        let directory = TemporaryFiles.directory()
        let library = try Library.open(directory: directory)
        defer { library.close() }
        let provenance = Provenance(provider: ProviderID("wordnet")!, source: "test", retrievedAt: Date())
        for (word, part, definition) in words {
            let entry = Entry(headword: word, language: Language(language), senseGroups: [
                SenseGroup(partOfSpeech: part, senses: [Sense(definition: definition, sources: [provenance])]),
            ], provenance: provenance)
            try library.save(word, language: Language(language)!, entries: [entry])
        }
        return directory
    }

    static func stats(_ directory: String) throws -> QuizStats {
        let library = try Library.open(directory: directory)
        defer { library.close() }
        return try library.quizStats()
    }
}

@Suite struct QuizCommandTests {
    struct Result: Decodable {
        struct Answer: Decodable {
            var word: String
            var answer: Int
            var chosen: Int?
            var outcome: String
        }
        var kind: String
        var asked, right, wrong, missed: Int
        var end: String
        var answers: [Answer]
    }

    struct Document: Decodable {
        var command: String
        var result: Result?
        var nextDue: String?
        var nextDueCount: Int
        var dueNowCount: Int
    }

    /// Scripted answers are read by one task while another counts down each question; on CI's two loaded cores the
    /// default 15 s once ran out before the first scripted answer was delivered. These tests are about scoring and
    /// saving, not the countdown (QuizSessionTests drive that with a test clock), so they give each question time.
    static let patient = "600"

    func decode(_ text: String) throws -> Document {
        try JSONDecoder().decode(Document.self, from: Data(text.utf8))
    }

    @Test func scriptedAnswersAreScoredAndSaved() async throws {
        let directory = try QuizLibraryFixture.directory()
        let run = await CLIRun.run(["quiz", "--count", "5", "--seconds", Self.patient, "--answers", "1,2,3,4,1", "--seed", "7", "--format", "json",
                                    "--now", "2026-11-21T10:00:00Z"], environment: ["LEXAGG_DATA_DIR": directory])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try decode(run.stdout)
        #expect(document.command == "quiz")
        let result = try #require(document.result)
        #expect(result.asked == 5 && result.end == "completed" && result.kind == "quiz")
        #expect(result.answers.map(\.chosen) == [1, 2, 3, 4, 1])
        for answer in result.answers { #expect((answer.outcome == "right") == (answer.chosen == answer.answer)) }
        #expect(result.right + result.wrong == 5 && result.missed == 0)
        #expect(Set(result.answers.map(\.word)).count == 5)
        // The play went to standard error, so standard output is only the JSON.
        #expect(run.stderr.contains("Question 5 of 5"))

        let stats = try QuizLibraryFixture.stats(directory)
        #expect(stats.runs.count == 1)
        let saved = try #require(stats.runs.first)
        #expect(saved.asked == 5 && saved.right == result.right && saved.wrong == result.wrong && saved.mode == "meaning")
        #expect(stats.words.count == 5)
        #expect(stats.words.map { $0.review?.seen ?? 0 }.reduce(0, +) == 5)
        #expect(stats.words.map { $0.review?.wrong ?? 0 }.reduce(0, +) == result.wrong)
    }

    @Test func theNextDaysReviewOffersTheWordAnsweredWrongFirst() async throws {
        let directory = try QuizLibraryFixture.directory()
        let environment = ["LEXAGG_DATA_DIR": directory]
        // Learn the right keys from a first run's JSON on a copy of the same library and seed, then answer all
        // right except the third.
        let probeDirectory = try QuizLibraryFixture.directory()
        let probe = await CLIRun.run(["quiz", "--count", "4", "--seconds", Self.patient, "--answers", "1,1,1,1", "--seed", "3", "--format", "json",
                                      "--now", "2026-11-21T10:00:00Z"], environment: ["LEXAGG_DATA_DIR": probeDirectory])
        let keys = try #require(try decode(probe.stdout).result).answers.map(\.answer)
        let answers = keys.enumerated().map { $0.offset == 2 ? String($0.element % 4 + 1) : String($0.element) }
        let quiz = await CLIRun.run(["quiz", "--count", "4", "--seconds", Self.patient, "--answers", answers.joined(separator: ","), "--seed", "3",
                                     "--format", "json", "--now", "2026-11-21T10:00:00Z"], environment: environment)
        let result = try #require(try decode(quiz.stdout).result)
        #expect(result.answers.map(\.outcome) == ["right", "right", "wrong", "right"])
        let missed = result.answers[2].word

        let sameDay = await CLIRun.run(["review", "--now", "2026-11-21T18:00:00Z"], environment: environment)
        #expect(sameDay.status == 0)
        #expect(sameDay.stdout.contains("Nothing to review"))
        #expect(sameDay.stdout.contains("Next review: 4 words due 2026-11-22, the first at 10:00 UTC."))

        let review = await CLIRun.run(["review", "--now", "2026-11-22T12:00:00Z", "--seconds", Self.patient, "--answers", "1", "--format", "json"],
                                      environment: environment)
        #expect(review.status == 0, "\(review.stderr)")
        let reviewed = try decode(review.stdout)
        #expect(reviewed.result?.answers.map(\.word) == [missed])
        #expect(reviewed.result?.kind == "review")
        #expect(reviewed.result?.end == "input-ended")
        #expect(reviewed.dueNowCount == 3, "the three the answers did not reach are still due")
        #expect(try QuizLibraryFixture.stats(directory).runs.first?.mode == "review meaning")
        // Said in words too, before the next review (which alone had named only the word just rescheduled).
        let again = await CLIRun.run(["review", "--now", "2026-11-22T12:05:00Z", "--seconds", Self.patient, "--answers", "1"],
                                     environment: environment)
        #expect(again.stdout.contains("Still due: 2 words not reached this time ('lexagg review' asks them)."), "\(again.stdout)")
        #expect(again.stdout.contains("Next review: "), "\(again.stdout)")
    }

    @Test func statsShowRunsTheBestScoreAndWords() async throws {
        let directory = try QuizLibraryFixture.directory()
        let environment = ["LEXAGG_DATA_DIR": directory]
        let empty = await CLIRun.run(["quiz", "--stats"], environment: environment)
        #expect(empty.status == 0 && empty.stdout.contains("No quizzes yet"))
        for answers in ["1,2", "3,4,1"] {
            let run = await CLIRun.run(["quiz", "--count", "3", "--seconds", Self.patient, "--answers", answers, "--seed", "1"], environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Input ended after") || run.stdout.contains("Score:"))
        }
        let text = await CLIRun.run(["quiz", "--stats"], environment: environment)
        #expect(text.status == 0)
        #expect(text.stdout.contains("Quizzes (2, latest first)"))
        #expect(text.stdout.contains("Best score: "))
        #expect(text.stdout.contains("Words (most often wrong first)"))
        let json = await CLIRun.run(["quiz", "--stats", "--format", "json"], environment: environment)
        struct Stats: Decodable {
            struct Run: Decodable { var asked: Int; var score: Double }
            var quizzes: [Run]
            var best: Run?
        }
        let stats = try JSONDecoder().decode(Stats.self, from: Data(json.stdout.utf8))
        #expect(stats.quizzes.map(\.asked) == [3, 2])
        #expect(stats.best?.score == stats.quizzes.map(\.score).max())
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() async throws {
        let directory = try QuizLibraryFixture.directory()
        let arguments = ["quiz", "--count", "1", "--answers", "1"]
        let coloured = await CLIRun.run(arguments, environment: ["LEXAGG_DATA_DIR": directory], terminal: true)
        #expect(coloured.stdout.contains("\u{1B}[1m"))
        let noColour = await CLIRun.run(arguments, environment: ["LEXAGG_DATA_DIR": directory, "NO_COLOR": "1"],
                                        terminal: true)
        #expect(!noColour.stdout.contains("\u{1B}[0m") && !noColour.stdout.contains("\u{1B}[1m"))
        #expect(noColour.stdout.contains("\r"), "still a terminal: the countdown line is rewritten in place")
        let piped = await CLIRun.run(arguments, environment: ["LEXAGG_DATA_DIR": directory])
        #expect(!piped.stdout.contains("\u{1B}") && !piped.stdout.contains("\r"))
        #expect(piped.stdout.contains("Question 1 of 1"))
    }

    @Test(arguments: [
        (["--count", "0"], "--count must be between 1 and 100, not 0"),
        (["--seconds", "0"], "--seconds must be between 1 and 3600, not 0"),
        (["--seconds=-5"], "--seconds must be between 1 and 3600, not -5"),
        (["--answers", "1,5"], "'5' is not an answer in --answers"),
        (["--now", "tomorrow"], "'tomorrow' is not a time for --now"),
        (["--answers", "-,9"], "'9' is not an answer in --answers"),  // a list may start with `-`
        (["--answers", "1,,2"], "--answers has an empty item"),
        (["--answers", ""], "--answers has an empty item"),
        // A day or time that does not exist is refused, not rolled over; a year past 2999 would date reviews 10000.
        (["--now", "2026-02-30"], "'2026-02-30' is not a time for --now"),
        (["--now", "2026-11-22T25:00:00Z"], "'2026-11-22T25:00:00Z' is not a time for --now"),
        (["--now", "9999-12-31"], "'9999-12-31' is not a time for --now"),
        (["--lang", "xx1"], "'xx1' is not a language code"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let directory = try QuizLibraryFixture.directory()
        let run = await CLIRun.run(["quiz"] + arguments, environment: ["LEXAGG_DATA_DIR": directory])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("lexagg: error: "))
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func tooFewWordsSaysHowManyAreNeeded() async throws {
        let directory = try QuizLibraryFixture.directory(Array(QuizLibraryFixture.english.prefix(3)))
        let run = await CLIRun.run(["quiz", "--seconds", Self.patient, "--answers", "1"], environment: ["LEXAGG_DATA_DIR": directory])
        #expect(run.status == 1)
        #expect(run.stderr == "lexagg: error: a quiz needs at least 4 English words with different meanings in your "
            + "library; it has 3 — add 1 more with 'lexagg library add WORD'\n")
        let german = await CLIRun.run(["quiz", "--lang", "de", "--seconds", Self.patient, "--answers", "1"], environment: ["LEXAGG_DATA_DIR": directory])
        #expect(german.status == 1 && german.stderr.contains("4 German words") && german.stderr.contains("it has 0"))
        let empty = await CLIRun.run(["review"], environment: ["LEXAGG_DATA_DIR": TemporaryFiles.directory()])
        #expect(empty.status == 1 && empty.stderr.contains("your library is empty"))
    }

    @Test func wordsSavedWithTranslationsOnlyAreQuizzedOnTheirTranslations() async throws {
        // `library add Haus --lang de --to en` with only a bilingual dictionary: translations, no definition.
        let directory = TemporaryFiles.directory()
        let library = try Library.open(directory: directory)
        let provenance = Provenance(provider: ProviderID("freedict-deu-eng")!, source: "test", retrievedAt: Date())
        let pair = LanguagePair(source: Language("de")!, target: .english)
        for (word, meaning) in [("Haus", "house"), ("Baum", "tree"), ("Hund", "dog"), ("Katze", "cat"), ("Apfel", "apple")] {
            let entry = Entry(headword: word, language: Language("de"), translations: [
                Translation(text: meaning, pair: pair, provenance: provenance),
            ], provenance: provenance)
            try library.save(word, language: Language("de")!, entries: [entry])
        }
        library.close()
        let run = await CLIRun.run(["quiz", "--lang", "de", "--count", "2", "--seconds", Self.patient, "--answers", "1,1", "--seed", "3", "--format", "json"],
                                   environment: ["LEXAGG_DATA_DIR": directory])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("it has 0"))
        #expect(try decode(run.stdout).result?.asked == 2)
    }

    @Test func withoutATerminalOrAnswersTheQuizExplainsWhatToDo() async throws {
        let directory = try QuizLibraryFixture.directory()
        let run = await BinaryRun.run(["quiz"], environment: ["LEXAGG_DATA_DIR": directory])
        #expect(run.status == 64)
        #expect(run.stderr.contains("lexagg: error: standard input is not a terminal and no answers were given"))
        #expect(run.stdout.isEmpty)
    }
}
