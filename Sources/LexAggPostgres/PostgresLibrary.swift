import Foundation
import LexAggCore
import LexAggLibrary
import PostgresNIO

/// The library in PostgreSQL, shared by every lexagg instance that names the same database (a class's word list).
///
/// The same rules as the SQLite file (see ``LexAggLibrary/LibraryStore``): words unique by language and spelling,
/// each change one transaction, upserts (`ON CONFLICT`) so that many writers at once lose nothing, search over the
/// spelling, translations and definitions with `unaccent` and weights like the SQLite index's. A server that cannot
/// be reached is a ``LibraryError`` (`.io`, exit 69) and nothing is changed.
public final class PostgresLibrary: LibraryStore {
    let database: PostgresStore
    /// Where this machine's lookup journal is (the data directory), counted into the shared history when it is read.
    let journalDirectory: String?

    public init(database: PostgresStore, journalDirectory: String?) {
        self.database = database
        self.journalDirectory = journalDirectory
    }

    public var location: String { database.url.redacted }

    /// The handle holds nothing of its own; the process's database closes when the process ends.
    public func close() {}

    static let columns = "id, language, word, entries, starred, added, updated"
    typealias WordRow = (Int64, String, String, String, Bool, Int64, Int64)

    /// The texts of a word's full-text document (`lexagg_document` in the schema): spelling, translations,
    /// definitions.
    static func documentTexts(_ word: LibraryWord) -> (String, String, String) {
        (word.word, word.translationTexts.joined(separator: " ; "), word.definitions.joined(separator: " ; "))
    }

    // MARK: Running queries

