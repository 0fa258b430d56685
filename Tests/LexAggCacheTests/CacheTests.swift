import Foundation
import GRDB
import LexAggAggregation
import LexAggCache
import LexAggCore
import LexAggFixtures
import Synchronization
import Testing

/// An online provider under test control: counts calls, answers from a table, or fails.
final class CountingProvider: DefinitionProviding, TranslationProviding, Sendable {
    let descriptor: ProviderDescriptor
    private let state = Mutex<(calls: Int, failure: ProviderError?)>((0, nil))
    private let words: [String: String]

    init(id: String = "online", formatVersion: Int = 1, source: String = "https://example.invalid", words: [String: String]) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.define, .translate], requiresNetwork: true,
            source: source, formatVersion: formatVersion
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
        return LookupResult(entries: [entry(query.term, definition)])
    }

    func translate(_ query: TranslationQuery) async throws -> LookupResult {
        try await lookup(LookupQuery(query.term + ">" + query.pair.target.code))
    }

    func entry(_ word: String, _ definition: String) -> Entry {
        let provenance = Provenance(provider: descriptor.id, source: "https://example.invalid/\(word)", retrievedAt: Date(timeIntervalSince1970: 1_700_000_000))
        return Entry(
            headword: word, language: Language("en")!,
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: definition, sources: [provenance])])],
            provenance: provenance
        )
    }
}

/// A clock for time to live: the tests move it.
final class Now: Sendable {
    private let value = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    var date: Date { value.withLock { $0 } }
    func advance(days: Double) { value.withLock { $0 += days * 86_400 } }
}

final class Warnings: Sendable {
    private let lines = Mutex<[String]>([])
    func add(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
}

func temporaryDirectory() -> String {
    TemporaryFiles.directory("cache")
}

struct Fixture {
    let directory: String
    let warnings: Warnings
    let now: Now

    init() {
        self.init(directory: temporaryDirectory())
    }
    var path: String { directory + "/cache.sqlite" }

    func cache(_ mode: CacheMode = .normal, ttl: CacheTTL = .standard) -> LookupCache {
        let warnings = self.warnings
        let store = CacheStore(path: path, warn: { warnings.add($0) })
        let now = self.now
        return LookupCache(store: store, mode: mode, ttl: { _ in ttl }, now: { now.date })
    }

    func wrapped(_ provider: CountingProvider, _ mode: CacheMode = .normal) -> any DefinitionProviding {
        cache(mode).wrap(provider) as! any DefinitionProviding
    }
}

@Suite struct CachingProviderTests {
    let query = try! LookupQuery("hello", language: Language("en"))

    @Test func aProviderConfiguredForAnotherSourceIsAskedAgain() async throws {
        // The same provider id pointed at another server (LEXAGG_DICT_SERVER changed): the first server's answer
        // must not be served as fresh for the second; switching back finds the first server's answer again.
        let fixture = Fixture()
        let first = CountingProvider(source: "dict://one.example:2628/*", words: ["hello": "from the first server"])
        let second = CountingProvider(source: "dict://two.example:2628/*", words: ["hello": "from the second server"])
        let a = try await fixture.wrapped(first).lookup(query)
        let b = try await fixture.wrapped(second).lookup(query)
        #expect(second.calls == 1, "another source is asked, not answered from the first one's cache")
        #expect(b.entries.first?.allSenses.first?.definition == "from the second server")
        let again = try await fixture.wrapped(first).lookup(query)
        #expect(first.calls == 1)
        #expect(again.entries == a.entries)
        #expect(LookupCache.key(for: .define(query), fingerprint: "x") != LookupCache.key(for: .define(query), fingerprint: "y"))
    }

    @Test func aFreshAnswerComesFromTheCacheAndAnExpiredOneFromTheSource() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        let first = try await fixture.wrapped(source).lookup(query)
        #expect(first.cachedAt == nil)
        #expect(source.calls == 1)

