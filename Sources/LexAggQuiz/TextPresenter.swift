import Foundation
import LexAggCore

/// Shows a quiz as text: each question with numbered choices, a countdown, the running score and a summary.
///
/// On a terminal the countdown is one line rewritten every second; elsewhere (a pipe, a log) it is not repeated,
/// so the output stays one line per event. Colour only when `colour` is set (a terminal without `NO_COLOR`).
public struct TextPresenter: QuizPresenter {
    let write: @Sendable (String) -> Void
    let terminal: Bool
    let colour: Bool

    public init(terminal: Bool, colour: Bool, write: @escaping @Sendable (String) -> Void) {
        self.terminal = terminal
        self.colour = colour
        self.write = write
    }

    public func show(_ event: QuizEvent) {
        switch event {
        case .question(let number, let total, let question, let right, let asked, let seconds):
            var text = style("Question \(number) of \(total)", "1") + style("  ·  score \(right)/\(asked)", "2") + "\n"
            let part = question.mode == .meaning ? question.word.partOfSpeech.map { " (\($0.name))" } ?? "" : ""
            text += "  " + style(question.prompt, "1") + style(part, "3") + "\n"
            text += question.mode == .meaning ? "  What does it mean?\n" : "  Which word is it?\n"
            for (index, choice) in question.choices.enumerated() {
                text += "    \(style(String(index + 1), "36"))  \(choice)\n"
            }
            text += terminal ? countdown(seconds) : "  \(seconds) s to answer 1–4\n"
            write(text)
        case .tick(let remaining):
            if terminal { write(countdown(remaining)) }
        case .hint(let key):
            let hint = "'\(key)' is not an answer: press 1, 2, 3 or 4 (q or Ctrl-C stops)"
            write(terminal ? "\r\u{1B}[2K" + style("  " + hint, "33") : "  \(hint)\n")
        case .answered(let answer, let question, let right, let asked):
            let key = question.answerIndex + 1
            var line: String
            switch answer.outcome {
            case .right: line = style("  ✓ Right!", "32")
            case .wrong: line = style("  ✗ Wrong", "31") + " — the answer is \(key): \(question.answer)"
            case .timedOut: line = style("  ⏱ Time's up", "31") + " — the answer is \(key): \(question.answer)"
            }
            line += style("   score \(right)/\(asked)", "2")
            write((terminal ? "\r\u{1B}[2K" : "") + line + "\n\n")
        case .finished(let result):
            // A quiz that ended early leaves a countdown line behind on a terminal: clear it first.
            let clear = terminal && result.end != .completed ? "\r\u{1B}[2K" : ""
            write(clear + Self.summary(of: result, style: style))
        }
    }

    private func countdown(_ remaining: Int) -> String {
        "\r\u{1B}[2K" + style("  ⏱ \(remaining) s", remaining <= 3 ? "33" : "2") + style("  — press 1–4, q stops", "2")
    }

    private func style(_ text: String, _ code: String) -> String {
        colour && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// The end-of-quiz summary: score, percentage, time, and the words to look at again.
    static func summary(of result: QuizResult, style: (String, String) -> String) -> String {
        var text = ""
        switch result.end {
        case .completed: break
        case .interrupted:
            text += "Stopped early after \(result.asked) of \(result.planned) questions; the answers given are saved.\n"
        case .inputEnded:
            text += "Input ended after \(result.asked) of \(result.planned) questions; the answers given are saved.\n"
        }
        guard result.asked > 0 else { return text }
        let percent = Int((Double(result.right) * 100 / Double(result.asked)).rounded())
        text += style("Score: \(result.right)/\(result.asked) (\(percent)%)", "1")
            + " — \(result.right) right, \(result.wrong) wrong, \(result.missed) missed"
            + " in \(Int(result.durationSeconds.rounded())) s\n"
        let toReview = result.answers.filter { $0.outcome != .right }
        if !toReview.isEmpty {
            text += "To review: " + toReview.map(\.word).joined(separator: ", ") + "\n"
        }
        return text
    }
}
