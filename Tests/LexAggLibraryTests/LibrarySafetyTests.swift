import Foundation
import GRDB
import LexAggCore
@testable import LexAggLibrary
import Testing

@Suite struct LibrarySafetyTests {
    let directory = temporaryDirectory()
    var path: String { directory + "/" + Library.fileName }

    @Test func aPendingMigrationBacksTheFileUpFirst() throws {
        let old = try Library(path: path, migratingUpTo: "v1")
        try old.save("house", language: .english, entries: [entry("house", definitions: ["a dwelling"])])
        old.close()
        #expect(backups().isEmpty)

        let upgraded = try Library(path: path)
        #expect(try upgraded.word("house") != nil)
        #expect(try upgraded.quizCandidates().count == 1, "v2's tables exist")
        upgraded.close()
        let backup = try #require(backups().first)
        #expect(backup.hasPrefix(Library.fileName + ".bak-v1-"))
        // The backup is the v1 library, word included.
        let copy = try DatabaseQueue(path: directory + "/" + backup)
        #expect(try copy.read { db in try String.fetchAll(db, sql: "SELECT word FROM word") } == ["house"])
        #expect(try copy.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") } == ["v1"])

        // Up to date: no further backup.
        try Library(path: path).close()
        #expect(backups().count == 1)
    }

    /// A library whose directory cannot be written (an immutable directory here; a read-only mount alike) says so and
    /// what to do, where SQLite said "cannot write …: unable to open database file" to `library list`. Needs
    /// `chattr` and the right to set the immutable flag (root, as in CI); skipped, and said so, otherwise.
    @Test(.enabled(if: Self.canMakeImmutable, "needs chattr and the right to set the immutable flag (root)"))
    func aLibraryInADirectoryThatCannotBeWrittenSaysSo() throws {
        let library = try Library(path: path)
        try library.save("house", language: .english, entries: [entry("house", definitions: ["a dwelling"])])
        library.close()
        #expect(Self.chattr("+i", directory))
        defer { _ = Self.chattr("-i", directory) }
        // Every file SQLite keeps beside it goes with a clean close; the lock file stays, and cannot be opened for
        // writing in an immutable directory either.
        var failure: LibraryError?
        do throws(LibraryError) {
            _ = try Library(path: path)
        } catch {
            failure = error
        }
        guard case .directoryNotWritable(let file, let folder) = failure?.reason else {
            Issue.record("\(String(describing: failure))")
            return
        }
        #expect(file == path && folder == directory)
        #expect(failure?.description.contains("LEXAGG_DATA_DIR") == true)
    }

    static func chattr(_ flag: String, _ path: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static let canMakeImmutable: Bool = {
        let probe = temporaryDirectory()
        guard chattr("+i", probe) else { return false }
        return chattr("-i", probe)
    }()

    @Test func aNewLibraryIsNotBackedUp() throws {
        try Library(path: path).close()
        #expect(backups().isEmpty)
    }

    @Test func aFileThatIsNotSQLiteIsLeftUntouched() throws {
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        #expect {
            try Library(path: path)
        } throws: { error in
            let error = error as! LibraryError
            return error.kind == .corrupt && error.message.contains(path) && error.message.contains("lexagg library doctor")
        }
        #expect(fileBytes(path) == garbage)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(Library.diagnose(path: path).state == .corrupt)
    }

    @Test func anotherProgramsDatabaseIsLeftUntouched() throws {
        let other = try DatabaseQueue(path: path)
        try other.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')") }
        try other.close()
        let before = fileBytes(path)
        #expect {
            try Library(path: path)
        } throws: { error in (error as! LibraryError).kind == .foreign }
        #expect(fileBytes(path) == before)
        #expect(Library.diagnose(path: path).state == .foreign)
    }

    @Test func aDamagedLibraryIsReportedAndRepairKeepsTheOldFile() throws {
        let library = try Library(path: path)
        for index in 0..<200 {
            try library.save("word\(index)", language: .english,
                             entries: [entry("word\(index)", definitions: [String(repeating: "long definition ", count: 40)])])
        }
        library.close()
        // Overwrite pages in the middle of the file (past the header and schema) with garbage.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 8192))
        try handle.close()
        let damaged = fileBytes(path)

        let diagnosis = Library.diagnose(path: path)
        #expect(diagnosis.state == .corrupt)
        #expect(diagnosis.advice.contains { $0.contains("--repair") })
        #expect(fileBytes(path) == damaged, "diagnosing changes nothing")

        let report = try Library.repair(path: path, now: fixedDate)
        #expect(fileBytes(report.damagedCopy) == damaged, "the damaged file is kept as it was")
        #expect(report.recovered > 0 && report.recovered < 200)
        let repaired = try Library(path: path)
        // Words whose rows were damaged come back by name when the word index still has them (issue 17 item 9).
        #expect(try repaired.count() == report.recovered + report.recoveredByName)
        #expect(Library.diagnose(path: path).state == .healthy)
    }

    @Test func aLibraryFromANewerLexaggIsRefused() throws {
        try Library(path: path).close()
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99')") }
        try queue.close()
        #expect {
            try Library(path: path)
        } throws: { error in (error as! LibraryError).kind == .newerVersion }
    }

    @Test func importIsOneTransaction() throws {
        let library = try Library(path: path)
        var words = (0..<50).map { LibraryWord(word: "w\($0)", language: .english, entries: [], added: fixedDate) }
        words.append(LibraryWord(word: "bad", language: .english, entries: [], added: fixedDate))
        // Force a failure on the last word by making its key clash with a constraint: an empty word.
        words[words.count - 1].word = ""
        #expect(throws: LibraryError.self) { try library.importWordsFailingOnEmpty(words) }
        #expect(try library.count() == 0, "nothing of a failed import is kept")
    }

    func backups() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".bak-") }
    }
}

extension Library {
    /// `importWords`, refusing an empty word inside the transaction (after the others were written).
    func importWordsFailingOnEmpty(_ words: [LibraryWord]) throws(LibraryError) {
        try write { db in
            for var word in words {
                if word.word.isEmpty { throw LibraryError(.invalidInput, "empty word") }
                try Self.store(db, &word)
            }
        }
    }
}
