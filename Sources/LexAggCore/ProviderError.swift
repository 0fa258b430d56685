#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one error type every provider throws.
///
/// "Not found" is not an error: a provider returns an empty ``LookupResult``. Everything else that can go
/// wrong is one of the ``Code``s below, with a message that says what happened and, where it helps, what
/// to do about it.
public struct ProviderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. A struct over a private enum, so new codes are not a breaking change.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Base: String, Hashable, Sendable {
            case invalidQuery = "invalid-query"
            case unsupportedLanguage = "unsupported-language"
            case credentials
            case rateLimited = "rate-limited"
            case unavailable
            case timeout
            case malformedResponse = "malformed-response"
            case cancelled
            case offline
        }

        private let base: Base
        private init(_ base: Base) { self.base = base }

        /// The query is not acceptable (empty, too long, control characters).
        public static let invalidQuery = Code(.invalidQuery)
        /// The provider does not cover the requested language or direction.
        public static let unsupportedLanguage = Code(.unsupportedLanguage)
        /// A key or secret is missing or was refused.
        public static let credentials = Code(.credentials)
        /// The source asked us to slow down; see ``ProviderError/retryAfter``.
        public static let rateLimited = Code(.rateLimited)
        /// The source cannot be reached or is failing (network, 5xx, missing or unreadable database).
        public static let unavailable = Code(.unavailable)
        /// The source did not answer in time.
        public static let timeout = Code(.timeout)
        /// The source answered with something that cannot be understood (corrupt file, bad JSON).
        public static let malformedResponse = Code(.malformedResponse)
        /// The lookup was cancelled.
        public static let cancelled = Code(.cancelled)
        /// The lookup ran offline (`--offline`) and this online provider's answer is not in the cache.
        public static let offline = Code(.offline)

        /// Failures a stored answer may stand in for: the source is down, slow, throttling or talking nonsense,
        /// or the lookup is offline.
        public var isTransient: Bool {
            self == .unavailable || self == .timeout || self == .rateLimited || self == .malformedResponse
                || self == .offline
        }

        /// A stable, kebab-case name used in JSON output.
        public var description: String { base.rawValue }
    }

    public var code: Code
    /// The provider that failed.
    public var provider: ProviderID
    /// What happened and, where it helps, what to do, as one line.
    public var message: String
    /// For ``Code/rateLimited``: how long the source asked us to wait.
    public var retryAfter: Duration?
    /// The URL or file involved, when there is one.
    public var location: String?
    /// The HTTP status, for online providers.
    public var httpStatus: Int?
    /// A short excerpt of a malformed response.
    public var excerpt: String?
    /// The lower-level error this wraps, described (shown under `--verbose`).
    public var underlying: String?
    /// What happened, as data, for a consumer that says it in the user's language; ``message`` stays the one
    /// English line JSON documents and logs carry. `nil` where only the message says it.
    public var reason: Reason?

    public init(
        _ code: Code,
        provider: ProviderID,
        message: String,
        retryAfter: Duration? = nil,
        location: String? = nil,
        httpStatus: Int? = nil,
        excerpt: String? = nil,
        underlying: String? = nil,
        reason: Reason? = nil
    ) {
        self.code = code
        self.provider = provider
        self.message = message
        self.retryAfter = retryAfter
        self.location = location
        self.httpStatus = httpStatus
        self.excerpt = excerpt
        self.underlying = underlying
        self.reason = reason
    }

    /// One line: `provider: message`.
    public var description: String { "\(provider): \(message)" }

    /// Wraps any error thrown while serving `provider` into a ``ProviderError``.
    ///
    /// A ``ProviderError`` passes through unchanged, cancellation becomes ``Code/cancelled``, a ``QueryError``
    /// becomes ``Code/invalidQuery``, and anything else becomes ``Code/unavailable`` with its description kept.
    public static func wrapping(_ error: any Error, provider: ProviderID) -> ProviderError {
        switch error {
        case let error as ProviderError:
            return error
        case is CancellationError:
            return ProviderError(.cancelled, provider: provider, message: "cancelled", reason: .cancelled)
        case let error as QueryError:
            return ProviderError(.invalidQuery, provider: provider, message: error.description)
        default:
            return ProviderError(
                .unavailable, provider: provider, message: "failed: \(error)", underlying: String(reflecting: error)
            )
        }
    }
}

extension ProviderError {
    /// What went wrong, with the facts a message needs and no words: the consumer (the CLI) phrases it in the
    /// user's language. New cases may be added; a consumer falls back to ``ProviderError/message`` for one it does
    /// not know only if it switches with a default; the CLI's switch is exhaustive on purpose.
    public enum Reason: Sendable, Hashable {
        /// The host name does not resolve: offline, or a wrong endpoint.
        case hostNotFound(host: String)
        /// Nothing listens at the address: the connection was refused.
        case connectionRefused(address: String)
        /// The connection broke off before a whole answer came (closed or reset by the other side).
        case connectionClosed(address: String)
        /// The network is unreachable or the connection failed for another reason (the system's words are in
        /// ``ProviderError/underlying``).
        case unreachable(address: String)
        /// The source did not answer within `seconds`.
        case timedOut(host: String, seconds: Duration)
        /// The lookup's deadline ran out while the provider was still working.
        case noAnswerWithin(seconds: Duration)
        /// The lookup's deadline had passed before the provider's turn came.
        case deadlinePassed
        /// The source answered with a failing HTTP status (5xx, or another one a provider does not expect).
        case httpStatus(host: String, status: Int)
        /// The source is rate-limiting us (HTTP 429), or asked us earlier to wait; try again after `retryAfter`.
        case rateLimited(host: String, retryAfter: Duration?)
        /// The source refused the key or secret (HTTP 401/403).
        case credentialsRefused(host: String)
        /// An HTML page came instead of the data: the service is down or the endpoint is wrong.
        case htmlPage(host: String, status: Int)
        /// A 2xx answer with an empty body.
        case emptyBody(host: String, status: Int)
        /// The answer is not the JSON expected (truncated, or the format changed).
        case unexpectedData(host: String)
        /// The answer is larger than the `limit`-byte cap and was cut off.
        case tooLarge(host: String, limit: Int)
        /// Redirected too many times, or to somewhere that cannot be followed.
        case badRedirect(host: String)
        /// A key would have gone over plain http to a host that is not this machine.
        case plainHTTPCredentials(host: String)
        /// The request or the lookup was cancelled.
        case cancelled
    }
}

/// A duration in seconds as messages show it, to a tenth: `5`, `0.5`; 0.99998 s left of a deadline reads `1`, not `1.0`.
public func secondsText(_ duration: Duration) -> String {
    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    let tenths = (seconds * 10).rounded() / 10
    return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
}
