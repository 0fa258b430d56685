import Foundation
import LexAggAggregation
import LexAggCache
import LexAggCore
import LexAggPostgres
import ProviderConformance
import Synchronization
import Testing

/// An online provider under test control: counts calls, answers from a table, or fails.
final class CountingProvider: DefinitionProviding, Sendable {
    let descriptor: ProviderDescriptor
    private let state = Mutex<(calls: Int, failure: ProviderError?)>((0, nil))
    private let words: [String: String]

    init(id: String = "online", source: String = "https://example.invalid", words: [String: String]) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.define], requiresNetwork: true, source: source
        )
        self.words = words
    }

    var calls: Int { state.withLock { $0.calls } }
    func fail(with code: ProviderError.Code?) {
        state.withLock { $0.failure = code.map { ProviderError($0, provider: descriptor.id, message: "down") } }
    }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        let failure = state.withLock { state -> ProviderError? in
            state.calls += 1
            return state.failure
        }
        if let failure { throw failure }
        guard let definition = words[query.term] else { return .notFound }
        let provenance = Provenance(provider: descriptor.id, source: "https://example.invalid/\(query.term)",
                                    retrievedAt: Date(timeIntervalSince1970: 1_700_000_000))
        return LookupResult(entries: [Entry(
            headword: query.term, language: Language("en")!,
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: definition, sources: [provenance])])],
            provenance: provenance
        )])
    }
}

final class Collected: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func add(_ line: String) { lines.withLock { $0.append(line) } }
}

final class Clock: Sendable {
    private let value = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { value.withLock { $0 } }
    func advance(days: Double) { value.withLock { $0 += days * 86_400 } }
}

/// The cache on PostgreSQL keeps the SQLite cache's semantics: served while fresh, negative answers, stale answers
/// when the source fails, the configuration's fingerprint in the key, stats, prune and clear; shared by stores
/// opened separately (two instances); and an unreachable server is one warning, never a failed lookup.
@Suite(.enabled(if: TestDatabase.available, TestDatabase.skipReason))
struct PostgresCacheTests {
    @Test func answersAreServedFreshThenStaleWhenTheSourceFailsAcrossInstances() async throws {
        let database = try await TestDatabase.open()
        defer { database.close() }
        let warnings = Collected()
        let clock = Clock()
        let provider = CountingProvider(words: ["bank": "a financial institution"])
        let first = LookupCache(store: PostgresAnswerStore(database: database, warn: warnings.add), now: { clock.now })
            .wrap(provider) as! any DefinitionProviding
        let query = try LookupQuery("bank", language: Language("en"))
        #expect(try await first.lookup(query).entries.first?.headword == "bank")
        #expect(try await first.lookup(query).cachedAt != nil)
        #expect(provider.calls == 1)

        // A second instance (its own database object and pool) answers from the shared cache.
        let other = PostgresStore(url: database.url)
        defer { other.close() }
        let second = LookupCache(store: PostgresAnswerStore(database: other, warn: warnings.add), now: { clock.now })
            .wrap(provider) as! any DefinitionProviding & StoredAnswerProviding
        #expect(try await second.lookup(query).cachedAt != nil)
        #expect(provider.calls == 1)

        // Eight days later the answer has expired: asked again; when the source fails, the stored answer stands in.
        clock.advance(days: 8)
        #expect(await second.freshAnswer(to: ProviderRequest.define(query)) == nil)
        provider.fail(with: .unavailable)
        await #expect(throws: ProviderError.self) { try await second.lookup(query) }
        #expect(await second.staleAnswer(to: ProviderRequest.define(query))?.entries.first?.headword == "bank")
        #expect(warnings.all.isEmpty, "\(warnings.all)")
    }