        fixture.now.advance(days: 6.9)
        let second = try await fixture.wrapped(source).lookup(query)
        #expect(source.calls == 1, "a fresh answer must not ask the source")
        #expect(second.cachedAt == fixture.now.date.addingTimeInterval(-6.9 * 86_400))
        #expect(second.entries == first.entries, "what comes back is what was stored, provenance included")

        fixture.now.advance(days: 0.2)
        let third = try await fixture.wrapped(source).lookup(query)
        #expect(source.calls == 2, "after 7 days the source is asked again")
        #expect(third.cachedAt == nil)
    }

    @Test func notFoundIsCachedWithItsOwnShorterTimeToLive() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: [:])
        let missing = try LookupQuery("qqqzzz")
        #expect(try await fixture.wrapped(source).lookup(missing).isEmpty)
        fixture.now.advance(days: 0.9)
        let cached = try await fixture.wrapped(source).lookup(missing)
        #expect(cached.isEmpty && cached.cachedAt != nil)
        #expect(source.calls == 1)
        fixture.now.advance(days: 0.2)
        _ = try await fixture.wrapped(source).lookup(missing)
        #expect(source.calls == 2, "a negative entry expires after a day, not a week")
    }

    @Test func theKeyKeepsCaseLanguageAndFormatVersionApartButNotUnicodeForms() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["Essen": "food", "essen": "to eat", "café": "a coffee house"])
        let noun = try await fixture.wrapped(source).lookup(LookupQuery("Essen", language: Language("de")))
        let verb = try await fixture.wrapped(source).lookup(LookupQuery("essen", language: Language("de")))
        #expect(noun.entries.first?.senseGroups.first?.senses.first?.definition == "food")
        #expect(verb.entries.first?.senseGroups.first?.senses.first?.definition == "to eat")
        #expect(source.calls == 2)

        _ = try await fixture.wrapped(source).lookup(LookupQuery("Essen", language: Language("nl")))
        #expect(source.calls == 3, "another language is another question")

        // "café" typed with a combining accent (NFD) is the same question as the precomposed form (NFC).
        _ = try await fixture.wrapped(source).lookup(LookupQuery("caf\u{E9}"))
        _ = try await fixture.wrapped(source).lookup(LookupQuery("cafe\u{301}"))
        #expect(source.calls == 4)

        // A provider whose output format changed must not be served answers in the old shape.
        let newer = CountingProvider(formatVersion: 2, words: ["café": "a coffee house"])
        _ = try await fixture.wrapped(newer).lookup(LookupQuery("café"))
        #expect(newer.calls == 1)
    }

    @Test func refreshAsksAgainAndOfflineNeverAsks() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        _ = try await fixture.wrapped(source).lookup(query)
        _ = try await fixture.wrapped(source, .refresh).lookup(query)
        #expect(source.calls == 2)

        let offline = try await fixture.wrapped(source, .offline).lookup(query)
        #expect(offline.cachedAt != nil && !offline.isEmpty)
        let error = await #expect(throws: ProviderError.self) {
            try await fixture.wrapped(source, .offline).lookup(LookupQuery("unseen"))
        }
        #expect(error?.code == .offline)
        #expect(source.calls == 2, "offline mode never calls the source")
    }

    @Test func offlineACachedProviderRunsInlineAndOnlineItDoesNot() {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        #expect(source.descriptor.runsInline == false)
        #expect(fixture.wrapped(source).descriptor.runsInline == false, "online, the source may be asked")
        #expect(fixture.wrapped(source, .refresh).descriptor.runsInline == false)
        #expect(fixture.wrapped(source, .offline).descriptor.runsInline == true, "offline, only the local file is read")
    }

    @Test func anOfflineLookupBeforeAnyAnswerIsStoredCreatesNoCacheFile() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        let error = await #expect(throws: ProviderError.self) { try await fixture.wrapped(source, .offline).lookup(query) }
        #expect(error?.code == .offline)
        #expect(!FileManager.default.fileExists(atPath: fixture.path), "a read found nothing and created nothing")
        _ = try await fixture.wrapped(source).lookup(query)
        #expect(FileManager.default.fileExists(atPath: fixture.path), "the first answer creates the file")
        #expect(try await fixture.wrapped(source, .offline).lookup(query).cachedAt != nil)
        #expect(source.calls == 1)
    }

    @Test func offlineProvidersAndRandomWordsAreNotWrapped() {
        struct Local: DefinitionProviding {
            let descriptor = ProviderDescriptor(
                id: ProviderID("local")!, displayName: "local", capabilities: [.define], requiresNetwork: false, source: "/x"
            )
            func lookup(_ query: LookupQuery) async throws -> LookupResult { .notFound }
        }
        let fixture = Fixture()
        #expect(fixture.cache().wrap(Local()) is Local)
        #expect(fixture.cache().wrap(CountingProvider(words: [:])) is any StoredAnswerProviding)
        #expect(fixture.cache().wrap(CountingProvider(words: [:])) is any TranslationProviding)
    }
}

