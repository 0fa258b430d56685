import Foundation
import GRDBSQLite
import LexAggCore

/// Reads stored answers straight through SQLite's C interface, for ``CacheStore/read(provider:formatVersion:key:)``.
///
/// A cached lookup is a whole process that asks one row of an existing file. Opening the file with GRDB costs more
/// than the rest of the lookup together: its connection set-up (configuration, functions, collations, the schema
/// check in a write transaction) was 3.2 million of a cached lookup's 16.6 million instructions (callgrind,
/// `Benchmarks/cache-and-deadlines.sh`). This reader opens the file, checks that it is lexagg's cache of a schema it
/// knows, and runs one prepared `SELECT`, reused for every read of the process.
///
/// It only reads, and only a file that is already right. Anything else — the file cannot be opened, it is not a
/// database, not ours, from a newer lexagg, damaged, busy past the timeout — makes it ``Lookup/unusable``, and the
/// store takes GRDB's path, which recovers, warns or moves the file aside exactly as before.
final class CacheFileReader {
    enum Lookup {
        /// The row, its payload decoded where SQLite holds it (nil when it cannot be: a miss for the caller).
        case found(result: LookupResult?, storedAt: Double)
        case absent
        /// This reader cannot answer; ask the full store.
        case unusable
    }

    private let connection: OpaquePointer
    private let select: OpaquePointer

    /// Opens `path` for reading with `select` (the answer's query: provider, format version and key as `?1`-`?3`); nil
    /// when it is not lexagg's cache file of a schema this code reads.
    init?(path: String, applicationID: Int32, schemaVersion: Int, select sql: String) {
        var connection: OpaquePointer?
        // Read-write without create, as GRDB opens it: a WAL database's reader needs the shared-memory file, which
        // SQLite may have to create. Nothing is written by this reader.
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let connection
        else {
            sqlite3_close(connection)
            return nil
        }
        sqlite3_busy_timeout(connection, 5_000)
        guard Self.integer(connection, "PRAGMA application_id") == Int64(applicationID),
              let version = Self.integer(connection, "PRAGMA user_version"), version <= schemaVersion,
              let select = Self.prepare(connection, sql)
        else {
            sqlite3_close(connection)
            return nil
        }
        self.connection = connection
        self.select = select
        // As every opener of a store does: files an older lexagg wrote 0644 become the user's alone.
        PrivateFiles.restrictDatabase(path)
    }

    deinit {
        sqlite3_finalize(select)
        sqlite3_close(connection)
    }

    /// The row stored under `provider`, `formatVersion` and `key`.
    func lookup(provider: String, formatVersion: Int, key: String) -> Lookup {
        defer {
            sqlite3_reset(select)
            sqlite3_clear_bindings(select)
        }
        guard Self.bind(select, 1, provider), sqlite3_bind_int64(select, 2, Int64(formatVersion)) == SQLITE_OK,
              Self.bind(select, 3, key)
        else { return .unusable }
        switch sqlite3_step(select) {
        case SQLITE_DONE:
            return .absent
        case SQLITE_ROW:
            let count = Int(sqlite3_column_bytes(select, 0))
            let result = StoredAnswer.decode(UnsafeRawBufferPointer(start: sqlite3_column_blob(select, 0), count: count))
            return .found(result: result, storedAt: sqlite3_column_double(select, 1))
        default:
            return .unusable
        }
    }

    private static func prepare(_ connection: OpaquePointer, _ sql: String) -> OpaquePointer? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            return nil
        }
        return statement
    }

    private static func integer(_ connection: OpaquePointer, _ sql: String) -> Int64? {
        guard let statement = prepare(connection, sql) else { return nil }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return sqlite3_column_int64(statement, 0)
    }

    /// Binds `text` (copied by SQLite) to parameter `index`.
    private static func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String) -> Bool {
        // SQLITE_TRANSIENT: SQLite copies the bytes before this call returns.
        let transient = unsafeBitCast(-1 as Int, to: sqlite3_destructor_type.self)
        return text.utf8CString.withUnsafeBufferPointer { buffer in
            sqlite3_bind_text(statement, index, buffer.baseAddress, Int32(buffer.count - 1), transient) == SQLITE_OK
        }
    }
}