    /// Runs `body` on a pooled connection; errors become a ``LibraryError`` naming the store.
    func read<T: Sendable>(_ action: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(LibraryError) -> T
    {
        do {
            return try await database.withConnection(action, body)
        } catch {
            throw failure(error, action)
        }
    }

    /// Runs `body` in one transaction: all of it or none. Its result may be left unused (a statement run for its effect
    /// returns the rows it did not select; release builds warned at each such call).
    @discardableResult
    func write<T: Sendable>(_ action: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(LibraryError) -> T
    {
        do {
            return try await database.transaction(action, body)
        } catch {
            throw failure(error, action)
        }
    }

    private func failure(_ error: PostgresStoreError, _ action: String) -> LibraryError {
        let message = error.message.contains(location) ? error.message : "could not \(action) in \(location): \(error.message)"
        switch error.kind {
        case .newerSchema: return LibraryError(.newerVersion, message, path: location)
        case .configuration, .unavailable:
            return LibraryError(.io, message + "; nothing was changed", path: location)
        }
    }

    var logger: Logger { database.logger }

    static func decode(_ row: WordRow) throws -> LibraryWord {
        guard let language = Language(row.1) else {
            throw LibraryError(.corrupt, "a saved word has an invalid language code '\(row.1)'")
        }
        return LibraryWord(
            id: row.0, word: row.2, language: language, entries: try Library.decodeEntries(row.3), starred: row.4,
            added: Library.storedDate(row.5), updated: Library.storedDate(row.6)
        )
    }

    static func words(_ rows: PostgresRowSequence) async throws -> [LibraryWord] {
        var words: [LibraryWord] = []
        for try await row in rows.decode(WordRow.self) { words.append(try decode(row)) }
        return words
    }

    // MARK: Saving

    public func save(_ word: String, language: Language, entries: [Entry], at now: Date) async throws(LibraryError)
        -> (SaveOutcome, LibraryWord)
    {
        let key = Library.key(word)
        guard !key.isEmpty else { throw LibraryError(.invalidInput, "the word is empty") }
        let new = LibraryWord(word: key, language: language, entries: entries, added: now)
        let json: String
        do { json = try Library.encodeEntries(entries) } catch { throw LibraryError(.invalidInput, "\(error)") }
        // One statement: a new word, or the entries of the word already saved replaced (its star and added date
        // kept). `xmax = 0` tells an inserted row from an updated one.
        let (spelling, translations, definitions) = Self.documentTexts(new)
        return try await write("save '\(key)'") { [logger] connection in
            let query: PostgresQuery = """
                INSERT INTO word (language, word, folded, entries, starred, added, updated, document)
                VALUES (\(language.code), \(key), \(Library.foldedKey(key)), \(json), false,
                        \(Library.storedMillis(new.added)), \(Library.storedMillis(new.updated)),
                        lexagg_document(\(spelling), \(translations), \(definitions)))
                ON CONFLICT (language, word) DO UPDATE
                SET entries = excluded.entries, updated = excluded.updated, document = excluded.document
                RETURNING id, starred, added, updated, xmax::text = '0'
                """
            for try await (id, starred, added, updated, inserted) in try await connection.query(query, logger: logger)
                .decode((Int64, Bool, Int64, Int64, Bool).self)
            {
                var saved = new
                saved.id = id
                saved.starred = starred
                saved.added = Library.storedDate(added)
                saved.updated = Library.storedDate(updated)
                return (inserted ? SaveOutcome.added : .updated, saved)
            }
            throw LibraryError(.io, "the database returned no row for '\(key)'")
        }
    }

    /// Inserts a word as it is (an import or a copy), or nothing when its language and spelling are taken;
    /// returns its id when inserted.
    static func insert(_ word: LibraryWord, on connection: PostgresConnection, logger: Logger) async throws -> Int64? {
        let (spelling, translations, definitions) = documentTexts(word)
        let json = try Library.encodeEntries(word.entries)
        let query: PostgresQuery = """
            INSERT INTO word (language, word, folded, entries, starred, added, updated, document)
            VALUES (\(word.language.code), \(word.word), \(Library.foldedKey(word.word)), \(json), \(word.starred),
                    \(Library.storedMillis(word.added)), \(Library.storedMillis(word.updated)),
                    lexagg_document(\(spelling), \(translations), \(definitions)))
            ON CONFLICT (language, word) DO NOTHING RETURNING id
            """
        for try await id in try await connection.query(query, logger: logger).decode(Int64.self) { return id }
        return nil
    }

    /// Replaces a saved word's entries, star and dates (by id).
    static func update(_ word: LibraryWord, id: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        let (spelling, translations, definitions) = documentTexts(word)
        let json = try Library.encodeEntries(word.entries)
        let query: PostgresQuery = """
            UPDATE word SET entries = \(json), starred = \(word.starred), added = \(Library.storedMillis(word.added)),
                updated = \(Library.storedMillis(word.updated)),
                document = lexagg_document(\(spelling), \(translations), \(definitions))
            WHERE id = \(id)
            """
        try await connection.query(query, logger: logger)
    }

    public func importWords(_ words: [LibraryWord], format: LibraryFormat, at now: Date) async throws(LibraryError)
        -> ImportSummary
    {
        try await write("import \(words.count) words") { [logger] connection in
            var summary = ImportSummary(format: format.rawValue, added: 0, merged: 0, unchanged: 0)
            for incoming in words {
                if try await Self.insert(incoming, on: connection, logger: logger) != nil {
                    summary.added += 1
                    continue
                }
                // Already saved (perhaps by another instance a moment ago): merge under the row's lock.
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: Self.columns) FROM word
                    WHERE language = \(incoming.language.code) AND word = \(incoming.word) FOR UPDATE
                    """,
                    logger: logger
                )
                guard let existing = try await Self.words(rows).first, let id = existing.id else { continue }
                if let merged = Library.merge(incoming, into: existing, at: now) {
                    try await Self.update(merged, id: id, on: connection, logger: logger)
                    summary.merged += 1
                } else {
                    summary.unchanged += 1
                }
            }
            return summary
        }
    }

    // MARK: Reading

    public func word(_ word: String, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await read("read the library") { [logger] connection in
            try await Self.find(word, language: language, on: connection, logger: logger, lock: false)
        }
    }

    /// An exact match (after NFC) wins; otherwise a case-insensitive match, when there is exactly one.
    static func find(_ word: String, language: Language?, on connection: PostgresConnection, logger: Logger, lock: Bool)
        async throws -> LibraryWord?
    {
        let key = Library.key(word)
        let code = language?.code
        let suffix = lock ? " FOR UPDATE" : ""
        let exact = try await words(connection.query(
            """
            SELECT \(unescaped: columns) FROM word
            WHERE word = \(key) AND (\(code)::text IS NULL OR language = \(code)) ORDER BY language LIMIT 1\(unescaped: suffix)
            """,
            logger: logger
        ))
        if let found = exact.first { return found }
        let folded = try await words(connection.query(
            """
            SELECT \(unescaped: columns) FROM word
            WHERE folded = \(Library.foldedKey(key)) AND (\(code)::text IS NULL OR language = \(code)) LIMIT 2\(unescaped: suffix)
            """,
            logger: logger
        ))
        return folded.count == 1 ? folded[0] : nil
    }

    public func count(language: Language?) async throws(LibraryError) -> Int {
        let code = language?.code
        return try await read("count the library") { [logger] connection in
            for try await count in try await connection.query(
                "SELECT count(*) FROM word WHERE \(code)::text IS NULL OR language = \(code)", logger: logger
            ).decode(Int.self) { return count }
            return 0
        }
    }

    public func list(language: Language?, starredOnly: Bool, sort: LibrarySort, page: Int, limit: Int)
        async throws(LibraryError) -> LibraryPage
    {
        guard page >= 1, limit >= 1 else { throw LibraryError(.invalidInput, "page and limit must be at least 1") }
        let code = language?.code
        let order = sort == .added ? "added DESC, id DESC" : "folded, word, language"
        let offset = (page - 1) * limit
        return try await read("list the library") { [logger] connection in
            var total = 0
            for try await count in try await connection.query(
                "SELECT count(*) FROM word WHERE (\(code)::text IS NULL OR language = \(code)) AND (starred OR NOT \(starredOnly))",
                logger: logger
            ).decode(Int.self) { total = count }
            let words = try await Self.words(connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM word
                WHERE (\(code)::text IS NULL OR language = \(code)) AND (starred OR NOT \(starredOnly))
                ORDER BY \(unescaped: order) LIMIT \(limit) OFFSET \(offset)
                """,
                logger: logger
            ))
            return LibraryPage(words: words, page: page, limit: limit, total: total)
        }
    }

