import LexAggAggregation
import LexAggCore

// Building the documents from the lookup service's answers, the same way for the CLI and the servers.

extension JSONOutput.LookupDocument {
    /// The document of one answer: `lookup` (one word, or one NDJSON line of a batch) or `translate`.
    ///
    /// - Parameter explain: include each merged sense's score (`--explain`).
    public init(command: String, answer: LookupAnswer, explain: Bool = false) {
        self.init(
            command: command,
            query: JSONOutput.Query(
                term: answer.term, language: answer.language, targetLanguage: answer.targetLanguage,
                matchedAs: answer.matchedAs, lemmas: answer.lemmas.map(JSONOutput.Lemma.init)
            ),
            found: answer.isFound,
            entries: answer.result.entries, outcomes: answer.result.outcomes.map(JSONOutput.Outcome.init),
            suggestions: answer.suggestions,
            scores: explain && !answer.scores.isEmpty ? answer.scores : nil,
            translatableBy: answer.translatableBy.isEmpty ? nil : answer.translatableBy.map {
                JSONOutput.Translatable(provider: $0.provider, source: $0.pair.source, target: $0.pair.target)
            }
        )
    }
}

extension JSONOutput.RandomDocument {
    /// The document of random words that a provider gave (`answer.provider` is set).
    public init(answer: RandomWordsAnswer, provider: ProviderID) {
        self.init(
            language: answer.language, words: answer.words, provider: provider,
            fallbackFrom: answer.failures.map { JSONOutput.Fallback(provider: $0.provider, error: JSONOutput.ErrorInfo($0)) }
        )
    }
}

extension JSONOutput.ProvidersDocument {
    public init(providers: [JSONOutput.ProviderInfo], problems: [String]) {
        self.init(schemaVersion: JSONOutput.schemaVersion, command: "providers", providers: providers, problems: problems)
    }
}

extension JSONOutput.ProviderInfo {
    /// Every provider of `registry`, described without asking any source: an external provider not seen before
    /// starts (within its own time limit) to learn its descriptor; availability is what lexagg knows locally.
    public static func listing(of registry: ProviderRegistry) async -> [JSONOutput.ProviderInfo] {
        var infos: [JSONOutput.ProviderInfo] = []
        for provider in registry.providers {
            if let discovering = provider.asDiscovering { await discovering.discoverDescriptor() }
            let availability = await provider.availability()
            let descriptor = provider.descriptor
            var reason: String?
            var status = descriptor.requiresNetwork ? "configured" : "ready"
            switch availability {
            case .available: break
            case .notConfigured(let hint): (reason, status) = (hint, "not configured")
            case .unavailable(let why): (reason, status) = (why, "unavailable")
            }
            infos.append(JSONOutput.ProviderInfo(
                id: descriptor.id, name: descriptor.displayName,
                description: provider.asDescribed?.shortDescription(),
                capabilities: descriptor.capabilities.names, languages: descriptor.languages,
                translations: descriptor.translationPairs.map(\.description),
                mode: descriptor.requiresNetwork ? "online" : "offline",
                requiresCredentials: descriptor.requiresCredentials, source: descriptor.source,
                available: availability.isAvailable, status: status, unavailableReason: reason,
                matchStrategies: provider.asMatcher?.matchStrategies ?? []
            ))
        }
        return infos
    }
}

extension JSONOutput {
    /// `match`: headwords matching a pattern, all of them once and each provider's own list.
    public struct MatchDocument: Encodable, Sendable {
        public var schemaVersion = JSONOutput.schemaVersion
        public var command = "match"
        public var pattern: String
        public var strategy: MatchStrategy
        public var language: Language?
        public var found: Bool
        /// Every headword once (ignoring case), in provider order.
        public var words: [String]
        public var matches: [ProviderWords]
        /// `entries` counts the provider's headwords.
        public var outcomes: [Outcome]

        public init(answer: MatchAnswer) {
            pattern = answer.query.pattern
            strategy = answer.query.strategy
            language = answer.query.language
            found = answer.isFound
            words = answer.words
            matches = answer.matches.map { ProviderWords(provider: $0.provider, words: $0.words) }
            outcomes = answer.outcomes.map(Outcome.init)
        }
    }

    public struct ProviderWords: Encodable, Sendable {
        public var provider: ProviderID
        public var words: [String]
    }
}
