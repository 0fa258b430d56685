import Foundation
import LexAggCore
import LexAggLocalization
import Synchronization

/// Shows a quiz as text: each question with numbered choices, a countdown, the running score and a summary.
///
/// On a terminal the countdown is one line rewritten every second; elsewhere (a pipe, a log) it is not repeated,
/// so the output stays one line per event. Colour only when `colour` is set (a terminal without `NO_COLOR`). The text
/// is in the language of the task that shows the quiz (``LexAggLocalization/UILanguage/current``).
public struct TextPresenter: QuizPresenter {
    let attempt: @Sendable (String) -> Bool
    let terminal: Bool
    let colour: Bool
    private let closed = Closed()

    public init(terminal: Bool, colour: Bool, write: @escaping @Sendable (String) -> Void) {
        self.init(terminal: terminal, colour: colour, attempt: { text in
            write(text)
            return true
        })
    }

    /// Shows the quiz with `attempt`, which writes and says whether it could: once it could not (the output closed),
    /// nothing more is written and ``isClosed`` is true, so the session ends.
    public init(terminal: Bool, colour: Bool, attempt: @escaping @Sendable (String) -> Bool) {
        self.terminal = terminal
        self.colour = colour
        self.attempt = attempt
    }

    public var isClosed: Bool { closed.value.withLock { $0 } }

    private func write(_ text: String) {
        closed.value.withLock { closed in
            if !closed { closed = !attempt(text) }
        }
    }

    private final class Closed: Sendable {
        let value = Mutex(false)
    }

    public func show(_ event: QuizEvent) {
        switch event {
        case .question(let number, let total, let question, let right, let asked, let seconds):
            var text = style(localized(.quizQuestionOf, number, total), "1")
                + style(localized(.quizRunningScore, right, asked), "2") + "\n"
            let part = question.mode == .meaning ? question.word.partOfSpeech.map { " (\(Self.label($0)))" } ?? "" : ""
            text += "  " + style(question.prompt, "1") + style(part, "3") + "\n"
            text += "  " + localized(question.mode == .meaning ? .quizWhatDoesItMean : .quizWhichWordIsIt) + "\n"
            for (index, choice) in question.choices.enumerated() {
                text += "    \(style(String(index + 1), "36"))  \(choice)\n"
            }
            text += terminal ? countdown(seconds) : "  " + localized(.quizSecondsToAnswer, seconds) + "\n"
            write(text)
        case .tick(let remaining):
            if terminal { write(countdown(remaining)) }
        case .hint(let key):
            let hint = localized(.quizNotAnAnswer, key)
            write(terminal ? "\r\u{1B}[2K" + style("  " + hint, "33") : "  \(hint)\n")
        case .answered(let answer, let question, let right, let asked):
            let key = question.answerIndex + 1
            var line: String
            switch answer.outcome {
            case .right: line = style("  " + localized(.quizRight), "32")
            case .wrong: line = style("  " + localized(.quizWrong), "31") + localized(.quizTheAnswerIs, key, question.answer)
            case .timedOut:
                line = style("  " + localized(.quizTimeUp), "31") + localized(.quizTheAnswerIs, key, question.answer)
            }
            line += style(localized(.quizScoreAfterAnswer, right, asked), "2")
            write((terminal ? "\r\u{1B}[2K" : "") + line + "\n\n")
        case .finished(let result):
            // A quiz that ended early leaves a countdown line behind on a terminal: clear it first.
            let clear = terminal && result.end != .completed ? "\r\u{1B}[2K" : ""
            write(clear + Self.summary(of: result, style: style))
        }
    }

    private func countdown(_ remaining: Int) -> String {
        "\r\u{1B}[2K" + style("  ⏱ " + localized(.secondsShort, remaining), remaining <= 3 ? "33" : "2")
            + style(localized(.quizPressHint), "2")
    }

    /// A part of speech in the reader's language (the usual ones; any other as the dictionary wrote it).
    static func label(_ partOfSpeech: PartOfSpeech) -> String {
        let key: L10nKey? = switch partOfSpeech.name {
        case "noun": .posNoun
        case "verb": .posVerb
        case "adjective": .posAdjective
        case "adverb": .posAdverb
        default: nil
        }
        return key.map { localized($0) } ?? partOfSpeech.name
    }

    private func style(_ text: String, _ code: String) -> String {
        colour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The end-of-quiz summary: score, percentage, time, and the words to look at again.
    static func summary(of result: QuizResult, style: (String, String) -> String) -> String {
        var text = ""
        switch result.end {
        case .completed, .outputClosed: break
        case .interrupted:
            text += localized(.quizStoppedEarly, count: result.planned, result.asked) + "\n"
        case .inputEnded:
            text += localized(.quizInputEnded, count: result.planned, result.asked) + "\n"
        }
        guard result.asked > 0 else { return text }
        let percent = Int((Double(result.right) * 100 / Double(result.asked)).rounded())
        text += style(localized(.quizScore, result.right, result.asked, percent), "1")
            + localized(.quizScoreDetail, result.right, result.wrong, result.missed, Int(result.durationSeconds.rounded()))
            + "\n"
        let toReview = result.answers.filter { $0.outcome != .right }
        if !toReview.isEmpty {
            text += localized(.quizToReview) + toReview.map(\.word).joined(separator: ", ") + "\n"
        }
        return text
    }
}
