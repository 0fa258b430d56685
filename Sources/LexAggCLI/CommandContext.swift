import LexAggAggregation
import LexAggCache
import LexAggConfig
import LexAggCore
import LexAggLocalization
import LexAggPostgres
import Logging
import Synchronization

/// What every command runs with: the environment, the provider factories and the output.
///
/// The registry and the settings are built on first use, so `--help`, `--version` and usage errors never open a
/// database or read the configuration file.
public final class CommandContext: Sendable {
    public let environment: [String: String]
    public let output: any OutputSink
    private let factories: [ProviderFactory]
    private let builtRegistry = Mutex<ProviderRegistry?>(nil)
    private let openedCache = Mutex<(any AnswerStore)??>(nil)
    /// The shared store (`store.url`), once configured: see StoreSupport.swift.
    let openedDatabase = Mutex<Result<PostgresStore?, PostgresStoreError>?>(nil)
    private let loadedSettings = Mutex<Result<Settings, ConfigError>?>(nil)
    private let logLevel: LogLevelControl
    private let quiet = Mutex(false)
    /// How many of the registry's problems were reported.
    private let reportedProblems = Mutex(0)
    /// The "not reached" lines already given: a batch says each once, not once a word.
    let unreachedWarnings = Mutex<Set<String>>([])
    /// The one logger: providers, their HTTP clients and the lookup service get copies of it. Standard error, at the
    /// level `--verbose`/`--debug` or `LEXAGG_LOG` ask for (errors only by default).
    public let logger: Logger

    public init(environment: [String: String], factories: [ProviderFactory], output: any OutputSink) {
        self.environment = environment
        self.factories = factories
        self.output = output
        let control = LogLevelControl(LogLevelControl.level(named: environment["LEXAGG_LOG"]) ?? .error)
        logLevel = control
        logger = Logger(label: "lexagg") { _ in StandardErrorLogHandler(output: output, control: control) }
    }

    /// Applies a command's `--verbose`, `--debug` and `--quiet` (before anything is built, so every copy of the
    /// logger sees the level).
    func apply(_ logging: Verbosity) {
        if let level = logging.level { logLevel.current = level }
        quiet.withLock { $0 = logging.quiet }
    }

    /// Whether warnings are silenced (`--quiet`).
    var isQuiet: Bool { quiet.withLock { $0 } }

    /// The variables the factories accept beside the standard ones (`LEXAGG_DICT_SERVER`), the first factory's when
    /// two name the same one.
    private var aliases: [String: String] {
        // Sized first and filled by hand: `merge` grows the dictionary, and growing a [String: String] makes the
        // runtime prove `String: Hashable` by scanning every conformance record of the binary (0.8 million
        // instructions, callgrind), a seventh of a cached lookup.
        var aliases = [String: String](minimumCapacity: factories.reduce(0) { $0 + $1.aliases.count })
        for factory in factories {
            for (variable, key) in factory.aliases where aliases[variable] == nil { aliases[variable] = key }
        }
        return aliases
    }

    /// The registry, built once from the factories.
    public var registry: ProviderRegistry {
        builtRegistry.withLock { registry in
            if let registry { return registry }
            // Typed settings, environment over file; with an invalid file (which `doctor` reports), the environment's.
            let settings = (try? settings) ?? Settings.environmentOnly(environment, aliases: aliases)
            let built = ProviderRegistry(
                factories: factories,
                environment: ProviderEnvironment(
                    variables: environment, providers: settings?.providerSettings ?? [:],
                    databasePaths: settings?.databasePaths, logger: logger
                )
            )
            registry = built
            return built
        }
    }

    /// The cache of online answers (opened on first use): the SQLite file, or the shared database `store.url`
    /// names; nil when neither can be used.
    public var cacheStore: (any AnswerStore)? {
        if let opened = openedCache.withLock({ $0 }) { return opened }
        let store = makeCacheStore()
        return openedCache.withLock { opened in
            if let opened { return opened }
            opened = .some(store)
            return store
        }
    }

    /// What the command's stores do before the process exits (the cache file folds in what the command wrote: see
    /// ``CacheStore/finish()``); nothing when it opened none.
    func finish() async {
        guard let opened = openedCache.withLock({ $0 }), let store = opened else { return }
        await store.finish()
    }

