import Foundation
import LexAggCore

/// How a question ended.
public enum AnswerOutcome: String, Sendable, Codable {
    case right
    case wrong
    /// The countdown reached zero first (a "missed" question).
    case timedOut = "timeout"
}

/// A question and what became of it.
public struct AnsweredQuestion: Sendable, Codable, Hashable {
    public var wordID: Int64
    public var word: String
    public var prompt: String
    public var choices: [String]
    /// 1-based, as keyed.
    public var answer: Int
    /// 1-based; `nil` when the question timed out.
    public var chosen: Int?
    public var outcome: AnswerOutcome
    /// The SM-2 grade given (0–5).
    public var grade: Int
    public var seconds: Double
    /// The word's schedule after this answer.
    public var review: ReviewSchedule

    public init(wordID: Int64, word: String, prompt: String, choices: [String], answer: Int, chosen: Int?,
                outcome: AnswerOutcome, grade: Int, seconds: Double, review: ReviewSchedule) {
        self.wordID = wordID
        self.word = word
        self.prompt = prompt
        self.choices = choices
        self.answer = answer
        self.chosen = chosen
        self.outcome = outcome
        self.grade = grade
        self.seconds = seconds
        self.review = review
    }
}

/// Why a quiz ended.
public enum QuizEnd: String, Sendable, Codable {
    case completed
    /// Ctrl-C, `q` or a signal.
    case interrupted
    /// Standard input or the `--answers` list ran out.
    case inputEnded = "input-ended"
    /// What the quiz shows could no longer be shown (``QuizPresenter/isClosed``: `lexagg quiz | head`, a terminal
    /// gone): no question is asked of nobody.
    case outputClosed = "output-closed"
}

/// A whole quiz run: what was asked, the score and how long it took.
public struct QuizResult: Sendable, Codable, Hashable {
    /// `quiz` or `review`.
    public var kind: String
    public var mode: QuizMode
    public var language: String
    public var started: Date
    public var finished: Date
    public var durationSeconds: Double
    /// Questions planned.
    public var planned: Int
    public var asked: Int { answers.count }
    public var right: Int { answers.count { $0.outcome == .right } }
    public var wrong: Int { answers.count { $0.outcome == .wrong } }
    public var missed: Int { answers.count { $0.outcome == .timedOut } }
    public var end: QuizEnd
    public var answers: [AnsweredQuestion]

    enum CodingKeys: String, CodingKey {
        case kind, mode, language, started, finished, durationSeconds, planned, asked, right, wrong, missed, end, answers
    }

    public init(kind: String, mode: QuizMode, language: String, started: Date, finished: Date, durationSeconds: Double,
                planned: Int, end: QuizEnd, answers: [AnsweredQuestion]) {
        self.kind = kind
        self.mode = mode
        self.language = language
        self.started = started
        self.finished = finished
        self.durationSeconds = durationSeconds
        self.planned = planned
        self.end = end
        self.answers = answers
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try c.decode(String.self, forKey: .kind), mode: try c.decode(QuizMode.self, forKey: .mode),
                  language: try c.decode(String.self, forKey: .language),
                  started: try c.decode(Date.self, forKey: .started), finished: try c.decode(Date.self, forKey: .finished),
                  durationSeconds: try c.decode(Double.self, forKey: .durationSeconds),
                  planned: try c.decode(Int.self, forKey: .planned), end: try c.decode(QuizEnd.self, forKey: .end),
                  answers: try c.decode([AnsweredQuestion].self, forKey: .answers))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(mode, forKey: .mode)
        try c.encode(language, forKey: .language)
        try c.encode(started, forKey: .started)
        try c.encode(finished, forKey: .finished)
        try c.encode(durationSeconds, forKey: .durationSeconds)
        try c.encode(planned, forKey: .planned)
        try c.encode(asked, forKey: .asked)
        try c.encode(right, forKey: .right)
        try c.encode(wrong, forKey: .wrong)
        try c.encode(missed, forKey: .missed)
        try c.encode(end, forKey: .end)
        try c.encode(answers, forKey: .answers)
    }
}

/// Where a quiz keeps its results: each answer as it is given (so an interrupted quiz keeps them), then the run.
///
/// ## Implementing a quiz recorder
/// ``record(answer:)`` stores the word's new ``ReviewSchedule`` and counts; ``record(quiz:)`` stores the run once,
/// at the end, whether the quiz completed or not. Errors end the quiz.
public protocol QuizRecorder: Sendable {
    func record(answer: AnsweredQuestion) async throws
    func record(quiz: QuizResult) async throws
}
