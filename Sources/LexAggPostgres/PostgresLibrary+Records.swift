import Foundation
import LexAggCore
import LexAggLibrary
import LexAggQuiz
import PostgresNIO

// The lookup history, random-browsing sessions, words of the day and the quiz's records, in PostgreSQL: the same
// semantics as the SQLite library's (Library+History.swift, ReviewRecords.swift), counters added up by upserts.

extension PostgresLibrary {
    // MARK: Lookup history

    public func recordLookup(_ word: String, language: Language?, at now: Date) async throws(LibraryError) {
        let key = Library.key(word)
        guard !key.isEmpty else { return }
        let time = Library.storedMillis(now)
        try await write("count a lookup") { [logger] connection in
            try await Self.countLookup(key, language: language?.code ?? "", at: time, on: connection, logger: logger)
        }
    }

    static func countLookup(_ key: String, language: String, at time: Int64, count: Int = 1, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        try await connection.query(
            """
            INSERT INTO lookup_history (word, language, count, first, last) VALUES (\(key), \(language), \(count), \(time), \(time))
            ON CONFLICT (word, language) DO UPDATE SET count = lookup_history.count + excluded.count,
                first = least(lookup_history.first, excluded.first), last = greatest(lookup_history.last, excluded.last)
            """,
            logger: logger
        )
    }

    /// Counts this machine's lookup journal into the shared history, exactly once: the offset counted so far is
    /// kept per machine and journal file in the same transaction as the counts.
    func foldJournal() async throws(LibraryError) {
        guard let journalDirectory, let journal = try HistoryJournal.Locked(directory: journalDirectory) else { return }
        let source = "\(ProcessInfo.processInfo.hostName):\(journal.inode)"
        let stored = try await read("read the history") { [logger] connection in
            for try await offset in try await connection.query(
                "SELECT \"offset\" FROM history_journal WHERE source = \(source)", logger: logger
            ).decode(Int64.self) { return offset }
            return Int64(0)
        }
        guard let (end, lookups) = try journal.lines(after: stored) else { return }
        try await write("count the lookup journal") { [logger] connection in
            for lookup in lookups {
                let key = Library.key(lookup.word)
                guard !key.isEmpty else { continue }
                try await Self.countLookup(key, language: lookup.language, at: lookup.millis, on: connection, logger: logger)
            }
            try await connection.query(
                """
                INSERT INTO history_journal (source, "offset") VALUES (\(source), \(end))
                ON CONFLICT (source) DO UPDATE SET "offset" = excluded."offset"
                """,
                logger: logger
            )
        }
        if journal.truncate(ifCountedTo: end) {
            try await write("trim the lookup journal") { [logger] connection in
                try await connection.query("UPDATE history_journal SET \"offset\" = 0 WHERE source = \(source)", logger: logger)
            }
        }
    }

    public func history(limit: Int) async throws(LibraryError) -> [HistoryItem] {
        try await foldJournal()
        let limit = max(1, limit)
        return try await read("read the history") { [logger] connection in
            var items: [HistoryItem] = []
            for try await (word, code, count, first, last) in try await connection.query(
                "SELECT word, language, count, first, last FROM lookup_history ORDER BY last DESC, word LIMIT \(limit)",
                logger: logger
            ).decode((String, String, Int, Int64, Int64).self) {
                items.append(HistoryItem(
                    word: word, language: Language(code), count: count, first: Library.storedDate(first),
                    last: Library.storedDate(last)
                ))
            }
            return items
        }
    }

    public func clearHistory() async throws(LibraryError) -> Int {
        try await foldJournal()
        return try await write("clear the history") { [logger] connection in
            var count = 0
            for try await _ in try await connection.query("DELETE FROM lookup_history RETURNING 1", logger: logger) { count += 1 }
            return count
        }
    }

    // MARK: Random browsing sessions

    public func browseSession(language: Language, page: Int, at now: Date) async throws(LibraryError) -> Set<String> {
        let time = Library.storedMillis(now)
        let lifetime = Int64(Library.browseSessionLifetime * 1000)
        return try await write("read the browsing session") { [logger] connection in
            var touched: Int64?
            for try await value in try await connection.query(
                "SELECT touched FROM browse_session WHERE language = \(language.code) FOR UPDATE", logger: logger
            ).decode(Int64.self) { touched = value }
            let expired = touched.map { time - $0 > lifetime } ?? true
            if page <= 1 || expired {
                try await connection.query("DELETE FROM browse_shown WHERE language = \(language.code)", logger: logger)
                try await connection.query(
                    """
                    INSERT INTO browse_session (language, started, touched) VALUES (\(language.code), \(time), \(time))
                    ON CONFLICT (language) DO UPDATE SET started = excluded.started, touched = excluded.touched
                    """,
                    logger: logger
                )
                return Set<String>()
            }
            var shown = Set<String>()
            for try await word in try await connection.query(
                "SELECT word FROM browse_shown WHERE language = \(language.code)", logger: logger
            ).decode(String.self) { shown.insert(word) }
            return shown
        }
    }

    public func recordShown(_ words: [String], language: Language, page: Int, at now: Date) async throws(LibraryError) {
        try await write("record the browsing session") { [logger] connection in
            for word in words {
                try await connection.query(
                    """
                    INSERT INTO browse_shown (language, word, page) VALUES (\(language.code), \(word), \(page))
                    ON CONFLICT DO NOTHING
                    """,
                    logger: logger
                )
            }
            try await connection.query(
                "UPDATE browse_session SET touched = \(Library.storedMillis(now)) WHERE language = \(language.code)",
                logger: logger
            )
        }
    }

