import Foundation
import PostgresNIO

/// The PostgreSQL schema, one migration per version; never edit a released one, add the next.
///
/// Migrations run on a connection of their own inside one transaction holding a transaction-level advisory lock
/// (``lockKey``): several lexagg instances starting together wait for each other, and the first one migrates; the
/// others find nothing left to do. A database migrated by a newer lexagg (a version this one does not know) is
/// refused, never changed.
///
/// - 1: the cache (`cache_answer`) and the library: saved words with their full-text document
///   (`lexagg_document`: `unaccent`, weighted: spelling A, translations B, definitions C), the lookup history, the quiz's review state and runs,
///   random-browsing sessions, words of the day, and how far each machine's lookup journal was counted.
enum PostgresMigrations {
    /// `pg_advisory_xact_lock`'s key: "lexagg" in ASCII.
    static let lockKey: Int64 = 0x6C65_7861_6767

    static let all: [String] = [
        """
        CREATE EXTENSION IF NOT EXISTS unaccent;
        CREATE FUNCTION lexagg_document(spelling text, translations text, definitions text) RETURNS tsvector
        LANGUAGE sql STABLE AS $$
            SELECT setweight(to_tsvector('simple', unaccent(spelling)), 'A')
                || setweight(to_tsvector('simple', unaccent(translations)), 'B')
                || setweight(to_tsvector('simple', unaccent(definitions)), 'C')
        $$;
        CREATE TABLE cache_answer (
            provider text NOT NULL,
            format_version integer NOT NULL,
            key text NOT NULL,
            negative boolean NOT NULL,
            payload bytea NOT NULL,
            stored_at double precision NOT NULL,
            PRIMARY KEY (provider, format_version, key)
        );
        CREATE TABLE word (
            id bigserial PRIMARY KEY,
            language text NOT NULL,
            word text NOT NULL,
            folded text NOT NULL,
            entries text NOT NULL,
            starred boolean NOT NULL DEFAULT false,
            added bigint NOT NULL,
            updated bigint NOT NULL,
            document tsvector NOT NULL,
            UNIQUE (language, word)
        );
        CREATE INDEX word_by_folded ON word (folded);
        CREATE INDEX word_by_added ON word (added);
        CREATE INDEX word_search ON word USING gin (document);
        CREATE TABLE lookup_history (
            word text NOT NULL,
            language text NOT NULL DEFAULT '',
            count integer NOT NULL,
            first bigint NOT NULL,
            last bigint NOT NULL,
            PRIMARY KEY (word, language)
        );
        CREATE INDEX history_by_last ON lookup_history (last);
        CREATE TABLE review_state (
            word_id bigint PRIMARY KEY REFERENCES word (id) ON DELETE CASCADE,
            repetitions integer NOT NULL DEFAULT 0,
            ease double precision NOT NULL DEFAULT 2.5,
            interval_days integer NOT NULL DEFAULT 0,
            due bigint,
            seen integer NOT NULL DEFAULT 0,
            correct integer NOT NULL DEFAULT 0,
            wrong integer NOT NULL DEFAULT 0,
            last_seen bigint
        );
        CREATE TABLE quiz_run (
            id bigserial PRIMARY KEY,
            started bigint NOT NULL,
            finished bigint,
            mode text NOT NULL,
            language text,
            asked integer NOT NULL DEFAULT 0,
            correct integer NOT NULL DEFAULT 0,
            wrong integer NOT NULL DEFAULT 0,
            missed integer NOT NULL DEFAULT 0,
            duration_seconds double precision NOT NULL DEFAULT 0
        );
        CREATE TABLE browse_session (
            language text PRIMARY KEY,
            started bigint NOT NULL,
            touched bigint NOT NULL
        );
        CREATE TABLE browse_shown (
            language text NOT NULL,
            word text NOT NULL,
            page integer NOT NULL,
            PRIMARY KEY (language, word)
        );
        CREATE TABLE word_of_the_day (
            day text NOT NULL,
            language text NOT NULL,
            word text NOT NULL,
            PRIMARY KEY (day, language)
        );
        CREATE TABLE history_journal (
            source text PRIMARY KEY,
            "offset" bigint NOT NULL
        );
        """,
    ]

    /// Applies the migrations the database lacks; returns their versions (empty when it was current).
    @discardableResult
    static func migrate(_ database: PostgresStore) async throws -> [Int] {
        try await database.withDirectConnection { connection in
            try await connection.withTransaction(logger: database.logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: database.logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS lexagg_schema (
                        version integer PRIMARY KEY,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """,
                    logger: database.logger
                )
                var applied: Set<Int> = []
                for try await version in try await connection.query(
                    "SELECT version FROM lexagg_schema", logger: database.logger
                ).decode(Int.self) {
                    applied.insert(version)
                }
                if let newest = applied.max(), newest > all.count {
                    throw PostgresStoreError(
                        .newerSchema,
                        "\(database.url.redacted) was migrated by a newer lexagg (schema \(newest)); update lexagg to use it"
                    )
                }
                var done: [Int] = []
                for (index, script) in all.enumerated() where !applied.contains(index + 1) {
                    for statement in statements(script) {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: database.logger)
                    }
                    try await connection.query(
                        "INSERT INTO lexagg_schema (version) VALUES (\(index + 1))", logger: database.logger
                    )
                    done.append(index + 1)
                }
                return done
            }
        }
    }

    /// The statements of a script (the extended protocol takes one at a time); none holds a semicolon inside.
    static func statements(_ script: String) -> [String] {
        script.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// The schema version the database has (0 when lexagg never migrated it).
    static func currentVersion(_ connection: PostgresConnection, logger: Logger) async throws -> Int {
        let exists = try await connection.query(
            "SELECT to_regclass('lexagg_schema') IS NOT NULL", logger: logger
        ).decode(Bool.self)
        for try await flag in exists where !flag { return 0 }
        for try await version in try await connection.query(
            "SELECT coalesce(max(version), 0) FROM lexagg_schema", logger: logger
        ).decode(Int.self) {
            return version
        }
        return 0
    }
}
