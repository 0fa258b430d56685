import LexAggCore
import Logging

/// The one way to answer a dictionary request. Every consumer — the CLI's commands, `library add`, the quiz, the
/// servers — asks this service and only renders what it returns.
///
/// It owns, for each request:
/// - **selection**: the providers named, else the configured defaults, else every available one that can answer
///   (metered providers only for a word of their language), see ``ProviderSelection``;
/// - **the cache**: every provider asked is wrapped by ``AnswerCaching`` in the request's ``CacheMode``;
/// - **the strategy and deadlines** on the injected clock (``Aggregator``);
/// - **fallbacks**: a stale cached answer for a failing source (in the cache decorator and the aggregator), looser
///   spellings (case, diacritics) within the same deadline;
/// - **merging and ranking** (``SenseMerger``) when several providers answered;
/// - **suggestions** from every matching provider, within the same deadline;
/// - for long-running consumers, a **memo** of whole answers (``AnswerMemo``) in front of `define` and `translate`.
public struct LookupService<C: Clock>: Sendable where C.Duration == Duration {
    /// The service's standing configuration (the consumer's settings: file, environment, defaults).
    public struct Configuration: Sendable {
        /// Strategy and time limits, unless a request says otherwise.
        public var aggregation: AggregationOptions
        /// Provider weights and merge thresholds.
        public var merge: SenseMerger.Configuration
        /// The providers asked when a request names none (`lookup.providers`); `nil`: every available one.
        public var defaultProviders: [ProviderID]?
        /// Whether online answers are cached at all.
        public var cacheEnabled: Bool
        /// The most close spellings suggested.
        public var suggestionLimit: Int

        public init(
            aggregation: AggregationOptions = AggregationOptions(), merge: SenseMerger.Configuration = .init(),
            defaultProviders: [ProviderID]? = nil, cacheEnabled: Bool = true, suggestionLimit: Int = 5
        ) {
            self.aggregation = aggregation
            self.merge = merge
            self.defaultProviders = defaultProviders
            self.cacheEnabled = cacheEnabled
            self.suggestionLimit = suggestionLimit
        }
    }

    public let registry: ProviderRegistry
    public let configuration: Configuration
    private let cache: (any AnswerCaching)?
    /// Whole answers of recent `define` and `translate` requests; `nil`: every request is worked out afresh.
    public let memo: AnswerMemo<C>?
    let clock: C
    let logger: Logger

    public init(
        registry: ProviderRegistry, configuration: Configuration = Configuration(), cache: (any AnswerCaching)?,
        memo: AnswerMemo<C>? = nil, clock: C, logger: Logger
    ) {
        self.registry = registry
        self.configuration = configuration
        self.cache = cache
        self.memo = memo
        self.clock = clock
        self.logger = logger
    }

    var selection: ProviderSelection {
        ProviderSelection(registry: registry, defaults: configuration.defaultProviders, logger: logger)
    }

    // MARK: Requests

    /// Chooses the providers for defining words of `language` once, for one word or a whole batch.
    ///
    /// - Parameter target: also translate each word into this language (`library add --to`), with the providers
    ///   that translate in that direction (none is required).
    /// - Throws: ``LookupServiceError`` when no provider can answer at all.
    public func definitions(language: Language?, translatingTo target: Language? = nil, options: RequestOptions = .init())
        async throws(LookupServiceError) -> Definitions
    {
        try validate(options)
        let (definers, notes) = try await selection.definers(language: language, options: effective(options))
        var translators: [any TranslationProviding] = []
        if let target, let language, !language.matches(target) {
            translators = try await selection.translators(
                LanguagePair(source: language, target: target), options: RequestOptions(offline: options.offline), required: false
            ).providers
        }
        // The offline translating dictionaries of the word's language (of any, when it is not given), for
        // ``LookupAnswer/translatableBy`` — not when the user named the providers to ask. Chosen by their
        // descriptors alone: nothing is opened unless a word is not found (an unusable one then throws, and is
        // passed over).
        var elsewhere: [any TranslationProviding] = []
        if options.providers == nil {
            let asked = Set(definers.map(\.descriptor.id))
            for provider in registry.providers where provider.descriptor.runsInline && !asked.contains(provider.descriptor.id) {
                guard provider.descriptor.translationPairs.contains(where: { language.map($0.source.matches) ?? true }),
                      let translator = provider.asTranslator
                else { continue }
                elsewhere.append(translator)
            }
        }
        let mode = cacheMode(options)
        logger.info("define: asking \(definers.map(\.descriptor.id.rawValue).joined(separator: ", ")) (\(strategy(options).rawValue), cache \(mode.map(\.rawValue) ?? "off"))")
        for note in notes { logger.info("\(note.message)") }
        return Definitions(
            service: self, language: language, target: target, options: aggregationOptions(options),
            definers: definers.map { wrap($0, mode) },
            lemmatizers: LazyLemmatizers(selection, language: language),
            translators: translators.map { wrap($0, mode) }, elsewhere: elsewhere, notes: notes, suggest: options.suggest,
            readerLanguages: language.map { [$0] } ?? options.readerLanguages
        )
    }

