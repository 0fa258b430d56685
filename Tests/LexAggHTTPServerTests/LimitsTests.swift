import AsyncHTTPClient
#if canImport(Glibc)
import Glibc
#endif
import LexAggCore
import LexAggHTTPServer
import NIOCore
import NIOHTTP1
import Testing

/// The gates: the token, the per-client rate limit, the cap on lookups in flight, and graceful shutdown.
@Suite(.serialized) struct LimitsTests {
    /// A connection that sends half a request, or nothing, is closed after the idle timeout: it was held for ever.
    @Test(.timeLimit(.minutes(2))) func aConnectionThatSendsNothingMoreIsClosed() async throws {
        var settings = HTTPServerSettings(port: 0, rateLimit: nil)
        settings.idleTimeout = .seconds(1)
        try await TestServer.with(settings: settings) { server in
            let port = UInt16(server.base.split(separator: ":").last!)!
            for request in ["GET /healthz HTTP/1.1\r\nHost: x\r\n", ""] {
                // Read on a thread of its own, not the test pool, which the server in this process needs (RawHTTP).
                let (connected, received, error) = await offThePool { Self.sendThenReadUntilClosed(port: port, request) }
                #expect(connected == 0)
                #expect(received == 0, "the server closed the connection: \(request.debugDescription), errno \(error)")
            }
        }
    }

