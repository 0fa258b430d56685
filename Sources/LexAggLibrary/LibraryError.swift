#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LexAggCore

/// Why the library could not do what was asked.
public struct LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The file is damaged or is not an SQLite database at all; it is left exactly as it is.
        case corrupt
        /// The file is an SQLite database, but not a lexagg library (another program's file).
        case foreign
        /// The library was written by a newer lexagg with migrations this one does not know.
        case newerVersion
        /// No data directory could be found (no `LEXAGG_DATA_DIR`, `XDG_DATA_HOME` or `HOME`).
        case noDataDirectory
        /// The user's input (an import file, a word) cannot be used.
        case invalidInput
        /// The database or file system failed (disk full, permissions, lock timeout).
        case io
    }

    public var kind: Kind
    /// What happened and, where there is one, what to do.
    public var message: String
    /// The library file concerned, when there is one.
    public var path: String?
    /// What happened, as data, for a consumer that says it in the user's language (``message`` stays English).
    public var reason: Reason?

    public init(_ kind: Kind, _ message: String, path: String? = nil, reason: Reason? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
        self.reason = reason
    }

    /// Why the library could not do what was asked, with the facts a message needs and no words.
    public enum Reason: Sendable, Hashable {
        /// The file at `path` is damaged; `detail` is SQLite's (or the check's) English words, shown as they are.
        case corrupt(path: String, detail: String)
        /// The file at `path` is empty: its words are gone.
        case emptyFile(path: String)
        /// `path` is another program's SQLite database, holding `tables`.
        case foreign(path: String, tables: [String])
        /// `path` was written by a newer lexagg (its schema `schema`).
        case newerVersion(path: String, schema: String)
        /// `path` holds a write a stopped lexagg left half done.
        case interruptedWrite(path: String)
        /// Another lexagg is writing `path`.
        case busy(path: String)
        /// The disk is full; `path` was not changed.
        case diskFull(path: String)
        /// `path` cannot be written; `detail` is the system's words.
        case cannotWrite(path: String, detail: String)
        /// `path` is locked by another process; waited `seconds`.
        case locked(path: String, seconds: Int64)
        /// The data directory cannot be created.
        case cannotCreateDirectory(String, detail: String)
        /// The library's directory cannot be written: SQLite keeps a lock and a write-ahead log beside the file, so
        /// even reading needs it writable.
        case directoryNotWritable(path: String, directory: String)
        /// A word is empty.
        case emptyWord
        /// Word `index` (1-based) of an import, `word` (shortened, printable), is not a valid word.
        case invalidImportWord(index: Int, word: String, problem: QueryError)
        /// The file is not a lexagg export, a CSV with `header` or an Anki text file.
        case notAnExport(csvHeader: String)
        /// JSON that is not a lexagg export (unreadable, or without the `format`).
        case notAnExportJSON
        /// An export written by a newer lexagg.
        case newerExport(version: Int)
        /// A damaged export; `detail` says where.
        case damagedExport(detail: String)
        /// A CSV line (`line`) breaks the quoting rules: a quote inside an unquoted field, text after a closing
        /// quote, or (`unclosed`) a quote never closed.
        case csvQuoting(line: Int, problem: CSVQuoting)
        /// CSV line `line` has `fields` fields, not `expected`.
        case csvFieldCount(line: Int, fields: Int, expected: Int)
        /// CSV line `line` has an empty word.
        case csvEmptyWord(line: Int)
        /// CSV line `line` has `value`, not a language code.
        case csvBadLanguage(line: Int, value: String)
        /// CSV line `line` has `value`, not an ISO 8601 date.
        case csvBadDate(line: Int, value: String)
        case csvBadStarred(line: Int, value: String)
        /// An Anki file's line `line` names a separator lexagg does not know.
        case ankiSeparator(line: Int, header: String)
        /// An Anki file's line `line` has an empty word.
        case ankiEmptyWord(line: Int)
    }

    /// How a CSV file's quoting is broken.
    public enum CSVQuoting: Sendable, Hashable {
        case quoteInsideField, textAfterQuote, unclosed
    }

    public var description: String { message }

    static func corrupt(_ path: String, detail: String) -> LibraryError {
        LibraryError(
            .corrupt,
            "the library file \(path) is damaged (\(detail)); it was left untouched — run 'lexagg library doctor' "
                + "to see how to recover",
            path: path, reason: .corrupt(path: path, detail: detail)
        )
    }

    static func foreign(_ path: String, tables: [String]) -> LibraryError {
        let detail = "an SQLite database with the tables " + tables.joined(separator: ", ")
        return LibraryError(
            .foreign,
            "\(path) is not a lexagg library (\(detail)); it was left untouched — move it away or set LEXAGG_DATA_DIR, "
                + "and see 'lexagg library doctor'",
            path: path, reason: .foreign(path: path, tables: tables)
        )
    }
}

extension Library {
    /// The system's words for a file error from Foundation: strerror's for its POSIX cause ("Permission denied")
    /// instead of Foundation's "The operation could not be completed" (NSCocoaErrorDomain 512).
    static func systemText(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
