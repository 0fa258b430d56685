/// What a provider factory may read when it builds providers: the environment, nothing global.
public struct ProviderEnvironment: Sendable {
    /// Environment variables (`LEXAGG_*` and the XDG ones).
    public var variables: [String: String]

    public init(variables: [String: String]) {
        self.variables = variables
    }

    public subscript(_ name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }
}

/// Builds the providers of one provider module. The composition root holds a list of these.
///
/// A factory may return several providers (one per database found) or none. Building must be cheap:
/// open files and connections on first use.
public struct ProviderFactory: Sendable {
    public var name: String
    public var make: @Sendable (ProviderEnvironment) -> [any DictionaryProvider]

    public init(name: String, make: @escaping @Sendable (ProviderEnvironment) -> [any DictionaryProvider]) {
        self.name = name
        self.make = make
    }
}
