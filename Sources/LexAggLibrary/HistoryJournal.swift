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
            guard descriptor >= 0 else { throw failure("cannot open \(path)") }
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
        let path = directory + "/" + fileName
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return }
            throw failure("cannot open \(path)")
        }
        defer { close(descriptor) }
        try FileLock.acquire(descriptor, path: path, deadline: FileLock.foldDeadline)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot read \(path)") }
        let inode = Int64(bitPattern: UInt64(status.st_ino))
        let size = Int64(status.st_size)

        let stored = try library.read { db in
            try Int64.fetchOne(db, sql: "SELECT offset FROM history_journal WHERE inode = ?", arguments: [inode])
        } ?? 0
        let start = stored <= size ? stored : 0
        guard start < size else { return }
        var bytes = [UInt8](repeating: 0, count: Int(size - start))
        let count = pread(descriptor, &bytes, bytes.count, off_t(start))
        guard count == bytes.count else { throw failure("cannot read \(path)") }
        // The lock guards the file, not the counting: lookups appending meanwhile wait for the read only.
        flock(descriptor, LOCK_UN)
        // Only whole lines: anything after the last line break is left for next time.
        guard let lastBreak = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return }
        let end = start + Int64(lastBreak + 1)
        let lookups = bytes[...lastBreak].split(separator: UInt8(ascii: "\n")).compactMap(record)
        try library.write { db in
            // Another process counted these lines while the lock was released: nothing left to do.
            let now = try Int64.fetchOne(db, sql: "SELECT offset FROM history_journal WHERE inode = ?", arguments: [inode]) ?? 0
            guard now == stored else { return }
            for (millis, language, word) in lookups {
                let key = Library.key(word)
                guard !key.isEmpty else { continue }
                try db.execute(
                    sql: """
                        INSERT INTO lookup_history (word, language, count, first, last) VALUES (?, ?, 1, ?, ?)
                        ON CONFLICT (word, language) DO UPDATE SET count = count + 1,
                            first = min(first, excluded.first), last = max(last, excluded.last)
                        """,
                    arguments: [key, language, millis, millis]
                )
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO history_journal (inode, offset) VALUES (?, ?)", arguments: [inode, end]
            )
        }
        if end == size && end > 1 << 20 {
            try FileLock.acquire(descriptor, path: path, deadline: FileLock.foldDeadline)
            defer { flock(descriptor, LOCK_UN) }
            var again = stat()
            guard fstat(descriptor, &again) == 0, Int64(again.st_size) == end else { return }
            guard ftruncate(descriptor, 0) == 0 else { return }
            try library.write { db in
                try db.execute(sql: "UPDATE history_journal SET offset = 0 WHERE inode = ?", arguments: [inode])
            }
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
