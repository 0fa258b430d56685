/// How `serve http` listens and what it allows: the address, the token, and the limits that keep one client or a
/// burst of lookups from taking the server down.
public struct HTTPServerSettings: Sendable, Hashable {
    /// A per-client token bucket: `requestsPerMinute` refill, up to `burst` requests at once.
    public struct RateLimit: Sendable, Hashable {
        public var requestsPerMinute: Int
        public var burst: Int

        public init(requestsPerMinute: Int, burst: Int? = nil) {
            self.requestsPerMinute = max(1, requestsPerMinute)
            // A tenth of the rate, as `--help` and README say (it was a sixth: 100 at once for the default 600).
            self.burst = max(1, burst ?? max(1, requestsPerMinute / 10))
        }
    }

    /// The address to bind: loopback unless the user asks for another (`--host 0.0.0.0`).
    public var host: String
    /// The port; 0 picks a free one (the bound address is reported once listening).
    public var port: Int
    /// When set, every route but `/healthz` requires `Authorization: Bearer <token>`.
    public var token: String?
    /// Per-client rate limit (by remote address); `nil`: none.
    public var rateLimit: RateLimit?
    /// The most lookups answered at once; more are refused with 503 and `Retry-After`.
    public var maxConcurrentLookups: Int
    /// The longest request line (path and query) accepted, in bytes; longer ones get 414.
    public var maxURIBytes: Int
    /// The largest request body accepted (every route is GET; a body is never needed); larger ones get 413.
    public var maxBodyBytes: Int
    /// The most bytes of header fields a request may send (one field, and all of them); more get 431.
    public var maxHeaderBytes: Int
    /// How long a connection may send nothing (between requests, or in the middle of one) before it is closed: a
    /// client that sent half a request, or kept an idle connection, held it for ever.
    public var idleTimeout: Duration

    public static let defaultPort = 8080
    public static let defaultRequestsPerMinute = 600
    public static let defaultMaxConcurrentLookups = 64
    public static let defaultIdleSeconds = 60
    /// How long a browser may keep a preflight's answer (browsers cap it lower: Chromium at 2 hours).
    public static let corsMaxAgeSeconds: Int64 = 86_400

    public init(
        host: String = "127.0.0.1", port: Int = HTTPServerSettings.defaultPort, token: String? = nil,
        rateLimit: RateLimit? = RateLimit(requestsPerMinute: HTTPServerSettings.defaultRequestsPerMinute),
        maxConcurrentLookups: Int = HTTPServerSettings.defaultMaxConcurrentLookups, maxURIBytes: Int = 4096,
        maxBodyBytes: Int = 1024, maxHeaderBytes: Int = 80 * 1024, idleTimeout: Duration = .seconds(HTTPServerSettings.defaultIdleSeconds)
    ) {
        self.host = host
        self.port = port
        self.token = token
        self.rateLimit = rateLimit
        self.maxConcurrentLookups = max(1, maxConcurrentLookups)
        self.maxURIBytes = maxURIBytes
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.idleTimeout = idleTimeout
    }

    /// Whether `host` only reaches this machine (`127.0.0.0/8`, `::1`, `localhost`).
    public var isLoopback: Bool {
        let host = host.lowercased()
        return host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }
}
