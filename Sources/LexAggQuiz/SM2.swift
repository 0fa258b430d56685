import Foundation

/// The SuperMemo SM-2 spaced-repetition algorithm.
///
/// P. A. Woźniak, *Optimization of learning* (master's thesis, University of Technology in Poznań, 1990), chapter 3,
/// "Application of a computer to improve the results obtained in working with the SuperMemo method"; published as
/// "Algorithm SM-2" at https://super-memory.com/english/ol/sm2.htm. After each answer, graded 0–5:
///
/// - grade ≥ 3 (right): *I(1)* = 1 day, *I(2)* = 6 days, *I(n)* = *I(n−1)* × *EF* for *n* > 2;
/// - grade < 3 (wrong): repetitions start again from the beginning (*n* = 0, next interval 1 day);
/// - after every answer *EF′* = *EF* + (0.1 − (5 − *q*) × (0.08 + (5 − *q*) × 0.02)), never below 1.3, so a lapse
///   also makes the word come back more often later.
///
/// The quiz grades an answer by how it went (see ``Grade/init(outcome:elapsed:limit:)``).
public enum SM2 {
    public static let initialEaseFactor = 2.5
    public static let minimumEaseFactor = 1.3
    static let day: TimeInterval = 86_400

    /// A quality of response, 0 (complete blackout) to 5 (perfect response), as SM-2 defines it.
    public struct Grade: RawRepresentable, Sendable, Hashable, Comparable {
        public let rawValue: Int

        public init?(rawValue: Int) {
            guard (0...5).contains(rawValue) else { return nil }
            self.rawValue = rawValue
        }

        private init(_ value: Int) { rawValue = value }

        public static func < (lhs: Grade, rhs: Grade) -> Bool { lhs.rawValue < rhs.rawValue }

        /// 5: right, answered within the first third of the time allowed.
        public static let perfect = Grade(5)
        /// 4: right after some hesitation.
        public static let hesitant = Grade(4)
        /// 3: right, but only in the last quarter of the time allowed.
        public static let difficult = Grade(3)
        /// 1: a wrong choice.
        public static let wrong = Grade(1)
        /// 0: no answer before the time ran out.
        public static let blackout = Grade(0)

        /// Maps a quiz answer to a grade: right-fast 5, right 4, right-late 3, wrong 1, timeout 0.
        public init(outcome: AnswerOutcome, elapsed: Duration, limit: Duration) {
            switch outcome {
            case .right:
                if elapsed * 3 <= limit {
                    self = .perfect
                } else if elapsed * 4 >= limit * 3 {
                    self = .difficult
                } else {
                    self = .hesitant
                }
            case .wrong: self = .wrong
            case .timedOut: self = .blackout
            }
        }

        /// Whether SM-2 counts the response as recalled.
        public var isPassing: Bool { rawValue >= 3 }
    }

    /// The state after answering with `grade` at `now`: the new interval, ease factor, due date and counters.
    public static func schedule(_ state: ReviewSchedule, grade: Grade, at now: Date) -> ReviewSchedule {
        var next = state
        let q = Double(grade.rawValue)
        if grade.isPassing {
            switch state.repetitions {
            case 0: next.intervalDays = 1
            case 1: next.intervalDays = 6
            default: next.intervalDays = max(1, Int((Double(state.intervalDays) * state.easeFactor).rounded()))
            }
            next.repetitions = state.repetitions + 1
            next.right += 1
        } else {
            next.repetitions = 0
            next.intervalDays = 1
            next.wrong += 1
        }
        next.easeFactor = max(minimumEaseFactor, state.easeFactor + (0.1 - (5 - q) * (0.08 + (5 - q) * 0.02)))
        next.due = now.addingTimeInterval(Double(next.intervalDays) * day)
        next.seen += 1
        next.lastSeen = now
        return next
    }
}
