import LexAggAggregation
import LexAggCache
import LexAggConfig
import LexAggCore
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
    private let openedCache = Mutex<CacheStore??>(nil)
    private let loadedSettings = Mutex<Result<Settings, ConfigError>?>(nil)

    public init(environment: [String: String], factories: [ProviderFactory], output: any OutputSink) {
        self.environment = environment
        self.factories = factories
        self.output = output
    }

    /// The registry, built once from the factories.
    public var registry: ProviderRegistry {
        builtRegistry.withLock { registry in
            if let registry { return registry }
            // Providers read their endpoints and keys from variables; the file's values fill in unset ones.
            let variables = (try? settings)?.providerVariables() ?? environment
            let built = ProviderRegistry(factories: factories, environment: ProviderEnvironment(variables: variables))
            registry = built
            return built
        }
    }

    /// The cache file of online answers (opened on first use), or nil when no cache directory can be found.
    public var cacheStore: CacheStore? {
        openedCache.withLock { opened in
            if let opened { return opened }
            let store = CacheLocation.file(in: environment).map { path in
                CacheStore(path: path, warn: { [output] message in output.writeError("lexagg: warning: \(message)\n") })
            }
            opened = .some(store)
            return store
        }
    }

    /// The lookup cache in `mode`, or nil when there is none.
    func lookupCache(mode: CacheMode) -> LookupCache? {
        cacheStore.map { LookupCache(store: $0, mode: mode, ttl: { [self] in cacheTTL($0) }) }
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
                let result = Result { () throws(ConfigError) -> Settings in try Settings.load(environment: environment) }
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

    func warn(_ message: String) {
        output.writeError("lexagg: warning: \(message)\n")
    }

    func fail(_ message: String) {
        output.writeError("lexagg: error: \(message)\n")
    }

    /// Reports the factories' problems (an unreadable `LEXAGG_DICT_PATH` entry) as warnings.
    func reportRegistryProblems() {
        for problem in registry.problems { warn(problem) }
    }
}

/// A command that runs with a ``CommandContext`` and says how it ended.
protocol ContextCommand {
    func run(in context: CommandContext) async throws -> ExitStatus
    /// Whether the configuration must be valid before the command runs (true unless the command says otherwise).
    var loadsConfiguration: Bool { get }
}

extension ContextCommand {
    var loadsConfiguration: Bool { true }
}

/// An error a command reports to the user before exiting with its status.
struct CommandFailure: Error {
    var status: ExitStatus
    var message: String

    static func usage(_ message: String) -> CommandFailure { CommandFailure(status: .usage, message: message) }
}
