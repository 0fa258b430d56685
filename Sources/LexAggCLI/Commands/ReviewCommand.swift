import ArgumentParser
import Foundation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import LexAggLocalization
import LexAggQuiz

struct ReviewCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "review",
            abstract: localized(.helpReviewAbstract),
            discussion: localized(.helpReviewDiscussion)
        )
    }

    @OptionGroup var options: QuizOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpReviewCount), valueName: "n"))
    var count: Int = 20

    func run(in context: CommandContext) async throws -> ExitStatus {
        try await QuizPlay(options: options, count: count, selection: .review).run(in: context)
    }
}

/// `lexagg quiz --stats`: past quizzes, the best score, and each word's answers and schedule.
struct QuizStatsReport {
    /// A run's mode as stored (`meaning`, `word`, `review meaning`) in the reader's language, word by word.
    static func modeLabel(_ mode: String) -> String {
        mode.split(separator: " ").map { word -> String in
            switch word {
            case "meaning": localized(.quizModeMeaning)
            case "word": localized(.quizModeWord)
            case "review": localized(.quizModeReview)
            default: String(word)
            }
        }.joined(separator: " ")
    }

    var language: String?
    var format: OutputFormat

    func run(in context: CommandContext) async throws -> ExitStatus {
        let filter = try language.map { try parseLanguage($0) }
        let library = try context.openLibrary()
        let stats: QuizStats
        do { stats = try await library.quizStats() } catch { throw CommandFailure(error) }
        let runs = stats.runs.filter { run in filter.map { run.language?.matches($0) ?? false } ?? true }
        let best = filter == nil ? stats.best : runs.max { ($0.score, $0.asked, $1.started) < ($1.score, $1.asked, $0.started) }
        let words = stats.words.filter { word in filter.map { word.language.matches($0) } ?? true }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(Document(
                quizzes: runs.map(Run.init), best: best.map(Run.init), words: words.compactMap(Word.init)
            )))
        case .text:
            context.output.write(text(runs: runs, best: best, words: words, style: context.style))
        }
        return .success
    }

    func text(runs: [QuizRun], best: QuizRun?, words: [LibraryWord], style: TerminalStyle) -> String {
        guard !runs.isEmpty else { return localized(.reviewNoQuizzes) + "\n" }
        var text = style.bold(localized(.reviewQuizzes)) + localized(.reviewQuizzesCount, runs.count) + "\n"
        // The mode column as wide as its longest label (Russian's `повторение значение` passed 14 and pushed the row).
        let modeWidth = max(14, runs.prefix(20).map { Self.modeLabel($0.mode).count }.max() ?? 0)
        for run in runs.prefix(20) {
            text += "  \(formatTime(run.started))  \(pad(Self.modeLabel(run.mode), modeWidth)) \(pad(run.language?.code ?? "", 4))"
                + " \(score(run))  \(localized(.secondsShort, Int(run.durationSeconds.rounded())))\n"
        }
        if runs.count > 20 { text += localized(.reviewAndMore, runs.count - 20) + "\n" }
        if let best { text += style.bold(localized(.reviewBestScore)) + localized(.reviewBestScoreOn, score(best), formatTime(best.started)) + "\n" }
        if !words.isEmpty {
            text += style.bold(localized(.reviewWords)) + localized(.reviewWordsOrder) + "\n"
            // Each column as wide as its data or its heading, whichever is wider.
            let heading = (word: localized(.reviewColumnWord), seen: localized(.reviewColumnSeen),
                           right: localized(.reviewColumnRight), wrong: localized(.reviewColumnWrong),
                           last: localized(.reviewColumnLastSeen), next: localized(.reviewColumnNextDue))
            let seen = max(4, heading.seen.count), right = max(5, heading.right.count)
            let wrong = max(5, heading.wrong.count), last = max(21, heading.last.count)
            text += style.dim("  \(pad(heading.word, 18)) \(pad(heading.seen, seen, right: true))"
                + " \(pad(heading.right, right, right: true)) \(pad(heading.wrong, wrong, right: true))"
                + "  \(pad(heading.last, last)) \(heading.next)") + "\n"
            for word in words {
                guard let review = word.review else { continue }
                text += "  \(pad(word.word, 18)) \(pad(String(review.seen), seen, right: true))"
                    + " \(pad(String(review.right), right, right: true)) \(pad(String(review.wrong), wrong, right: true))"
                    + "  \(pad(review.lastSeen.map(formatTime) ?? "", last)) \(review.due.map(formatTime) ?? "")\n"
            }
        }
        return text
    }

    func score(_ run: QuizRun) -> String {
        "\(run.right)/\(run.asked) (\(Int((run.score * 100).rounded()))%)"
    }

    func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - displayWidth(text)))
        return right ? fill + text : text + fill
    }

    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "quiz stats"
        var quizzes: [Run]
        var best: Run?
        var words: [Word]
    }

    struct Run: Encodable {
        var started: Date
        var finished: Date?
        var mode: String
        var language: String?
        var asked, right, wrong, missed: Int
        var score: Double
        var durationSeconds: Double

        init(_ run: QuizRun) {
            started = run.started
            finished = run.finished
            mode = run.mode
            language = run.language?.code
            (asked, right, wrong, missed) = (run.asked, run.right, run.wrong, run.missed)
            score = run.score
            durationSeconds = run.durationSeconds
        }
    }

    struct Word: Encodable {
        var word: String
        var language: String
        var seen, right, wrong: Int
        var lastSeen: Date?
        var due: Date?
        var intervalDays: Int
        var easeFactor: Double

        init?(_ word: LibraryWord) {
            guard let review = word.review else { return nil }
            self.word = word.word
            language = word.language.code
            (seen, right, wrong) = (review.seen, review.right, review.wrong)
            lastSeen = review.lastSeen
            due = review.due
            intervalDays = review.intervalDays
            easeFactor = review.easeFactor
        }
    }
}
