import GRDB

extension Library {
    /// The schema, one migration per version. Never edit a released migration: add a new one.
    ///
    /// - `v1`: saved words (entries as JSON, star, dates), their full-text index, the lookup history.
    /// - `v2`: quiz review state and runs (see `ReviewRecords.swift`), random-browsing sessions, words of the day.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(Library.applicationID)")
            try db.execute(sql: """
                CREATE TABLE word (
                    id INTEGER PRIMARY KEY,
                    language TEXT NOT NULL,
                    word TEXT NOT NULL,          -- as typed, white space collapsed, NFC; case kept
                    folded TEXT NOT NULL,        -- lower-cased, for case-insensitive lookups and sorting
                    entries TEXT NOT NULL,       -- JSON array of LexAggCore.Entry
                    starred INTEGER NOT NULL DEFAULT 0,
                    added INTEGER NOT NULL,      -- milliseconds since 1970
                    updated INTEGER NOT NULL,
                    UNIQUE (language, word)
                );
                CREATE INDEX word_by_folded ON word (folded);
                CREATE INDEX word_by_added ON word (added);
                CREATE VIRTUAL TABLE word_search USING fts5(
                    word, translations, definitions, tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TABLE lookup_history (
                    word TEXT NOT NULL,
                    language TEXT NOT NULL DEFAULT '',   -- '' when the lookup named no language
                    count INTEGER NOT NULL,
                    first INTEGER NOT NULL,
                    last INTEGER NOT NULL,
                    PRIMARY KEY (word, language)
                );
                CREATE INDEX history_by_last ON lookup_history (last);
                """)
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
                CREATE TABLE review_state (
                    word_id INTEGER PRIMARY KEY REFERENCES word(id) ON DELETE CASCADE,
                    repetitions INTEGER NOT NULL DEFAULT 0,
                    ease REAL NOT NULL DEFAULT 2.5,
                    interval_days INTEGER NOT NULL DEFAULT 0,
                    due INTEGER,
                    seen INTEGER NOT NULL DEFAULT 0,
                    right INTEGER NOT NULL DEFAULT 0,
                    wrong INTEGER NOT NULL DEFAULT 0,
                    last_seen INTEGER
                );
                CREATE TABLE quiz_run (
                    id INTEGER PRIMARY KEY,
                    started INTEGER NOT NULL,
                    finished INTEGER,
                    mode TEXT NOT NULL,
                    language TEXT,
                    asked INTEGER NOT NULL DEFAULT 0,
                    right INTEGER NOT NULL DEFAULT 0,
                    wrong INTEGER NOT NULL DEFAULT 0,
                    missed INTEGER NOT NULL DEFAULT 0,
                    duration_seconds REAL NOT NULL DEFAULT 0
                );
                CREATE TABLE browse_session (
                    language TEXT PRIMARY KEY,
                    started INTEGER NOT NULL,
                    touched INTEGER NOT NULL
                );
                CREATE TABLE browse_shown (
                    language TEXT NOT NULL,
                    word TEXT NOT NULL,
                    page INTEGER NOT NULL,
                    PRIMARY KEY (language, word)
                );
                CREATE TABLE word_of_the_day (
                    day TEXT NOT NULL,
                    language TEXT NOT NULL,
                    word TEXT NOT NULL,
                    PRIMARY KEY (day, language)
                );
                """)
        }
        return migrator
    }()

    /// The schema version the file will have once opened: the number of migrations.
    public static var schemaVersion: Int { migrator.migrations.count }
}
