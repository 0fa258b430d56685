import Clocks
import Foundation
import LexAggCore
import LexAggQuiz
import Testing

@Suite struct QuizSessionTests {
    /// Five questions about the first five words, answer keys fixed by the seed.
    func questions(_ count: Int = 5, mode: QuizMode = .meaning) throws -> [Question] {
        var random = SeededGenerator(seed: 11)
        let generator = QuestionGenerator(mode: mode, pool: Words.all)
        return try Words.all.prefix(count).map { try generator.question(about: $0, using: &random) }
    }

    func wrongKey(_ question: Question) -> Int { (question.answerIndex + 1) % 4 + 1 }

    @Test func theCountdownTicksEverySecondAndATimeoutIsMissed() async throws {
        let clock = TestClock()
        let questions = try questions(2)
        let presenter = RecordingPresenter(), recorder = MemoryRecorder(), keys = ManualAnswers()
        let session = QuizSession(questions: questions, seconds: 3, language: Words.english, recorder: recorder,
                                  presenter: presenter)
        let run = Task { try await session.run(answers: keys, clock: clock, startDate: Words.start) }

        try #require(await settle(clock) { presenter.questionsShown == 1 })
        await clock.advance(by: .seconds(1))
        try #require(await settle(clock) { presenter.ticks == [2] })
        await clock.advance(by: .seconds(1))
        try #require(await settle(clock) { presenter.ticks == [2, 1] })
        #expect(presenter.outcomes.isEmpty)
        await clock.advance(by: .seconds(1))
        try #require(await settle(clock) { presenter.outcomes == [.timedOut] })
        // The second question starts its own countdown; answer it right after half a second.
        try #require(await settle(clock) { presenter.questionsShown == 2 })
        await clock.advance(by: .milliseconds(500))
        keys.press(.choice(questions[1].answerIndex + 1))
        let result = try await run.value

        #expect(presenter.ticks == [2, 1])
        #expect(result.answers.map(\.outcome) == [.timedOut, .right])
        #expect(result.answers[0].chosen == nil && result.answers[0].grade == 0 && result.answers[0].seconds == 3)
        #expect(result.answers[1].grade == 5 && result.answers[1].seconds == 0.5)
        #expect((result.asked, result.right, result.wrong, result.missed) == (2, 1, 0, 1))
        #expect(result.durationSeconds == 3.5 && result.end == .completed)
        #expect(result.finished == Words.start.addingTimeInterval(3.5))
        #expect(recorder.answers == result.answers && recorder.quizzes == [result])
        // Missed: due again a day after it was missed; right first time: also one day (SM-2's I(1)).
        #expect(result.answers[0].review.due == Words.start.addingTimeInterval(3 + 86_400))
        #expect(result.answers[0].review.wrong == 1 && result.answers[1].review.right == 1)
    }

    @Test func scriptedAnswersScoreRightWrongAndTimeout() async throws {
        let clock = TestClock()
        let questions = try questions(3)
        let presenter = RecordingPresenter()
        let script = ScriptedAnswers([.choice(questions[0].answerIndex + 1), .pass, .choice(wrongKey(questions[2]))])
        let session = QuizSession(questions: questions, seconds: 10, language: Words.english, recorder: nil,
                                  presenter: presenter)
        let run = Task { try await session.run(answers: script, clock: clock, startDate: Words.start) }
        // The third answer is held back while the second question waits for its timeout.
        try #require(await settle(clock) { presenter.questionsShown == 2 })
        await clock.advance(by: .seconds(9))
        try #require(await settle(clock) { presenter.ticks.count == 9 })
        #expect(presenter.outcomes == [.right])
        await clock.advance(by: .seconds(1))
        try #require(await settle(clock) { presenter.outcomes.count == 3 })
        let result = try await run.value
        #expect(result.answers.map(\.outcome) == [.right, .timedOut, .wrong])
        #expect(result.answers[2].chosen == wrongKey(questions[2]))
        #expect((result.right, result.wrong, result.missed) == (1, 1, 1))
    }

    @Test func otherKeysAreIgnoredWithAHint() async throws {
        let clock = TestClock()
        let questions = try questions(1)
        let presenter = RecordingPresenter()
        let script = ScriptedAnswers([.invalid("x"), .choice(7), .choice(questions[0].answerIndex + 1)])
        let session = QuizSession(questions: questions, seconds: 5, language: Words.english, recorder: nil,
                                  presenter: presenter)
        let result = try await session.run(answers: script, clock: clock, startDate: Words.start)
        #expect(presenter.hints == ["x", "7"])
        #expect(result.answers.map(\.outcome) == [.right])
    }

    @Test func ctrlCEndsEarlyAndKeepsTheAnswersGiven() async throws {
        let clock = TestClock()
        let questions = try questions(5)
        let presenter = RecordingPresenter(), recorder = MemoryRecorder()
        let script = ScriptedAnswers([.choice(wrongKey(questions[0])), .choice(questions[1].answerIndex + 1),
                                      .interrupt, .choice(1)])
        let session = QuizSession(questions: questions, seconds: 5, language: Words.english, recorder: recorder,
                                  presenter: presenter)
        let result = try await session.run(answers: script, clock: clock, startDate: Words.start)
        #expect(result.end == .interrupted)
        #expect(result.answers.map(\.outcome) == [.wrong, .right])
        #expect(result.planned == 5 && result.asked == 2)
        #expect(recorder.answers.count == 2 && recorder.quizzes.count == 1)
    }

