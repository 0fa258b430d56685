import Foundation
import LexAggCore
import LexAggHTTP
import PONSProvider
import ProviderConformance
import Testing

@Suite(.timeLimit(.minutes(2))) struct PONSProviderTests {
    /// The kit runs on the definition side (monolingual `dede`); translation has its own tests below.
    @Test func conformance() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        try await ProviderConformance.verify(
            { PONSReplay.provider(server) },
            expectedID: .pons,
            known: [
                .init("Haus", language: .german, mentions: ["Gebäude", "Bewohner"], minimumItems: 2),
                .init("Haus", mentions: ["Gebäude"]),
            ],
            unknown: ["qwxzzy", "Nichtswort"]
        )
    }

    @Test func translatingConforms() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let deen = LanguagePair(source: .german, target: try #require(Language("en")))
        let enfr = LanguagePair(source: try #require(Language("en")), target: try #require(Language("fr")))
        try await ProviderConformance.verifyTranslating(
            { PONSReplay.provider(server) }, expectedID: .pons,
            known: [.init("Haus", pair: deen, mentions: ["house"]), .init("house", pair: enfr, mentions: ["maison"])],
            unknown: [("Nichtswort", deen)]
        )
    }

    @Test func translateUsesTheSortedDictionaryKeyAndTheSourceLanguage() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = PONSReplay.provider(server)
        _ = try await provider.translate(TranslationQuery("house", from: .english, to: .french))
        _ = try await provider.translate(TranslationQuery("maison", from: .french, to: .english))
        _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        _ = try await provider.translate(TranslationQuery("house", from: .english, to: .german))
        #expect(server.requests.map { $0.queryValue("l") ?? "" } == ["enfr", "enfr", "deen", "deen"])
        #expect(server.requests.map { $0.queryValue("in") ?? "" } == ["en", "fr", "de", "en"])
        #expect(server.requests.allSatisfy { $0.path == "/v1/dictionary" && $0.header("X-Secret") == PONSReplay.secret })
        #expect(server.requests.allSatisfy { !$0.uri.contains(PONSReplay.secret) })
    }

    @Test func germanToEnglishTranslations() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await PONSReplay.provider(server).translate(TranslationQuery("Haus", from: .german, to: .english))
        #expect(result.entries.map(\.headword) == ["Haus", "Haus", "haushalten", "Hausfrau", "Hausmann"])
        let haus = try #require(result.entries.first)
        #expect(haus.translations.map(\.text) == ["house", "home", "House"])
        #expect(haus.translations.map(\.context) == ["Gebäude", "Heim", "Politik"])
        #expect(haus.translations.allSatisfy { $0.partOfSpeech == PartOfSpeech("Nomen") })
        #expect(haus.translations.allSatisfy { $0.pair == LanguagePair(source: .german, target: .english) })
        #expect(haus.translations[0].examples == [
            TranslatedExample(source: "ein Haus bauen", target: "to build a house"),
            TranslatedExample(source: "er ist nicht im Haus", target: "he isn't in the building"),
        ])
        #expect(haus.translations[1].examples.map(\.source) == ["nach Hause gehen", "zu Hause sein (umgangssprachlich)"])
        #expect(haus.translations[2].notes == ["britisches Englisch"])
        #expect(haus.pronunciations.map(\.text) == ["haus"])
        #expect(haus.language == .german)
        // The full-text `translation` hit.
        #expect(result.entries[1].translations.map(\.text) == ["to stay at home"])
        #expect(result.entries[1].translations.first?.context == "das Haus hüten")
        let verb = result.entries[2]
        #expect(verb.translations.map(\.text) == ["to be economical [with sth]"])
        #expect(verb.translations.first?.context == "[mit etw (Dativ)] haushalten")
        #expect(verb.translations.first?.partOfSpeech == PartOfSpeech("Intransitives Verb"))
    }

    @Test func englishToFrenchTranslations() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await PONSReplay.provider(server).translate(TranslationQuery("house", from: .english, to: .french))
        #expect(result.entries.map(\.headword) == ["house", "house", "greenhouse"])
        let noun = result.entries[0]
        #expect(noun.translations.map(\.text) == ["maison", "chambre"])
        #expect(noun.translations.map(\.notes) == [["feminine"], ["feminine"]])
        #expect(noun.translations[0].examples.map(\.target) == ["déménager", "c'est la maison qui paie"])
        #expect(noun.translations[0].examples.map(\.source) == ["to move house", "it's on the house (informal)"])
        #expect(result.entries[1].translations.map(\.text) == ["loger qn"])
        #expect(result.entries[1].pronunciations.map(\.text) == ["haʊz"])
        #expect(result.entries[1].translations.first?.partOfSpeech == PartOfSpeech("transitive verb"))
    }

    @Test func headwordMarkersAreRemoved() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await PONSReplay.provider(server).translate(
            TranslationQuery("Baum", from: .german, to: try #require(Language("zh")))
        )
        #expect(result.entries.map(\.headword) == ["Baum"])
        #expect(result.entries.first?.translations.map(\.text) == ["树 shù"])
        #expect(result.entries.first?.translations.first?.partOfSpeech == PartOfSpeech("名词"))
    }

    @Test func definitionsFromTheMonolingualDictionary() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await PONSReplay.provider(server).lookup(LookupQuery("Haus", language: .german))
        #expect(result.entries.map(\.headword) == ["Haus"])
        let senses = try #require(result.entries.first?.senseGroups.first?.senses)
        #expect(senses.map(\.definition) == [
            "ein Gebäude, in dem Menschen wohnen", "die Familie, die Bewohner eines Hauses",
        ])
        // The culture note, a block of its own.
        #expect(result.entries.first?.senseGroups.last?.senses.first?.definition.hasPrefix("In Deutschland wohnen") == true)
        #expect(senses[0].examples == ["ein altes/modernes/renoviertes Haus", "Das Haus hat drei Stockwerke."])
        #expect(senses[1].labels == ["gehoben"])
        #expect(senses[1].examples == ["das ganze Haus war auf den Beinen"])
        let request = try #require(server.requests.first)
        #expect(request.queryValue("l") == "dede")
        #expect(request.queryValue("in") == "de")
    }

    @Test func definitionsInOtherLanguagesAreUnsupported() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let error = try await providerError {
            _ = try await PONSReplay.provider(server).lookup(LookupQuery("house", language: .english))
        }
        #expect(error?.code == .unsupportedLanguage)
        #expect(server.requests.isEmpty)
    }

    /// Odd words reach PONS as exactly one `q=` value.
    @Test(arguments: [
        "a b", "a/b", "what?", "a&b=c", "#hash", "100%", "%2F", "l'homme", "rock 'n' roll", "日本語", "naïve",
        "nai\u{0308}ve", "שָׁלוֹם", "a+b", "x&l=dede", "🙂",
    ])
    func wordIsOneQueryValue(word: String) async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let query = try TranslationQuery(word, from: .german, to: .english)
        let result = try await PONSReplay.provider(server).translate(query)
        #expect(result.entries.isEmpty)
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/dictionary")
        #expect(request.query.map(\.name) == ["q", "l", "in"])
        #expect(request.queryValue("q") == query.term)
        #expect(request.queryValue("l") == "deen")
        let rawValue = try #require(request.uri.split(separator: "q=").last?.split(separator: "&").first)
        #expect(!rawValue.contains(where: { "#? /'+".contains($0) }))
    }

    // MARK: The key

    @Test func withoutAKeyNothingIsSent() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = PONSReplay.provider(server, secret: nil)
        guard case .notConfigured(let reason) = await provider.availability() else {
            Issue.record("a provider without a key is not configured")
            return
        }
        #expect(reason.contains("export LEXAGG_PONS_SECRET="))
        #expect(reason.contains("https://en.pons.com/p/online-dictionary/developers/api"))
        let translateError = try await providerError {
            _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        }
        #expect(translateError?.code == .credentials)
        let lookupError = try await providerError { _ = try await provider.lookup(LookupQuery("Haus")) }
        #expect(lookupError?.code == .credentials)
        #expect(server.requests.isEmpty)
        #expect(provider.descriptor.requiresCredentials)
        #expect(PONSSecret("   ") == nil)
    }

    @Test func aKeyThatCannotBeAHeaderIsRefusedWithoutShowingIt() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let badKey = "line1\nX-Evil: \(PONSReplay.secret)"
        let provider = PONSReplay.provider(server, secret: badKey)
        #expect(await provider.availability().isAvailable == false)
        let error = try #require(try await providerError {
            _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        })
        #expect(error.code == .credentials)
        #expect(server.requests.isEmpty)
        for text in renderings(of: error) { #expect(!text.contains(PONSReplay.secret)) }
    }

    struct LeakCase: Sendable, CustomTestStringConvertible {
        var name: String
        var response: ReplayResponse
        var testDescription: String { name }
    }

    /// Error responses, some echoing the key as a careless server might.
    static let leakCases: [LeakCase] = [
        LeakCase(name: "403 echoing the key", response: .text("invalid secret \(PONSReplay.secret)", status: 403)),
        LeakCase(name: "404 HTML echoing the key", response: .text("<html>dictionary not found for \(PONSReplay.secret)</html>", status: 404, contentType: "text/html")),
        LeakCase(name: "503 echoing the key", response: .text("limit for \(PONSReplay.secret)", status: 503)),
        LeakCase(name: "500 echoing the key", response: .text("internal error, key=\(PONSReplay.secret)", status: 500)),
        LeakCase(name: "429 echoing the key", response: .text("slow down \(PONSReplay.secret)", status: 429, headers: [("Retry-After", "60")])),
        LeakCase(name: "200 HTML echoing the key", response: .text("<html><body>\(PONSReplay.secret)</body></html>", status: 200, contentType: "text/html")),
        LeakCase(name: "JSON object echoing the key", response: .json(#"{"error":"\#(PONSReplay.secret)"}"#)),
        LeakCase(name: "JSON of another shape echoing the key", response: .json(#"[{"lang":"de","hits":[{"type":"entry","roms":"\#(PONSReplay.secret)"}]}]"#)),
        LeakCase(name: "truncated JSON", response: ReplayResponse.json(#"[{"lang":"\#(PONSReplay.secret)""#).with(.cutShort(afterBytes: 30))),
        LeakCase(name: "connection reset", response: ReplayResponse.json("[]").with(.reset)),
    ]

    @Test(arguments: leakCases)
    func theKeyNeverAppearsInErrors(leak: LeakCase) async throws {
        let server = try await ReplayServer.start(fallback: leak.response)
        defer { Task { await server.shutdown() } }
        let provider = PONSReplay.provider(server)
        let error = try #require(try await providerError {
            _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        })
        #expect(server.requests.first?.header("X-Secret") == PONSReplay.secret)
        for text in renderings(of: error) {
            #expect(!text.contains(PONSReplay.secret), "the key leaked: \(text)")
        }
    }

    @Test func theKeyNeverAppearsInDescriptions() throws {
        let provider = PONS(secret: PONSSecret(PONSReplay.secret))
        var dumped = ""
        dump(provider, to: &dumped)
        var dumpedConfiguration = ""
        dump(provider.configuration, to: &dumpedConfiguration)
        let secret = try #require(provider.secret)
        let texts = [
            String(describing: provider), String(reflecting: provider), "\(provider)", dumped, dumpedConfiguration,
            String(describing: provider.configuration), String(reflecting: provider.configuration),
            String(describing: secret), String(reflecting: secret), "\(provider.descriptor)",
            String(reflecting: provider.descriptor),
        ]
        for text in texts { #expect(!text.contains(PONSReplay.secret), "the key leaked: \(text)") }
    }

    // MARK: Redirects and logs

    /// A redirect to another origin (another loopback port) never takes the key along.
    @Test func aRedirectToAnotherOriginDropsTheKey() async throws {
        let other = try await PONSReplay.start()
        defer { Task { await other.shutdown() } }
        let first = try await ReplayServer.start(
            fallback: ReplayResponse(status: 302, headers: [("Location", other.baseURL + "/v1/dictionary?q=Haus&l=deen&in=de")])
        )
        defer { Task { await first.shutdown() } }
        let result = try await PONSReplay.provider(first).translate(TranslationQuery("Haus", from: .german, to: .english))
        #expect(!result.entries.isEmpty)
        #expect(first.requests.first?.header("X-Secret") == PONSReplay.secret)
        #expect(other.requests.count == 1)
        #expect(other.requests.allSatisfy { $0.header("X-Secret") == nil })
        #expect(other.requests.allSatisfy { !$0.headers.contains { $0.value.contains(PONSReplay.secret) } })
    }

    /// A redirect within the origin keeps the key (the same service, another path).
    @Test func aRedirectWithinTheOriginKeepsTheKey() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        server.route("/v1/old", ReplayResponse(status: 307, headers: [("Location", "/v1/dictionary?q=Haus&l=deen&in=de")]))
        server.route(PONSReplay.path, query: ["q": "Alt"], ReplayResponse(status: 301, headers: [("Location", "/v1/old")]))
        let result = try await PONSReplay.provider(server).translate(TranslationQuery("Alt", from: .german, to: .english))
        #expect(!result.entries.isEmpty)
        #expect(server.requests.count == 3)
        #expect(server.requests.allSatisfy { $0.header("X-Secret") == PONSReplay.secret })
    }

    @Test func theKeyIsNeverSentOverPlainHTTPToARemoteHost() async throws {
        let transport = FixtureTransport(fallback: .json("[]"))
        let provider = PONS(endpoint: "http://api.pons.example", secret: PONSSecret(PONSReplay.secret), transport: transport)
        let error = try await providerError {
            _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        }
        #expect(error?.code == .credentials)
        #expect(error?.message.contains("https") == true)
        #expect(transport.requests.isEmpty)
    }

    /// Each request is logged on one line; the key never is, not even at `.trace`.
    @Test func requestsAreLoggedWithoutTheKey() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let logs = CapturedLogs()
        let provider = PONS(
            endpoint: server.baseURL, secret: PONSSecret(PONSReplay.secret), transport: AsyncHTTPClientTransport(),
            logger: logs.logger
        )
        _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        server.setFallback(.text("echo \(PONSReplay.secret)", status: 500))
        _ = try await providerError { _ = try await provider.translate(TranslationQuery("zzz", from: .german, to: .english)) }
        let lines = logs.lines
        #expect(lines.contains { $0.hasPrefix("info GET \(server.baseURL)/v1/dictionary?q=Haus&l=deen&in=de → 200") && $0.contains("bytes") && $0.contains(" ms") })
        #expect(lines.contains { $0.hasPrefix("warning ") && $0.contains("HTTP 500") })
        #expect(lines.contains { $0.contains("X-Secret: <redacted>") })
        for line in lines { #expect(!line.contains(PONSReplay.secret), "the key leaked: \(line)") }
    }

    // MARK: Faults

    /// The shared HTTP fault table, from PONS's declared policy, through an in-memory transport.
    @Test func httpFaults() async throws {
        try await ProviderConformance.verifyHTTPFaults(
            expectedID: .pons, policy: PONS.policy(dictionary: "deen"), endpointVariable: PONS.endpointVariable,
            secret: PONSReplay.secret
        ) { endpoint, http, transport in
            try await PONS(endpoint: endpoint, secret: PONSSecret(PONSReplay.secret), http: http, transport: transport)
                .translate(TranslationQuery("Haus", from: .german, to: .english)).isEmpty
        }
    }


    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        /// `nil`: nothing listens on the port (connection refused).
        var response: ReplayResponse?
        /// `nil`: an empty answer (not found), not an error.
        var code: ProviderError.Code?
        var retryAfter: Duration? = nil
        var timeout: Duration = .seconds(60)
        var testDescription: String { name }
    }

    /// The provider's own fault rows; the kit runs the shared table (`httpFaults`).
    static let faults: [Fault] = [
        Fault(name: "malformed JSON", response: .json(#"[{"lang":"de","hits":[{"type":"#), code: .malformedResponse),
        Fault(name: "object where the array belongs", response: .json(#"{"lang":"de","hits":[]}"#), code: .malformedResponse),
        Fault(name: "hits of another shape", response: .json(#"[{"lang":"de","hits":{"a":1}}]"#), code: .malformedResponse),
    ]

    @Test(arguments: faults)
    func faultsMapToProviderErrors(fault: Fault) async throws {
        let transport = fault.response.map { FixtureTransport(fallback: $0) } ?? FixtureTransport.refusing()
        let endpoint = transport.baseURL
        let provider = PONS(
            endpoint: endpoint, secret: PONSSecret(PONSReplay.secret), http: .init(timeout: fault.timeout), transport: transport
        )
        var answer: LookupResult?
        let error = try await providerError {
            answer = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        }
        if let code = fault.code {
            #expect(error?.code == code, "\(fault.name): \(String(describing: error))")
            #expect(error?.provider == .pons)
            #expect(answer == nil)
            if let retryAfter = fault.retryAfter { #expect(error?.retryAfter == retryAfter) }
            for text in error.map(renderings(of:)) ?? [] { #expect(!text.contains(PONSReplay.secret)) }
        } else {
            #expect(error == nil, "\(fault.name): \(String(describing: error))")
            #expect(answer?.entries.isEmpty == true)
        }
    }

    @Test func cancelledTranslationSendsNothing() async throws {
        let server = try await PONSReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = PONSReplay.provider(server)
        let error = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await providerError {
                _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
            }
        }.value
        #expect(error?.code == .cancelled)
        #expect(server.requests.isEmpty)
    }

    @Test func descriptorListsBothDirectionsOfKnownDictionaries() {
        let descriptor = PONS(secret: nil).descriptor
        #expect(descriptor.id == .pons)
        #expect(descriptor.requiresNetwork && descriptor.requiresCredentials)
        #expect(descriptor.capabilities.contains(.translate))
        for (source, target) in [("de", "en"), ("en", "de"), ("en", "fr"), ("fr", "en"), ("de", "zh"), ("pl", "ru")] {
            let pair = LanguagePair(source: Language(source)!, target: Language(target)!)
            #expect(descriptor.translationPairs.contains(pair), "\(pair)")
        }
        #expect(Set(descriptor.translationPairs).count == descriptor.translationPairs.count)
    }

    @Test func factoryReadsTheEnvironment() {
        let configured = ProviderFactory.pons.make(
            ProviderEnvironment(variables: [:], providers: [.pons: ProviderSettings(endpoint: "http://127.0.0.1:9", secret: "abc")])
        )
        #expect(configured.providers.map(\.descriptor.id) == [.pons])
        #expect(configured.providers.first?.descriptor.source == "http://127.0.0.1:9")
        #expect((configured.providers.first as? PONS)?.secret != nil)
        let standard = ProviderFactory.pons.make(ProviderEnvironment(variables: [:]))
        #expect(standard.providers.first?.descriptor.source == "https://api.pons.com")
        #expect((standard.providers.first as? PONS)?.secret == nil)
        #expect(ProviderID.pons.rawValue == "pons")
    }
}

struct PONSDictionaryListTests {
    @Test func theListIsFetchedOnceWithoutTheKey() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/v1/dictionaries", query: ["language": "en"], .json(try Fixtures.bytes("dictionaries-language-en.json")))
        let provider = PONSReplay.provider(server)
        let list = try await provider.dictionaries()
        #expect(list.map(\.key) == ["deen", "defr", "dees", "enfr", "enpl", "dezh", "dede", "kfzdeen"])
        #expect(list.first?.label == "English «» German")
        #expect(list.first { $0.key == "dede" }?.pairs.isEmpty == true)
        #expect(try await provider.supports(LanguagePair(source: .english, target: .german)))
        #expect(try await provider.supports(LanguagePair(source: .french, target: .english)))
        #expect(try await provider.supports(LanguagePair(source: .spanish, target: .french)) == false)
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.header("X-Secret") == nil)
        // No key needed for the list.
        let keyless = PONSReplay.provider(server, secret: nil)
        #expect(try await keyless.dictionaries().count == 8)
    }

    @Test func aBrokenListIsMalformed() async throws {
        let server = try await ReplayServer.start(fallback: .json(#"{"key":"deen"}"#))
        defer { Task { await server.shutdown() } }
        let error = try await providerError { _ = try await PONSReplay.provider(server).dictionaries() }
        #expect(error?.code == .malformedResponse)
    }

    @Test(arguments: Fixtures.referenceDictionaryLists)
    func referenceListParses(name: String) async throws {
        let transport = FixtureTransport(fallback: .json(try Fixtures.referenceSample(name)))
        let list = try await PONS(endpoint: transport.baseURL, secret: nil, transport: transport).dictionaries()
        #expect(list.count > 10)
        #expect(list.contains { $0.key == "deen" && Set($0.languages) == [.english, .german] })
    }
}

/// The registry builds this factory alone for `--providers` naming an id it declares: it must build each of them.
@Suite struct PONSFactoryTests {
    @Test func buildsEveryIdItDeclares() throws {
        for factory: ProviderFactory in [.pons] { try ProviderConformance.verifyFactory(factory) }
    }
}
