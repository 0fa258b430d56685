#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import GRDB
import LexAggCore

/// The lookup journal: `lookup` appends one line per found word to `history.log` beside the library, and the
/// library counts the new lines into its history when the history is read.
///
/// Opening the library for every lookup cost about 5 ms (a third of an offline lookup); appending a line costs
/// microseconds. Lines are `<milliseconds>\t<language or empty>\t<word>\n`; a word never holds a tab or a line
/// break (queries collapse white space). Writers and the folder take an exclusive `flock` on the file, so a line
/// is never read half-written, and a writer that opened the file just before it was truncated writes again.
///
/// Folding is exactly-once: the byte offset counted so far (per inode) is stored in the same transaction as the
/// counts. Once the counted part passes 1 MB, the file is truncated under the lock; should the process die
/// between truncating and recording offset 0, a stored offset beyond the end of the file is read as 0.
public enum HistoryJournal {
    public static let fileName = "history.log"

    /// Appends a lookup of `word` to the journal in `directory` (created if missing).
    public static func append(_ word: String, language: Language?, directory: String, at now: Date = Date())
        throws(LibraryError)
    {
        let word = word.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        guard !word.isEmpty else { return }
        let line = "\(Library.millis(now))\t\(language?.code ?? "")\t\(word)\n"
        let path = directory + "/" + fileName
        for attempt in 0..<2 {
            var descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            if descriptor < 0 && errno == ENOENT && attempt == 0 {
                // A fresh home may lack ~/.local/share as well as lexagg's own directory.
                try? FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                )
                descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            }
            guard descriptor >= 0 else { throw HistoryJournal.failure("cannot open \(path)") }
            defer { close(descriptor) }
            try FileLock.acquire(descriptor, path: path, deadline: FileLock.journalDeadline)
            var bytes = Array(line.utf8)
            let written = write(descriptor, &bytes, bytes.count)
            guard written == bytes.count else { throw failure("cannot write to \(path)") }
            return
        }
    }

    /// Counts the journal's new lines into `library`'s history (in one transaction) and trims the journal.
    static func fold(into library: Library, directory: String) throws(LibraryError) {
        guard let journal = try Locked(directory: directory) else { return }
        let stored = try library.read { db in
            try Int64.fetchOne(db, sql: "SELECT offset FROM history_journal WHERE inode = ?", arguments: [journal.inode])
        } ?? 0
        guard let (end, lookups) = try journal.lines(after: stored) else { return }
        try library.write { db in
            for lookup in lookups {
                let key = Library.key(lookup.word)
                guard !key.isEmpty else { continue }
                try db.execute(
                    sql: """
                        INSERT INTO lookup_history (word, language, count, first, last) VALUES (?, ?, 1, ?, ?)
                        ON CONFLICT (word, language) DO UPDATE SET count = count + 1,
                            first = min(first, excluded.first), last = max(last, excluded.last)
                        """,
                    arguments: [key, lookup.language, lookup.millis, lookup.millis]
                )
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO history_journal (inode, offset) VALUES (?, ?)", arguments: [journal.inode, end]
            )
        }
        if journal.truncate(ifCountedTo: end) {
            try library.write { db in
                try db.execute(sql: "UPDATE history_journal SET offset = 0 WHERE inode = ?", arguments: [journal.inode])
            }
        }
    }

    /// One journal line: when, the language the lookup named ('' for none), the word.
    public struct Lookup: Sendable, Hashable {
        public var millis: Int64
        public var language: String
        public var word: String
    }

    /// The journal, opened and locked (`flock`, exclusive) until released, for counting its new lines into a store:
    /// every store keeps the offset it counted to (per ``inode``) in the same transaction as the counts.
    public final class Locked {
        private let descriptor: Int32
        private let path: String
        /// The journal file's inode: a truncated-and-recreated journal starts again from 0.
        public let inode: Int64
        public let size: Int64

        /// Opens and locks the journal in `directory`; nil when there is none.
        public init?(directory: String) throws(LibraryError) {
            path = directory + "/" + HistoryJournal.fileName
            let descriptor = open(path, O_RDWR | O_CLOEXEC)
            if descriptor < 0 {
                if errno == ENOENT { return nil }
                throw HistoryJournal.failure("cannot open \(path)")
            }
            do {
                try FileLock.acquire(descriptor, path: path, deadline: FileLock.foldDeadline)
            } catch {
                close(descriptor)
                throw error
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                close(descriptor)
                throw HistoryJournal.failure("cannot read \(path)")
            }
            self.descriptor = descriptor
            inode = Int64(bitPattern: UInt64(status.st_ino))
            size = Int64(status.st_size)
        }

        deinit { close(descriptor) }

        /// The whole lines after `stored` (read as 0 when beyond the end), and the offset after them; nil when
        /// there is no new whole line.
        public func lines(after stored: Int64) throws(LibraryError) -> (end: Int64, lookups: [Lookup])? {
            let start = stored <= size ? stored : 0
            guard start < size else { return nil }
            var bytes = [UInt8](repeating: 0, count: Int(size - start))
            let count = pread(descriptor, &bytes, bytes.count, off_t(start))
            guard count == bytes.count else { throw HistoryJournal.failure("cannot read \(path)") }
            // Only whole lines: anything after the last line break is left for next time.
            guard let lastBreak = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return nil }
            let end = start + Int64(lastBreak + 1)
            let lookups = bytes[...lastBreak].split(separator: UInt8(ascii: "\n")).compactMap { line -> Lookup? in
                HistoryJournal.record(line).map { Lookup(millis: $0.0, language: $0.1, word: $0.2) }
            }
            return (end, lookups)
        }

        /// Empties the journal once everything in it is counted and it passed 1 MB; true when it did (the store
        /// then records offset 0).
        public func truncate(ifCountedTo end: Int64) -> Bool {
            guard end == size && end > 1 << 20 else { return false }
            return ftruncate(descriptor, 0) == 0
        }
    }

    /// One journal line: `millis TAB language TAB word`. A line torn by a crash (no line break) is glued to the
    /// next record: the record is then the last three fields, its time the last 13 digits before them, so the
    /// torn fragment is dropped and the whole record after it kept.
    static func record(_ line: ArraySlice<UInt8>) -> (Int64, String, String)? {
        var fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return nil }
        if fields.count > 3 {
            fields = Array(fields.suffix(3))
            let digits = fields[0].reversed().prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard digits.count >= 13 else { return nil }
            fields[0] = fields[0].suffix(13)
        }
        if fields[0].count > 13 { fields[0] = fields[0].suffix(13) }   // torn inside the time field
        guard let millis = Int64(String(decoding: fields[0], as: UTF8.self)) else { return nil }
        let word = String(decoding: fields[2], as: UTF8.self)
        // A word never holds a control character (the journal is written from validated queries).
        guard !word.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        return (millis, String(decoding: fields[1], as: UTF8.self), word)
    }

    private static func failure(_ message: String) -> LibraryError {
        LibraryError(.io, "\(message): \(String(cString: strerror(errno)))")
    }
}
