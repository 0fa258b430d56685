import LexAggCore
import Logging

/// Headwords matching a pattern, from every provider asked, in provider order.
public struct MatchAnswer: Sendable, Hashable {
    public var query: MatchQuery
    /// Each provider's headwords, in the order providers were asked; providers that found none are left out.
    public var matches: [ProviderMatches]
    /// Every provider asked: how many headwords it gave, or why it failed (`answered(entries:)` counts headwords).
    public var outcomes: [ProviderOutcome]
    /// Providers left out, and why.
    public var notes: [ServiceNote]

    public init(query: MatchQuery, matches: [ProviderMatches], outcomes: [ProviderOutcome], notes: [ServiceNote] = []) {
        self.query = query
        self.matches = matches
        self.outcomes = outcomes
        self.notes = notes
    }

    /// Every headword once (ignoring case), in provider order.
    public var words: [String] {
        var seen = Set<String>()
        return matches.flatMap(\.words).filter { seen.insert($0.lowercased()).inserted }
    }

    public var isFound: Bool { matches.contains { !$0.words.isEmpty } }

    /// Every provider asked failed (as opposed to finding nothing).
    public var allFailed: Bool {
        !outcomes.isEmpty && outcomes.allSatisfy { if case .failed = $0.status { true } else { false } }
    }

    /// The failures, in provider order.
    public var failures: [ProviderError] {
        outcomes.compactMap { if case .failed(let error) = $0.status { error } else { nil } }
    }
}

/// One provider's headwords for a pattern.
public struct ProviderMatches: Sendable, Hashable {
    public var provider: ProviderID
    public var words: [String]

    public init(provider: ProviderID, words: [String]) {
        self.provider = provider
        self.words = words
    }
}

extension LookupService {
    /// Headwords matching `query` from every provider that matches by its strategy: offline ones inline, online ones
    /// concurrently, each within the provider time limit and all within the request's deadline. Not cached.
    ///
    /// - Throws: ``LookupServiceError`` when no provider matches by the strategy (or none is named that can).
    public func match(_ query: MatchQuery, options: RequestOptions = .init()) async throws(LookupServiceError)
        -> MatchAnswer
    {
        try validate(options)
        let (matchers, notes) = try await selection.matchers(query, options: options)
        logger.info("match \(query.strategy) '\(query.pattern)': asking \(matchers.map(\.descriptor.id.rawValue).joined(separator: ", "))")
        let limits = aggregationOptions(options)
        let clock = self.clock
        let end = clock.now.advanced(by: limits.deadline)
        var results = [(words: [String], outcome: ProviderOutcome)?](repeating: nil, count: matchers.count)

        func ask(_ matcher: any MatchProviding, within limit: Duration?) async -> ([String], ProviderOutcome) {
            let id = matcher.descriptor.id
            let start = clock.now
            do {
                let words: [String]
                if let limit {
                    words = try await Aggregator<C>.withTimeout(limit, clock: clock, provider: id) { try await matcher.match(query) }
                } else {
                    words = try await matcher.match(query)
                }
                let kept = Array(words.prefix(query.limit))
                let status: ProviderOutcome.Status = kept.isEmpty ? .empty : .answered(entries: kept.count)
                return (kept, ProviderOutcome(provider: id, status: status, latency: start.duration(to: clock.now)))
            } catch {
                let failure = ProviderError.wrapping(error, provider: id)
                return ([], ProviderOutcome(provider: id, status: .failed(failure), latency: start.duration(to: clock.now)))
            }
        }

        for index in matchers.indices where matchers[index].descriptor.runsInline {
            results[index] = await ask(matchers[index], within: nil)
        }
        let online = matchers.indices.filter { !matchers[$0].descriptor.runsInline }
        if !online.isEmpty {
            let limit = min(limits.providerTimeout, max(.zero, clock.now.duration(to: end)))
            let answered = await withTaskGroup(of: (Int, [String], ProviderOutcome).self) { group in
                for index in online {
                    let matcher = matchers[index]
                    group.addTask { @concurrent in
                        let (words, outcome) = await ask(matcher, within: limit)
                        return (index, words, outcome)
                    }
                }
                var answered: [(Int, [String], ProviderOutcome)] = []
                for await result in group { answered.append(result) }
                return answered
            }
            for (index, words, outcome) in answered { results[index] = (words, outcome) }
        }
        let asked = results.compactMap { $0 }
        for (_, outcome) in asked {
            logger.info("\(outcome.provider): \(outcome.status.summary) in \(outcome.latency.milliseconds) ms")
        }
        return MatchAnswer(
            query: query,
            matches: asked.filter { !$0.words.isEmpty }.map { ProviderMatches(provider: $0.outcome.provider, words: $0.words) },
            outcomes: asked.map(\.outcome), notes: notes
        )
    }
}

