import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization

struct TranslateCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "translate",
        abstract: localized(.helpTranslateAbstract),
        discussion: """
            The direction is explicit: --from is the word's language, --to the language you want. Swap them to \
            translate the other way. Offline, bilingual FreeDict databases (apt-get install \
            dict-freedict-eng-deu, …) provide translations.

            Examples:
              lexagg translate house --from en --to de
              lexagg translate Haus --from de --to en --format json
              lexagg translate cut --from en --to fr --providers pons
              lexagg translate cut --from en --to fr --offline   # from the cache only

            Online translations are cached like definitions (see 'lexagg cache --help'), so asking PONS again \
            spends no more of its monthly quota; --refresh asks again, --no-cache bypasses the cache.
            """
    ) }

    @Argument(help: "The word or phrase to translate.")
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp("Language of the word (ISO 639 code).", valueName: "code"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("Language to translate into (ISO 639 code).", valueName: "code"))
    var to: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpLookupProviders), valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp("first, fastest or merge (see 'lexagg lookup --help').", valueName: "strategy"))
    var strategy: LookupStrategy?

    @Option(name: .long, help: ArgumentHelp("The longest the translation may take, in seconds.", valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .long, help: "Make no network request: offline dictionaries and cached translations (old ones marked stale).")
    var offline = false

    @Flag(name: .customLong("no-cache"), help: ArgumentHelp(localized(.helpLookupNoCache)))
    var noCache = false

    @Flag(name: .long, help: "Ask online sources again even if the cache has a fresh translation, and cache the new one.")
    var refresh = false

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard !words.isEmpty else { throw CommandFailure.usage(localized(.translateNeedsWord)) }
        let source = try parseLanguage(from, option: "--from")
        let target = try parseLanguage(to, option: "--to")
        let query: TranslationQuery
        do {
            query = try TranslationQuery(Normalization.nfc(words.joined(separator: " ")), from: source, to: target)
        } catch {
            throw CommandFailure.usage("\(error)")
        }
        let service = try context.lookupService()
        context.reportRegistryProblems()
        let answer = try await service.translate(query, options: RequestOptions(
            providers: providerNames(providers), strategy: strategy, timeout: try parseTimeout(timeout),
            offline: offline, noCache: noCache, refresh: refresh, suggest: false
        ))
        let result = answer.result
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LookupDocument(command: "translate", answer: answer)))
        case .text:
            context.warn(about: result)
            let renderer = TextRenderer(style: context.style, names: service.registry.displayNames)
            if result.isFound {
                context.output.write(renderer.render(result) + "\n" + renderer.footer(result.outcomes))
            } else if result.allFailed, result.failures.allSatisfy({ $0.code == .offline }) {
                context.fail(localized(.translateNothingCachedOffline, query.term,
                                       result.outcomes.map(\.provider.rawValue).joined(separator: ", ")))
            } else if result.allFailed {
                context.fail(localized(.lookupEveryProviderFailed, query.term))
            } else {
                context.output.writeError(localized(.translateNotFound, query.term, query.pair) + "\n")
            }
        }
        return answer.status
    }
}
