import Foundation
import LexAggCore

/// What the session tells its presenter, in order.
public enum QuizEvent: Sendable, Hashable {
    /// A question is shown with `seconds` on the countdown; `score` is right answers so far of `asked`.
    case question(number: Int, total: Int, question: Question, right: Int, asked: Int, seconds: Int)
    /// One second has passed; `remaining` seconds are left (above 0).
    case tick(remaining: Int)
    /// A key other than 1–4 was pressed.
    case hint(key: String)
    /// The question ended: answered right or wrong, or timed out (the right answer is in `question`).
    case answered(AnsweredQuestion, question: Question, right: Int, asked: Int)
    case finished(QuizResult)
}

/// Shows a quiz as it happens.
public protocol QuizPresenter: Sendable {
    func show(_ event: QuizEvent)
    /// Whether what is shown can no longer be seen (its output closed: `lexagg quiz | head`, a terminal gone): the
    /// session then ends (``QuizEnd/outputClosed``), keeping and recording the answers given. False by default.
    var isClosed: Bool { get }
}

extension QuizPresenter {
    public var isClosed: Bool { false }
}

/// Runs a quiz: asks each question with a countdown on an injected clock, takes answers from an ``AnswerSource``,
/// grades them with SM-2 and records them.
///
/// The countdown's ticks are deadlines from the question's start on the clock (start + 1 s, + 2 s, …), so with a
/// test clock every tick happens exactly when the test advances time, however late its sleep began.
public struct QuizSession: Sendable {
    public var questions: [Question]
    public var seconds: Int
    /// `quiz` or `review`, for the records.
    public var kind: String
    public var language: Language
    public var recorder: (any QuizRecorder)?
    public var presenter: any QuizPresenter

    public init(questions: [Question], seconds: Int, kind: String = "quiz", language: Language,
                recorder: (any QuizRecorder)?, presenter: any QuizPresenter) {
        self.questions = questions
        self.seconds = seconds
        self.kind = kind
        self.language = language
        self.recorder = recorder
        self.presenter = presenter
    }

    private enum Event: Sendable {
        case input(InputEvent)
        case tick(question: Int, remaining: Int)
    }

    /// Runs the quiz to its end (all asked, interrupted, input ended or output closed) and returns the result; every
    /// answer is recorded as it is given, and the run at the end, however it ends (unless nothing was answered).
    ///
    /// - Parameters:
    ///   - answers: where the answers come from.
    ///   - clock: times the countdown and the answers.
    ///   - startDate: the date at the clock's current instant; dates recorded are this plus the time elapsed on
    ///     `clock`, so a test clock (or `--now`) decides when words fall due.
    /// - Throws: what the recorder throws.
    public func run<C: Clock<Duration>>(answers: some AnswerSource, clock: C, startDate: Date) async throws -> QuizResult {
        let startInstant = clock.now
        func date(at instant: C.Instant) -> Date {
            startDate.addingTimeInterval(Self.seconds(startInstant.duration(to: instant)))
        }
        let (events, continuation) = AsyncStream<Event>.makeStream()
        let pump = Task {
            for await event in answers.events() { continuation.yield(.input(event)) }
            continuation.yield(.input(.endOfInput))
        }
        defer {
            pump.cancel()
            continuation.finish()
        }
        var iterator = events.makeAsyncIterator()
        var held: [InputEvent] = []  // what arrived while a scripted pass waited for its timeout
        var answered: [AnsweredQuestion] = []
        var end = QuizEnd.completed
        let limit = Duration.seconds(seconds)

        questions: for (index, question) in questions.enumerated() {
            let questionStart = clock.now
            let right = answered.count { $0.outcome == .right }
            // A question nobody can see is not asked (the answer to the last one may be what found the output closed).
            guard !presenter.isClosed else {
                end = .outputClosed
                break
            }
            presenter.show(.question(number: index + 1, total: questions.count, question: question, right: right,
                                     asked: answered.count, seconds: seconds))
            guard !presenter.isClosed else {
                end = .outputClosed
                break
            }
            let seconds = seconds
            let ticker = Task {
                for elapsed in 1...seconds {
                    // A deadline already reached needs no sleep (a test clock would wait for its next advance).
                    let deadline = questionStart.advanced(by: .seconds(elapsed))
                    if clock.now < deadline { try await clock.sleep(until: deadline, tolerance: nil) }
                    try Task.checkCancellation()
                    continuation.yield(.tick(question: index, remaining: seconds - elapsed))
                }
            }
            defer { ticker.cancel() }
            var passing = false
            var chosen: Int?
            var outcome: AnswerOutcome?
            while outcome == nil {
                let event: Event
                if !passing, !held.isEmpty {
                    event = .input(held.removeFirst())
                } else if let next = await iterator.next() {
                    event = next
                } else {
                    event = .input(.endOfInput)
                }
                switch event {
                case .tick(let number, let remaining):
                    guard number == index else { continue }
                    if remaining == 0 { outcome = .timedOut } else { presenter.show(.tick(remaining: remaining)) }
                case .input(let input):
                    if passing, input != .interrupt {
                        held.append(input)
                        continue
                    }
                    switch input {
                    case .choice(let key) where (1...question.choices.count).contains(key):
                        chosen = key
                        outcome = key - 1 == question.answerIndex ? .right : .wrong
                    case .choice(let key): presenter.show(.hint(key: String(key)))
                    case .invalid(let key): presenter.show(.hint(key: key))
                    case .pass: passing = true
                    case .interrupt:
                        end = .interrupted
                        break questions
                    case .endOfInput:
                        end = .inputEnded
                        break questions
                    }
                }
                // A countdown or a hint that found the output closed: the question cannot be seen any more.
                if outcome == nil, presenter.isClosed {
                    end = .outputClosed
                    break questions
                }
            }
            ticker.cancel()
            let answeredAt = clock.now
            let elapsed = questionStart.duration(to: answeredAt)
            let grade = SM2.Grade(outcome: outcome!, elapsed: elapsed, limit: limit)
            let review = SM2.schedule(question.word.review, grade: grade, at: date(at: answeredAt))
            let answer = AnsweredQuestion(
                wordID: question.word.id, word: question.word.text, prompt: question.prompt,
                choices: question.choices, answer: question.answerIndex + 1, chosen: chosen, outcome: outcome!,
                grade: grade.rawValue, seconds: Self.seconds(elapsed), review: review
            )
            answered.append(answer)
            try await recorder?.record(answer: answer)
            presenter.show(.answered(answer, question: question, right: right + (outcome == .right ? 1 : 0),
                                     asked: answered.count))
        }

        let finishedAt = clock.now
        let result = QuizResult(
            kind: kind, mode: questions.first?.mode ?? .meaning, language: language.code, started: startDate,
            finished: date(at: finishedAt), durationSeconds: Self.seconds(startInstant.duration(to: finishedAt)),
            planned: questions.count, end: end, answers: answered
        )
        if !answered.isEmpty { try await recorder?.record(quiz: result) }
        presenter.show(.finished(result))
        return result
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
