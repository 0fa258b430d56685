import DictDatabaseProvider
import Foundation
import LexAggAggregation
import LexAggCore
import LexAggFixtures
import LexAggLibrary
import LexAggMCPServer
import Logging
import MCP
import RandomWordProvider
import Testing

/// The MCP server in process, driven by the SDK's own client over an in-memory transport, over the repository's
/// real dictd databases (WordNet, FreeDict English–German), the offline word list and a library in a temporary
/// directory.
@Suite struct MCPServerTests {
    @Test func listsEveryToolWithAnInputSchema() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let (tools, _) = try await session.client.listTools()
        #expect(Set(tools.map(\.name)) == ["lookup", "translate", "random_words", "match", "library_add", "library_search"])
        let required: [String: [String]] = [
            "lookup": ["word"], "translate": ["word", "from", "to"], "random_words": [], "match": ["pattern", "strategy"],
            "library_add": ["word"], "library_search": ["query"],
        ]
        for tool in tools {
            let schema = try #require(tool.inputSchema.objectValue)
            #expect(schema["type"] == "object", "\(tool.name)")
            #expect(schema["additionalProperties"] == false, "\(tool.name)")
            let names = (schema["required"]?.arrayValue ?? []).compactMap { $0.stringValue }
            #expect(names == required[tool.name], "\(tool.name)")
            #expect(!(tool.description ?? "").isEmpty)
        }
    }

    @Test func lookupAnswersWithReadableTextAndTheJSONDocument() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let result = try await session.call("lookup", ["word": "serendipity", "providers": ["wordnet"]])
        #expect(result.isError != true)
        let text = try #require(result.text)
        #expect(text.contains("serendipity"))
        #expect(text.contains("good luck in making unexpected and fortunate discoveries"), "\(text)")
        #expect(text.contains("wordnet"))
        let document = try #require(result.structuredContent?.objectValue)
        #expect(document["schemaVersion"] == 2)
        #expect(document["command"] == "lookup")
        #expect(document["found"] == true)
        let entry = try #require(document["entries"]?.arrayValue?.first?.objectValue)
        #expect(entry["headword"] == "serendipity")
        #expect(document["outcomes"]?.arrayValue?.first?.objectValue?["provider"] == "wordnet")
    }

    @Test func aWordNothingKnowsIsAnAnswerNotAnError() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let result = try await session.call("lookup", ["word": "serendipitx", "providers": ["wordnet"]])
        #expect(result.isError != true)
        #expect(result.text?.contains("No entry for 'serendipitx'") == true, "\(result.text ?? "")")
        #expect(result.structuredContent?.objectValue?["found"] == false)
    }

    /// Every bad argument is a tool error that says what to change; the session goes on.
    @Test(arguments: [
        ("lookup", [:], "lookup needs 'word'"),
        ("lookup", ["word": 42], "'word' must be a string"),
        ("lookup", ["word": "house", "lang": "english!"], "is not a language code for 'lang'"),
        ("lookup", ["wrod": "house"], "unknown argument 'wrod'"),
        ("lookup", ["word": "house", "providers": ["wordnot"]], "wordnot"),
        ("lookup", ["word": ""], "invalid word"),
        ("translate", ["word": "house", "from": "en"], "translate needs 'to'"),
        ("random_words", ["count": 0], "'count' must be between 1 and 1000, not 0"),
        ("random_words", ["count": "ten"], "'count' must be a whole number"),
        ("match", ["pattern": "ser", "strategy": "fuzzy"], "'fuzzy' is not a strategy; use one of exact, prefix"),
        ("match", ["pattern": "ser"], "match needs 'strategy'"),
        ("library_add", ["word": "Haus", "translate_to": "en"], "'translate_to' needs 'lang'"),
        ("library_search", ["query": "!!!"], "needs a letter or digit"),
        ("library_search", ["query": "x", "favourites": "yes"], "'favourites' must be true or false"),
        // A well-formed code that names no language: an error, as `lookup` gives, not "no saved word matches".
        ("library_search", ["query": "house", "lang": "zz"], "'zz' is not a language lexagg knows"),
        ("library_search", ["query": "house", "lang": "english!"], "is not a language code for 'lang'"),
        ("define", ["word": "house"], "unknown tool 'define'"),
    ] as [(String, [String: Value], String)])
    func badArgumentsAreToolErrors(tool: String, arguments: [String: Value], message: String) async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let result = try await session.call(tool, arguments)
        #expect(result.isError == true)
        #expect(result.text?.contains(message) == true, "\(result.text ?? "no text")")
        // The server is still there.
        let after = try await session.call("lookup", ["word": "house", "providers": ["wordnet"]])
        #expect(after.isError != true)
    }

    @Test func translateUsesTheTranslatingDictionaries() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let result = try await session.call("translate", ["word": "house", "from": "en", "to": "de"])
        #expect(result.isError != true, "\(result.text ?? "")")
        #expect(result.text?.contains("Haus") == true, "\(result.text ?? "")")
        let document = try #require(result.structuredContent?.objectValue)
        #expect(document["command"] == "translate")
        #expect(document["query"]?.objectValue?["targetLanguage"] == "de")
    }

    @Test func randomWordsComeFromTheWordList() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let result = try await session.call("random_words", ["count": 3, "lang": "en"])
        #expect(result.isError != true, "\(result.text ?? "")")
        let document = try #require(result.structuredContent?.objectValue)
        #expect(document["command"] == "random")
        #expect(document["provider"] == "wordlist")
        let words = (document["words"]?.arrayValue ?? []).compactMap { $0.stringValue }
        #expect(words.count == 3)
        for word in words { #expect(result.text?.contains(word) == true) }
    }

    @Test func matchAsksTheProvidersThatMatchByTheStrategy() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let result = try await session.call("match", ["pattern": "ser", "strategy": "prefix", "providers": ["headwords"]])
        #expect(result.isError != true, "\(result.text ?? "")")
        let document = try #require(result.structuredContent?.objectValue)
        #expect(document["command"] == "match")
        #expect(document["strategy"] == "prefix")
        let words = (document["words"]?.arrayValue ?? []).compactMap { $0.stringValue }
        #expect(words == ["serendipity", "serene", "serenity"])
        #expect(result.text?.contains("serendipity, serene, serenity") == true, "\(result.text ?? "")")
        // A provider that cannot match by the strategy is named in a tool error.
        let refused = try await session.call("match", ["pattern": "ser", "strategy": "suffix", "providers": ["headwords"]])
        #expect(refused.isError == true)
        #expect(refused.text?.contains("headwords cannot match by suffix") == true, "\(refused.text ?? "")")
    }

    @Test func libraryAddSavesWhatLookupShowsAndSearchAndResourcesFindIt() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let added = try await session.call("library_add", ["word": "serendipity", "lang": "en"])
        #expect(added.isError != true, "\(added.text ?? "")")
        #expect(added.text?.hasPrefix("added serendipity (en) to the library") == true, "\(added.text ?? "")")
        let result = try #require(added.structuredContent?.objectValue?["results"]?.arrayValue?.first?.objectValue)
        #expect(result["status"] == "added")
        #expect(added.structuredContent?.objectValue?["command"] == "library add")
        let again = try await session.call("library_add", ["word": "serendipity", "lang": "en"])
        #expect(again.structuredContent?.objectValue?["results"]?.arrayValue?.first?.objectValue?["status"] == "updated")

        let found = try await session.call("library_search", ["query": "fortunate discoveries"])
        #expect(found.isError != true)
        #expect(found.structuredContent?.objectValue?["words"]?.arrayValue?.first?.objectValue?["word"] == "serendipity")
        #expect(found.text?.contains("serendipity (en)") == true, "\(found.text ?? "")")
        let favourites = try await session.call("library_search", ["query": "serendipity", "favourites": true])
        #expect(favourites.structuredContent?.objectValue?["words"]?.arrayValue?.isEmpty == true)

        let (resources, _) = try await session.client.listResources()
        #expect(resources.map(\.uri) == ["lexagg://library/words", "lexagg://library/words/en/serendipity"])
        let index = try await session.client.readResource(uri: "lexagg://library/words")
        let list = try JSONSerialization.jsonObject(with: Data((index.first?.text ?? "").utf8)) as? [String: Any]
        #expect(list?["total"] as? Int == 1)
        let word = try await session.client.readResource(uri: "lexagg://library/words/en/serendipity")
        #expect(word.first?.mimeType == "application/json")
        #expect(word.first?.text?.contains("good luck in making unexpected and fortunate discoveries") == true)
        await #expect(throws: MCPError.self) { try await session.client.readResource(uri: "lexagg://library/words/en/zymurgyy") }
    }

    @Test func aWordNoDictionaryKnowsIsNotSaved() async throws {
        let session = try await MCPSession.start()
        defer { session.close() }
        let added = try await session.call("library_add", ["word": "serendipitx", "lang": "en"])
        #expect(added.isError == true)
        #expect(added.text?.contains("nothing saved") == true, "\(added.text ?? "")")
        #expect(added.structuredContent?.objectValue?["results"]?.arrayValue?.first?.objectValue?["status"] == "notFound")
        let library = try Library.open(directory: session.data)
        defer { library.close() }
        #expect(try library.count() == 0)
    }

    @Test func theServerEndsWhenTheClientDisconnects() async throws {
        let session = try await MCPSession.start()
        await session.client.disconnect()
        try await session.served.value
    }
}

