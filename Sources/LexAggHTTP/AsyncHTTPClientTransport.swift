import AsyncHTTPClient
import LexAggCore
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOSSL

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
        if let directory = SystemTrustStore.hashedDirectory {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.trustRoots = .file(directory)
            configuration.tlsConfiguration = tls
        }
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}

/// The system's certificate authorities, read one at a time as a handshake needs them.
///
/// NIOSSL's default trust roots on Linux are the bundle file (`/etc/ssl/certs/ca-certificates.crt`): all ~140
/// certificates parsed when the first HTTPS connection is set up, 77 million instructions (about 20 ms here) in every
/// process that makes an HTTPS request, whether or not the connection ever happens (callgrind: `lookup serendipity`
/// with no network). The same certificates are in the trust store's directory, each also under its subject hash
/// (`<hash>.0`, written by `update-ca-certificates` or `c_rehash`), and BoringSSL, given the directory, reads only
/// the ones a chain needs. The directory is used when it has such names; otherwise NIOSSL's default is kept.
enum SystemTrustStore {
    /// The directories Debian, Ubuntu, Alpine, Arch and SUSE (`/etc/ssl/certs`) and Fedora (`/etc/pki/tls/certs`)
    /// keep their certificate authorities in.
    static let candidates = ["/etc/ssl/certs", "/etc/pki/tls/certs"]

    static let hashedDirectory: String? = candidates.first { directory in
        guard case .success(let names) = DirectoryListing.names(directory) else { return false }
        return names.contains(where: isHashName)
    }

    /// Whether `name` is an OpenSSL subject-hash name: eight hexadecimal digits, a dot, a number (`9d04f354.0`).
    static func isHashName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 10, bytes[8] == UInt8(ascii: "."), bytes[9...].allSatisfy({ (0x30...0x39).contains($0) })
        else { return false }
        return bytes[..<8].allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
