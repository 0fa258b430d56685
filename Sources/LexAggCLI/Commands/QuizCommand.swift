import ArgumentParser
import Foundation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLocalization
import LexAggQuiz

struct QuizCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "quiz",
            abstract: localized(.helpQuizAbstract),
            discussion: localized(.helpQuizDiscussion)
        )
    }

    @OptionGroup var options: QuizOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpQuizCount), valueName: "n"))
    var count: Int = 10

    @Flag(name: .long, help: ArgumentHelp(localized(.helpQuizStats)))
    var stats = false

    func run(in context: CommandContext) async throws -> ExitStatus {
        if stats { return try await QuizStatsReport(language: options.lang, format: options.format).run(in: context) }
        return try await QuizPlay(options: options, count: count, selection: .quiz).run(in: context)
    }
}

/// The options `quiz` and `review` share.
struct QuizOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpQuizOptionsSeconds), valueName: "n"))
    var seconds: Int = 15

    @Option(name: .long, help: ArgumentHelp(localized(.helpQuizOptionsMode)))
    var mode: QuizMode = .meaning

    @Option(name: .long, help: ArgumentHelp(
        localized(.helpQuizOptionsLang),
        valueName: "code"))
    var lang: String?

    // `.unconditional`: a list may start with `-` (a question left to time out: `--answers -,1`).
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        localized(.helpQuizOptionsAnswers),
        valueName: "list"))
    var answers: String?

    @Option(name: .long, help: ArgumentHelp(
        localized(.helpQuizOptionsNow),
        valueName: "time"))
    var now: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpQuizOptionsSeed),
                                            valueName: "n"))
    var seed: UInt64?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
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
            case .json: context.output.write(JSONOutput.encode(QuizDocument(command: kind, result: nil, next: next)))
            }
            return .success
        }
        let questions = try words.map { try generator.question(about: $0, using: &random) }
        let quizInput = try input ?? QuizInput.choose(answers: nil)

        // With --format json, standard output carries only the JSON; the play goes to standard error. A play that
        // cannot be written (`lexagg quiz | head`, a terminal gone) ends the quiz, not the process: the answers given
        // and the run are recorded first, and the quiz then exits 74 like any command whose output closed.
        let json = options.format == .json
        let output = context.output
        let presenter = TextPresenter(terminal: output.isTerminal, colour: context.style.enabled,
                                      attempt: { output.attempt($0, error: json) })
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
        // Text after the play would go where the play could not (the JSON may still have somewhere to go).
        if presenter.isClosed, options.format == .text { return .ioError }
        let after = (try? await quizWords(in: library, language: language).pool) ?? pool
        let next = QuizPlanner.nextDue(in: after, after: result.finished)
        // Words still due (the answers ended early, or --count stopped first): the next review is not only later.
        let stillDue = selection == .review ? after.filter { $0.review.isDue(at: result.finished) }.count : 0
        switch options.format {
        case .text:
            if selection == .review, result.asked > 0 {
                if stillDue > 0 { context.output.write(localized(.quizStillDue, count: stillDue) + "\n") }
                context.output.write(Self.nextDueText(next) + "\n")
            }
        case .json:
            context.output.write(JSONOutput.encode(QuizDocument(command: kind, result: result, next: next, dueNow: stillDue)))
        }
        if presenter.isClosed { return .ioError }
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
        /// `quiz` or `review`, as every document names its command.
        var command: String
        var result: QuizResult?
        /// When the next words not due now fall due, and how many then.
        var nextDue: Date?
        var nextDueCount: Int
        /// `review`: words due now that were not asked (the answers ended early, or the count was reached); 0 for
        /// `quiz`.
        var dueNowCount: Int

        init(command: String, result: QuizResult?, next: (date: Date, count: Int)?, dueNow: Int = 0) {
            self.command = command
            self.result = result
            nextDue = next?.date
            nextDueCount = next?.count ?? 0
            dueNowCount = dueNow
        }
    }
}

/// Parses `--now`: an ISO 8601 date (midnight UTC) or date and time, from 1970 to 2999. A day or time that does not
/// exist (`2026-02-30`, `T25:00:00Z`) is refused, not rolled over into the next (Foundation's formatter would).
func parseTime(_ text: String) throws -> Date {
    let refused = CommandFailure.usage(localized(.badNowTime, text))
    // The date part must be a real day, and any time a real time of day, whatever else ISO 8601 allows after it.
    guard text.count >= 10, CivilDate.moment(iso8601: text.prefix(10) + "T00:00:00Z") != nil else { throw refused }
    if text.count > 10 {
        let time = text.dropFirst(11)
        guard text.dropFirst(10).first == "T", time.count >= 8, let hour = Int(time.prefix(2)),
              let minute = Int(time.dropFirst(3).prefix(2)), let second = Int(time.dropFirst(6).prefix(2)),
              hour < 24, minute < 60, second < 60
        else { throw refused }
    }
    let formatter = ISO8601DateFormatter()
    for options: ISO8601DateFormatter.Options in [
        [.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds], [.withFullDate],
    ] {
        formatter.formatOptions = options
        if let date = formatter.date(from: text), let year = Int(text.prefix(4)), (1970...2999).contains(year) {
            return date
        }
    }
    throw refused
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
        _ = try await library.recordQuizRun(QuizRun(
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
