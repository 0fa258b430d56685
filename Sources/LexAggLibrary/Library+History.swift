import Foundation
import GRDB
import LexAggCore

extension Library {
    // MARK: Lookup history

    /// Counts one lookup of `word` (in `language`, when the lookup named one).
    public func recordLookup(_ word: String, language: Language?, at now: Date = Date()) throws(LibraryError) {
        let key = Self.key(word)
        guard !key.isEmpty else { return }
        let time = Self.millis(now)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO lookup_history (word, language, count, first, last) VALUES (?, ?, 1, ?, ?)
                    ON CONFLICT (word, language) DO UPDATE SET count = count + 1, last = excluded.last
                    """,
                arguments: [key, language?.code ?? "", time, time]
            )
        }
    }

    /// The most recent lookups, latest first.
    public func history(limit: Int = 20) throws(LibraryError) -> [HistoryItem] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM lookup_history ORDER BY last DESC, word LIMIT ?", arguments: [max(1, limit)]
            ).map { row in
                let code: String = row["language"]
                return HistoryItem(
                    word: row["word"], language: Language(code), count: row["count"],
                    first: Self.date(row["first"]), last: Self.date(row["last"])
                )
            }
        }
    }

    /// Forgets the whole lookup history; returns how many words it held.
    @discardableResult
    public func clearHistory() throws(LibraryError) -> Int {
        try write { db in
            try db.execute(sql: "DELETE FROM lookup_history")
            return db.changesCount
        }
    }

    // MARK: Random browsing sessions

    /// How long a browsing session lasts after its last page.
    public static let browseSessionLifetime: TimeInterval = 6 * 3600

    /// The words already shown in the current browsing session for `language`.
    ///
    /// Page 1 starts a new session (forgetting the old one); a session untouched for
    /// ``browseSessionLifetime`` has expired and also starts afresh.
    public func browseSession(language: Language, page: Int, at now: Date = Date()) throws(LibraryError) -> Set<String> {
        let time = Self.millis(now)
        return try write { db in
            let touched = try Int64.fetchOne(
                db, sql: "SELECT touched FROM browse_session WHERE language = ?", arguments: [language.code]
            )
            let expired = touched.map { time - $0 > Int64(Self.browseSessionLifetime * 1000) } ?? true
            if page <= 1 || expired {
                try db.execute(sql: "DELETE FROM browse_shown WHERE language = ?", arguments: [language.code])
                try db.execute(
                    sql: "INSERT OR REPLACE INTO browse_session (language, started, touched) VALUES (?, ?, ?)",
                    arguments: [language.code, time, time]
                )
                return []
            }
            return Set(try String.fetchAll(
                db, sql: "SELECT word FROM browse_shown WHERE language = ?", arguments: [language.code]
            ))
        }
    }

    /// Remembers `words` as shown on `page` of the current browsing session.
    public func recordShown(_ words: [String], language: Language, page: Int, at now: Date = Date()) throws(LibraryError) {
        try write { db in
            for word in words {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO browse_shown (language, word, page) VALUES (?, ?, ?)",
                    arguments: [language.code, word, page]
                )
            }
            try db.execute(
                sql: "UPDATE browse_session SET touched = ? WHERE language = ?", arguments: [Self.millis(now), language.code]
            )
        }
    }

    // MARK: Word of the day

    /// The word of the day already chosen for `day` (`YYYY-MM-DD`) in `language`.
    public func wordOfTheDay(_ day: String, language: Language) throws(LibraryError) -> String? {
        try read { db in
            try String.fetchOne(
                db, sql: "SELECT word FROM word_of_the_day WHERE day = ? AND language = ?", arguments: [day, language.code]
            )
        }
    }

    /// Remembers the word of the day; the first choice recorded for a day wins (returned).
    public func setWordOfTheDay(_ word: String, day: String, language: Language) throws(LibraryError) -> String {
        try write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO word_of_the_day (day, language, word) VALUES (?, ?, ?)",
                arguments: [day, language.code, word]
            )
            return try String.fetchOne(
                db, sql: "SELECT word FROM word_of_the_day WHERE day = ? AND language = ?", arguments: [day, language.code]
            ) ?? word
        }
    }

    /// Whether `word` is saved in `language` (exact spelling or any case).
    public func contains(_ word: String, language: Language) throws(LibraryError) -> Bool {
        try read { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM word WHERE language = ? AND (word = ? OR folded = ?))",
                arguments: [language.code, Self.key(word), Self.folded(word)]
            ) ?? false
        }
    }
}
