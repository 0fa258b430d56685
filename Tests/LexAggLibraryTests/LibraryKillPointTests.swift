import Foundation
import GRDB
import LexAggCore
@testable import LexAggLibrary
import Testing

/// A lexagg killed at any moment of creating or writing the library: each test builds the files exactly as a SIGKILL
/// at that moment leaves them (SQLite's writes are already in the files; nothing is closed or cleaned up), without
/// timing, by copying the files away in the middle of a transaction or by writing the journal SQLite would have left.
/// The next open must succeed, keep everything committed and refuse nothing that holds none of the user's data.
@Suite struct LibraryKillPointTests {
    let directory = temporaryDirectory()
    var path: String { directory + "/" + Library.fileName }

    /// A new library's first write is the switch to WAL mode, made in rollback-journal mode: SQLite journals the
    /// (empty) original, writes page 1 and deletes the journal. Killed before the deletion, the file is page 1 beside a
    /// hot journal, which only a read-write connection may roll back; the read-only inspection used to fail with
    /// "attempt to write a readonly database" on every later run.
    @Test func aFirstRunKilledWhileSwitchingToWALOpensAsANewLibrary() throws {
        let seed = temporaryDirectory() + "/seed.sqlite"
        let queue = try DatabaseQueue(path: seed)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try queue.close()
        try FileManager.default.copyItem(atPath: seed, toPath: path)
        #expect(fileBytes(path)?.count == 4096)
        try Self.hotJournal(originalPages: 0).write(to: URL(fileURLWithPath: path + "-journal"))
        let before = [fileBytes(path), fileBytes(path + "-journal")]

        let diagnosis = Library.diagnose(path: path)
        #expect(diagnosis.state == .healthy, "\(diagnosis.detail)")
        #expect([fileBytes(path), fileBytes(path + "-journal")] == before, "diagnosing changes nothing")

        let library = try Library(path: path)
        #expect(try library.count() == 0)
        try library.save("house", language: .english, entries: [entry("house", definitions: ["a dwelling"])])
        library.close()
        #expect(Library.diagnose(path: path).state == .healthy)
        #expect(try Library(path: path).count() == 1)
    }

    /// The same hot journal on a file that is not ours is rolled back (as any SQLite program would) and then refused.
    @Test func aForeignFileWithAHotJournalIsStillRefused() throws {
        let seed = temporaryDirectory() + "/notes.sqlite"
        let queue = try DatabaseQueue(path: seed)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')") }
        try queue.close()
        try killedMidTransaction(seed, into: path) { db in
            for index in 0..<3000 { try db.execute(sql: "INSERT INTO notes VALUES (?)", arguments: ["\(index)" + filler]) }
        }
        #expect(FileManager.default.fileExists(atPath: path + "-journal"))
        #expect { try Library(path: path) } throws: { error in (error as! LibraryError).kind == .foreign }
        let notes = try DatabaseQueue(path: path)
        #expect(try notes.read { db in try String.fetchAll(db, sql: "SELECT text FROM notes") } == ["mine"])
    }

    /// A library in rollback-journal mode (a migration backup copied back, say) killed in the middle of a big write:
    /// the hot journal is rolled back, every word saved before is there, nothing of the interrupted write is.
    @Test func aRollbackModeLibraryKilledMidWriteKeepsEveryCommittedWord() throws {
        let original = temporaryDirectory() + "/" + Library.fileName
        let library = try Library(path: original)
        for index in 0..<20 {
            try library.save("word\(index)", language: .english, entries: [entry("word\(index)", definitions: ["d"])])
        }
        library.close()
        let queue = try DatabaseQueue(path: original)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        try killedMidTransaction(original, into: path) { db in
            for index in 0..<3000 {
                try db.execute(
                    sql: "INSERT INTO lookup_history VALUES (?, 'en', 1, 0, 0)", arguments: ["w\(index)" + filler]
                )
            }
        }
        #expect(FileManager.default.fileExists(atPath: path + "-journal"), "the kill left a hot journal")

        #expect(Library.diagnose(path: path).state == .healthy)
        let reopened = try Library(path: path)
        #expect(try reopened.count() == 20)
        #expect(try reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM lookup_history") } == 0)
        reopened.close()
        #expect(Library.diagnose(path: path).state == .healthy)
    }

