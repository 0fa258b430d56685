import Foundation
import GRDB
import LexAggCore

/// What an import did.
public struct ImportSummary: Sendable, Hashable, Codable {
    public var format: String
    /// Words that were not in the library.
    public var added: Int
    /// Words already there whose entries, star or date changed by merging.
    public var merged: Int
    /// Words already there exactly as imported.
    public var unchanged: Int

    public init(format: String, added: Int, merged: Int, unchanged: Int) {
        self.format = format
        self.added = added
        self.merged = merged
        self.unchanged = unchanged
    }
}

/// Reads export files: lexagg's JSON, lexagg's CSV, or an Anki text file; anything else is refused.
public enum LibraryImporter {
    /// Parses `text`, detecting its format.
    /// - Parameter defaultLanguage: the language of Anki rows without a `lang::` tag.
    /// - Throws: ``LibraryError`` (`.invalidInput`) naming the problem and, for CSV, the line.
    public static func parse(_ text: String, defaultLanguage: Language = .english, now: Date = Date())
        throws(LibraryError) -> (format: LibraryFormat, words: [LibraryWord])
    {
        let (format, words) = try parseFormat(text, defaultLanguage: defaultLanguage, now: now)
        return (format, try validated(words))
    }

    /// Every imported word passes the validation `library add` and `lookup` apply (``LookupQuery/validate(_:)``:
    /// not empty, at most 256 characters, no control characters — a NUL included) and is saved as it returns it.
    static func validated(_ words: [LibraryWord]) throws(LibraryError) -> [LibraryWord] {
        var result = words
        for index in result.indices {
            do {
                result[index].word = Library.key(try LookupQuery.validate(result[index].word))
            } catch {
                let word = result[index].word
                let shown = word.unicodeScalars.count > 40
                    ? String(String.UnicodeScalarView(word.unicodeScalars.prefix(40))) + "…" : word
                // Shown without its control characters (the message goes to a terminal): the error names them.
                let printable = String(String.UnicodeScalarView(shown.unicodeScalars.map {
                    $0.properties.generalCategory == .control ? "\u{FFFD}" : $0
                }))
                throw LibraryError(.invalidInput, "word \(index + 1) ('\(printable)') cannot be imported: \(error)",
                                   reason: .invalidImportWord(index: index + 1, word: printable, problem: error))
            }
        }
        return result
    }

    static func parseFormat(_ text: String, defaultLanguage: Language, now: Date)
        throws(LibraryError) -> (format: LibraryFormat, words: [LibraryWord])
    {
        let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let start = body.drop { $0.isWhitespace }
        if start.hasPrefix("{") { return (.json, try json(body)) }
        let firstLine = body.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        if firstLine.lowercased().hasPrefix("#separator:") { return (.anki, try anki(body, defaultLanguage: defaultLanguage, now: now)) }
        if firstLine == LibraryExporter.csvHeader.joined(separator: ",") { return (.csv, try csv(body, now: now)) }
        throw LibraryError(
            .invalidInput,
            "not a lexagg export: expected lexagg's JSON, a CSV starting with the line '"
                + LibraryExporter.csvHeader.joined(separator: ",") + "', or an Anki text file starting with '#separator:tab'",
            reason: .notAnExport(csvHeader: LibraryExporter.csvHeader.joined(separator: ","))
        )
    }

    // MARK: JSON

