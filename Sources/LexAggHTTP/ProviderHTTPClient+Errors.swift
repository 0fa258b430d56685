#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import Logging

/// How the client turns every failure into one ``LexAggCore/ProviderError``: the transport's errors mapped to codes
/// and reasons (the network library's own description only as `underlying`, for `--verbose`), the policy's and body
/// checks' failures with the response's context, secrets scrubbed and each failure logged once.
extension ProviderHTTPClient {
    func map(_ error: any Error, url: String) -> ProviderError {
        if Task.isCancelled { return cancelled(url) }
        let location = Redaction.url(url)
        let host = endpoint.baseURL?.host ?? "the service"
        switch error {
        case let error as ProviderError:
            return error
        case is TimedOut, HTTPTransportError.timeout:
            return ProviderError(
                .timeout, provider: provider,
                message: "\(host) did not answer within \(ProviderHTTPClient.seconds(configuration.timeout)) s",
                location: location, reason: .timedOut(host: host, seconds: configuration.timeout)
            )
        case HTTPTransportError.bodyTooLarge(let limit):
            return ProviderError(
                .malformedResponse, provider: provider,
                message: "the response from \(host) is larger than the \(limit)-byte limit; it was cut off",
                location: location, reason: .tooLarge(host: host, limit: limit)
            )
        case HTTPTransportError.cancelled, is CancellationError:
            return cancelled(url)
        case HTTPTransportError.invalidURL:
            return ProviderError(
                .unavailable, provider: provider, message: "cannot request \(location)", location: location,
                reason: .unreachable(address: host)
            )
        default:
            let address = endpoint.baseURL?.authority ?? host
            let text = "\(error)"
            return ProviderError(
                .unavailable, provider: provider,
                message: "cannot reach \(address): \(text)",
                location: location, underlying: (error as? HTTPConnectionFailure)?.detail ?? String(reflecting: error),
                reason: ConnectionErrorText.reason(text, host: host, address: address)
            )
        }
    }

    func cancelled(_ url: String) -> ProviderError {
        ProviderError(
            .cancelled, provider: provider, message: "the request was cancelled", location: Redaction.url(url),
            reason: .cancelled
        )
    }

    // MARK: - Errors

    /// The error for a failure the policy or the body checks found, with the response's context.
    func failed(
        _ failure: ResponseFailure, response: HTTPResponseData, url: String, secrets: [String],
        underlying: String? = nil
    ) -> ProviderError {
        let error = ProviderError(
            failure.code, provider: provider, message: failure.message, retryAfter: failure.retryAfter,
            location: Redaction.url(url), httpStatus: response.status,
            excerpt: response.body.isEmpty ? nil : ProviderHTTPClient.excerpt(response.body),
            underlying: underlying, reason: failure.reason
        )
        return report(error, secrets: secrets)
    }

    /// `error` with every secret scrubbed, logged once: `.info` for cancellation, `.warning` otherwise.
    func report(_ error: ProviderError, secrets: [String], elapsed: Int? = nil) -> ProviderError {
        var error = error
        error.message = Redaction.scrub(error.message, secrets: secrets)
        error.location = error.location.map { Redaction.scrub($0, secrets: secrets) }
        error.excerpt = error.excerpt.map { Redaction.scrub($0, secrets: secrets) }
        error.underlying = error.underlying.map { Redaction.scrub($0, secrets: secrets) }
        var metadata: Logger.Metadata = ["code": "\(error.code)"]
        if let location = error.location { metadata["url"] = "\(location)" }
        if let status = error.httpStatus { metadata["status"] = "\(status)" }
        if let elapsed { metadata["ms"] = "\(elapsed)" }
        if let underlying = error.underlying { metadata["cause"] = "\(underlying)" }
        let level: Logger.Level = error.code == .cancelled ? .info : .warning
        logger.log(level: level, Logger.Message(stringLiteral: error.message), metadata: metadata)
        return error
    }

    // MARK: - Helpers

    /// A short, printable excerpt of a body for error messages.
    public static func excerpt(_ body: [UInt8], limit: Int = 160) -> String {
        let text = String(decoding: body.prefix(limit * 4), as: UTF8.self)
        let flat = text.map { $0.isNewline ? " " : $0 }
        let clipped = String(flat.prefix(limit))
        return clipped.count < text.count ? clipped + "…" : clipped
    }

    /// The first byte that is not white space.
    static func firstByte(of body: [UInt8]) -> UInt8? {
        body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
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
        // In the body's terms, not Swift's ("Expected to decode Dictionary<String, Any> but found number instead").
        case DecodingError.typeMismatch(let type, let context):
            return "\(field(context.codingPath)) is not \(kind(of: type))"
        case DecodingError.valueNotFound(_, let context): return "\(field(context.codingPath)) is null"
        default: return String(describing: error)
        }
    }

    /// `'parse.wikitext'`, `'meanings[0].definitions'`; "the body" for the top level.
    static func field(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the body" }
        var text = ""
        for key in path {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return "'\(text)'"
    }

    /// What a JSON value of the Swift type `type` is called.
    static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type, is Int64.Type, is UInt.Type, is Float.Type: "a number"
        default:
            String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}
