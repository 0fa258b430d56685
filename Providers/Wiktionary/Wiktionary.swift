#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Defines words from the English Wiktionary, through the MediaWiki Action API (`action=parse`).
///
/// Each language section of the page becomes entries of its own (one per etymology); a query with a language
/// reads only that language's section and finds nothing when the page has none. Titles are case-sensitive:
/// the word is tried as typed, then lower-cased when that finds nothing.
public struct Wiktionary: DefinitionProviding {
    /// Where and how to reach Wiktionary.
    public struct Configuration: Sendable {
        /// The default endpoint: `https://en.wiktionary.org`.
        public static let defaultEndpoint = "https://en.wiktionary.org"

        /// The scheme, host and port of the wiki (`LEXAGG_WIKTIONARY_ENDPOINT`); the API path is fixed.
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
            id: .wiktionary,
            displayName: "Wiktionary (English edition)",
            capabilities: [.define, .pronunciations, .examples, .etymology],
            requiresNetwork: true,
            source: configuration.endpoint,
            license: "CC BY-SA 4.0",
            formatVersion: 1
        )
    }

    public func availability() async -> ProviderAvailability {
        BaseURL(configuration.endpoint) == nil ? .unavailable(reason: endpointProblem) : .available
    }

    /// The path of the Action API; only the endpoint (scheme, host, port) can change.
    static let apiPath = "/w/api.php"

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .wiktionary, message: "the lookup was cancelled") }
        guard let baseURL = BaseURL(configuration.endpoint) else {
            throw ProviderError(.unavailable, provider: .wiktionary, message: endpointProblem)
        }
        let section = try sectionName(for: query.language)
        let client = ProviderHTTPClient(
            provider: .wiktionary, baseURL: baseURL, configuration: configuration.http, transport: transport,
            clock: clock
        )
        var titles = [query.term]
        let lowered = query.term.lowercased()
        if lowered != query.term { titles.append(lowered) }
        // The lower-cased title is tried when the title as typed has no page, or a page without the requested
        // language (`Bank` is German; `bank` has the English entries). Languages never substitute for each other.
        for title in titles {
            guard let page = try await fetch(title, client: client) else { continue }
            let provenance = Provenance(
                provider: .wiktionary, source: page.url(baseURL), retrievedAt: page.retrievedAt
            )
            let entries = WikitextParser.entries(
                from: WikitextSource(page.wikitext.utf8), headword: page.title, language: section,
                provenance: provenance
            )
            if !entries.isEmpty { return LookupResult(entries: entries) }
        }
        return .notFound
    }

    private var endpointProblem: String {
        "LEXAGG_WIKTIONARY_ENDPOINT is '\(configuration.endpoint)'; it must be http(s)://host[:port]"
    }

    /// The level-2 section name for `language` (`nil` for every section).
    /// - Throws: ``LexAggCore/ProviderError/Code/unsupportedLanguage`` for a language lexagg cannot name.
    func sectionName(for language: Language?) throws -> String? {
        guard let language else { return nil }
        if let name = WiktionaryLanguages.sectionName(forCode: language.code)
            ?? WiktionaryLanguages.sectionName(forCode: language.primary)
        {
            return name
        }
        let name = language.englishName
        guard name != language.code else {
            throw ProviderError(
                .unsupportedLanguage, provider: .wiktionary,
                message: "lexagg does not know the Wiktionary section name of language '\(language.code)'"
            )
        }
        return name
    }

    /// One page: its title after redirects and its wikitext; `nil` when the page does not exist.
    struct Page {
        var title: String
        var wikitext: String
        var retrievedAt: Date

        func url(_ base: BaseURL) -> String {
            let underscored = String(title.map { $0 == " " ? "_" : $0 })
            return "\(base)/wiki/\(percentEncode(underscored))"
        }
    }

    private func fetch(_ title: String, client: ProviderHTTPClient) async throws -> Page? {
        let query: [(String, String)] = [
            ("action", "parse"), ("format", "json"), ("formatversion", "2"), ("prop", "wikitext"),
            ("redirects", "1"), ("page", title),
        ]
        let response = try await client.get(Wiktionary.apiPath, query: query)
        let url = client.baseURL.url(path: Wiktionary.apiPath, query: query)
        switch try ParseResponse.decode(response, url: url) {
        case .missing:
            return nil
        case .page(let pageTitle, let wikitext):
            return Page(title: pageTitle, wikitext: wikitext, retrievedAt: Date())
        }
    }
}