    static func json(_ text: String) throws(LibraryError) -> [LibraryWord] {
        struct Probe: Decodable { var format: String?; var version: Int? }
        let data = Data(text.utf8)
        guard let probe = try? LibraryCoding.decoder.decode(Probe.self, from: data) else {
            throw LibraryError(.invalidInput, "not a lexagg export: the JSON cannot be read", reason: .notAnExportJSON)
        }
        guard probe.format == LibraryExporter.jsonFormatName else {
            throw LibraryError(.invalidInput, "not a lexagg export: JSON without \"format\": \"\(LibraryExporter.jsonFormatName)\"",
                               reason: .notAnExportJSON)
        }
        guard let version = probe.version, version <= LibraryExporter.jsonVersion else {
            throw LibraryError(.invalidInput, "this export was written by a newer lexagg (version \(probe.version ?? 0)); update lexagg",
                               reason: .newerExport(version: probe.version ?? 0))
        }
        let document: LibraryExporter.Document
        do {
            document = try LibraryCoding.decoder.decode(LibraryExporter.Document.self, from: data)
        } catch {
            throw LibraryError(.invalidInput, "the lexagg export is damaged: \(describe(error))",
                               reason: .damagedExport(detail: describe(error)))
        }
        var words: [LibraryWord] = []
        for word in document.words {
            guard let added = LibraryExporter.parseTimestamp(word.added),
                  let updated = LibraryExporter.parseTimestamp(word.updated)
            else {
                throw LibraryError(.invalidInput, "the lexagg export is damaged: bad date for '\(word.word)'",
                                   reason: .damagedExport(detail: "'\(word.word)': added/updated"))
            }
            guard !Library.key(word.word).isEmpty else {
                throw LibraryError(.invalidInput, "the lexagg export is damaged: an empty word", reason: .emptyWord)
            }
            words.append(LibraryWord(
                word: word.word, language: word.language, entries: word.entries, starred: word.starred, added: added,
                updated: updated
            ))
        }
        return words
    }

