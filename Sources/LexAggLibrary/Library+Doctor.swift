import Foundation
import GRDB
import LexAggCore

/// What `lexagg library doctor` found.
public struct LibraryDiagnosis: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Hashable, Codable {
        case missing, healthy, corrupt, foreign, newer
    }

    public var path: String
    public var state: State
    public var detail: String
    public var words: Int?
    public var schemaVersion: Int?
    /// Backups made before migrations, oldest first.
    public var backups: [String]
    /// What to do, step by step.
    public var advice: [String]
}

/// What `lexagg library doctor --repair` did.
public struct RepairReport: Sendable, Hashable, Codable {
    /// Where the damaged file was moved (kept, never deleted).
    public var damagedCopy: String
    public var recovered: Int
    public var unreadable: Int
    /// Words whose rows were unreadable but whose names were still in the word index: saved again by name, with
    /// no entries ('library add WORD' fetches them again).
    public var recoveredByName: Int = 0
}

extension Library {
    /// Examines the library file without changing it (read-only, `PRAGMA integrity_check`).
    ///
    /// A file holding an interrupted write (a lexagg killed mid-write) cannot be read without SQLite's recovery, which
    /// writes; it is examined through a recovered copy instead, so that the verdict is the one the next command will
    /// meet, and the file itself is still left as it is.
    public static func diagnose(path: String) -> LibraryDiagnosis {
        guard hasInterruptedWrite(path), let copy = recoveredCopy(of: path) else {
            return examine(path: path, reading: path)
        }
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        var diagnosis = examine(path: path, reading: copy)
        diagnosis.detail = diagnosis.detail.replacingOccurrences(of: copy, with: path)
            + "; a write was interrupted (a lexagg process was stopped), and the next lexagg library command "
            + "completes it, keeping everything that was saved"
        return diagnosis
    }

    /// A copy of the file (with its -journal and -wal) in a new scratch directory, after SQLite's recovery of the
    /// interrupted write it holds; nil when it cannot be made. The caller removes the directory.
    static func recoveredCopy(of path: String) -> String? {
        let scratch = NSTemporaryDirectory() + "lexagg-recovery-\(UUID().uuidString)"
        let copy = scratch + "/" + (path as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            for suffix in ["", "-journal", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
            }
            try completeInterruptedWrite(copy)
            return copy
        } catch {
            try? FileManager.default.removeItem(atPath: scratch)
            return nil
        }
    }

