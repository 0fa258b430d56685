import Foundation
import GRDB
import GRDBSQLite
import LexAggCore
import Synchronization

/// The cache file: one SQLite database (WAL mode) shared by every lexagg process of the user.
///
/// The cache is an optimisation, never a reason for a lookup to fail:
/// - it is opened on first use, so commands that never go online never touch it;
/// - a corrupt or foreign file is moved aside (`cache.sqlite.corrupt-<time>`) with a warning and a new cache
///   is started; nothing the user saved lives here (the library is a separate file);
/// - a cache that cannot be opened or written (read-only directory, full disk) gives one warning and the
///   lookup goes on without it;
/// - several processes may use it at once: SQLite's locking with a busy timeout serialises the writers, and
///   readers never block in WAL mode.
public final class CacheStore: AnswerStore {
    /// One stored answer.
    public struct Record: Sendable, Hashable {
        public var provider: ProviderID
        public var formatVersion: Int
        public var key: String
        /// The stored answer, encoded; "not found" answers (negative entries) store no entries.
        public var result: LookupResult
        public var storedAt: Date

        public init(provider: ProviderID, formatVersion: Int, key: String, result: LookupResult, storedAt: Date) {
            self.provider = provider
            self.formatVersion = formatVersion
            self.key = key
            self.result = result
            self.storedAt = storedAt
        }

        public var isNegative: Bool { result.isEmpty }
    }

    /// The path of the cache file.
    public let path: String
    public var location: String { path }
    /// SQLite reads the file in this process.
    public var answersInline: Bool { true }
    private let warn: @Sendable (String) -> Void
    private let state = Mutex<State>(.closed)
    /// Whether this process wrote to the file (``finish()`` then checkpoints it).
    private let wrote = Atomic<Bool>(false)
    /// Reads before GRDB opens the file (``quickRead(provider:formatVersion:key:)``).
    private let reader = Mutex<ReaderState>(.untried)

    private enum ReaderState {
        case untried
        case open(CacheFileReader)
        case unusable
    }

    private enum State {
        case closed
        case open(DatabaseQueue)
        /// Unusable in this process; the reason was reported once.
        case disabled
    }

    /// `PRAGMA application_id` of lexagg's cache files ("LXAC"): tells our file from anyone else's.
    static let applicationID: Int32 = 0x4C58_4143
    /// `PRAGMA user_version` of the schema this code writes.
    static let schemaVersion = 1

    /// - Parameters:
    ///   - path: the cache file (its directory is created when needed).
    ///   - warn: receives one-line warnings (a corrupt file moved aside, the cache disabled).
    public init(path: String, warn: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.warn = warn
    }

    // MARK: Reading and writing answers

    /// The stored answer for `key`, however old; nil when there is none or the cache is unusable.
    public func read(provider: ProviderID, formatVersion: Int, key: String) -> Record? {
        // Before the first write there is nothing to find: a read neither creates the file nor opens SQLite (an
        // offline lookup on a fresh install asks the cache for every online provider).
        guard !isMissing() else { return nil }
        let row: (result: LookupResult?, storedAt: Double)?
        switch quickRead(provider: provider, formatVersion: formatVersion, key: key) {
        case .found(let result, let storedAt):
            row = (result, storedAt)
        case .absent:
            return nil
        case .unusable:
            row = perform("read the cache", writing: false) { db in
                try Row.fetchOne(db, sql: Self.selectAnswer, arguments: [provider.rawValue, formatVersion, key])
                    .map { row in (StoredAnswer.decode(row["payload"] as Data), row["stored_at"]) }
            } ?? nil
        }
        guard let row, let result = row.result else { return nil }
        return Record(
            provider: provider, formatVersion: formatVersion, key: key, result: result,
            storedAt: Date(timeIntervalSince1970: row.storedAt)
        )
    }

    /// The one stored row's payload and time, by provider, format version and key (`?1`, `?2`, `?3`): what both read
    /// paths ask.
    static let selectAnswer = "SELECT payload, stored_at FROM answer WHERE provider = ?1 AND format_version = ?2 AND key = ?3"

