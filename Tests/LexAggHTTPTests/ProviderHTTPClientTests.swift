import Foundation
import LexAggCore
import LexAggHTTP
import ProviderConformance
import Testing

private let testProvider = ProviderID("http-test")!

/// A client for `server` with small limits so tests run fast.
private func client(
    _ server: ReplayServer, timeout: Duration = .seconds(60), maximumBodyBytes: Int = 1 << 20,
    maximumRetryWait: Duration = .seconds(2)
) -> ProviderHTTPClient {
    ProviderHTTPClient(
        provider: testProvider, baseURL: BaseURL(server.baseURL)!,
        configuration: .init(timeout: timeout, maximumBodyBytes: maximumBodyBytes, maximumRetryWait: maximumRetryWait)
    )
}

extension ProviderHTTPClient {
    /// The response to a GET of `path` after the status rules (no decoding).
    func get(_ path: String, query: [(String, String)] = []) async throws -> HTTPResponseData {
        let exchange = try await response(to: ServiceRequest(path, query: query))
        return try #require(exchange?.response)
    }
}

@Suite(.timeLimit(.minutes(1))) struct ProviderHTTPClientTests {
    @Test func sendsUserAgentAndAcceptAndReturnsBody() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/ok", .json(#"{"a":1}"#))
        let response = try await client(server).get("/ok", query: [("q", "x")])
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"a":1}"#)
        let request = try #require(server.requests.first)
        #expect(request.header("User-Agent") == "lexagg/0.1 (https://github.com/lexagg/lexagg) AsyncHTTPClient")
        #expect(request.header("Accept") == "application/json")
        #expect(request.queryValue("q") == "x")
    }

    @Test func decompressesGzip() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        let text = String(repeating: "{\"word\":\"bank\"}", count: 200)
        server.route("/gz", ReplayResponse.json(text).gzipped())
        let response = try await client(server).get("/gz")
        #expect(String(decoding: response.body, as: UTF8.self) == text)
        #expect(server.requests.first?.header("Accept-Encoding")?.contains("gzip") == true)
    }

    @Test(arguments: [
        (500, ProviderError.Code.unavailable), (502, .unavailable), (503, .unavailable), (404, .unavailable),
        (401, .credentials), (403, .unavailable),
    ])
    func mapsStatusCodes(status: Int, code: ProviderError.Code) async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/s", .text("nope", status: status))
        let error = try await providerError { _ = try await client(server).get("/s") }
        #expect(error?.code == code)
        #expect(error?.httpStatus == status)
        #expect(error?.provider == testProvider)
    }

    @Test func maintenanceKeepsItsRetryAfter() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/down", .text("<html>maintenance</html>", status: 503, contentType: "text/html", headers: [("Retry-After", "90")]))
        let error = try await providerError { _ = try await client(server).get("/down") }
        #expect(error?.code == .unavailable)
        #expect(error?.retryAfter == .seconds(90))
        #expect(error?.excerpt?.contains("maintenance") == true)
    }

    @Test func getJSONDecodesOrReportsMalformed() async throws {
        struct Payload: Decodable, Equatable { var word: String }
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/good", .json(#"{"word":"bank"}"#))
        server.route("/bad", .json(#"{"word":"ba"#))
        let http = client(server)
        #expect(try await http.fetch(ServiceRequest("/good"), as: Payload.self) == Payload(word: "bank"))
        let error = try await providerError { _ = try await http.fetch(ServiceRequest("/bad"), as: Payload.self) }
        #expect(error?.code == .malformedResponse)
        #expect(error?.excerpt == #"{"word":"ba"#)
    }

    @Test func notFoundStatusesGiveNoValue() async throws {
        struct Payload: Decodable { var word: String }
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/missing", .json(#"{"title":"Not found."}"#, status: 404))
        let policy = ResponsePolicy(notFound: [404])
        #expect(try await client(server).fetch(ServiceRequest("/missing"), as: Payload.self, policy: policy) == nil)
        let error = try await providerError { _ = try await client(server).fetch(ServiceRequest("/missing"), as: Payload.self) }
        #expect(error?.code == .unavailable)
        #expect(error?.httpStatus == 404)
    }

    @Test func rateLimitedWithLongRetryAfterFailsAndPausesTheHost() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/limited", .text("slow down", status: 429, headers: [("Retry-After", "120")]))
        let http = client(server)
        let error = try await providerError { _ = try await http.get("/limited") }
        #expect(error?.code == .rateLimited)
        #expect(error?.retryAfter == .seconds(120))
        #expect(error?.httpStatus == 429)
        // The next request is refused locally, without reaching the server.
        let second = try await providerError { _ = try await http.get("/limited") }
        #expect(second?.code == .rateLimited)
        #expect((second?.retryAfter ?? .zero) > .seconds(100))
        #expect(server.requests.count == 1)
    }

    @Test func shortRetryAfterIsWaitedOutAndRetriedOnce() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route(
            "/flaky",
            .text("slow down", status: 429, headers: [("Retry-After", "0")]),
            .json(#"{"ok":true}"#)
        )
        let response = try await client(server).get("/flaky")
        #expect(response.status == 200)
        #expect(server.requests.count == 2)
    }

    @Test func retryAfterAsHTTPDate() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/limited", .text("slow down", status: 429, headers: [("Retry-After", "Fri, 31 Dec 2100 23:59:59 GMT")]))
        let error = try await providerError { _ = try await client(server).get("/limited") }
        #expect(error?.code == .rateLimited)
        #expect((error?.retryAfter ?? .zero) > .seconds(86_400 * 365))
    }

    @Test func bodyOverTheCapIsCutOffWithAClearError() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/big", .json(Array(repeating: UInt8(ascii: "a"), count: 50_000)))
        let error = try await providerError { _ = try await client(server, maximumBodyBytes: 4_096).get("/big") }
        #expect(error?.code == .malformedResponse)
        #expect(error?.message.contains("4096-byte limit") == true)
    }

    @Test func gzipBombOverTheCapIsCutOff() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        // Stored gzip is barely smaller than its content, so this checks the cap after decompression too.
        server.route("/bomb", ReplayResponse.json(Array(repeating: UInt8(ascii: "a"), count: 64_000)).gzipped())
        let error = try await providerError { _ = try await client(server, maximumBodyBytes: 8_192).get("/bomb") }
        #expect(error?.code == .malformedResponse)
    }

    @Test func delayedAnswerWithinTheTimeoutArrives() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/slow", ReplayResponse.json(#"{"late":true}"#).delayed(by: .milliseconds(50)))
        let response = try await client(server, timeout: .seconds(10)).get("/slow")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"late":true}"#)
    }

    @Test func delayedAnswerPastTheTimeoutTimesOut() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/slow", ReplayResponse.json("{}").delayed(by: .seconds(30)))
        let error = try await providerError { _ = try await client(server, timeout: .milliseconds(200)).get("/slow") }
        #expect(error?.code == .timeout)
    }

    @Test func routesMatchPathAndQueryAndLaterRoutesWin() async throws {
        let server = try await ReplayServer.start(fallback: .text("fallback", status: 200))
        defer { Task { await server.shutdown() } }
        server.route("/r", query: ["a": "1"], .json("one"))
        server.route("/r", query: ["a": "1", "b": "x y"], .json("two"))
        let http = client(server)
        #expect(String(decoding: try await http.get("/r", query: [("a", "1")]).body, as: UTF8.self) == "one")
        #expect(String(decoding: try await http.get("/r", query: [("b", "x y"), ("a", "1")]).body, as: UTF8.self) == "two")
        #expect(String(decoding: try await http.get("/other").body, as: UTF8.self) == "fallback")
    }

    @Test func stalledServerTimesOut() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/stall", ReplayResponse.json("{}").with(.stall))
        let error = try await providerError { _ = try await client(server, timeout: .milliseconds(300)).get("/stall") }
        #expect(error?.code == .timeout)
    }

    @Test(arguments: [ReplayResponse.Behaviour.reset, .truncated(afterBytes: 5)])
    func brokenConnectionsAreUnavailable(behaviour: ReplayResponse.Behaviour) async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/broken", ReplayResponse.json(#"{"parse":{"title":"x"}}"#).with(behaviour))
        let error = try await providerError { _ = try await client(server).get("/broken") }
        #expect(error?.code == .unavailable)
    }

    @Test func refusedConnectionIsUnavailable() async throws {
        let closed = try ClosedPort()
        let base = BaseURL(closed.baseURL)!
        let http = ProviderHTTPClient(provider: testProvider, baseURL: base, configuration: .init(timeout: .seconds(30)))
        let error = try await providerError { _ = try await http.get("/gone") }
        #expect(error?.code == .unavailable, "got \(String(describing: error))")
        withExtendedLifetime(closed) {}
    }

    @Test func cancelledTaskThrowsCancelledWithoutSending() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/ok", .json("{}"))
        let http = client(server)
        let error = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await providerError { _ = try await http.get("/ok") }
        }.value
        #expect(error?.code == .cancelled)
        #expect(server.requests.isEmpty)
    }

    @Test func cancellationDuringARequestThrowsCancelled() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/held", ReplayResponse.json("{}").with(.hold))
        let http = client(server)
        let task = Task { try await providerError { _ = try await http.get("/held") } }
        await server.waitForHeld(1)
        task.cancel()
        let error = try await task.value
        #expect(error?.code == .cancelled)
    }

    @Test func queuedRequestsTimeOutToo() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/stall", ReplayResponse.json("{}").with(.stall))
        let stalled = client(server, timeout: .seconds(60))
        let blockers = (0..<3).map { _ in Task { try await stalled.get("/stall") } }
        await server.waitForRequests(3)
        let error = try await providerError { _ = try await client(server, timeout: .milliseconds(200)).get("/stall") }
        #expect(error?.code == .timeout)
        #expect(server.requests.count == 3)
        for blocker in blockers { blocker.cancel() }
        for blocker in blockers { _ = try? await blocker.value }
    }

    @Test func atMostThreeConcurrentRequestsPerHost() async throws {
        let server = try await ReplayServer.start()
        defer { Task { await server.shutdown() } }
        server.route("/held", ReplayResponse.json("{}").with(.hold))
        let http = client(server)
        let tasks = (0..<7).map { _ in Task { try await http.get("/held") } }
        await server.waitForHeld(3)
        // The other four wait for a permit in the client, not at the server.
        await waitUntil { http.gate.limiter.waiting == 4 }
        #expect(server.requests.count == 3)
        #expect(http.gate.limiter.inUse == 3)
        let releaser = Task {
            while !Task.isCancelled {
                server.releaseHeld()
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        for task in tasks { _ = try await task.value }
        releaser.cancel()
        #expect(server.maximumConcurrentRequests <= 3)
        #expect(http.gate.limiter.highWater == 3)
    }
}

/// Polls `condition`, yielding between checks (for state changes that happen on other threads).
func waitUntil(_ condition: () -> Bool) async {
    while !condition() {
        try? await Task.sleep(for: .milliseconds(1))
    }
}

@Suite struct RetryAfterTests {
    @Test(arguments: [
        ("120", Duration.seconds(120)), ("0", .zero), (" 5 ", .seconds(5)),
        ("Sun, 06 Nov 1994 08:49:37 GMT", .zero),
        ("Sun, 06 Nov 1994 08:49:47 GMT", .seconds(10)),
        ("Sunday, 06-Nov-94 08:50:37 GMT", .seconds(60)),
        ("Sun Nov  6 08:49:38 1994", .seconds(1)),
    ])
    func parses(value: String, expected: Duration) {
        // 784111777 = Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.parse(value, now: 784_111_777) == expected)
    }

    @Test(arguments: ["soon", "", "-5", "Sun, 06 Nov 1994"])
    func rejects(value: String) {
        #expect(RetryAfter.parse(value, now: 0) == nil)
    }
}

@Suite struct BaseURLAndEncodingTests {
    @Test(arguments: [
        ("https://en.wiktionary.org", "https://en.wiktionary.org"), ("http://127.0.0.1:8080/", "http://127.0.0.1:8080"),
        ("HTTP://Example.ORG:80", "http://example.org:80"), ("http://[::1]:9000", "http://[::1]:9000"),
    ])
    func accepts(text: String, expected: String) {
        #expect(BaseURL(text)?.description == expected)
    }

    @Test(arguments: [
        "en.wiktionary.org", "ftp://x.org", "https://x.org/w/api.php", "https://user@x.org", "https://x.org?a=b",
        "https://x.org:99999", "https://", "https://x.org#frag", "https://x y.org",
    ])
    func rejects(text: String) {
        #expect(BaseURL(text) == nil)
    }

    @Test(arguments: [
        ("a b", "a%20b"), ("a&b=c", "a%26b%3Dc"), ("what?", "what%3F"), ("#hash", "%23hash"), ("100%", "100%25"),
        ("a/b", "a%2Fb"), ("../x", "..%2Fx"), ("l'homme", "l%27homme"), ("a+b", "a%2Bb"), ("naïve", "na%C3%AFve"),
        ("日本", "%E6%97%A5%E6%9C%AC"), ("safe-._~", "safe-._~"),
    ])
    func percentEncodes(text: String, expected: String) {
        #expect(percentEncode(text) == expected)
    }
}

@Suite(.timeLimit(.minutes(1))) struct ConcurrencyLimiterTests {
    @Test func waitersQueueAndCancelledWaitersLeave() async throws {
        let limiter = ConcurrencyLimiter(limit: 1)
        try await limiter.acquire()
        let waiter = Task { try await limiter.acquire() }
        await waitUntil { limiter.waiting == 1 }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(limiter.waiting == 0)
        limiter.release()
        #expect(limiter.inUse == 0)
        try await limiter.acquire()
        #expect(limiter.inUse == 1)
        limiter.release()
    }

    @Test func permitsPassToWaitersInOrder() async throws {
        let limiter = ConcurrencyLimiter(limit: 2)
        try await limiter.acquire()
        try await limiter.acquire()
        let third = Task { try await limiter.acquire() }
        await waitUntil { limiter.waiting == 1 }
        #expect(limiter.inUse == 2)
        limiter.release()
        try await third.value
        #expect(limiter.inUse == 2)
        #expect(limiter.highWater == 2)
        limiter.release()
        limiter.release()
        #expect(limiter.inUse == 0)
    }
}
