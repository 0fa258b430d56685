import Foundation
import LexAggCore
import LexAggHTTP
import ProviderConformance
import WiktionaryProvider

/// Locates fixtures from this file's path: `<repo>/Tests/WiktionaryProviderTests/Support.swift`.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let directory = repositoryRoot.appendingPathComponent("Fixtures/wiktionary")

    /// `<repo>/../shared/reference-samples/wiktionary`, present on CI and on the team machines.
    static let referenceSamples = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/reference-samples/wiktionary")

    static func bytes(_ relativePath: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(relativePath)))
    }

    static func text(_ relativePath: String) throws -> String {
        String(decoding: try bytes(relativePath), as: UTF8.self)
    }

    static func page(_ name: String) throws -> WikitextSource {
        WikitextSource(try bytes("pages/\(name).wikitext"))
    }

    /// The reference wikitext samples (a missing folder gives none).
    static func referencePages() -> [(name: String, bytes: [UInt8])] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: referenceSamples.path)) ?? []
        return names.filter { $0.hasSuffix(".wikitext") }.sorted().compactMap { name in
            guard let data = try? Data(contentsOf: referenceSamples.appendingPathComponent(name)) else { return nil }
            return (name, Array(data))
        }
    }

    static var hasReferenceSamples: Bool { !referencePages().isEmpty }

    static let provenance = Provenance(
        provider: .wiktionary, source: "https://en.wiktionary.org/wiki/test", retrievedAt: Date(timeIntervalSince1970: 0)
    )
}

/// A replay server that answers like en.wiktionary's Action API for the fixture pages.
enum WiktionaryReplay {
    static let path = "/w/api.php"

    static func start() async throws -> ReplayServer {
        let missing = try Fixtures.bytes("responses/error-missingtitle.json")
        let server = try await ReplayServer.start(fallback: .json(missing))
        for (page, response) in [
            ("gadzooks", "parse-gadzooks"), ("bank", "parse-bank"), ("kissa", "parse-kissa"), ("cats", "parse-cats"),
            ("b", "parse-b"), ("Austin", "parse-Austin"), ("kilometre", "parse-kilometre"),
            ("stomach ache", "parse-stomach-ache-redirect"), ("stomachache", "parse-stomach-ache-redirect"),
        ] {
            server.route(path, query: ["action": "parse", "page": page], .json(try Fixtures.bytes("responses/\(response).json")))
        }
        return server
    }

    static func provider(
        _ server: ReplayServer, timeout: Duration = .seconds(60), maximumBodyBytes: Int = 8 << 20
    ) -> Wiktionary {
        Wiktionary(endpoint: server.baseURL, http: .init(timeout: timeout, maximumBodyBytes: maximumBodyBytes))
    }
}

extension Entry {
    var definitions: [String] { allSenses.map(\.definition) }
}
