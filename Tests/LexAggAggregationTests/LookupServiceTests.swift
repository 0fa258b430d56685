#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import Logging
import Synchronization
import Testing

/// A provider that defines, translates and suggests from fixed tables, counting what it is asked.
final class TableProvider: DefinitionProviding, TranslationProviding, MatchProviding, Sendable {
    let descriptor: ProviderDescriptor
    let words: [String: String]
    let suggestionList: [String]
    /// How long suggestions take (a source that never answers in time).
    let suggestionDelay: Duration?
    private let asked = Mutex<[String]>([])

    init(
        _ id: String, words: [String: String] = [:], suggestions: [String] = [], suggestionDelay: Duration? = nil,
        online: Bool = false, languages: [Language] = [.english], quota: QuotaPolicy = .unmetered,
        pairs: [LanguagePair] = [], availability: ProviderAvailability = .available
    ) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: pairs.isEmpty ? [.define, .match] : [.define, .match, .translate],
            languages: languages, translationPairs: pairs, requiresNetwork: online, source: "test:\(id)", quota: quota
        )
        self.words = words
        suggestionList = suggestions
        self.suggestionDelay = suggestionDelay
        self.availabilityValue = availability
    }

    private let availabilityValue: ProviderAvailability
    func availability() async -> ProviderAvailability { availabilityValue }

    var requests: [String] { asked.withLock { $0 } }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        asked.withLock { $0.append("define:\(query.term)") }
        guard let definition = words[query.term] else { return .notFound }
        return Self.result(query.term, definition, descriptor)
    }

    func translate(_ query: TranslationQuery) async throws -> LookupResult {
        asked.withLock { $0.append("translate:\(query.term)") }
        guard let translation = words[query.term] else { return .notFound }
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        return LookupResult(entries: [Entry(
            headword: query.term, language: query.pair.source, translations: [Translation(text: translation, pair: query.pair, provenance: provenance)],
            provenance: provenance
        )])
    }

    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        asked.withLock { $0.append("suggest:\(query.term)") }
        if let suggestionDelay { try await Task.sleep(for: suggestionDelay) }
        return Array(suggestionList.prefix(limit))
    }

    var matchStrategies: [MatchStrategy] { [.exact, .prefix] }

    func match(_ query: MatchQuery) async throws -> [String] {
        asked.withLock { $0.append("match:\(query.strategy):\(query.pattern)") }
        let words = words.keys.sorted()
        return Array(words.filter { query.strategy == .exact ? $0 == query.pattern : $0.hasPrefix(query.pattern) }.prefix(query.limit))
    }

    static func result(_ word: String, _ definition: String, _ descriptor: ProviderDescriptor) -> LookupResult {
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        return LookupResult(entries: [Entry(
            headword: word, language: .english,
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: definition, sources: [provenance])])],
            provenance: provenance
        )])
    }
}

/// A table that only translates, as FreeDict's databases do.
final class TranslateOnly: TranslationProviding, Sendable {
    let table: TableProvider
    let descriptor: ProviderDescriptor

    init(_ table: TableProvider) {
        self.table = table
        var descriptor = table.descriptor
        descriptor.capabilities = [.translate]
        self.descriptor = descriptor
    }

    var requests: [String] { table.requests }
    func availability() async -> ProviderAvailability { await table.availability() }
    func translate(_ query: TranslationQuery) async throws -> LookupResult { try await table.translate(query) }
}

/// A cache that records how the service wraps providers, and answers nothing itself.
final class RecordingCache: AnswerCaching {
    private let wrapped = Mutex<[(ProviderID, CacheMode)]>([])
    var calls: [(ProviderID, CacheMode)] { wrapped.withLock { $0 } }

    func wrap(_ provider: any DictionaryProvider, mode: CacheMode) -> any DictionaryProvider {
        wrapped.withLock { $0.append((provider.descriptor.id, mode)) }
        return provider
    }
}