    /// Looks one word up: ``definitions(language:translatingTo:options:)`` then ``Definitions/lookUp(_:)`` — or
    /// the memo's answer to the same request, when there is one.
    @_specialize(exported: true, where C == ContinuousClock)
    public func define(_ query: LookupQuery, options: RequestOptions = .init()) async throws(LookupServiceError)
        -> LookupAnswer
    {
        let key = AnswerMemo<C>.Key(kind: .define, term: query.term, language: query.language, options: options)
        let providers = memo == nil ? 0 : registry.replacements
        if let kept = remembered(key, providers: providers) { return kept }
        let answer = try await definitions(language: query.language, options: options).lookUp(query)
        memo?.store(answer, for: key, providers: providers)
        return answer
    }

    /// Translates `query` in its direction with every provider that can, through the cache.
    @_specialize(exported: true, where C == ContinuousClock)
    public func translate(_ query: TranslationQuery, options: RequestOptions = .init()) async throws(LookupServiceError)
        -> LookupAnswer
    {
        let key = AnswerMemo<C>.Key(
            kind: .translate, term: query.term, language: query.pair.source, target: query.pair.target, options: options
        )
        let providers = memo == nil ? 0 : registry.replacements
        if let kept = remembered(key, providers: providers) { return kept }
        let answer = try await translateAfresh(query, options: options)
        memo?.store(answer, for: key, providers: providers)
        return answer
    }

    private func translateAfresh(_ query: TranslationQuery, options: RequestOptions) async throws(LookupServiceError)
        -> LookupAnswer
    {
        try validate(options)
        let (translators, notes) = try await selection.translators(query.pair, options: effective(options))
        let mode = cacheMode(options)
        logger.info("translate \(query.pair): asking \(translators.map(\.descriptor.id.rawValue).joined(separator: ", ")) (cache \(mode.map(\.rawValue) ?? "off"))")
        let limits = aggregationOptions(options)
        let end = clock.now.advanced(by: limits.deadline)
        let wrapped = translators.map { wrap($0, mode) }
        var result = await Aggregator(options: limits, clock: clock).translate(query, using: wrapped)
        var lemmas: [LemmaNote] = []
        if !result.isFound && !result.allFailed {
            (result, lemmas) = await translateLemma(of: query, in: result, using: wrapped, limits: limits, until: end)
        } else if result.isFound {
            lemmas = await formNotes(of: query, filedUnder: result.entries)
        }
        log(result)
        return LookupAnswer(
            term: query.term, language: query.pair.source, targetLanguage: query.pair.target, result: result,
            lemmas: lemmas, notes: notes
        )
    }

    /// An inflected form no translator knows (`Bänke`) is translated as its lemmas (`Bank`), as `lookup` looks it up:
    /// the lemmas the translators' own morphology gives (an imported dump's `forms`), then the other lemmatizers' of
    /// the source language (WordNet's), most likely first, within what is left of the deadline; every lemma of the
    /// first lemmatizer whose lemmas are translated (`leaves`: *leaf* and *leave*).
    private func translateLemma(
        of query: TranslationQuery, in result: AggregatedResult, using translators: [any TranslationProviding],
        limits: AggregationOptions, until end: C.Instant
    ) async -> (AggregatedResult, [LemmaNote]) {
        let own = translators.compactMap(\.asLemmatizer)
        let others = await selection.lemmatizers(language: query.pair.source)
            .filter { other in !own.contains { $0.descriptor.id == other.descriptor.id } }
        guard let asked = try? LookupQuery(query.term, language: query.pair.source) else { return (result, []) }
        for lemmatizer in own + others {
            let forms = (try? await lemmatizer.lemmas(of: asked)) ?? []
            var candidates = LemmaCandidates(provider: lemmatizer.descriptor.id)
            let asking = forms.filter { $0.lemma != query.term && candidates.isNew($0) }
            guard !asking.isEmpty else { continue }
            logger.info("translate '\(query.term)': not found; its lemmas \(asking.map(\.lemma)) (\(lemmatizer.descriptor.id))")
            if let (translated, added) = await translate(
                lemmas: asking.map(\.lemma), of: query.pair, using: translators, limits: limits, until: end
            ) {
                for index in added { candidates.found(asking[index]) }
                // A lemma listed again with another form (`leaves`: *leave*, plural or third person) takes it into
                // its note.
                for form in forms { _ = candidates.isNew(form) }
                return (translated, candidates.notes)
            }
        }
        return (result, [])
    }

