import Foundation
import AsyncHTTPClient
import DictDatabaseProvider
import LexAggAggregation
import LexAggCore
import LexAggFixtures
import LexAggHTTPServer
import Logging
import NIOCore
import NIOHTTP1
import RandomWordProvider
import ServiceLifecycle
import Testing

/// The providers the tests serve: the embedded WordNet (the real 147,000-headword database), the fixture GCIDE and
/// FreeDict databases (English↔German translations) and the offline word list for random words.
enum TestRegistry {
    static func databases() throws -> [any DictionaryProvider] {
        let embedded = try #require(DictDatabaseDiscovery.embeddedDirectory())
        let wordnet = try DictDatabaseDiscovery.databases(at: embedded).get()
        let fixtures = try DictDatabaseDiscovery.databases(at: FixtureStore.dictDatabases).get()
            .filter { !wordnet.map(\.descriptor.id).contains($0.descriptor.id) }
        return wordnet + fixtures
    }

    static func make(extra: [any DictionaryProvider] = []) throws -> ProviderRegistry {
        try ProviderRegistry(try databases() + [OfflineWordList()] + extra)
    }
}

/// A provider whose behaviour the test fixes: slow (to hold a lookup in flight) or failing with a code.
struct ScriptedProvider: DefinitionProviding {
    enum Behaviour: Sendable {
        case slow(Duration)
        case fail(ProviderError.Code, retryAfter: Duration? = nil)
    }

    let descriptor: ProviderDescriptor
    let behaviour: Behaviour

    init(_ id: String, _ behaviour: Behaviour) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.define], languages: [.english], requiresNetwork: true,
            source: "https://example.org/\(id)"
        )
        self.behaviour = behaviour
    }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        switch behaviour {
        case .slow(let delay):
            try? await Task.sleep(for: delay)
            return LookupResult(entries: [Entry(
                headword: query.term, language: .english,
                senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: "a slow answer", sources: [provenance])])],
                provenance: provenance
            )])
        case .fail(let code, let retryAfter):
            throw ProviderError(code, provider: descriptor.id, message: "scripted \(code)", retryAfter: retryAfter)
        }
    }
}

/// One HTTP response, body as text.
struct HTTPReply {
    var status: Int
    var headers: [String: String]
    var body: String

    var json: Any? { try? JSONSerialization.jsonObject(with: Data(body.utf8)) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
}

/// `serve http` in this process on a free loopback port, driven by a real HTTP client.
final class TestServer: Sendable {
    let base: String
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    /// Starts a server over `registry` and waits until it listens; with `memo`, its service keeps answers (as
    /// `lexagg serve http` does).
    static func start(
        registry: ProviderRegistry? = nil, settings: HTTPServerSettings = HTTPServerSettings(port: 0, rateLimit: nil),
        memo: AnswerMemo<ContinuousClock>.Limits? = nil
    ) async throws -> TestServer {
        let logger = Logger(label: "lexagg-test") { _ in SwiftLogNoOpLogHandler() }
        let service = LookupService(registry: try registry ?? TestRegistry.make(), cache: nil, memo: memo, logger: logger)
        var settings = settings
        settings.port = 0
        let (stream, continuation) = AsyncStream<HTTPAPIServer.BoundAddress>.makeStream()
        let server = HTTPAPIServer(service: service, logger: logger, settings: settings) { continuation.yield($0) }
        let group = ServiceGroup(configuration: .init(services: [server], logger: logger))
        let task = Task { try await group.run() }
        var iterator = stream.makeAsyncIterator()
        guard let address = await iterator.next() else { throw CancellationError() }
        return TestServer(base: "http://127.0.0.1:\(address.port)", group: group, task: task)
    }

    private init(base: String, group: ServiceGroup, task: Task<Void, any Error>) {
        self.base = base
        self.group = group
        self.task = task
    }

    func get(_ path: String, headers: [(String, String)] = [], method: HTTPMethod = .GET) async throws -> HTTPReply {
        try await Self.get(base + path, headers: headers, method: method)
    }

    static func get(
        _ url: String, headers: [(String, String)] = [], method: HTTPMethod = .GET, timeout: TimeAmount = .seconds(30)
    ) async throws -> HTTPReply {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let body = try await response.body.collect(upTo: 16 << 20)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return HTTPReply(status: Int(response.status.code), headers: fields, body: String(buffer: body))
    }

    /// Graceful shutdown, as SIGTERM does; returns when the server has stopped.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }

    /// Runs `body` with a server, stopping it afterwards whatever happens.
    static func with<T>(
        registry: ProviderRegistry? = nil, settings: HTTPServerSettings = HTTPServerSettings(port: 0, rateLimit: nil),
        memo: AnswerMemo<ContinuousClock>.Limits? = nil, _ body: (TestServer) async throws -> T
    ) async throws -> T {
        let server = try await start(registry: registry, settings: settings, memo: memo)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }
}