    /// The lookup service every command asks: the registry, the cache, and the settings' strategy, time limits,
    /// weights and default providers.
    /// - Throws: ``ConfigError`` for a configured default provider that does not exist here.
    ///
    /// - Parameter memo: keep whole answers in memory (the servers, which are asked the same words again and again);
    ///   one-shot commands have nothing to gain from it.
    func lookupService(memo: Bool = false) throws(ConfigError) -> LookupService<ContinuousClock> {
        let settings = try settings
        let registry = registry
        var aggregation = AggregationOptions(
            strategy: settings.strategy, providerTimeout: settings.providerTimeout, deadline: settings.timeout
        )
        aggregation.providerTimeouts = settings.providerTimeouts
        let configuration = LookupService<ContinuousClock>.Configuration(
            aggregation: aggregation,
            merge: SenseMerger.Configuration(providerWeights: settings.providerWeights),
            defaultProviders: try settings.defaultProviders(in: registry)?.map(\.descriptor.id),
            cacheEnabled: settings.cacheEnabled
        )
        let cache = cacheStore.map { LookupCache(store: $0, ttl: { [self] in cacheTTL($0) }) }
        let limits = memo ? AnswerMemo<ContinuousClock>.Limits(lifetime: settings.serverMemoLifetime) : nil
        return LookupService(registry: registry, configuration: configuration, cache: cache, memo: limits, logger: logger)
    }

    /// How long `provider`'s cached answers stay fresh: the configuration's `ttl`/`negative_ttl` (commands check
    /// the configuration before they run, so it is valid here).
    func cacheTTL(_ provider: ProviderID) -> CacheTTL {
        guard let ttl = try? settings.cacheTTL(for: provider) else { return .standard }
        return CacheTTL(positive: ttl.positive, negative: ttl.negative)
    }

    /// The effective configuration (environment over file over defaults), read once.
    ///
    /// - Throws: ``ConfigError`` when the file or a `LEXAGG_*` variable is invalid; commands let it propagate and
    ///   lexagg exits with ``ExitStatus/configuration`` (78).
    public var settings: Settings {
        get throws(ConfigError) {
            try loadedSettings.withLock { loaded in
                if let loaded { return loaded }
                let result = Result { () throws(ConfigError) -> Settings in
                    try Settings.load(environment: environment, aliases: aliases)
                }
                loaded = result
                return result
            }.get()
        }
    }

    /// Colour is used only on a terminal, never with `NO_COLOR` set or `TERM=dumb`.
    public var style: TerminalStyle {
        let disabled = (environment["NO_COLOR"].map { !$0.isEmpty } ?? false) || environment["TERM"] == "dumb"
        return TerminalStyle(enabled: output.isTerminal && !disabled)
    }

    /// The language of lexagg's own text for this run: `--ui-language` (`flag`), else `ui.language` in the
    /// configuration, else the locale's variables (see ``LexAggLocalization/UILanguage/choose(flag:configured:environment:)``).
    /// An unreadable configuration is reported by the command that needs it, not here.
    public func uiLanguage(flag: String?) -> UILanguage {
        let configured = flag == nil ? (try? settings)?.uiLanguage : nil
        return UILanguage.choose(flag: flag, configured: configured, environment: environment)
    }

    func warn(_ message: String) {
        guard !isQuiet else { return }
        output.writeError(localized(.warningLine, message) + "\n")
    }

    func fail(_ message: String) {
        output.writeError(localized(.errorLine, message) + "\n")
    }

    /// Reports the factories' problems (an unreadable `LEXAGG_DICT_PATH` entry) as warnings, each once per run however
    /// many times a command asks (`suggest` asks the lookup service for random words and for definitions).
    ///
    /// The registry builds factories as they are needed (`--providers wiktionary` builds one), so by default this
    /// reports the problems of the factories built so far that were not reported yet: commands call it again after
    /// their lookups. `everything` builds every factory first (the servers, which serve them all).
    func reportRegistryProblems(everything: Bool = false) {
        let registry = registry
        let problems = everything ? registry.problems : registry.builtProblems
        let new = reportedProblems.withLock { reported in
            defer { reported = max(reported, problems.count) }
            return problems.dropFirst(reported)
        }
        for problem in new { warn(problem) }
    }
}

/// A command that runs with a ``CommandContext`` and says how it ended.
protocol ContextCommand {
    func run(in context: CommandContext) async throws -> ExitStatus
    /// Whether the configuration must be valid before the command runs (true unless the command says otherwise).
    var loadsConfiguration: Bool { get }
    /// The command's `--verbose`/`--debug`/`--quiet`, if it has them.
    var verbosity: Verbosity? { get }
}

extension ContextCommand {
    var loadsConfiguration: Bool { true }
    var verbosity: Verbosity? { nil }
}

/// An error a command reports to the user before exiting with its status.
struct CommandFailure: Error {
    var status: ExitStatus
    var message: String

    static func usage(_ message: String) -> CommandFailure { CommandFailure(status: .usage, message: message) }
}

extension CommandFailure {
    /// The lookup service's refusal as the user sees it: a bad request is a usage error (64), nothing usable 69.
    init(_ error: LookupServiceError) {
        self.init(status: error.kind == .invalidRequest ? .usage : .unavailable, message: ErrorText.text(error))
    }
}