    /// When a translator files the word under another headword only (FreeDict's index sends `went` to *go*), what the
    /// word is of it, as the lemmatizers say (`went: past tense of go`): the answer headed *go* came with no word of
    /// why. None when an entry is headed as the word is, or no lemmatizer names a headword of the answer.
    func formNotes(of query: TranslationQuery, filedUnder entries: [Entry]) async -> [LemmaNote] {
        let typed = query.term.lowercased()
        guard !entries.isEmpty, !entries.contains(where: { $0.headword.lowercased() == typed }),
              let asked = try? LookupQuery(query.term, language: query.pair.source)
        else { return [] }
        let headwords = Set(entries.map { $0.headword.lowercased() })
        for lemmatizer in await selection.lemmatizers(language: query.pair.source) where !lemmatizer.descriptor.requiresNetwork {
            var candidates = LemmaCandidates(provider: lemmatizer.descriptor.id)
            let forms = (try? await lemmatizer.lemmas(of: asked)) ?? []
            for form in forms where headwords.contains(form.lemma.lowercased()) && candidates.isNew(form) {
                candidates.found(form)
            }
            if !candidates.notes.isEmpty { return candidates.notes }
        }
        return []
    }

    /// Translates `lemmas` (of a form no translator knew) in `pair` with `translators`, in order, within what is left
    /// of the deadline `end` (only offline translators are asked once it has passed): the first answer, then each
    /// later one's new entries (``AggregatedResult/add(answersOf:)``), and the indices of the lemmas that added some.
    /// Nil when none was found.
    func translate(
        lemmas: [String], of pair: LanguagePair, using translators: [any TranslationProviding], limits: AggregationOptions,
        until end: C.Instant
    ) async -> (AggregatedResult, [Int])? {
        var merged: AggregatedResult?
        var added: [Int] = []
        for (index, lemma) in lemmas.enumerated() {
            let left = max(.zero, clock.now.duration(to: end))
            // Past the deadline the offline translators are still asked (they answer at once), the others not.
            let asking = left > .zero ? translators : translators.filter { $0.descriptor.runsInline }
            guard !asking.isEmpty else { break }
            guard let query = try? TranslationQuery(lemma, from: pair.source, to: pair.target) else { continue }
            var remaining = limits
            remaining.deadline = left
            remaining.providerTimeout = min(remaining.providerTimeout, left)
            let answer = await Aggregator(options: remaining, clock: clock).translate(query, using: asking)
            guard answer.isFound else { continue }
            if merged == nil { merged = answer } else if merged?.add(answersOf: answer) != true { continue }
            added.append(index)
        }
        return merged.map { ($0, added) }
    }

    /// The lemmas the offline lemmatizers give for `query` (WordNet's morphology, imported dumps' `forms`), most
    /// likely first, each once: what the library looks for when a word is not saved as typed (`walked`, saved as
    /// `walk`). No network is used.
    public func lemmas(of query: LookupQuery) async -> [FormOf] {
        var found: [FormOf] = []
        for lemmatizer in await selection.lemmatizers(language: query.language) where !lemmatizer.descriptor.requiresNetwork {
            for form in (try? await lemmatizer.lemmas(of: query)) ?? [] where !found.contains(where: { $0.lemma == form.lemma }) {
                found.append(form)
            }
        }
        return found
    }

    /// Chooses the random-word providers for `language` once (for several batches, as browsing needs).
    public func randomWords(language: Language, options: RequestOptions = .init()) async throws(LookupServiceError)
        -> RandomWords
    {
        let sources = try await selection.randomSources(language, options: options)
        logger.info("random \(language.code): trying \(sources.map(\.descriptor.id.rawValue).joined(separator: ", ")) in order")
        return RandomWords(language: language, sources: sources, limits: aggregationOptions(options), clock: clock, logger: logger)
    }

    // MARK: Helpers

