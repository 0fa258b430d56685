/// One HTTP request, as a provider describes it to a transport.
public struct HTTPRequestSpec: Sendable, Hashable {
    /// The absolute URL, already encoded.
    public var url: String
    /// Header fields, in order.
    public var headers: [HTTPField]
    /// How long the whole exchange may take, body included.
    public var timeout: Duration
    /// The largest body the transport accepts, in bytes (after decompression).
    public var maximumBodyBytes: Int

    public init(url: String, headers: [HTTPField] = [], timeout: Duration, maximumBodyBytes: Int) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// One header field.
public struct HTTPField: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A complete HTTP response: status, headers and the whole (decompressed) body.
public struct HTTPResponseData: Sendable, Hashable {
    public var status: Int
    public var headers: [HTTPField]
    public var body: [UInt8]

    public init(status: Int, headers: [HTTPField] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (compared case-insensitively).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

/// Sends HTTP GET requests. The only place lexagg touches the network.
///
/// ## Implementing a transport
/// Throw ``HTTPTransportError`` for failures the caller should tell apart (timeouts, refused connections,
/// bodies over the limit, cancellation); anything else is reported as the source being unavailable.
/// Honour task cancellation.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData
}

/// Failures a transport reports in a form ``ProviderHTTPClient`` can map to ``LexAggCore/ProviderError``.
public enum HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exchange did not finish in time.
    case timeout
    /// The body is larger than the request's ``HTTPRequestSpec/maximumBodyBytes``.
    case bodyTooLarge(limit: Int)
    /// The connection could not be made or broke off (refused, reset, closed early).
    case connection(String)
    /// The request was cancelled.
    case cancelled
    /// The URL cannot be requested.
    case invalidURL(String)

    public var description: String {
        switch self {
        case .timeout: "timed out"
        case .bodyTooLarge(let limit): "the response body is larger than the \(limit)-byte limit"
        case .connection(let detail): detail
        case .cancelled: "cancelled"
        case .invalidURL(let url): "invalid URL \(url)"
        }
    }
}

/// A connection that could not be made or broke off, in lexagg's words (``text``: "Connection refused", "the
/// connection was closed before the whole answer arrived") with the network library's own description (``detail``,
/// shown only under `--verbose`). What ``AsyncHTTPClientTransport`` throws where ``HTTPTransportError/connection(_:)``
/// would lose that detail.
public struct HTTPConnectionFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var text: String
    public var detail: String

    public init(text: String, detail: String) {
        self.text = text
        self.detail = detail
    }

    public var description: String { text }
}
