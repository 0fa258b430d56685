import Foundation
import LexAggCore
import LexAggHTTP
import PONSProvider
import ProviderConformance
import Testing

/// Locates fixtures from this file's path: `<repo>/Tests/PONSProviderTests/Support.swift`.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let directory = repositoryRoot.appendingPathComponent("Fixtures/pons")

    /// `<repo>/../shared/reference-samples/pons`, present on CI and on the team machines.
    static let referenceSamples = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/reference-samples/pons")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The reference `/v1/dictionary` samples (the `/v1/dictionaries` list excluded); none when the folder is missing.
    static var referenceDictionarySamples: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: referenceSamples.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix("dictionaries-") }.sorted()
    }

    /// The reference `/v1/dictionaries` lists; none when the folder is missing.
    static var referenceDictionaryLists: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: referenceSamples.path)) ?? []
        return names.filter { $0.hasPrefix("dictionaries-") && $0.hasSuffix(".json") }.sorted()
    }

    /// `<repo>/../shared/reference-samples/corpus/pons/<name>`, nil when it is absent.
    static func corpusSample(_ name: String) -> [UInt8]? {
        let url = referenceSamples.deletingLastPathComponent().appendingPathComponent("corpus/pons/\(name)")
        return (try? Data(contentsOf: url)).map(Array.init)
    }

    static func referenceSample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: referenceSamples.appendingPathComponent(name)))
    }
}

/// A replay server that answers like api.pons.com for the fixture words; unknown words get 204 (no content).
enum PONSReplay {
    static let path = "/v1/dictionary"
    /// A made-up key; every test checks it never shows up where it must not.
    static let secret = "s3cr3t-K3y-0123456789abcdef"

    static func start() async throws -> ReplayServer {
        let server = try await ReplayServer.start(fallback: ReplayResponse(status: 204))
        server.route(path, query: ["q": "Haus", "l": "deen", "in": "de"], .json(try Fixtures.bytes("dictionary-deen-Haus-in-de.json")))
        server.route(path, query: ["q": "house", "l": "enfr", "in": "en"], .json(try Fixtures.bytes("dictionary-enfr-house-in-en.json")))
        server.route(path, query: ["q": "Haus", "l": "dede", "in": "de"], .json(try Fixtures.bytes("dictionary-dede-Haus.json")))
        server.route(path, query: ["q": "Baum", "l": "dezh", "in": "de"], .json(try Fixtures.bytes("dictionary-dezh-Baum-in-de.json")))
        return server
    }

    static func provider(
        _ server: ReplayServer, secret: String? = PONSReplay.secret, timeout: Duration = .seconds(60)
    ) -> PONS {
        PONS(endpoint: server.baseURL, secret: secret.flatMap(PONSSecret.init), http: .init(timeout: timeout))
    }
}

/// Every rendering of `error` in which a secret could hide.
func renderings(of error: ProviderError) -> [String] {
    [
        error.message, error.location ?? "", error.excerpt ?? "", error.underlying ?? "", error.description,
        String(describing: error), String(reflecting: error), "\(error)",
    ]
}
