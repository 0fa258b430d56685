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
}

extension Library {
    /// Examines the library file without changing it (read-only, `PRAGMA integrity_check`).
    public static func diagnose(path: String) -> LibraryDiagnosis {
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
            let applied = try inspect(path)
            if applied.contains(where: { !migrator.migrations.contains($0) }) {
                diagnosis.state = .newer
                diagnosis.detail = "written by a newer lexagg (schema \(applied.count)); update lexagg"
                return diagnosis
            }
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: path, configuration: configuration)
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
            diagnosis.detail = error.message
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
        var configuration = Configuration()
        configuration.readonly = true
        if let queue = try? DatabaseQueue(path: path, configuration: configuration) {
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
            try? queue.close()
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            do {
                try FileManager.default.moveItem(atPath: path + suffix, toPath: damaged + suffix)
            } catch {
                throw LibraryError(.io, "cannot move \(path + suffix) aside: \(error.localizedDescription); nothing changed")
            }
        }
        let library = try Library(path: path)
        defer { library.close() }
        _ = try library.importWords(recovered, format: .json, at: now)
        return RepairReport(damagedCopy: damaged, recovered: recovered.count, unreadable: unreadable)
    }
}
