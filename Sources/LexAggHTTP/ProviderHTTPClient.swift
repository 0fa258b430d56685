#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import Logging

/// The one HTTP client every online provider uses: a provider declares a ``ServiceRequest`` and a
/// ``ResponsePolicy`` and gets decoded values back.
///
/// The client owns everything in between: the endpoint (parsed once), User-Agent, timeouts, per-host
/// concurrency and rate-limit pauses, `Retry-After`, redirects (bound to the endpoint's origin: credentials
/// never follow a redirect to another scheme, host or port), a body-size cap, the body checks (an HTML page
/// where JSON belongs, an empty body), JSON decoding, and the mapping of every failure to one
/// ``LexAggCore/ProviderError`` naming the requested URL (secrets redacted). Each request is logged on one line.
///
/// Creating a client does no I/O and starts nothing; the transport connects on the first request.
public struct ProviderHTTPClient: Sendable {
    public struct Configuration: Sendable {
        /// The User-Agent Wikimedia's policy asks for: client/version (contact) library.
        public static let defaultUserAgent = "lexagg/0.1 (https://github.com/lexagg/lexagg) AsyncHTTPClient"

        public var userAgent: String
        /// How long one request may take, body included.
        public var timeout: Duration
        /// The largest response body accepted, in bytes.
        public var maximumBodyBytes: Int
        /// The most requests in flight at once to one host, across the process.
        public var maximumConcurrentRequests: Int
        /// A rate limit asking for a wait up to this long is waited out and the request retried once; longer
        /// ones fail with ``LexAggCore/ProviderError/Code/rateLimited``.
        public var maximumRetryWait: Duration
        /// The most redirects followed for one request.
        public var maximumRedirects: Int

        public init(
            userAgent: String = Configuration.defaultUserAgent,
            timeout: Duration = .seconds(15),
            maximumBodyBytes: Int = 8 << 20,
            maximumConcurrentRequests: Int = 3,
            maximumRetryWait: Duration = .seconds(2),
            maximumRedirects: Int = 5
        ) {
            self.userAgent = userAgent
            self.timeout = timeout
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumConcurrentRequests = maximumConcurrentRequests
            self.maximumRetryWait = maximumRetryWait
            self.maximumRedirects = maximumRedirects
        }
    }

    public let provider: ProviderID
    public let endpoint: Endpoint
    public let configuration: Configuration
    private let transport: any HTTPTransport
    private let clock: any Clock<Duration>
    let logger: Logger

