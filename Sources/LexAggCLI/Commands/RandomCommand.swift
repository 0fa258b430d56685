import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization

struct RandomCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "random",
        abstract: localized(.helpRandomAbstract),
        discussion: """
            Providers are tried in order; when one fails (the online service is down or rate-limited), the next \
            answers — a local word list works offline — and lexagg says so on standard error.

            Examples:
              lexagg random
              lexagg random --lang es --count 20
              lexagg random --count 5 --format json
              lexagg random --define --page 1      (then --page 2: no word repeats in the session)
              lexagg random --define --save --count 3
            """
    ) }

    @Option(name: .long, help: ArgumentHelp("Language of the words (ISO 639 code; default: lookup.language, else en).", valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpHistoryLimit), valueName: "n"))
    var count: Int = 10

    @Option(name: .long, help: ArgumentHelp("Comma-separated provider ids to try, in order.", valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp("Browse: page N of this session, never repeating a word shown on earlier pages (1 starts anew).", valueName: "n"))
    var page: Int?

    @Flag(name: .long, help: "Look each word up and show its definition; words without one are replaced.")
    var define = false

    @Flag(name: .long, help: "Save the words (with their entries) to your library.")
    var save = false

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    static let maximumCount = 1000

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard (1...Self.maximumCount).contains(count) else {
            throw CommandFailure.usage(localized(.countOutOfRange, Self.maximumCount, count))
        }
        let language = try lang.map { try parseLanguage($0) } ?? context.settings.language ?? .english
        let source = try await context.randomWords(language: language, providers: providers)

        if define || save || page != nil { return try await browse(source, language: language, context: context) }

        let answer = await source.next(count)
        guard let provider = answer.provider else {
            for failure in answer.failures { context.warn(failure.description) }
            context.fail(localized(.randomNoProvider, language.displayName))
            return .unavailable
        }
        let name = context.registry.provider(provider)?.descriptor.displayName ?? provider.rawValue
        switch format {
        case .text:
            for failure in answer.failures {
                context.warn(localized(.randomProviderFailed, failure.provider, failure.message, name))
            }
            context.output.write(answer.words.map { $0 + "\n" }.joined())
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.RandomDocument(answer: answer, provider: provider)))
        }
        return .success
    }
}

