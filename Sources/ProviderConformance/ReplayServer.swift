#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// A loopback HTTP/1.1 server for tests: it replays canned responses per path and query, and can misbehave on
/// purpose (status codes, headers, delays, stalls, truncated bodies, dropped connections).
///
/// Not for production use. Start one per test with ``start()``, point the provider's endpoint at ``baseURL``,
/// and ``shutdown()`` at the end. Every request received is recorded in ``requests``.
public final class ReplayServer: Sendable {
    /// The port the server listens on (127.0.0.1, chosen by the system).
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let channel: any Channel
    let state: Mutex<ReplayState>
    /// The ports servers of this process have listened on.
    private static let usedPorts = Mutex<Set<Int>>([])

    private init(channel: any Channel, port: Int, fallback: ReplayResponse) {
        self.channel = channel
        self.port = port
        self.state = Mutex(ReplayState(fallback: fallback))
    }

    /// Starts a server on 127.0.0.1, port 0. Unrouted requests get `fallback` (404 by default).
    ///
    /// Never on a port an earlier server of this process had: what the HTTP client keeps per host and port lasts the
    /// whole process (a `Retry-After` pause, the concurrency limit), and a test that left a long pause on a port made
    /// the next server the system gave that port answer nothing. A reused port is held while another is asked for.
    public static func start(fallback: ReplayResponse = .text("no route", status: 404)) async throws -> ReplayServer {
        let box = ServerBox()
        var refused: [any Channel] = []
        defer { for channel in refused { channel.close(promise: nil) } }
        var channel: any Channel
        var port: Int
        repeat {
            channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.backlog, value: 64)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        try channel.pipeline.syncOperations.addHandler(ReplayHandler(box: box))
                    }
                }
                .bind(host: "127.0.0.1", port: 0)
                .get()
            guard let bound = channel.localAddress?.port else {
                try? await channel.close()
                throw ReplayServerError.noPort
            }
            port = bound
            if usedPorts.withLock({ $0.insert(bound).inserted }) || refused.count >= 64 { break }
            refused.append(channel)
        } while true
        let server = ReplayServer(channel: channel, port: port, fallback: fallback)
        box.server.withLock { $0 = server }
        return server
    }

    /// Stops listening and closes every open connection (stalled ones included); releases held responses.
    public func shutdown() async {
        releaseHeld()
        try? await channel.close()
        let children = state.withLock { state -> [any Channel] in
            defer { state.connections.removeAll() }
            return Array(state.connections.values)
        }
        for child in children { try? await child.close() }
    }

    // MARK: Routes

    /// Serves `responses` for GET `path` when the request's query contains every pair of `query` (decoded
    /// values; other parameters may be present). Each request takes the next response; the last one repeats.
    /// Later routes win over earlier ones.
    public func route(_ path: String, query: [String: String] = [:], _ responses: ReplayResponse...) {
        route(path, query: query, responses: responses)
    }

    /// The array form of ``route(_:query:_:)``.
    public func route(_ path: String, query: [String: String] = [:], responses: [ReplayResponse]) {
        precondition(!responses.isEmpty, "a route needs at least one response")
        state.withLock { $0.routes.insert(ReplayRoute(path: path, query: query, responses: responses), at: 0) }
    }

    /// Replaces the response for requests no route matches.
    public func setFallback(_ response: ReplayResponse) {
        state.withLock { $0.fallback = response }
    }

    // MARK: Inspection

    /// Every request received so far, in arrival order.
    public var requests: [ReplayRequest] { state.withLock { $0.requests } }

    /// The most requests that were being answered at the same time.
    public var maximumConcurrentRequests: Int { state.withLock { $0.highWater } }

    /// Requests whose ``ReplayResponse/Behaviour/hold`` response waits for ``releaseHeld()``.
    public var heldCount: Int { state.withLock { $0.held.count } }

    /// Sends every held response.
    public func releaseHeld() {
        let held = state.withLock { state -> [EventLoopPromise<Void>] in
            defer { state.held.removeAll() }
            return state.held
        }
        for promise in held { promise.succeed(()) }
    }

    /// Suspends until at least `count` requests have been received.
    public func waitForRequests(_ count: Int) async {
        await wait { $0.requests.count >= count }
    }

    /// Suspends until at least `count` responses are held.
    public func waitForHeld(_ count: Int) async {
        await wait { $0.held.count >= count }
    }

    private func wait(until condition: @escaping @Sendable (ReplayState) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if condition(state) { return true }
                state.waiters.append(ReplayState.Waiter(condition: condition, continuation: continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    // MARK: Handler support

    func begin(_ request: ReplayRequest, connection: ObjectIdentifier) -> ReplayResponse {
        let (response, ready) = state.withLock { state -> (ReplayResponse, [CheckedContinuation<Void, Never>]) in
            state.requests.append(request)
            state.inFlight += 1
            state.highWater = max(state.highWater, state.inFlight)
            let response = state.take(for: request)
            return (response, state.readyWaiters())
        }
        for continuation in ready { continuation.resume() }
        return response
    }

    func end() {
        state.withLock { $0.inFlight -= 1 }
    }

    func hold(_ promise: EventLoopPromise<Void>) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.held.append(promise)
            return state.readyWaiters()
        }
        for continuation in ready { continuation.resume() }
    }

    func opened(_ channel: any Channel) {
        state.withLock { $0.connections[ObjectIdentifier(channel)] = channel }
    }

    func closed(_ channel: any Channel) {
        state.withLock { _ = $0.connections.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}

enum ReplayServerError: Error {
    case noPort
}

/// A request as the replay server saw it.
public struct ReplayRequest: Sendable, Hashable {
    public var method: String
    /// The request target exactly as sent (`/w/api.php?action=parse&page=a%26b`).
    public var uri: String
    /// The path, still percent-encoded.
    public var path: String
    /// The query parameters, percent-decoded (`+` is kept as `+`), in order.
    public var query: [QueryItem]
    public var headers: [QueryItem]

    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// The decoded value of the first query parameter `name`.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The first header `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    init(method: String, uri: String, headers: [QueryItem]) {
        self.method = method
        self.uri = uri
        self.headers = headers
        let parts = uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = String(parts[0])
        var items: [QueryItem] = []
        if parts.count > 1 {
            for pair in parts[1].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                items.append(
                    QueryItem(
                        name: ReplayRequest.percentDecode(nameValue[0]),
                        value: nameValue.count > 1 ? ReplayRequest.percentDecode(nameValue[1]) : ""
                    )
                )
            }
        }
        self.query = items
    }

    static func percentDecode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == 0x25, iterator.count >= 2,
                let high = hexValue(iterator[iterator.startIndex]),
                let low = hexValue(iterator[iterator.startIndex + 1])
            {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

/// What the replay server answers, and how.
public struct ReplayResponse: Sendable, Hashable {
    public enum Behaviour: Sendable, Hashable {
        /// Send the whole response.
        case normal
        /// Declare the full `Content-Length`, send only the first bytes, then close the connection.
        case truncated(afterBytes: Int)
        /// Send only the first bytes as if they were the whole body (a complete HTTP response whose content is
        /// cut short, such as truncated JSON), then close.
        case cutShort(afterBytes: Int)
        /// Close the connection without answering.
        case reset
        /// Never answer (until the server shuts down).
        case stall
        /// Answer only when the test calls ``ReplayServer/releaseHeld()``.
        case hold
    }

    public var status: Int
    public var headers: [ReplayRequest.QueryItem]
    public var body: [UInt8]
    /// Wait this long before answering.
    public var delay: Duration?
    public var behaviour: Behaviour

    public init(
        status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], delay: Duration? = nil,
        behaviour: Behaviour = .normal
    ) {
        self.status = status
        self.headers = headers.map { ReplayRequest.QueryItem(name: $0.0, value: $0.1) }
        self.body = body
        self.delay = delay
        self.behaviour = behaviour
    }

    /// A JSON body (`Content-Type: application/json; charset=utf-8`).
    public static func json(_ body: [UInt8], status: Int = 200, headers: [(String, String)] = []) -> ReplayResponse {
        ReplayResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: body)
    }

    /// A JSON body given as text.
    public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> ReplayResponse {
        json(Array(text.utf8), status: status, headers: headers)
    }

    /// A plain-text or HTML body.
    public static func text(
        _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8",
        headers: [(String, String)] = []
    ) -> ReplayResponse {
        ReplayResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
    }

    /// The same response with its body gzip-encoded (`Content-Encoding: gzip`).
    public func gzipped() -> ReplayResponse {
        var copy = self
        copy.body = Gzip.encode(body)
        copy.headers.append(.init(name: "Content-Encoding", value: "gzip"))
        return copy
    }

    /// The same response with a different behaviour.
    public func with(_ behaviour: Behaviour) -> ReplayResponse {
        var copy = self
        copy.behaviour = behaviour
        return copy
    }

    /// The same response, sent after `delay`.
    public func delayed(by delay: Duration) -> ReplayResponse {
        var copy = self
        copy.delay = delay
        return copy
    }
}

