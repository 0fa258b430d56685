import AsyncHTTPClient
import LexAggCore
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOSSL
import Synchronization

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
        let authority = UnresolvedHosts.authority(of: request.url)
        if let failure = UnresolvedHosts.shared.recentFailure(for: authority) { throw failure }
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
            let translated = Self.translate(error, request: request)
            if let failure = translated as? HTTPConnectionFailure, ConnectionErrorText.kind(of: failure.text) == .hostNotFound {
                UnresolvedHosts.shared.remember(failure, for: authority)
            }
            throw translated
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

/// Host names that could not be resolved in the last few seconds, and why: a request to one fails at once with the
/// same failure instead of asking the resolver again. Without network, a batch asked it twice a word for each
/// online source; a resolver that answers most queries at once but drops one now and then (one in twenty-five
/// here) made that word wait out the resolver's own 5 s timeout, and the lookup its deadline. Five seconds: short
/// enough that a server whose resolver failed once (a dropped query looks like a missing name) asks again soon.
final class UnresolvedHosts: Sendable {
    static let shared = UnresolvedHosts()
    static let memory: Duration = .seconds(5)

    private let failures = Mutex<[String: (at: ContinuousClock.Instant, failure: HTTPConnectionFailure)]>([:])

    /// `host[:port]` of an absolute URL (`https://en.wiktionary.org/w/api.php` → `en.wiktionary.org`).
    static func authority(of url: String) -> String {
        let bytes = Array(url.utf8)
        var start = 0
        while start + 2 < bytes.count, !(bytes[start] == 0x3A && bytes[start + 1] == 0x2F && bytes[start + 2] == 0x2F) { start += 1 }
        start = start + 2 < bytes.count ? start + 3 : 0  // after "://"
        var end = start
        while end < bytes.count, bytes[end] != 0x2F, bytes[end] != 0x3F, bytes[end] != 0x23 { end += 1 }  // / ? #
        return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
    }

    func recentFailure(for authority: String, now: ContinuousClock.Instant = .now) -> HTTPConnectionFailure? {
        failures.withLock { failures in
            guard let (at, failure) = failures[authority] else { return nil }
            guard at.duration(to: now) < Self.memory else {
                failures[authority] = nil
                return nil
            }
            return failure
        }
    }

    func remember(_ failure: HTTPConnectionFailure, for authority: String, now: ContinuousClock.Instant = .now) {
        var remembered = failure
        remembered.detail += " (remembered for \(Self.memory.components.seconds) s: requests to \(authority) fail at once meanwhile)"
        failures.withLock { $0[authority] = (now, remembered) }
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
