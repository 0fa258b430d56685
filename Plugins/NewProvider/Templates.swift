/// The files a new provider starts from. Each template is a provider that works as it is: it builds, answers, and
/// passes the conformance kit, so the first `swift test` after the scaffold is green and every later change is
/// checked against the same rules.
enum Templates {
    struct Files {
        var provider: String
        var factory: String
        var tests: String
    }

    static func fixturesReadme(name: String, id: String) -> String {
        """
        # Fixtures of the `\(id)` provider

        Put responses here in the exact shape the real source sends (record them, or write them by hand following
        its documentation), and say in `Fixtures/SOURCES.md` which real shape each follows. Tests read them with
        `FixtureStore.path("\(id)/<file>")` (module `LexAggFixtures`).

        """
    }

    // MARK: A local provider

    static func local(name: String, id: String) -> Files {
        Files(
            provider: """
                #if canImport(FoundationEssentials)
                import FoundationEssentials
                #else
                import Foundation
                #endif
                import LexAggCore

                /// \(name): defines English words from a small built-in glossary.
                ///
                /// Replace ``glossary`` with your source (a file named in the settings, a database), keeping the rules the
                /// conformance kit checks: an unknown word is an empty answer, every error is a ``ProviderError``, a
                /// cancelled lookup throws ``ProviderError/Code/cancelled``, and nothing is opened before the first lookup.
                public struct \(name): DefinitionProviding {
                    /// Headword → part of speech and definition.
                    static let glossary: [String: (PartOfSpeech, String)] = [
                        "lexicon": (.noun, "the vocabulary of a language, a person or a subject"),
                        "glossary": (.noun, "an alphabetical list of terms with their meanings"),
                        "define": (.verb, "to state the meaning of a word or phrase"),
                    ]

                    public let settings: ProviderSettings

                    public init(settings: ProviderSettings = ProviderSettings()) {
                        self.settings = settings
                    }

                    public var descriptor: ProviderDescriptor {
                        ProviderDescriptor(
                            id: .\(id), displayName: "\(name)", capabilities: [.define], languages: [.english],
                            requiresNetwork: false, source: "built-in glossary"
                        )
                    }

                    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
                        if Task.isCancelled {
                            throw ProviderError(.cancelled, provider: .\(id), message: "the lookup was cancelled")
                        }
                        if let language = query.language, !language.matches(.english) {
                            throw ProviderError(
                                .unsupportedLanguage, provider: .\(id), message: "\(name) defines English words, not \\(language.englishName)"
                            )
                        }
                        let headword = query.term.lowercased()
                        guard let (partOfSpeech, definition) = Self.glossary[headword] else { return .notFound }
                        let provenance = Provenance(provider: .\(id), source: descriptor.source, retrievedAt: Date())
                        return LookupResult(entries: [Entry(
                            headword: headword, language: .english,
                            senseGroups: [SenseGroup(partOfSpeech: partOfSpeech, senses: [Sense(definition: definition, sources: [provenance])])],
                            provenance: provenance
                        )])
                    }
                }

                """,
            factory: factory(name: name, id: id, make: "\(name)(settings: environment.settings(for: .\(id)))", imports: ""),
            tests: """
                import \(name)Provider
                import LexAggCore
                import ProviderConformance
                import Testing

                @Suite struct \(name)ProviderTests {
                    @Test func conforms() async throws {
                        try await ProviderConformance.verify(
                            { \(name)() }, expectedID: .\(id),
                            known: [.init("lexicon", mentions: ["vocabulary"]), .init("Glossary", headword: "glossary")],
                            unknown: ["qqqzzzx", "lexiconn"]
                        )
                    }

                    @Test func theFactoryBuildsOneProvider() throws {
                        let products = ProviderFactory.\(id).make(ProviderEnvironment(variables: [:]))
                        #expect(products.providers.map(\\.descriptor.id) == [.\(id)])
                        try ProviderConformance.verifyFactory(.\(id))  // it builds the id it declares
                    }
                }

                """
        )
    }

    // MARK: An HTTP provider

