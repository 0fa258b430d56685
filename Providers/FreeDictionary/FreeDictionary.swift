#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Defines English words with the Free Dictionary API (`GET /api/v2/entries/en/{word}`, dictionaryapi.dev).
///
/// The service returns one element per Wiktionary etymology; each becomes an ``LexAggCore/Entry``. Only English
/// returns data (other languages always get "No Definitions Found"), so a query in another language is refused
/// without a request. A 404 "No Definitions Found" is an empty answer, not an error.
public struct FreeDictionary: DefinitionProviding {
    /// Where and how to reach the service.
    public struct Configuration: Sendable {
        /// The default endpoint: `https://api.dictionaryapi.dev`.
        public static let defaultEndpoint = "https://api.dictionaryapi.dev"
        /// The environment variable that overrides the endpoint.
        public static let endpointVariable = "LEXAGG_FREEDICTIONARY_ENDPOINT"

        /// The scheme, host and port of the service; the API path is fixed.
        public var endpoint: String
        /// Timeouts, body cap, concurrency and User-Agent of the HTTP client.
        public var http: ProviderHTTPClient.Configuration

        public init(endpoint: String = Configuration.defaultEndpoint, http: ProviderHTTPClient.Configuration = .init()) {
            self.endpoint = endpoint
            self.http = http
        }
    }

    public let configuration: Configuration
    private let transport: any HTTPTransport
    private let clock: any Clock<Duration>

    /// Creates the provider. Nothing is connected or allocated until the first lookup.
    public init(
        configuration: Configuration = Configuration(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
    }

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: .freedictionary,
            displayName: "Free Dictionary API (dictionaryapi.dev, from Wiktionary)",
            capabilities: [.define, .pronunciations, .examples],
            languages: [.english],
            requiresNetwork: true,
            source: configuration.endpoint,
            license: "CC BY-SA 3.0 (Wiktionary content; recordings under their own licences)",
            formatVersion: 1
        )
    }

    public func availability() async -> ProviderAvailability {
        BaseURL(configuration.endpoint) == nil ? .unavailable(reason: endpointProblem) : .available
    }

    /// The path of a lookup: `/api/v2/entries/{lang}/{word}`, the word percent-encoded as one path segment
    /// (`/` becomes `%2F`, so the word can never change the route).
    static func path(language: String, word: String) -> String {
        "/api/v2/entries/\(percentEncode(language))/\(percentEncode(word))"
    }

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        if Task.isCancelled {
            throw ProviderError(.cancelled, provider: .freedictionary, message: "the lookup was cancelled")
        }
        guard let baseURL = BaseURL(configuration.endpoint) else {
            throw ProviderError(.unavailable, provider: .freedictionary, message: endpointProblem)
        }
        if let language = query.language, !language.matches(.english) {
            throw ProviderError(
                .unsupportedLanguage, provider: .freedictionary,
                message: "the Free Dictionary API has data for English only, not \(language.englishName)"
            )
        }
        let client = ProviderHTTPClient(
            provider: .freedictionary, baseURL: baseURL, configuration: configuration.http, transport: transport,
            clock: clock
        )
        let path = FreeDictionary.path(language: "en", word: query.term)
        let response = try await client.get(path, passing: [404])
        let url = baseURL.url(path: path, query: [])
        let entries = try FreeDictionaryResponse.entries(from: response, url: url, retrievedAt: Date())
        return LookupResult(entries: entries)
    }

    private var endpointProblem: String {
        "\(Configuration.endpointVariable) is '\(configuration.endpoint)'; it must be http(s)://host[:port]"
    }
}
