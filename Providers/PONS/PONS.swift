#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP
import Logging

/// Translates words with the PONS online dictionary API (`GET /v1/dictionary`, key in the `X-Secret` header), and
/// defines German words with its monolingual `dede` dictionary.
///
/// A direction `source → target` uses the dictionary named by the two language codes sorted (`deen`, `enfr`) with
/// `in=` the source language, so only hits in that direction come back. Without a key the provider is unavailable
/// and sends nothing. The key never appears in descriptions, errors or output.
public struct PONS: TranslationProviding, DefinitionProviding, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The default endpoint: `https://api.pons.com`.
    public static let defaultEndpoint = "https://api.pons.com"
    /// The environment variable that overrides the endpoint (scheme, host and port; the API paths are fixed).
    public static let endpointVariable = "LEXAGG_PONS_ENDPOINT"
    /// The environment variable that holds the API key.
    public static let secretVariable = "LEXAGG_PONS_SECRET"
    /// Where to get a key.
    public static let keyPage = "https://en.pons.com/p/online-dictionary/developers/api"

    public let connection: ServiceConnection
    /// The API key, sent as `X-Secret`.
    public let secret: PONSSecret?
    public var configuration: ServiceConfiguration { connection.configuration }
    var client: ProviderHTTPClient { connection.client }
    /// The `/v1/dictionaries` list once fetched (see ``dictionaries()``).
    let dictionaryCache = PONSDictionaryCache()

    /// Creates the provider for the service at `endpoint` with the key `secret`. Nothing is connected or
    /// allocated until the first request.
    public init(
        endpoint: String = PONS.defaultEndpoint,
        secret: PONSSecret?,
        http: ProviderHTTPClient.Configuration = .init(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = .disabled
    ) {
        self.init(
            configuration: ServiceConfiguration(endpoint: Endpoint(endpoint, variable: PONS.endpointVariable), http: http),
            secret: secret, transport: transport, clock: clock, logger: logger
        )
    }

    /// Creates the provider from a configuration and the key.
    public init(
        configuration: ServiceConfiguration,
        secret: PONSSecret?,
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = .disabled
    ) {
        self.connection = ServiceConnection(
            provider: .pons, configuration: configuration, transport: transport, clock: clock, logger: logger
        )
        self.secret = secret
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
            source: configuration.endpoint.text,
            license: "© PONS GmbH; API terms of use",
            // 2: this round's parser fixes (recordings without a transcription, …): answers cached before are asked again.
            formatVersion: 2,
            quota: .metered("1,000 requests a month on the free plan")
        )
    }

    public func availability() async -> ProviderAvailability {
        if let problem = configuration.endpoint.problem { return .unavailable(reason: problem) }
        guard let secret else { return .notConfigured(hint: PONS.missingSecretMessage) }
        if !secret.isSendable { return .unavailable(reason: PONS.unsendableSecretMessage) }
        return .available
    }

    static let missingSecretMessage =
        "PONS needs an API key: get one at \(PONS.keyPage), then `export \(PONS.secretVariable)=…`"
    static let unsendableSecretMessage =
        "\(PONS.secretVariable) contains characters that cannot be sent in an HTTP header (only visible ASCII)"

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
        "\(configuration.endpoint.text)\(PONS.dictionaryPath)?l=\(key)"
    }

    /// GETs `/v1/dictionary?q=…&l=…&in=…` with the key and decodes it; `[]` for no hits.
    private func request(term: String, dictionary: String, source: String) async throws -> [PONSResponse.Direction] {
        try checkCancelled()
        guard let secret else {
            throw ProviderError(.credentials, provider: .pons, message: PONS.missingSecretMessage)
        }
        guard secret.isSendable else {
            throw ProviderError(.credentials, provider: .pons, message: PONS.unsendableSecretMessage)
        }
        let request = ServiceRequest(
            PONS.dictionaryPath, query: [("q", term), ("l", dictionary), ("in", source)],
            credentials: [HTTPField("X-Secret", secret.value)]
        )
        return try await client.fetch(request, as: [PONSResponse.Direction].self, policy: PONS.policy(dictionary: dictionary))
            ?? []
    }

    /// PONS's documented answers (it sends no error bodies): 204 or an empty body is "no hits", 403 a refused
    /// key, 404 an unknown dictionary, 503 the daily limit (which pauses the host for a minute).
    package static func policy(dictionary: String) -> ResponsePolicy {
        ResponsePolicy(
            notFound: [204],
            statuses: [
                403: ResponseFailure(
                    .credentials,
                    "PONS refused the API key (HTTP 403), or the key does not include dictionary '\(dictionary)'; "
                        + "check \(PONS.secretVariable)"
                ),
                404: ResponseFailure(.unsupportedLanguage, "PONS has no dictionary '\(dictionary)' (HTTP 404)"),
                503: ResponseFailure(.rateLimited, "the PONS daily request limit is reached (HTTP 503); try again tomorrow"),
            ],
            emptyBodyIsNotFound: true,
            rateLimitPause: .seconds(60)
        )
    }

    // MARK: Descriptions without the key

    public var description: String { "PONS(endpoint: \(configuration.endpoint))" }
    public var debugDescription: String {
        "PONS(endpoint: \(configuration.endpoint), secret: \(secret == nil ? "none" : "<redacted>"))"
    }
    public var customMirror: Mirror {
        Mirror(self, children: ["endpoint": configuration.endpoint.text, "hasSecret": secret != nil])
    }
}
