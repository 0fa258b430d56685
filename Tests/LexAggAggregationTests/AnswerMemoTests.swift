@testable import LexAggAggregation
import LexAggCore
import Logging
import Synchronization
import Testing

/// The servers' memo of whole answers, in front of `define` and `translate`, on a clock the test moves.
@Suite struct AnswerMemoTests {
    static func service(
        _ providers: [any DictionaryProvider], clock: ManualClock, limits: AnswerMemo<ManualClock>.Limits = .init()
    ) throws -> LookupService<ManualClock> {
        LookupService(
            registry: try ProviderRegistry(providers),
            configuration: .init(aggregation: AggregationOptions(strategy: .merge, providerTimeout: .seconds(30), deadline: .seconds(30))),
            cache: nil, memo: AnswerMemo(limits: limits, clock: clock), clock: clock, logger: LookupServiceTests.quiet
        )
    }

    @Test func aRepeatedRequestIsAnsweredFromMemoryUntilItsLifetimeEnds() async throws {
        let clock = ManualClock()
        let table = TableProvider("table", words: ["house": "a building"])
        let service = try Self.service([table], clock: clock, limits: .init(entries: 100, lifetime: .seconds(60)))

        let first = try await service.define(try LookupQuery("house"))
        let second = try await service.define(try LookupQuery("house"))
        #expect(table.requests == ["define:house"], "the second request was answered from memory")
        #expect(second.entries == first.entries)
        // The memo says the source was not asked: the outcome comes from a cache, with no time spent.
        guard case .cache = second.result.outcomes.first?.origin else {
            Issue.record("a remembered outcome says it came from the source: \(second.result.outcomes)")
            return
        }
        #expect(second.result.outcomes.first?.latency == .zero)

        // Other options are another request.
        _ = try await service.define(try LookupQuery("house"), options: RequestOptions(providers: ["table"]))
        #expect(table.requests.count == 2)

        clock.advance(by: .seconds(59))
        _ = try await service.define(try LookupQuery("house"))
        #expect(table.requests.count == 2, "still within its lifetime")
        clock.advance(by: .seconds(2))
        _ = try await service.define(try LookupQuery("house"))
        #expect(table.requests.count == 3, "asked again once the lifetime is over")
    }

    /// A provider whose file is replaced (a dataset imported again while a server runs) makes the registry build its
    /// providers again once its interval is over, and the answers the memo kept from the old ones are forgotten.
    @Test func answersOfAnOutdatedProviderAreForgottenOnceTheRegistryBuildsItAgain() async throws {
        let file = VersionedFile()
        let factories = [ProviderFactory(name: "files") { _ in .init(providers: [VersionedFile.Reader(file)]) }]
        let registry = ProviderRegistry(
            factories: factories, environment: ProviderEnvironment(variables: [:]), refreshInterval: .seconds(1)
        )
        let clock = ManualClock()
        let service = LookupService(
            registry: registry,
            configuration: .init(aggregation: AggregationOptions(strategy: .merge, providerTimeout: .seconds(30), deadline: .seconds(30))),
            cache: nil, memo: AnswerMemo(limits: .init(lifetime: .seconds(3600)), clock: clock), clock: clock,
            logger: LookupServiceTests.quiet
        )
        func definition() async throws -> String? {
            try await service.define(try LookupQuery("house")).entries.first?.senseGroups.first?.senses.first?.definition
        }
        #expect(try await definition() == "version 0")
        file.version.withLock { $0 = 1 }
        #expect(try await definition() == "version 0", "within the interval the registry does not ask")
        #expect(registry.replacements == 0)
        try await Task.sleep(for: .milliseconds(1100))
        #expect(try await definition() == "version 1", "the memo's answer of the old provider was served")
        #expect(registry.replacements == 1 && registry.generation == 1)
        #expect(try await definition() == "version 1")
        // Not outdated: not built again, however often it is asked.
        try await Task.sleep(for: .milliseconds(1100))
        #expect(try await definition() == "version 1")
        #expect(registry.replacements == 1)
        // Looking again for a name it does not know changes no provider it has: the memo keeps its answers.
        #expect(throws: RegistryError.self) { try registry.resolve(["nonsense"]) }
        #expect(registry.generation == 2 && registry.replacements == 1)
        file.version.withLock { $0 = 2 }  // (not looked at again within the interval)
        #expect(try await definition() == "version 1", "the memo was emptied by a look for an unknown name")
    }

