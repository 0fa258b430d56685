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
public struct RandomWord: RandomWordProviding, ServiceProvider {
    /// The default endpoint: `https://random-word-api.herokuapp.com`.
    public static let defaultEndpoint = "https://random-word-api.herokuapp.com"
    /// The environment variable that overrides the endpoint (scheme, host and port; the API paths are fixed).
    public static let endpointVariable = "LEXAGG_RANDOMWORD_ENDPOINT"

    /// The most words one request to the service asks for (it refuses more); a larger count is asked in requests of
    /// this many.
    public static let maximumCount = 500
    /// The most words one call gives (`random --count`'s limit).
    public static let maximumTotal = 1000

    public static let id = ProviderID.randomword
    public let connection: ServiceConnection

    /// Creates the provider over its connection (see ``LexAggHTTP/ServiceProvider`` for the other initialisers).
    public init(connection: ServiceConnection) {
        self.connection = connection
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
            source: configuration.endpoint.text,
            license: "word lists from github.com/RazorSh4rk/random-word-api",
            formatVersion: 1
        )
    }

    public func availability() async -> ProviderAvailability { configuration.endpoint.availability }

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
        guard (1...RandomWord.maximumTotal).contains(request.count) else {
            throw ProviderError(
                .invalidQuery, provider: .randomword,
                message: "ask for between 1 and \(RandomWord.maximumTotal) words, not \(request.count)"
            )
        }
        // At most `maximumCount` a request: `random --count 600` failed for every language but English (whose
        // local list stood in, with the refusal as a fallback's reason).
        var words: [String] = []
        var asked = 0
        while asked < request.count {
            var part = request
            part.count = min(RandomWord.maximumCount, request.count - asked)
            asked += part.count
            let batch = try await client.fetch(
                ServiceRequest(RandomWord.wordPath, query: RandomWord.wordQuery(part)), as: [String].self,
                policy: RandomWordResponse.policy(language: request.language)
            ) ?? []
            if batch.isEmpty { break }
            words += batch
        }
        return Array(RandomWordResponse.cleaned(words).prefix(request.count))
    }

    /// The languages the service has word lists for, English included.
    public func supportedLanguages() async throws -> [Language] {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .randomword, message: "the request was cancelled") }
        let codes = try await client.fetch(
            ServiceRequest(RandomWord.languagesPath), as: [String].self, policy: RandomWordResponse.policy(language: nil)
        ) ?? []
        var languages: [Language] = [.english]
        for language in codes.compactMap(Language.init) where !languages.contains(language) {
            languages.append(language)
        }
        return languages
    }
}
