import LexAggCore
import LexAggHTTP

extension ProviderID {
    /// random-word-api (random-word-api.herokuapp.com).
    public static let randomword = ProviderID("randomword")!
    /// The local English word list (offline).
    public static let wordlist = ProviderID("wordlist")!
}

extension ProviderFactory {
    /// Builds the random-word-api provider; `LEXAGG_RANDOMWORD_ENDPOINT` overrides the endpoint (scheme, host,
    /// port). Nothing is connected until the first request.
    public static let randomword = ProviderFactory(name: "randomword", ids: [.randomword], onlyDeclared: true) { environment in
        let endpoint = environment.settings(for: .randomword).endpoint ?? RandomWord.defaultEndpoint
        return .init(providers: [RandomWord(endpoint: endpoint, logger: environment.logger)])
    }

    /// Builds the offline word-list provider (`/usr/share/dict/words`, else the embedded WordNet index). Nothing is
    /// read until the first request.
    public static let wordlist = ProviderFactory(name: "wordlist", ids: [.wordlist], onlyDeclared: true) { _ in
        .init(providers: [OfflineWordList()])
    }
}
