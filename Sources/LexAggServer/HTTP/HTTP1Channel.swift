import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with ``HTTP1ConnectionPolicy`` between NIO's request decoder and the conversion to
/// HTTP types, where the protocol version and the parser's errors can still be seen.
struct PolicedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let settings: HTTPServerSettings

    /// The server builder for `Application(server:)`.
    static func builder(settings: HTTPServerSettings, idleTimeout: TimeAmount) -> HTTPServerBuilder {
        HTTPServerBuilder { responder in
            let header = settings.maxHeaderBytes
            let configuration = HTTP1Channel.Configuration(
                idleTimeout: idleTimeout,
                httpDecoderConfiguration: .init(maxHeaderFieldSize: header, maxHeaderListSize: header)
            )
            return PolicedHTTP1Channel(base: HTTP1Channel(responder: responder, configuration: configuration), settings: settings)
        }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(HTTP1ConnectionPolicy(maxHeaderBytes: settings.maxHeaderBytes), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
