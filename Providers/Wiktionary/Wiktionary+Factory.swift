import LexAggCore
import LexAggHTTP

extension ProviderID {
    /// The English Wiktionary.
    public static let wiktionary = ProviderID("wiktionary")!
}

extension ProviderFactory {
    /// Builds the Wiktionary provider; `LEXAGG_WIKTIONARY_ENDPOINT` overrides the endpoint (scheme, host, port).
    public static let wiktionary = ProviderFactory(name: "wiktionary", ids: [.wiktionary], onlyDeclared: true) { environment in
        let endpoint = environment.settings(for: .wiktionary).endpoint ?? Wiktionary.defaultEndpoint
        return .init(providers: [Wiktionary(endpoint: endpoint, logger: environment.logger)])
    }
}
