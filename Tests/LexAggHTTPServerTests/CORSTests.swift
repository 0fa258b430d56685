import LexAggHTTPServer
import NIOHTTP1
import Testing

/// A page on another origin calling the API from a browser: the preflight `OPTIONS` the browser sends first.
@Suite(.serialized) struct CORSTests {
    /// The preflight is answered 204 with what the page may send (the token's `Authorization` among it), without the
    /// token itself (a browser never sends credentials with a preflight) and without counting against the rate limit.
    @Test func aPreflightIsAnswered204() async throws {
        let settings = HTTPServerSettings(port: 0, token: "s3cret", rateLimit: .init(requestsPerMinute: 1, burst: 1))
        try await TestServer.with(settings: settings) { server in
            let preflight: [(String, String)] = [
                ("Origin", "https://example.org"), ("Access-Control-Request-Method", "GET"),
                ("Access-Control-Request-Headers", "authorization"),
            ]
            for path in ["/api/v2/entries/en/house", "/v1/lookup?word=house", "/healthz"] {
                let reply = try await server.get(path, headers: preflight, method: .OPTIONS)
                #expect(reply.status == 204, "\(path): \(reply.status) \(reply.body)")
                #expect(reply.headers["access-control-allow-origin"] == "*", "\(path)")
                let methods = reply.headers["access-control-allow-methods"] ?? ""
                #expect(methods.contains("GET") && methods.contains("HEAD"), "\(path): \(methods)")
                #expect(reply.headers["access-control-allow-headers"]?.lowercased().contains("authorization") == true, "\(path)")
                #expect(Int(reply.headers["access-control-max-age"] ?? "") ?? 0 > 0, "\(path)")
                #expect(reply.body.isEmpty)
            }
            // The preflights took no token from the bucket: the one request allowed still goes through.
            let allowed = try await server.get("/api/v2/entries/en/house", headers: [("Origin", "https://example.org"), ("Authorization", "Bearer s3cret")])
            #expect(allowed.status == 200)
            #expect(allowed.headers["access-control-allow-origin"] == "*")
            // A page can read how long it was throttled for.
            let limited = try await server.get("/v1/lookup?word=house", headers: [("Origin", "https://example.org"), ("Authorization", "Bearer s3cret")])
            #expect(limited.status == 429)
            #expect(limited.headers["access-control-expose-headers"]?.lowercased().contains("retry-after") == true, "\(limited.headers)")
        }
    }
}