extension ProviderSelection {
    /// The providers that match headwords by `query`'s strategy: the ones named (each must be able to), else every
    /// available one for the query's language; with `offline`, only those that need no network.
    func matchers(_ query: MatchQuery, options: RequestOptions) async throws(LookupServiceError)
        -> (providers: [any MatchProviding], notes: [ServiceNote])
    {
        let strategy = query.strategy
        if let names = options.providers {
            let named = try self.named(names)
            var matchers: [any MatchProviding] = []
            for provider in named {
                guard let matcher = provider.asMatcher, matcher.matchStrategies.contains(strategy) else {
                    try await Self.refuseUnusable([provider])
                    let can = provider.asMatcher?.matchStrategies.map(\.rawValue) ?? []
                    throw LookupServiceError(
                        .invalidRequest,
                        "\(provider.descriptor.id) cannot match by \(strategy)"
                            + (can.isEmpty ? " (it does not match headwords)" : "; it can: \(can.joined(separator: ", "))"),
                        reason: .cannotMatch(provider.descriptor.id, strategy: strategy.rawValue, can: can)
                    )
                }
                if options.offline && matcher.descriptor.requiresNetwork {
                    throw LookupServiceError(
                        .invalidRequest,
                        "\(matcher.descriptor.id) needs the network; matching is not cached, so it cannot go with --offline",
                        reason: .matchNeedsNetwork(matcher.descriptor.id))
                }
                matchers.append(matcher)
            }
            return (matchers, [])
        }
        let pool = (defaults.map { ids in ids.compactMap { registry.provider($0) } } ?? registry.providers)
            .compactMap { $0.asMatcher }
        let able = pool.filter { matcher in
            matcher.matchStrategies.contains(strategy) && (query.language.map(matcher.descriptor.gives) ?? true)
                && !(options.offline && matcher.descriptor.requiresNetwork)
        }
        var usable: [any MatchProviding] = []
        var notes: [ServiceNote] = []
        for matcher in able {
            switch await matcher.availability() {
            case .available: usable.append(matcher)
            case .notConfigured(let hint): logger.debug("not asking \(matcher.descriptor.id): not configured (\(hint))")
            case .unavailable(let reason):
                notes.append(ServiceNote(.skipped, provider: matcher.descriptor.id, message: "skipping \(matcher.descriptor.id): \(reason)"))
            }
        }
        guard !usable.isEmpty else {
            let strategies = Set(pool.flatMap(\.matchStrategies))
            let known = MatchStrategy.allCases.filter(strategies.contains).map(\.rawValue)
            throw LookupServiceError(
                able.isEmpty ? .invalidRequest : .unavailable,
                "no\(options.offline ? " offline" : "") provider matches headwords by \(strategy)"
                    + (query.language.map { " in \($0.englishName)" } ?? "")
                    + (known.isEmpty ? "" : "; strategies available: \(known.joined(separator: ", "))")
                    + (notes.isEmpty ? "" : ":\n  " + notes.map(\.message).joined(separator: "\n  ")),
                reason: .noMatcher(strategy: strategy.rawValue, language: query.language, offline: options.offline,
                                   known: known, notes: notes.map(\.message))
            )
        }
        return (usable, notes)
    }
}
