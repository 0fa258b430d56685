import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// The default ``HTTPTransport``, over AsyncHTTPClient.
///
/// Creating one is free: the underlying `HTTPClient` (and its event loops) is created once per process, on the
/// first request, and never shut down. Responses may be gzip- or deflate-compressed; they are decompressed
/// before the body limit applies. Redirects are not followed: a 3xx comes back as it is (see
/// ``ProviderHTTPClient``).
public struct AsyncHTTPClientTransport: HTTPTransport {
    public init() {}

    public func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
        if Task.isCancelled { throw HTTPTransportError.cancelled }
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = .GET
        for field in request.headers { outgoing.headers.add(name: field.name, value: field.value) }
        if !outgoing.headers.contains(name: "Accept-Encoding") {
            outgoing.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        let nanoseconds = request.timeout.components.seconds * 1_000_000_000
            + request.timeout.components.attoseconds / 1_000_000_000
        do {
            let response = try await SharedClient.client.execute(outgoing, timeout: .nanoseconds(nanoseconds))
            let body = try await response.body.collect(upTo: request.maximumBodyBytes)
            return HTTPResponseData(
                status: Int(response.status.code),
                headers: response.headers.map { HTTPField($0.name, $0.value) },
                body: Array(body.readableBytesView)
            )
        } catch {
            throw Self.translate(error, request: request)
        }
    }

    static func translate(_ error: any Error, request: HTTPRequestSpec) -> any Error {
        if Task.isCancelled || error is CancellationError { return HTTPTransportError.cancelled }
        if error is NIOTooManyBytesError { return HTTPTransportError.bodyTooLarge(limit: request.maximumBodyBytes) }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout, .connectTimeout, .tlsHandshakeTimeout:
                return HTTPTransportError.timeout
            case .cancelled:
                return HTTPTransportError.cancelled
            case .invalidURL, .emptyHost, .emptyScheme:
                return HTTPTransportError.invalidURL(request.url)
            default:
                return HTTPConnectionFailure(text: ConnectionErrorText.describe(error), detail: String(reflecting: error))
            }
        }
        if error is NIOHTTPDecompression.DecompressionError {
            return HTTPTransportError.bodyTooLarge(limit: request.maximumBodyBytes)
        }
        return HTTPConnectionFailure(text: ConnectionErrorText.describe(error), detail: String(reflecting: error))
    }
}

/// The process-wide client, created on first use (a `static let` is initialised lazily and exactly once).
private enum SharedClient {
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        // Redirects come back as responses: ProviderHTTPClient follows them itself, so that credentials
        // (`X-Secret`, not only the `Authorization` and `Cookie` AsyncHTTPClient strips) never reach another origin.
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(30))
        configuration.decompression = .enabled(limit: .ratio(200))
        // A failed connection (no network, unknown host, refused) fails the request at once instead of being
        // retried with back-off until the connect timeout: an offline lookup must not wait 10 s per source.
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
