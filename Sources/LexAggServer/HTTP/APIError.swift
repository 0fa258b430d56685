#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Hummingbird
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import NIOCore

/// Every way a request can fail, and the one place that maps each to an HTTP status (README.md, "serve http"):
///
/// | code                 | status | when |
/// |----------------------|--------|------|
/// | `invalid-request`    | 400    | a missing or bad parameter, an invalid word, an unknown provider, contradictory options |
/// | `unauthorized`       | 401    | `--token` is set and the request has no matching `Authorization: Bearer` |
/// | `not-found`          | 404    | no such route (a lookup that finds nothing answers its document with 404) |
/// | `method-not-allowed` | 405    | a route asked with a method other than GET or HEAD (`Allow: GET, HEAD`) |
/// | `request-too-large`  | 413/414| a body or a request line over the limits |
/// | `headers-too-large`  | 431    | header fields over the limit (``HTTPServerSettings/maxHeaderBytes``) |
/// | `rate-limited`       | 429    | the client's rate limit, or every provider asked was rate limited (`Retry-After`) |
/// | `providers-failed`   | 502    | every provider asked failed with a bad answer (malformed, refused credentials) |
/// | `unavailable`        | 503    | every provider failed transiently (down, timeout, offline), nothing usable, or too many lookups at once |
///
/// Errors of lexagg's own routes are `{"schemaVersion": 2, "error": {"code", "message", "status", "retryAfterSeconds"?}}`;
/// the dictionaryapi.dev-compatible route answers in that API's shapes (``DictionaryAPIError``).
public struct APIError: Error, Sendable, Hashable {
    public struct Code: RawRepresentable, Sendable, Hashable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let invalidRequest = Code(rawValue: "invalid-request")
        public static let unauthorized = Code(rawValue: "unauthorized")
        public static let notFound = Code(rawValue: "not-found")
        public static let methodNotAllowed = Code(rawValue: "method-not-allowed")
        public static let requestTooLarge = Code(rawValue: "request-too-large")
        public static let uriTooLong = Code(rawValue: "uri-too-long")
        public static let headersTooLarge = Code(rawValue: "headers-too-large")
        public static let rateLimited = Code(rawValue: "rate-limited")
        public static let providersFailed = Code(rawValue: "providers-failed")
        public static let unavailable = Code(rawValue: "unavailable")
        public static let busy = Code(rawValue: "busy")
        public static let internalError = Code(rawValue: "internal-error")

        /// Every code, in the table's order (what `/openapi.json` lists).
        public static let all: [Code] = [
            .invalidRequest, .unauthorized, .notFound, .methodNotAllowed, .requestTooLarge, .uriTooLong, .headersTooLarge,
            .rateLimited, .providersFailed, .unavailable, .busy, .internalError,
        ]
    }

    public var code: Code
    public var message: String
    /// For 429 and 503: how long the client should wait, in whole seconds.
    public var retryAfter: Int?

    public init(_ code: Code, _ message: String, retryAfter: Int? = nil) {
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    /// The status of each code: the one mapping.
    public var status: HTTPResponse.Status {
        switch code {
        case .invalidRequest: .badRequest
        case .unauthorized: .unauthorized
        case .notFound: .notFound
        case .methodNotAllowed: .methodNotAllowed
        case .requestTooLarge: .contentTooLarge
        case .uriTooLong: .uriTooLong
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .rateLimited: .tooManyRequests
        case .providersFailed: .badGateway
        case .unavailable, .busy: .serviceUnavailable
        default: .internalServerError
        }
    }

    // MARK: From the lookup service

    /// The service's refusal: a bad request (unknown provider, no provider for the language) is 400, nothing
    /// usable here is 503.
    public init(_ error: LookupServiceError) {
        self.init(error.kind == .invalidRequest ? .invalidRequest : .unavailable, error.message)
    }

    /// When every provider asked failed: rate limited (all of them) 429, a bad answer from any 502, else 503.
    /// `nil` when at least one provider answered (found or not).
    public static func providersFailed(_ failures: [ProviderError], asked: Int) -> APIError? {
        guard asked > 0, failures.count == asked else { return nil }
        let summary = failures.map { "\($0.provider): \($0.message)" }.joined(separator: "; ")
        if failures.allSatisfy({ $0.code == .rateLimited }) {
            let wait = failures.compactMap(\.retryAfter).map { Int($0.components.seconds) + 1 }.max() ?? 60
            return APIError(.rateLimited, "every provider asked is rate limiting lexagg: \(summary)", retryAfter: wait)
        }
        if failures.contains(where: { $0.code == .malformedResponse || $0.code == .credentials }) {
            return APIError(.providersFailed, "every provider asked failed: \(summary)")
        }
        if failures.allSatisfy({ $0.code == .invalidQuery }) {
            return APIError(.invalidRequest, summary)
        }
        if failures.allSatisfy({ $0.code == .unsupportedLanguage }) {
            return APIError(.invalidRequest, "no provider asked covers this language: \(summary)")
        }
        // Left out by `offline=` alone: asking again will not help, so no `Retry-After`.
        let retry = failures.allSatisfy({ $0.code == .offline }) ? nil : 5
        return APIError(.unavailable, "every provider asked failed: \(summary)", retryAfter: retry)
    }

    // MARK: Rendering

    /// The JSON body of lexagg's own routes.
    struct Body: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var error: Detail
        struct Detail: Encodable {
            var code: String
            var message: String
            var status: Int
            var retryAfterSeconds: Int?
        }
    }

    /// The error as lexagg's own JSON, with `Retry-After` (429/503) and `WWW-Authenticate` (401).
    func response() -> Response {
        JSONResponse.make(status: status, json: jsonBody, headers: headers)
    }

    /// The body of ``response()``.
    var jsonBody: String {
        JSONOutput.encodeCompact(Body(error: .init(code: code.rawValue, message: message, status: status.code, retryAfterSeconds: retryAfter)))
    }

    var headers: HTTPFields {
        var headers = HTTPFields()
        if let retryAfter {
            headers[.retryAfter] = String(retryAfter)
            // Not a header a page's script may read unless it is named (Fetch, "CORS-safelisted response header").
            headers[.accessControlExposeHeaders] = "Retry-After"
        }
        if code == .unauthorized { headers[.wwwAuthenticate] = #"Bearer realm="lexagg""# }
        if code == .methodNotAllowed { headers[.allow] = "GET, HEAD" }
        return headers
    }
}

/// JSON bodies as responses.
enum JSONResponse {
    static func make(status: HTTPResponse.Status = .ok, json: String, headers: HTTPFields = HTTPFields()) -> Response {
        make(status: status, body: ByteBuffer(string: json), headers: headers)
    }

    /// A JSON body already in bytes (a body the memo keeps: sent as it is, not copied).
    static func make(status: HTTPResponse.Status = .ok, body: ByteBuffer, headers: HTTPFields = HTTPFields()) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.accessControlAllowOrigin] = "*"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}