    static func http(name: String, id: String) -> Files {
        let variable = "LEXAGG_" + id.uppercased() + "_ENDPOINT"
        return Files(
            provider: """
                #if canImport(FoundationEssentials)
                import FoundationEssentials
                #else
                import Foundation
                #endif
                import LexAggCore
                import LexAggHTTP

                /// \(name): defines English words with a JSON service, `GET /v1/define?word=<word>` answering
                /// `{"word": "…", "meanings": [{"partOfSpeech": "noun", "definition": "…"}]}`, 404 for an unknown word.
                ///
                /// Change ``path``, ``Wire`` and ``policy`` to your service's real API. The client does the rest: body checks,
                /// decoding with an excerpt on failure, error context with the URL, retries, rate limits, redirects bound to
                /// their origin, and request logs.
                public struct \(name): DefinitionProviding, ServiceProvider {
                    public static let defaultEndpoint = "https://dictionary.example.org"
                    public static let endpointVariable = "\(variable)"
                    static let path = "/v1/define"

                    /// What the service sends.
                    struct Wire: Decodable {
                        struct Meaning: Decodable {
                            var partOfSpeech: String?
                            var definition: String
                        }

                        var word: String
                        var meanings: [Meaning]
                    }

                    /// What its statuses and bodies mean: 404 is "not found"; everything else is the client's standard.
                    package static let policy = ResponsePolicy(notFound: [404])

                    public static let id = ProviderID.\(id)
                    public let connection: ServiceConnection

                    /// Creates the provider over its connection; `init(endpoint:http:transport:clock:logger:)` builds one.
                    public init(connection: ServiceConnection) {
                        self.connection = connection
                    }

                    public var descriptor: ProviderDescriptor {
                        ProviderDescriptor(
                            id: .\(id), displayName: "\(name)", capabilities: [.define], languages: [.english],
                            requiresNetwork: true, source: configuration.endpoint.text
                        )
                    }

                    public func availability() async -> ProviderAvailability { configuration.endpoint.availability }

                    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
                        if Task.isCancelled {
                            throw ProviderError(.cancelled, provider: .\(id), message: "the lookup was cancelled")
                        }
                        if let language = query.language, !language.matches(.english) {
                            throw ProviderError(
                                .unsupportedLanguage, provider: .\(id), message: "\(name) defines English words, not \\(language.englishName)"
                            )
                        }
                        let request = ServiceRequest(Self.path, query: [("word", query.term)])
                        guard let wire = try await client.fetch(request, as: Wire.self, policy: Self.policy), !wire.meanings.isEmpty
                        else { return .notFound }
                        let provenance = Provenance(provider: .\(id), source: configuration.endpoint.text + Self.path, retrievedAt: Date())
                        var groups: [SenseGroup] = []
                        for meaning in wire.meanings {
                            let partOfSpeech = meaning.partOfSpeech.map { PartOfSpeech($0) }
                            let sense = Sense(definition: meaning.definition, sources: [provenance])
                            if let index = groups.firstIndex(where: { $0.partOfSpeech == partOfSpeech }) {
                                groups[index].senses.append(sense)
                            } else {
                                groups.append(SenseGroup(partOfSpeech: partOfSpeech, senses: [sense]))
                            }
                        }
                        return LookupResult(entries: [Entry(headword: wire.word, language: .english, senseGroups: groups, provenance: provenance)])
                    }
                }

                """,
            factory: factory(
                name: name, id: id,
                make: "\(name)(endpoint: environment.settings(for: .\(id)).endpoint ?? \(name).defaultEndpoint, logger: environment.logger)",
                imports: "import LexAggHTTP\n"
            ),
            tests: """
                import \(name)Provider
                import LexAggCore
                import LexAggHTTP
                import ProviderConformance
                import Testing

                @Suite struct \(name)ProviderTests {
                    /// The service, in memory: answers in its real shape (record real ones into Fixtures/\(id)/).
                    static func service() -> FixtureTransport {
                        let transport = FixtureTransport(fallback: .json(#"{"title": "not found"}"#, status: 404))
                        let lexicon = #"{"word": "lexicon", "meanings": [{"partOfSpeech": "noun", "definition": "the vocabulary of a language"}]}"#
                        transport.route("/v1/define", query: ["word": "lexicon"], .json(lexicon))
                        return transport
                    }

                    @Test func conforms() async throws {
                        let transport = Self.service()
                        try await ProviderConformance.verify(
                            { \(name)(endpoint: transport.baseURL, transport: transport) }, expectedID: .\(id),
                            known: [.init("lexicon", mentions: ["vocabulary"])], unknown: ["qqqzzzx"]
                        )
                    }

                    @Test func everyHTTPFaultIsAClearError() async throws {
                        try await ProviderConformance.verifyHTTPFaults(
                            expectedID: .\(id), policy: \(name).policy, endpointVariable: \(name).endpointVariable
                        ) { endpoint, http, transport in
                            try await \(name)(endpoint: endpoint, http: http, transport: transport).lookup(LookupQuery("lexicon")).isEmpty
                        }
                    }

                    @Test func theFactoryReadsTheEndpointSetting() {
                        let products = ProviderFactory.\(id).make(ProviderEnvironment(
                            variables: [:], providers: [.\(id): ProviderSettings(endpoint: "http://127.0.0.1:9")]
                        ))
                        #expect(products.providers.first?.descriptor.source == "http://127.0.0.1:9")
                    }
                }

                """
        )
    }

    static func factory(name: String, id: String, make: String, imports: String) -> String {
        """
        import LexAggCore
        \(imports)
        extension ProviderID {
            /// \(name).
            public static let \(id) = ProviderID("\(id)")!
        }

        extension ProviderFactory {
            /// Builds the \(name) provider from its settings (`[providers.\(id)]`, `LEXAGG_\(id.uppercased())_*`). Nothing is
            /// opened or connected until the first lookup.
            public static let \(id) = ProviderFactory(name: "\(id)", ids: [.\(id)]) { environment in
                .init(providers: [\(make)])
            }
        }

        """
    }
}
