import Foundation
import GRDB
import LexAggCore
public import LexAggQuiz

// The quiz's records in the library (tables `review_state` and `quiz_run`, migration v2). The quiz code uses only
// this API; it never writes SQL for these tables.

/// The spaced-repetition state of one saved word: the quiz engine's schedule, stored as it is (one type, not a
/// copy to convert field by field).
public typealias ReviewState = ReviewSchedule

/// One finished (or abandoned) quiz.
public struct QuizRun: Sendable, Hashable, Codable {
    public var id: Int64?
    public var started: Date
    public var finished: Date?
    /// The quiz mode, as the quiz names it (e.g. `definition`, `translation`).
    public var mode: String
    public var language: Language?
    public var asked: Int
    public var right: Int
    public var wrong: Int
    public var missed: Int
    public var durationSeconds: Double

    public init(
        id: Int64? = nil, started: Date, finished: Date?, mode: String, language: Language?, asked: Int, right: Int,
        wrong: Int, missed: Int, durationSeconds: Double
    ) {
        self.id = id
        self.started = started
        self.finished = finished
        self.mode = mode
        self.language = language
        self.asked = asked
        self.right = right
        self.wrong = wrong
        self.missed = missed
        self.durationSeconds = durationSeconds
    }

    /// Right answers as a fraction of questions asked (0 when none were asked).
    public var score: Double { asked == 0 ? 0 : Double(right) / Double(asked) }
}

/// What `quizStats()` reports.
public struct QuizStats: Sendable, Hashable {
    /// Every run, latest first.
    public var runs: [QuizRun]
    /// The run with the best score (ties: the most questions, then the earliest).
    public var best: QuizRun?
    /// Words that have been asked, with their review state, most often wrong first.
    public var words: [LibraryWord]
}

extension Library {
    /// The saved words the quiz can ask (in `language`, or all), each with its ``LibraryWord/review`` state
    /// (a fresh state for words never asked); due words first (never-asked words count as due), then by due date.
    public func quizCandidates(language: Language? = nil) throws(LibraryError) -> [LibraryWord] {
        try read { db in
            let filter = language == nil ? "" : " WHERE word.language = ?"
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT word.*, review_state.word_id AS review_id, review_state.repetitions, review_state.ease,
                           review_state.interval_days, review_state.due, review_state.seen, review_state.right,
                           review_state.wrong, review_state.last_seen
                    FROM word LEFT JOIN review_state ON review_state.word_id = word.id\(filter)
                    ORDER BY coalesce(review_state.due, 0), word.added
                    """,
                arguments: language.map { [$0.code] } ?? []
            )
            return try rows.map { row in
                var word = try Self.decode(row)
                word.review = Self.reviewState(row)
                return word
            }
        }
    }

    /// Stores the quiz's new state for a word after an answer, and counts the answer (seen, right or wrong,
    /// last seen = `now`); the counters in `newState` are ignored.
    public func recordAnswer(wordID: Int64, correct: Bool, newState: ReviewState, at now: Date = Date())
        throws(LibraryError)
    {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO review_state (word_id, repetitions, ease, interval_days, due, seen, right, wrong, last_seen)
                    VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)
                    ON CONFLICT (word_id) DO UPDATE SET repetitions = excluded.repetitions, ease = excluded.ease,
                        interval_days = excluded.interval_days, due = excluded.due, seen = seen + 1,
                        right = right + excluded.right, wrong = wrong + excluded.wrong, last_seen = excluded.last_seen
                    """,
                arguments: [
                    wordID, newState.repetitions, newState.easeFactor, newState.intervalDays, newState.due.map(Self.millis),
                    correct ? 1 : 0, correct ? 0 : 1, Self.millis(now),
                ]
            )
        }
    }

    /// Records a quiz run; returns its id.
    @discardableResult
    public func recordQuizRun(_ run: QuizRun) throws(LibraryError) -> Int64 {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO quiz_run (started, finished, mode, language, asked, right, wrong, missed, duration_seconds)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Self.millis(run.started), run.finished.map(Self.millis), run.mode, run.language?.code, run.asked,
                    run.right, run.wrong, run.missed, run.durationSeconds,
                ]
            )
            return db.lastInsertedRowID
        }
    }

    /// Every run, the best one, and the words asked so far with their state.
    public func quizStats() throws(LibraryError) -> QuizStats {
        let runs: [QuizRun] = try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM quiz_run ORDER BY started DESC, id DESC").map { row in
                let code: String? = row["language"]
                let finished: Int64? = row["finished"]
                return QuizRun(
                    id: row["id"], started: Self.date(row["started"]), finished: finished.map(Self.date),
                    mode: row["mode"], language: code.flatMap(Language.init), asked: row["asked"], right: row["right"],
                    wrong: row["wrong"], missed: row["missed"], durationSeconds: row["duration_seconds"]
                )
            }
        }
        return Self.quizStats(runs: runs, candidates: try quizCandidates())
    }

    static func reviewState(_ row: Row) -> ReviewState {
        guard (row["review_id"] as Int64?) != nil else { return ReviewState() }
        let due: Int64? = row["due"]
        let lastSeen: Int64? = row["last_seen"]
        return ReviewState(
            repetitions: row["repetitions"], easeFactor: row["ease"], intervalDays: row["interval_days"],
            due: due.map(date), seen: row["seen"], right: row["right"], wrong: row["wrong"], lastSeen: lastSeen.map(date)
        )
    }
}
