import LexAggAggregation
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
