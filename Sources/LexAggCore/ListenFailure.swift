#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A server that could not start listening — its port in use, a port below 1024 without the right to it, an address
/// not this machine's — said in words with the port it concerns (`serve http --dict-port` starts two servers), not as
/// the socket library's own error (`bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`).
public struct ListenFailure: Error, Sendable, CustomStringConvertible {
    /// `HTTP`, `DICT`.
    public let service: String
    public let host: String
    public let port: Int
    /// The system's error number.
    public let code: Int32

    public init(service: String, host: String, port: Int, code: Int32) {
        self.service = service
        self.host = host
        self.port = port
        self.code = code
    }

    /// `127.0.0.1:2628 (DICT)`, `[::1]:2628 (DICT)`.
    public var address: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port) (\(service))" }

    /// What went wrong and what to do.
    public var reason: String {
        switch code {
        case EADDRINUSE: "the port is already in use (another server listens there); choose another port"
        case EACCES: "no permission to listen on that port (below 1024 needs privileges); choose a port from 1024 up"
        case EADDRNOTAVAIL: "the address is not one of this machine's"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    public var description: String { "\(service) cannot listen on \(host):\(port): \(reason)" }

    /// Whether `host` is an address or a name that resolves: one that does not made the server fail with the socket
    /// library's own words (`SocketAddressError.UnknownHost: Name or service not known`).
    public static func resolves(_ host: String) -> Bool {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &found) == 0 else { return false }
        freeaddrinfo(found)
        return true
    }

    /// Whether `host`:`port` can be listened on now, tried with a socket bound and closed at once: a command that
    /// starts two servers asks before starting either, so that one whose port is taken does not start the other
    /// only to stop it. nil when it can (or port 0, any free one), or when `host` does not resolve (the server says).
    public static func probe(service: String, host: String, port: Int) -> ListenFailure? {
        guard port > 0 else { return nil }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        #if canImport(Glibc) || canImport(Musl)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else { return nil }
        defer { freeaddrinfo(found) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var on: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            return ListenFailure(service: service, host: host, port: port, code: errno)
        }
        return nil
    }
}
