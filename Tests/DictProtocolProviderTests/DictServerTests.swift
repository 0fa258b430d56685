@testable import DictProtocolProvider
import LexAggCore
import ProviderConformance
import Testing

@Suite struct DictTranscriptTests {
    static let banner = "220 dictd 1.13.0 <auth.mime> <1.2@host>"

    @Test func readsDefinitionsWithDotStuffing() throws {
        var reader = DictTranscript.Reader(lines: [
            Self.banner, "250 ok", "150 2 definitions retrieved",
            "151 \"dot\" wn \"WordNet (r) 3.0 (2006)\"", "dot", "    n 1: a very small circular shape", "... and a line that began with a dot", ".",
            "151 \"Dot\" gcide \"GCIDE\"", "Dot \\Dot\\, n.", ".",
            "250 ok [d/m/c = 2/0/20; 0.000r 0.000u 0.000s]", "221 bye",
        ])
        try reader.banner()
        try reader.acknowledgement("CLIENT")
        let definitions = try reader.definitions()
        #expect(definitions == [
            .init(word: "dot", database: "wn", databaseDescription: "WordNet (r) 3.0 (2006)",
                  text: "dot\n    n 1: a very small circular shape\n.. and a line that began with a dot"),
            .init(word: "Dot", database: "gcide", databaseDescription: "GCIDE", text: "Dot \\Dot\\, n."),
        ])
    }

    @Test(arguments: [
        (["552 no match"], 0, nil),
        (["550 invalid database, use \"SHOW DB\" for list of databases"], nil, DictTranscript.Failure.invalidDatabase("invalid database, use \"SHOW DB\" for list of databases")),
        (["150 1 definitions retrieved", "151 \"x\" wn \"WN\"", "text with no end"], nil, .malformed("the connection closed in the middle of a text block")),
        (["150 1 definitions retrieved", "151 \"x\" wn \"WN\"", "x", "."], nil, .malformed("the connection closed before a definition or the end of DEFINE")),
        (["500 unknown command"], nil, .commandFailed(code: 500, text: "unknown command")),
        (["hello there"], nil, .malformed("expected a status line for the reply to DEFINE, got 'hello there'")),
        ([], nil, .malformed("the connection closed before the reply to DEFINE")),
    ] as [([String], Int?, DictTranscript.Failure?)])
    func mapsEveryReplyToAResultOrAFailure(lines: [String], count: Int?, failure: DictTranscript.Failure?) {
        var reader = DictTranscript.Reader(lines: lines)
        do {
            let definitions = try reader.definitions()
            #expect(definitions.count == count)
            #expect(failure == nil)
        } catch {
            #expect(error == failure)
        }
    }

    @Test func readsMatches() throws {
        var reader = DictTranscript.Reader(lines: ["152 2 matches found", "wn \"serendipity\"", "gcide \"Serenity\"", ".", "250 ok"])
        #expect(try reader.matches() == [.init(database: "wn", word: "serendipity"), .init(database: "gcide", word: "Serenity")])
    }

    @Test func readsDatabaseAndStrategyListings() throws {
        var reader = DictTranscript.Reader(lines: [
            "110 2 databases present", "wn \"WordNet (r) 3.0 (2006)\"", "gcide \"The Collaborative International Dictionary\"", ".",
            "250 ok", "555 no strategies available",
        ])
        #expect(try reader.listing("SHOW DB") == [
            .init(name: "wn", description: "WordNet (r) 3.0 (2006)"),
            .init(name: "gcide", description: "The Collaborative International Dictionary"),
        ])
        #expect(try reader.listing("SHOW STRAT") == [])
    }

    @Test func aRefusingServerIsNotMalformed() {
        var reader = DictTranscript.Reader(lines: ["530 access denied"])
        #expect(throws: DictTranscript.Failure.refused(code: 530, text: "access denied")) { try reader.banner() }
    }

    @Test(arguments: [
        ("\"ice cream\" wn \"WordNet\"", ["ice cream", "wn", "WordNet"]),
        ("\"say \\\"hi\\\"\" db", ["say \"hi\"", "db"]),
        ("atom  \"\" last", ["atom", "", "last"]),
    ])
    func splitsFields(text: String, fields: [String]) {
        #expect(DictTranscript.fields(text) == fields)
    }

    @Test(arguments: [("ice cream", "\"ice cream\""), ("say \"hi\"", "\"say \\\"hi\\\"\""), ("a\\b", "\"a\\\\b\"")])
    func quotesWords(word: String, quoted: String) {
        #expect(DictTranscript.quote(word) == quoted)
        #expect(DictTranscript.fields(quoted) == [word])
    }

    @Test(arguments: [
        ("dict.org", "dict.org", 2628), ("127.0.0.1:2629", "127.0.0.1", 2629), ("[::1]:7000", "::1", 7000),
        ("[::1]", "::1", 2628), ("dict://dict.org/", "dict.org", 2628),
    ])
    func parsesEndpoints(text: String, host: String, port: Int) throws {
        let configuration = try #require(DictServer.Configuration(endpoint: text))
        #expect(configuration.host == host && configuration.port == port)
    }

    @Test(arguments: ["", ":2628", "host:0", "host:99999", "host:port", "bad host", "[::1", "a/b"])
    func rejectsBadEndpoints(text: String) {
        #expect(DictServer.Configuration(endpoint: text) == nil)
    }
}

