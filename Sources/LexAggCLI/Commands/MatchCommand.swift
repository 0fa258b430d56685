import ArgumentParser
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLocalization

extension MatchStrategy: ExpressibleByArgument {}

struct MatchCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "match",
            abstract: localized(.helpMatchAbstract),
            discussion: localized(.helpMatchDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpMatchPattern)))
    var pattern: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpMatchStrategy), valueName: "strategy"))
    var strategy: MatchStrategy = .prefix

    @Option(name: .long, help: ArgumentHelp(localized(.helpLookupProviders), valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpMatchLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpMatchLimit, MatchQuery.maximumLimit), valueName: "n"))
    var limit: Int = 100

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLookupTimeout), valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpMatchOffline)))
    var offline = false

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func validate() throws {
        guard (1...MatchQuery.maximumLimit).contains(limit) else {
            throw ValidationError(localized(.limitBetween, MatchQuery.maximumLimit, limit))
        }
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let language = try lang.map { try parseLanguage($0) }
        let query: MatchQuery
        do {
            query = try MatchQuery(pattern, strategy: strategy, language: language, limit: limit)
        } catch {
            throw CommandFailure.usage(localized(.matchInvalidPattern, "\(error)"))
        }
        let options = RequestOptions(providers: providerNames(providers), timeout: try parseTimeout(timeout), offline: offline)
        let answer = try await context.lookupService().match(query, options: options)
        for note in answer.notes { context.warn(note.message) }

        // A pattern every provider rejected (a malformed regular expression) is the user's to fix.
        let failures = answer.failures
        if !answer.isFound, !failures.isEmpty, failures.allSatisfy({ $0.code == .invalidQuery }) {
            var messages: [String] = []
            for failure in failures where !messages.contains(failure.message) { messages.append(failure.message) }
            throw CommandFailure.usage(messages.joined(separator: "\n"))
        }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(JSONOutput.MatchDocument(answer: answer)))
        case .text:
            for failure in failures { context.warn(ErrorText.text(failure)) }
            context.output.write(render(answer, registry: context.registry))
            if !answer.isFound && !answer.allFailed {
                context.output.writeError(localized(.matchNothing, pattern, "\(strategy)")
                    + (strategy == .prefix ? Self.looserStrategies(answer, registry: context.registry) : "") + "\n")
            }
        }
        if answer.isFound { return .success }
        return answer.allFailed ? .unavailable : .notFound
    }

    /// The hint after a prefix that matched nothing: the looser strategies some provider asked can match by (an
    /// imported dataset matches by prefix alone: naming substring would be a second error), or nothing.
    static func looserStrategies(_ answer: MatchAnswer, registry: ProviderRegistry) -> String {
        let offered = Set(answer.outcomes.flatMap { registry.provider($0.provider)?.asMatcher?.matchStrategies ?? [] })
        switch (offered.contains(.substring), offered.contains(.lev)) {
        case (true, true): return localized(.matchTrySubstring)
        case (true, false): return localized(.matchTryStrategy, "substring")
        case (false, true): return localized(.matchTryStrategy, "lev")
        case (false, false): return ""
        }
    }

    /// Each provider's headwords under its name, as `dict -m` groups them by database.
    func render(_ answer: MatchAnswer, registry: ProviderRegistry) -> String {
        var text = ""
        for (index, group) in answer.matches.enumerated() {
            let name = registry.provider(group.provider)?.descriptor.displayName ?? group.provider.rawValue
            if index > 0 { text += "\n" }
            text += localized(.matchHeadwords, count: group.words.count, group.provider, ControlCharacters.replaced(name)) + "\n"
            // A dictionary's headwords are its text: their control characters show, never act, in a pipe too.
            text += group.words.map { "  \(ControlCharacters.replaced($0))\n" }.joined()
        }
        return text
    }
}