    /// - Parameters:
    ///   - provider: named in every error and log line.
    ///   - endpoint: the service; an invalid one makes every request fail with its ``Endpoint/problem``.
    ///   - logger: where requests, retries, pauses and errors are logged (the composition root's).
    public init(
        provider: ProviderID,
        endpoint: Endpoint,
        configuration: Configuration = Configuration(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = .disabled
    ) {
        self.provider = provider
        self.endpoint = endpoint
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
        var logger = logger
        logger[metadataKey: "provider"] = "\(provider)"
        self.logger = logger
    }

    /// A client for a service whose base URL is already valid.
    public init(
        provider: ProviderID,
        baseURL: BaseURL,
        configuration: Configuration = Configuration(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = .disabled
    ) {
        self.init(
            provider: provider, endpoint: Endpoint(baseURL), configuration: configuration, transport: transport,
            clock: clock, logger: logger
        )
    }

    /// The process-wide gate (concurrency limit, pause) for this client's host.
    public var gate: HostGate {
        HostGate.shared(for: endpoint.baseURL?.authority ?? "", limit: configuration.maximumConcurrentRequests)
    }

    // MARK: - Fetching

    /// GETs `request`, applies `policy` and decodes the JSON body as `T`.
    ///
    /// - Returns: the decoded body, or `nil` when the policy says the answer means "not found".
    /// - Throws: ``LexAggCore/ProviderError`` only: `.cancelled`, `.timeout`, `.rateLimited` (with `retryAfter`),
    ///   `.unavailable` (invalid endpoint, connection failures, 5xx, HTML pages, unexpected statuses),
    ///   `.credentials` (401, or credentials that would go over plain `http`), `.malformedResponse` (empty or
    ///   undecodable bodies, bodies over the cap), or a failure the policy declares.
    public func fetch<T: Decodable>(
        _ request: ServiceRequest, as type: T.Type = T.self, policy: ResponsePolicy = .standard
    ) async throws -> T? {
        let secrets = request.credentials.map(\.value)
        guard let exchange = try await response(to: request, policy: policy) else { return nil }
        let response = exchange.response
        if policy.emptyBodyIsNotFound, Self.firstByte(of: response.body) == nil { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch {
            throw failed(
                ResponseFailure(
                    .malformedResponse,
                    "the response is not the JSON expected (\(ProviderHTTPClient.describe(error))); truncated or "
                        + "a changed format",
                    reason: .unexpectedData(host: endpoint.baseURL?.host ?? "")
                ),
                response: response, url: exchange.url, secrets: secrets, underlying: String(describing: error)
            )
        }
    }

    /// GETs `request` and applies the status and body rules of `policy` (everything but decoding).
    ///
    /// - Returns: the final response (2xx, non-empty unless the policy allows it) and the URL that answered,
    ///   or `nil` for "not found".
    package func response(to request: ServiceRequest, policy: ResponsePolicy = .standard) async throws
        -> (response: HTTPResponseData, url: String)?
    {
        let secrets = request.credentials.map(\.value)
        guard let baseURL = endpoint.baseURL else {
            throw report(
                ProviderError(.unavailable, provider: provider, message: endpoint.problem ?? "invalid endpoint"),
                secrets: []
            )
        }
        let origin = Origin(baseURL)
        if !request.credentials.isEmpty, origin.scheme == "http", !origin.isLoopback {
            let names = request.credentials.map(\.name).joined(separator: ", ")
            throw report(
                ProviderError(
                    .credentials, provider: provider,
                    message: "refusing to send \(names) over plain http to \(baseURL.authority); "
                        + "use an https endpoint",
                    location: Redaction.url(baseURL.url(path: request.path, query: request.query)),
                    reason: .plainHTTPCredentials(host: baseURL.authority)
                ),
                secrets: secrets
            )
        }
        var url = baseURL.url(path: request.path, query: request.query)
        var credentials = request.credentials
        var redirects = 0
        var retried = false
        while true {
            let headers = [HTTPField("User-Agent", configuration.userAgent), HTTPField("Accept", request.accept)]
                + request.headers + credentials
            let spec = HTTPRequestSpec(
                url: url, headers: headers, timeout: configuration.timeout,
                maximumBodyBytes: configuration.maximumBodyBytes
            )
            let response = try await send(spec, secrets: secrets)

            // Redirects: followed here, not by the transport, so that credentials stay with their origin.
            if [301, 302, 303, 307, 308].contains(response.status), let location = response.header("Location") {
                redirects += 1
                guard redirects <= configuration.maximumRedirects,
                    let target = Origin.resolve(location, against: url), let (targetBase, _) = Origin.split(target)
                else {
                    let why = redirects > configuration.maximumRedirects
                        ? "more than \(configuration.maximumRedirects) redirects"
                        : "a redirect to '\(Redaction.url(location))', which cannot be followed"
                    throw failed(
                        ResponseFailure(.unavailable, "\(baseURL.host) answered with \(why)", reason: .badRedirect(host: baseURL.host)),
                        response: response, url: url, secrets: secrets
                    )
                }
                if Origin(targetBase) != origin && !credentials.isEmpty {
                    credentials = []
                    logger.info(
                        "redirected to another origin; credentials dropped",
                        metadata: ["from": "\(Redaction.url(url))", "to": "\(Redaction.url(target))"]
                    )
                } else {
                    logger.info("redirected", metadata: ["to": "\(Redaction.url(target))"])
                }
                url = target
                continue
            }

            switch verdict(on: response, policy: policy, host: baseURL.host) {
            case .success:
                return (response, url)
            case .notFound:
                logger.debug("not found", metadata: ["url": "\(Redaction.url(url))", "status": "\(response.status)"])
                return nil
            case .failure(let failure):
                if failure.code == .rateLimited {
                    if !retried, let wait = failure.retryAfter, wait <= configuration.maximumRetryWait {
                        retried = true
                        logger.info(
                            "rate-limited; retrying once",
                            metadata: ["url": "\(Redaction.url(url))", "after_s": "\(ProviderHTTPClient.seconds(wait))"]
                        )
                        do { try await clock.sleep(for: wait) } catch { throw cancelled(url) }
                        continue
                    }
                    let pause = failure.retryAfter ?? policy.rateLimitPause
                    gate.pause(for: pause)
                    logger.info(
                        "rate-limited; pausing requests to the host",
                        metadata: ["host": "\(baseURL.authority)", "pause_s": "\(ProviderHTTPClient.seconds(pause))"]
                    )
                }
                throw failed(failure, response: response, url: url, secrets: secrets)
            }
        }
    }

    private enum Verdict {
        case success, notFound
        case failure(ResponseFailure)
    }

    /// The policy's rules, in the order ``ResponsePolicy`` documents.
    private func verdict(on response: HTTPResponseData, policy: ResponsePolicy, host: String) -> Verdict {
        let status = response.status
        if let failure = policy.statuses[status] { return .failure(failure) }
        let now = Date().timeIntervalSince1970
        let retryAfter = response.header("Retry-After").flatMap { RetryAfter.parse($0, now: now) }
        switch status {
        case 429:
            let when = retryAfter.map { "; try again in \(ProviderHTTPClient.seconds($0)) s" } ?? "; try again later"
            return .failure(
                ResponseFailure(.rateLimited, "\(host) is rate-limiting us (HTTP 429)\(when)", retryAfter: retryAfter,
                                reason: .rateLimited(host: host, retryAfter: retryAfter))
            )
        case 401:
            return .failure(ResponseFailure(.credentials, "\(host) refused the credentials (HTTP 401)", reason: .credentialsRefused(host: host)))
        case 500..<600:
            return .failure(ResponseFailure(.unavailable, "\(host) is failing (HTTP \(status))", retryAfter: retryAfter,
                                         reason: .httpStatus(host: host, status: status)))
        default:
            break
        }
        let first = Self.firstByte(of: response.body)
        let contentType = response.header("Content-Type")?.lowercased() ?? ""
        if first == UInt8(ascii: "<")
            || (contentType.contains("html") && first != UInt8(ascii: "[") && first != UInt8(ascii: "{"))
        {
            return .failure(
                ResponseFailure(
                    .unavailable, "\(host) answered with an HTML page instead of JSON (HTTP \(status)); "
                        + "the service is probably down or the endpoint is wrong",
                    reason: .htmlPage(host: host, status: status)
                )
            )
        }
        if let errorBody = policy.errorBody, first != nil, let verdict = errorBody.read(status, response.body) {
            switch verdict {
            case .notFound: return .notFound
            case .failure(let failure): return .failure(failure)
            }
        }
        if policy.notFound.contains(status) { return .notFound }
        guard (200..<300).contains(status) else {
            return .failure(ResponseFailure(.unavailable, "\(host) answered HTTP \(status)", reason: .httpStatus(host: host, status: status)))
        }
        if first == nil && !policy.emptyBodyIsNotFound {
            return .failure(ResponseFailure(.malformedResponse, "\(host) answered HTTP \(status) with an empty body",
                                              reason: .emptyBody(host: host, status: status)))
        }
        return .success
    }

    // MARK: - Sending

    private func send(_ request: HTTPRequestSpec, secrets: [String]) async throws -> HTTPResponseData {
        if Task.isCancelled { throw report(cancelled(request.url), secrets: secrets) }
        if let pause = gate.remainingPause() {
            throw report(
                ProviderError(
                    .rateLimited, provider: provider,
                    message: "\(endpoint.baseURL?.host ?? "the service") asked us to wait; try again in "
                        + "\(ProviderHTTPClient.seconds(pause)) s",
                    retryAfter: pause, location: Redaction.url(request.url),
                    reason: .rateLimited(host: endpoint.baseURL?.host ?? "", retryAfter: pause)
                ),
                secrets: secrets
            )
        }
        let started = ContinuousClock.now
        let credentialNames = Set(request.headers.filter { secrets.contains($0.value) }.map { $0.name.lowercased() })
        logger.debug(
            "request",
            metadata: [
                "url": "\(Redaction.url(request.url))",
                "headers": "\(Redaction.headers(request.headers, credentials: credentialNames))",
            ]
        )
        do {
            // The timeout covers the wait for a permit too, so a request queued behind stalled ones still ends
            // on time.
            let response = try await withTimeout(request)
            let elapsed = Self.milliseconds(since: started)
            logger.info("GET \(Redaction.url(request.url)) → \(response.status), \(response.body.count) bytes, \(elapsed) ms")
            logger.debug(
                "response headers",
                metadata: ["headers": "\(Redaction.headers(response.headers))", "status": "\(response.status)"]
            )
            return response
        } catch {
            throw report(map(error, url: request.url), secrets: secrets, elapsed: Self.milliseconds(since: started))
        }
    }

    struct TimedOut: Error {}

    private func withTimeout(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
        let transport = self.transport
        let clock = self.clock
        let limiter = gate.limiter
        return try await withThrowingTaskGroup(of: HTTPResponseData.self) { group in
            group.addTask { try await limiter.withPermit { try await transport.send(request) } }
            group.addTask {
                // A little grace so that a transport's own deadline error (which names the cause, such as a
                // refused connection) wins over the generic timeout; this guard catches transports that stall.
                try await clock.sleep(for: request.timeout + .milliseconds(250))
                throw TimedOut()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw TimedOut() }
            return first
        }
    }
}

extension Logger {
    /// A logger that drops everything: the default where no logger is handed down.
    public static let disabled = Logger(label: "lexagg.disabled", factory: { _ in SwiftLogNoOpLogHandler() })
}