@Suite struct StaleOnErrorTests {
    let query = try! LookupQuery("hello")
    /// Time limits no test run reaches: on 2 busy cores a child task may wait seconds for a thread, and the default 8 s
    /// deadline would pass before the provider is asked. (The limits themselves are tested on a manual clock.)
    let aggregator = Aggregator(options: AggregationOptions(providerTimeout: .seconds(3600), deadline: .seconds(3600)))

    @Test(arguments: [ProviderError.Code.unavailable, .timeout, .rateLimited, .malformedResponse])
    func aFailingSourceIsReplacedByItsExpiredAnswerMarkedStale(_ code: ProviderError.Code) async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        _ = try await fixture.wrapped(source).lookup(query)
        fixture.now.advance(days: 30)
        source.fail(with: code)

        let result = await aggregator.define(query, using: [fixture.wrapped(source)])
        #expect(result.isFound)
        let outcome = try #require(result.outcomes.first)
        #expect(outcome.status == .answered(entries: 1))
        guard case .stale(let storedAt, let error) = outcome.origin else {
            Issue.record("expected a stale answer, got \(outcome.origin)")
            return
        }
        #expect(error.code == code)
        #expect(storedAt == fixture.now.date.addingTimeInterval(-30 * 86_400))
    }

    @Test func failuresAStoredAnswerCannotStandInForStayFailures() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        _ = try await fixture.wrapped(source).lookup(query)
        fixture.now.advance(days: 30)
        source.fail(with: .credentials)
        let result = await aggregator.define(query, using: [fixture.wrapped(source)])
        #expect(result.outcomes.first?.error?.code == .credentials, "a refused key must be reported, not papered over")
    }

    @Test func aFailureWithNothingCachedIsReportedAsItWas() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        source.fail(with: .unavailable)
        let result = await aggregator.define(query, using: [fixture.wrapped(source)])
        #expect(result.allFailed)
        #expect(result.outcomes.first?.origin == .source)
    }

    @Test func offlineServesOldAnswersAsStale() async throws {
        let fixture = Fixture()
        let source = CountingProvider(words: ["hello": "a greeting"])
        _ = try await fixture.wrapped(source).lookup(query)
        fixture.now.advance(days: 30)
        let result = await aggregator.define(query, using: [fixture.wrapped(source, .offline)])
        guard case .stale(_, let error)? = result.outcomes.first?.origin else {
            Issue.record("expected stale, got \(String(describing: result.outcomes.first))")
            return
        }
        #expect(error.code == .offline)
        #expect(source.calls == 1)
    }
}

@Suite struct CacheFileTests {
    let query = try! LookupQuery("hello")

    func lookupWorks(_ fixture: Fixture) async throws {
        let source = CountingProvider(words: ["hello": "a greeting"])
        let result = try await fixture.wrapped(source).lookup(query)
        #expect(!result.isEmpty, "a lookup must work whatever state the cache is in")
    }

