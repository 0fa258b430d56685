import Foundation
import FreeDictionaryProvider
import LexAggCore
import LexAggHTTP
import ProviderConformance
import Testing

@Suite(.timeLimit(.minutes(2))) struct FreeDictionaryProviderTests {
    @Test func conformance() async throws {
        let server = try await FreeDictionaryReplay.start()
        defer { Task { await server.shutdown() } }
        try await ProviderConformance.verify(
            { FreeDictionaryReplay.provider(server) },
            expectedID: .freedictionary,
            known: [
                .init("lexicon", mentions: ["vocabulary", "morphemes"], minimumItems: 4),
                .init("bass", language: .english, mentions: ["perch", "low spectrum"], minimumItems: 8),
            ],
            unknown: ["qwxzzy", "nonexistentword"]
        )
    }

    @Test func oneEntryPerEtymologyWithGroupsByPartOfSpeech() async throws {
        let server = try await FreeDictionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await FreeDictionaryReplay.provider(server).lookup(LookupQuery("bass"))
        #expect(result.entries.count == 2)
        #expect(result.entries.map { $0.senseGroups.map { $0.partOfSpeech?.name ?? "?" } } == [["noun", "adjective"], ["noun"]])
        // The second element's two "noun" meanings (bass and the merged redirect bast) form one group.
        #expect(result.entries[1].allSenses.count == 4)
        #expect(result.entries.map(\.provenance.source) == [
            "https://en.wiktionary.org/wiki/bass", "https://en.wiktionary.org/wiki/bass",
        ])
        #expect(result.entries.allSatisfy { $0.language == .english && $0.provenance.provider == .freedictionary })
    }

    @Test func requestUsesThePathAPI() async throws {
        let server = try await FreeDictionaryReplay.start()
        defer { Task { await server.shutdown() } }
        _ = try await FreeDictionaryReplay.provider(server).lookup(LookupQuery("lexicon"))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.uri == "/api/v2/entries/en/lexicon")
        #expect(request.header("User-Agent")?.hasPrefix("lexagg/") == true)
        #expect(server.requests.count == 1)
    }

    /// The word is one path segment: nothing in it can change the route or add a query.
    @Test(arguments: [
        ("a/b", "a%2Fb"), ("what?", "what%3F"), ("a&b=c", "a%26b%3Dc"), ("#hash", "%23hash"), ("100%", "100%25"),
        ("ice cream", "ice%20cream"), ("rock 'n' roll", "rock%20%27n%27%20roll"), ("l'homme", "l%27homme"),
        ("日本語", "%E6%97%A5%E6%9C%AC%E8%AA%9E"), ("nai\u{0308}ve", "nai%CC%88ve"), ("naïve", "na%C3%AFve"),
        ("../../etc/passwd", "..%2F..%2Fetc%2Fpasswd"), ("%2F", "%252F"), ("a+b", "a%2Bb"),
    ])
    func wordIsOnePathSegment(word: String, encoded: String) async throws {
        let server = try await FreeDictionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await FreeDictionaryReplay.provider(server).lookup(LookupQuery(word))
        #expect(result.entries.isEmpty)
        let request = try #require(server.requests.first)
        #expect(request.uri == "/api/v2/entries/en/\(encoded)")
        #expect(request.query.isEmpty)
        #expect(request.path.split(separator: "/").count == 5)
    }

    @Test func otherLanguagesAreRefusedWithoutARequest() async throws {
        let server = try await FreeDictionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let error = try await providerError {
            _ = try await FreeDictionaryReplay.provider(server).lookup(LookupQuery("Haus", language: .german))
        }
        #expect(error?.code == .unsupportedLanguage)
        #expect(server.requests.isEmpty)
        #expect(FreeDictionaryReplay.provider(server).descriptor.languages == [.english])
    }

    @Test func cancelledLookupSendsNothing() async throws {
        let server = try await FreeDictionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = FreeDictionaryReplay.provider(server)
        let error = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await providerError { _ = try await provider.lookup(LookupQuery("bass")) }
        }.value
        #expect(error?.code == .cancelled)
        #expect(server.requests.isEmpty)
    }

    // MARK: Faults

    /// The shared HTTP fault table, from the declared policy, through an in-memory transport.
    @Test func httpFaults() async throws {
        try await ProviderConformance.verifyHTTPFaults(
            expectedID: .freedictionary, policy: FreeDictionaryResponse.policy,
            endpointVariable: FreeDictionary.endpointVariable
        ) { endpoint, http, transport in
            try await FreeDictionary(endpoint: endpoint, http: http, transport: transport).lookup(LookupQuery("bass")).isEmpty
        }
    }


    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        /// `nil`: nothing listens on the port (connection refused).
        var response: (@Sendable () throws -> ReplayResponse)?
        /// `nil`: an empty answer (not found), not an error.
        var code: ProviderError.Code?
        var retryAfter: Duration? = nil
        var timeout: Duration = .seconds(60)
        var testDescription: String { name }
    }

    /// The provider's own fault rows; the kit runs the shared table (`httpFaults`).
    static let faults: [Fault] = [
        Fault(name: "404 No Definitions Found", response: {
            .json(try Fixtures.bytes("error-404-no-definitions.json"), status: 404)
        }, code: nil),
        Fault(name: "404 Express 'Cannot GET' HTML", response: {
            .text(try Fixtures.text("error-404-cannot-get.html"), status: 404, contentType: "text/html; charset=utf-8")
        }, code: .unavailable),
        Fault(name: "429 plain text with Retry-After", response: {
            .text(
                try Fixtures.text("error-429-rate-limited.txt"), status: 429, contentType: "text/html; charset=utf-8",
                headers: [("Retry-After", "120"), ("X-RateLimit-Limit", "450"), ("X-RateLimit-Remaining", "0")]
            )
        }, code: .rateLimited, retryAfter: .seconds(120)),
        Fault(name: "500 Something Went Wrong", response: {
            .json(try Fixtures.bytes("error-500-something-went-wrong.json"), status: 500)
        }, code: .unavailable),
        Fault(name: "502 Cloudflare HTML", response: {
            .text(try Fixtures.text("error-502-cloudflare.html"), status: 502, contentType: "text/html")
        }, code: .unavailable),
        Fault(name: "204 empty", response: { ReplayResponse(status: 204) }, code: .malformedResponse),
        Fault(name: "object where the array belongs", response: {
            .json(#"{"word":"bass","meanings":[]}"#)
        }, code: .malformedResponse),
        Fault(name: "array of another shape", response: { .json(#"[1, 2, 3]"#) }, code: .malformedResponse),
        // Objects with a `word` but no `meanings` (nor v1's `meaning`): not "no entry", a format lexagg cannot read.
        Fault(name: "array of entries without meanings", response: {
            .json(#"[{"word":"zinc","phonetic":"/zɪŋk/","senses":{"noun":[{"gloss":"A metal."}]}}]"#)
        }, code: .malformedResponse),
        Fault(name: "truncated JSON (complete response)", response: {
            ReplayResponse.json(try Fixtures.bytes("entries-en-bass.json")).with(.cutShort(afterBytes: 300))
        }, code: .malformedResponse),
    ]

    @Test(arguments: faults)
    func faultsMapToProviderErrors(fault: Fault) async throws {
        let transport = (try fault.response?()).map { FixtureTransport(fallback: $0) } ?? FixtureTransport.refusing()
        let endpoint = transport.baseURL
        let provider = FreeDictionary(endpoint: endpoint, http: .init(timeout: fault.timeout), transport: transport)
        var answer: LookupResult?
        let error = try await providerError { answer = try await provider.lookup(LookupQuery("bass")) }
        if let code = fault.code {
            #expect(error?.code == code, "\(fault.name): \(String(describing: error))")
            #expect(error?.provider == .freedictionary)
            #expect(answer == nil)
            if let retryAfter = fault.retryAfter { #expect(error?.retryAfter == retryAfter) }
        } else {
            #expect(error == nil, "\(fault.name): \(String(describing: error))")
            #expect(answer?.entries.isEmpty == true)
        }
    }

    @Test func invalidEndpointIsReportedWithoutAnyRequest() async throws {
        let provider = FreeDictionary(endpoint: "ftp://example.org/api")
        #expect(await provider.availability().isAvailable == false)
        let error = try await providerError { _ = try await provider.lookup(LookupQuery("bass")) }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("LEXAGG_FREEDICTIONARY_ENDPOINT") == true)
    }

    @Test func factoryReadsTheEndpointFromTheEnvironment() throws {
        let custom = ProviderFactory.freedictionary.make(
            ProviderEnvironment(variables: [:], providers: [.freedictionary: ProviderSettings(endpoint: "http://127.0.0.1:9")])
        )
        #expect(custom.providers.map(\.descriptor.id) == [.freedictionary])
        #expect(custom.providers.first?.descriptor.source == "http://127.0.0.1:9")
        #expect(custom.problems.isEmpty)
        let standard = ProviderFactory.freedictionary.make(ProviderEnvironment(variables: [:]))
        #expect(standard.providers.first?.descriptor.source == "https://api.dictionaryapi.dev")
        #expect(standard.providers.first is FreeDictionary)
        #expect(ProviderID.freedictionary.rawValue == "freedictionary")
    }
}

/// The registry builds this factory alone for `--providers` naming an id it declares: it must build each of them.
@Suite struct FreeDictionaryFactoryTests {
    @Test func buildsEveryIdItDeclares() throws {
        for factory: ProviderFactory in [.freedictionary] { try ProviderConformance.verifyFactory(factory) }
    }
}
