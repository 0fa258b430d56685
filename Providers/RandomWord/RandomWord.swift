#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Random words from random-word-api (`GET /word?number=N&lang=xx`, `GET /languages`).
///
/// English is the service's implicit default: it is never sent as `lang` (the server refuses `lang=en` spellings
/// it does not expect) and `/languages` never lists it, so ``supportedLanguages()`` adds it. The word lists of
/// other languages are machine translations; the answer is cleaned (trimmed, junk such as `a)` dropped, repeats
/// removed ignoring case), so fewer words than asked for may come back.
///
/// Every failure of the service is HTTP 403 with `{"Error": "…"}`; see ``RandomWordResponse``. For a fallback
/// when the service is down, combine it with ``OfflineWordList`` in a ``RandomWordFallback``.
public struct RandomWord: RandomWordProviding {
    /// Where and how to reach the service.
    public struct Configuration: Sendable {
        /// The default endpoint: `https://random-word-api.herokuapp.com`.
        public static let defaultEndpoint = "https://random-word-api.herokuapp.com"
        /// The environment variable that overrides the endpoint.
        public static let endpointVariable = "LEXAGG_RANDOMWORD_ENDPOINT"

        /// The scheme, host and port of the service; the API paths are fixed.
        public var endpoint: String
        /// Timeouts, body cap, concurrency and User-Agent of the HTTP client.
        public var http: ProviderHTTPClient.Configuration

        public init(endpoint: String = Configuration.defaultEndpoint, http: ProviderHTTPClient.Configuration = .init()) {
            self.endpoint = endpoint
            self.http = http
        }
    }

    /// The most words one request asks for.
    public static let maximumCount = 500

    public let configuration: Configuration
    private let transport: any HTTPTransport
    private let clock: any Clock<Duration>

    /// Creates the provider. Nothing is connected or allocated until the first request.
    public init(
        configuration: Configuration = Configuration(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
    }

    /// The languages of the service's word lists (2026); ``supportedLanguages()`` asks the service itself.
    public static let knownLanguages: [Language] = ["en", "de", "es", "fr", "it", "nl", "pt-br", "ro", "zh"]
        .compactMap { Language($0) }

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: .randomword,
            displayName: "Random Word API (random-word-api.herokuapp.com)",
            capabilities: [.randomWords],
            languages: RandomWord.knownLanguages,
            requiresNetwork: true,
            source: configuration.endpoint,
            license: "word lists from github.com/RazorSh4rk/random-word-api",
            formatVersion: 1
        )
    }

    public func availability() async -> ProviderAvailability {
        BaseURL(configuration.endpoint) == nil ? .unavailable(reason: endpointProblem) : .available
    }

    static let wordPath = "/word"
    static let languagesPath = "/languages"

    /// The query of a `/word` request: `number`, and `lang` unless the language is English.
    static func wordQuery(_ request: RandomWordRequest) -> [(String, String)] {
        var query = [("number", String(request.count))]
        if let language = request.language, !language.matches(.english) { query.append(("lang", language.code)) }
        return query
    }

    public func randomWords(_ request: RandomWordRequest) async throws -> [String] {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .randomword, message: "the request was cancelled") }
        guard (1...RandomWord.maximumCount).contains(request.count) else {
            throw ProviderError(
                .invalidQuery, provider: .randomword,
                message: "ask for between 1 and \(RandomWord.maximumCount) words, not \(request.count)"
            )
        }
        let client = try client()
        let query = RandomWord.wordQuery(request)
        let response = try await client.get(RandomWord.wordPath, query: query, passing: [403])
        let url = client.baseURL.url(path: RandomWord.wordPath, query: query)
        let words = try RandomWordResponse.strings(from: response, url: url, language: request.language)
        return Array(RandomWordResponse.cleaned(words).prefix(request.count))
    }

    /// The languages the service has word lists for, English included.
    public func supportedLanguages() async throws -> [Language] {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .randomword, message: "the request was cancelled") }
        let client = try client()
        let response = try await client.get(RandomWord.languagesPath, passing: [403])
        let url = client.baseURL.url(path: RandomWord.languagesPath, query: [])
        let codes = try RandomWordResponse.strings(from: response, url: url, language: nil)
        var languages: [Language] = [.english]
        for language in codes.compactMap(Language.init) where !languages.contains(language) {
            languages.append(language)
        }
        return languages
    }

    private func client() throws -> ProviderHTTPClient {
        guard let baseURL = BaseURL(configuration.endpoint) else {
            throw ProviderError(.unavailable, provider: .randomword, message: endpointProblem)
        }
        return ProviderHTTPClient(
            provider: .randomword, baseURL: baseURL, configuration: configuration.http, transport: transport,
            clock: clock
        )
    }

    private var endpointProblem: String {
        "\(Configuration.endpointVariable) is '\(configuration.endpoint)'; it must be http(s)://host[:port]"
    }
}
