import LexAggCore

extension ProviderID {
    /// The PONS online dictionary API.
    public static let pons = ProviderID("pons")!
}

extension ProviderFactory {
    /// Builds the PONS provider. `LEXAGG_PONS_SECRET` is the API key (without it the provider reports itself
    /// unavailable and says how to get one); `LEXAGG_PONS_ENDPOINT` overrides the endpoint (scheme, host, port).
    public static let pons = ProviderFactory(name: "pons", ids: [.pons], onlyDeclared: true) { environment in
        let settings = environment.settings(for: .pons)
        let endpoint = settings.endpoint ?? PONS.defaultEndpoint
        let secret = settings.secret.flatMap(PONSSecret.init)
        return .init(providers: [PONS(endpoint: endpoint, secret: secret, logger: environment.logger)])
    }
}
