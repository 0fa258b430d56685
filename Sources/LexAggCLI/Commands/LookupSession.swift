import LexAggAggregation
import LexAggCache
import LexAggConfig
import LexAggCore

/// One word's answer, ready to render: the aggregated result (merged when several providers answered), the
/// merge scores, the looser spelling that found it, and close spellings when nothing did.
struct LookupAnswer: Sendable {
    var query: LookupQuery
    var result: AggregatedResult
    var scores: [[[SenseScore]]]
    var matchedAs: String?
    var suggestions: [String]

    var status: ExitStatus {
        if result.isFound { return .success }
        return result.allFailed ? .unavailable : .notFound
    }
}

/// The providers, cache and time limits of a `lookup`, chosen once and used for one word or a whole batch.
struct LookupSession: Sendable {
    let options: LookupOptions
    let language: Language?
    let aggregator: Aggregator<ContinuousClock>
    let merger: SenseMerger
    /// The providers to ask, in priority order; online ones behind the cache.
    let providers: [any DefinitionProviding]
    private let names: [ProviderID: String]
    private let context: CommandContext

    init(_ options: LookupOptions, context: CommandContext) async throws {
        self.options = options
        self.context = context
        // Flags > environment > file > defaults: a flag given wins over the settings.
        let settings = try context.settings
        aggregator = Aggregator(options: try settings.aggregationOptions(strategy: options.strategy, timeout: options.timeout))
        merger = SenseMerger(configuration: .init(providerWeights: settings.providerWeights))
        language = try options.lang.map { try parseLanguage($0) } ?? settings.language
        context.reportRegistryProblems()
        let registry = context.registry
        let chosen: [any DefinitionProviding]
        if let names = providerNames(options.providers) {
            let selection: [any DictionaryProvider]
            do { selection = try registry.resolve(names) } catch { throw CommandFailure.usage(error.description) }
            chosen = selection.compactMap { $0 as? any DefinitionProviding }
            let unusable = selection.filter { !($0 is any DefinitionProviding) }.map(\.descriptor.id.rawValue)
            if !unusable.isEmpty {
                throw CommandFailure.usage("\(unusable.joined(separator: ", ")) cannot look words up")
            }
        } else {
            let configured = try settings.defaultProviders(in: registry)
            chosen = try await Self.availableDefiners(registry, language: language, among: configured, context: context)
        }
        providers = try Self.behindCache(chosen, options: options, cacheEnabled: settings.cacheEnabled, context: context)
        names = Dictionary(registry.providers.map { ($0.descriptor.id, $0.descriptor.displayName) }) { first, _ in first }
    }

    /// The query for `text` (in NFC) in the session's language.
    func query(_ text: String) throws(QueryError) -> LookupQuery {
        try LookupQuery(Normalization.nfc(text), language: language)
    }

    /// Looks `query` up: every provider within the time limits, then looser spellings if nothing knew it, exact
    /// spellings first, and a merge when several providers answered.
    func lookUp(_ query: LookupQuery) async -> LookupAnswer {
        let started = ContinuousClock.now
        var result = await aggregator.define(query, using: providers)
        // Nothing as typed: try looser spellings (lower case, no diacritics) with the providers that answered "not
        // found", within what is left of the deadline.
        var matchedAs: String?
        if !result.isFound && !result.allFailed {
            let empty = Set(result.outcomes.filter { $0.status == .empty }.map(\.provider))
            let retry = providers.filter { empty.contains($0.descriptor.id) }
            for variant in Normalization.looserVariants(of: query.term) {
                let left = aggregator.options.deadline - (ContinuousClock.now - started)
                guard left > .zero, !retry.isEmpty, let looser = try? LookupQuery(variant, language: language) else { break }
                var options = aggregator.options
                options.deadline = left
                options.providerTimeout = min(options.providerTimeout, left)
                let second = await Aggregator(options: options).define(looser, using: retry)
                if second.isFound {
                    result = second
                    matchedAs = variant
                    break
                }
            }
        }
        result.entries = Normalization.exactFirst(result.entries, term: matchedAs ?? query.term)
        // Merge what several providers agree on and rank it (see SenseMerger for the rules). One provider's answer
        // is shown as it gave it: its entries already are its own structure (Wiktionary's etymologies).
        let contributors = Set(result.entries.map(\.provenance.provider))
        var scores: [[[SenseScore]]] = []
        if contributors.count > 1 {
            let merged = merger.merge(result.entries, query: query.term)
            result.entries = merged.entries
            scores = merged.scores
        }
        var suggestions: [String] = []
        if !result.isFound && !result.allFailed {
            suggestions = await suggest(query)
        }
        return LookupAnswer(query: query, result: result, scores: scores, matchedAs: matchedAs, suggestions: suggestions)
    }

    // MARK: Rendering