    /// The memo's answer to the request `key`, made with the registry's generation `providers`, unless the request
    /// asks the sources again (`refresh`).
    private func remembered(_ key: AnswerMemo<C>.Key, providers: Int) -> LookupAnswer? {
        guard let memo, !key.options.refresh, let kept = memo.answer(for: key, providers: providers) else { return nil }
        logger.debug("\(key.kind) '\(key.term)': answered from the memo")
        return kept
    }

    /// Offline with no cache to read (none configured, or `--no-cache`), only offline providers can answer.
    private func effective(_ options: RequestOptions) -> RequestOptions {
        var options = options
        if options.offline && cacheMode(options) == nil { options.noCache = true }
        return options
    }

    func validate(_ options: RequestOptions) throws(LookupServiceError) {
        if options.refresh && (options.offline || options.noCache) {
            throw LookupServiceError(
                .invalidRequest,
                "--refresh asks the sources again and caches their answers; it cannot go with "
                    + (options.offline ? "--offline" : "--no-cache"),
                reason: .refreshConflict(offline: options.offline)
            )
        }
    }

    private func strategy(_ options: RequestOptions) -> LookupStrategy {
        options.strategy ?? configuration.aggregation.strategy
    }

    /// The configured limits, with the request's strategy and timeout over them. A request's timeout sets both
    /// the deadline and the per-provider limit; a provider's own configured limit still applies within it.
    func aggregationOptions(_ options: RequestOptions) -> AggregationOptions {
        var aggregation = configuration.aggregation
        aggregation.strategy = strategy(options)
        if let timeout = options.timeout {
            aggregation.deadline = timeout
            aggregation.providerTimeout = timeout
        }
        return aggregation
    }

    private func cacheMode(_ options: RequestOptions) -> CacheMode? {
        guard cache != nil, configuration.cacheEnabled, !options.noCache else { return nil }
        return options.offline ? .offline : options.refresh ? .refresh : .normal
    }

    private func wrap(_ provider: any DefinitionProviding, _ mode: CacheMode?) -> any DefinitionProviding {
        guard let mode, let cache else { return provider }
        return cache.wrap(provider, mode: mode).asDefiner ?? provider
    }

    private func wrap(_ provider: any TranslationProviding, _ mode: CacheMode?) -> any TranslationProviding {
        guard let mode, let cache else { return provider }
        return cache.wrap(provider, mode: mode).asTranslator ?? provider
    }

    /// One log line per provider: where its answer came from (source, cache, stale), how long it took, or why it
    /// failed, with the cause.
    func log(_ result: AggregatedResult) {
        // Nothing to do unless info is logged: each outcome's latency text was made (and the outcome copied) before
        // the logger could drop the message, a thousand times in a batch.
        guard logger.logLevel <= .info else { return }
        for outcome in result.outcomes {
            let latency = "\(outcome.latency.milliseconds) ms"
            switch (outcome.status, outcome.origin) {
            case (.failed(let error), _):
                logger.info("\(outcome.provider): failed after \(latency): \(error.logDescription)")
            case (_, .cache(let storedAt)):
                logger.info("\(outcome.provider): cache hit (stored \(storedAt)), \(outcome.status.summary)")
            case (_, .stale(let storedAt, let error)):
                logger.info("\(outcome.provider): stale cache answer (stored \(storedAt)) because \(error.logDescription)")
            case (_, .source):
                logger.info("\(outcome.provider): \(outcome.status.summary) from the source in \(latency)")
            }
        }
    }
}

extension LookupService where C == ContinuousClock {
    public init(
        registry: ProviderRegistry, configuration: Configuration = Configuration(), cache: (any AnswerCaching)?,
        memo: AnswerMemo<ContinuousClock>.Limits? = nil, logger: Logger
    ) {
        let clock = ContinuousClock()
        self.init(
            registry: registry, configuration: configuration, cache: cache,
            memo: memo.map { AnswerMemo(limits: $0, clock: clock) }, clock: clock, logger: logger
        )
    }
}

extension ProviderOutcome.Status {
    var summary: String {
        switch self {
        case .answered(let entries): "\(entries) entr\(entries == 1 ? "y" : "ies")"
        case .empty: "not found"
        case .failed(let error): "failed: \(error.code)"
        }
    }
}

extension ProviderError {
    /// The error with what it wraps, for logs: `timeout: no answer within 5 s (at https://…) ← underlying`.
    public var logDescription: String {
        var text = "\(code): \(message)"
        if let location { text += " (at \(location))" }
        if let httpStatus { text += " [HTTP \(httpStatus)]" }
        if let underlying { text += " ← \(underlying)" }
        return text
    }
}

extension Duration {
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
