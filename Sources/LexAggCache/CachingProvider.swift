import Foundation
import LexAggAggregation
import LexAggCore

/// How long a provider's answers stay fresh: answers that found the word, and "not found" answers.
public struct CacheTTL: Sendable, Hashable {
    public var positive: Duration
    public var negative: Duration

    public init(positive: Duration, negative: Duration) {
        self.positive = positive
        self.negative = negative
    }

    /// A week for answers, a day for "not found" (a word may be added to a wiki any day).
    public static let standard = CacheTTL(positive: .seconds(7 * 86_400), negative: .seconds(86_400))

    func limit(negative: Bool) -> Duration { negative ? self.negative : positive }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// The cache as the lookup service sees it: the store, each provider's time to live, the mode, and the time.
public struct LookupCache: AnswerCaching {
    public let store: any AnswerStore
    public let mode: CacheMode
    public let ttl: @Sendable (ProviderID) -> CacheTTL
    public let now: @Sendable () -> Date

    public init(
        store: any AnswerStore, mode: CacheMode = .normal, ttl: @escaping @Sendable (ProviderID) -> CacheTTL = { _ in .standard },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.mode = mode
        self.ttl = ttl
        self.now = now
    }

    /// `provider` behind the cache in `mode` (see ``wrap(_:)``).
    public func wrap(_ provider: any DictionaryProvider, mode: CacheMode) -> any DictionaryProvider {
        LookupCache(store: store, mode: mode, ttl: ttl, now: now).wrap(provider)
    }

    /// `provider` behind the cache, keeping its capabilities (defining, translating, matching).
    ///
    /// Offline providers are returned as they are: reading a local database is faster than reading the cache.
    /// Providers that only produce random words are not cached either: a stored random word is not random.
    public func wrap(_ provider: any DictionaryProvider) -> any DictionaryProvider {
        guard provider.descriptor.requiresNetwork else { return provider }
        let layer = CacheLayer(cache: self, provider: provider)
        switch (provider.asDefiner, provider.asTranslator) {
        case (let definer?, let translator?): return CachedDefinerTranslator(layer: layer, definer: definer, translator: translator)
        case (let definer?, nil): return CachedDefiner(layer: layer, definer: definer)
        case (nil, let translator?): return CachedTranslator(layer: layer, translator: translator)
        case (nil, nil): return provider
        }
    }

    /// The cache key of `request` to a provider configured as `fingerprint` (its endpoint, DICT server and
    /// database: see ``LexAggCore/ProviderDescriptor/configurationFingerprint``): the source's digest, then the query
    /// as the provider receives it (NFC), with its language or direction. Answers cached from one source are never
    /// served for another.
    ///
    /// Case is kept: German *Essen* (food) and *essen* (to eat) are different words and different answers.
    public static func key(for request: ProviderRequest, fingerprint: String = "") -> String {
        let source = digest(fingerprint)
        return switch request {
        case .define(let query):
            "define|\(source)|\(query.language?.code ?? "*")|\(Normalization.nfc(query.term))"
        case .translate(let query):
            "translate|\(source)|\(query.pair.source.code)>\(query.pair.target.code)|\(Normalization.nfc(query.term))"
        }
    }

    /// A short stable digest (64-bit FNV-1a, hex) of a provider's configuration, so keys stay short and the
    /// configuration itself (a server name) is not spelled out in every key.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// The caching logic every decorator shares.
struct CacheLayer: Sendable {
    let cache: LookupCache
    let provider: any DictionaryProvider

    /// The provider's descriptor; offline, behind a local cache, it runs inline: only the file is asked.
    var descriptor: ProviderDescriptor {
        var descriptor = provider.descriptor
        if cache.mode == .offline && cache.store.answersInline { descriptor.runsInline = true }
        return descriptor
    }