    /// The JSON document of one answer (`lookup --format json`; one line of NDJSON in a batch).
    func document(_ answer: LookupAnswer) -> JSONOutput.LookupDocument {
        JSONOutput.LookupDocument(
            command: "lookup",
            query: .init(term: answer.query.term, language: answer.query.language, matchedAs: answer.matchedAs),
            found: answer.result.isFound,
            entries: answer.result.entries, outcomes: answer.result.outcomes.map(JSONOutput.Outcome.init),
            suggestions: answer.suggestions,
            scores: options.explain && !answer.scores.isEmpty ? answer.scores : nil
        )
    }

    /// Writes one answer as text: entries on standard output, warnings and "not found" on standard error.
    func renderText(_ answer: LookupAnswer, footer: Bool) {
        let result = answer.result
        let query = answer.query
        let renderer = TextRenderer(
            style: context.style, names: names,
            scores: options.explain && !answer.scores.isEmpty ? answer.scores : nil
        )
        for failure in result.failures where failure.code != .offline { context.warn(failure.description) }
        for outcome in result.outcomes {
            if case .stale(let storedAt, let error) = outcome.origin, error.code != .offline {
                context.warn("\(error.description); showing its answer cached \(formatAge(since: storedAt))")
            }
        }
        if result.isFound {
            if let matchedAs = answer.matchedAs {
                context.output.writeError("lexagg: no entry for '\(query.term)' as typed; showing '\(matchedAs)'\n")
            }
            context.output.write(renderer.render(result))
            if footer { context.output.write("\n" + renderer.footer(result.outcomes)) }
        } else if result.allFailed, result.failures.allSatisfy({ $0.code == .offline }) {
            context.fail("no answer for '\(query.term)' offline: nothing is cached for it from "
                + result.outcomes.map(\.provider.rawValue).joined(separator: ", ")
                + "; try again without --offline")
        } else if result.allFailed {
            context.fail("every provider failed for '\(query.term)'")
        } else {
            let asked = result.outcomes.map(\.provider.rawValue).joined(separator: ", ")
            var message = "no entry for '\(query.term)' in \(asked)"
            if !answer.suggestions.isEmpty { message += "\nDid you mean: \(answer.suggestions.joined(separator: ", "))?" }
            context.output.writeError(message + "\n")
        }
    }

    // MARK: Choosing providers

    /// The providers to ask, online ones behind the cache; with `--offline`, online ones answer from the cache only
    /// (or are left out with `--no-cache`).
    private static func behindCache(
        _ providers: [any DefinitionProviding], options: LookupOptions, cacheEnabled: Bool, context: CommandContext
    ) throws -> [any DefinitionProviding] {
        let mode: CacheMode = options.offline ? .offline : options.refresh ? .refresh : .normal
        let cache = options.noCache || !cacheEnabled ? nil : context.lookupCache(mode: mode)
        guard let cache else {
            guard options.offline else { return providers }
            let local = providers.filter { !$0.descriptor.requiresNetwork }
            if local.isEmpty {
                throw CommandFailure.usage(
                    "--offline with --no-cache leaves no provider: "
                        + providers.map(\.descriptor.id.rawValue).joined(separator: ", ") + " need the network"
                )
            }
            return local
        }
        return providers.map { (cache.wrap($0) as? any DefinitionProviding) ?? $0 }
    }

    private static func availableDefiners(
        _ registry: ProviderRegistry, language: Language?, among selection: [any DictionaryProvider]?,
        context: CommandContext
    ) async throws -> [any DefinitionProviding] {
        // Providers with a quota (PONS: 1,000 requests a month) are asked by default only when the word's language
        // is given and theirs; name them with --providers to ask them anyway.
        let candidates = registry.definers(for: language, among: selection).filter {
            $0.descriptor.capabilities.contains(.define) && (language != nil || !$0.descriptor.requiresCredentials)
        }
        var usable: [any DefinitionProviding] = []
        var reasons: [String] = []
        for provider in candidates {
            switch await provider.availability() {
            case .available: usable.append(provider)
            case .notConfigured: continue
            case .unavailable(let reason): reasons.append("\(provider.descriptor.id): \(reason)")
            }
        }
        if usable.isEmpty {
            if let language, candidates.isEmpty {
                let known = Set(registry.providers.flatMap(\.descriptor.languages)).sorted().map(\.code)
                throw CommandFailure.usage(
                    "no provider defines \(language.englishName) words; languages available: \(known.joined(separator: ", "))"
                )
            }
            throw CommandFailure(
                status: .unavailable,
                message: "no dictionary is usable" + (reasons.isEmpty ? "" : ":\n  " + reasons.joined(separator: "\n  "))
            )
        }
        for reason in reasons { context.warn("skipping \(reason)") }
        return usable
    }

    private func suggest(_ query: LookupQuery) async -> [String] {
        var suggestions: [String] = []
        for case let provider as any MatchProviding in providers {
            for word in (try? await provider.suggestions(for: query, limit: 5)) ?? []
            where !suggestions.contains(where: { $0.lowercased() == word.lowercased() }) {
                suggestions.append(word)
            }
        }
        return Array(suggestions.prefix(5))
    }
}
