import Foundation
import LexAggCore

/// Where the cache keeps answers: a SQLite file per user (``CacheStore``, the default) or a database shared by many
/// lexagg instances (PostgreSQL, in LexAggPostgres). The lookup service and the commands see only this protocol.
///
/// The semantics every store keeps: an answer is stored under its provider, the provider's format version and the
/// key (``LookupCache/key(for:fingerprint:)``, which carries the provider configuration's fingerprint); a "not
/// found" answer is stored too (a negative entry); a write replaces what was stored under the key (last writer
/// wins, never a lost or half row); reading never fails a lookup — a store that cannot be used warns once and reads
/// as empty from then on.
public protocol AnswerStore: Sendable {
    /// Where the answers are, for messages: a file path, or a database URL without its password.
    var location: String { get }
    /// Whether a read is answered at once from this machine (a local file), not by a server: an offline lookup
    /// then asks the cached providers inline, like a dictionary on disk, with no task and no thread pool.
    var answersInline: Bool { get }
    /// The stored answer for `key`, however old; nil when there is none or the store is unusable.
    func read(provider: ProviderID, formatVersion: Int, key: String) async -> CacheStore.Record?
    /// Stores `record`, replacing what was stored under its key. Failures are warned about once.
    func write(_ record: CacheStore.Record) async
    /// Counts entries per provider; `ttl` decides which are expired as of `now`.
    func stats(ttl: @Sendable (ProviderID) -> CacheTTL, now: Date) async throws(CacheStoreError) -> CacheStore.Stats
    /// Deletes every entry, or those of `provider`; returns how many.
    func clear(provider: ProviderID?) async throws(CacheStoreError) -> Int
    /// Deletes the entries older than their time to live as of `now`; returns how many.
    func prune(ttl: @Sendable (ProviderID) -> CacheTTL, now: Date) async throws(CacheStoreError) -> Int
    /// What the store does when the process is done with it, before it exits (never waiting long): the SQLite file
    /// folds what this process wrote into the database (``CacheStore/finish()``).
    func finish() async
}

extension AnswerStore {
    public var answersInline: Bool { false }
    public func finish() async {}
}

extension CacheStore.Stats {
    /// One stored row as `stats` counts it.
    public struct Row: Sendable {
        public var provider: String
        public var negative: Bool
        public var storedAt: Date
        public var bytes: Int

        public init(provider: String, negative: Bool, storedAt: Date, bytes: Int) {
            self.provider = provider
            self.negative = negative
            self.storedAt = storedAt
            self.bytes = bytes
        }
    }

    /// Counts `rows` per provider, the same way for every store.
    public static func tally(
        _ rows: [Row], path: String, fileBytes: Int, ttl: @Sendable (ProviderID) -> CacheTTL, now: Date
    ) -> CacheStore.Stats {
        var byProvider: [String: CacheStore.ProviderStats] = [:]
        for row in rows {
            var stats = byProvider[row.provider]
                ?? CacheStore.ProviderStats(provider: row.provider, entries: 0, negative: 0, expired: 0, bytes: 0)
            stats.entries += 1
            if row.negative { stats.negative += 1 }
            let limit = (ProviderID(row.provider).map(ttl) ?? .standard).limit(negative: row.negative)
            if now.timeIntervalSince(row.storedAt) >= limit.seconds { stats.expired += 1 }
            stats.bytes += row.bytes
            stats.oldest = min(stats.oldest ?? row.storedAt, row.storedAt)
            stats.newest = max(stats.newest ?? row.storedAt, row.storedAt)
            byProvider[row.provider] = stats
        }
        return CacheStore.Stats(
            path: path, fileBytes: fileBytes, entries: rows.count,
            providers: byProvider.values.sorted { $0.provider < $1.provider }
        )
    }
}

extension CacheTTL {
    /// The time to live of a positive or a negative answer, in seconds.
    public func seconds(negative: Bool) -> Double { limit(negative: negative).seconds }
}
