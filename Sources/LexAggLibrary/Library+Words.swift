import Foundation
import GRDB
import LexAggCore

extension Library {
    // MARK: Saving

    /// Saves `entries` as `word`: adds it, or replaces the entries of the word already saved (keeping its star and
    /// the date it was first added). One transaction.
    @discardableResult
    public func save(_ word: String, language: Language, entries: [Entry], at now: Date = Date())
        throws(LibraryError) -> (SaveOutcome, LibraryWord)
    {
        let key = Self.key(word)
        guard !key.isEmpty else { throw LibraryError(.invalidInput, "the word is empty", reason: .emptyWord) }
        return try write { db in
            if var existing = try Self.fetchWord(db, key, language: language) {
                existing.entries = entries
                existing.updated = Self.milliseconds(now)
                try Self.store(db, &existing)
                return (.updated, existing)
            }
            var new = LibraryWord(word: key, language: language, entries: entries, added: now)
            try Self.store(db, &new)
            return (.added, new)
        }
    }

    /// Inserts or updates the row and its search index entry (inside the caller's transaction).
    static func store(_ db: Database, _ word: inout LibraryWord) throws {
        let json = String(decoding: try LibraryCoding.encoder.encode(word.entries), as: UTF8.self)
        let arguments: StatementArguments = [
            word.language.code, word.word, folded(word.word), json, word.starred, millis(word.added), millis(word.updated),
        ]
        if let id = word.id {
            try db.execute(
                sql: "UPDATE word SET language = ?, word = ?, folded = ?, entries = ?, starred = ?, added = ?, updated = ? WHERE id = ?",
                arguments: arguments + [id]
            )
            try db.execute(sql: "DELETE FROM word_search WHERE rowid = ?", arguments: [id])
        } else {
            try db.execute(
                sql: "INSERT INTO word (language, word, folded, entries, starred, added, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: arguments
            )
            word.id = db.lastInsertedRowID
        }
        try db.execute(
            sql: "INSERT INTO word_search (rowid, word, translations, definitions) VALUES (?, ?, ?, ?)",
            arguments: [word.id, word.word, word.translationTexts.joined(separator: " ; "),
                        word.definitions.joined(separator: " ; ")]
        )
    }

    // MARK: Reading

    /// The saved word spelled `word` (in `language`, or in any language when nil).
    ///
    /// An exact match (after NFC) wins; otherwise a case-insensitive match, when there is exactly one.
    public func word(_ word: String, language: Language? = nil) throws(LibraryError) -> LibraryWord? {
        try read { db in try Self.find(db, word, language: language) }
    }

    static func find(_ db: Database, _ word: String, language: Language?) throws -> LibraryWord? {
        let key = Self.key(word)
        let filter = language == nil ? "" : " AND language = ?"
        let base: StatementArguments = language.map { [$0.code] } ?? []
        let exact = try Row.fetchAll(db, sql: "SELECT * FROM word WHERE word = ?" + filter + " ORDER BY language",
                                     arguments: [key] + base)
        if let row = exact.first { return try decode(row) }
        let folded = try Row.fetchAll(db, sql: "SELECT * FROM word WHERE folded = ?" + filter + " LIMIT 2",
                                      arguments: [Self.folded(key)] + base)
        return folded.count == 1 ? try decode(folded[0]) : nil
    }

    static func fetchWord(_ db: Database, _ key: String, language: Language) throws -> LibraryWord? {
        try Row.fetchOne(db, sql: "SELECT * FROM word WHERE language = ? AND word = ?", arguments: [language.code, key])
            .map(decode)
    }

    static func decode(_ row: Row) throws -> LibraryWord {
        let code: String = row["language"]
        guard let language = Language(code) else {
            throw LibraryError(.corrupt, "a saved word has an invalid language code '\(code)'")
        }
        let json: String = row["entries"]
        let entries = try LibraryCoding.decoder.decode([Entry].self, from: Data(json.utf8))
        var word = LibraryWord(
            id: row["id"], word: row["word"], language: language, entries: entries, starred: row["starred"],
            added: date(row["added"]), updated: date(row["updated"])
        )
        word.word = row["word"]
        return word
    }