    public func allWords() async throws(LibraryError) -> [LibraryWord] {
        try await read("read the library") { [logger] connection in
            try await Self.words(connection.query(
                "SELECT \(unescaped: Self.columns) FROM word ORDER BY added, id", logger: logger
            ))
        }
    }

    public func contains(_ word: String, language: Language) async throws(LibraryError) -> Bool {
        try await read("read the library") { [logger] connection in
            for try await found in try await connection.query(
                """
                SELECT EXISTS (SELECT 1 FROM word WHERE language = \(language.code)
                    AND (word = \(Library.key(word)) OR folded = \(Library.foldedKey(word))))
                """,
                logger: logger
            ).decode(Bool.self) { return found }
            return false
        }
    }

    // MARK: Changing

    public func remove(_ word: String, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await write("remove '\(word)'") { [logger] connection in
            guard let found = try await Self.find(word, language: language, on: connection, logger: logger, lock: true),
                  let id = found.id
            else { return nil }
            try await connection.query("DELETE FROM word WHERE id = \(id)", logger: logger)
            return found
        }
    }

    public func setStarred(_ starred: Bool, _ word: String, language: Language?) async throws(LibraryError) -> LibraryWord? {
        try await write("star '\(word)'") { [logger] connection in
            guard var found = try await Self.find(word, language: language, on: connection, logger: logger, lock: true),
                  let id = found.id
            else { return nil }
            try await connection.query("UPDATE word SET starred = \(starred) WHERE id = \(id)", logger: logger)
            found.starred = starred
            return found
        }
    }

    // MARK: Searching

    /// Words whose spelling, translations or definitions hold words starting with each word of `text`, best first:
    /// the word spelled as `text`, then `ts_rank` with the spelling weighted 1.0, translations 0.4 and definitions 0.1
    /// (the SQLite index's bm25 weights 10, 4 and 1), then alphabetically. Case and accents are ignored ("cafe"
    /// finds "Café").
    public func search(_ text: String, language: Language?, starredOnly: Bool, limit: Int) async throws(LibraryError)
        -> [LibraryWord]
    {
        let terms = Library.searchWords(text)
        guard !terms.isEmpty else { return [] }
        // The terms hold only letters, digits and marks: nothing tsquery would read as an operator.
        let query = terms.map { $0 + ":*" }.joined(separator: " & ")
        let code = language?.code
        let spelled = Library.foldedKey(text.trimmingCharacters(in: .whitespacesAndNewlines))
        return try await read("search the library") { [logger] connection in
            try await Self.words(connection.query(
                """
                SELECT \(unescaped: Self.columns) FROM word, to_tsquery('simple', unaccent(\(query))) AS query
                WHERE document @@ query AND (\(code)::text IS NULL OR language = \(code)) AND (starred OR NOT \(starredOnly))
                ORDER BY folded = \(spelled) DESC, ts_rank('{0.0, 0.1, 0.4, 1.0}', document, query) DESC, folded LIMIT \(limit)
                """,
                logger: logger
            ))
        }
    }
}
