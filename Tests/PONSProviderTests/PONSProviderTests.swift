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
        await ProviderConformance.verify(
            { PONSReplay.provider(server) },
            expectedID: .pons,
            known: [
                .init("Haus", language: .german, mentions: ["Gebäude", "Bewohner"], minimumItems: 2),
                .init("Haus", mentions: ["Gebäude"]),
            ],
            unknown: ["qwxzzy", "Nichtswort"]
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
        #expect(haus.translations.map(\.context) == ["Haus (Gebäude)", "Haus (Heim)", "Haus Politik"])
        #expect(haus.translations.allSatisfy { $0.partOfSpeech == PartOfSpeech("Nomen") })
        #expect(haus.translations.allSatisfy { $0.pair == LanguagePair(source: .german, target: .english) })
        #expect(haus.translations[0].examples == [
            TranslatedExample(source: "ein Haus bauen", target: "to build a house"),
            TranslatedExample(source: "er ist nicht im Haus", target: "he isn't in the building"),
        ])
        #expect(haus.translations[1].examples.map(\.source) == ["nach Hause gehen", "zu Hause sein ugs"])
        #expect(haus.translations[2].notes == ["britisches Englisch"])
        #expect(haus.pronunciations.map(\.text) == ["haus"])
        #expect(haus.language == .german)
        // The full-text `translation` hit.
        #expect(result.entries[1].translations.map(\.text) == ["to stay at home"])
        #expect(result.entries[1].translations.first?.context == "das Haus hüten")
        let verb = result.entries[2]
        #expect(verb.translations.map(\.text) == ["to be economical [with sth]"])
        #expect(verb.translations.first?.context == "[mit etw Dat] haushalten")
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
        #expect(noun.translations[0].examples.map(\.source) == ["to move house", "it's on the house inf"])
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
        let senses = try #require(result.entries.first?.allSenses)
        #expect(senses.map(\.definition) == [
            "ein Gebäude, in dem Menschen wohnen", "die Familie, die Bewohner eines Hauses",
        ])
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
        let error = await providerError {
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
        let translateError = await providerError {
            _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        }
        #expect(translateError?.code == .credentials)
        let lookupError = await providerError { _ = try await provider.lookup(LookupQuery("Haus")) }
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
        let error = try #require(await providerError {
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
        let error = try #require(await providerError {
            _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        })
        #expect(server.requests.first?.header("X-Secret") == PONSReplay.secret)
        for text in renderings(of: error) {
            #expect(!text.contains(PONSReplay.secret), "the key leaked: \(text)")
        }
    }

    @Test func theKeyNeverAppearsInDescriptions() throws {
        let provider = PONS(configuration: .init(secret: PONSSecret(PONSReplay.secret)))
        var dumped = ""
        dump(provider, to: &dumped)
        var dumpedConfiguration = ""
        dump(provider.configuration, to: &dumpedConfiguration)
        let secret = try #require(provider.configuration.secret)
        let texts = [
            String(describing: provider), String(reflecting: provider), "\(provider)", dumped, dumpedConfiguration,
            String(describing: provider.configuration), String(reflecting: provider.configuration),
            String(describing: secret), String(reflecting: secret), "\(provider.descriptor)",
            String(reflecting: provider.descriptor),
        ]
        for text in texts { #expect(!text.contains(PONSReplay.secret), "the key leaked: \(text)") }
    }

    // MARK: Faults

    struct Fault: Sendable, CustomTestStringConvertible {
        var name: String
        /// `nil`: nothing listens on the port (connection refused).
        var response: ReplayResponse?
        /// `nil`: an empty answer (not found), not an error.
        var code: ProviderError.Code?
        var retryAfter: Duration? = nil
        var timeout: Duration = .seconds(60)
        /// Answer from a ``DripServer`` (one byte per 50 ms) instead.
        var drip = false
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "204 no content", response: ReplayResponse(status: 204), code: nil),
        Fault(name: "200 with an empty body", response: .json(""), code: nil),
        Fault(name: "403 key refused", response: ReplayResponse(status: 403), code: .credentials),
        Fault(name: "404 unknown dictionary", response: ReplayResponse(status: 404), code: .unsupportedLanguage),
        Fault(name: "503 daily limit", response: ReplayResponse(status: 503), code: .rateLimited),
        Fault(name: "429 without Retry-After", response: .text("Too Many Requests", status: 429), code: .rateLimited),
        Fault(
            name: "429 with Retry-After", response: .text("Too Many Requests", status: 429, headers: [("Retry-After", "90")]),
            code: .rateLimited, retryAfter: .seconds(90)
        ),
        Fault(name: "500 internal error", response: ReplayResponse(status: 500), code: .unavailable),
        Fault(
            name: "502 HTML", response: .text("<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502, contentType: "text/html"),
            code: .unavailable
        ),
        Fault(
            name: "522 HTML", response: .text("<!DOCTYPE html><html><title>522: Connection timed out</title></html>", status: 522, contentType: "text/html"),
            code: .unavailable
        ),
        Fault(name: "malformed JSON", response: .json(#"[{"lang":"de","hits":[{"type":"#), code: .malformedResponse),
        Fault(name: "object where the array belongs", response: .json(#"{"lang":"de","hits":[]}"#), code: .malformedResponse),
        Fault(name: "hits of another shape", response: .json(#"[{"lang":"de","hits":{"a":1}}]"#), code: .malformedResponse),
        Fault(name: "truncated JSON (complete response)", response: .json(#"[{"lang":"de","hits":[{"type":"entry","roms":[{"#).with(.cutShort(afterBytes: 25)), code: .malformedResponse),
        Fault(name: "declared length not delivered", response: .json(String(repeating: " ", count: 2000) + "[]").with(.truncated(afterBytes: 100)), code: .unavailable),
        Fault(name: "answer slower than the timeout", response: ReplayResponse.json("[]").delayed(by: .seconds(30)), code: .timeout, timeout: .milliseconds(300)),
        Fault(name: "no answer at all", response: ReplayResponse.json("[]").with(.stall), code: .timeout, timeout: .milliseconds(300)),
        Fault(name: "connection reset", response: ReplayResponse.json("[]").with(.reset), code: .unavailable),
        Fault(name: "connection refused", response: nil, code: .unavailable),
        Fault(name: "slow drip past the timeout", response: nil, code: .timeout, timeout: .seconds(5), drip: true),
    ]

    @Test(arguments: faults)
    func faultsMapToProviderErrors(fault: Fault) async throws {
        let target = try await FaultEndpoint.start(response: fault.response, drip: fault.drip)
        defer { Task { await target.shutdown() } }
        let endpoint = target.baseURL
        let dripServer = target.dripServer
        let provider = PONS(
            configuration: .init(endpoint: endpoint, secret: PONSSecret(PONSReplay.secret), http: .init(timeout: fault.timeout))
        )
        var answer: LookupResult?
        let error = await providerError {
            answer = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
        }
        if let dripServer { #expect(dripServer.requestCount == 1, "the drip server was not asked") }
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
        let error = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await providerError {
                _ = try await provider.translate(TranslationQuery("Haus", from: .german, to: .english))
            }
        }.value
        #expect(error?.code == .cancelled)
        #expect(server.requests.isEmpty)
    }

    @Test func descriptorListsBothDirectionsOfKnownDictionaries() {
        let descriptor = PONS(configuration: .init(secret: nil)).descriptor
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
            ProviderEnvironment(variables: ["LEXAGG_PONS_ENDPOINT": "http://127.0.0.1:9", "LEXAGG_PONS_SECRET": "abc"])
        )
        #expect(configured.providers.map(\.descriptor.id) == [.pons])
        #expect(configured.providers.first?.descriptor.source == "http://127.0.0.1:9")
        #expect((configured.providers.first as? PONS)?.configuration.secret != nil)
        let standard = ProviderFactory.pons.make(ProviderEnvironment(variables: [:]))
        #expect(standard.providers.first?.descriptor.source == "https://api.pons.com")
        #expect((standard.providers.first as? PONS)?.configuration.secret == nil)
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
        let error = await providerError { _ = try await PONSReplay.provider(server).dictionaries() }
        #expect(error?.code == .malformedResponse)
    }

    @Test(arguments: Fixtures.referenceDictionaryLists)
    func referenceListParses(name: String) throws {
        let list = try PONSDictionaryList.decode(
            HTTPResponseData(status: 200, body: try Fixtures.referenceSample(name)), url: "u"
        )
        #expect(list.count > 10)
        #expect(list.contains { $0.key == "deen" && Set($0.languages) == [.english, .german] })
    }
}