    func answer(_ request: ProviderRequest, from source: () async throws -> LookupResult) async throws -> LookupResult {
        let id = descriptor.id
        let key = self.key(request)
        switch cache.mode {
        case .offline:
            // Fresh or not, a stored answer is all an offline lookup has. A fresh one is served as cached; an old
            // one is handed over by the strategy layer's fallback (``staleAnswer(to:)``), marked stale.
            if let record = await fresh(key) { return served(record) }
            let stored = await cache.store.read(provider: id, formatVersion: descriptor.formatVersion, key: key) != nil
            throw ProviderError(
                .offline, provider: id,
                message: stored ? "offline: the cached answer is out of date" : "offline, and not in the cache"
            )
        case .normal:
            if let record = await fresh(key) { return served(record) }
        case .refresh:
            break
        }
        let result = try await source()
        await cache.store.write(.init(
            provider: id, formatVersion: descriptor.formatVersion, key: key, result: result, storedAt: cache.now()
        ))
        return result
    }

    func freshAnswer(to request: ProviderRequest) async -> LookupResult? {
        guard cache.mode != .refresh else { return nil }
        return await fresh(key(request)).map(served)
    }

    func staleAnswer(to request: ProviderRequest) async -> LookupResult? {
        await cache.store.read(provider: descriptor.id, formatVersion: descriptor.formatVersion, key: key(request))
            .map(served)
    }

    private func key(_ request: ProviderRequest) -> String {
        LookupCache.key(for: request, fingerprint: descriptor.configurationFingerprint)
    }

    private func fresh(_ key: String) async -> CacheStore.Record? {
        guard let record = await cache.store.read(provider: descriptor.id, formatVersion: descriptor.formatVersion, key: key)
        else { return nil }
        let age = cache.now().timeIntervalSince(record.storedAt)
        // A record from the future (a clock set back) counts as fresh only within its time to live of now.
        let limit = cache.ttl(descriptor.id).limit(negative: record.isNegative).seconds
        return age < limit && age > -limit ? record : nil
    }

    private func served(_ record: CacheStore.Record) -> LookupResult {
        var result = record.result
        result.cachedAt = record.storedAt
        return result
    }
}

/// What every decorator forwards to the provider it wraps, or answers through the cache.
protocol CachedProvider: StoredAnswerProviding {
    var layer: CacheLayer { get }
}

extension CachedProvider {
    var descriptor: ProviderDescriptor { layer.descriptor }
    func availability() async -> ProviderAvailability { await layer.provider.availability() }
    func freshAnswer(to request: ProviderRequest) async -> LookupResult? { await layer.freshAnswer(to: request) }
    func staleAnswer(to request: ProviderRequest) async -> LookupResult? { await layer.staleAnswer(to: request) }
}

/// Defining through the cache; close spellings and matching headwords straight from the provider (never cached), and
/// none offline.
protocol CachedDefining: CachedProvider, DefinitionProviding, MatchProviding {
    var definer: any DefinitionProviding { get }
}

extension CachedDefining {
    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        try await layer.answer(.define(query)) { try await definer.lookup(query) }
    }

    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        guard layer.cache.mode != .offline, let matcher = definer.asMatcher else { return [] }
        return try await matcher.suggestions(for: query, limit: limit)
    }

    var matchStrategies: [MatchStrategy] { definer.asMatcher?.matchStrategies ?? [] }

    func match(_ query: MatchQuery) async throws -> [String] {
        guard layer.cache.mode != .offline, let matcher = definer.asMatcher else { return [] }
        return try await matcher.match(query)
    }
}

/// Translating through the cache.
protocol CachedTranslating: CachedProvider, TranslationProviding {
    var translator: any TranslationProviding { get }
}

extension CachedTranslating {
    func translate(_ query: TranslationQuery) async throws -> LookupResult {
        try await layer.answer(.translate(query)) { try await translator.translate(query) }
    }
}

/// A defining provider behind the cache.
struct CachedDefiner: CachedDefining {
    let layer: CacheLayer
    let definer: any DefinitionProviding
}

/// A translating provider behind the cache.
struct CachedTranslator: CachedTranslating {
    let layer: CacheLayer
    let translator: any TranslationProviding
}

/// A provider that both defines and translates, behind the cache.
struct CachedDefinerTranslator: CachedDefining, CachedTranslating {
    let layer: CacheLayer
    let definer: any DefinitionProviding
    let translator: any TranslationProviding
}
