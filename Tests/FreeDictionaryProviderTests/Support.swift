import Foundation
import FreeDictionaryProvider
import LexAggCore
import LexAggHTTP
import ProviderConformance
import Testing

/// Locates fixtures from this file's path: `<repo>/Tests/FreeDictionaryProviderTests/Support.swift`.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let directory = repositoryRoot.appendingPathComponent("Fixtures/freedictionary")

    /// `<repo>/../shared/reference-samples/dictionaryapi`, present on CI and on the team machines.
    static let referenceSamples = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/reference-samples/dictionaryapi")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    /// The reference samples whose name starts with `prefix` (none when the folder is missing).
    static func referenceSamples(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: referenceSamples.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// `<repo>/../shared/reference-samples/corpus/dictionaryapi/<name>`, nil when it is absent.
    static func corpusSample(_ name: String) -> [UInt8]? {
        let url = referenceSamples.deletingLastPathComponent().appendingPathComponent("corpus/dictionaryapi/\(name)")
        return (try? Data(contentsOf: url)).map(Array.init)
    }

    static func referenceSample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: referenceSamples.appendingPathComponent(name)))
    }
}

/// A replay server that answers like api.dictionaryapi.dev for the fixture words.
enum FreeDictionaryReplay {
    static func path(_ word: String) -> String { "/api/v2/entries/en/\(word)" }

    static func start() async throws -> ReplayServer {
        let notFound = try Fixtures.bytes("error-404-no-definitions.json")
        let server = try await ReplayServer.start(fallback: .json(notFound, status: 404))
        server.route(path("lexicon"), .json(try Fixtures.bytes("entries-en-lexicon.json")))
        server.route(path("bass"), .json(try Fixtures.bytes("entries-en-bass.json")))
        return server
    }

    static func provider(_ server: ReplayServer, timeout: Duration = .seconds(60)) -> FreeDictionary {
        FreeDictionary(endpoint: server.baseURL, http: .init(timeout: timeout))
    }
}

/// The entries the provider makes of `body`, answered with `status` through the HTTP client (in memory).
func entries(fromBody body: [UInt8], status: Int = 200) async throws -> [Entry] {
    let transport = FixtureTransport(fallback: .json(body, status: status))
    return try await FreeDictionary(endpoint: transport.baseURL, transport: transport).lookup(LookupQuery("x")).entries
}

extension Entry {
    var definitions: [String] { allSenses.map(\.definition) }
}