    /// ``diagnose``: messages name `path`, the database read is `file` (the same, or a recovered copy).
    private static func examine(path: String, reading file: String) -> LibraryDiagnosis {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let backups = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix(name + ".bak-") }.sorted().map { directory + "/" + $0 }
        var diagnosis = LibraryDiagnosis(path: path, state: .healthy, detail: "", backups: backups, advice: [])
        guard FileManager.default.fileExists(atPath: path) else {
            diagnosis.state = .missing
            diagnosis.detail = "no library yet; 'lexagg library add WORD' creates it"
            return diagnosis
        }
        let recover = [
            "1. Keep the file: lexagg never deletes or overwrites it.",
            backups.isEmpty
                ? "2. There is no backup from a migration to restore."
                : "2. To go back to the latest backup: cp '\(backups.last!)' '\(path)' (words added since are lost).",
            "3. Or run 'lexagg library doctor --repair': the file is moved aside (\(name).damaged-<time>) and every word "
                + "that can still be read is copied into a new library.",
            "4. Or start afresh: move the file away; the next 'lexagg library add' creates a new one.",
        ]
        do {
            // A recovered copy is the file after its interrupted write was undone: empty means new, as for `open`.
            let applied = try inspect(file, recovering: false, emptyIsNew: file != path)
            if applied.contains(where: { !migrator.migrations.contains($0) }) {
                diagnosis.state = .newer
                diagnosis.detail = "written by a newer lexagg (schema \(applied.count)); update lexagg"
                return diagnosis
            }
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: file, configuration: configuration)
            defer { try? queue.close() }
            let problems = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
            if problems != ["ok"] {
                diagnosis.state = .corrupt
                diagnosis.detail = problems.prefix(5).joined(separator: "; ")
                diagnosis.advice = recover
                return diagnosis
            }
            diagnosis.schemaVersion = applied.count
            diagnosis.words = applied.isEmpty ? 0 : try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM word") }
            diagnosis.detail = "the library is healthy"
            if applied.count < schemaVersion {
                diagnosis.advice = ["The next command upgrades the schema to version \(schemaVersion), after a backup."]
            }
        } catch let error as LibraryError {
            diagnosis.state = error.kind == .foreign ? .foreign : .corrupt
            // What is wrong, without the advice to run the doctor, which is running.
            if case .corrupt(_, let detail)? = error.reason {
                diagnosis.detail = "the file is damaged (\(detail))"
            } else {
                diagnosis.detail = error.message.replacingOccurrences(of: file, with: path)
            }
            diagnosis.advice = error.kind == .foreign
                ? ["This file belongs to another program: move it away, or set LEXAGG_DATA_DIR to another directory."]
                : recover
        } catch {
            diagnosis.state = .corrupt
            diagnosis.detail = "\(error)"
            diagnosis.advice = recover
        }
        return diagnosis
    }

    /// Moves a damaged library aside (keeping it) and copies every readable word into a new library at `path`.
    public static func repair(path: String, now: Date = Date()) throws(LibraryError) -> RepairReport {
        let stamp = Int64(now.timeIntervalSince1970)
        let damaged = "\(path).damaged-\(stamp)"
        var recovered: [LibraryWord] = []
        var unreadable = 0
        var byName = 0
        // A file holding an interrupted write can only be read once recovered: read a recovered copy, keep the file.
        var source = path
        if hasInterruptedWrite(path), let copy = recoveredCopy(of: path) { source = copy }
        defer {
            if source != path { try? FileManager.default.removeItem(atPath: (source as NSString).deletingLastPathComponent) }
        }
        var configuration = Configuration()
        configuration.readonly = true
        if let queue = try? DatabaseQueue(path: source, configuration: configuration) {
            let ids = (try? queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM word") }) ?? []
            for id in ids {
                if let word = try? queue.read({ db in
                    try Row.fetchOne(db, sql: "SELECT * FROM word WHERE id = ?", arguments: [id]).map(decode)
                }) {
                    recovered.append(word)
                } else {
                    unreadable += 1
                }
            }
            // The rows may be unreadable while the UNIQUE (language, word) index still holds every name: those
            // words come back by name (their definitions are lost; 'library add' fetches them again).
            let names = (try? queue.read { db in
                try Row.fetchAll(db, sql: "SELECT language, word FROM word INDEXED BY sqlite_autoindex_word_1")
            }) ?? []
            var seen = Set(recovered.map { "\($0.language.code)\t\($0.word)" })
            for row in names {
                guard let code = row["language"] as String?, let language = Language(code),
                      let name = row["word"] as String?, !Library.key(name).isEmpty,
                      seen.insert("\(language.code)\t\(name)").inserted
                else { continue }
                var word = LibraryWord(word: name, language: language, entries: [], added: now)
                word.word = name
                recovered.append(word)
                byName += 1
                if unreadable > 0 { unreadable -= 1 }
            }
            try? queue.close()
        }
        // The -journal too: an interrupted write's journal belongs with the file it would roll back.
        for suffix in ["", "-journal", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.moveItem(atPath: path + suffix, toPath: damaged + suffix)
            } catch {
                throw LibraryError(.io, "cannot move \(path + suffix) aside: \(Library.systemText(error)); nothing changed")
            }
        }
        let library = try Library(path: path)
        defer { library.close() }
        _ = try library.importWords(recovered, format: .json, at: now)
        return RepairReport(
            damagedCopy: damaged, recovered: recovered.count - byName, unreadable: unreadable, recoveredByName: byName
        )
    }
}