/// Against a real dictd on 127.0.0.1 serving the fixture databases (CI installs dictd; skipped without it).
@Suite(.serialized) struct DictServerAgainstDictdTests {
    /// Starts dictd for the duration of `body`, then stops it; does nothing when dictd is not installed.
    private func withProvider(database: String = "*", _ body: (DictServer) async throws -> Void) async throws {
        guard let dictd = LocalDictd.start() else { return }
        defer { dictd.stop() }
        var configuration = DictServer.Configuration(host: "127.0.0.1", port: dictd.port)
        configuration.database = database
        // What is checked here is what dictd answers, not how fast: on CI's two loaded cores dictd once took over
        // the default 5 s to say 'qqqzzzx' is unknown. Time limits have their own test (aServerThatStallsTimesOut).
        configuration.timeout = .seconds(60)
        try await body(DictServer(configuration: configuration))
    }

    @Test func conforms() async throws {
        try await withProvider { provider in
        try await ProviderConformance.verify(
            { provider }, expectedID: .dictServer,
            known: [
                .init("serendipity", mentions: ["good luck in making unexpected and fortunate discoveries"]),
                .init("ice cream", mentions: ["frozen dessert"]),
            ],
            unknown: ["qqqzzzx", "serendipityx"]
        )
        }
    }

    @Test func matchingConforms() async throws {
        try await withProvider { provider in
            try await ProviderConformance.verifyMatching(
                { provider }, expectedID: .dictServer,
                known: [(query: "serendipit", expected: "serendipity"), (query: "serendipty", expected: "serendipity")]
            )
        }
    }

    @Test func structuresEachDefinitionByItsDatabase() async throws {
        try await withProvider { provider in
        let result = try await provider.lookup(try LookupQuery("house"))
        let sources = result.entries.map { $0.provenance.source.split(separator: "/").last.map(String.init) ?? "" }
        #expect(sources == ["wn", "gcide", "gcide", "gcide", "freedict-eng-deu", "freedict-eng-deu", "freedict-eng-deu"])
        let wordnet = try #require(result.entries.first)
        #expect(wordnet.senseGroups.map(\.partOfSpeech) == [.noun, .verb])
        let freedict = try #require(result.entries.last)
        #expect(freedict.translations.map(\.text).contains("House-Musik"))
        #expect(freedict.translations.first?.pair == LanguagePair(source: .english, target: .german))
        }
    }

    @Test func asksOnlyTheConfiguredDatabase() async throws {
        try await withProvider(database: "wn") { provider in
        let result = try await provider.lookup(try LookupQuery("house"))
        #expect(result.entries.count == 1)
        #expect(result.entries.first?.provenance.source.hasSuffix("/wn") == true)
        }
    }

    @Test func anUnknownDatabaseIsAClearError() async throws {
        try await withProvider(database: "nope") { provider in
        await #expect(throws: ProviderError.self) { try await provider.lookup(try LookupQuery("house")) }
        do { _ = try await provider.lookup(try LookupQuery("house")) } catch let error as ProviderError {
            #expect(error.code == .unavailable)
            #expect(error.message.contains("has no database 'nope'"))
            #expect(error.message.contains("it has: wn, gcide, freedict-eng-deu"))
        }
        }
    }

    @Test func listsDatabasesAndStrategies() async throws {
        try await withProvider { provider in
            let databases = try await provider.databases()
            #expect(databases.map(\.name) == ["wn", "gcide", "freedict-eng-deu"])
            #expect(databases.first?.description == "WordNet (r) 3.0 (2006)")
            let strategies = try await provider.strategies().map(\.name)
            #expect(strategies.contains("exact") && strategies.contains("lev") && strategies.contains("prefix"))
        }
    }