    @Test func aCorruptFileIsMovedAsideAndANewCacheStarted() async throws {
        let fixture = Fixture()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: fixture.path))
        try await lookupWorks(fixture)
        let moved = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).filter { $0.contains(".corrupt-") }
        #expect(moved.count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.directory + "/" + moved[0])) == garbage, "the old file is kept as it was")
        #expect(fixture.warnings.all.contains { $0.contains("moved it to") && $0.contains(".corrupt-") })
        // The new cache works: the answer stored by the first lookup serves the next one.
        let source = CountingProvider(words: ["hello": "a greeting"])
        #expect(try await fixture.wrapped(source).lookup(query).cachedAt != nil)
        #expect(source.calls == 0)
        // Damaged again within the same second (the name's stamp has whole seconds): moved aside under a name of
        // its own, not "cache disabled … File exists".
        // The names of this second and the next two are taken beforehand, so the test does not race the clock.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss"
        for offset in 0..<3 {
            let name = fixture.path + ".corrupt-" + formatter.string(from: Date().addingTimeInterval(Double(offset)))
            if !FileManager.default.fileExists(atPath: name) { FileManager.default.createFile(atPath: name, contents: Data("taken".utf8)) }
        }
        let again = Fixture(directory: fixture.directory)
        try garbage.write(to: URL(fileURLWithPath: again.path))
        try await lookupWorks(again)
        #expect(!again.warnings.all.contains { $0.contains("cache disabled") }, "\(again.warnings.all)")
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory)
        #expect(names.filter { $0.contains(".corrupt-") && $0.hasSuffix("-1") }.count == 1, "\(names)")
    }

    @Test func someoneElsesDatabaseIsMovedAsideNotWrittenInto() async throws {
        let fixture = Fixture()
        let other = try DatabaseQueue(path: fixture.path)
        try await other.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')") }
        try other.close()
        try await lookupWorks(fixture)
        let moved = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).filter { $0.hasPrefix("cache.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
        #expect(moved.count == 1)
        let kept = try DatabaseQueue(path: fixture.directory + "/" + moved[0])
        #expect(try await kept.read { try String.fetchOne($0, sql: "SELECT text FROM notes") } == "mine")
    }

    @Test func aFileFromANewerLexaggIsLeftAlone() async throws {
        let fixture = Fixture()
        // Create a valid cache, then pretend a newer lexagg migrated it.
        try await lookupWorks(fixture)
        let queue = try DatabaseQueue(path: fixture.path)
        try await queue.write { db in try db.execute(sql: "PRAGMA user_version = 99") }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: fixture.path))
        let fresh = Fixture(directoryOf: fixture)
        try await lookupWorks(fresh)
        #expect(fresh.warnings.all.contains { $0.contains("newer lexagg") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == before)
    }

    @Test func anUnwritableDirectoryDisablesTheCacheWithOneWarning() async throws {
        let fixture = Fixture(directory: "/proc/lexagg-cannot-be-created")
        try await lookupWorks(fixture)
        try await lookupWorks(fixture)
        #expect(fixture.warnings.all.count >= 1)
        #expect(fixture.warnings.all.allSatisfy { $0.contains("cache disabled") }, "\(fixture.warnings.all)")
    }

    @Test func severalWritersAtOnceLoseNothing() async throws {
        let fixture = Fixture()
        // Eight independent stores (as eight processes would have) write 50 answers each, concurrently.
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask { @concurrent in
                    let store = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
                    for index in 0..<50 {
                        store.write(.init(
                            provider: ProviderID("online")!, formatVersion: 1, key: "w\(writer)-\(index)",
                            result: .notFound, storedAt: Date()
                        ))
                    }
                }
            }
        }
        #expect(fixture.warnings.all.isEmpty, "\(fixture.warnings.all)")
        let stats = try CacheStore(path: fixture.path, warn: { _ in }).stats(ttl: { _ in .standard }, now: Date())
        #expect(stats.entries == 400)
    }

    /// A process exits without closing SQLite, and the write-ahead log kept every answer written since SQLite's last
    /// automatic checkpoint; the next process, the file's first connection, read all of it back before its first
    /// read. `finish()` folds what this store wrote into the file and empties the log; a store that only read leaves
    /// the log as it was.
    @Test func finishFoldsWhatThisProcessWroteIntoTheFile() throws {
        let fixture = Fixture()
        let log = fixture.path + "-wal"
        func logBytes() throws -> Int { try FileManager.default.attributesOfItem(atPath: log)[.size] as? Int ?? -1 }
        func record(_ key: String) -> CacheStore.Record {
            .init(provider: ProviderID("online")!, formatVersion: 1, key: key,
                  result: LookupResult(entries: [CountingProvider(words: [:]).entry(key, "a word")]), storedAt: Date())
        }
        let writer = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        for index in 0..<20 { writer.write(record("w\(index)")) }
        #expect(try logBytes() > 0)
        writer.finish()
        #expect(try logBytes() == 0, "the log is emptied into the file")
        let reader = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        #expect(reader.read(provider: ProviderID("online")!, formatVersion: 1, key: "w19")?.result.entries.first?.headword == "w19")

        let another = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        another.write(record("later"))
        let written = try logBytes()
        #expect(written > 0)
        let onlyReads = CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) })
        #expect(onlyReads.read(provider: ProviderID("online")!, formatVersion: 1, key: "later") != nil)
        onlyReads.finish()
        #expect(try logBytes() == written, "a store that wrote nothing checkpoints nothing")
        #expect(fixture.warnings.all.isEmpty, "\(fixture.warnings.all)")
    }

    /// Processes that find no cache file and create it at once (a script starting lookups in parallel on a fresh
    /// machine): each opener switches the new file to WAL, which takes an exclusive lock; SQLite refuses one that
    /// holds a shared lock while another waits for it at once (SQLITE_BUSY, no busy handler: waiting would be a
    /// deadlock), and that opener disabled its cache with a warning. Rounds of eight openers on a new file each.
    @Test func storesCreatingTheFileAtOnceAllOpenIt() async throws {
        for _ in 0..<12 {
            let fixture = Fixture()
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<8 {
                    group.addTask { @concurrent in
                        CacheStore(path: fixture.path, warn: { fixture.warnings.add($0) }).write(.init(
                            provider: ProviderID("online")!, formatVersion: 1, key: "w\(writer)", result: .notFound,
                            storedAt: Date()
                        ))
                    }
                }
            }
            #expect(fixture.warnings.all.isEmpty, "\(fixture.warnings.all)")
            let stats = try CacheStore(path: fixture.path, warn: { _ in }).stats(ttl: { _ in .standard }, now: Date())
            #expect(stats.entries == 8)
        }
    }

    @Test func pruneDeletesOnlyExpiredAnswersAndClearDeletesByProvider() async throws {
        let fixture = Fixture()
        let store = CacheStore(path: fixture.path, warn: { _ in })
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func put(_ provider: String, _ key: String, ageDays: Double, negative: Bool) {
            let result = negative ? LookupResult.notFound : LookupResult(entries: [CountingProvider(words: [:]).entry(key, "x")])
            store.write(.init(provider: ProviderID(provider)!, formatVersion: 1, key: key, result: result,
                              storedAt: now.addingTimeInterval(-ageDays * 86_400)))
        }
        put("a", "fresh", ageDays: 1, negative: false)
        put("a", "old", ageDays: 8, negative: false)
        put("a", "missing-fresh", ageDays: 0.5, negative: true)
        put("a", "missing-old", ageDays: 2, negative: true)
        put("b", "fresh", ageDays: 1, negative: false)
        let stats = try store.stats(ttl: { _ in .standard }, now: now)
        #expect(stats.entries == 5)
        #expect(stats.providers.first { $0.provider == "a" }?.expired == 2)
        #expect(stats.providers.first { $0.provider == "a" }?.negative == 2)
        #expect(try store.prune(ttl: { _ in .standard }, now: now) == 2)
        #expect(try store.clear(provider: ProviderID("a")) == 2)
        #expect(try store.stats(ttl: { _ in .standard }, now: now).entries == 1)
    }
}

extension Fixture {
    init(directory: String) {
        self.init(directory: directory, warnings: Warnings(), now: Now())
    }

    init(directoryOf other: Fixture) {
        self.init(directory: other.directory)
    }

    private init(directory: String, warnings: Warnings, now: Now) {
        self.directory = directory
        self.warnings = warnings
        self.now = now
    }
}