struct ReplayRoute: Sendable {
    var path: String
    var query: [String: String]
    var responses: [ReplayResponse]
    var served = 0

    func matches(_ request: ReplayRequest) -> Bool {
        guard request.path == path else { return false }
        for (name, value) in query where request.queryValue(name) != value { return false }
        return true
    }
}

struct ReplayState: Sendable {
    struct Waiter: Sendable {
        var condition: @Sendable (ReplayState) -> Bool
        var continuation: CheckedContinuation<Void, Never>
    }

    var routes: [ReplayRoute] = []
    var fallback: ReplayResponse
    var requests: [ReplayRequest] = []
    var inFlight = 0
    var highWater = 0
    var held: [EventLoopPromise<Void>] = []
    var waiters: [Waiter] = []
    var connections: [ObjectIdentifier: any Channel] = [:]

    init(fallback: ReplayResponse) {
        self.fallback = fallback
    }

    mutating func take(for request: ReplayRequest) -> ReplayResponse {
        guard let index = routes.firstIndex(where: { $0.matches(request) }) else { return fallback }
        let route = routes[index]
        routes[index].served += 1
        return route.responses[min(route.served, route.responses.count - 1)]
    }

    mutating func readyWaiters() -> [CheckedContinuation<Void, Never>] {
        var ready: [CheckedContinuation<Void, Never>] = []
        var remaining: [Waiter] = []
        let snapshot = self
        for waiter in waiters {
            if waiter.condition(snapshot) { ready.append(waiter.continuation) } else { remaining.append(waiter) }
        }
        waiters = remaining
        return ready
    }
}