    @Test func matchesByEveryStrategyWithTheServersNames() async throws {
        try await withProvider { provider in
            #expect(provider.matchStrategies == MatchStrategy.allCases)
            var found: [String: [String]] = [:]
            for (pattern, strategy) in [
                ("house", MatchStrategy.exact), ("seren", .prefix), ("dipit", .substring), ("nity", .suffix),
                ("^seren(e|ity)$", .regex), ("serenitee", .soundex), ("hosue", .lev), ("qqqzzzx", .prefix),
            ] {
                found["\(strategy) \(pattern)"] = try await provider.match(MatchQuery(pattern, strategy: strategy))
            }
            // Each word once across the three databases (wn's house, gcide's House, freedict's house).
            #expect(found["exact house"] == ["house"])
            #expect(found["prefix seren"] == ["serendipity", "serene", "serenity"])
            #expect(found["substring dipit"] == ["serendipity"])
            #expect(found["suffix nity"] == ["serenity", "with high affinity", "with low affinity"], "FreeDict's ' with …' trimmed")
            #expect(found["regex ^seren(e|ity)$"] == ["serene", "serenity"], "re: POSIX extended")
            #expect(found["soundex serenitee"]?.contains("serenity") == true)
            #expect(found["lev hosue"] == ["house"])
            #expect(found["prefix qqqzzzx"] == [])
            let two = try await provider.match(MatchQuery("seren", strategy: .prefix, limit: 2))
            #expect(two.count == 2)
            // dictd takes a malformed expression for "no match"; the provider says what is wrong instead.
            let malformed: ProviderError? = await {
                do { _ = try await provider.match(MatchQuery("hou(se", strategy: .regex)); return nil } catch { return error as? ProviderError }
            }()
            #expect(malformed?.code == .invalidQuery)
            #expect(malformed?.message.contains("'hou(se' is not a valid POSIX extended regular expression") == true)
        }
    }

    @Test func matchingPassesTheKitsPatternChecks() async throws {
        try await withProvider { provider in
            try await ProviderConformance.verifyMatching(
                { provider }, expectedID: .dictServer,
                known: [(query: "serendipty", expected: "serendipity")],
                patterns: [
                    .init("seren", .prefix, expected: "serenity"), .init("House", .exact, expected: "house"),
                    .init("ndipity", .suffix, expected: "serendipity"), .init("hosue", .lev, expected: "house"),
                ]
            )
        }
    }

    @Test func suggestsCloseSpellingsWithMatch() async throws {
        try await withProvider { provider in
        let suggestions = try await provider.suggestions(for: try LookupQuery("serendipty"), limit: 5)
        #expect(suggestions.contains("serendipity"))
        }
    }
}

/// Protocol faults from a scripted server, and an address nobody listens on.
@Suite struct DictServerFaultTests {
    private func lookup(port: Int, timeout: Duration = .seconds(60), maximumReplyBytes: Int = 4 << 20) async -> ProviderError? {
        var configuration = DictServer.Configuration(host: "127.0.0.1", port: port)
        configuration.timeout = timeout
        configuration.maximumReplyBytes = maximumReplyBytes
        do {
            _ = try await DictServer(configuration: configuration).lookup(try LookupQuery("word"))
            return nil
        } catch let error as ProviderError {
            return error
        } catch {
            Issue.record("non-ProviderError \(error)")
            return nil
        }
    }

    @Test(arguments: [
        ("530 access denied\r\n", ProviderError.Code.unavailable, "refused: 530"),
        ("220 hi\r\n250 ok\r\n150 1 definitions retrieved\r\n151 \"word\" wn \"WN\"\r\nword\r\n", .malformedResponse, "middle of a text block"),
        ("220 hi\r\n250 ok\r\n550 invalid database\r\n221 bye\r\n", .unavailable, "has no database"),
        ("garbage\r\n", .malformedResponse, "expected a status line"),
        ("", .unavailable, "127.0.0.1:"),
    ])
    func mapsProtocolFaults(reply: String, code: ProviderError.Code, message: String) async throws {
        let server = try await ScriptedServer.start(reply: reply)
        let error = try #require(await lookup(port: server.port))
        #expect(error.code == code)
        #expect(error.message.contains(message), "\(error.message)")
        await server.stop()
    }

    @Test func aServerThatStallsTimesOut() async throws {
        let server = try await ScriptedServer.start(reply: "220 hello\r\n", close: false)
        let error = try #require(await lookup(port: server.port, timeout: .milliseconds(300)))
        #expect(error.code == .timeout)
        await server.stop()
    }

    @Test func anOversizedReplyIsCutOff() async throws {
        let body = String(repeating: "x", count: 200) + "\r\n"
        let server = try await ScriptedServer.start(
            reply: "220 hi\r\n250 ok\r\n150 1\r\n151 \"w\" wn \"WN\"\r\n" + String(repeating: body, count: 100) + ".\r\n250 ok\r\n221 bye\r\n"
        )
        let error = try #require(await lookup(port: server.port, maximumReplyBytes: 4096))
        #expect(error.code == .malformedResponse)
        await server.stop()
    }

    @Test func connectionRefusedIsUnavailable() async throws {
        let error = try #require(await lookup(port: LocalDictd.freePort()))
        #expect(error.code == .unavailable)
        #expect(error.message.contains("cannot reach the DICT server at 127.0.0.1:"))
    }

    @Test func withoutAServerItIsUnavailableAndSaysHowToSetOne() async throws {
        let provider = DictServer(configuration: nil)
        guard case .notConfigured(let reason) = await provider.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("LEXAGG_DICT_SERVER"))
    }
}

/// The registry builds this factory alone for `--providers` naming an id it declares: it must build each of them.
@Suite struct DictServerFactoryTests {
    @Test func buildsEveryIdItDeclares() throws {
        for factory: ProviderFactory in [.dictServer] { try ProviderConformance.verifyFactory(factory) }
    }
}
