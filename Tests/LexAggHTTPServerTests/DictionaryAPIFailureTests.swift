import Foundation
import Hummingbird
import LexAggCore
import LexAggFixtures
import Logging
import NIOCore
import ServiceLifecycle
import Testing

/// The Free Dictionary API on loopback: each word answers one recorded real shape (a 500, an HTML page where JSON
/// was expected, a 429, the real "No Definitions Found" 404, a real entry).
final class FreeDictionaryStub: Sendable {
    let base: String
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func bytes(_ name: String) throws -> String {
        try String(contentsOfFile: FixtureStore.path("freedictionary/" + name), encoding: .utf8)
    }

    static func start() async throws -> FreeDictionaryStub {
        let answers: [String: (HTTPResponse.Status, String, String)] = [
            "qxfailing": (.internalServerError, "application/json", try bytes("error-500-something-went-wrong.json")),
            "qxgarbled": (.ok, "text/html", try bytes("error-502-cloudflare.html")),
            "qxgarbledjson": (.ok, "application/json", #"[{"word": "qxgarbledjson", "meanings": "#),
            "qxthrottled": (.tooManyRequests, "text/html", try bytes("error-429-rate-limited.txt")),
            "bass": (.ok, "application/json", try bytes("entries-en-bass.json")),
        ]
        let missing = try bytes("error-404-no-definitions.json")
        let router = Router()
        router.get("/api/v2/entries/en/:word") { _, context -> Response in
            let word = context.parameters.get("word") ?? ""
            let (status, type, body) = answers[word] ?? (.notFound, "application/json", missing)
            return Response(status: status, headers: [.contentType: type], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        let logger = Logger(label: "freedictionary-stub") { _ in SwiftLogNoOpLogHandler() }
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { continuation.yield($0.localAddress?.port ?? 0) }, logger: logger
        )
        let group = ServiceGroup(configuration: .init(services: [application], logger: logger))
        let task = Task { try await group.run() }
        var ports = stream.makeAsyncIterator()
        guard let port = await ports.next() else { throw CancellationError() }
        return FreeDictionaryStub(base: "http://127.0.0.1:\(port)", group: group, task: task)
    }

    private init(base: String, group: ServiceGroup, task: Task<Void, any Error>) {
        self.base = base
        self.group = group
        self.task = task
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}

/// `lexagg serve http` with its default providers (WordNet and the Free Dictionary, whose endpoint is the stub):
/// a word no provider found is the API's 404 only when every provider answered "not found".
@Suite(.serialized) struct DictionaryAPIFailureTests {
    @Test func aFailedProviderIsSomethingWentWrongNotNoDefinitionsFound() async throws {
        let stub = try await FreeDictionaryStub.start()
        let directory = TemporaryFiles.directory()
        let server = try await ServeBinaryTests.Server.start(["--rate-limit", "0"], environment: [
            "PATH": "/usr/bin:/bin", "HOME": directory, "XDG_CONFIG_HOME": directory + "/config",
            "LEXAGG_CACHE_DIR": directory + "/cache", "LEXAGG_PROVIDERS": "wordnet,freedictionary",
            "LEXAGG_FREEDICTIONARY_ENDPOINT": stub.base,
        ])
        defer { server.stop() }
        let somethingWentWrong = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(
            fileURLWithPath: FixtureStore.path("freedictionary/error-500-something-went-wrong.json")
        ))) as? [String: String]

        // The Free Dictionary failing (HTTP 500; an HTML page or broken JSON for its JSON), WordNet not knowing
        // the word: not a definitive miss.
        for (word, status) in [("qxfailing", 503), ("qxgarbled", 503), ("qxgarbledjson", 502)] {
            let reply = try await TestServer.get(server.http + "/api/v2/entries/en/" + word)
            #expect(reply.status == status, "\(word): \(reply.status) \(reply.body)")
            #expect(reply.object as? [String: String] == somethingWentWrong, "\(word): \(reply.body)")
            #expect(reply.headers["content-type"]?.hasPrefix("application/json") == true)
        }

        // Every provider answered "not found": the API's 404, as before.
        let missing = try await TestServer.get(server.http + "/api/v2/entries/en/qxmissing")
        #expect(missing.status == 404, "\(missing.body)")
        #expect(missing.object["title"] as? String == "No Definitions Found")
        // One provider failing while another knows the word: the word.
        let found = try await TestServer.get(server.http + "/api/v2/entries/en/serendipity")
        #expect(found.status == 200, "\(found.body)")
        let bass = try await TestServer.get(server.http + "/api/v2/entries/en/bass")
        #expect(bass.status == 200 && bass.body.contains("A low spectrum of sound tones."), "\(bass.body)")
        // Last, as the Free Dictionary is then left alone for a while — throttled: the API's 429 (plain text), with when to come back.
        let throttled = try await TestServer.get(server.http + "/api/v2/entries/en/qxthrottled")
        #expect(throttled.status == 429 && throttled.body == DictionaryAPIErrorText.rateLimited, "\(throttled.status) \(throttled.body)")
        #expect(throttled.headers["retry-after"] != nil)
        #expect(await server.terminate() == 0)
        await stub.stop()
    }
}

enum DictionaryAPIErrorText {
    static let rateLimited = "Too many requests, please try again later."
}