/// Lets child channels reach the server object created after the bootstrap binds.
final class ServerBox: Sendable {
    let server = Mutex<ReplayServer?>(nil)
}

final class ReplayHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let box: ServerBox
    private var head: HTTPRequestHead?

    init(box: ServerBox) {
        self.box = box
    }

    private var server: ReplayServer? { box.server.withLock { $0 } }

    func channelActive(context: ChannelHandlerContext) {
        server?.opened(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        server?.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
        case .body:
            break
        case .end:
            guard let head, let server else { return }
            self.head = nil
            let request = ReplayRequest(
                method: head.method.rawValue, uri: head.uri,
                headers: head.headers.map { ReplayRequest.QueryItem(name: $0.name, value: $0.value) }
            )
            let response = server.begin(request, connection: ObjectIdentifier(context.channel))
            let keepAlive = head.isKeepAlive
            let loop = context.eventLoop.assumeIsolated()
            if let delay = response.delay {
                let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
                loop.scheduleTask(in: .nanoseconds(nanoseconds)) {
                    self.answer(context: context, response: response, keepAlive: keepAlive, server: server)
                }
            } else {
                answer(context: context, response: response, keepAlive: keepAlive, server: server)
            }
        }
    }

    private func answer(
        context: ChannelHandlerContext, response: ReplayResponse, keepAlive: Bool, server: ReplayServer
    ) {
        switch response.behaviour {
        case .stall:
            return
        case .hold:
            let promise = context.eventLoop.makePromise(of: Void.self)
            promise.futureResult.assumeIsolated().whenSuccess {
                var released = response
                released.behaviour = .normal
                self.answer(context: context, response: released, keepAlive: keepAlive, server: server)
            }
            server.hold(promise)
            return
        case .reset:
            server.end()
            // SO_LINGER 0 makes the close an RST rather than an orderly FIN.
            if let provider = context.channel as? any SocketOptionProvider {
                provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).assumeIsolated().whenComplete { _ in
                    context.close(promise: nil)
                }
            } else {
                context.close(promise: nil)
            }
            return
        case .normal, .truncated, .cutShort:
            break
        }
        var headers = HTTPHeaders()
        for field in response.headers { headers.add(name: field.name, value: field.value) }
        var closeAfter = !keepAlive
        var bodyBytes = response.body[...]
        switch response.behaviour {
        case .truncated(let count):
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
            bodyBytes = response.body.prefix(count)
            closeAfter = true
        case .cutShort(let count):
            bodyBytes = response.body.prefix(count)
            headers.replaceOrAdd(name: "Content-Length", value: String(bodyBytes.count))
            headers.replaceOrAdd(name: "Connection", value: "close")
            closeAfter = true
        default:
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
            if !keepAlive { headers.replaceOrAdd(name: "Connection", value: "close") }
        }
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers
        )
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !bodyBytes.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: bodyBytes)))), promise: nil)
        }
        server.end()
        if case .truncated = response.behaviour {
            context.flush()
            context.close(promise: nil)
            return
        }
        let end = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if closeAfter {
            end.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }
}

/// Minimal gzip encoding with stored (uncompressed) deflate blocks: valid gzip, no zlib needed.
enum Gzip {
    static func encode(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            let final: UInt8 = offset + count >= data.count ? 1 : 0
            out.append(final)
            out.append(UInt8(count & 0xFF))
            out.append(UInt8(count >> 8))
            out.append(UInt8(~count & 0xFF))
            out.append(UInt8((~count >> 8) & 0xFF))
            out.append(contentsOf: data[offset..<(offset + count)])
            offset += count
        } while offset < data.count
        let crc = crc32(data)
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((crc >> UInt32(shift)) & 0xFF)) }
        let size = UInt32(truncatingIfNeeded: data.count)
        for shift in stride(from: 0, to: 32, by: 8) { out.append(UInt8((size >> UInt32(shift)) & 0xFF)) }
        return out
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) }
        }
        return ~crc
    }
}