    /// Sends `request` on a new connection and reads until the server closes it (0), or 60 s pass without a byte (a
    /// receive timeout: -1); whether it connected (0), what the last read returned and its errno. Blocks its thread.
    static func sendThenReadUntilClosed(port: UInt16, _ request: String) -> (connected: Int32, received: Int, errno: Int32) {
        let descriptor: Int32
        do throws(RawHTTP.SocketError) { descriptor = try RawHTTP.connected(port: Int(port)) } catch { return (-1, -1, error.errno) }
        defer { close(descriptor) }
        _ = request.withCString { send(descriptor, $0, strlen($0), 0) }
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let received = recv(descriptor, &buffer, buffer.count, 0)
            // A signal interrupts a read with a receive timeout (RawHTTP): read on.
            if received > 0 || (received < 0 && errno == EINTR) { continue }
            return (0, received, received < 0 ? errno : 0)
        }
    }

    @Test func aTokenIsRequiredOnEveryRouteButHealth() async throws {
        let settings = HTTPServerSettings(port: 0, token: "s3cret", rateLimit: nil)
        // The default burst is a tenth of the rate, as documented.
        #expect(HTTPServerSettings.RateLimit(requestsPerMinute: 600).burst == 60)
        #expect(HTTPServerSettings.RateLimit(requestsPerMinute: 100).burst == 10)
        #expect(HTTPServerSettings.RateLimit(requestsPerMinute: 5).burst == 1)
        try await TestServer.with(settings: settings) { server in
            for path in ["/v1/lookup?word=house", "/api/v2/entries/en/house", "/metrics", "/openapi.json"] {
                let refused = try await server.get(path)
                #expect(refused.status == 401, "\(path)")
                #expect(refused.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
                let wrong = try await server.get(path, headers: [("Authorization", "Bearer s3cres")])
                #expect(wrong.status == 401, "\(path)")
                let allowed = try await server.get(path, headers: [("Authorization", "Bearer s3cret")])
                #expect(allowed.status == 200, "\(path)")
            }
            let refused = try await server.get("/v1/lookup?word=house")
            #expect((refused.object["error"] as? [String: Any])?["code"] as? String == "unauthorized")
            #expect(try await server.get("/healthz").status == 200)
        }
    }

    @Test func aClientOverItsRateGets429WithRetryAfter() async throws {
        // One request a minute after a burst of 3: however slow the lookups are on a busy machine, the bucket does
        // not refill within the test.
        let settings = HTTPServerSettings(port: 0, rateLimit: .init(requestsPerMinute: 1, burst: 3))
        try await TestServer.with(settings: settings) { server in
            var statuses: [Int] = []
            for _ in 0..<5 { statuses.append(try await server.get("/v1/lookup?word=house&providers=wordnet").status) }
            #expect(statuses.prefix(3).allSatisfy { $0 == 200 }, "\(statuses)")
            #expect(statuses.last == 429, "\(statuses)")
            let limited = try await server.get("/v1/lookup?word=house")
            #expect(limited.status == 429)
            #expect(Int(limited.headers["retry-after"] ?? "") ?? 0 >= 1)
            #expect((limited.object["error"] as? [String: Any])?["code"] as? String == "rate-limited")
            // dictionaryapi.dev's own limiter answers in plain text.
            let compatible = try await server.get("/api/v2/entries/en/house")
            #expect(compatible.status == 429)
            #expect(compatible.body == DictionaryAPIError.rateLimitedText)
            // With the CORS header every other answer has (a browser page could not read that it was throttled).
            #expect(compatible.headers["access-control-allow-origin"] == "*" && compatible.headers["retry-after"] != nil)
            // Health checks are not rate limited.
            #expect(try await server.get("/healthz").status == 200)
        }
    }

    @Test func lookupsOverTheCapAreRefusedWith503() async throws {
        let registry = try TestRegistry.make(extra: [ScriptedProvider("slow", .slow(.seconds(2)))])
        let settings = HTTPServerSettings(port: 0, rateLimit: nil, maxConcurrentLookups: 2)
        try await TestServer.with(registry: registry, settings: settings) { server in
            async let first = server.get("/v1/lookup?word=one&providers=slow")
            async let second = server.get("/v1/lookup?word=two&providers=slow")
            try await Task.sleep(for: .milliseconds(500))
            let third = try await server.get("/v1/lookup?word=three&providers=slow")
            #expect(third.status == 503)
            #expect(third.headers["retry-after"] == "1")
            #expect((third.object["error"] as? [String: Any])?["code"] as? String == "busy")
            #expect(try await server.get("/healthz").status == 200)  // not a lookup
            let answered = try await [first, second]
            #expect(answered.map(\.status) == [200, 200])
            // Slots are given back.
            #expect(try await server.get("/v1/lookup?word=four&providers=wordnet").status == 200)
        }
    }

    @Test func gracefulShutdownAnswersTheRequestsInFlight() async throws {
        let registry = try TestRegistry.make(extra: [ScriptedProvider("slow", .slow(.seconds(1)))])
        let server = try await TestServer.start(registry: registry)
        async let inFlight = server.get("/v1/lookup?word=late&providers=slow")
        try await Task.sleep(for: .milliseconds(300))
        try await server.stop()
        let reply = try await inFlight
        #expect(reply.status == 200)
        #expect(reply.body.contains("a slow answer"))
        // Stopped: nothing listens any more (the client retries connecting until its deadline, then gives up).
        await #expect(throws: (any Error).self) { try await TestServer.get(server.base + "/healthz", timeout: .seconds(2)) }
    }

    @Test func oversizedRequestsAreRefused() async throws {
        try await TestServer.with { server in
            let long = try await server.get("/v1/lookup?word=house&pad=" + String(repeating: "x", count: 5000))
            #expect(long.status == 414)
            #expect((long.object["error"] as? [String: Any])?["code"] as? String == "uri-too-long")
            var request = HTTPClientRequest(url: server.base + "/v1/lookup?word=house")
            request.body = .bytes(ByteBuffer(string: String(repeating: "x", count: 4096)))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            #expect(response.status.code == 413)
            // A chunked body (no length stated) is held to the same limit: it went through.
            var chunked = HTTPClientRequest(url: server.base + "/healthz")
            chunked.body = .stream(AsyncStream<ByteBuffer> { continuation in
                for _ in 0..<20 { continuation.yield(ByteBuffer(string: String(repeating: "y", count: 1000))) }
                continuation.finish()
            }, length: .unknown)
            let streamed = try await HTTPClient.shared.execute(chunked, timeout: .seconds(30))
            #expect(streamed.status.code == 413)
            var small = HTTPClientRequest(url: server.base + "/healthz")
            small.body = .stream(AsyncStream<ByteBuffer> { continuation in
                continuation.yield(ByteBuffer(string: "z"))
                continuation.finish()
            }, length: .unknown)
            #expect(try await HTTPClient.shared.execute(small, timeout: .seconds(30)).status.code == 200, "a small one is read and let be")
            #expect(try await server.get("/healthz").status == 200)
        }
    }

    @Test func loopbackOrNot() {
        let settings = HTTPServerSettings(host: "0.0.0.0")
        #expect(!settings.isLoopback)
        #expect(HTTPServerSettings(host: "127.0.0.1").isLoopback && HTTPServerSettings(host: "::1").isLoopback)
    }
}
