import Foundation
import GRDB
import LexAggCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The learner's library: saved words, favourites, search, lookup history, random-browsing sessions and quiz records,
/// in one SQLite file (WAL mode, safe for several processes at once).
///
/// Safety rules, each tested:
/// - every change is one transaction, so a killed process leaves either the whole change or none of it (WAL with
///   `synchronous = NORMAL`, GRDB's default: a commit survives the process being killed; only a power loss or OS
///   crash may undo the last commits);
/// - opening never replaces or rewrites a file that is not a healthy lexagg library: a damaged file or another
///   program's database is reported as ``LibraryError`` and left exactly as it is;
/// - before a pending schema migration runs on an existing library, the file is copied beside itself
///   (`library.sqlite.bak-v<N>-<timestamp>`, through SQLite's backup API).
public final class Library: Sendable {
    /// The library file.
    public let path: String
    let pool: DatabasePool

    /// The file name inside the data directory.
    public static let fileName = "library.sqlite"
    /// Marks the file as a lexagg library (`PRAGMA application_id`, "LXLB").
    static let applicationID: Int32 = 0x4C58_4C42
    /// How long a writer waits for another process's transaction before giving up.
    public static let busyTimeout: TimeInterval = 30

    /// The data directory: `LEXAGG_DATA_DIR`, else `$XDG_DATA_HOME/lexagg`, else `$HOME/.local/share/lexagg`;
    /// nil when none of them is set.
    public static func dataDirectory(environment: [String: String]) -> String? {
        if let directory = environment["LEXAGG_DATA_DIR"], !directory.isEmpty { return directory }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/lexagg" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/lexagg" }
        return nil
    }

    /// Opens (creating it when missing) the library in `directory`.
    /// - Parameter busyTimeout: how long to wait for another process's write (short for the lookup history).
    public static func open(directory: String, busyTimeout: TimeInterval = Library.busyTimeout) throws(LibraryError)
        -> Library
    {
        if case .failure(let error) = DirectoryListing.create(directory) {
            let detail = error.description
            throw LibraryError(.io, "cannot create the data directory \(directory): \(detail)",
                               reason: .cannotCreateDirectory(directory, detail: detail))
        }
        let library = try Library(path: directory + "/" + fileName, busyTimeout: busyTimeout)
        PrivateFiles.restrictDatabase(library.path)
        PrivateFiles.restrict(directory + "/" + HistoryJournal.fileName)
        return library
    }

    /// Opens the library file at `path`, creating it when missing, and applies pending migrations
    /// (up to `lastMigration`, for tests of migrations; nil for all).
    public init(path: String, migratingUpTo lastMigration: String? = nil, busyTimeout: TimeInterval = Library.busyTimeout)
        throws(LibraryError)
    {
        self.path = path
        let lock = try Self.lockFile(path + ".lock")
        defer { Glibc.close(lock) }
        let applied = try Self.inspect(path)
        let known = Self.migrator.migrations
        if let unknown = applied.first(where: { !known.contains($0) }) {
            throw LibraryError(
                .newerVersion,
                "\(path) was written by a newer lexagg (schema \(unknown)); update lexagg to use it",
                path: path, reason: .newerVersion(path: path, schema: unknown)
            )
        }
        let target = lastMigration ?? known.last!
        let wanted = known.prefix(through: known.firstIndex(of: target)!)
        if !applied.isEmpty, wanted.contains(where: { !applied.contains($0) }) {
            try Self.backUp(path, version: applied.count)
        }
        // Creating a library: the lock file says so until the first migration is in, so that a zero-length file
        // left by a creation that was killed is told apart from a library that lost its contents.
        if applied.isEmpty { _ = pwrite(lock, Self.creationMarker, Self.creationMarker.utf8.count, 0) }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            configuration.foreignKeysEnabled = true
            pool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(pool, upTo: target)
        } catch {
            throw Self.wrap(error, path: path)
        }
        if applied.isEmpty { _ = ftruncate(lock, 0) }
    }

    private static let creationMarker = "creating\n"

    /// Whether the last process to open `path` was killed while creating it (see ``init(path:migratingUpTo:busyTimeout:)``).
    static func creationInterrupted(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path + ".lock") else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 64)).map { String(decoding: $0, as: UTF8.self) } == creationMarker
    }

    /// Closes the database (also done when the library is released).
    public func close() {
        try? pool.close()
    }

    // MARK: Opening safely

    /// Takes an exclusive lock beside the file for opening and migrating, so concurrent first runs don't race.
    private static func lockFile(_ lockPath: String) throws(LibraryError) -> Int32 {
        let descriptor = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let error = errno
            if let unwritable = notWritable(String(lockPath.dropLast(".lock".count))) { throw unwritable }
            throw LibraryError(.io, "cannot open \(lockPath): \(String(cString: strerror(error)))")
        }
        do {
            try FileLock.acquire(descriptor, path: lockPath, deadline: FileLock.libraryDeadline)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Checks an existing file: the SQLite header, our marker, the migrations applied.
    ///
    /// The file is read through a read-only connection, so a file that is not ours is never written to. One thing a
    /// read-only connection cannot do is SQLite's crash recovery: a process killed in the middle of a write in
    /// rollback-journal mode leaves a "hot" `-journal` that the next connection must roll back before anything can be
    /// read (`SQLITE_READONLY_ROLLBACK`). Every new library goes through such a write — the switch to WAL mode writes
    /// the first page of the file in rollback mode — so a first run killed at that moment left a file no later run
    /// could open ("attempt to write a readonly database"). When `recovering`, such a file is recovered first, the
    /// way any SQLite connection would (the interrupted write is undone; nothing committed is touched), then
    /// inspected again read-only.
    /// - Returns: the identifiers of the migrations already applied (empty for a new or empty file).
    /// - Parameter emptyIsNew: a zero-length file is a new library (the file was just rolled back to nothing).
    static func inspect(_ path: String, recovering: Bool = true, emptyIsNew: Bool = false) throws(LibraryError) -> [String] {
        do {
            return try inspectReadOnly(path, emptyIsNew: emptyIsNew)
        } catch let error as DatabaseError where isInterruptedWrite(error) {
            guard recovering else {
                throw LibraryError(
                    .io,
                    "\(path) holds a write that was interrupted (a lexagg process was stopped); the next lexagg "
                        + "library command completes it, keeping everything that was saved",
                    path: path, reason: .interruptedWrite(path: path)
                )
            }
            do {
                try completeInterruptedWrite(path)
            } catch {
                throw wrap(error, path: path)
            }
            // An interrupted first write rolls back to a zero-length file: a new library, not a lost one.
            return try inspect(path, recovering: false, emptyIsNew: true)
        } catch {
            throw wrap(error, path: path)
        }
    }

    /// Whether `error` says the file needs the crash recovery a read-only connection may not perform.
    static func isInterruptedWrite(_ error: DatabaseError) -> Bool {
        [ResultCode.SQLITE_READONLY_ROLLBACK, .SQLITE_READONLY_RECOVERY, .SQLITE_READONLY_CANTINIT]
            .contains(error.extendedResultCode)
    }

    /// Whether the file holds an interrupted write that only a read-write connection can recover (see ``inspect``).
    static func hasInterruptedWrite(_ path: String) -> Bool {
        do {
            _ = try inspectReadOnly(path)
            return false
        } catch let error as DatabaseError {
            return isInterruptedWrite(error)
        } catch {
            return false
        }
    }

    /// Lets SQLite recover the file: a read through a read-write connection rolls back a hot journal (or rebuilds
    /// the WAL index); no statement writes anything.
    static func completeInterruptedWrite(_ path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        _ = try queue.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    }

    /// ``inspect`` through a read-only connection; SQLite's errors are thrown as they are.
    private static func inspectReadOnly(_ path: String, emptyIsNew: Bool = false) throws -> [String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        if header.isEmpty {
            // A zero-length file is a library that lost its contents (truncated, a failed copy), unless this
            // process's predecessor was killed while creating it (the lock file says so): never silently a new one.
            var status = stat()
            if !emptyIsNew, stat(path, &status) == 0, status.st_size == 0, !creationInterrupted(path) {
                throw LibraryError(
                    .corrupt,
                    "the library file \(path) is empty (0 bytes): its words are gone (truncated, or an incomplete "
                        + "copy); it was left untouched — restore a backup over it, or move it away to start a new "
                        + "library ('lexagg library doctor' lists backups)",
                    path: path, reason: .emptyFile(path: path)
                )
            }
            return []
        }
        guard header.count >= 100, header.prefix(16) == Data("SQLite format 3\0".utf8) else {
            throw LibraryError.corrupt(path, detail: "it does not start with an SQLite header")
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            let marker = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            if marker == 0 && tables.isEmpty { return [] }
            // A first run killed between GRDB creating its bookkeeping table and the first migration's commit
            // (which sets the marker): nothing was ever stored, so it is a new library, not a foreign file.
            if marker == 0 && tables == ["grdb_migrations"],
               try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") == 0
            {
                return []
            }
            guard marker == applicationID, tables.contains("grdb_migrations") else {
                throw LibraryError.foreign(path, tables: Array(tables.prefix(5)))
            }
            return try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
    }

    /// Copies the file beside itself through SQLite's backup API (consistent even with other readers).
    static func backUp(_ path: String, version: Int) throws(LibraryError) {
        let stamp = ISO8601DateFormatter.string(
            from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withYear, .withMonth, .withDay, .withTime]
        )
        var backupPath = "\(path).bak-v\(version)-\(stamp)"
        var suffix = 1
        while FileManager.default.fileExists(atPath: backupPath) {
            suffix += 1
            backupPath = "\(path).bak-v\(version)-\(stamp)-\(suffix)"
        }
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            let source = try DatabaseQueue(path: path, configuration: configuration)
            defer { try? source.close() }
            let destination = try DatabaseQueue(path: backupPath)
            defer { try? destination.close() }
            try source.backup(to: destination)
            // One self-contained file, not a WAL database that would grow -wal and -shm files when opened.
            try destination.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        } catch {
            throw LibraryError(.io, "cannot back up \(path) before upgrading it: \(error); nothing was changed", path: path)
        }
    }

    /// The error for a library whose directory cannot be written (a read-only mount, an immutable directory): SQLite
    /// said only "unable to open database file"; nil when the directory is writable.
    static func notWritable(_ path: String) -> LibraryError? {
        var directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        if directory.isEmpty { directory = "/" }
        guard access(directory, W_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM
        else { return nil }
        return LibraryError(
            .io, "cannot open \(path): its directory \(directory) is not writable, and the library keeps its lock and "
                + "write-ahead log there, to read it too; make the directory writable, or copy the file to a directory "
                + "that is and set LEXAGG_DATA_DIR to it",
            path: path, reason: .directoryNotWritable(path: path, directory: directory)
        )
    }

    /// Maps an SQLite error to a ``LibraryError`` naming the file.
    static func wrap(_ error: any Error, path: String) -> LibraryError {
        if let error = error as? LibraryError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                return .corrupt(path, detail: error.message ?? "\(error.resultCode)")
            case .SQLITE_BUSY, .SQLITE_LOCKED:
                return LibraryError(.io, "\(path) is busy (another lexagg is writing); try again", path: path,
                                    reason: .busy(path: path))
            case .SQLITE_FULL:
                return LibraryError(.io, "the disk is full; \(path) was not changed", path: path, reason: .diskFull(path: path))
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR:
                if let unwritable = notWritable(path) { return unwritable }
                let detail = error.message ?? "\(error.resultCode)"
                return LibraryError(.io, "cannot write \(path): \(detail)", path: path,
                                    reason: .cannotWrite(path: path, detail: detail))
            default:
                break
            }
        }
        return LibraryError(.io, "\(path): \(error)", path: path)
    }

    /// Runs `body` in one write transaction, mapping errors.
    func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try pool.write { db in try body(db) }
        } catch {
            throw Self.wrap(error, path: path)
        }
    }

    /// Runs `body` on a read-only snapshot, mapping errors.
    func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try pool.read { db in try body(db) }
        } catch {
            throw Self.wrap(error, path: path)
        }
    }

    // MARK: Keys and time

    /// A word as stored: white space trimmed and collapsed, Unicode NFC.
    public static func key(_ word: String) -> String {
        word.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").precomposedStringWithCanonicalMapping
    }

    /// The case-folded key, for case-insensitive lookups and alphabetical order.
    static func folded(_ word: String) -> String { key(word).lowercased() }

    /// `date` rounded to whole milliseconds (how dates are stored).
    static func milliseconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(millis(date)) / 1000)
    }

    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }
}
