import LexAggCore
import Logging

/// Which providers a request asks: the ones named, else the configured defaults, else every available provider
/// that can answer; metered providers only for a word of their language; unusable ones left out with a note.
struct ProviderSelection: Sendable {
    let registry: ProviderRegistry
    let defaults: [ProviderID]?
    let logger: Logger

    /// Providers named by the user, in their order.
    func named(_ names: [String]) throws(LookupServiceError) -> [any DictionaryProvider] {
        do { return try registry.resolve(names) } catch {
            throw LookupServiceError(.invalidRequest, error.description, reason: .registry(error))
        }
    }

    /// The providers that define words of `language`.
    func definers(language: Language?, options: RequestOptions) async throws(LookupServiceError)
        -> (providers: [any DefinitionProviding], notes: [ServiceNote])
    {
        if let names = options.providers {
            let selection = try named(names)
            let unusable = selection.filter { $0.asDefiner == nil }.map(\.descriptor.id)
            if !unusable.isEmpty {
                throw LookupServiceError(
                    .invalidRequest, "\(unusable.map(\.rawValue).joined(separator: ", ")) cannot look words up",
                    reason: .cannotLookUp(unusable))
            }
            return (try onlyOffline(selection.compactMap { $0.asDefiner }, options, \.descriptor), [])
        }
        let pool = defaults.map { ids in ids.compactMap { registry.provider($0) } }
        let candidates = registry.definers(for: language, among: pool).filter { provider in
            let descriptor = provider.descriptor
            guard descriptor.capabilities.contains(.define) else { return false }
            // Metered providers (PONS: 1,000 requests a month) are asked by default only when the word's language
            // is given and theirs; name them with --providers to ask them anyway.
            return language != nil || !descriptor.quota.isMetered
        }
        let (usable, notes) = await available(candidates)
        if usable.isEmpty {
            if let language, candidates.isEmpty {
                let known = Set(registry.providers.filter { $0.descriptor.capabilities.contains(.define) }
                    .flatMap(\.descriptor.languages)).sorted().map(\.code)
                throw LookupServiceError(
                    .invalidRequest,
                    "no provider defines \(language.englishName) words"
                        + (Language.isKnown(language) ? "" : " (is '\(language.code)' an ISO 639 code? e.g. en, de, fr, es)")
                        + (known.isEmpty ? "" : "; languages available: \(known.joined(separator: ", "))"),
                    reason: .noDefiner(language, isKnownLanguage: Language.isKnown(language), known: known)
                )
            }
            throw LookupServiceError(
                .unavailable,
                "no dictionary is usable" + (notes.isEmpty ? "; see 'lexagg doctor'"
                    : ":\n  " + notes.map(\.message).joined(separator: "\n  ")),
                reason: .noDictionaryUsable(notes: notes.map(\.message))
            )
        }
        return (try onlyOffline(usable, options, \.descriptor), notes)
    }