    /// What is wrong with an export, in words: where (`words.0`: the first word, counted from 0 as JSON tools do)
    /// and what, without Swift's own type names (`CodingKeys(stringValue: …)`).
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        func at(_ codingPath: [any CodingKey]) -> String {
            let place = path(codingPath)
            return place.isEmpty ? "" : place + ": "
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context):
            let field = path(context.codingPath + [key])
            return "'\(field)' is missing"
        case .valueNotFound(_, let context):
            return at(context.codingPath) + "a value is missing (null)"
        case .typeMismatch(let type, let context):
            return at(context.codingPath) + "expected \(describe(type))"
        case .dataCorrupted(let context):
            return at(context.codingPath) + context.debugDescription
        default:
            return "\(error)"
        }
    }

    /// A type as an export's reader would name it.
    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type, is Int64.Type: "a number"
        case is Date.Type: "a date"
        default:
            "\(type)".hasPrefix("Array") ? "a list" : "an object"
        }
    }

    // MARK: CSV

    /// Splits RFC 4180 CSV into records; a broken quote is an error naming its line.
    static func csvRecords(_ text: String) throws(LibraryError) -> [(line: Int, fields: [String])] {
        var records: [(Int, [String])] = []
        var fields: [String] = []
        var field = ""
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quoteLine = 1
        var afterQuote = false
        var characters = text.makeIterator()
        var pending: Character? = characters.next()
        func isBreak(_ c: Character) -> Bool { c == "\n" || c == "\r\n" || c == "\r" }
        while let c = pending {
            pending = characters.next()
            if inQuotes {
                if c == "\"" {
                    if pending == "\"" {
                        field.append("\"")
                        pending = characters.next()
                    } else {
                        inQuotes = false
                        afterQuote = true
                    }
                } else {
                    if isBreak(c) { line += 1 }
                    field.append(isBreak(c) ? "\n" : c)
                }
                continue
            }
            if c == "," {
                fields.append(field)
                field = ""
                afterQuote = false
            } else if isBreak(c) {
                fields.append(field)
                records.append((recordLine, fields))
                fields = []
                field = ""
                afterQuote = false
                line += 1
                recordLine = line
            } else if c == "\"" {
                guard field.isEmpty, !afterQuote else {
                    throw LibraryError(.invalidInput, "broken CSV quoting on line \(line): a quote inside an unquoted field (double it and quote the field); nothing was imported",
                                       reason: .csvQuoting(line: line, problem: .quoteInsideField))
                }
                inQuotes = true
                quoteLine = line
            } else {
                guard !afterQuote else {
                    throw LibraryError(.invalidInput, "broken CSV quoting on line \(line): text after a closing quote; nothing was imported",
                                       reason: .csvQuoting(line: line, problem: .textAfterQuote))
                }
                field.append(c)
            }
        }
        if inQuotes {
            throw LibraryError(.invalidInput, "broken CSV quoting: the quote opened on line \(quoteLine) is never closed; nothing was imported",
                               reason: .csvQuoting(line: quoteLine, problem: .unclosed))
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append((recordLine, fields))
        }
        return records
    }

    static func csv(_ text: String, now: Date) throws(LibraryError) -> [LibraryWord] {
        let records = try csvRecords(text)
        let columns = LibraryExporter.csvHeader.count
        var words: [LibraryWord] = []
        for (line, cells) in records.dropFirst() {
            if cells == [""] { continue }
            let fields = cells.map(LibraryExporter.restoringFormula)
            guard fields.count == columns else {
                throw LibraryError(.invalidInput, "CSV line \(line) has \(fields.count) fields, not \(columns); nothing was imported",
                                   reason: .csvFieldCount(line: line, fields: fields.count, expected: columns))
            }
            guard !Library.key(fields[0]).isEmpty else {
                throw LibraryError(.invalidInput, "CSV line \(line): the word is empty; nothing was imported",
                                   reason: .csvEmptyWord(line: line))
            }
            guard let language = Language(fields[1]) else {
                throw LibraryError(.invalidInput, "CSV line \(line): '\(fields[1])' is not a language code; nothing was imported",
                                   reason: .csvBadLanguage(line: line, value: fields[1]))
            }
            let added = fields[3].isEmpty ? nil : LibraryExporter.parseTimestamp(fields[3])
            if !fields[3].isEmpty && added == nil {
                throw LibraryError(.invalidInput, "CSV line \(line): '\(fields[3])' is not an ISO 8601 date; nothing was imported",
                                   reason: .csvBadDate(line: line, value: fields[3]))
            }
            // A star is yes or no in any of the usual spellings; anything else is a mistake to show, not a silent no.
            let starredText = fields[2].trimmingCharacters(in: .whitespaces).lowercased()
            let starred = ["yes", "true", "1", "★", "y"].contains(starredText)
            guard starred || ["no", "false", "0", "", "n"].contains(starredText) else {
                throw LibraryError(.invalidInput, "CSV line \(line): starred is '\(fields[2])', not yes or no; nothing was imported",
                                   reason: .csvBadStarred(line: line, value: fields[2]))
            }
            let flat = FlatWord(
                word: fields[0], language: language, starred: starred,
                added: added,
                senses: lines(fields[4]).map(senseLine),
                examples: lines(fields[5]), ipa: lines(fields[6]),
                translations: lines(fields[7]).map(translation), sources: lines(fields[8])
            )
            words.append(flat.libraryWord(now: now))
        }
        return words
    }

    static func lines(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map(String.init).filter { !$0.isEmpty }
    }

    /// `(noun) a dwelling`, `(noun, neuter) house` → part of speech, its labels and definition.
    static func senseLine(_ text: String) -> FlatWord.SenseLine {
        if text.hasPrefix("("), let close = text.firstIndex(of: ")"), text[text.index(after: close)...].hasPrefix(" ") {
            let heading = String(text[text.index(after: text.startIndex)..<close])
            return .init(heading: heading, definition: String(text[text.index(close, offsetBy: 2)...]))
        }
        return .init(partOfSpeech: nil, definition: text)
    }

    /// `Haus (de)` → text and language.
    static func translation(_ text: String) -> FlatWord.TranslationText {
        if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) {
            let code = String(text[open.upperBound..<text.index(before: text.endIndex)])
            if Language(code) != nil { return .init(text: String(text[..<open.lowerBound]), language: code) }
        }
        return .init(text: text, language: "und")
    }
}

extension Library {
    /// Imports `words` in one transaction: new words are added; a word already saved is merged — starred if either
    /// is, the earlier added date, and any entries it lacks appended (identical content is never doubled).
    public func importWords(_ words: [LibraryWord], format: LibraryFormat, at now: Date = Date())
        throws(LibraryError) -> ImportSummary
    {
        try write { db in
            var summary = ImportSummary(format: format.rawValue, added: 0, merged: 0, unchanged: 0)
            for incoming in words {
                guard let existing = try Self.fetchWord(db, incoming.word, language: incoming.language) else {
                    var new = incoming
                    new.id = nil
                    try Self.store(db, &new)
                    summary.added += 1
                    continue
                }
                if var merged = Self.merge(incoming, into: existing, at: now) {
                    try Self.store(db, &merged)
                    summary.merged += 1
                } else {
                    summary.unchanged += 1
                }
            }
            return summary
        }
    }
}