    /// Each step of a first run in WAL mode: GRDB's bookkeeping table created (its own commit), the first migration
    /// begun but not committed, the first migration committed; with and without the -shm file.
    @Test(arguments: [false, true]) func aFirstRunKilledAtEachStepOfItsMigrationOpens(keepShm: Bool) throws {
        let steps: [(String, (Database, String) throws -> Void)] = [
            ("bookkeeping", { db, _ in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            }),
            ("v1 begun", { db, source in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                try db.inTransaction {
                    try db.execute(sql: "PRAGMA application_id = \(Library.applicationID)")
                    try db.execute(sql: "CREATE TABLE word (id INTEGER PRIMARY KEY)")
                    try snapshot(source, into: path, keepShm: keepShm)
                    return .rollback
                }
            }),
        ]
        for (name, step) in steps {
            try? FileManager.default.removeItem(atPath: directory)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let source = temporaryDirectory() + "/" + Library.fileName
            let pool = try DatabasePool(path: source)
            try pool.writeWithoutTransaction { db in
                try step(db, source)
                if !FileManager.default.fileExists(atPath: path) { try snapshot(source, into: path, keepShm: keepShm) }
            }
            let library = try Library(path: path)
            #expect(try library.count() == 0, "\(name)")
            library.close()
            try pool.close()
        }
    }

    /// A library killed in the middle of a write and right after a commit, in WAL mode, with and without its -shm.
    @Test(arguments: [false, true]) func aLibraryKilledDuringAWriteKeepsWhatWasCommitted(keepShm: Bool) throws {
        let source = temporaryDirectory() + "/" + Library.fileName
        let library = try Library(path: source)
        try library.save("kept", language: .english, entries: [entry("kept", definitions: ["d"])])
        let during = temporaryDirectory() + "/" + Library.fileName
        let after = temporaryDirectory() + "/" + Library.fileName
        try library.write { db in
            var word = LibraryWord(word: "lost", language: .english, entries: [], added: fixedDate)
            try Library.store(db, &word)
            try snapshot(source, into: during, keepShm: keepShm)
        }
        try snapshot(source, into: after, keepShm: keepShm)
        library.close()

        let midWrite = try Library(path: during)
        #expect(try midWrite.allWords().map(\.word) == ["kept"])
        midWrite.close()
        let committed = try Library(path: after)
        #expect(Set(try committed.allWords().map(\.word)) == ["kept", "lost"])
        committed.close()
    }

    // MARK: Helpers

    let filler = String(repeating: "x", count: 400)

    /// Runs `body` in a rollback-journal transaction on `source` with a tiny page cache (so that SQLite spills pages
    /// into the file before the commit), copies the files to `destination` in the middle of it — what a SIGKILL at
    /// that moment leaves — and rolls the source back.
    func killedMidTransaction(_ source: String, into destination: String, _ body: (Database) throws -> Void) throws {
        let queue = try DatabaseQueue(path: source)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA cache_size = 5") }
        try queue.inTransaction { db in
            try body(db)
            try snapshot(source, into: destination, keepShm: true)
            return .rollback
        }
        try queue.close()
    }

    /// Copies the database file and its -journal, -wal and (optionally) -shm files as they are now.
    func snapshot(_ source: String, into destination: String, keepShm: Bool) throws {
        for suffix in ["", "-journal", "-wal"] + (keepShm ? ["-shm"] : [])
        where FileManager.default.fileExists(atPath: source + suffix) {
            try? FileManager.default.removeItem(atPath: destination + suffix)
            try FileManager.default.copyItem(atPath: source + suffix, toPath: destination + suffix)
        }
    }

    /// A rollback journal as SQLite leaves it once synced, before the commit deletes it: the header only (no page
    /// records for a database that had `originalPages` pages, here none).
    static func hotJournal(originalPages: UInt32) -> Data {
        var header = Data([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7])
        for field: UInt32 in [0, 0x5EED, originalPages, 512, 4096] {
            withUnsafeBytes(of: field.bigEndian) { header.append(contentsOf: $0) }
        }
        return header + Data(count: 512 - header.count)
    }
}