    @Test func inputClosingMidQuizKeepsTheAnswersGiven() async throws {
        let clock = TestClock()
        let questions = try questions(4)
        let recorder = MemoryRecorder()
        let session = QuizSession(questions: questions, seconds: 5, language: Words.english, recorder: recorder,
                                  presenter: RecordingPresenter())
        let result = try await session.run(answers: ScriptedAnswers([.choice(1)]), clock: clock,
                                           startDate: Words.start)
        #expect(result.end == .inputEnded && result.asked == 1)
        #expect(recorder.quizzes.first?.asked == 1)

        let none = try await session.run(answers: ScriptedAnswers([]), clock: clock, startDate: Words.start)
        #expect(none.asked == 0 && none.end == .inputEnded)
        #expect(recorder.quizzes.count == 1, "a quiz without answers is not recorded")
    }

    /// `lexagg quiz | head`: the reader went away, and telling the second answer found out. That answer and the
    /// first are kept, the run is recorded, and the third question (its answer already waiting) is not asked of
    /// nobody.
    @Test func anOutputThatClosesEndsTheQuizKeepingTheAnswersAndTheRun() async throws {
        let clock = TestClock()
        let questions = try questions(3)
        let recorder = MemoryRecorder()
        let presenter = ClosingPresenter { event in
            if case .answered(_, _, _, let asked) = event { asked == 2 } else { false }
        }
        let script = ScriptedAnswers([.choice(questions[0].answerIndex + 1), .choice(wrongKey(questions[1])),
                                      .choice(questions[2].answerIndex + 1)])
        let session = QuizSession(questions: questions, seconds: 5, language: Words.english, recorder: recorder,
                                  presenter: presenter)
        let result = try await session.run(answers: script, clock: clock, startDate: Words.start)
        #expect(result.end == .outputClosed)
        #expect(result.answers.map(\.outcome) == [.right, .wrong])
        #expect(recorder.answers == result.answers && recorder.quizzes == [result])
        #expect(presenter.shown.questionsShown == 2, "the third question was shown to nobody")
    }

    /// A terminal gone while a question counts down: the tick that cannot be shown ends the quiz; the answer given
    /// before is kept and the run recorded, and no answer is taken for the question nobody saw out.
    @Test func aCountdownThatCannotBeShownEndsTheQuiz() async throws {
        let clock = TestClock()
        let questions = try questions(3)
        let recorder = MemoryRecorder(), keys = ManualAnswers()
        let presenter = ClosingPresenter { event in
            if case .tick = event { true } else { false }
        }
        let session = QuizSession(questions: questions, seconds: 5, language: Words.english, recorder: recorder,
                                  presenter: presenter)
        let run = Task { try await session.run(answers: keys, clock: clock, startDate: Words.start) }
        try #require(await settle(clock) { presenter.shown.questionsShown == 1 })
        keys.press(.choice(questions[0].answerIndex + 1))
        try #require(await settle(clock) { presenter.shown.questionsShown == 2 })
        await clock.advance(by: .seconds(1))
        let result = try await run.value
        keys.press(.choice(questions[1].answerIndex + 1))
        #expect(result.end == .outputClosed)
        #expect(result.answers.map(\.outcome) == [.right])
        #expect(recorder.answers.count == 1 && recorder.quizzes.map(\.asked) == [1])
    }

    /// A quiz whose output never closes is not ended by it.
    @Test func anOpenOutputEndsNothing() async throws {
        let clock = TestClock()
        let questions = try questions(2)
        let presenter = ClosingPresenter { _ in false }
        let session = QuizSession(questions: questions, seconds: 5, language: Words.english, recorder: nil,
                                  presenter: presenter)
        let result = try await session.run(answers: ScriptedAnswers([.choice(1), .choice(2)]), clock: clock,
                                           startDate: Words.start)
        #expect(result.end == .completed && result.asked == 2)
    }

    /// The "done when": a five-question quiz with one timeout; the next day a review offers the missed
    /// word first.
    @Test func theNextDaysReviewOffersTheMissedWordFirst() async throws {
        let clock = TestClock()
        var library = Words.all
        var random = SeededGenerator(seed: 5)
        let words = QuizPlanner.words(from: library, count: 5, at: Words.start, selection: .quiz, using: &random)
        let generator = QuestionGenerator(mode: .meaning, pool: library)
        let questions = try words.map { try generator.question(about: $0, using: &random) }
        let keys = questions.enumerated().map { index, question in
            index == 2 ? InputEvent.pass : .choice(question.answerIndex + 1)
        }
        let presenter = RecordingPresenter()
        let session = QuizSession(questions: questions, seconds: 15, language: Words.english, recorder: nil,
                                  presenter: presenter)
        let run = Task { try await session.run(answers: ScriptedAnswers(keys), clock: clock, startDate: Words.start) }
        try #require(await settle(clock) { presenter.questionsShown == 3 })
        await clock.advance(by: .seconds(15))
        try #require(await settle(clock) { presenter.outcomes.count == 5 })
        let result = try await run.value
        #expect(result.answers.map(\.outcome) == [.right, .right, .timedOut, .right, .right])
        for answer in result.answers {
            library[library.firstIndex { $0.id == answer.wordID }!].review = answer.review
        }

        // Later the same day nothing is due; a day later all five are, the missed one first.
        await clock.advance(by: .seconds(3_600))
        let sameDay = Words.start.addingTimeInterval(3_615)
        #expect(QuizPlanner.words(from: library, count: 10, at: sameDay, selection: .review, using: &random).isEmpty)
        await clock.advance(by: .seconds(86_400))
        let nextDay = Words.start.addingTimeInterval(86_400 + 3_615)
        let review = QuizPlanner.words(from: library, count: 10, at: nextDay, selection: .review, using: &random)
        #expect(review.count == 5)
        #expect(review.first?.id == questions[2].word.id)
    }
}
