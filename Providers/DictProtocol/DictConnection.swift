import NIOCore
import NIOExtras
import NIOPosix

/// One TCP exchange with a DICT server: connect, write the whole request at once, read lines until the
/// server closes the connection (it does after `QUIT`), all within the configured timeout.
enum DictConnection {
    enum Failure: Error {
        case timedOut
        case tooLarge
        /// The server closed the connection without a word.
        case closedWithoutReply
    }

    static func exchange(_ request: String, with configuration: DictServer.Configuration) async throws -> [String] {
        try await withThrowingTaskGroup(of: [String].self) { group in
            group.addTask { @concurrent in
                try await read(request, configuration: configuration)
            }
            group.addTask { @concurrent in
                try await Task.sleep(for: configuration.timeout)
                throw Failure.timedOut
            }
            defer { group.cancelAll() }
            guard let lines = try await group.next() else { throw Failure.timedOut }
            return lines
        }
    }

    private static func read(_ request: String, configuration: DictServer.Configuration) async throws -> [String] {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(.nanoseconds(Int64(configuration.timeout.components.seconds) * 1_000_000_000
                + configuration.timeout.components.attoseconds / 1_000_000_000))
            .connect(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineBasedFrameDecoder()))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            // A server may answer and hang up before reading what we sent (a 530 banner): a failed write is
            // not the end; what it said is read below and judged by the transcript parser.
            let sent: (any Error)?
            do { try await outbound.write(ByteBuffer(string: request)); sent = nil } catch { sent = error }
            var lines: [String] = []
            var total = 0
            do {
                for try await var buffer in inbound {
                    total += buffer.readableBytes + 1
                    if total > configuration.maximumReplyBytes { throw Failure.tooLarge }
                    var line = buffer.readString(length: buffer.readableBytes) ?? ""
                    if line.hasSuffix("\r") { line.removeLast() }
                    lines.append(line)
                    if line.hasPrefix("221") { break }
                }
            } catch let error as Failure {
                throw error
            } catch {
                // A reset after the server spoke ends the transcript; one before it is a connection failure.
                if lines.isEmpty { throw sent ?? error }
            }
            if lines.isEmpty { throw sent ?? Failure.closedWithoutReply }
            return lines
        }
    }
}
