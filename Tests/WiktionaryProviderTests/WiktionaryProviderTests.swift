import Foundation
import LexAggCore
import LexAggHTTP
import ProviderConformance
import Testing
import WiktionaryProvider

@Suite(.timeLimit(.minutes(2))) struct WiktionaryProviderTests {
    @Test func conformance() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        try await ProviderConformance.verify(
            { WiktionaryReplay.provider(server) },
            expectedID: .wiktionary,
            known: [
                .init("gadzooks", mentions: ["exclamation"]),
                .init("bank", language: .english, mentions: ["river", "institution"], minimumItems: 20),
                .init("Gadzooks", headword: "gadzooks", mentions: ["surprise"]),
                .init("kissa", language: Language("fi"), mentions: ["cat"]),
                .init("cats", language: .english, mentions: ["plural of cat"]),
                .init("stomach ache", headword: "stomachache", mentions: ["pain"]),
            ],
            unknown: ["qwxzzy", "Nonexistentword"]
        )
    }

    @Test func bankHasOneEntryPerEtymologyAndLanguage() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("bank"))
        #expect(result.entries.map { $0.language?.code ?? "?" } == ["en", "en", "en", "af", "da", "da", "nl", "hu", "pl", "sv"])
        let english = result.entries.filter { $0.language == .english }
        #expect(english.map { $0.senseGroups.map { $0.partOfSpeech?.name ?? "?" } } == [["noun", "verb"], ["noun", "verb"], ["noun"]])
        #expect(english[1].definitions.first == "An institution where one can place and borrow money and take care of financial affairs.")
        #expect(english[0].pronunciations.map(\.text) == ["/bæŋk/", "/beɪŋk/"])
        #expect(english[0].etymology?.hasPrefix("From Middle English banke, from Old Norse bakki") == true)
        let entry = try #require(result.entries.first)
        #expect(entry.provenance.source == "\(server.baseURL)/wiki/bank")
        #expect(entry.provenance.provider == .wiktionary)
    }

    @Test func requestUsesTheActionAPI() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        _ = try await WiktionaryReplay.provider(server).lookup(LookupQuery("bank"))
        let request = try #require(server.requests.first)
        #expect(request.path == "/w/api.php")
        #expect(request.query.map { "\($0.name)=\($0.value)" } == [
            "action=parse", "format=json", "formatversion=2", "prop=wikitext", "redirects=1", "page=bank",
        ])
        #expect(request.header("User-Agent")?.hasPrefix("lexagg/0.1 (") == true)
    }

    @Test func languageSelectsOneSection() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = WiktionaryReplay.provider(server)
        let dutch = try await provider.lookup(LookupQuery("bank", language: Language("nl")))
        #expect(dutch.entries.count == 1)
        #expect(dutch.entries.first?.language == Language("nl"))
        #expect(dutch.entries.first?.definitions.first == "bench (long seat)")
        let danish = try await provider.lookup(LookupQuery("bank", language: Language("da")))
        #expect(danish.entries.count == 2)
    }

    @Test func pageWithoutTheRequestedLanguageIsNotFound() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = WiktionaryReplay.provider(server)
        let english = try await provider.lookup(LookupQuery("kissa", language: .english))
        #expect(english.entries.isEmpty)
        let finnish = try await provider.lookup(LookupQuery("kissa", language: Language("fi")))
        #expect(finnish.entries.count == 1)
        let everything = try await provider.lookup(LookupQuery("kissa"))
        #expect(everything.entries.compactMap(\.language?.code) == ["fi", "izh"])
    }

    /// Issue 14: a letter page reads as the page does (`lexagg lookup b --providers wiktionary --lang en`).
    @Test func letterPageReadsAsThePageDoes() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = WiktionaryReplay.provider(server)
        let english = try await provider.lookup(LookupQuery("b", language: .english))
        let entry = try #require(english.entries.first)
        #expect(english.entries.count == 1)
        #expect(entry.language == .english)
        #expect(entry.definitions == [
            "The second letter of the English alphabet, called bee and written in the Latin script.",
            "The name of the Latin-script letter B.", "(chess)", "Of the second grade of quality. (of a product)",
        ])
        let chess = try #require(entry.allSenses.first { $0.definition == "(chess)" })
        #expect(chess.subsenses.map(\.definition) == [
            "An abbreviation of the bishop in algebraic notation.", "A pawn on the b-file.",
        ])
        #expect(chess.subsenses.last?.labels == ["rather rare"])
        let everything = try await provider.lookup(LookupQuery("b"))
        #expect(everything.entries.compactMap(\.language?.code) == ["mul", "en", "it", "ja"])
        let translingual = try #require(everything.entries.first)
        #expect(translingual.definitions == [
            "The lower case letter b: a voiced bilabial plosive.", "The note B 1⁄16 above middle C.",
        ])
        let italian = try #require(everything.entries.first { $0.language == Language("it") })
        #expect(italian.allSenses.first?.examples == ["la b di Bologna ― b as in Bologna"])
        let japanese = try #require(everything.entries.last)
        #expect(japanese.definitions == ["Alternative case form of B"])
        #expect(japanese.allSenses.first?.formOf?.lemma == "B")
        #expect(japanese.allSenses.first?.examples == ["B級 ― B-grade"])
    }

    /// Issue 14: place names, personal names and SI units read as the page shows them, in each language.
    @Test func placeNameAndUnitPagesReadAsThePageDoes() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = WiktionaryReplay.provider(server)
        let austin = try await provider.lookup(LookupQuery("Austin"))
        #expect(austin.entries.compactMap(\.language?.code) == ["en", "fr", "de"])
        #expect(austin.entries[0].definitions == [
            "A surname from Old French", "A male given name transferred from the surname",
            "A city, the state capital of Texas, United States; county seat of Travis County.",
            "A city, the county seat of Mower County, Minnesota, United States.", "A town in Manitoba, Canada.",
            "An unincorporated community in Pennsylvania, United States.",
        ])
        #expect(austin.entries[1].definitions == ["Austin (a city, the state capital of Texas, United States)"])
        #expect(austin.entries[2].definitions == ["a male given name, equivalent to English Austin", "a male surname"])
        let kilometre = try await provider.lookup(LookupQuery("kilometre"))
        let noun = try #require(kilometre.entries.first { $0.language == .english }?.allSenses.first)
        #expect(noun.definition == "An SI unit of length equal to 10³ metres. Symbol: km.")
        #expect(noun.labels == ["metrology"])
        #expect(kilometre.entries.last?.definitions == [
            "Symbol for kilometre, an SI unit of length equal to 10³ metres",
            "An SI unit of frequency equal to 10³ hertz. Symbol: kHz",
        ])
    }

    @Test func unknownLanguageCodeIsUnsupported() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let error = try await providerError {
            _ = try await WiktionaryReplay.provider(server).lookup(LookupQuery("bank", language: Language("qqq")))
        }
        #expect(error?.code == .unsupportedLanguage)
        #expect(server.requests.isEmpty)
    }

    /// `translate` reads the page's translation tables: the items into the language asked, with their table's sense
    /// and gender; a lookup shows none of them (it said "wiktionary cannot translate", and its JSON had none).
    @Test func translationTablesAnswerTranslate() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = WiktionaryReplay.provider(server)
        #expect(provider.descriptor.capabilities.contains(.translate))
        let german = try await provider.translate(try TranslationQuery("bank", from: .english, to: .german))
        let translations = german.entries.flatMap(\.translations)
        #expect(translations.contains {
            $0.text == "Sandbank" && $0.notes == ["feminine"] && $0.context == "underwater area of higher elevation"
                && $0.partOfSpeech == .noun && $0.pair == LanguagePair(source: .english, target: .german)
        }, "\(translations.map(\.text))")
        #expect(!translations.isEmpty && translations.allSatisfy { $0.pair.target == .german })
        #expect(german.entries.allSatisfy { $0.senseGroups.isEmpty })
        // Chinese is Mandarin's table row, with its transliteration.
        let chinese = try await provider.translate(try TranslationQuery("bank", from: .english, to: Language("zh")!))
        #expect(chinese.entries.flatMap(\.translations).contains { $0.text == "岸" && $0.notes == ["àn"] })
        // A lookup reads no tables.
        #expect(try await provider.lookup(LookupQuery("bank")).entries.allSatisfy { $0.translations.isEmpty })
        let error = try await providerError { _ = try await provider.translate(try TranslationQuery("Bank", from: .german, to: .english)) }
        #expect(error?.code == .unsupportedLanguage)
    }

    /// A word whose tables are on a subpage (`See {{section link|cat/translations#Noun}}`) is translated from it;
    /// Croatian is asked as Serbo-Croatian's row, Norwegian as Bokmål's and Nynorsk's.
    @Test func translationsOnASubpageAndUnderAnotherLanguagesRow() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        func page(_ title: String, _ wikitext: String) -> String {
            let body = try! JSONSerialization.data(withJSONObject: ["parse": ["title": title, "pageid": 7, "wikitext": wikitext]])
            return String(decoding: body, as: UTF8.self)
        }
        server.route(WiktionaryReplay.path, query: ["page": "cat"], .json(page("cat",
            "==English==\n===Noun===\n# A [[feline]].\n\n====Translations====\nSee {{section link|cat/translations#Noun}}.\n")))
        server.route(WiktionaryReplay.path, query: ["page": "cat/translations"], .json(page("cat/translations",
            "==English==\n===Noun===\n====Translations====\n{{trans-top|domestic species}}\n* German: {{t+|de|Katze|f}}\n"
                + "* Serbo-Croatian: {{t+|sh|mačka|f}}\n* Norwegian:\n*: Bokmål: {{t+|nb|katt|m}}\n*: Nynorsk: {{t|nn|katt|m}}\n{{trans-bottom}}\n"
                + "{{trans-top|spiteful woman}}\n* German: {{q|colloquial}} {{t|de|Zicke|f}}, {{t|de|Biest|n}} {{gloss|figurative}}\n{{trans-bottom}}\n"
                + "{{checktrans-top}}\n* German: {{t+check|de|Mieze|f}}\n{{trans-bottom}}\n")))
        let provider = WiktionaryReplay.provider(server)
        let german = try await provider.translate(try TranslationQuery("cat", from: .english, to: .german))
        #expect(german.entries.map(\.headword) == ["cat"])
        // A qualifier goes with its item, and an item to be checked says so.
        #expect(german.entries.flatMap(\.translations).map { "\($0.text) \($0.notes) \($0.context ?? "-")" } == [
            "Katze [\"feminine\"] domestic species", "Zicke [\"feminine\", \"colloquial\"] spiteful woman",
            "Biest [\"neuter\", \"figurative\"] spiteful woman", "Mieze [\"feminine\", \"to be checked\"] -",
        ])
        let croatian = try await provider.translate(try TranslationQuery("cat", from: .english, to: Language("hr")!))
        #expect(croatian.entries.flatMap(\.translations).map(\.text) == ["mačka"])
        let norwegian = try await provider.translate(try TranslationQuery("cat", from: .english, to: Language("no")!))
        #expect(norwegian.entries.flatMap(\.translations).map(\.text) == ["katt", "katt"])
        #expect(provider.descriptor.translationPairs.contains(LanguagePair(source: .english, target: Language("cmn")!)))
    }

    /// A sense whose table is on another page (`{{trans-see|pizza}}`, `{{trans-see|genre of music|house music}}`) is
    /// translated from that page's table of the same part of speech, under the sense it names and saying which page;
    /// it gave nothing. A page that is missing adds nothing.
    @Test func aTableOnAnotherPageIsRead() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        func page(_ title: String, _ wikitext: String) -> String {
            let body = try! JSONSerialization.data(withJSONObject: ["parse": ["title": title, "pageid": 7, "wikitext": wikitext]])
            return String(decoding: body, as: UTF8.self)
        }
        server.route(WiktionaryReplay.path, query: ["page": "pie"], .json(page("pie",
            "==English==\n===Noun===\n{{en-noun}}\n# A [[baked]] [[dish]].\n# {{lb|en|informal}} A [[pizza]].\n\n"
                + "====Translations====\n{{trans-top|baked dish}}\n* German: {{t+|de|Pastete|f}}\n{{trans-bottom}}\n\n"
                + "{{trans-see|pizza}}\n{{trans-see|pie chart|pie chart|pie graph}}\n\n===Verb===\n# To hit with a pie.\n")))
        server.route(WiktionaryReplay.path, query: ["page": "pizza"], .json(page("pizza",
            "==English==\n===Noun===\n# A [[dish]] of flat [[bread]].\n\n====Translations====\n{{trans-top|baked Italian dish}}\n"
                + "* French: {{t+|fr|pizza|f}}\n* German: {{t+|de|Pizza|f}}\n{{trans-bottom}}\n\n"
                + "===Verb===\n# To make into a pizza.\n\n====Translations====\n{{trans-top|to make into a pizza}}\n"
                + "* German: {{t|de|pizzieren}}\n{{trans-bottom}}\n")))
        server.route(WiktionaryReplay.path, query: ["page": "pie chart"], .json(page("pie chart",
            "==English==\n===Noun===\n# A [[chart]].\n\n====Translations====\n{{trans-top|chart}}\n"
                + "* German: {{t+|de|Tortendiagramm|n}}\n{{trans-bottom}}\n")))
        let provider = WiktionaryReplay.provider(server)
        let german = try await provider.translate(try TranslationQuery("pie", from: .english, to: .german))
        #expect(german.entries.flatMap(\.translations).map { "\($0.text) \($0.notes) \($0.context ?? "-") \($0.partOfSpeech.map { "\($0)" } ?? "-")" } == [
            "Pastete [\"feminine\"] baked dish noun", "Pizza [\"feminine\", \"see pizza\"] pizza noun",
            "Tortendiagramm [\"neuter\", \"see pie chart\"] pie chart noun",
        ])
        #expect(german.entries.allSatisfy { $0.headword == "pie" })
    }

    /// A Mandarin row of older tables gives its items as `zh` (`*: Mandarin: {{t|zh|減弱|tr=jiǎnruò|sc=Hani}}`): they are
    /// Mandarin's, with the `cmn` items, asked as `cmn` or `zh` (`--to cmn` lost them, and they came apart from the
    /// `cmn` ones).
    @Test func chineseItemsAreMandarins() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let wikitext = "==English==\n===Verb===\n# To [[lessen]].\n# To [[end]].\n\n====Translations====\n{{trans-top|to lessen}}\n"
            + "* Chinese:\n*: Mandarin: {{t|zh|減弱|sc=Hani}}, {{t|zh|减弱|tr=jiǎnruò|sc=Hani}}\n{{trans-bottom}}\n"
            + "{{trans-top|to end}}\n* Chinese:\n*: Cantonese: {{t|yue|停止|tr=ting4 zi2}}\n*: Mandarin: {{t+|cmn|停止|tr=tíngzhǐ}}\n{{trans-bottom}}\n"
        let body = try JSONSerialization.data(withJSONObject: ["parse": ["title": "abate", "pageid": 7, "wikitext": wikitext]])
        server.route(WiktionaryReplay.path, query: ["page": "abate"], .json(String(decoding: body, as: UTF8.self)))
        let provider = WiktionaryReplay.provider(server)
        for code in ["cmn", "zh"] {
            let found = try await provider.translate(try TranslationQuery("abate", from: .english, to: Language(code)!))
            let translations = found.entries.flatMap(\.translations)
            #expect(translations.map(\.text) == ["減弱", "减弱", "停止"], "--to \(code)")
            #expect(Set(translations.map(\.pair.target.code)) == ["cmn"], "--to \(code)")
        }
    }

    @Test func titleAsTypedThenLowerCased() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("Gadzooks"))
        #expect(result.entries.first?.headword == "gadzooks")
        #expect(server.requests.compactMap { $0.queryValue("page") } == ["Gadzooks", "gadzooks"])
    }

    @Test func lowerCasedTitleIsTriedWhenTheTypedPageLacksTheLanguage() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let german = #"{"parse":{"title":"Bank","pageid":9,"redirects":[],"wikitext":"==German==\n===Noun===\n# [[bench]]\n"}}"#
        server.route(WiktionaryReplay.path, query: ["page": "Bank"], .json(german))
        let provider = WiktionaryReplay.provider(server)
        let english = try await provider.lookup(LookupQuery("Bank", language: .english))
        #expect(english.entries.count == 3)
        #expect(english.entries.allSatisfy { $0.headword == "bank" && $0.language == .english })
        #expect(server.requests.compactMap { $0.queryValue("page") } == ["Bank", "bank"])
        let germanResult = try await provider.lookup(LookupQuery("Bank", language: .german))
        #expect(germanResult.entries.map(\.headword) == ["Bank"])
        #expect(germanResult.entries.first?.definitions == ["bench"])
    }

    @Test func lowerCaseWordIsTriedOnce() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("qwxzzy"))
        #expect(result.entries.isEmpty)
        #expect(server.requests.count == 1)
    }

    @Test func redirectGivesTheTargetPage() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("stomach ache"))
        let entry = try #require(result.entries.first)
        #expect(entry.headword == "stomachache")
        #expect(entry.provenance.source.hasSuffix("/wiki/stomachache"))
        #expect(server.requests.first?.queryValue("page") == "stomach ache")
        #expect(server.requests.first?.uri.contains("page=stomach%20ache") == true)
    }

    @Test func formOfSensesNameTheirLemma() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("cats", language: .english))
        let senses = result.entries.flatMap(\.allSenses)
        #expect(senses.map(\.definition) == [
            "plural of cat", "third-person singular simple present indicative of cat",
            "third-person singular present indicative of cat (“to vomit”)",
        ])
        #expect(senses.map { $0.formOf?.lemma } == ["cat", "cat", "cat"])
        #expect(senses.first?.formOf?.form == "plural")
    }

    @Test(arguments: ["responses/error-missingtitle.json", "responses/error-missingtitle-v1.json"])
    func missingTitleIsNotFound(fixture: String) async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.setFallback(.json(try Fixtures.bytes(fixture), headers: [("MediaWiki-API-Error", "missingtitle")]))
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("Nothing"))
        #expect(result.entries.isEmpty)
        #expect(server.requests.count == 2)
    }

    struct FailureCase: Sendable, CustomTestStringConvertible {
        var name: String
        var response: @Sendable () throws -> ReplayResponse
        var code: ProviderError.Code
        var testDescription: String { name }
    }

    static let failures: [FailureCase] = [
        FailureCase(name: "HTML error page with 503", response: {
            .text(try Fixtures.text("responses/error-503.html"), status: 503, contentType: "text/html; charset=utf-8")
        }, code: .unavailable),
        FailureCase(name: "HTML error page with 200", response: {
            .text(try Fixtures.text("responses/error-503.html"), status: 200, contentType: "text/html; charset=utf-8")
        }, code: .unavailable),
        FailureCase(name: "other API error", response: {
            .json(try Fixtures.bytes("responses/error-internal.json"))
        }, code: .unavailable),
        FailureCase(name: "ratelimited API error", response: {
            .json(#"{"error":{"code":"ratelimited","info":"You've exceeded your rate limit."}}"#)
        }, code: .rateLimited),
        FailureCase(name: "truncated JSON", response: {
            ReplayResponse.json(try Fixtures.bytes("responses/parse-bank.json")).with(.cutShort(afterBytes: 700))
        }, code: .malformedResponse),
        FailureCase(name: "declared length not delivered", response: {
            ReplayResponse.json(try Fixtures.bytes("responses/parse-bank.json")).with(.truncated(afterBytes: 700))
        }, code: .unavailable),
        FailureCase(name: "connection reset", response: {
            ReplayResponse.json("{}").with(.reset)
        }, code: .unavailable),
        FailureCase(name: "JSON of another shape", response: { .json(#"{"batchcomplete":""}"#) }, code: .malformedResponse),
        FailureCase(name: "empty body", response: { .json("") }, code: .malformedResponse),
        FailureCase(name: "429 with Retry-After", response: {
            .text("Too many requests", status: 429, headers: [("Retry-After", "600")])
        }, code: .rateLimited),
        FailureCase(name: "500", response: { .text("oops", status: 500) }, code: .unavailable),
    ]

    /// The kit's shared fault table, from Wiktionary's declared policy; the rows above are Wiktionary's own bodies.
    @Test func everyHTTPFaultIsAClearError() async throws {
        try await ProviderConformance.verifyHTTPFaults(
            expectedID: .wiktionary, policy: ParseResponse.policy, endpointVariable: Wiktionary.endpointVariable
        ) { endpoint, http, transport in
            try await Wiktionary(endpoint: endpoint, http: http, transport: transport).lookup(LookupQuery("bank")).isEmpty
        }
    }

    /// A field of the wrong type is named in the body's terms (it said "Expected to decode Dictionary<String, Any> but
    /// found number instead").
    @Test func aFieldOfTheWrongTypeIsNamed() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.setFallback(.json(#"{"parse":{"title":"bank","wikitext":42}}"#))
        let error = try await providerError { _ = try await WiktionaryReplay.provider(server).lookup(LookupQuery("bank")) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("'parse.wikitext' is not an object") == true, "\(String(describing: error))")
        #expect(error?.message.contains("Dictionary") == false)
    }

    @Test(arguments: failures)
    func failuresMapToProviderErrors(failure: FailureCase) async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.setFallback(try failure.response())
        let error = try await providerError { _ = try await WiktionaryReplay.provider(server).lookup(LookupQuery("bank")) }
        #expect(error?.code == failure.code, "\(failure.name): \(String(describing: error))")
        #expect(error?.provider == .wiktionary)
    }

    @Test func rateLimitKeepsTheRetryAfter() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.setFallback(.text("Too many requests", status: 429, headers: [("Retry-After", "30")]))
        let error = try await providerError { _ = try await WiktionaryReplay.provider(server).lookup(LookupQuery("bank")) }
        #expect(error?.retryAfter == .seconds(30))
    }

    @Test func responseOverTheCapIsCutOff() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = WiktionaryReplay.provider(server, maximumBodyBytes: 2_000)
        let error = try await providerError { _ = try await provider.lookup(LookupQuery("bank")) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("2000-byte limit") == true)
        // A page under the cap still works with the same provider.
        let small = try await provider.lookup(LookupQuery("gadzooks"))
        #expect(small.entries.count == 1)
    }

    @Test func gzipResponsesAreDecompressed() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.setFallback(ReplayResponse.json(try Fixtures.bytes("responses/parse-bank.json")).gzipped())
        let result = try await WiktionaryReplay.provider(server).lookup(LookupQuery("bank", language: .english))
        #expect(result.entries.count == 3)
    }

    @Test func stalledServerTimesOut() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.setFallback(ReplayResponse.json("{}").with(.stall))
        let provider = WiktionaryReplay.provider(server, timeout: .milliseconds(300))
        let error = try await providerError { _ = try await provider.lookup(LookupQuery("bank")) }
        #expect(error?.code == .timeout)
    }

    @Test func cancelledLookupSendsNothing() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let provider = WiktionaryReplay.provider(server)
        let error = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await providerError { _ = try await provider.lookup(LookupQuery("bank")) }
        }.value
        #expect(error?.code == .cancelled)
        #expect(server.requests.isEmpty)
    }

    @Test func atMostThreeConcurrentRequests() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.setFallback(ReplayResponse.json(try Fixtures.bytes("responses/parse-gadzooks.json")).with(.hold))
        let provider = WiktionaryReplay.provider(server)
        // Two providers on the same host share the limit.
        let other = WiktionaryReplay.provider(server)
        let tasks = (0..<8).map { index in
            Task { try await (index.isMultiple(of: 2) ? provider : other).lookup(LookupQuery("gadzooks")) }
        }
        await server.waitForHeld(3)
        let releaser = Task {
            while !Task.isCancelled {
                server.releaseHeld()
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        for task in tasks { _ = try await task.value }
        releaser.cancel()
        #expect(server.requests.count == 8)
        #expect(server.maximumConcurrentRequests <= 3)
    }

    /// Odd words reach the server as exactly one `page=` value: nothing is injected into the query or path.
    @Test(arguments: [
        "a b", "a/b", "../../etc/passwd", "%2F..%2F", "a&b=c", "what?", "#hash", "100%", "l'homme", "rock 'n' roll",
        "日本語", "naïve", "nai\u{0308}ve", "שָׁלוֹם", "a+b", "x&action=delete", "🙂",
    ])
    func oddWordsAreEncodedAsOneQueryValue(word: String) async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let query = try LookupQuery(word)
        _ = try await WiktionaryReplay.provider(server).lookup(query)
        let first = try #require(server.requests.first)
        #expect(first.path == "/w/api.php")
        #expect(first.queryValue("page") == query.term)
        #expect(first.query.filter { $0.name == "page" }.count == 1)
        #expect(first.query.filter { $0.name == "action" }.map(\.value) == ["parse"])
        #expect(first.query.count == 6)
        // The raw target carries no unescaped separators from the word.
        let rawPage = try #require(first.uri.split(separator: "page=").last)
        #expect(!rawPage.contains(where: { "&#? /'+".contains($0) }))
    }

    @Test func tooLongWordIsRejectedBeforeAnyRequest() async throws {
        #expect(throws: QueryError.self) { try LookupQuery(String(repeating: "a", count: 10_000)) }
    }

    @Test func invalidEndpointIsReportedWithoutAnyRequest() async throws {
        let provider = Wiktionary(endpoint: "ftp://example.org/w")
        #expect(await provider.availability().isAvailable == false)
        let error = try await providerError { _ = try await provider.lookup(LookupQuery("bank")) }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("LEXAGG_WIKTIONARY_ENDPOINT") == true)
    }

    @Test func factoryBuiltProviderLooksUpThroughTheEndpoint() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        let providers = ProviderFactory.wiktionary.make(
            ProviderEnvironment(variables: [:], providers: [.wiktionary: ProviderSettings(endpoint: server.baseURL)])
        )
        let provider = try #require(providers.providers.first as? any DefinitionProviding)
        #expect(await provider.availability() == .available)
        let result = try await provider.lookup(LookupQuery("gadzooks"))
        #expect(result.entries.first?.allSenses.first?.definition == "An exclamation of surprise or annoyance.")
        #expect(server.requests.count == 1)
    }

    @Test func factoryReadsTheEndpointFromTheEnvironment() throws {
        let custom = ProviderFactory.wiktionary.make(ProviderEnvironment(variables: [:], providers: [.wiktionary: ProviderSettings(endpoint: "http://127.0.0.1:9")]))
        #expect(custom.providers.map(\.descriptor.id) == [.wiktionary])
        #expect(custom.providers.first?.descriptor.source == "http://127.0.0.1:9")
        let standard = ProviderFactory.wiktionary.make(ProviderEnvironment(variables: [:]))
        #expect(standard.providers.first?.descriptor.source == "https://en.wiktionary.org")
        #expect(ProviderID.wiktionary.rawValue == "wiktionary")
    }
}

/// The registry builds this factory alone for `--providers` naming an id it declares: it must build each of them.
@Suite struct WiktionaryFactoryTests {
    @Test func buildsEveryIdItDeclares() throws {
        for factory: ProviderFactory in [.wiktionary] { try ProviderConformance.verifyFactory(factory) }
    }
}
