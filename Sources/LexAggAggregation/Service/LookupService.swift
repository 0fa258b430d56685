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

    // MARK: Definitions

    /// Providers chosen for defining words of one language: look up one word, or many.
    public struct Definitions: Sendable {
        let service: LookupService
        public let language: Language?
        public let target: Language?
        let options: AggregationOptions
        /// The providers asked, in priority order, behind the cache.
        public let definers: [any DefinitionProviding]
        /// The providers that know lemmas of inflected forms (WordNet's morphology), for the lemma fallback.
        let lemmatizers: LazyLemmatizers
        fileprivate let translators: [any TranslationProviding]
        /// Offline translating dictionaries not asked to define, told of when nothing defined the word.
        fileprivate let elsewhere: [any TranslationProviding]
        /// Providers left out, and why.
        public let notes: [ServiceNote]
        fileprivate let suggest: Bool
        /// Entries in these languages come first (the word's language when it is given, else the reader's).
        let readerLanguages: [Language]

        /// The ids of the providers asked.
        public var providerIDs: [ProviderID] { definers.map { $0.descriptor.id } }
        /// The ids of the providers asked for translations (``LookupService/definitions(language:translatingTo:options:)``).
        public var translatorIDs: [ProviderID] { translators.map { $0.descriptor.id } }

        /// Looks `query` up: every provider within the time limits; when nothing knew it, the lemma the providers that
        /// did not know it give for the word as typed, then looser spellings, then the other lemma fallbacks; exact
        /// spellings first, a merge when several providers answered, and close spellings when none did — all within
        /// one deadline.
        @_specialize(exported: true, where C == ContinuousClock)
        public func lookUp(_ query: LookupQuery) async -> LookupAnswer {
            let clock = service.clock
            let logger = service.logger
            let end = clock.now.advanced(by: options.deadline)
            var result = await Aggregator(options: options, clock: clock).define(query, using: definers)
            var matchedAs: String?
            var lemmas: [LemmaNote] = []
            // Lemmas: an inflected form a provider did not know is looked up as its lemma there (`walked` → `walk`),
            // and a form-of entry brings its lemma's entries (`plural of house` → `house`), within the deadline.
            // A form the dictionary that lacks the word lists itself (its morphology, an imported dump's `forms`) is
            // the word as typed, and comes before a looser spelling, which may be another word (French `mangé` is a
            // form of `manger`; `mange`, an English noun).
            let ownAskedAsTyped = !result.isFound && !result.allFailed
            if ownAskedAsTyped {
                (result, lemmas) = await followLemmas(of: query, in: result, matchedAs: nil, onlyOwnAsTyped: true, until: end)
            }
            if !result.isFound && !result.allFailed {
                // Nothing as typed: try looser spellings with the providers that said "not found", within what is
                // left of the deadline.
                let retry = notFound(in: result).providers
                for variant in Normalization.looserVariants(of: query.term) {
                    guard !retry.isEmpty, let remaining = remainingOptions(asking: retry, until: end),
                          let looser = try? LookupQuery(variant, language: query.language)
                    else { break }
                    logger.info("'\(query.term)' not found; trying '\(variant)' (\(formatSeconds(remaining.deadline)) left)")
                    let second = await Aggregator(options: remaining, clock: clock).define(looser, using: retry)
                    if second.isFound {
                        result = second
                        // (Unless the spelling differs by more than case and every entry is headed as typed: GCIDE's
                        // index has `Cafe`, its entry *Café*.)
                        let typed = query.term.lowercased()
                        let headedAsTyped = variant.lowercased() != typed && !second.entries.isEmpty
                            && second.entries.allSatisfy { $0.headword.lowercased() == typed }
                        matchedAs = headedAsTyped ? nil : variant
                        break
                    }
                }
            }
            if !result.allFailed, lemmas.isEmpty {
                // A dictionary that lacks the word asks its own morphology for it as typed too when the others found
                // it only under another headword (GCIDE answers `walked` with its entry *Walk*) — not when one has
                // it as a headword of its own (WordNet's *means* is no plural of *mean*; README's `glasses`) — unless
                // that dictionary also files the word under another headword (GCIDE answers `was` with *Was* and *Be*).
                // (Only asked when some provider said "not found": most lookups have none to ask again.)
                let knownAsItself = result.outcomes.contains { $0.status == .empty } && hasOwnEntry(for: query.term, in: result.entries)
                    && !filedUnderAnotherHeadword(query.term, in: result.entries)
                (result, lemmas) = await followLemmas(
                    of: query, in: result, matchedAs: matchedAs, ownAskedAsTyped: ownAskedAsTyped || knownAsItself,
                    until: end
                )
            }
            if let target, let source = query.language, !translators.isEmpty,
               let translation = try? TranslationQuery(query.term, from: source, to: target)
            {
                var remaining = options
                remaining.deadline = max(.zero, clock.now.duration(to: end))
                var translated = await Aggregator(options: remaining, clock: clock).translate(translation, using: translators)
                // An inflected form the translators do not know: its lemmas' translations (`mangé` → manger's;
                // `leaves` → leaf's and leave's).
                if translated.entries.isEmpty, !lemmas.isEmpty, let (found, _) = await service.translate(
                    lemmas: lemmas.map(\.formOf.lemma), of: translation.pair, using: translators, limits: options, until: end
                ) {
                    translated = found
                }
                result.entries += translated.entries
                result.outcomes += translated.outcomes
            }
            service.log(result)
            result.entries.removeAll { $0.isEmpty }
            result.entries = Normalization.exactFirst(result.entries, term: matchedAs ?? query.term)
            // One provider's answer is shown as it gave it (its entries already are its own structure); several
            // providers' answers are merged and ranked (see SenseMerger for the rules).
            var scores: [[[SenseScore]]] = []
            if Set(result.entries.map { $0.provenance.provider }).count > 1 {
                // The merger takes entries in provider priority order (its "best source first" breaks ties by it);
                // the lemma fallback appended a lemma's entries after the form's, so they are put back in that order.
                let priority = Dictionary(definers.enumerated().map { ($1.descriptor.id, $0) }) { first, _ in first }
                let ordered = result.entries.enumerated().sorted {
                    (priority[$0.element.provenance.provider] ?? definers.count, $0.offset)
                        < (priority[$1.element.provenance.provider] ?? definers.count, $1.offset)
                }.map { $0.element }
                let merged = SenseMerger(configuration: service.configuration.merge).merge(ordered, query: query.term)
                logger.debug("merged \(result.entries.count) entries into \(merged.entries.count)")
                result.entries = merged.entries
                scores = merged.scores
            }
            if !readerLanguages.isEmpty {
                let order = Normalization.readersFirst(result.entries.map { $0.language }, readerLanguages)
                if !order.elementsEqual(result.entries.indices) {  // else nothing to move (and copy)
                    result.entries = order.map { result.entries[$0] }
                    if !scores.isEmpty { scores = order.map { scores[$0] } }
                }
            }
            var suggestions: [String] = []
            // A word without a letter or digit (an emoji, punctuation) has no close spellings: every one-letter word
            // is one edit from it.
            if suggest && !result.isFound && !result.allFailed
                && query.term.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                suggestions = await self.suggestions(for: query, until: end)
            }
            var answer = LookupAnswer(
                term: query.term, language: query.language, targetLanguage: target, result: result, scores: scores,
                matchedAs: matchedAs, lemmas: lemmas, suggestions: suggestions, notes: notes
            )
            if !result.isFound { answer.translatableBy = await translatable(query) }
            return answer
        }

        /// The offline translating dictionaries that have `query` in a direction from its language (from any, when
        /// it is not given), each once: `lookup Haus --lang de` found nothing to define it where FreeDict's
        /// German–English has it.
        func translatable(_ query: LookupQuery) async -> [TranslationHint] {
            var hints: [TranslationHint] = []
            for translator in elsewhere {
                for pair in translator.descriptor.translationPairs where query.language.map(pair.source.matches) ?? true {
                    guard let asked = try? TranslationQuery(query.term, from: pair.source, to: pair.target),
                          let found = try? await translator.translate(asked), !found.isEmpty
                    else { continue }
                    hints.append(TranslationHint(provider: translator.descriptor.id, pair: pair))
                    break
                }
            }
            return hints
        }

        /// Close spellings from every matching provider — offline ones inline, online ones concurrently, all within
        /// what is left of the deadline — ranked together by ``SpellingRanker`` (typing cost with swaps, keyboard
        /// neighbours and doubled letters, sound, agreement), with the English function words WordNet lacks as one
        /// more source for a word that may be English.
        func suggestions(for query: LookupQuery, until end: C.Instant) async -> [String] {
            let clock = service.clock
            let limit = service.configuration.suggestionLimit
            // Each provider gives more candidates than are shown: the ranking, not the provider, decides.
            let candidates = max(limit * 4, 20)
            let matchers = definers.compactMap { $0.asMatcher }
            guard !matchers.isEmpty else { return [] }
            var lists = [[String]](repeating: [], count: matchers.count)
            let online = matchers.indices.filter { !matchers[$0].descriptor.runsInline }
            for index in matchers.indices where matchers[index].descriptor.runsInline {
                lists[index] = (try? await matchers[index].suggestions(for: query, limit: candidates)) ?? []
            }
            let left = clock.now.duration(to: end)
            if !online.isEmpty && left > .zero {
                let found = await withTaskGroup(of: (Int, [String]).self) { group in
                    for index in online {
                        let matcher = matchers[index]
                        group.addTask { @concurrent in
                            let words = try? await Aggregator<C>.withTimeout(left, clock: clock, provider: matcher.descriptor.id) {
                                try await matcher.suggestions(for: query, limit: candidates)
                            }
                            return (index, words ?? [])
                        }
                    }
                    var found: [(Int, [String])] = []
                    for await pair in group { found.append(pair) }
                    return found
                }
                for (index, words) in found { lists[index] = words }
            } else if !online.isEmpty {
                service.logger.info("no time left to ask \(online.map { matchers[$0].descriptor.id.rawValue }.joined(separator: ", ")) for close spellings")
            }
            if query.language.map({ $0.primary == Language.english.primary }) ?? true {
                lists.append(EnglishFunctionWords.near(query.term))
            }
            let ranked = SpellingRanker.scored(query.term, candidates: lists, language: query.language)
            service.logger.debug("close spellings of '\(query.term)': \(ranked.prefix(limit * 2).map { "\($0.word) \(($0.score * 100).rounded() / 100)" }.joined(separator: ", "))")
            return Array(ranked.prefix(limit).map(\.word))
        }
    }

    /// Providers chosen for random words of one language: the first that answers gives the words.
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
    fileprivate func log(_ result: AggregatedResult) {
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

/// Whether a provider that has an entry headed by `term` (case aside) also answered it with an entry of another
/// headword: the dictionary files the word under its lemma too (GCIDE's `was`: *Was* and *Be*).
private func filedUnderAnotherHeadword(_ term: String, in entries: [Entry]) -> Bool {
    let lowered = term.lowercased()
    let own = Set(entries.filter { $0.headword.lowercased() == lowered }.map(\.provenance.provider))
    return entries.contains { $0.headword.lowercased() != lowered && own.contains($0.provenance.provider) }
}

/// Whether `entries` have one headed by `term` itself (case aside) with a sense that is not only a form of another
/// word, and none that is only a form: then `term` is a word of its own there, not an inflected form. A dictionary
/// that has both (GCIDE's *Went*: an obsolete noun, and the past tense of *wend*) says it is a form too, and the
/// morphology of the others is asked (`went` → *go*). By index: `allSenses` copies every sense.
private func hasOwnEntry(for term: String, in entries: [Entry]) -> Bool {
    let lowered = term.lowercased()
    var own = false
    for index in entries.indices where entries[index].headword.lowercased() == lowered {
        let groups = entries[index].senseGroups
        var senses = 0, forms = 0
        for group in groups.indices {
            senses += groups[group].senses.count
            forms += groups[group].senses.count { $0.formOf != nil }
        }
        if senses > 0, forms == senses {
            // A form of itself (GCIDE's `Read: imp. & p. p. of {Read}`) or an obsolete one (`Red: obs. imp. of
            // {Read}`) says nothing of what the word is now.
            guard let first = groups.lazy.flatMap(\.senses).first?.formOf,
                  first.lemma.lowercased() != lowered, !isObsolete(first, in: groups)
            else { continue }
            return false
        }
        if forms < senses { own = true }
    }
    return own
}
