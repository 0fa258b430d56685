import HTTPTypes
import NIOCore
import NIOHTTP1

/// What Hummingbird's HTTP/1 handling leaves to the server, done where NIO's decoder hands a request over (the
/// parser's errors are gone once it is converted to HTTP types): a request the parser refuses, when no response is
/// owed on the connection, is answered here in lexagg's JSON error shape, then the connection's output is closed and the rest it sends is read and dropped (closing with
/// unread bytes would reset the connection before the client read the answer): header fields over
/// ``HTTPServerSettings/maxHeaderBytes`` are 431 Request Header Fields Too Large (RFC 6585), anything else 400
/// saying what was wrong. (Hummingbird answered every one with a bare 400.)
final class HTTP1ConnectionPolicy: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let maxHeaderBytes: Int
    /// Requests read and not yet answered in full.
    private var unanswered = 0
    /// Whether a refusal was written: what the client sends after it is dropped.
    private var refused = false

    init(maxHeaderBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head = unwrapInboundIn(data) { unanswered += 1 }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { unanswered -= 1 }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if refused { return }  // the bytes after the refused request, dropped by the decoder
        guard let parserError = error as? HTTPParserError, unanswered == 0 else { return context.fireErrorCaught(error) }
        refused = true
        let tooLarge = if case .headerOverflow = parserError { true } else { false }
        let refusal = tooLarge
            ? APIError(.headersTooLarge, "the request's header fields are over the limit of \(maxHeaderBytes) bytes")
            : APIError(.invalidRequest, Self.explanation(parserError))
        let body = ByteBuffer(string: refusal.jsonBody)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Access-Control-Allow-Origin", value: "*")
        headers.add(name: "Connection", value: "close")
        let status = HTTPResponseStatus(statusCode: refusal.status.code, reasonPhrase: refusal.status.reasonPhrase)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        context.close(mode: .output, promise: nil)
    }

    /// What was wrong with a request the parser refused, and what to send instead.
    static func explanation(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidURL, .invalidCharactersUsed, .invalidPath, .invalidQueryString, .invalidFragment:
            "the request line is not valid HTTP: its target must be ASCII (RFC 9112 §3.2); percent-encode other "
                + "characters as UTF-8, e.g. /api/v2/entries/en/caf%C3%A9 for café"
        default:
            "the request is not valid HTTP/1.1 (\(error))"
        }
    }
}
