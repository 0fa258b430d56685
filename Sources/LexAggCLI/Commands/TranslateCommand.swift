import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore

struct TranslateCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Translate a word from one language into another.",
        discussion: """
            The direction is explicit: --from is the word's language, --to the language you want. Swap them to \
            translate the other way. Offline, bilingual FreeDict databases (apt-get install \
            dict-freedict-eng-deu, …) provide translations.

            Examples:
              lexagg translate house --from en --to de
              lexagg translate Haus --from de --to en --format json
            """
    )

    @Argument(help: "The word or phrase to translate.")
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp("Language of the word (ISO 639 code).", valueName: "code"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("Language to translate into (ISO 639 code).", valueName: "code"))
    var to: String

    @Option(name: .long, help: ArgumentHelp("Comma-separated provider ids to ask, in order.", valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: "Output format.")
    var format: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp("first, fastest or merge (see 'lexagg lookup --help').", valueName: "strategy"))
    var strategy: LookupStrategy?

    @Option(name: .long, help: ArgumentHelp("The longest the translation may take, in seconds.", valueName: "seconds"))
    var timeout: Double?

    func run(in context: CommandContext) async throws -> ExitStatus {
        let aggregator = Aggregator(options: try context.settings.aggregationOptions(strategy: strategy, timeout: timeout))
        guard !words.isEmpty else { throw CommandFailure.usage("give a word to translate, e.g. 'lexagg translate house --from en --to de'") }
        let source = try parseLanguage(from, option: "--from")
        let target = try parseLanguage(to, option: "--to")
        let query: TranslationQuery
        do {
            query = try TranslationQuery(words.joined(separator: " "), from: source, to: target)
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        context.reportRegistryProblems()
        let registry = context.registry
        let selection: [any DictionaryProvider]?
        do { selection = try providerNames(providers).map(registry.resolve) } catch {
            throw CommandFailure.usage(error.description)
        }
        var translators = registry.translators(for: query.pair, among: selection)
        var notConfigured: [String] = []
        if selection == nil {
            // Leave out providers that are not set up (PONS without a key), and say how to set them up.
            var configured: [any TranslationProviding] = []
            for translator in translators {
                if case .notConfigured(let hint) = await translator.availability() {
                    notConfigured.append("\(translator.descriptor.id): \(hint)")
                } else {
                    configured.append(translator)
                }
            }
            translators = configured
        }
        guard !translators.isEmpty || notConfigured.isEmpty else {
            throw CommandFailure(
                status: .unavailable,
                message: "no provider set up here translates \(source.englishName) → \(target.englishName):\n  "
                    + notConfigured.joined(separator: "\n  ")
                    + "\n  offline: install a FreeDict database for it, e.g. apt-get install dict-freedict-\(Language.iso639_3(source) ?? source.code)-\(Language.iso639_3(target) ?? target.code)"
            )
        }
        guard !translators.isEmpty else {
            let pairs = Set(registry.providers.flatMap(\.descriptor.translationPairs).map(\.description)).sorted()
            throw CommandFailure.usage(
                "no provider translates \(source.englishName) → \(target.englishName)"
                    + (pairs.isEmpty
                        ? "; install a FreeDict database (e.g. apt-get install dict-freedict-eng-deu)"
                        : "; available directions: \(pairs.joined(separator: ", "))")
            )
        }
        let result = await aggregator.translate(query, using: translators)
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LookupDocument(
                command: "translate", query: .init(term: query.term, language: source, targetLanguage: target),
                found: result.isFound, entries: result.entries, outcomes: result.outcomes.map(JSONOutput.Outcome.init),
                suggestions: []
            )))
        case .text:
            for failure in result.failures { context.warn(failure.description) }
            let renderer = TextRenderer(
                style: context.style,
                names: Dictionary(registry.providers.map { ($0.descriptor.id, $0.descriptor.displayName) }) { a, _ in a }
            )
            if result.isFound {
                context.output.write(renderer.render(result) + "\n" + renderer.footer(result.outcomes))
            } else if result.allFailed {
                context.fail("every provider failed for '\(query.term)'")
            } else {
                context.output.writeError("no translation of '\(query.term)' (\(query.pair))\n")
            }
        }
        if result.isFound { return .success }
        return result.allFailed ? .unavailable : .notFound
    }
}
