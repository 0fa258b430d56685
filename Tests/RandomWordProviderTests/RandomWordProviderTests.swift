import Foundation
import LexAggCore
import LexAggHTTP
import ProviderConformance
import RandomWordProvider
import Testing

@Suite(.timeLimit(.minutes(2))) struct RandomWordProviderTests {
    @Test func englishWordsWithoutALanguageParameter() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = RandomWordReplay.provider(server)
        let words = try await provider.randomWords(RandomWordRequest(count: 5))
        #expect(words == (try Fixtures.strings("word-number-5.json")))
        _ = try await provider.randomWords(RandomWordRequest(count: 5, language: .english))
        _ = try await provider.randomWords(RandomWordRequest(count: 2, language: Language("EN")))
        _ = try await provider.randomWords(RandomWordRequest(count: 2, language: Language("en-GB")))
        #expect(server.requests.map(\.uri) == [
            "/word?number=5", "/word?number=5", "/word?number=2", "/word?number=2",
        ])
        #expect(server.requests.allSatisfy { $0.queryValue("lang") == nil })
    }

    struct LanguageCase: Sendable, CustomTestStringConvertible {
        var code: String
        var expected: [String]
        var testDescription: String { code }
    }

    static let languageCases: [LanguageCase] = [
        // `a)` is junk; `Puente` repeats `puente`; `abrupto` repeats.
        LanguageCase(code: "es", expected: ["al corriente", "puente", "sesiones plenarias", "abrupto", "extranjero"]),
        LanguageCase(code: "de", expected: ["Abbruch", "Brücken", "Überbrückung", "abhörbar", "Bromid"]),
        // `a 尝试` mixes scripts, `一. 结论` has punctuation, `桥梁` repeats.
        LanguageCase(code: "zh", expected: ["树木", "国外", "桥梁"]),
        LanguageCase(code: "pt-BR", expected: ["casa", "janela"]),
    ]

    @Test(arguments: languageCases)
    func otherLanguagesAreSentAndCleaned(language: LanguageCase) async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let code = try #require(Language(language.code))
        let request = RandomWordRequest(count: 10, language: code)
        let words = try await RandomWordReplay.provider(server).randomWords(request)
        #expect(words == language.expected)
        #expect(server.requests.first?.queryValue("lang") == language.code.lowercased())
        #expect(server.requests.first?.queryValue("number") == "10")
    }

    @Test func noMoreWordsThanAskedFor() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let words = try await RandomWordReplay.provider(server).randomWords(RandomWordRequest(count: 3))
        #expect(words == Array(try Fixtures.strings("word-number-5.json").prefix(3)))
    }

    /// More words than the service gives a request (500) are asked in requests of at most that many: 600 words were
    /// refused (`random --lang de --count 600`, exit 69).
    @Test func moreWordsThanOneRequestGivesAreAskedInParts() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let many = (0..<500).map { "word\($0)" }
        server.route("/word", query: ["number": "500", "lang": "de"], .json(try JSONEncoder().encode(many).map { $0 }))
        server.route("/word", query: ["number": "100", "lang": "de"], .json(try JSONEncoder().encode((500..<600).map { "word\($0)" }).map { $0 }))
        let words = try await RandomWordReplay.provider(server).randomWords(RandomWordRequest(count: 600, language: Language("de")!))
        #expect(words.count == 600 && words.first == "word0" && words.last == "word599")
        #expect(server.requests.map { $0.queryValue("number") } == ["500", "100"])
    }

    @Test(arguments: [0, -1, RandomWord.maximumTotal + 1])
    func badCountsAreRefusedWithoutARequest(count: Int) async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let error = try await providerError { _ = try await RandomWordReplay.provider(server).randomWords(RandomWordRequest(count: count)) }
        #expect(error?.code == .invalidQuery)
        #expect(server.requests.isEmpty)
    }

    @Test func unknownLanguageIsUnsupported() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        server.route("/word", query: ["lang": "hu"], .json(try Fixtures.bytes("error-403-no-translation.json"), status: 403))
        let error = try await providerError {
            _ = try await RandomWordReplay.provider(server).randomWords(RandomWordRequest(count: 1, language: Language("hu")))
        }
        #expect(error?.code == .unsupportedLanguage)
        #expect(error?.message.contains("Hungarian") == true)
    }

    @Test func languagesIncludeEnglish() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = RandomWordReplay.provider(server)
        let languages = try await provider.supportedLanguages()
        #expect(languages.map(\.code) == ["en", "es", "zh", "it", "de", "fr", "pt-br", "ro", "nl"])
        server.route("/languages", .json(#"["de","en","xx-not a code"]"#))
        #expect(try await provider.supportedLanguages().map(\.code) == ["en", "de"])
    }

    @Test func cancelledRequestSendsNothing() async throws {
        let server = try await RandomWordReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = RandomWordReplay.provider(server)
        let error = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await providerError { _ = try await provider.randomWords(RandomWordRequest(count: 2)) }
        }.value
        #expect(error?.code == .cancelled)
        #expect(server.requests.isEmpty)
    }

    // MARK: Cleaning

    @Test(arguments: [
        ("house", true), ("al corriente", true), ("Überbrückung", true), ("06-nummer", true), ("l'eau", true),
        ("树木", true), ("naïve", true), ("nai\u{0308}ve", true), ("a)", false), ("", false), ("   ", false),
        ("一. 结论", false), ("a 尝试", false), ("a. 监察员", false), ("123", false), ("<b>x</b>", false),
        ("what?", false), ("x;y", false),
    ])
    func wordsAndJunk(text: String, isWord: Bool) {
        #expect(RandomWordResponse.isWord(text) == isWord)
    }

    @Test func cleaningTrimsAndDeduplicatesIgnoringCase() {
        #expect(RandomWordResponse.cleaned([" Haus ", "haus", "HAUS", "Baum", "", "a)", "baum\n", "Zug"]) == ["Haus", "Baum", "Zug"])
    }

    /// The kit's random-word rules, against recorded answers (in memory: no sockets).
    @Test func randomWordsConform() async throws {
        let transport = FixtureTransport(fallback: .json(try Fixtures.bytes("word-number-5.json")))
        try await ProviderConformance.verifyRandomWords(
            { RandomWord(endpoint: transport.baseURL, transport: transport) }, expectedID: .randomword, counts: [1, 5]
        )
    }

    // MARK: Faults

    /// The shared HTTP fault table, from the declared policy, through an in-memory transport.
    @Test func httpFaults() async throws {
        try await ProviderConformance.verifyHTTPFaults(
            expectedID: .randomword, policy: RandomWordResponse.policy(language: nil),
            endpointVariable: RandomWord.endpointVariable
        ) { endpoint, http, transport in
            try await RandomWord(endpoint: endpoint, http: http, transport: transport)
                .randomWords(RandomWordRequest(count: 2)).isEmpty
        }
    }


    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        /// `nil`: nothing listens on the port (connection refused).
        var response: (@Sendable () throws -> ReplayResponse)?
        var code: ProviderError.Code
        var retryAfter: Duration? = nil
        var timeout: Duration = .seconds(60)
        var testDescription: String { name }
    }

    /// The provider's own fault rows; the kit runs the shared table (`httpFaults`).
    static let faults: [Fault] = [
        Fault(name: "403 rate limit", response: {
            .json(try Fixtures.bytes("error-403-rate-limit.json"), status: 403)
        }, code: .rateLimited, retryAfter: .seconds(5)),
        Fault(name: "403 no translation", response: {
            .json(try Fixtures.bytes("error-403-no-translation.json"), status: 403)
        }, code: .unsupportedLanguage),
        Fault(name: "403 other error", response: { .json(#"{"Error":"Something else"}"#, status: 403) }, code: .unavailable),
        Fault(name: "403 without a body", response: { ReplayResponse(status: 403) }, code: .unavailable),
        Fault(name: "200 Heroku application error", response: {
            .text(try Fixtures.text("heroku-application-error.html"), contentType: "text/html; charset=utf-8")
        }, code: .unavailable),
        Fault(name: "object where the array belongs", response: { .json(#"{"words":["a"]}"#) }, code: .malformedResponse),
        Fault(name: "array of numbers", response: { .json("[1, 2]") }, code: .malformedResponse),
    ]

    @Test(arguments: faults)
    func faultsMapToProviderErrors(fault: Fault) async throws {
        let transport = (try fault.response?()).map { FixtureTransport(fallback: $0) } ?? FixtureTransport.refusing()
        let endpoint = transport.baseURL
        let provider = RandomWord(endpoint: endpoint, http: .init(timeout: fault.timeout), transport: transport)
        var words: [String]?
        let error = try await providerError { words = try await provider.randomWords(RandomWordRequest(count: 2)) }
        #expect(error?.code == fault.code, "\(fault.name): \(String(describing: error))")
        #expect(error?.provider == .randomword)
        #expect(words == nil)
        if let retryAfter = fault.retryAfter { #expect(error?.retryAfter == retryAfter) }
    }

    @Test func descriptorAndFactory() {
        let descriptor = RandomWord().descriptor
        #expect(descriptor.id == .randomword)
        #expect(descriptor.capabilities == [.randomWords])
        #expect(descriptor.requiresNetwork && !descriptor.requiresCredentials)
        #expect(descriptor.languages.first == .english)
        #expect(Set(descriptor.languages).count == descriptor.languages.count)
        let custom = ProviderFactory.randomword.make(
            ProviderEnvironment(variables: [:], providers: [.randomword: ProviderSettings(endpoint: "http://127.0.0.1:9")])
        )
        #expect(custom.providers.map(\.descriptor.id) == [.randomword])
        #expect(custom.providers.first?.descriptor.source == "http://127.0.0.1:9")
        let standard = ProviderFactory.randomword.make(ProviderEnvironment(variables: [:]))
        #expect(standard.providers.first?.descriptor.source == "https://random-word-api.herokuapp.com")
        #expect(ProviderFactory.wordlist.make(ProviderEnvironment(variables: [:])).providers.map(\.descriptor.id) == [.wordlist])
        #expect(ProviderID.randomword.rawValue == "randomword" && ProviderID.wordlist.rawValue == "wordlist")
    }

    @Test func invalidEndpointIsReportedWithoutAnyRequest() async throws {
        let provider = RandomWord(endpoint: "herokuapp.com/word")
        #expect(await provider.availability().isAvailable == false)
        let error = try await providerError { _ = try await provider.randomWords(RandomWordRequest(count: 1)) }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("LEXAGG_RANDOMWORD_ENDPOINT") == true)
    }
}

/// The registry builds these factories alone for `--providers` naming an id they declare: each must build it.
@Suite struct RandomWordFactoryTests {
    @Test func buildsEveryIdItDeclares() throws {
        for factory: ProviderFactory in [.randomword, .wordlist] { try ProviderConformance.verifyFactory(factory) }
    }
}
