#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// The one HTTP client every online provider uses: base URL, User-Agent, timeouts, per-host concurrency,
/// `Retry-After`, a body-size cap, and the mapping of every failure to a ``LexAggCore/ProviderError``.
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
        /// A `Retry-After` up to this long is waited out and the request retried once; longer ones fail with
        /// ``LexAggCore/ProviderError/Code/rateLimited``.
        public var maximumRetryWait: Duration

        public init(
            userAgent: String = Configuration.defaultUserAgent,
            timeout: Duration = .seconds(15),
            maximumBodyBytes: Int = 8 << 20,
            maximumConcurrentRequests: Int = 3,
            maximumRetryWait: Duration = .seconds(2)
        ) {
            self.userAgent = userAgent
            self.timeout = timeout
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumConcurrentRequests = maximumConcurrentRequests
            self.maximumRetryWait = maximumRetryWait
        }
    }

    public let provider: ProviderID
    public let baseURL: BaseURL
    public let configuration: Configuration
    private let transport: any HTTPTransport
    private let clock: any Clock<Duration>

    public init(
        provider: ProviderID,
        baseURL: BaseURL,
        configuration: Configuration = Configuration(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.provider = provider
        self.baseURL = baseURL
        self.configuration = configuration
        self.transport = transport
        self.clock = clock
    }

    /// The process-wide gate (concurrency limit, pause) for this client's host.
    public var gate: HostGate {
        HostGate.shared(for: baseURL.authority, limit: configuration.maximumConcurrentRequests)
    }

    /// GETs `path` with `query` and returns the response when its status is 2xx or in `passing`.
    ///
    /// - Throws: ``LexAggCore/ProviderError`` only: `.cancelled`, `.timeout`, `.rateLimited` (429, with
    ///   `retryAfter`), `.unavailable` (connection failures, 5xx and other unexpected statuses),
    ///   `.credentials` (401), `.malformedResponse` (body over the cap).
    public func get(
        _ path: String,
        query: [(String, String)] = [],
        accept: String = "application/json",
        passing: Set<Int> = []
    ) async throws -> HTTPResponseData {
        let url = baseURL.url(path: path, query: query)
        let request = HTTPRequestSpec(
            url: url,
            headers: [HTTPField("User-Agent", configuration.userAgent), HTTPField("Accept", accept)],
            timeout: configuration.timeout,
            maximumBodyBytes: configuration.maximumBodyBytes
        )
        var retried = false
        while true {
            let response = try await send(request)
            if (200..<300).contains(response.status) || passing.contains(response.status) { return response }
            let error = statusError(response, url: url)
            if error.code == .rateLimited, !retried, let wait = error.retryAfter, wait <= configuration.maximumRetryWait {
                retried = true
                do { try await clock.sleep(for: wait) } catch { throw cancelled(url) }
                continue
            }
            if error.code == .rateLimited { gate.pause(for: error.retryAfter ?? .seconds(1)) }
            throw error
        }
    }

    /// GETs `path` and decodes its 2xx JSON body as `T`.
    /// - Throws: ``LexAggCore/ProviderError`` only, as ``get(_:query:accept:passing:)`` and
    ///   ``decodeJSON(_:from:url:)`` do.
    public func getJSON<T: Decodable>(_ path: String, query: [(String, String)] = [], as type: T.Type) async throws -> T {
        let response = try await get(path, query: query)
        return try decodeJSON(type, from: response, url: baseURL.url(path: path, query: query))
    }

    /// Decodes a JSON body, turning failures into ``LexAggCore/ProviderError/Code/malformedResponse`` with an
    /// excerpt.
    public func decodeJSON<T: Decodable>(_ type: T.Type, from response: HTTPResponseData, url: String? = nil) throws
        -> T
    {
        do {
            return try JSONDecoder().decode(T.self, from: Data(response.body))
        } catch {
            throw ProviderError(
                .malformedResponse, provider: provider,
                message: "the response is not the JSON expected (\(ProviderHTTPClient.describe(error)))",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(response.body),
                underlying: String(describing: error)
            )
        }
    }

    /// A short, printable excerpt of a body for error messages.
    public static func excerpt(_ body: [UInt8], limit: Int = 160) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let flat = text.map { $0.isNewline ? " " : $0 }
        let clipped = String(flat.prefix(limit))
        return clipped.count < text.count ? clipped + "…" : clipped
    }

    // MARK: - Sending

    private func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
        if Task.isCancelled { throw cancelled(request.url) }
        if let pause = gate.remainingPause() {
            throw ProviderError(
                .rateLimited, provider: provider,
                message: "\(baseURL.host) asked us to wait; try again in \(ProviderHTTPClient.seconds(pause)) s",
                retryAfter: pause, location: request.url
            )
        }
        do {
            // The timeout covers the wait for a permit too, so a request queued behind stalled ones still ends
            // on time.
            return try await withTimeout(request)
        } catch {
            throw map(error, url: request.url)
        }
    }

    private struct TimedOut: Error {}

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

    private func map(_ error: any Error, url: String) -> ProviderError {
        if Task.isCancelled { return cancelled(url) }
        switch error {
        case let error as ProviderError:
            return error
        case is TimedOut, HTTPTransportError.timeout:
            return ProviderError(
                .timeout, provider: provider,
                message: "\(baseURL.host) did not answer within \(ProviderHTTPClient.seconds(configuration.timeout)) s",
                location: url
            )
        case HTTPTransportError.bodyTooLarge(let limit):
            return ProviderError(
                .malformedResponse, provider: provider,
                message: "the response from \(baseURL.host) is larger than the \(limit)-byte limit; it was cut off",
                location: url
            )
        case HTTPTransportError.cancelled, is CancellationError:
            return cancelled(url)
        case HTTPTransportError.invalidURL(let bad):
            return ProviderError(.unavailable, provider: provider, message: "cannot request \(bad)", location: url)
        default:
            return ProviderError(
                .unavailable, provider: provider,
                message: "cannot reach \(baseURL.authority): \(error)",
                location: url, underlying: String(reflecting: error)
            )
        }
    }

    private func cancelled(_ url: String) -> ProviderError {
        ProviderError(.cancelled, provider: provider, message: "the request was cancelled", location: url)
    }

    private func statusError(_ response: HTTPResponseData, url: String) -> ProviderError {
        let status = response.status
        let excerpt = ProviderHTTPClient.excerpt(response.body)
        switch status {
        case 429:
            let now = Date().timeIntervalSince1970
            let wait = response.header("Retry-After").flatMap { RetryAfter.parse($0, now: now) }
            let when = wait.map { "; try again in \(ProviderHTTPClient.seconds($0)) s" } ?? "; try again later"
            return ProviderError(
                .rateLimited, provider: provider, message: "\(baseURL.host) is rate-limiting us (HTTP 429)\(when)",
                retryAfter: wait, location: url, httpStatus: status, excerpt: excerpt
            )
        case 401:
            return ProviderError(
                .credentials, provider: provider, message: "\(baseURL.host) refused the credentials (HTTP 401)",
                location: url, httpStatus: status
            )
        case 500..<600:
            let now = Date().timeIntervalSince1970
            let wait = response.header("Retry-After").flatMap { RetryAfter.parse($0, now: now) }
            return ProviderError(
                .unavailable, provider: provider, message: "\(baseURL.host) is failing (HTTP \(status))",
                retryAfter: wait, location: url, httpStatus: status, excerpt: excerpt
            )
        default:
            return ProviderError(
                .unavailable, provider: provider, message: "\(baseURL.host) answered HTTP \(status)",
                location: url, httpStatus: status, excerpt: excerpt
            )
        }
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds)" : "\(seconds).\(tenths)"
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)' field"
        case DecodingError.typeMismatch(_, let context): return context.debugDescription
        case DecodingError.valueNotFound(_, let context): return context.debugDescription
        default: return String(describing: error)
        }
    }
}
