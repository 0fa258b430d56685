import ArgumentParser
import LexAggAggregation
import LexAggCore

struct LookupCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Look a word up in every dictionary that knows its language.",
        discussion: """
            With no --providers, every available provider that defines words of the language is asked \
            (run 'lexagg providers' to see them). Senses are grouped by part of speech and each entry names \
            its source. When nothing is found, lexagg suggests close spellings and exits with 1.

            Examples:
              lexagg lookup serendipity
              lexagg lookup "ice cream" --providers wordnet
              lexagg lookup house --providers freedict-eng-deu
              lexagg lookup bank --format json | jq '.entries[0].senseGroups'
            """
    )

    @Argument(help: "The word or phrase to look up (several arguments are joined with spaces).")
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp("Comma-separated provider ids to ask, in order.", valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: ArgumentHelp("Language of the word (ISO 639 code, e.g. en, de).", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp(
        "first: ask providers in order, stop at the first that knows the word; fastest: take the first answer; merge: wait for all (within --timeout).",
        valueName: "strategy"
    ))
    var strategy: LookupStrategy = .merge

    @Option(name: .long, help: ArgumentHelp("The longest to wait for the providers, in seconds (default: 8 in all, 5 for any one).", valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .long, help: "Show each sense's score: how many sources gave it, their weight, its original order.")
    var explain = false

    var options: LookupOptions {
        LookupOptions(
            words: words, providers: providers, lang: lang, format: format, strategy: strategy, timeout: timeout,
            explain: explain
        )
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        try await options.run(in: context)
    }
}

/// The parsed `lookup` command line, however it was parsed (ArgumentParser, or ``FastLookupParser``).
struct LookupOptions: Equatable, ContextCommand {
    var words: [String]
    var providers: String?
    var lang: String?
    var format: OutputFormat
    var strategy: LookupStrategy = .merge
    var timeout: Double?
    var explain = false

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard !words.isEmpty else { throw CommandFailure.usage("give a word to look up, e.g. 'lexagg lookup serendipity'") }
        let aggregator = Aggregator(options: try aggregatorOptions(strategy: strategy, timeout: timeout))
        let language = try lang.map { try parseLanguage($0) }
        let query: LookupQuery
        do {
            query = try LookupQuery(words.joined(separator: " "), language: language)
        } catch {
            throw CommandFailure.usage("invalid word: \(error)")
        }
        context.reportRegistryProblems()
        let registry = context.registry
        let chosen: [any DefinitionProviding]
        if let names = providerNames(providers) {
            let selection: [any DictionaryProvider]
            do { selection = try registry.resolve(names) } catch { throw CommandFailure.usage(error.description) }
            chosen = selection.compactMap { $0 as? any DefinitionProviding }
            let unusable = selection.filter { !($0 is any DefinitionProviding) }.map(\.descriptor.id.rawValue)
            if !unusable.isEmpty {
                throw CommandFailure.usage("\(unusable.joined(separator: ", ")) cannot look words up")
            }
        } else {
            chosen = try await availableDefiners(registry, language: language, context: context)
        }

        var result = await aggregator.define(query, using: chosen)
        // Merge what several providers agree on and rank it (see SenseMerger for the rules). One provider's answer
        // is shown as it gave it: its entries already are its own structure (Wiktionary's etymologies).
        let contributors = Set(result.entries.map(\.provenance.provider))
        var scores: [[[SenseScore]]] = []
        if contributors.count > 1 {
            let merged = SenseMerger().merge(result.entries, query: query.term)
            result.entries = merged.entries
            scores = merged.scores
        }
        var suggestions: [String] = []
        if !result.isFound && !result.allFailed {
            suggestions = await suggest(query, among: chosen)
        }
        if let language, result.allFailed, result.failures.allSatisfy({ $0.code == .unsupportedLanguage }) {
            throw CommandFailure.usage(
                "no provider covers the language '\(language.code)'"
                    + (Language.isKnown(language) ? "" : " (is it an ISO 639 code? e.g. en, de, fr, es)")
            )
        }
        render(result, scores: scores, query: query, suggestions: suggestions, registry: registry, context: context)
        recordLookupHistory(query, found: result.isFound, context: context)  // `lexagg history`; never fails the lookup
        if result.isFound { return .success }
        return result.allFailed ? .unavailable : .notFound
    }

    private func availableDefiners(_ registry: ProviderRegistry, language: Language?, context: CommandContext)
        async throws -> [any DefinitionProviding]
    {
        // Providers with a quota (PONS: 1,000 requests a month) are asked by default only when the word's language
        // is given and theirs; name them with --providers to ask them anyway.
        let candidates = registry.definers(for: language).filter {
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

    private func suggest(_ query: LookupQuery, among providers: [any DefinitionProviding]) async -> [String] {
        var suggestions: [String] = []
        for case let provider as any MatchProviding in providers {
            for word in (try? await provider.suggestions(for: query, limit: 5)) ?? []
            where !suggestions.contains(where: { $0.lowercased() == word.lowercased() }) {
                suggestions.append(word)
            }
        }
        return Array(suggestions.prefix(5))
    }

    private func render(
        _ result: AggregatedResult, scores: [[[SenseScore]]], query: LookupQuery, suggestions: [String],
        registry: ProviderRegistry, context: CommandContext
    ) {
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LookupDocument(
                command: "lookup", query: .init(term: query.term, language: query.language), found: result.isFound,
                entries: result.entries, outcomes: result.outcomes.map(JSONOutput.Outcome.init), suggestions: suggestions,
                scores: explain && !scores.isEmpty ? scores : nil
            )))
        case .text:
            let renderer = TextRenderer(
                style: context.style,
                names: Dictionary(registry.providers.map { ($0.descriptor.id, $0.descriptor.displayName) }) { a, _ in a },
                scores: explain && !scores.isEmpty ? scores : nil
            )
            for failure in result.failures { context.warn(failure.description) }
            if result.isFound {
                context.output.write(renderer.render(result))
                context.output.write("\n" + renderer.footer(result.outcomes))
            } else if result.allFailed {
                context.fail("every provider failed for '\(query.term)'")
            } else {
                let asked = result.outcomes.map(\.provider.rawValue).joined(separator: ", ")
                var message = "no entry for '\(query.term)' in \(asked)"
                if !suggestions.isEmpty { message += "\nDid you mean: \(suggestions.joined(separator: ", "))?" }
                context.output.writeError(message + "\n")
            }
        }
    }
}
