import Clocks
import Foundation
import LexAggCore
import LexAggQuiz
import Synchronization

/// Ten English words: five nouns, three verbs, two adjectives.
enum Words {
    static let english = Language("en")!
    static let all: [QuizWord] = [
        word(1, "apple", .noun, "the round fruit of a tree of the rose family"),
        word(2, "river", .noun, "a large natural stream of water"),
        word(3, "castle", .noun, "a large fortified building"),
        word(4, "pencil", .noun, "an instrument for writing or drawing"),
        word(5, "cloud", .noun, "a visible mass of condensed water vapour"),
        word(6, "run", .verb, "move at a speed faster than a walk"),
        word(7, "sing", .verb, "make musical sounds with the voice"),
        word(8, "think", .verb, "have a particular opinion or belief"),
        word(9, "happy", .adjective, "feeling or showing pleasure"),
        word(10, "tall", .adjective, "of great height"),
    ]

    static func word(_ id: Int64, _ text: String, _ part: PartOfSpeech?, _ definition: String,
                     review: ReviewSchedule = ReviewSchedule()) -> QuizWord {
        QuizWord(id: id, text: text, language: english, partOfSpeech: part, definition: definition, review: review)
    }

    static let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00 UTC
}

/// Records what the session shows.
final class RecordingPresenter: QuizPresenter {
    private let events = Mutex<[QuizEvent]>([])

    func show(_ event: QuizEvent) { events.withLock { $0.append(event) } }

    var shown: [QuizEvent] { events.withLock { $0 } }

    var ticks: [Int] {
        shown.compactMap { if case .tick(let remaining) = $0 { remaining } else { nil } }
    }

    var questionsShown: Int {
        shown.count { if case .question = $0 { true } else { false } }
    }

    var hints: [String] {
        shown.compactMap { if case .hint(let key) = $0 { key } else { nil } }
    }

    var outcomes: [AnswerOutcome] {
        shown.compactMap { if case .answered(let answer, _, _, _) = $0 { answer.outcome } else { nil } }
    }
}

/// Shows a quiz until an event it cannot show, as a presenter whose output closed (`lexagg quiz | head`, a terminal
/// gone): from the first event `closesAt` matches, nothing more is shown and ``isClosed`` is true.
final class ClosingPresenter: QuizPresenter {
    let shown = RecordingPresenter()
    private let closesAt: @Sendable (QuizEvent) -> Bool
    private let closed = Mutex(false)

    init(closesAt: @escaping @Sendable (QuizEvent) -> Bool) {
        self.closesAt = closesAt
    }

    func show(_ event: QuizEvent) {
        closed.withLock { closed in
            guard !closed else { return }
            if closesAt(event) { closed = true } else { shown.show(event) }
        }
    }

    var isClosed: Bool { closed.withLock { $0 } }
}

/// Keeps what a quiz records, in memory.
final class MemoryRecorder: QuizRecorder {
    private let state = Mutex<(answers: [AnsweredQuestion], quizzes: [QuizResult])>(([], []))

    func record(answer: AnsweredQuestion) async throws { state.withLock { $0.answers.append(answer) } }
    func record(quiz: QuizResult) async throws { state.withLock { $0.quizzes.append(quiz) } }

    var answers: [AnsweredQuestion] { state.withLock { $0.answers } }
    var quizzes: [QuizResult] { state.withLock { $0.quizzes } }
}

/// Answers the test gives one at a time, while the session runs.
struct ManualAnswers: AnswerSource {
    let stream: AsyncStream<InputEvent>
    let continuation: AsyncStream<InputEvent>.Continuation

    init() {
        (stream, continuation) = AsyncStream<InputEvent>.makeStream()
    }

    func events() -> AsyncStream<InputEvent> { stream }
    func press(_ event: InputEvent) { continuation.yield(event) }
}

/// Lets the session's tasks run until `condition` holds, without sleeping: yields and fires any sleep due at the
/// test clock's current instant. Gives up (returns false) after a bounded number of rounds instead of hanging;
/// the bound is generous because on two busy cores the session's tasks may wait long for a thread. Callers
/// `#require` the result: advancing the clock before the session is ready would leave it waiting forever.
func settle(_ clock: TestClock<Duration>, until condition: () -> Bool) async -> Bool {
    for _ in 0..<100_000 {
        if condition() { return true }
        await clock.advance(by: .zero)
        await Task.yield()
    }
    return condition()
}
