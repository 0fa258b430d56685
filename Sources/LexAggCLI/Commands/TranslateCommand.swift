import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization

struct TranslateCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "translate",
            abstract: localized(.helpTranslateAbstract),
            discussion: localized(.helpTranslateDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpTranslateWords)))
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp(localized(.helpTranslateFrom), valueName: "code"))
    var from: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpTranslateTo), valueName: "code"))
    var to: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpLookupProviders), valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp(localized(.helpTranslateStrategy), valueName: "strategy"))
    var strategy: LookupStrategy?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpTranslateTimeout), valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpTranslateOffline)))
    var offline = false

    @Flag(name: .customLong("no-cache"), help: ArgumentHelp(localized(.helpLookupNoCache)))
    var noCache = false

    @Flag(name: .long, help: ArgumentHelp(localized(.helpTranslateRefresh)))
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
            throw CommandFailure.usage(ErrorText.text(error))
        }
        let service = try context.lookupService()
        // Problems of the factories the translation needed (all of them without --providers), before its answer.
        defer { context.reportRegistryProblems() }
        let answer = try await service.translate(query, options: RequestOptions(
            providers: providerNames(providers), strategy: strategy, timeout: try parseTimeout(timeout),
            offline: offline, noCache: noCache, refresh: refresh, suggest: false
        ))
        context.reportRegistryProblems()
        let result = answer.result
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.LookupDocument(command: "translate", answer: answer)))
        case .text:
            context.warn(about: result)
            let renderer = TextRenderer(style: context.style, names: service.registry.displayNames)
            if result.isFound {
                // An inflected form translated as its lemma says so first, as `lookup` does.
                let lemma = answer.lemmas.isEmpty ? "" : context.style.dim("\(answer.term): \(lemmaSummary(answer.lemmas))") + "\n"
                context.output.write(lemma + renderer.render(result) + "\n" + renderer.footer(result.outcomes))
            } else if result.allFailed, result.failures.allSatisfy({ $0.code == .offline }) {
                context.fail(localized(.translateNothingCachedOffline, query.term,
                                       result.outcomes.map(\.provider.rawValue).joined(separator: ", ")))
            } else if result.allFailed {
                context.fail(localized(.lookupEveryProviderFailed, query.term))
            } else {
                context.output.writeError(localized(.translateNotFound, query.term, "\(query.pair)") + "\n")
            }
        }
        return answer.status
    }
}
