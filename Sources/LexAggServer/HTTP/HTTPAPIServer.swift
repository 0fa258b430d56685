import Hummingbird
import Synchronization
import LexAggAggregation
import LexAggCore
import Logging
import NIOCore
import ServiceLifecycle

/// `lexagg serve http`: the lookup service over HTTP — lexagg's own API (`/v1/`), a dictionaryapi.dev-compatible
/// route, OpenAPI, health and Prometheus metrics (README.md, "serve http").
///
/// A ServiceLifecycle `Service`: run it in a `ServiceGroup` (beside the DICT server, if you like); on graceful
/// shutdown (SIGTERM) it stops accepting connections and answers the requests in flight before `run()` returns.
public struct HTTPAPIServer: Service {
    /// Where the server listens once bound (with port 0, the port the system chose).
    public struct BoundAddress: Sendable, Hashable, CustomStringConvertible {
        public var host: String
        public var port: Int
        public var description: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)" }
    }

    let service: LookupService<ContinuousClock>
    let logger: Logger
    public let settings: HTTPServerSettings
    let onListening: @Sendable (BoundAddress) async -> Void

    /// - Parameters:
    ///   - service: the one lookup service (shared with any other server in the process).
    ///   - logger: the access log (`notice`), warnings and errors go here.
    ///   - onListening: called once the socket is bound, with its address (to print it, or for tests).
    public init(
        service: LookupService<ContinuousClock>, logger: Logger, settings: HTTPServerSettings,
        onListening: @escaping @Sendable (BoundAddress) async -> Void = { _ in }
    ) {
        self.service = service
        self.logger = logger
        self.settings = settings
        self.onListening = onListening
    }

    /// The router: the gates and logs around every route (see ``Routes``).
    public func router() -> Router<ServerContext> {
        ServerMetrics.bootstrap()
        // HEAD answers as GET does, without the body (RFC 9110; health checks use it).
        let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessLogMiddleware(logger: logger))
        router.add(middleware: MetricsMiddleware<ServerContext>())
        // A page on another origin may call the API (every answer says `Access-Control-Allow-Origin: *`): its browser's
        // preflight `OPTIONS` is answered here, before the token and the rate limit (a preflight carries neither).
        router.add(middleware: CORSMiddleware<ServerContext>(
            allowOrigin: .all, allowHeaders: [.accept, .authorization, .contentType], allowMethods: [.get, .head, .options],
            maxAge: .seconds(HTTPServerSettings.corsMaxAgeSeconds)
        ))
        router.add(middleware: ErrorMiddleware(logger: logger))
        router.add(middleware: GateMiddleware(settings: settings, rateLimiter: settings.rateLimit.map(RateLimiter.init)))
        Routes(service: service, maxConcurrentLookups: settings.maxConcurrentLookups).add(to: router)
        return router
    }

    public func run() async throws {
        if !settings.isLoopback && settings.token == nil {
            logger.warning("serving on \(settings.host), reachable from other machines, without a token: anyone who can reach it can use it; set --token (or server.token)")
        }
        let logger = self.logger
        let onListening = self.onListening
        let host = settings.host
        let listening = Mutex(false)
        let application = Application(
            router: router(),
            server: PolicedHTTP1Channel.builder(settings: settings, idleTimeout: .nanoseconds(Int64(
                settings.idleTimeout.components.seconds * 1_000_000_000 + settings.idleTimeout.components.attoseconds / 1_000_000_000
            ))),
            configuration: ApplicationConfiguration(address: .hostname(host, port: settings.port), serverName: "lexagg"),
            onServerRunning: { channel in
                listening.withLock { $0 = true }
                let port = channel.localAddress?.port ?? 0
                let address = BoundAddress(host: channel.localAddress?.ipAddress ?? host, port: port)
                logger.info("serving HTTP on \(address)")  // (the command prints it; --verbose logs it too)
                await onListening(address)
            },
            logger: logger
        )
        do {
            try await application.run()
        } catch let error as IOError where !listening.withLock({ $0 }) {
            throw ListenFailure(service: "HTTP", host: host, port: settings.port, code: error.errnoCode)
        }
    }
}
