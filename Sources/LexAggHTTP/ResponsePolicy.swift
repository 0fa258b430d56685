#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// What a provider says about its service's answers beyond what HTTP itself says: which statuses mean "not
/// found", which statuses are the service's own errors, how to read its error bodies, and how long to leave the
/// host alone after a rate limit.
///
/// ``ProviderHTTPClient/fetch(_:as:policy:)`` applies it in this order:
/// 1. ``statuses``: a status the service documents (PONS's 403/404/503) becomes its failure;
/// 2. HTTP's own meaning: 429 → rate limited (with `Retry-After`), 401 → credentials, 5xx → unavailable;
/// 3. an HTML page where JSON belongs → unavailable (an outage page, a proxy, a captive portal);
/// 4. ``errorBody``: the service's error JSON (any status) → not found or a failure;
/// 5. ``notFound``: the status means an empty answer;
/// 6. any other non-2xx status → unavailable; an empty 2xx body → malformed (or not found, see
///    ``emptyBodyIsNotFound``); a body that does not decode → malformed, with an excerpt.
///
/// A failure with code ``LexAggCore/ProviderError/Code/rateLimited`` — from a 429, from ``statuses`` or from
/// ``errorBody`` — pauses the host for every client of the process: for its `retryAfter`, else for
/// ``rateLimitPause``. A short wait (up to the client's `maximumRetryWait`) is waited out and retried once.
public struct ResponsePolicy: Sendable {
    /// What an error body or a status means.
    public enum Verdict: Sendable {
        /// The word is not there: an empty answer.
        case notFound
        /// The request failed.
        case failure(ResponseFailure)
    }

    /// Statuses that mean "not found" (an empty answer), such as 204.
    public var notFound: Set<Int>
    /// The service's own statuses and the failures they stand for.
    public var statuses: [Int: ResponseFailure]
    /// Reads the service's error body; `nil` when the body is not one (the next rule applies).
    public var errorBody: ErrorBody?
    /// An empty 2xx body is an empty answer rather than a malformed response.
    public var emptyBodyIsNotFound: Bool
    /// How long to leave the host alone after a rate limit that names no wait.
    public var rateLimitPause: Duration

    public init(
        notFound: Set<Int> = [], statuses: [Int: ResponseFailure] = [:], errorBody: ErrorBody? = nil,
        emptyBodyIsNotFound: Bool = false, rateLimitPause: Duration = .seconds(1)
    ) {
        self.notFound = notFound
        self.statuses = statuses
        self.errorBody = errorBody
        self.emptyBodyIsNotFound = emptyBodyIsNotFound
        self.rateLimitPause = rateLimitPause
    }

    /// HTTP's meaning only.
    public static let standard = ResponsePolicy()

    /// A decoder for a service's error bodies.
    public struct ErrorBody: Sendable {
        let read: @Sendable (_ status: Int, _ body: [UInt8]) -> Verdict?

        /// Decodes the body as `type` (silently giving up when it does not decode) and asks `interpret` what it
        /// means for `status`; `interpret` returns `nil` when the body is not an error after all.
        public static func json<Body: Decodable & SendableMetatype>(
            _ type: Body.Type, _ interpret: @escaping @Sendable (_ status: Int, _ body: Body) -> Verdict?
        ) -> ErrorBody {
            ErrorBody { status, bytes in
                guard let body = try? JSONDecoder().decode(Body.self, from: Data(bytes)) else { return nil }
                return interpret(status, body)
            }
        }
    }
}

/// A failure a provider's ``ResponsePolicy`` declares; the client adds the provider, URL, status and excerpt.
public struct ResponseFailure: Error, Sendable, Hashable {
    public var code: ProviderError.Code
    /// What happened and what to do, as one line.
    public var message: String
    /// For rate limits: how long the service asked us to wait.
    public var retryAfter: Duration?
    /// The message as data, for a consumer that phrases it in the user's language (``LexAggCore/ProviderError/reason``).
    public var reason: ProviderError.Reason?

    public init(_ code: ProviderError.Code, _ message: String, retryAfter: Duration? = nil, reason: ProviderError.Reason? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
        self.reason = reason
    }
}
