#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Translates words with the PONS online dictionary API (`GET /v1/dictionary`, key in the `X-Secret` header), and
/// defines German words with its monolingual `dede` dictionary.
///
/// A direction `source → target` uses the dictionary named by the two language codes sorted (`deen`, `enfr`) with
/// `in=` the source language, so only hits in that direction come back. Without a key the provider is unavailable
/// and sends nothing. The key never appears in descriptions, errors or output.
public struct PONS: TranslationProviding, DefinitionProviding, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Where and how to reach PONS, and the key.
    public struct Configuration: Sendable, CustomStringConvertible {
        /// The default endpoint: `https://api.pons.com`.
        public static let defaultEndpoint = "https://api.pons.com"
        /// The environment variable that overrides the endpoint.
        public static let endpointVariable = "LEXAGG_PONS_ENDPOINT"
        /// The environment variable that holds the API key.
        public static let secretVariable = "LEXAGG_PONS_SECRET"
        /// Where to get a key.
        public static let keyPage = "https://en.pons.com/p/online-dictionary/developers/api"

        /// The scheme, host and port of the service; the API paths are fixed.
        public var endpoint: String
        /// The API key, sent as `X-Secret`.
        public var secret: PONSSecret?
        /// Timeouts, body cap, concurrency and User-Agent of the HTTP client.
        public var http: ProviderHTTPClient.Configuration

        public init(
            endpoint: String = Configuration.defaultEndpoint, secret: PONSSecret?,
            http: ProviderHTTPClient.Configuration = .init()
        ) {
            self.endpoint = endpoint
            self.secret = secret
            self.http = http
        }

        public var description: String {
            "PONS.Configuration(endpoint: \(endpoint), secret: \(secret == nil ? "none" : "<redacted>"))"
        }
    }

    public let configuration: Configuration
    let transport: any HTTPTransport
    let clock: any Clock<Duration>
    /// The `/v1/dictionaries` list once fetched (see ``dictionaries()``).
    let dictionaryCache = PONSDictionaryCache()

    /// Creates the provider. Nothing is connected or allocated until the first request.
    public init(
        configuration: Configuration,
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
    }

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: .pons,
            displayName: "PONS online dictionary",
            capabilities: [.translate, .define, .examples, .pronunciations],
            languages: [.german],
            translationPairs: PONSDictionaries.knownPairs,
            requiresNetwork: true,
            requiresCredentials: true,
            source: configuration.endpoint,
            license: "© PONS GmbH; API terms of use",
            formatVersion: 1,
            quota: .metered("1,000 requests a month on the free plan")
        )
    }

    public func availability() async -> ProviderAvailability {
        if BaseURL(configuration.endpoint) == nil { return .unavailable(reason: endpointProblem) }
        guard let secret = configuration.secret else { return .notConfigured(hint: PONS.missingSecretMessage) }
        if !secret.isSendable { return .unavailable(reason: PONS.unsendableSecretMessage) }
        return .available
    }

    static let missingSecretMessage =
        "PONS needs an API key: get one at \(Configuration.keyPage), then `export \(Configuration.secretVariable)=…`"
    static let unsendableSecretMessage =
        "\(Configuration.secretVariable) contains characters that cannot be sent in an HTTP header (only visible ASCII)"

    // MARK: Requests

    static let dictionaryPath = "/v1/dictionary"
    static let dictionariesPath = "/v1/dictionaries"

    public func translate(_ query: TranslationQuery) async throws -> LookupResult {
        let source = query.pair.source.primary, target = query.pair.target.primary
        let key = PONSDictionaries.key(source, target)
        let directions = try await request(term: query.term, dictionary: key, source: source)
        let entries = PONSResponse.translationEntries(
            from: directions, query: query.term, pair: query.pair, provenanceSource: provenanceSource(key: key),
            retrievedAt: Date()
        )
        return LookupResult(entries: entries)
    }

    /// Defines a German word with the monolingual `dede` dictionary; other languages are unsupported.
    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        if let language = query.language, !language.matches(.german) {
            try checkCancelled()
            throw ProviderError(
                .unsupportedLanguage, provider: .pons,
                message: "PONS defines German words only (dictionary dede), not \(language.englishName); "
                    + "use translate for other languages"
            )
        }
        let directions = try await request(term: query.term, dictionary: "dede", source: "de")
        let entries = PONSResponse.definitionEntries(
            from: directions, query: query.term, provenanceSource: provenanceSource(key: "dede"), retrievedAt: Date()
        )
        return LookupResult(entries: entries)
    }

    private func checkCancelled() throws {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .pons, message: "the request was cancelled") }
    }

    /// The page a user can open for the dictionary (the API URL would need the key).
    private func provenanceSource(key: String) -> String {
        "\(configuration.endpoint)\(PONS.dictionaryPath)?l=\(key)"
    }

    /// GETs `/v1/dictionary?q=…&l=…&in=…` and decodes it; `[]` for 204 (no hits).
    private func request(term: String, dictionary: String, source: String) async throws -> [PONSResponse.Direction] {
        try checkCancelled()
        guard let baseURL = BaseURL(configuration.endpoint) else {
            throw ProviderError(.unavailable, provider: .pons, message: endpointProblem)
        }
        guard let secret = configuration.secret else {
            throw ProviderError(.credentials, provider: .pons, message: PONS.missingSecretMessage)
        }
        guard secret.isSendable else {
            throw ProviderError(.credentials, provider: .pons, message: PONS.unsendableSecretMessage)
        }
        let client = ProviderHTTPClient(
            provider: .pons, baseURL: baseURL, configuration: configuration.http,
            transport: HeaderAddingTransport(transport, adding: [HTTPField("X-Secret", secret.value)]), clock: clock
        )
        let query = [("q", term), ("l", dictionary), ("in", source)]
        let url = baseURL.url(path: PONS.dictionaryPath, query: query)
        do {
            let response = try await client.get(PONS.dictionaryPath, query: query, passing: [403, 404, 503])
            try checkStatus(response, dictionary: dictionary, url: url)
            return try PONSResponse.directions(from: response, url: url)
        } catch let error as ProviderError {
            throw secret.scrub(error)
        }
    }

    /// PONS's documented status codes (it sends no error bodies).
    private func checkStatus(_ response: HTTPResponseData, dictionary: String, url: String) throws {
        let host = BaseURL(configuration.endpoint)?.host ?? "PONS"
        switch response.status {
        case 403:
            throw ProviderError(
                .credentials, provider: .pons,
                message: "\(host) refused the API key (HTTP 403), or the key does not include dictionary "
                    + "'\(dictionary)'; check \(Configuration.secretVariable)",
                location: url, httpStatus: 403
            )
        case 404:
            throw ProviderError(
                .unsupportedLanguage, provider: .pons,
                message: "PONS has no dictionary '\(dictionary)' (HTTP 404)", location: url, httpStatus: 404
            )
        case 503:
            throw ProviderError(
                .rateLimited, provider: .pons,
                message: "the PONS daily request limit is reached (HTTP 503); try again tomorrow",
                location: url, httpStatus: 503
            )
        default:
            return
        }
    }

    private var endpointProblem: String {
        "\(Configuration.endpointVariable) is '\(configuration.endpoint)'; it must be http(s)://host[:port]"
    }

    // MARK: Descriptions without the key

    public var description: String { "PONS(endpoint: \(configuration.endpoint))" }
    public var debugDescription: String {
        "PONS(endpoint: \(configuration.endpoint), secret: \(configuration.secret == nil ? "none" : "<redacted>"))"
    }
    public var customMirror: Mirror {
        Mirror(self, children: ["endpoint": configuration.endpoint, "hasSecret": configuration.secret != nil])
    }
}
