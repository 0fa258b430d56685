/// One GET a provider asks of its service: the path and query under the endpoint, extra header fields, and the
/// credentials to send.
///
/// Credentials are header fields the client treats as secrets: never logged, never sent over plain `http` to a
/// host other than loopback, dropped when a redirect leads to another origin, and scrubbed from error texts.
public struct ServiceRequest: Sendable {
    /// The path under the endpoint, starting with `/`, already encoded.
    public var path: String
    /// Query items, in order; names and values are percent-encoded by the client.
    public var query: [(String, String)]
    /// Extra header fields (the client sends `User-Agent` and `Accept` itself).
    public var headers: [HTTPField]
    /// Header fields that carry secrets (`X-Secret`, `Authorization`).
    public var credentials: [HTTPField]
    /// The `Accept` header.
    public var accept: String

    public init(
        _ path: String, query: [(String, String)] = [], headers: [HTTPField] = [], credentials: [HTTPField] = [],
        accept: String = "application/json"
    ) {
        self.path = path
        self.query = query
        self.headers = headers
        self.credentials = credentials
        self.accept = accept
    }
}
