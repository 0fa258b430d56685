import ArgumentParser
import LexAggAggregation
import LexAggCache
import LexAggConfig
import LexAggCore
import LexAggDocuments
import LexAggLocalization

struct LookupCommand: ParsableCommand, ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "lookup",
        abstract: "Look a word up in every dictionary that knows its language.",
        discussion: """
            With no --providers, every available provider that defines words of the language is asked \
            (run 'lexagg providers' to see them). Senses are grouped by part of speech and each entry names \
            its source and language. Text output shows the entries in your languages (learner.languages, else the \
            locale's) with up to 5 senses of each part of speech and says what it left out; --all shows \
            everything, and JSON always has everything. An inflected form is looked up as its lemma too \
            (walked → walk). When nothing is found, lexagg suggests close spellings and exits with 1.

            Examples:
              lexagg lookup serendipity
              lexagg lookup "ice cream" --providers wordnet
              lexagg lookup house --providers freedict-eng-deu
              lexagg lookup bank --format json | jq '.entries[0].senseGroups'
              lexagg lookup hello --offline      # no network: local and cached only
              lexagg lookup set --senses 10      # more senses of each part of speech (--all: everything)
              lexagg lookup Haus --lang de       # the German entries (other languages are summed up in one line)
              lexagg lookup --batch words.txt --format json > answers.ndjson

            Online answers are cached (see 'lexagg cache --help'): a fresh cached answer is used instead of \
            asking again, and when a source fails its cached answer is shown however old, marked stale.
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
        "first: ask providers in order, stop at the first that knows the word; fastest: take the first answer; merge: wait for all (within --timeout). Default: lookup.strategy in the config file, else merge.",
        valueName: "strategy"
    ))
    var strategy: LookupStrategy?

    @Option(name: .long, help: ArgumentHelp("The longest to wait for the providers, in seconds (default: 8 in all, 5 for any one).", valueName: "seconds"))
    var timeout: Double?

    @Flag(name: .long, help: "Show each sense's score: how many sources gave it, their weight, its original order.")
    var explain = false

    @Flag(name: .long, help: "Show every entry in every language and every sense (text output; JSON always has all).")
    var all = false

    @Option(name: .long, help: ArgumentHelp("Show at most N senses of each part of speech (default: lookup.senses in the config file, else 5).", valueName: "n"))
    var senses: Int?

    @Flag(name: .customLong("no-pager"), help: "Never page the answer (by default, text longer than the terminal goes through $PAGER, else 'less -FRX').")
    var noPager = false

    @Flag(name: .long, help: "Make no network request: use offline dictionaries and cached answers (old ones marked stale).")
    var offline = false

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache of online answers.")
    var noCache = false

    @Flag(name: .long, help: "Ask online sources again even if the cache has a fresh answer, and cache the new one.")
    var refresh = false

    @Option(name: .long, help: ArgumentHelp(
        "Look up every word of FILE, one per line ('-' reads standard input); with --format json, one JSON document per line.",
        valueName: "file"
    ))
    var batch: String?

    @Option(name: .long, help: ArgumentHelp("With --batch, how many words to look up at once online (1-64).", valueName: "n"))
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
        if let senses, senses < 1 { throw CommandFailure.usage(localized(.lookupSensesTooSmall)) }
        guard !words.isEmpty else { throw CommandFailure.usage(localized(.lookupNeedsWord)) }
        let session = try await LookupPresenter(self, context: context)
        let query: LookupQuery
        do {
            query = try session.query(words.joined(separator: " "))
        } catch {
            throw CommandFailure.usage(localized(.libraryInvalidWord, "\(error)"))
        }
        let answer = await session.lookUp(query)
        if let language = session.language, answer.result.allFailed,
           answer.result.failures.allSatisfy({ $0.code == .unsupportedLanguage })
        {
            throw CommandFailure.usage(
                localized(.lookupNoProviderForLanguage, language.code)
                    + (Language.isKnown(language) ? "" : localized(.lookupIsItISO))
            )
        }
        switch format {
        case .json: context.output.write(JSONOutput.encode(session.document(answer)))
        case .text: session.renderText(answer, footer: true)
        }
        recordLookupHistory(query, found: answer.isFound, context: context)  // `lexagg history`; never fails the lookup
        return answer.status
    }
}