@Suite struct LookupServiceTests {
    static let quiet = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })

    /// A service over `providers`. The default deadline is ten minutes: these tests are not about time, and on a
    /// loaded machine a real clock's 30 s once ran out before the first provider was asked; tests of deadlines use
    /// a test clock.
    static func service(
        _ providers: [any DictionaryProvider], cache: (any AnswerCaching)? = nil, deadline: Duration = .seconds(600),
        defaults: [ProviderID]? = nil
    ) throws -> LookupService<ContinuousClock> {
        LookupService(
            registry: try ProviderRegistry(providers),
            configuration: .init(aggregation: AggregationOptions(strategy: .merge, providerTimeout: deadline, deadline: deadline),
                                 defaultProviders: defaults),
            cache: cache, logger: quiet
        )
    }

    @Test func aMeteredProviderIsAskedOnlyForAWordOfItsLanguageOrWhenNamed() async throws {
        let free = TableProvider("free", words: ["Haus": "house"], languages: [.english, .german])
        let metered = TableProvider("metered", words: ["Haus": "building"], languages: [.german], quota: .metered("100 a month"))
        let service = try Self.service([free, metered])

        let unknownLanguage = try await service.define(try LookupQuery("Haus"))
        #expect(unknownLanguage.result.outcomes.map(\.provider.rawValue) == ["free"])
        #expect(metered.requests.isEmpty)

        let german = try await service.define(try LookupQuery("Haus", language: .german))
        #expect(german.result.outcomes.map(\.provider.rawValue) == ["free", "metered"])

        let named = try await service.define(try LookupQuery("Haus"), options: RequestOptions(providers: ["metered"]))
        #expect(named.result.outcomes.map(\.provider.rawValue) == ["metered"])
    }

    /// A word nothing defined that an offline translating dictionary has is answered with that dictionary and its
    /// direction (`lookup Haus --lang de` where FreeDict's German–English is the only German dictionary) — not when
    /// something defined it, not from an online one, and not when the user named the providers.
    @Test func aWordNothingDefinedNamesTheOfflineDictionaryThatTranslatesIt() async throws {
        let deEn = LanguagePair(source: .german, target: .english)
        // (Defines German words it lacks, as Wiktionary does any language's.)
        let wordnet = TableProvider("wordnet", words: ["house": "a building"], languages: [.english, .german, .french])
        let freedict = TranslateOnly(TableProvider("freedict-deu-eng", words: ["Haus": "house"], languages: [], pairs: [deEn]))
        let online = TranslateOnly(TableProvider("online-de", words: ["Haus": "house"], online: true, languages: [], pairs: [deEn]))
        let service = try Self.service([wordnet, freedict, online])

        let german = try await service.define(try LookupQuery("Haus", language: .german))
        #expect(!german.isFound)
        #expect(german.translatableBy == [TranslationHint(provider: freedict.descriptor.id, pair: deEn)])
        let anyLanguage = try await service.define(try LookupQuery("Haus"))
        #expect(anyLanguage.translatableBy.map(\.provider.rawValue) == ["freedict-deu-eng"])
        #expect(online.requests.allSatisfy { !$0.hasPrefix("translate:") })

        #expect(try await service.define(try LookupQuery("house")).translatableBy.isEmpty)
        #expect(try await service.define(try LookupQuery("Maus")).translatableBy.isEmpty)
        #expect(try await service.define(try LookupQuery("Haus", language: .french)).translatableBy.isEmpty)
        let named = try await service.define(try LookupQuery("Haus"), options: RequestOptions(providers: ["wordnet"]))
        #expect(named.translatableBy.isEmpty)
    }

    @Test func looserSpellingsAreTriedWithTheProvidersThatSaidNotFound() async throws {
        let plain = TableProvider("plain", words: ["cafe": "a coffee shop"])
        let answer = try await Self.service([plain]).define(try LookupQuery("Café"))
        #expect(answer.isFound)
        #expect(answer.matchedAs == "cafe")
        #expect(plain.requests == ["define:Café", "define:café", "define:Cafe", "define:cafe"])
    }

    /// A dictionary whose index has only the looser spelling (GCIDE's `Cafe`) but whose entry is headed as typed
    /// (*Café*): the answer is the word as typed, not "no entry for 'café' as typed; showing 'cafe'".
    @Test func aLooserSpellingWhoseEntryIsHeadedAsTypedIsNoOtherSpelling() async throws {
        struct Accentless: DefinitionProviding {
            let descriptor = ProviderDescriptor(
                id: ProviderID("gcide")!, displayName: "gcide", capabilities: [.define], languages: [.english],
                requiresNetwork: false, source: "test:gcide"
            )
            func lookup(_ query: LookupQuery) async throws -> LookupResult {
                guard query.term == "cafe" else { return .notFound }
                let entry = TableProvider.result("cafe", "a coffee shop", descriptor).entries.map { entry -> Entry in
                    var entry = entry
                    entry.headword = "Café"
                    return entry
                }
                return LookupResult(entries: entry)
            }
        }
        let answer = try await Self.service([Accentless()]).define(try LookupQuery("café"))
        #expect(answer.isFound && answer.matchedAs == nil, "\(String(describing: answer.matchedAs))")
        let capital = try await Self.service([Accentless()]).define(try LookupQuery("Café"))
        #expect(capital.isFound && capital.matchedAs == nil, "case aside")
        let other = try await Self.service([TableProvider("plain", words: ["cafe": "a coffee shop"])]).define(try LookupQuery("café"))
        #expect(other.matchedAs == "cafe", "an entry headed otherwise is another spelling")
    }

    @Test func severalAnswersAreMergedAndOneIsKeptAsItIs() async throws {
        let a = TableProvider("a", words: ["bank": "a financial institution"])
        let b = TableProvider("b", words: ["bank": "A financial institution."])
        let merged = try await Self.service([a, b]).define(try LookupQuery("bank"))
        #expect(merged.entries.count == 1)
        #expect(merged.entries[0].allSenses.count == 1, "the same sense from two sources is one sense")
        #expect(!merged.scores.isEmpty)
        let single = try await Self.service([a]).define(try LookupQuery("bank"))
        #expect(single.scores.isEmpty)
    }

    /// A word without a letter or digit (an emoji, punctuation) gets no close spellings: every one-letter word is
    /// one edit away from it. A one-letter word still does.
    @Test func aWordWithoutLettersGetsNoSuggestions() async throws {
        let local = TableProvider("local", suggestions: ["a", "i", "0"])
        let service = try Self.service([local])
        #expect(try await service.define(try LookupQuery("😀")).suggestions.isEmpty)
        #expect(try await service.define(try LookupQuery("?!")).suggestions.isEmpty)
        #expect(!(try await service.define(try LookupQuery("x")).suggestions.isEmpty))
    }

    @Test func suggestionsComeFromEveryMatcherAndNeverOutlastTheDeadline() async throws {
        // The deadline runs on a clock the test moves, once the stuck source has been asked: nothing here depends
        // on how busy the machine is.
        let local = TableProvider("local", suggestions: ["serendipity", "serene"])
        let stuck = TableProvider("stuck", suggestions: ["never"], suggestionDelay: .seconds(3600), online: true)
        let clock = ManualClock()
        let service = LookupService(
            registry: try ProviderRegistry([local, stuck]),
            configuration: .init(aggregation: AggregationOptions(strategy: .merge, providerTimeout: .seconds(5), deadline: .seconds(5))),
            cache: nil, clock: clock, logger: Self.quiet
        )
        let query = try LookupQuery("serendipityy")
        let lookup = Task { @concurrent in try await service.define(query) }
        for _ in 0..<30_000 where !stuck.requests.contains("suggest:serendipityy") {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(stuck.requests.contains("suggest:serendipityy"), "every matching provider is asked")
        while clock.sleeperCount == 0 { try await Task.sleep(for: .milliseconds(2)) }
        clock.advance(by: .seconds(5))
        let answer = try await lookup.value
        #expect(!answer.isFound)
        #expect(answer.suggestions == ["serendipity", "serene"], "the stuck source is cut off at the deadline")
        let none = try await Self.service([local]).define(query, options: RequestOptions(suggest: false))
        #expect(none.suggestions.isEmpty)
    }

    @Test func everyProviderAskedGoesThroughTheCacheInTheRequestsMode() async throws {
        let online = TableProvider("online", words: ["bank": "x"], online: true)
        let offline = TableProvider("offline", words: ["bank": "y"])
        let cache = RecordingCache()
        let service = try Self.service([online, offline], cache: cache)
        _ = try await service.define(try LookupQuery("bank"))
        _ = try await service.define(try LookupQuery("bank"), options: RequestOptions(offline: true))
        _ = try await service.define(try LookupQuery("bank"), options: RequestOptions(refresh: true))
        _ = try await service.define(try LookupQuery("bank"), options: RequestOptions(noCache: true))
        #expect(cache.calls.filter { $0.0.rawValue == "online" }.map(\.1) == [.normal, .offline, .refresh])
    }

    @Test func translationsGoThroughTheCacheToo() async throws {
        let pair = LanguagePair(source: .english, target: .german)
        let translator = TableProvider("translator", words: ["house": "Haus"], online: true, pairs: [pair])
        let cache = RecordingCache()
        let answer = try await Self.service([translator], cache: cache)
            .translate(try TranslationQuery("house", from: .english, to: .german))
        #expect(answer.isFound)
        #expect(cache.calls.map(\.1) == [.normal])
    }

    @Test func offlineWithoutACacheAsksOnlyOfflineProviders() async throws {
        let online = TableProvider("online", words: ["bank": "x"], online: true)
        let offline = TableProvider("offline", words: ["bank": "y"])
        let answer = try await Self.service([online, offline]).define(try LookupQuery("bank"), options: RequestOptions(offline: true))
        #expect(answer.result.outcomes.map(\.provider.rawValue) == ["offline"])
        #expect(online.requests.isEmpty)
        await #expect(throws: LookupServiceError.self) {
            try await Self.service([online]).define(try LookupQuery("bank"), options: RequestOptions(offline: true))
        }
    }

    @Test func requestsThatCannotBeServedSayWhy() async throws {
        let wordnet = TableProvider("wordnet", words: ["bank": "x"])
        let broken = TableProvider("broken", availability: .unavailable(reason: "the index is corrupt"))
        let service = try Self.service([wordnet, broken])
        let cases: [(RequestOptions, LookupQuery, LookupServiceError.Kind, String)] = [
            (RequestOptions(providers: ["wordnett"]), try LookupQuery("bank"), .invalidRequest, "did you mean 'wordnet'"),
            (RequestOptions(offline: true, refresh: true), try LookupQuery("bank"), .invalidRequest, "--refresh"),
            (RequestOptions(), try LookupQuery("Haus", language: .german), .invalidRequest, "no provider defines German words"),
        ]
        for (options, query, kind, message) in cases {
            do {
                _ = try await service.define(query, options: options)
                Issue.record("expected an error for \(options)")
            } catch {
                #expect(error.kind == kind)
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        // An unusable provider is left out with a note; the others answer.
        let answer = try await service.define(try LookupQuery("bank"))
        #expect(answer.isFound)
        #expect(answer.notes.map(\.message) == ["skipping broken: the index is corrupt"])
        let onlyBroken = try Self.service([broken])
        let bank = try LookupQuery("bank")
        do {
            _ = try await onlyBroken.define(bank)
            Issue.record("nothing usable must be an error")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(error.message.contains("the index is corrupt"))
        }
    }

    @Test func configuredDefaultsChooseAndOrderTheProviders() async throws {
        let a = TableProvider("a", words: ["bank": "x"])
        let b = TableProvider("b", words: ["bank": "y"])
        let answer = try await Self.service([a, b], defaults: [ProviderID("b")!]).define(try LookupQuery("bank"))
        #expect(answer.result.outcomes.map(\.provider.rawValue) == ["b"])
    }
}
