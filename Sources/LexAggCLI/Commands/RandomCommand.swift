import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization

struct RandomCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "random",
            abstract: localized(.helpRandomAbstract),
            discussion: localized(.helpRandomDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpRandomLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpHistoryLimit), valueName: "n"))
    var count: Int = 10

    @Option(name: .long, help: ArgumentHelp(localized(.helpRandomProviders), valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpRandomPage), valueName: "n"))
    var page: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLookupTimeout), valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpRandomDefine)))
    var define = false

    @Flag(name: .long, help: ArgumentHelp(localized(.helpRandomSave)))
    var save = false

    @Option(name: .long, help: ArgumentHelp(localized(.helpRandomTo), valueName: "code"))
    var to: String?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpRandomOffline)))
    var offline = false

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    static let maximumCount = 1000

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard (1...Self.maximumCount).contains(count) else {
            throw CommandFailure.usage(localized(.countOutOfRange, Self.maximumCount, count))
        }
        let language = try lang.map { try parseLanguage($0) } ?? context.settings.language ?? .english
        let source = try await context.randomWords(
            language: language, providers: providers, timeout: try parseTimeout(timeout), offline: offline
        )

        if define || save || page != nil || to != nil { return try await browse(source, language: language, context: context) }

        let answer = await source.next(count)
        guard let provider = answer.provider else {
            for failure in answer.failures { context.warn(ErrorText.text(failure)) }
            context.fail(localized(.randomNoProvider, language.displayName))
            return .unavailable
        }
        let name = context.registry.provider(provider)?.descriptor.displayName ?? provider.rawValue
        switch format {
        case .text:
            for failure in answer.failures {
                context.warn(localized(.randomProviderFailed, "\(failure.provider)", ErrorText.reasonText(failure), name))
            }
            context.output.write(answer.words.map { $0 + "\n" }.joined())
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.RandomDocument(answer: answer, provider: provider)))
        }
        return .success
    }
}

