import ArgumentParser
import Foundation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLocalization
import LexAggQuiz

struct QuizCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Quiz yourself on the words in your library.",
        discussion: """
            Each question shows a word from your library (or, with --mode word, a meaning) and four choices: the \
            right one and three from other words of the same language, of the same part of speech when there are \
            enough. Answer with the keys 1–4 before the countdown ends; when it reaches zero the question counts \
            as missed and the answer is shown. q or Ctrl-C ends the quiz early; the answers given are kept.

            Every answer updates the word's review schedule (SuperMemo's SM-2): words that are due come first, \
            then new ones. Scores and each word's history are saved in the library; --stats shows them.

            Without a terminal, give the answers with --answers (1–4, or - to let a question time out) or pipe \
            them in, one a line.

            Examples:
              lexagg quiz
              lexagg quiz --count 5 --seconds 10 --mode word --lang de
              lexagg quiz --answers 2,4,1,-,3 --format json
              printf '1\\n3\\n' | lexagg quiz --count 2
              lexagg quiz --stats

            Exit codes: 0 done, 1 not enough words in the library, 64 usage error (or no answers without a \
            terminal), 69 the library cannot be opened, 130 ended early with Ctrl-C.
            """
    )

    @OptionGroup var options: QuizOptions

    @Option(name: .long, help: ArgumentHelp("How many questions (1–100).", valueName: "n"))
    var count: Int = 10

    @Flag(name: .long, help: "Show past quizzes, the best score and each word's history instead of playing.")
    var stats = false

    func run(in context: CommandContext) async throws -> ExitStatus {
        if stats { return try await QuizStatsReport(language: options.lang, format: options.format).run(in: context) }
        return try await QuizPlay(options: options, count: count, selection: .quiz).run(in: context)
    }
}

/// The options `quiz` and `review` share.
struct QuizOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Seconds for each question (1–3600).", valueName: "n"))
    var seconds: Int = 15

    @Option(name: .long, help: "meaning: show a word, choose its meaning; word: show a meaning, choose the word.")
    var mode: QuizMode = .meaning

    @Option(name: .long, help: ArgumentHelp(
        "Language of the words (ISO 639 code); by default the language with most words in the library.",
        valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(
        "Answers given up front, comma-separated: 1–4, or - to let a question time out (for scripts).",
        valueName: "list"))
    var answers: String?

    @Option(name: .long, help: ArgumentHelp(
        "Pretend it is this time (ISO 8601: 2026-11-22 or 2026-11-22T09:30:00Z), for testing and time travel.",
        valueName: "time"))
    var now: String?

    @Option(name: .long, help: ArgumentHelp("Seed for the order of words and choices (repeatable runs).",
                                            valueName: "n"))
    var seed: UInt64?

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text
}

extension QuizMode: ExpressibleByArgument {}

/// Plays a quiz or a review over the library: checks the options, chooses the words, runs the session with the
/// real clock and saves every answer.
struct QuizPlay {
    var options: QuizOptions
    var count: Int
    var selection: QuizPlanner.Selection

    var kind: String { selection == .quiz ? "quiz" : "review" }

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard (1...100).contains(count) else {
            throw CommandFailure.usage(localized(.quizCountOutOfRange, count))
        }
        guard (1...3600).contains(options.seconds) else {
            throw CommandFailure.usage(localized(.quizSecondsOutOfRange, options.seconds))
        }
        let requested = try options.lang.map { try parseLanguage($0) }
        let now = try options.now.map(parseTime) ?? Date()
        let input = try options.answers.map { try QuizInput.choose(answers: $0) }
        var random: any RandomNumberGenerator = options.seed.map { SeededGenerator(seed: $0) as any RandomNumberGenerator }
            ?? SystemRandomNumberGenerator()

        let library = try context.openLibrary()
        let (language, pool) = try await quizWords(in: library, language: requested)
        let generator = QuestionGenerator(mode: options.mode, pool: pool)
        guard generator.distinctChoiceCount >= QuestionGenerator.choiceCount else {
            let have = generator.distinctChoiceCount
            context.fail(localized(
                options.mode == .meaning ? .quizNeedsWordsMeanings : .quizNeedsWordsSpellings,
                QuestionGenerator.choiceCount, language.displayName, have, QuestionGenerator.choiceCount - have
            ))
            return .notFound
        }
        let words = QuizPlanner.words(from: pool, count: count, at: now, selection: selection, using: &random)
        guard !words.isEmpty else {
            // Only a review can find nothing to ask: no word is due.
            let next = QuizPlanner.nextDue(in: pool, after: now)
            switch options.format {
            case .text: context.output.write(localized(.quizNothingDue, language.displayName, Self.nextDueText(next)) + "\n")
            case .json: context.output.write(JSONOutput.encode(QuizDocument(result: nil, next: next)))
            }
            return .success
        }
        let questions = try words.map { try generator.question(about: $0, using: &random) }
        let quizInput = try input ?? QuizInput.choose(answers: nil)