    /// How many words are saved (in `language`, when given).
    public func count(language: Language? = nil) throws(LibraryError) -> Int {
        try read { db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM word" + (language == nil ? "" : " WHERE language = ?"),
                arguments: language.map { [$0.code] } ?? []
            ) ?? 0
        }
    }

    /// One page of saved words.
    /// - Parameters:
    ///   - page: from 1; a page past the end is empty (its `total` still tells how many there are).
    ///   - limit: words per page, at least 1.
    public func list(
        language: Language? = nil, starredOnly: Bool = false, sort: LibrarySort = .added, page: Int = 1, limit: Int = 20
    ) throws(LibraryError) -> LibraryPage {
        guard page >= 1, limit >= 1 else { throw LibraryError(.invalidInput, "page and limit must be at least 1") }
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let language {
            conditions.append("language = ?")
            arguments += [language.code]
        }
        if starredOnly { conditions.append("starred = 1") }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let order = sort == .added ? "added DESC, id DESC" : "folded, word, language"
        return try read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM word" + filter, arguments: arguments) ?? 0
            let rows = try Row.fetchAll(
                db, sql: "SELECT * FROM word" + filter + " ORDER BY " + order + " LIMIT ? OFFSET ?",
                arguments: arguments + [limit, (page - 1) * limit]
            )
            return LibraryPage(words: try rows.map(Self.decode), page: page, limit: limit, total: total)
        }
    }

    /// Every saved word, in the order they were added (oldest first): what export writes.
    public func allWords() throws(LibraryError) -> [LibraryWord] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM word ORDER BY added, id").map(Self.decode) }
    }

    // MARK: Changing

    /// Removes a saved word; returns what was removed (nil when there was no such word).
    public func remove(_ word: String, language: Language? = nil) throws(LibraryError) -> LibraryWord? {
        try write { db in
            guard let found = try Self.find(db, word, language: language), let id = found.id else { return nil }
            try db.execute(sql: "DELETE FROM word WHERE id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM word_search WHERE rowid = ?", arguments: [id])
            return found
        }
    }

    /// Stars or unstars a saved word; returns it (nil when there is no such word).
    public func setStarred(_ starred: Bool, _ word: String, language: Language? = nil) throws(LibraryError)
        -> LibraryWord?
    {
        try write { db in
            guard var found = try Self.find(db, word, language: language), let id = found.id else { return nil }
            try db.execute(sql: "UPDATE word SET starred = ? WHERE id = ?", arguments: [starred, id])
            found.starred = starred
            return found
        }
    }

    // MARK: Searching

    /// Words whose spelling, translations or definitions contain words starting with each word of `text`,
    /// best first: the word spelled as `text` (case aside), then by bm25 (a match in the word counts
    /// most, then translations, then definitions: a word of many senses, a long document, ranked below a word
    /// whose one translation was the text).
    ///
    /// Case and diacritics are ignored ("cafe" finds "Café"). Returns nothing for text without letters or digits.
    /// - Parameter starredOnly: only favourites.
    public func search(_ text: String, language: Language? = nil, starredOnly: Bool = false, limit: Int = 20)
        throws(LibraryError) -> [LibraryWord]
    {
        let terms = Self.searchTerms(text)
        guard !terms.isEmpty else { return [] }
        let match = terms.map { "\"\($0)\"*" }.joined(separator: " ")
        let filter = (language == nil ? "" : " AND word.language = ?") + (starredOnly ? " AND word.starred = 1" : "")
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT word.* FROM word_search JOIN word ON word.id = word_search.rowid
                    WHERE word_search MATCH ?\(filter)
                    ORDER BY word.folded = ? DESC, bm25(word_search, 10.0, 4.0, 1.0), word.folded LIMIT ?
                    """,
                arguments: [match] + (language.map { [$0.code] } ?? []) + [Self.folded(text.trimmingCharacters(in: .whitespacesAndNewlines)), limit]
            ).map(Self.decode)
        }
    }

    /// The words of a search text: runs of letters and digits (everything else separates them).
    static func searchTerms(_ text: String) -> [String] {
        var terms: [String] = []
        var current = ""
        for character in text.precomposedStringWithCanonicalMapping {
            if character.isLetter || character.isNumber || character.unicodeScalars.allSatisfy({
                $0.properties.generalCategory == .nonspacingMark
            }) {
                current.append(character)
            } else if !current.isEmpty {
                terms.append(current)
                current = ""
            }
        }
        if !current.isEmpty { terms.append(current) }
        return Array(terms.prefix(16))
    }
}

/// The JSON coding of stored entries and exports: sorted keys, so equal values give equal bytes.
enum LibraryCoding {
    /// Stored entries: dates as Foundation's default (seconds since 2001), as every library has them.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Exports, for people and other programs: dates in ISO 8601 (`2026-11-28T12:30:28Z`), as every other JSON
    /// lexagg writes.
    static var exportEncoder: JSONEncoder {
        let encoder = encoder
        encoder.outputFormatting.insert(.prettyPrinted)
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(isoText(date))
        }
        return encoder
    }

    /// `2026-11-28T12:30:28Z`, with the fraction of a second when there is one (`…:28.875595033Z`): nine digits read
    /// back to the same date (a date's seconds are a double; near today its steps are a tenth of a microsecond).
    static func isoText(_ date: Date) -> String {
        let seconds = date.timeIntervalSinceReferenceDate
        var whole = seconds.rounded(.down)
        var nanoseconds = Int64(((seconds - whole) * 1e9).rounded())
        if nanoseconds >= 1_000_000_000 {  // a fraction that rounds up to the next second
            whole += 1
            nanoseconds = 0
        }
        let base = CivilDate(Date(timeIntervalSince1970: whole + Date.timeIntervalBetween1970AndReferenceDate)).iso8601
        guard nanoseconds > 0 else { return base }
        var digits = String(nanoseconds)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return base.dropLast() + "." + digits + "Z"
    }

    /// The date of ``isoText(_:)``'s text: whole seconds and a fraction added to them as written.
    static func date(isoText text: String) -> Date? {
        guard let dot = text.firstIndex(of: "."), text.hasSuffix("Z") else { return CivilDate.moment(iso8601: text) }
        let digits = text[text.index(after: dot)..<text.index(before: text.endIndex)]
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII), let fraction = Int64(digits), fraction >= 0,
              let whole = CivilDate.moment(iso8601: text[..<dot] + "Z")
        else { return nil }
        let nanoseconds = Double(fraction) * pow(10, Double(9 - digits.count))
        return Date(timeIntervalSinceReferenceDate: whole.timeIntervalSinceReferenceDate.rounded(.down) + nanoseconds / 1e9)
    }

    /// Reads either: a date as a number (stored entries, exports before ISO dates) or ISO 8601 text.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
            let text = try container.decode(String.self)
            guard let date = date(isoText: text) ?? LibraryExporter.parseTimestamp(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }
}
