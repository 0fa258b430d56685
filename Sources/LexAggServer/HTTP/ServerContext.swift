import Hummingbird
import NIOCore

/// The request context of `serve http`: Hummingbird's core storage and the client's address (for the rate limit and
/// the access log).
public struct ServerContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The peer of the connection; `nil` only for contexts not made from a channel.
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's address as a rate-limit key: the IP address without the port.
    var clientKey: String {
        remoteAddress?.ipAddress ?? remoteAddress?.description ?? "unknown"
    }

    /// Every route answers GET; a body is never read, so none may be large.
    public var maxUploadSize: Int { 8192 }
}
