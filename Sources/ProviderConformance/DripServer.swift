import NIOCore
import NIOPosix
import Synchronization

/// A loopback HTTP server for tests that answers every request with a `200` head and then sends its body one byte
/// at a time, one byte per `interval`: a "slow drip" that keeps a connection alive (so read timeouts never fire)
/// while the whole exchange takes far longer than any sensible request timeout.
///
/// Not for production use. Start one per test with ``start(interval:bodyBytes:)``, point the provider at
/// ``baseURL`` and ``shutdown()`` at the end; ``ReplayServer`` covers every other misbehaviour.
public final class DripServer: Sendable {
    /// The port the server listens on (127.0.0.1, chosen by the system).
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let channel: any Channel
    private let state: DripState

    private init(channel: any Channel, port: Int, state: DripState) {
        self.channel = channel
        self.port = port
        self.state = state
    }

    /// Starts a server whose responses declare `bodyBytes` of JSON (`[` and spaces) and send one byte per `interval`.
    public static func start(interval: Duration = .milliseconds(50), bodyBytes: Int = 100_000) async throws
        -> DripServer
    {
        let state = DripState()
        let nanoseconds = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        DripHandler(state: state, interval: .nanoseconds(nanoseconds), bodyBytes: bodyBytes)
                    )
                }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        guard let port = channel.localAddress?.port else {
            try? await channel.close()
            throw ReplayServerError.noPort
        }
        return DripServer(channel: channel, port: port, state: state)
    }

    /// How many requests have started to be answered.
    public var requestCount: Int { state.requests.withLock { $0 } }

    /// Stops listening and closes every open connection.
    public func shutdown() async {
        try? await channel.close()
        let children = state.connections.withLock { connections -> [any Channel] in
            defer { connections.removeAll() }
            return Array(connections.values)
        }
        for child in children { try? await child.close() }
    }
}

final class DripState: Sendable {
    let requests = Mutex(0)
    let connections = Mutex<[ObjectIdentifier: any Channel]>([:])
}

final class DripHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let state: DripState
    private let interval: TimeAmount
    private var remaining: Int
    private var received: [UInt8] = []
    private var started = false
    private var active = true

    init(state: DripState, interval: TimeAmount, bodyBytes: Int) {
        self.state = state
        self.interval = interval
        self.remaining = max(bodyBytes, 1)
    }

    func channelActive(context: ChannelHandlerContext) {
        state.connections.withLock { $0[ObjectIdentifier(context.channel)] = context.channel }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        active = false
        state.connections.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(context.channel)) }
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !started else { return }
        var buffer = unwrapInboundIn(data)
        received += buffer.readBytes(length: buffer.readableBytes) ?? []
        // Answer once the request head is complete (a GET has no body).
        guard received.count >= 4, received.indices.dropLast(3).contains(where: {
            received[$0] == 13 && received[$0 + 1] == 10 && received[$0 + 2] == 13 && received[$0 + 3] == 10
        }) else { return }
        started = true
        state.requests.withLock { $0 += 1 }
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(remaining)\r\n\r\n["
        remaining -= 1
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: head)), promise: nil)
        drip(context: context)
    }

    private func drip(context: ChannelHandlerContext) {
        guard active, remaining > 1 else { return }
        context.eventLoop.assumeIsolated().scheduleTask(in: interval) {
            guard self.active else { return }
            self.remaining -= 1
            context.writeAndFlush(self.wrapOutboundOut(ByteBuffer(string: " ")), promise: nil)
            self.drip(context: context)
        }
    }
}