    /// The providers that translate in `pair`'s direction.
    func translators(_ pair: LanguagePair, options: RequestOptions, required: Bool = true) async throws(LookupServiceError)
        -> (providers: [any TranslationProviding], notes: [ServiceNote])
    {
        let selection = try options.providers.map { names throws(LookupServiceError) in try named(names) }
        var translators = registry.translators(for: pair, among: selection)
        var notes: [ServiceNote] = []
        if selection == nil {
            // Leave out providers that are not set up (PONS without a key), and say how to set them up.
            var configured: [any TranslationProviding] = []
            for translator in translators {
                switch await translator.availability() {
                case .notConfigured(let hint):
                    notes.append(ServiceNote(.notAsked, provider: translator.descriptor.id,
                                             message: "\(translator.descriptor.id): \(hint)"))
                case .unavailable(let reason):
                    notes.append(ServiceNote(.skipped, provider: translator.descriptor.id,
                                             message: "skipping \(translator.descriptor.id): \(reason)"))
                case .available:
                    configured.append(translator)
                }
            }
            translators = configured
        }
        guard required else { return (translators, notes) }
        // Named providers that cannot: say so of them, and which can, rather than that nothing translates it.
        if let selection, translators.isEmpty {
            try await Self.refuseUnusable(selection)
            let named = selection.map(\.descriptor.id)
            let others = await Self.usable(registry.translators(for: pair), besides: named, offline: options.offline)
            throw LookupServiceError(
                .invalidRequest,
                "\(named.map(\.rawValue).joined(separator: ", ")) cannot translate \(pair.source.englishName) → \(pair.target.englishName)"
                    + (others.isEmpty ? "" : "; these can: \(others.map(\.rawValue).joined(separator: ", "))"),
                reason: .namedNoTranslator(pair, named: named, others: others)
            )
        }
        guard !translators.isEmpty || notes.isEmpty else {
            let package = "dict-freedict-"
                + "\(Language.iso639_3(pair.source) ?? pair.source.code)-\(Language.iso639_3(pair.target) ?? pair.target.code)"
            throw LookupServiceError(
                .unavailable,
                "no provider set up here translates \(pair.source.englishName) → \(pair.target.englishName):\n  "
                    + notes.map(\.message).joined(separator: "\n  ")
                    + "\n  offline: install a FreeDict database for it, e.g. apt-get install " + package,
                reason: .noTranslatorSetUp(pair, notes: notes.map(\.message), package: package)
            )
        }
        guard !translators.isEmpty else {
            // The directions of the providers set up here (not PONS's hundred without its key).
            var usable: [any DictionaryProvider] = []
            for provider in registry.providers where !provider.descriptor.translationPairs.isEmpty {
                if case .notConfigured = await provider.availability() { continue }
                usable.append(provider)
            }
            let pairs = Set(usable.flatMap(\.descriptor.translationPairs).map(\.description)).sorted()
            throw LookupServiceError(
                .invalidRequest,
                "no provider translates \(pair.source.englishName) → \(pair.target.englishName)"
                    + (pairs.isEmpty
                        ? "; install a FreeDict database (e.g. apt-get install dict-freedict-eng-deu)"
                        : "; available directions: \(pairs.joined(separator: ", "))"),
                reason: .noTranslator(pair, directions: pairs)
            )
        }
        return (try onlyOffline(translators, options, \.descriptor), notes)
    }

    /// The ids of `providers` but `named` that could do what they cannot: set up here (not PONS without its key) and
    /// reachable (offline: those on this machine) — what a "these can" hint lists.
    static func usable(_ providers: [any DictionaryProvider], besides named: [ProviderID], offline: Bool) async -> [ProviderID] {
        var usable: [ProviderID] = []
        for provider in providers where !named.contains(provider.descriptor.id) {
            if offline && provider.descriptor.requiresNetwork { continue }
            if case .notConfigured = await provider.availability() { continue }
            usable.append(provider.descriptor.id)
        }
        return usable
    }

    /// When every provider named cannot be used at all (a damaged dataset), the request fails with why (69) — not
    /// with what they cannot do (64: "cannot translate English → Russian"). Asked only on that failure's way.
    static func refuseUnusable(_ named: [any DictionaryProvider]) async throws(LookupServiceError) {
        var notes: [String] = []
        for provider in named {
            if case .unavailable(let reason) = await provider.availability() { notes.append("\(provider.descriptor.id): \(reason)") }
        }
        guard !notes.isEmpty, notes.count == named.count else { return }
        throw LookupServiceError(
            .unavailable, "no dictionary is usable:\n  " + notes.joined(separator: "\n  "), reason: .noDictionaryUsable(notes: notes)
        )
    }

