import Logging

/// One provider's settings, already resolved by the composition root: flags over environment over the
/// configuration file over defaults. Providers never read variables or the file themselves.
public struct ProviderSettings: Sendable, Hashable {
    /// The base URL of an online source, or `host[:port]` of a DICT server.
    public var endpoint: String?
    /// An API key. Never printed, logged, cached or part of a fingerprint.
    public var secret: String?
    /// A database on a DICT server (`*`, `!`, or a name).
    public var database: String?
    /// The command line of an external provider.
    public var command: String?

    public init(endpoint: String? = nil, secret: String? = nil, database: String? = nil, command: String? = nil) {
        self.endpoint = endpoint
        self.secret = secret
        self.database = database
        self.command = command
    }
}

/// What a provider factory may read when it builds providers: typed settings, a few environment variables
/// (the XDG and home directories), and the logger. Nothing global.
public struct ProviderEnvironment: Sendable {
    /// Environment variables (the XDG ones, `HOME`).
    public var variables: [String: String]
    /// Each provider's settings by id (`[providers.<id>]` and `LEXAGG_<ID>_*`), for the ids that have any.
    public var providers: [ProviderID: ProviderSettings]
    /// Directories of dictd databases searched first (`databases.path`, `LEXAGG_DICT_PATH`); `nil`: none given.
    public var databasePaths: [String]?
    /// Where providers and their HTTP clients log (requests, retries, errors); from the composition root.
    public var logger: Logger

    public init(
        variables: [String: String], providers: [ProviderID: ProviderSettings] = [:], databasePaths: [String]? = nil,
        logger: Logger = Logger(label: "lexagg", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.variables = variables
        self.providers = providers
        self.databasePaths = databasePaths
        self.logger = logger
    }

    /// `id`'s settings (empty when none are given: the provider's defaults apply).
    public func settings(for id: ProviderID) -> ProviderSettings {
        providers[id] ?? ProviderSettings()
    }

    public subscript(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}

/// Builds the providers of one provider module. The composition root holds a list of these.
///
/// A factory may return several providers (one per database found) or none, and problems it met on the way
/// (an unreadable directory in a search path) for the CLI to report. Building must be cheap: open files and
/// connections on first use.
public struct ProviderFactory: Sendable {
    /// What a factory built.
    public struct Products: Sendable {
        public var providers: [any DictionaryProvider]
        /// One-line descriptions of problems that did not stop the factory.
        public var problems: [String]

        public init(providers: [any DictionaryProvider], problems: [String] = []) {
            self.providers = providers
            self.problems = problems
        }
    }

    public var name: String
    /// The ids of the providers it always builds (its own sources: `wiktionary`, the embedded `wordnet`), if any: a
    /// lookup that names one builds this factory alone, and no other factory may build a provider under it. Empty for
    /// a factory whose providers are found at run time (databases, datasets, configured programs).
    public var ids: Set<ProviderID>
    /// More environment variables that set its providers' settings, beside the standard `LEXAGG_<ID>_ENDPOINT`,
    /// `_SECRET`, `_DATABASE`, `_COMMAND`: variable → dotted key (`"LEXAGG_DICT_SERVER": "providers.dict-server.endpoint"`).
    public var aliases: [String: String]
    public var make: @Sendable (ProviderEnvironment) -> Products
    /// Builds only what ``make`` would build under one id, for a lookup that names it, when that is cheaper than
    /// `make` (which finds every database or dataset on disk): for one of ``ids``, that provider; for another id, the
    /// provider `make` would build under it, or products without it when `make` would build none (a database or
    /// dataset of that name does not exist). Nil when the factory cannot tell without `make`. Without it, `make`
    /// serves.
    public var makeOne: (@Sendable (ProviderID, ProviderEnvironment) -> Products?)?
    /// Whether `make` builds the providers of ``ids`` and nothing else (an online source): a lookup that names another
    /// id never needs this factory.
    public var onlyDeclared: Bool

    public init(
        name: String, ids: Set<ProviderID> = [], onlyDeclared: Bool = false, aliases: [String: String] = [:],
        makeOne: (@Sendable (ProviderID, ProviderEnvironment) -> Products?)? = nil,
        make: @escaping @Sendable (ProviderEnvironment) -> Products
    ) {
        self.name = name
        self.ids = ids
        self.onlyDeclared = onlyDeclared
        self.aliases = aliases
        self.makeOne = makeOne
        self.make = make
    }
}