    // MARK: Word of the day

    public func wordOfTheDay(_ day: String, language: Language) async throws(LibraryError) -> String? {
        try await read("read the word of the day") { [logger] connection in
            for try await word in try await connection.query(
                "SELECT word FROM word_of_the_day WHERE day = \(day) AND language = \(language.code)", logger: logger
            ).decode(String.self) { return word }
            return nil
        }
    }

    public func setWordOfTheDay(_ word: String, day: String, language: Language) async throws(LibraryError) -> String {
        try await write("record the word of the day") { [logger] connection in
            try await connection.query(
                """
                INSERT INTO word_of_the_day (day, language, word) VALUES (\(day), \(language.code), \(word))
                ON CONFLICT DO NOTHING
                """,
                logger: logger
            )
            for try await kept in try await connection.query(
                "SELECT word FROM word_of_the_day WHERE day = \(day) AND language = \(language.code)", logger: logger
            ).decode(String.self) { return kept }
            return word
        }
    }

    // MARK: Quiz records

    public func quizCandidates(language: Language?) async throws(LibraryError) -> [LibraryWord] {
        let code = language?.code
        return try await read("read the quiz's words") { [logger] connection in
            var words: [LibraryWord] = []
            let rows = try await connection.query(
                """
                SELECT w.id, w.language, w.word, w.entries, w.starred, w.added, w.updated, r.word_id, r.repetitions,
                       r.ease, r.interval_days, r.due, r.seen, r.correct, r.wrong, r.last_seen
                FROM word w LEFT JOIN review_state r ON r.word_id = w.id
                WHERE \(code)::text IS NULL OR w.language = \(code)
                ORDER BY coalesce(r.due, 0), w.added
                """,
                logger: logger
            )
            for try await review in rows.decode(
                (Int64, String, String, String, Bool, Int64, Int64, Int64?, Int?, Double?, Int?, Int64?, Int?, Int?, Int?, Int64?).self
            ) {
                var word = try Self.decode((review.0, review.1, review.2, review.3, review.4, review.5, review.6))
                if review.7 != nil {
                    word.review = ReviewState(
                        repetitions: review.8 ?? 0, easeFactor: review.9 ?? 2.5, intervalDays: review.10 ?? 0,
                        due: review.11.map(Library.storedDate), seen: review.12 ?? 0, right: review.13 ?? 0,
                        wrong: review.14 ?? 0, lastSeen: review.15.map(Library.storedDate)
                    )
                } else {
                    word.review = ReviewState()
                }
                words.append(word)
            }
            return words
        }
    }

    public func recordAnswer(wordID: Int64, correct: Bool, newState: ReviewState, at now: Date) async throws(LibraryError) {
        try await write("record a quiz answer") { [logger] connection in
            try await connection.query(
                """
                INSERT INTO review_state (word_id, repetitions, ease, interval_days, due, seen, correct, wrong, last_seen)
                VALUES (\(wordID), \(newState.repetitions), \(newState.easeFactor), \(newState.intervalDays),
                        \(newState.due.map(Library.storedMillis)), 1, \(correct ? 1 : 0), \(correct ? 0 : 1),
                        \(Library.storedMillis(now)))
                ON CONFLICT (word_id) DO UPDATE SET repetitions = excluded.repetitions, ease = excluded.ease,
                    interval_days = excluded.interval_days, due = excluded.due, seen = review_state.seen + 1,
                    correct = review_state.correct + excluded.correct, wrong = review_state.wrong + excluded.wrong,
                    last_seen = excluded.last_seen
                """,
                logger: logger
            )
        }
    }

    public func recordQuizRun(_ run: QuizRun) async throws(LibraryError) -> Int64 {
        try await write("record a quiz") { [logger] connection in
            for try await id in try await connection.query(
                """
                INSERT INTO quiz_run (started, finished, mode, language, asked, correct, wrong, missed, duration_seconds)
                VALUES (\(Library.storedMillis(run.started)), \(run.finished.map(Library.storedMillis)), \(run.mode),
                        \(run.language?.code), \(run.asked), \(run.right), \(run.wrong), \(run.missed), \(run.durationSeconds))
                RETURNING id
                """,
                logger: logger
            ).decode(Int64.self) { return id }
            throw LibraryError(.io, "the database returned no id for the quiz")
        }
    }

    public func quizRuns() async throws(LibraryError) -> [QuizRun] {
        try await read("read the quiz records") { [logger] connection in
            var runs: [QuizRun] = []
            for try await (id, started, finished, mode, code, asked, right, wrong, missed, duration) in try await connection.query(
                """
                SELECT id, started, finished, mode, language, asked, correct, wrong, missed, duration_seconds
                FROM quiz_run ORDER BY started DESC, id DESC
                """,
                logger: logger
            ).decode((Int64, Int64, Int64?, String, String?, Int, Int, Int, Int, Double).self) {
                runs.append(QuizRun(
                    id: id, started: Library.storedDate(started), finished: finished.map(Library.storedDate), mode: mode,
                    language: code.flatMap(Language.init), asked: asked, right: right, wrong: wrong, missed: missed,
                    durationSeconds: duration
                ))
            }
            return runs
        }
    }

    public func quizStats() async throws(LibraryError) -> QuizStats {
        Library.quizStats(runs: try await quizRuns(), candidates: try await quizCandidates(language: nil))
    }
}