/// A client connected to a server over an in-memory transport pair.
struct MCPSession {
    let client: Client
    let served: Task<Void, any Error>
    /// The library's data directory.
    let data: String

    static func start() async throws -> MCPSession {
        let databases = try DictDatabaseDiscovery.databases(at: FixtureStore.dictDatabases).get()
        let words = OfflineWordList(configuration: .init(wordLists: [], wordNetIndexes: [FixtureStore.path("dictdb/wn.index")]))
        let registry = try ProviderRegistry(databases + [words, HeadwordList()])
        let logger = Logger(label: "mcp-tests") { _ in SwiftLogNoOpLogHandler() }
        let service = LookupService(registry: registry, cache: nil, clock: ContinuousClock(), logger: logger)
        let data = TemporaryFiles.directory()
        let server = MCPServer(
            service: service, openLibrary: { () throws(LibraryError) -> Library in try Library.open(directory: data) },
            logger: logger, configuration: .init(version: "test")
        )
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        // The in-memory transport drops what arrives before it is connected: connect the server's side first.
        try await serverSide.connect()
        let served = Task { try await server.run(on: serverSide) }
        let client = Client(name: "lexagg-tests", version: "1")
        try await client.connect(transport: clientSide)
        return MCPSession(client: client, served: served, data: data)
    }

    func call(_ tool: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
        let result = try await client.send(CallTool.request(.init(name: tool, arguments: arguments))).value
        // Plain text: no escape sequences.
        #expect(result.text?.contains("\u{1B}") != true)
        return result
    }

    /// Disconnects the client, which ends the server.
    func close() {
        let client = self.client
        Task { await client.disconnect() }
    }
}

extension CallTool.Result {
    /// The text content.
    var text: String? {
        content.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }.first
    }
}

/// Headwords that match by prefix only: the `match` tool's adapter tested whatever the databases match by.
struct HeadwordList: MatchProviding {
    static let words = ["house", "serendipity", "serene", "serenity", "zymurgy"]

    var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: ProviderID("headwords")!, displayName: "Test headwords", capabilities: [.match], languages: [.english],
            requiresNetwork: false, source: "tests"
        )
    }

    var matchStrategies: [MatchStrategy] { [.prefix] }

    func match(_ query: MatchQuery) async throws -> [String] {
        Self.words.filter { $0.hasPrefix(query.pattern.lowercased()) }
    }

    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] { [] }
}
