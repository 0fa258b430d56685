import ArgumentParser
import LexAggAggregation
import LexAggCache
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization

struct LookupCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lookup",
            abstract: localized(.helpLookupAbstract),
            discussion: localized(.helpLookupDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpLookupWords)))
    var words: [String] = []

    @Option(name: .long, help: ArgumentHelp(localized(.helpLookupProviders), valueName: "ids"))
    var providers: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpLookupLang), valueName: "code"))
    var lang: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    @Option(name: .long, help: ArgumentHelp(
        localized(.helpLookupStrategy),
        valueName: "strategy"
    ))
    var strategy: LookupStrategy?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLookupTimeout), valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLookupExplain)))
    var explain = false

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLookupAll)))
    var all = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLookupSenses), valueName: "n"))
    var senses: Int?

    @Flag(name: .customLong("no-pager"), help: ArgumentHelp(localized(.helpLookupNoPager)))
    var noPager = false

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLookupOffline)))
    var offline = false

    @Flag(name: .customLong("no-cache"), help: ArgumentHelp(localized(.helpLookupNoCache)))
    var noCache = false

    @Flag(name: .long, help: ArgumentHelp(localized(.helpLookupRefresh)))
    var refresh = false

    @Option(name: .long, help: ArgumentHelp(
        localized(.helpLookupBatch),
        valueName: "file"
    ))
    var batch: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpLookupJobs), valueName: "n"))
    var jobs = 8

    @OptionGroup var logging: LoggingOptions

    var options: LookupOptions {
        LookupOptions(
            words: words, providers: providers, lang: lang, format: format, strategy: strategy, timeout: timeout,
            explain: explain, offline: offline, noCache: noCache, refresh: refresh, all: all, senses: senses,
            noPager: noPager, batch: batch, jobs: jobs, verbosity: logging.verbosity
        )
    }

    var verbosity: Verbosity? { logging.verbosity }

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
    var strategy: LookupStrategy?
    var timeout: Double?
    var explain = false
    var offline = false
    var noCache = false
    var refresh = false
    var all = false
    var senses: Int?
    var noPager = false

    var batch: String?
    var jobs = 8
    var verbosity: Verbosity? = Verbosity()

    func run(in context: CommandContext) async throws -> ExitStatus {
        if let batch {
            guard words.isEmpty else {
                throw CommandFailure.usage(localized(.lookupBatchAndWords))
            }
            return try await LookupBatch(options: self, source: batch).run(in: context)
        }
        if let senses, senses < 1 { throw CommandFailure.usage(localized(.lookupSensesTooSmall, senses)) }
        guard !words.isEmpty else { throw CommandFailure.usage(localized(.lookupNeedsWord)) }
        let session = try await LookupPresenter(self, context: context)
        let query: LookupQuery
        do {
            // One word needs no joining (the generic `joined` costs a conformance scan on first use).
            query = try session.query(words.count == 1 ? words[0] : words.joined(separator: " "))
        } catch {
            throw CommandFailure.usage(localized(.libraryInvalidWord, ErrorText.text(error)))
        }
        let answer = await session.lookUp(query)
        context.reportRegistryProblems()  // of what the lookup built after choosing its providers (lemma fallbacks)
        if let language = session.language, answer.failedForLanguage(language) {
            // A language the user did not type names where it came from (a configuration file, LEXAGG_LANG).
            let origin = try context.settings.origin(of: "lookup.language")
            throw CommandFailure.usage(
                localized(.lookupNoProviderForLanguage, language.code)
                    + (Language.isKnown(language) ? "" : localized(.lookupIsItISO))
                    + (lang == nil && origin != .defaultValue ? localized(.lookupLanguageFromSettings, origin.description) : "")
            )
        }
        // `lexagg history`; never fails the lookup. Counted before the answer is written: a closed pipe
        // (`lookup … | head`) ends the process at that write, and the lookup was made all the same.
        recordLookupHistory(query, found: answer.isFound, context: context)
        switch format {
        case .json: context.output.write(JSONOutput.encode(session.document(answer)))
        case .text: session.renderText(answer, footer: true)
        }
        leaveToExit(answer)
        return answer.status
    }
}

/// Leaves a one-word lookup's answer to the process's exit instead of freeing it: the command ends right after the
/// answer is shown, and freeing its entries' strings and arrays one by one was ~8% of a cached lookup's instructions
/// (callgrind: 3,700 releases). For what a command holds once, never in a loop or a server.
private func leaveToExit(_ answer: LookupAnswer) {
    _ = Unmanaged.passRetained(KeptAnswer(answer))
}

private final class KeptAnswer: Sendable {
    let answer: LookupAnswer
    init(_ answer: LookupAnswer) { self.answer = answer }
}
