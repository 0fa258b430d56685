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
public struct FreeDictionary: DefinitionProviding, ServiceProvider {
    /// The default endpoint: `https://api.dictionaryapi.dev`.
    public static let defaultEndpoint = "https://api.dictionaryapi.dev"
    /// The environment variable that overrides the endpoint (scheme, host and port; the API path is fixed).
    public static let endpointVariable = "LEXAGG_FREEDICTIONARY_ENDPOINT"

    public static let id = ProviderID.freedictionary
    public let connection: ServiceConnection

    /// Creates the provider over its connection (see ``LexAggHTTP/ServiceProvider`` for the other initialisers).
    public init(connection: ServiceConnection) {
        self.connection = connection
    }

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: .freedictionary,
            displayName: "Free Dictionary API (dictionaryapi.dev, from Wiktionary)",
            capabilities: [.define, .pronunciations, .examples],
            languages: [.english],
            requiresNetwork: true,
            source: configuration.endpoint.text,
            license: "CC BY-SA 3.0 (Wiktionary content; recordings under their own licences)",
            // 2: this round's parser fixes (recordings without a transcription, …): answers cached before are asked again.
            formatVersion: 2
        )
    }

    public func availability() async -> ProviderAvailability { configuration.endpoint.availability }

    /// The path of a lookup: `/api/v2/entries/{lang}/{word}`, the word percent-encoded as one path segment
    /// (`/` becomes `%2F`, so the word can never change the route).
    static func path(language: String, word: String) -> String {
        "/api/v2/entries/\(percentEncode(language))/\(percentEncode(word))"
    }

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        if Task.isCancelled {
            throw ProviderError(.cancelled, provider: .freedictionary, message: "the lookup was cancelled")
        }
        if let language = query.language, !language.matches(.english) {
            throw ProviderError(
                .unsupportedLanguage, provider: .freedictionary,
                message: "the Free Dictionary API has data for English only, not \(language.englishName)"
            )
        }
        let request = ServiceRequest(FreeDictionary.path(language: "en", word: query.term))
        let wire = try await client.fetch(request, as: [FreeDictionaryResponse.WireEntry].self, policy: FreeDictionaryResponse.policy)
        let fallbackSource = (configuration.endpoint.baseURL?.description ?? configuration.endpoint.text) + request.path
        return LookupResult(entries: try FreeDictionaryResponse.entries(from: wire ?? [], source: fallbackSource, retrievedAt: Date()))
    }
}
