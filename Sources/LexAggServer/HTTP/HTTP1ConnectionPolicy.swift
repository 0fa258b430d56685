import HTTPTypes
import NIOCore
import NIOHTTP1

/// What Hummingbird's HTTP/1 handling leaves to the server, done where NIO's decoder hands a request over (the
/// protocol version and the parser's errors are gone once it is converted to HTTP types):
///
/// 1. A request the parser refuses, when no response is owed on the connection, is answered here in lexagg's JSON
///    error shape, then the connection's output is closed and the rest it sends is read and dropped (closing with
///    unread bytes would reset the connection before the client read the answer): header fields over
///    ``HTTPServerSettings/maxHeaderBytes`` are 431 Request Header Fields Too Large (RFC 6585), anything else 400
///    saying what was wrong. (Hummingbird answered every one with a bare 400.)
/// 2. A request whose connection is not to be kept (HTTP/1.0 without `Connection: keep-alive`, HTTP/1.1 with
///    `Connection: close` in any case or list) reaches Hummingbird as `Connection: close`, the only spelling it
///    acts on, so it closes after the response; the response says `Connection: close` too (RFC 9112 §9.3, §9.6).
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
    /// For each request read whose response has not started: whether the connection closes after it.
    private var closing = CircularBuffer<Bool>()

    init(maxHeaderBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else { return context.fireChannelRead(data) }
        unanswered += 1
        let closes = !head.isKeepAlive
        closing.append(closes)
        if closes { head.headers.replaceOrAdd(name: "connection", value: "close") }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            if closing.popFirst() == true {
                head.headers.replaceOrAdd(name: "connection", value: "close")
                return context.write(wrapOutboundOut(.head(head)), promise: promise)
            }
        case .body:
            break
        case .end:
            unanswered -= 1
        }
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