    /// The memo's count of replacements: a newer count forgets the answers kept; a request that began before it
    /// (an older count) finds nothing and stores nothing, and forgets nothing; forgetting everything keeps the count.
    @Test func answersAreKeptPerCountOfReplacements() async throws {
        let clock = ManualClock()
        let table = TableProvider("table", words: ["house": "a building"])
        let service = try Self.service([table], clock: clock)
        let memo = try #require(service.memo)
        let answer = try await service.define(try LookupQuery("house"))
        let key = AnswerMemo<ManualClock>.Key(kind: .define, term: "house", language: nil, options: RequestOptions())
        #expect(memo.answer(for: key, providers: 0) != nil)

        #expect(memo.answer(for: key, providers: 1) == nil, "kept from older providers")
        #expect(!memo.store(answer, for: key, providers: 0), "an answer of the older providers stored after the change")
        #expect(memo.store(answer, for: key, providers: 1))
        #expect(memo.answer(for: key, providers: 0) == nil, "a request of the older providers is answered")
        #expect(memo.answer(for: key, providers: 1) != nil, "a request of the older providers forgot the newer answers")
        #expect(memo.kept(for: key, rendering: "body", providers: 2) == nil)
        #expect(memo.count == 0)

        #expect(memo.store(answer, for: key, providers: 2))
        memo.removeAll()
        #expect(!memo.store(answer, for: key, providers: 1), "forgetting everything forgot the count")
    }

    @Test func notFoundIsRememberedButAFailureIsAskedAgain() async throws {
        let clock = ManualClock()
        let table = TableProvider("table", words: [:])
        let service = try Self.service([table, ScriptedProvider("broken", .fail(.unavailable))], clock: clock)
        let query = try LookupQuery("qxzv")
        let options = RequestOptions(suggest: false)

        _ = try await service.define(query, options: options)
        _ = try await service.define(query, options: options)
        #expect(table.requests == ["define:qxzv", "define:qxzv"], "an answer with a failed provider is not kept")

        let alone = try Self.service([table], clock: clock)
        _ = try await alone.define(query, options: options)
        _ = try await alone.define(query, options: options)
        #expect(table.requests.count == 3, "a complete 'not found' is kept")

        // A provider left out because the request is offline did not fail: asked again, it is left out again.
        let offline = try Self.service([table, ScriptedProvider("online", .fail(.offline))], clock: clock)
        _ = try await offline.define(query, options: options)
        _ = try await offline.define(query, options: options)
        #expect(table.requests.count == 4, "an answer whose only failures are offline ones is kept")
    }

    @Test func refreshAsksTheSourcesAndKeepsWhatTheyGive() async throws {
        let clock = ManualClock()
        let table = TableProvider("table", words: ["house": "a building"])
        let service = try Self.service([table], clock: clock)
        _ = try await service.define(try LookupQuery("house"), options: RequestOptions(refresh: true))
        _ = try await service.define(try LookupQuery("house"), options: RequestOptions(refresh: true))
        #expect(table.requests.count == 2)
        // What the refresh got is there for the next plain request of the same options… which differ by `refresh`.
        _ = try await service.define(try LookupQuery("house"))
        _ = try await service.define(try LookupQuery("house"))
        #expect(table.requests.count == 3)
    }

    @Test func translationsAreRememberedByDirection() async throws {
        let clock = ManualClock()
        let table = TableProvider("table", words: ["house": "Haus"], pairs: [LanguagePair(source: .english, target: .german)])
        let service = try Self.service([table], clock: clock)
        let query = try TranslationQuery("house", from: .english, to: .german)
        let first = try await service.translate(query)
        let second = try await service.translate(query)
        #expect(table.requests == ["translate:house"])
        #expect(second.entries.first?.translations.first?.text == "Haus")
        #expect(second.entries == first.entries)
        // A definition of the same word is another request.
        _ = try await service.define(try LookupQuery("house", language: .english))
        #expect(table.requests == ["translate:house", "define:house"])
    }

    @Test func theLeastRecentlyUsedAnswersGoFirst() async throws {
        let clock = ManualClock()
        let words = Dictionary(uniqueKeysWithValues: (0..<10).map { ("w\($0)", "sense \($0)") })
        let table = TableProvider("table", words: words)
        let service = try Self.service([table], clock: clock, limits: .init(entries: 4, lifetime: .seconds(60)))
        func ask(_ word: String) async throws { _ = try await service.define(try LookupQuery(word)) }

        for word in ["w0", "w1", "w2", "w3"] { try await ask(word) }
        try await ask("w0")  // used again: it moves to the newer generation
        for word in ["w4", "w5"] { try await ask(word) }
        let before = table.requests.count
        try await ask("w0")
        #expect(table.requests.count == before, "a recently used answer stays")
        try await ask("w1")
        #expect(table.requests.count == before + 1, "the least recently used one was dropped")
        #expect((service.memo?.count ?? 0) <= 4)
    }
}

/// A file a provider reads, replaced by a new version: a reader built from an older one is outdated.
final class VersionedFile: Sendable {
    let version = Mutex(0)

    struct Reader: DefinitionProviding {
        let descriptor = ProviderDescriptor(
            id: ProviderID("file")!, displayName: "file", capabilities: [.define], languages: [.english], requiresNetwork: false,
            source: "test:file"
        )
        let file: VersionedFile
        let built: Int

        init(_ file: VersionedFile) {
            self.file = file
            built = file.version.withLock { $0 }
        }

        var isOutdated: Bool { file.version.withLock { $0 } != built }

        func lookup(_ query: LookupQuery) async throws -> LookupResult {
            TableProvider.result(query.term, "version \(built)", descriptor)
        }
    }
}
