#if canImport(Glibc)
import Glibc
#endif
import AsyncHTTPClient
import LexAggCore
import NIOCore
import NIOPosix

/// Short, human reasons for network failures ("cannot resolve host …", "Connection refused"), without the
/// nested detail NIO and AsyncHTTPClient wrap them in (`NIOConnectionError(…)`, `remoteConnectionClosed`). Shared by
/// every provider that opens connections. The English text goes into ``LexAggCore/ProviderError/message``; the
/// ``Kind`` lets a consumer say the same in the user's language (``reason(_:address:)``).
public enum ConnectionErrorText {
    /// What kind of network failure a text describes.
    public enum Kind: Sendable, Hashable {
        case hostNotFound, refused, closed, other
    }

    public static func describe(_ error: any Error) -> String {
        switch error {
        case let error as NIOConnectionError:
            if let failure = error.connectionErrors.last { return describe(failure.error) }
            if error.dnsAError != nil || error.dnsAAAAError != nil {
                return "cannot resolve the host name \(error.host) (offline, or a wrong endpoint?)"
            }
            return "cannot connect to \(error.host):\(error.port)"
        case let error as SocketAddressError:
            if case .unknown(let host, _) = error {
                return "cannot resolve the host name \(host) (offline, or a wrong endpoint?)"
            }
            return "the address cannot be used"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode))
        case let error as HTTPClientError:
            switch error {
            case .remoteConnectionClosed, .uncleanShutdown, .bodyLengthMismatch:
                return closedText
            case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
                 .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
                return "no answer in time"
            default:
                return "the HTTP exchange failed"
            }
        case is ChannelError:
            return closedText
        default:
            let text = String(describing: error)
            // AsyncHTTPClient reports resolver failures as text.
            if text.contains("UnknownHost") || text.contains("Name or service not known") {
                return "cannot resolve the host name (offline, or a wrong endpoint?)"
            }
            // Anything else is the library's own wording (a type name and its fields): lexagg's words instead; the
            // original is kept for --verbose by the caller (`ProviderError.underlying`).
            return "the connection failed"
        }
    }

    /// The text that says the other side closed the connection before a whole answer came.
    static let closedText = "the connection was closed before the whole answer arrived"

    /// The kind of failure ``describe(_:)`` (or a transport's own `Connection refused`) described.
    public static func kind(of text: String) -> Kind {
        let lowered = text.lowercased()
        if lowered.contains("resolve the host name") { return .hostNotFound }
        if lowered.contains("refused") || lowered.hasPrefix("cannot connect to") { return .refused }
        if lowered.contains("closed") || lowered.contains("reset by peer") || lowered.contains("broken pipe") {
            return .closed
        }
        return .other
    }

    /// The reason a consumer phrases for a connection failure described by `text`, to `host` at `address`
    /// (`host:port`).
    public static func reason(_ text: String, host: String, address: String) -> ProviderError.Reason {
        switch kind(of: text) {
        case .hostNotFound: .hostNotFound(host: host)
        case .refused: .connectionRefused(address: address)
        case .closed: .connectionClosed(address: address)
        case .other: .unreachable(address: address)
        }
    }
}
