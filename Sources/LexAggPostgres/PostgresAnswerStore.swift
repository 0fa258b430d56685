import Foundation
import LexAggCache
import LexAggCore
import PostgresNIO
import Synchronization

/// The cache in PostgreSQL, shared by every lexagg instance that names the same database: what one instance
/// fetched, the others answer from the cache (the same key, the same time to live, stale answers when the source
/// fails).
///
/// Like the SQLite file, it is an optimisation, never a reason for a lookup to fail: when the server cannot be
/// reached or fails, one warning is given and the process goes on without the cache. Writes are upserts
/// (`INSERT … ON CONFLICT DO UPDATE`): many instances storing the same answer at once leave one whole row.
public final class PostgresAnswerStore: AnswerStore {
    let database: PostgresStore
    private let warn: @Sendable (String) -> Void
    private let disabled = Mutex(false)

    public init(database: PostgresStore, warn: @escaping @Sendable (String) -> Void) {
        self.database = database
        self.warn = warn
    }

    public var location: String { database.url.redacted }

    public func read(provider: ProviderID, formatVersion: Int, key: String) async -> CacheStore.Record? {
        let row = await perform("read the cache") { connection -> (Data, Double)? in
            let rows = try await connection.query(
                """
                SELECT payload, stored_at FROM cache_answer
                WHERE provider = \(provider.rawValue) AND format_version = \(formatVersion) AND key = \(key)
                """,
                logger: self.database.logger
            )
            for try await (payload, storedAt) in rows.decode((Data, Double).self) { return (payload, storedAt) }
            return nil
        } ?? nil
        guard let (payload, storedAt) = row,
              let result = StoredAnswer.decode(payload)
        else { return nil }
        return CacheStore.Record(
            provider: provider, formatVersion: formatVersion, key: key, result: result,
            storedAt: Date(timeIntervalSince1970: storedAt)
        )
    }

    public func write(_ record: CacheStore.Record) async {
        var result = record.result
        result.cachedAt = nil
        guard let payload = StoredAnswer.encode(result) else { return }
        _ = await perform("write to the cache") { connection in
            try await Self.upsert(record, payload: payload, on: connection, logger: self.database.logger)
        }
    }

    /// Stores one answer, replacing what was under its key: the one statement every writer uses.
    static func upsert(_ record: CacheStore.Record, payload: Data, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        try await connection.query(
            """
            INSERT INTO cache_answer (provider, format_version, key, negative, payload, stored_at)
            VALUES (\(record.provider.rawValue), \(record.formatVersion), \(record.key), \(record.isNegative),
                    \(payload), \(record.storedAt.timeIntervalSince1970))
            ON CONFLICT (provider, format_version, key) DO UPDATE
            SET negative = excluded.negative, payload = excluded.payload, stored_at = excluded.stored_at
            """,
            logger: logger
        )
    }

    public func stats(ttl: @Sendable (ProviderID) -> CacheTTL, now: Date) async throws(CacheStoreError) -> CacheStore.Stats {
        let (rows, bytes) = try await require("read the cache") { connection in
            var rows: [CacheStore.Stats.Row] = []
            let query = try await connection.query(
                "SELECT provider, negative, stored_at, octet_length(payload) FROM cache_answer", logger: self.database.logger
            )
            for try await (provider, negative, storedAt, bytes) in query.decode((String, Bool, Double, Int).self) {
                rows.append(.init(provider: provider, negative: negative, storedAt: Date(timeIntervalSince1970: storedAt), bytes: bytes))
            }
            var size = 0
            for try await total in try await connection.query(
                "SELECT pg_total_relation_size('cache_answer')", logger: self.database.logger
            ).decode(Int.self) { size = total }
            return (rows, size)
        }
        return CacheStore.Stats.tally(rows, path: location, fileBytes: bytes, ttl: ttl, now: now)
    }

    public func clear(provider: ProviderID?) async throws(CacheStoreError) -> Int {
        try await require("clear the cache") { connection in
            let rows = if let provider {
                try await connection.query(
                    "DELETE FROM cache_answer WHERE provider = \(provider.rawValue) RETURNING 1", logger: self.database.logger
                )
            } else {
                try await connection.query("DELETE FROM cache_answer RETURNING 1", logger: self.database.logger)
            }
            var count = 0
            for try await _ in rows { count += 1 }
            return count
        }
    }

    public func prune(ttl: @Sendable (ProviderID) -> CacheTTL, now: Date) async throws(CacheStoreError) -> Int {
        var limits: [(String, Bool, Double)] = []
        let providers = try await require("read the cache") { connection in
            var names: [String] = []
            for try await name in try await connection.query(
                "SELECT DISTINCT provider FROM cache_answer", logger: self.database.logger
            ).decode(String.self) { names.append(name) }
            return names
        }
        for provider in providers {
            let ttl = ProviderID(provider).map(ttl) ?? .standard
            for negative in [false, true] {
                limits.append((provider, negative, now.timeIntervalSince1970 - ttl.seconds(negative: negative)))
            }
        }
        return try await require("prune the cache") { [limits] connection in
            var deleted = 0
            for (provider, negative, cutoff) in limits {
                for try await _ in try await connection.query(
                    """
                    DELETE FROM cache_answer WHERE provider = \(provider) AND negative = \(negative)
                    AND stored_at <= \(cutoff) RETURNING 1
                    """,
                    logger: self.database.logger
                ) { deleted += 1 }
            }
            return deleted
        }
    }

    /// Runs `body`, or returns nil (warning once for the process) when the store cannot be used.
    private func perform<T: Sendable>(_ action: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async -> T?
    {
        guard !disabled.withLock({ $0 }) else { return nil }
        do {
            return try await database.withConnection(action, body)
        } catch {
            let first = disabled.withLock { disabled in
                defer { disabled = true }
                return !disabled
            }
            if first { warn("the shared cache cannot be used: \(error.message); going on without the cache") }
            return nil
        }
    }

    private func require<T: Sendable>(_ action: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(CacheStoreError) -> T
    {
        do {
            return try await database.withConnection(action, body)
        } catch {
            throw CacheStoreError(message: error.message)
        }
    }
}
