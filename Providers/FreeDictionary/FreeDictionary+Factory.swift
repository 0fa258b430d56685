import LexAggCore
import LexAggHTTP

extension ProviderID {
    /// The Free Dictionary API (dictionaryapi.dev).
    public static let freedictionary = ProviderID("freedictionary")!
}

extension ProviderFactory {
    /// Builds the Free Dictionary provider; `LEXAGG_FREEDICTIONARY_ENDPOINT` overrides the endpoint (scheme, host,
    /// port). Nothing is connected until the first lookup.
    public static let freedictionary = ProviderFactory(name: "freedictionary", ids: [.freedictionary], onlyDeclared: true) { environment in
        let endpoint = environment.settings(for: .freedictionary).endpoint ?? FreeDictionary.defaultEndpoint
        return .init(providers: [FreeDictionary(endpoint: endpoint, logger: environment.logger)])
    }
}
