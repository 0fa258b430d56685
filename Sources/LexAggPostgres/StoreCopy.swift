import Foundation
import LexAggCache
import LexAggCore
import LexAggLibrary
import LexAggQuiz
import PostgresNIO

/// `lexagg store copy`: moves a SQLite cache and library into the shared PostgreSQL store. Idempotent: copying
/// again adds nothing twice (words are merged like an import, answers keep the newer copy, history counts keep
/// the larger count, quiz runs are recognised by when they started).
public enum StoreCopy {
    /// What copying the cache did.
    public struct CacheReport: Sendable, Hashable, Codable {
        /// Rows in the SQLite file.
        public var read: Int
        /// Rows written (new, or newer than the stored one).
        public var copied: Int
        /// Rows the store already had as new or newer.
        public var unchanged: Int
    }

    /// What copying the library did.
    public struct LibraryReport: Sendable, Hashable, Codable {
        /// Words in the SQLite file.
        public var read: Int
        public var added: Int
        public var merged: Int
        public var unchanged: Int
        /// Words whose quiz review state was copied.
        public var reviews: Int
        /// Quiz runs copied (runs already there are not copied again).
        public var quizRuns: Int
        /// Words of the lookup history copied.
        public var history: Int
    }

    /// Copies every cached answer, in batches of one transaction each.
    public static func copyCache(from source: CacheStore, to database: PostgresStore) async throws -> CacheReport {
        let rows: [CacheStore.StoredRow]
        do { rows = try source.storedRows() } catch { throw PostgresStoreError(.unavailable, error.message) }
        var report = CacheReport(read: rows.count, copied: 0, unchanged: 0)
        var start = 0
        while start < rows.count {
            let batch = Array(rows[start..<min(start + 500, rows.count)])
            start += batch.count
            let copied = try await database.transaction("copy the cache") { [logger = database.logger] connection in
                var copied = 0
                for row in batch {
                    // The newer answer wins: copying an old file again never overwrites a fresher shared answer.
                    for try await _ in try await connection.query(
                        """
                        INSERT INTO cache_answer (provider, format_version, key, negative, payload, stored_at)
                        VALUES (\(row.provider), \(row.formatVersion), \(row.key), \(row.negative), \(row.payload),
                                \(row.storedAt.timeIntervalSince1970))
                        ON CONFLICT (provider, format_version, key) DO UPDATE
                        SET negative = excluded.negative, payload = excluded.payload, stored_at = excluded.stored_at
                        WHERE cache_answer.stored_at < excluded.stored_at
                        RETURNING 1
                        """,
                        logger: logger
                    ) { copied += 1 }
                }
                return copied
            }
            report.copied += copied
            report.unchanged += batch.count - copied
        }
        return report
    }

    /// Copies the saved words (merged like an import), their quiz review state, the quiz runs and the lookup
    /// history.
    public static func copyLibrary(from source: Library, to target: PostgresLibrary) async throws -> LibraryReport {
        let words = try source.allWords()
        let summary = try await target.importWords(words, format: .json, at: Date())
        var report = LibraryReport(
            read: words.count, added: summary.added, merged: summary.merged, unchanged: summary.unchanged, reviews: 0,
            quizRuns: 0, history: 0
        )
        let reviewed = try source.quizCandidates(language: nil).filter { ($0.review?.seen ?? 0) > 0 }
        let runs = try source.quizStats().runs
        let history = try source.history(limit: Int(Int32.max))
        let logger = target.database.logger
        let (reviews, copiedRuns) = try await target.write("copy the quiz records") { connection in
            var reviews = 0
            for word in reviewed {
                guard let review = word.review else { continue }
                for try await _ in try await connection.query(
                    """
                    INSERT INTO review_state (word_id, repetitions, ease, interval_days, due, seen, correct, wrong, last_seen)
                    SELECT id, \(review.repetitions), \(review.easeFactor), \(review.intervalDays),
                           \(review.due.map(Library.storedMillis)), \(review.seen), \(review.right), \(review.wrong),
                           \(review.lastSeen.map(Library.storedMillis))
                    FROM word WHERE language = \(word.language.code) AND word = \(word.word)
                    ON CONFLICT (word_id) DO UPDATE SET repetitions = excluded.repetitions, ease = excluded.ease,
                        interval_days = excluded.interval_days, due = excluded.due, seen = excluded.seen,
                        correct = excluded.correct, wrong = excluded.wrong, last_seen = excluded.last_seen
                    WHERE coalesce(review_state.last_seen, 0) <= coalesce(excluded.last_seen, 0)
                    RETURNING 1
                    """,
                    logger: logger
                ) { reviews += 1 }
            }
            var copiedRuns = 0
            for run in runs {
                for try await _ in try await connection.query(
                    """
                    INSERT INTO quiz_run (started, finished, mode, language, asked, correct, wrong, missed, duration_seconds)
                    SELECT \(Library.storedMillis(run.started)), \(run.finished.map(Library.storedMillis)), \(run.mode),
                           \(run.language?.code), \(run.asked), \(run.right), \(run.wrong), \(run.missed), \(run.durationSeconds)
                    WHERE NOT EXISTS (SELECT 1 FROM quiz_run WHERE started = \(Library.storedMillis(run.started))
                                      AND mode = \(run.mode))
                    RETURNING 1
                    """,
                    logger: logger
                ) { copiedRuns += 1 }
            }
            return (reviews, copiedRuns)
        }
        report.reviews = reviews
        report.quizRuns = copiedRuns
        report.history = try await target.write("copy the history") { connection in
            for item in history {
                try await connection.query(
                    """
                    INSERT INTO lookup_history (word, language, count, first, last)
                    VALUES (\(item.word), \(item.language?.code ?? ""), \(item.count), \(Library.storedMillis(item.first)),
                            \(Library.storedMillis(item.last)))
                    ON CONFLICT (word, language) DO UPDATE SET count = greatest(lookup_history.count, excluded.count),
                        first = least(lookup_history.first, excluded.first), last = greatest(lookup_history.last, excluded.last)
                    """,
                    logger: logger
                )
            }
            return history.count
        }
        return report
    }
}
