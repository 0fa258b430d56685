import NIOCore

/// One line a client sent: a command line, or the news that it was longer than the limit (and was dropped).
enum DICTInput: Equatable, Sendable {
    case line(String)
    case tooLong
}

/// Splits the bytes a client sends into lines (CRLF or LF), and passes on every complete line that one read brought
/// as a batch, so pipelined commands are answered with one write for the batch.
///
/// A line longer than the limit is dropped up to its end and reported as ``DICTInput/tooLong``; the lines after it
/// are read as usual. Nothing in the input buffer is ever lost (RFC 2229 §4).
final class DICTLineFramer: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = [DICTInput]

    private let maximumBytes: Int
    private let maximumCharacters: Int
    private var partial: ByteBuffer?
    private var discarding = false
    private var batch: [DICTInput] = []

    init(maximumBytes: Int, maximumCharacters: Int) {
        self.maximumBytes = maximumBytes
        self.maximumCharacters = maximumCharacters
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        while let newline = incoming.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) {
            let length = newline - incoming.readerIndex
            var slice = incoming.readSlice(length: length)!
            incoming.moveReaderIndex(forwardBy: 1)
            if discarding {
                discarding = false
                partial = nil
                continue
            }
            if var pending = partial {
                pending.writeBuffer(&slice)
                slice = pending
                partial = nil
            }
            batch.append(line(slice))
        }
        guard incoming.readableBytes > 0, !discarding else { return }
        if partial == nil {
            partial = incoming
        } else {
            partial!.writeBuffer(&incoming)
        }
        if partial!.readableBytes > maximumBytes {
            batch.append(.tooLong)
            partial = nil
            discarding = true
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if !batch.isEmpty {
            let lines = batch
            batch = []
            context.fireChannelRead(wrapInboundOut(lines))
        }
        context.fireChannelReadComplete()
    }

    private func line(_ bytes: ByteBuffer) -> DICTInput {
        guard bytes.readableBytes <= maximumBytes else { return .tooLong }
        var view = bytes.readableBytesView[...]
        if view.last == UInt8(ascii: "\r") { view = view.dropLast() }
        let text = String(decoding: view, as: UTF8.self)
        return text.count > maximumCharacters ? .tooLong : .line(text)
    }
}

/// Ends a connection that has sent nothing for the idle time: `421`, then close.
final class DICTIdleCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        var buffer = context.channel.allocator.buffer(capacity: 64)
        buffer.writeString("421 Idle timeout, closing the connection\r\n")
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(buffer)).whenComplete { _ in channel.close(promise: nil) }
    }
}