        // With --format json, standard output carries only the JSON; the play goes to standard error.
        let json = options.format == .json
        let write: @Sendable (String) -> Void = { text in
            if json { context.output.writeError(text) } else { context.output.write(text) }
        }
        let presenter = TextPresenter(terminal: context.output.isTerminal, colour: context.style.enabled, write: write)
        let session = QuizSession(questions: questions, seconds: options.seconds, kind: kind, language: language,
                                  recorder: LibraryQuizRecorder(library: library, kind: kind), presenter: presenter)
        let result: QuizResult
        do {
            result = try await quizInput.withSource { (source: any AnswerSource) async throws -> QuizResult in
                try await session.run(answers: source, clock: ContinuousClock(), startDate: now)
            }
        } catch let error as LibraryError {
            throw CommandFailure(error)
        }
        let after = (try? await quizWords(in: library, language: language).pool) ?? pool
        let next = QuizPlanner.nextDue(in: after, after: result.finished)
        switch options.format {
        case .text:
            if selection == .review, result.asked > 0 { context.output.write(Self.nextDueText(next) + "\n") }
        case .json:
            context.output.write(JSONOutput.encode(QuizDocument(result: result, next: next)))
        }
        if result.asked == 0, result.end == .inputEnded, case .lines = quizInput {
            context.fail(localized(.quizInputEndedFirst))
            return .usage
        }
        return result.end == .interrupted ? .interrupted : .success
    }

    /// The words a quiz in `language` can ask (those with a definition or a translation), choosing the language when
    /// none is given.
    func quizWords(in library: any LibraryStore, language: Language?) async throws -> (language: Language, pool: [QuizWord]) {
        do {
            let chosen: Language
            if let language {
                chosen = language
            } else {
                let all = try await library.quizCandidates(language: nil)
                let counts = Dictionary(grouping: all, by: \.language).mapValues(\.count)
                guard let most = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else {
                    throw CommandFailure(
                        status: .notFound,
                        message: localized(.quizLibraryEmpty)
                    )
                }
                chosen = most
            }
            let pool = try await library.quizCandidates(language: chosen).compactMap(QuizWord.init(libraryWord:))
            return (chosen, pool)
        } catch let error as LibraryError {
            throw CommandFailure(error)
        }
    }

    static func nextDueText(_ next: (date: Date, count: Int)?) -> String {
        guard let next else { return localized(.quizNothingScheduled) }
        let time = formatTime(next.date)  // "2026-11-22 10:00 UTC"
        return next.count == 1 ? localized(.quizNextReviewOne, time)
            : localized(.quizNextReviewMany, count: next.count, dayString(next.date), time.split(separator: " ").dropFirst().joined(separator: " "))
    }

    /// The JSON of `quiz`/`review --format json`: the result, and when the next words fall due.
    struct QuizDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var result: QuizResult?
        var nextDue: Date?
        var nextDueCount: Int

        init(result: QuizResult?, next: (date: Date, count: Int)?) {
            self.result = result
            nextDue = next?.date
            nextDueCount = next?.count ?? 0
        }
    }
}

/// Parses `--now`: an ISO 8601 date (midnight UTC) or date and time.
func parseTime(_ text: String) throws -> Date {
    let formatter = ISO8601DateFormatter()
    for options: ISO8601DateFormatter.Options in [
        [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
    ] {
        formatter.formatOptions = options
        if let date = formatter.date(from: text) { return date }
    }
    throw CommandFailure.usage(localized(.badNowTime, text))
}


/// Saves a quiz's answers and its run in the library.
struct LibraryQuizRecorder: QuizRecorder {
    let library: any LibraryStore
    let kind: String

    func record(answer: AnsweredQuestion) async throws {
        try await library.recordAnswer(
            wordID: answer.wordID, correct: answer.outcome == .right, newState: answer.review,
            at: answer.review.lastSeen ?? Date()
        )
    }

    func record(quiz: QuizResult) async throws {
        try await library.recordQuizRun(QuizRun(
            started: quiz.started, finished: quiz.finished,
            mode: kind == "quiz" ? quiz.mode.rawValue : "\(kind) \(quiz.mode.rawValue)",
            language: Language(quiz.language), asked: quiz.asked, right: quiz.right, wrong: quiz.wrong,
            missed: quiz.missed, durationSeconds: quiz.durationSeconds
        ))
    }
}

extension QuizWord {
    /// The quiz's view of a library word; nil for a word without an id or a definition.
    init?(libraryWord word: LibraryWord) {
        guard let id = word.id, let definition = word.meaning else { return nil }
        self.init(
            id: id, text: word.word, language: word.language, partOfSpeech: word.partOfSpeech, definition: definition,
            review: word.review ?? ReviewSchedule()
        )
    }
}