    @Test func notFoundIsCachedAndTheFingerprintSeparatesSources() async throws {
        let database = try await TestDatabase.open()
        defer { database.close() }
        let store = PostgresAnswerStore(database: database, warn: { _ in })
        let a = CountingProvider(source: "https://a.example", words: ["bank": "from a"])
        let b = CountingProvider(source: "https://b.example", words: ["bank": "from b"])
        let cache = LookupCache(store: store)
        let query = try LookupQuery("nothing", language: Language("en"))
        let wrappedA = cache.wrap(a) as! any DefinitionProviding
        #expect(try await wrappedA.lookup(query).isEmpty)
        #expect(try await wrappedA.lookup(query).isEmpty)
        #expect(a.calls == 1, "a 'not found' answer is cached too")

        let keyA = LookupCache.key(for: .define(try LookupQuery("bank")), fingerprint: "https://a.example")
        let keyB = LookupCache.key(for: .define(try LookupQuery("bank")), fingerprint: "https://b.example")
        #expect(keyA != keyB)
        let id = ProviderID("online")!
        await store.write(CacheStore.Record(provider: id, formatVersion: 1, key: keyA, result: try await a.lookup(LookupQuery("bank")), storedAt: Date()))
        #expect(await store.read(provider: id, formatVersion: 1, key: keyB) == nil)
        _ = b
        // A write replaces what was stored under the key (an upsert).
        await store.write(CacheStore.Record(provider: id, formatVersion: 1, key: keyA, result: LookupResult.notFound, storedAt: Date()))
        #expect(await store.read(provider: id, formatVersion: 1, key: keyA)?.isNegative == true)

        let stats = try await store.stats(ttl: { _ in CacheTTL.standard }, now: Date())
        #expect(stats.entries == 2)
        #expect(stats.providers.first?.negative == 2)
        #expect(try await store.prune(ttl: { _ in CacheTTL.standard }, now: Date().addingTimeInterval(2 * 86_400)) == 2)
        await store.write(CacheStore.Record(provider: id, formatVersion: 1, key: keyA, result: LookupResult.notFound, storedAt: Date()))
        #expect(try await store.clear(provider: id) == 1)
        #expect(try await store.stats(ttl: { _ in CacheTTL.standard }, now: Date()).entries == 0)
    }

    @Test func manyWritersAtOnceLeaveOneWholeRowPerKey() async throws {
        let database = try await TestDatabase.open()
        defer { database.close() }
        let id = ProviderID("online")!
        let result = LookupResult(entries: [])
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    let instance = PostgresStore(url: database.url)
                    defer { instance.close() }
                    let store = PostgresAnswerStore(database: instance, warn: { _ in })
                    for key in 0..<50 {
                        await store.write(CacheStore.Record(provider: id, formatVersion: 1, key: "k\(key)", result: result,
                                                storedAt: Date(timeIntervalSince1970: Double(1_800_000_000 + writer))))
                    }
                }
            }
        }
        let stats = try await PostgresAnswerStore(database: database, warn: { _ in }).stats(ttl: { _ in CacheTTL.standard }, now: Date())
        #expect(stats.entries == 50)
    }

    @Test func anUnreachableServerIsOneWarningAndTheLookupStillAnswers() async throws {
        let port = try ClosedPort()
        let database = PostgresStore(url: try PostgresStoreURL(TestDatabase.closedURL(port)), connectTimeout: .seconds(2))
        let warnings = Collected()
        let provider = CountingProvider(words: ["bank": "a financial institution"])
        let wrapped = LookupCache(store: PostgresAnswerStore(database: database, warn: warnings.add)).wrap(provider)
            as! any DefinitionProviding
        let query = try LookupQuery("bank", language: Language("en"))
        #expect(try await wrapped.lookup(query).entries.count == 1)
        #expect(try await wrapped.lookup(query).entries.count == 1)
        #expect(provider.calls == 2)
        #expect(warnings.all.count == 1, "\(warnings.all)")
        #expect(warnings.all.first?.contains("127.0.0.1:\(port.port)") == true)
        #expect(warnings.all.first?.contains("going on without the cache") == true)
    }
}

/// The store URL, without a server: parsed as libpq reads it, the password never shown.
@Suite struct PostgresStoreURLTests {
    @Test func theURLIsParsedAndThePasswordNeverShown() throws {
        let url = try PostgresStoreURL("postgres://teacher:s3cret@db.example.org:6543/words?sslmode=require")
        #expect(url.redacted == "postgres://teacher@db.example.org:6543/words?sslmode=require")
        #expect(!"\(url)".contains("s3cret"))
        let fromEnvironment = try PostgresStoreURL("postgresql://teacher@db/words", environment: ["PGPASSWORD": "x"])
        #expect(fromEnvironment.port == 5432)
        #expect(throws: PostgresStoreError.self) { try PostgresStoreURL("mysql://a@b/c") }
        #expect(throws: PostgresStoreError.self) { try PostgresStoreURL("postgres://a@b/c?sslmode=sometimes") }
        #expect(throws: PostgresStoreError.self) {
            try PostgresStoreURL("postgres://a@b/c", passwordFile: "/nonexistent/password")
        }
    }
}
