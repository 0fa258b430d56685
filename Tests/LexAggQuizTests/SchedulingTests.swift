import Foundation
import LexAggCore
import LexAggQuiz
import Testing

@Suite struct SchedulingTests {
    let day: TimeInterval = 86_400

    @Test func rightAnswersGrowTheIntervalAsSM2Says() {
        var state = ReviewSchedule()
        var now = Words.start
        var intervals: [Int] = []
        for _ in 0..<4 {
            state = SM2.schedule(state, grade: .hesitant, at: now)
            intervals.append(state.intervalDays)
            #expect(state.due == now.addingTimeInterval(Double(state.intervalDays) * day))
            now = state.due!
        }
        // I(1) = 1, I(2) = 6, then I(n-1) × EF with EF staying 2.5 at grade 4.
        #expect(intervals == [1, 6, 15, 38])
        #expect(state.easeFactor == 2.5)
        #expect(state.repetitions == 4 && state.right == 4 && state.seen == 4 && state.wrong == 0)
        #expect(state.lastSeen == Words.start.addingTimeInterval(22 * day))
    }

    @Test func aLapseStartsAgainAndLowersTheEaseFactor() {
        var state = ReviewSchedule(repetitions: 3, easeFactor: 2.5, intervalDays: 15)
        state = SM2.schedule(state, grade: .blackout, at: Words.start)
        #expect(state.repetitions == 0 && state.intervalDays == 1 && state.wrong == 1)
        #expect(abs(state.easeFactor - 1.7) < 1e-9)  // 2.5 + (0.1 − 5 × (0.08 + 5 × 0.02))
        state = SM2.schedule(state, grade: .wrong, at: Words.start)
        #expect(abs(state.easeFactor - 1.3) < 1e-9)  // 1.7 − 0.54 = 1.16, floored at 1.3
        state = SM2.schedule(state, grade: .perfect, at: Words.start)
        #expect(abs(state.easeFactor - 1.4) < 1e-9)
    }

    @Test func answersMapToGrades() {
        let limit = Duration.seconds(15)
        #expect(SM2.Grade(outcome: .right, elapsed: .seconds(2), limit: limit) == .perfect)
        #expect(SM2.Grade(outcome: .right, elapsed: .seconds(5), limit: limit) == .perfect)
        #expect(SM2.Grade(outcome: .right, elapsed: .seconds(8), limit: limit) == .hesitant)
        #expect(SM2.Grade(outcome: .right, elapsed: .seconds(14), limit: limit) == .difficult)
        #expect(SM2.Grade(outcome: .wrong, elapsed: .seconds(1), limit: limit) == .wrong)
        #expect(SM2.Grade(outcome: .timedOut, elapsed: limit, limit: limit) == .blackout)
    }

    @Test func dueWordsComeFirstThenNewThenLater() {
        let now = Words.start
        var words = Words.all
        words[0].review = ReviewSchedule(easeFactor: 2.5, due: now.addingTimeInterval(3 * day))   // later
        words[1].review = ReviewSchedule(easeFactor: 2.5, due: now.addingTimeInterval(-600))      // due today
        words[2].review = ReviewSchedule(easeFactor: 1.7, due: now.addingTimeInterval(-300))      // due today, harder
        words[3].review = ReviewSchedule(easeFactor: 2.6, due: now.addingTimeInterval(-3 * day))  // overdue 3 days
        var random = SeededGenerator(seed: 3)
        let quiz = QuizPlanner.words(from: words, count: 10, at: now, selection: .quiz, using: &random)
        #expect(quiz.prefix(3).map(\.text) == ["pencil", "castle", "river"])
        #expect(Set(quiz[3..<9].map(\.text)) == Set(words[4...].map(\.text)))
        #expect(quiz.last?.text == "apple")
        let review = QuizPlanner.words(from: words, count: 10, at: now, selection: .review, using: &random)
        #expect(review.map(\.text) == ["pencil", "castle", "river"])
        let limited = QuizPlanner.words(from: words, count: 2, at: now, selection: .review, using: &random)
        #expect(limited.map(\.text) == ["pencil", "castle"])
    }

    @Test func nextDueNamesTheFirstDayAndHowManyFallDueThen() throws {
        var words = Words.all
        words[0].review.due = Words.start.addingTimeInterval(day + 10)
        words[1].review.due = Words.start.addingTimeInterval(day + 20)
        words[2].review.due = Words.start.addingTimeInterval(6 * day)
        words[3].review.due = Words.start.addingTimeInterval(-day)
        let next = try #require(QuizPlanner.nextDue(in: words, after: Words.start))
        #expect(next.date == Words.start.addingTimeInterval(day + 10))
        #expect(next.count == 2)
        #expect(QuizPlanner.nextDue(in: Array(words[4...]), after: Words.start) == nil)
    }
}
