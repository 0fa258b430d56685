import Foundation
import LexAggCore
import LexAggFixtures
import LexAggHTTP
import ProviderConformance
import RandomWordProvider
import Testing

/// Locates fixtures from this file's path: `<repo>/Tests/RandomWordProviderTests/Support.swift`.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let directory = repositoryRoot.appendingPathComponent("Fixtures/randomword")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    static func strings(_ name: String) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(try bytes(name)))
    }

    /// The small real WordNet index of the DICT fixtures (`Fixtures/dictdb/wn.index`).
    static let wordNetIndex = repositoryRoot.appendingPathComponent("Fixtures/dictdb/wn.index").path

    /// A word list file written for one test, removed when the test ends.
    static func temporaryWordList(_ contents: String) throws -> String {
        let path = TemporaryFiles.directory("wordlist") + "/words.txt"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// A replay server that answers like random-word-api.
enum RandomWordReplay {
    static func start() async throws -> ReplayServer {
        let server = try await ReplayServer.start(
            fallback: .json(try Fixtures.bytes("error-403-no-translation.json"), status: 403)
        )
        server.route("/word", .json(try Fixtures.bytes("word-number-5.json")))
        for language in ["es", "de", "zh"] {
            let file = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path)
                .first { $0.hasPrefix("word-\(language)-") }!
            server.route("/word", query: ["lang": language], .json(try Fixtures.bytes(file)))
        }
        server.route("/word", query: ["lang": "pt-br"], .json(#"["casa","janela"]"#))
        server.route("/languages", .json(try Fixtures.bytes("languages.json")))
        return server
    }

    static func provider(_ server: ReplayServer, timeout: Duration = .seconds(60)) -> RandomWord {
        RandomWord(endpoint: server.baseURL, http: .init(timeout: timeout))
    }
}