    /// The row from ``CacheFileReader`` while GRDB has not opened the file in this process: a read of an existing
    /// cache, the whole of a cached lookup, without GRDB's connection set-up. `.unusable` when the reader cannot
    /// tell (the file is not right, or GRDB has it open already): then GRDB's path decides.
    private func quickRead(provider: ProviderID, formatVersion: Int, key: String) -> CacheFileReader.Lookup {
        guard case .closed = state.withLock({ $0 }) else { return .unusable }
        return reader.withLock { reader in
            if case .untried = reader {
                reader = CacheFileReader(
                    path: path, applicationID: Self.applicationID, schemaVersion: Self.schemaVersion, select: Self.selectAnswer
                ).map(ReaderState.open) ?? .unusable
            }
            guard case .open(let opened) = reader else { return .unusable }
            let found = opened.lookup(provider: provider.rawValue, formatVersion: formatVersion, key: key)
            if case .unusable = found { reader = .unusable }
            return found
        }
    }

    /// Stores `record`, replacing what was stored under its key. Failures (a full disk) are warned about once.
    public func write(_ record: Record) {
        var result = record.result
        result.cachedAt = nil
        guard let payload = StoredAnswer.encode(result) else { return }
        _ = perform("write to the cache") { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO answer (provider, format_version, key, negative, payload, stored_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    record.provider.rawValue, record.formatVersion, record.key, record.isNegative, payload,
                    record.storedAt.timeIntervalSince1970,
                ]
            )
        }
    }

    /// Folds what this process wrote into the database file and empties the write-ahead log (a `TRUNCATE`
    /// checkpoint), if it wrote anything: a process exits without closing SQLite, so the log would keep every answer
    /// written since the last automatic checkpoint (up to 1,000 pages, 4 MB), and the next process, the file's
    /// first connection, would read all of it back to rebuild its index before its first read: a cached lookup
    /// took 8 ms instead of 2.5 with 17 MB in the log. Waits at most ``finishWaitMilliseconds`` for other connections (a
    /// server reading the file keeps it open, and its log then needs no rebuilding); gives up quietly after that.
    public func finish() {
        guard wrote.load(ordering: .relaxed), case .open(let queue) = state.withLock({ $0 }) else { return }
        queue.writeWithoutTransaction { db in
            let connection = db.sqliteConnection
            sqlite3_busy_timeout(connection, Self.finishWaitMilliseconds)
            _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        }
    }

    /// How long ``finish()`` waits for other connections.
    static let finishWaitMilliseconds: Int32 = 100

    // MARK: Maintenance (lexagg cache stats|clear|prune)

    /// What the cache holds for one provider.
    public struct ProviderStats: Sendable, Hashable, Codable {
        public var provider: String
        public var entries: Int
        public var negative: Int
        /// Entries older than the provider's time to live (still served when the source fails).
        public var expired: Int
        public var bytes: Int
        public var oldest: Date?
        public var newest: Date?
    }

    /// What the cache holds.
    public struct Stats: Sendable, Hashable, Codable {
        public var path: String
        /// The database file and its write-ahead log, in bytes.
        public var fileBytes: Int
        public var entries: Int
        public var providers: [ProviderStats]

        /// No cache file yet at `path`: nothing cached.
        public static func empty(path: String) -> Stats { Stats(path: path, fileBytes: 0, entries: 0, providers: []) }
    }

    /// Counts entries per provider; `ttl` decides which are expired as of `now`.
    public func stats(ttl: @Sendable (ProviderID) -> CacheTTL, now: Date) throws(CacheStoreError) -> Stats {
        let rows = try require("read the cache", writing: false) { db in
            try Row.fetchAll(db, sql: """
                SELECT provider, negative, stored_at, length(payload) AS bytes FROM answer
                """)
        }
        let size = [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
        return Stats.tally(
            rows.map { row in
                Stats.Row(
                    provider: row["provider"], negative: row["negative"],
                    storedAt: Date(timeIntervalSince1970: row["stored_at"]), bytes: row["bytes"] as Int? ?? 0
                )
            },
            path: path, fileBytes: size, ttl: ttl, now: now
        )
    }

    /// One stored row as it is (the payload not decoded): what `lexagg store copy` moves.
    public struct StoredRow: Sendable, Hashable {
        public var provider: String
        public var formatVersion: Int
        public var key: String
        public var negative: Bool
        public var payload: Data
        public var storedAt: Date
    }

    /// Every stored row, in key order.
    public func storedRows() throws(CacheStoreError) -> [StoredRow] {
        try require("read the cache", writing: false) { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM answer ORDER BY provider, format_version, key"
            ).map { row in
                StoredRow(
                    provider: row["provider"], formatVersion: row["format_version"], key: row["key"],
                    negative: row["negative"], payload: row["payload"],
                    storedAt: Date(timeIntervalSince1970: row["stored_at"])
                )
            }
        }
    }

    /// Deletes every entry, or those of `provider`; returns how many.
    public func clear(provider: ProviderID? = nil) throws(CacheStoreError) -> Int {
        let count = try require("clear the cache") { db in
            if let provider {
                try db.execute(sql: "DELETE FROM answer WHERE provider = ?", arguments: [provider.rawValue])
            } else {
                try db.execute(sql: "DELETE FROM answer")
            }
            return db.changesCount
        }
        try vacuum()
        return count
    }

    /// Deletes the entries older than their time to live as of `now`; returns how many.
    public func prune(ttl: @Sendable (ProviderID) -> CacheTTL, now: Date) throws(CacheStoreError) -> Int {
        let count = try require("prune the cache") { db in
            let providers = try String.fetchAll(db, sql: "SELECT DISTINCT provider FROM answer")
            var deleted = 0
            for provider in providers {
                let limits = ProviderID(provider).map(ttl) ?? .standard
                for negative in [false, true] {
                    let cutoff = now.timeIntervalSince1970 - limits.limit(negative: negative).seconds
                    try db.execute(
                        sql: "DELETE FROM answer WHERE provider = ? AND negative = ? AND stored_at <= ?",
                        arguments: [provider, negative, cutoff]
                    )
                    deleted += db.changesCount
                }
            }
            return deleted
        }
        try vacuum()
        return count
    }

    private func vacuum() throws(CacheStoreError) {
        guard let queue = database() else { throw CacheStoreError(message: "the cache at \(path) cannot be used") }
        do {
            try queue.vacuum()
        } catch {
            throw CacheStoreError(message: "could not compact the cache at \(path): \(Self.describe(error))")
        }
    }

    // MARK: Opening, with recovery

    /// Runs `body` in the cache, or returns nil (warning once) when the cache cannot be used.
    private func perform<T>(_ action: String, writing: Bool = true, _ body: (Database) throws -> T) -> T? {
        // Unusable since opening: that was reported then.
        guard database() != nil else { return nil }
        do {
            return try require(action, writing: writing, body)
        } catch {
            warn(error.message + "; going on without the cache")
            disable()
            return nil
        }
    }

    /// Runs `body` in the cache, or throws a one-line error when the cache cannot be used.
    /// Reads run in a read transaction: no write lock, so they never wait for another process's write.
    private func require<T>(_ action: String, writing: Bool = true, _ body: (Database) throws -> T) throws(CacheStoreError) -> T {
        guard let queue = database() else { throw CacheStoreError(message: "the cache at \(path) cannot be used") }
        if writing { wrote.store(true, ordering: .relaxed) }
        do {
            return try writing ? queue.write(body) : queue.read(body)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB {
            // Damage found after opening (the header was fine, a page was not): set the file aside for next time.
            state.withLock { $0 = .disabled }
            moveAside(because: "it is damaged (\(Self.describe(error)))")
            throw CacheStoreError(message: "could not \(action)")
        } catch {
            throw CacheStoreError(message: "could not \(action) at \(path): \(Self.describe(error))")
        }
    }

    private func disable() {
        state.withLock { $0 = .disabled }
    }

    /// Whether the cache file does not exist and this process has not opened it.
    private func isMissing() -> Bool {
        state.withLock { state in
            guard case .closed = state else { return false }
            return !FileManager.default.fileExists(atPath: path)
        }
    }

    /// The open database, opening (and if need be recovering) it on first use; nil when unusable.
    private func database() -> DatabaseQueue? {
        state.withLock { state -> DatabaseQueue? in
            switch state {
            case .open(let queue): return queue
            case .disabled: return nil
            case .closed:
                let queue = openRecovering()
                state = queue.map { .open($0) } ?? .disabled
                return queue
            }
        }
    }

    private enum OpenFailure: Error {
        /// Not a database, damaged, or somebody else's database: move it aside and start anew.
        case unusableFile(String)
        /// A database a newer lexagg wrote: leave it alone.
        case newerSchema(Int)
    }

    private func openRecovering() -> DatabaseQueue? {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            warn("cache disabled: cannot create \(directory): \(Self.describe(error))")
            return nil
        }
        for attempt in 0..<2 {
            do {
                let queue = try open()
                PrivateFiles.restrictDatabase(path)
                return queue
            } catch OpenFailure.unusableFile(let reason) where attempt == 0 {
                guard moveAside(because: reason) else { return nil }
            } catch OpenFailure.newerSchema(let version) {
                warn("cache disabled: \(path) was written by a newer lexagg (schema \(version)); "
                    + "update lexagg or run 'lexagg cache clear'")
                return nil
            } catch {
                warn("cache disabled: cannot open \(path): \(Self.describe(error))")
                return nil
            }
        }
        return nil
    }

    /// ``openOnce()``, again for up to the busy timeout while SQLite answers busy at once. Processes that create the
    /// file together each switch it to WAL, which takes an exclusive lock; SQLite refuses at once (without waiting in
    /// the busy handler: that would be a deadlock) one that holds a shared lock while another waits for the exclusive
    /// one. That opener disabled its cache with a warning; it tries again after the other's switch.
    private func open() throws -> DatabaseQueue {
        let deadline = ContinuousClock.now + Self.busyTimeout
        while true {
            do {
                return try openOnce()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline {
                usleep(UInt32.random(in: 1_000...10_000))
            }
        }
    }

    /// How long an open or a write waits for other lexagg processes.
    static let busyTimeout: Duration = .seconds(5)

    private func openOnce() throws -> DatabaseQueue {
        var configuration = Configuration()
        // Several lexagg processes may write at once; a writer waits for another's (millisecond) transaction.
        configuration.busyMode = .timeout(TimeInterval(Self.busyTimeout.components.seconds))
        configuration.prepareDatabase { db in
            // WAL: readers never wait for a writer. NORMAL: a crash may lose the last answers, never corrupt.
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in try prepareSchema(db) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw OpenFailure.unusableFile("it is not a readable SQLite database (\(Self.describe(error)))")
        }
        return queue
    }

    /// Creates the schema in a new file, and checks that an existing file is ours and not from the future.
    private func prepareSchema(_ db: Database) throws {
        try db.inTransaction(.immediate) {
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            if applicationID == 0 && version == 0 {
                guard tables.isEmpty else {
                    throw OpenFailure.unusableFile("it is a database, but not lexagg's cache (tables: "
                        + tables.prefix(3).joined(separator: ", ") + ")")
                }
                try db.execute(sql: """
                    CREATE TABLE answer (
                        provider TEXT NOT NULL,
                        format_version INTEGER NOT NULL,
                        key TEXT NOT NULL,
                        negative INTEGER NOT NULL,
                        payload BLOB NOT NULL,
                        stored_at REAL NOT NULL,
                        PRIMARY KEY (provider, format_version, key)
                    ) WITHOUT ROWID;
                    PRAGMA application_id = \(Self.applicationID);
                    PRAGMA user_version = \(Self.schemaVersion);
                    """)
                return .commit
            }
            guard applicationID == Self.applicationID else {
                throw OpenFailure.unusableFile("it is a database, but not lexagg's cache")
            }
            guard version <= Self.schemaVersion else { throw OpenFailure.newerSchema(version) }
            return .commit
        }
    }

    /// Renames the file (and its WAL and shared-memory files) to `<path>.corrupt-<time>` (`-1`, `-2`, … after it
    /// when that is taken), with a warning.
    @discardableResult
    private func moveAside(because reason: String) -> Bool {
        let stamp = Self.timestamp()
        // A name of its own when one was moved aside in the same second (the stamp has whole seconds).
        var target = path + ".corrupt-" + stamp
        var copy = 1
        while FileManager.default.fileExists(atPath: target) {
            target = path + ".corrupt-" + stamp + "-\(copy)"
            copy += 1
        }
        do {
            try FileManager.default.moveItem(atPath: path, toPath: target)
            for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try? FileManager.default.moveItem(atPath: path + suffix, toPath: target + suffix)
            }
        } catch {
            warn("cache disabled: \(path) cannot be used (\(reason)) nor moved aside: \(Self.describe(error))")
            return false
        }
        warn("the cache file \(path) could not be used (\(reason)); moved it to \(target) and started a new cache")
        return true
    }

    private static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        return formatter.string(from: Date())
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return "the disk is full"
            case .SQLITE_READONLY: return "the file or its directory is read-only"
            case .SQLITE_CANTOPEN: return "it cannot be opened (is the directory writable?)"
            case .SQLITE_BUSY: return "another lexagg held it too long"
            default: return error.message ?? "\(error.resultCode)"
            }
        }
        if let error = error as? CocoaError, let underlying = error.underlying as? POSIXError {
            return String(cString: strerror(underlying.code.rawValue))
        }
        return "\(error)"
    }
}

/// Why a cache maintenance command failed, in one line.
public struct CacheStoreError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