    /// The providers that give random words of `language`, in priority order.
    func randomSources(_ language: Language, options: RequestOptions) async throws(LookupServiceError)
        -> [any RandomWordProviding]
    {
        let named = try options.providers.map { names throws(LookupServiceError) in try self.named(names) }
        var candidates: [any RandomWordProviding] = []
        // (By capability, not only by type: a dictd database gives random words only when it is FreeDict's.)
        func gives(_ provider: any RandomWordProviding) -> Bool {
            provider.descriptor.capabilities.contains(.randomWords) && provider.descriptor.gives(language)
        }
        for provider in (named ?? registry.providers).compactMap(\.asRandomSource) where gives(provider) {
            if options.offline && provider.descriptor.requiresNetwork { continue }
            if named == nil, case .notConfigured = await provider.availability() { continue }
            candidates.append(provider)
        }
        // Unless named in an order: the online sources first, the offline ones (the word list, FreeDict's indexes)
        // as their fallback, whatever the order the registry lists them in (dictd databases come first there).
        if named == nil {
            candidates = candidates.filter(\.descriptor.requiresNetwork) + candidates.filter { !$0.descriptor.requiresNetwork }
        }
        if let named, candidates.isEmpty {
            let ids = named.map(\.descriptor.id)
            let sources = registry.providers.compactMap(\.asRandomSource).filter(gives)
            let others = await Self.usable(sources, besides: ids, offline: options.offline)
            throw LookupServiceError(
                .invalidRequest,
                "\(ids.map(\.rawValue).joined(separator: ", ")) cannot give random \(language.englishName) words"
                    + (others.isEmpty ? "" : "; these can: \(others.map(\.rawValue).joined(separator: ", "))"),
                reason: .namedNoRandomSource(language, named: ids, others: others)
            )
        }
        guard !candidates.isEmpty else {
            // The languages the providers that could be asked give (offline: those on this machine).
            let languages = Set(registry.providers.compactMap { $0.asRandomSource }
                .filter { $0.descriptor.capabilities.contains(.randomWords) && (!options.offline || !$0.descriptor.requiresNetwork) }
                .flatMap(\.descriptor.languages).map(\.code)).sorted()
            throw LookupServiceError(
                .invalidRequest,
                "no\(options.offline ? " offline" : "") provider gives random \(language.englishName) words"
                    + (languages.isEmpty ? "" : "; languages available: \(languages.joined(separator: ", "))"),
                reason: .noRandomSource(language, offline: options.offline, languages: languages)
            )
        }
        return candidates
    }

    /// The available ones among `candidates`; unusable ones are left out with a note, unconfigured ones silently.
    private func available(_ candidates: [any DefinitionProviding]) async -> ([any DefinitionProviding], [ServiceNote]) {
        var usable: [any DefinitionProviding] = []
        var notes: [ServiceNote] = []
        for provider in candidates {
            switch await provider.availability() {
            case .available: usable.append(provider)
            case .notConfigured(let hint):
                logger.debug("not asking \(provider.descriptor.id): not configured (\(hint))")
            case .unavailable(let reason):
                notes.append(ServiceNote(.skipped, provider: provider.descriptor.id,
                                         message: "skipping \(provider.descriptor.id): \(reason)"))
            }
        }
        return (usable, notes)
    }

    /// With `--offline --no-cache`, only providers that need no network can answer.
    private func onlyOffline<P: Sendable>(
        _ providers: [P], _ options: RequestOptions, _ descriptor: (P) -> ProviderDescriptor
    ) throws(LookupServiceError) -> [P] {
        guard options.offline && options.noCache else { return providers }
        let local = providers.filter { !descriptor($0).requiresNetwork }
        if local.isEmpty {
            let online = providers.map { descriptor($0).id }
            throw LookupServiceError(
                .invalidRequest,
                "--offline without the cache leaves no provider: "
                    + online.map(\.rawValue).joined(separator: ", ") + " need the network",
                reason: .offlineWithoutCache(needNetwork: online)
            )
        }
        return local
    }
}
