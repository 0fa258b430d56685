import Logging

/// What a provider factory may read when it builds providers: the environment, nothing global.
public struct ProviderEnvironment: Sendable {
    /// Environment variables (`LEXAGG_*` and the XDG ones).
    public var variables: [String: String]
    /// Where providers and their HTTP clients log (requests, retries, errors); from the composition root.
    public var logger: Logger

    public init(variables: [String: String], logger: Logger = Logger(label: "lexagg", factory: { _ in SwiftLogNoOpLogHandler() })) {
        self.variables = variables
        self.logger = logger
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
    public var make: @Sendable (ProviderEnvironment) -> Products

    public init(name: String, make: @escaping @Sendable (ProviderEnvironment) -> Products) {
        self.name = name
        self.make = make
    }
}
