#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOPosix

/// Short, human reasons for network failures ("cannot resolve host …", "Connection refused"), without the
/// nested detail NIO and AsyncHTTPClient wrap them in. Shared by every provider that opens connections.
public enum ConnectionErrorText {
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
            return "\(error)"
        case let error as IOError:
            return String(cString: strerror(error.errnoCode))
        default:
            let text = String(describing: error)
            // AsyncHTTPClient reports resolver failures as text.
            if text.contains("UnknownHost") || text.contains("Name or service not known") {
                return "cannot resolve the host name (offline, or a wrong endpoint?)"
            }
            return text
        }
    }
}
