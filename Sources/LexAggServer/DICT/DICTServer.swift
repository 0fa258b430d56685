#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggAggregation
import LexAggCore
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// A DICT protocol server (RFC 2229) over the lookup service: every definition provider is a database.
///
/// A `Service` of swift-service-lifecycle: run it in a `ServiceGroup` (beside other servers). At graceful shutdown
/// (SIGTERM, SIGINT) it stops accepting, closes idle connections with `421`, lets busy ones finish the commands they
/// sent and write the answers, then returns. Commands a client pipelines are answered in order, each batch that one
/// read brought with one write.
public final class DICTServer: Service, Sendable {
    public struct Configuration: Sendable {
        /// The address to listen on; only loopback unless the user asks for another.
        public var host: String
        /// The port; 0 picks a free one (see ``listeningAddress()``).
        public var port: Int
        /// The providers to serve as databases, in this order; `nil`: every usable definition provider.
        public var providers: [String]?
        /// Answer online databases from the cache only.
        public var offline: Bool
        /// Connections beyond this many are refused with `420`.
        public var maximumConnections: Int
        /// A connection that sends nothing for this long is closed with `421`.
        public var idleTimeout: Duration
        /// The longest command line, in characters (RFC 2229: 1024, CRLF included) and in bytes (6144).
        public var maximumLineCharacters: Int
        public var maximumLineBytes: Int
        /// The strategy of `MATCH db . word`.
        public var defaultStrategy: MatchStrategy
        /// How the server names itself in its banner and `SHOW SERVER` (`lexagg 0.1.0`).
        public var serverName: String

        public init(
            host: String = "127.0.0.1", port: Int = 2628, providers: [String]? = nil, offline: Bool = false,
            maximumConnections: Int = 64, idleTimeout: Duration = .seconds(300), maximumLineCharacters: Int = 1024,
            maximumLineBytes: Int = 6144, defaultStrategy: MatchStrategy = .lev, serverName: String = "lexagg"
        ) {
            self.host = host
            self.port = port
            self.providers = providers
            self.offline = offline
            self.maximumConnections = maximumConnections
            self.idleTimeout = idleTimeout
            self.maximumLineCharacters = maximumLineCharacters
            self.maximumLineBytes = maximumLineBytes
            self.defaultStrategy = defaultStrategy
            self.serverName = serverName
        }
    }

    /// Where the server listens.
    public struct Address: Sendable, Hashable, CustomStringConvertible {
        public var host: String
        public var port: Int
        /// `127.0.0.1:2628`, `[::1]:2628`.
        public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    private enum Listening {
        case waiting([CheckedContinuation<Address, any Error>])
        case listening(Address)
        case failed(any Error)
    }

    public let configuration: Configuration
    private let service: LookupService<ContinuousClock>
    private let logger: Logger
    private let connections: DICTConnections
    private let listening = Mutex(Listening.waiting([]))
    private let connectionCounter = Atomic<Int>(0)

    public init(service: LookupService<ContinuousClock>, configuration: Configuration = Configuration(), logger: Logger) {
        self.service = service
        self.configuration = configuration
        self.logger = logger
        self.connections = DICTConnections(maximum: max(1, configuration.maximumConnections))
    }

    /// Where the server listens, once it does (the port chosen when ``Configuration/port`` is 0).
    /// - Throws: why it could not start (the address is in use, an unknown provider).
    public func listeningAddress() async throws -> Address {
        try await withCheckedThrowingContinuation { continuation in
            let ready = listening.withLock { state -> Result<Address, any Error>? in
                switch state {
                case .listening(let address): return .success(address)
                case .failed(let error): return .failure(error)
                case .waiting(var waiting):
                    waiting.append(continuation)
                    state = .waiting(waiting)
                    return nil
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    private func settle(_ result: Result<Address, any Error>) {
        let waiting = listening.withLock { state -> [CheckedContinuation<Address, any Error>] in
            guard case .waiting(let waiting) = state else { return [] }
            switch result {
            case .success(let address): state = .listening(address)
            case .failure(let error): state = .failed(error)
            }
            return waiting
        }
        for continuation in waiting { continuation.resume(with: result) }
    }

    // MARK: Running

    public func run() async throws {
        let server: NIOAsyncChannel<NIOAsyncChannel<[DICTInput], ByteBuffer>, Never>
        let responder: DICTResponder
        do {
            let catalog = try await DICTCatalog.build(registry: service.registry, providers: configuration.providers, logger: logger)
            let databases = DICTDatabases(catalog, registry: service.registry, named: configuration.providers != nil, logger: logger)
            responder = DICTResponder(
                service: service, databases: databases, configuration: configuration, statistics: connections, logger: logger
            )
            do {
                server = try await bind()
            } catch let error as IOError {
                throw ListenFailure(service: "DICT", host: configuration.host, port: configuration.port, code: error.errnoCode)
            }
        } catch {
            settle(.failure(error))
            throw error
        }
        let address = Address(host: configuration.host, port: server.channel.localAddress?.port ?? configuration.port)
        logger.info("DICT: listening on \(address) with \(responder.catalog.databases.count) databases")
        settle(.success(address))
        try await withGracefulShutdownHandler {
            try await server.executeThenClose { inbound in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in inbound {
                        group.addTask { await self.serve(connection, responder: responder) }
                    }
                }
            }
        } onGracefulShutdown: { [connections, logger] in
            logger.notice("DICT: shutting down: no new connections; answering the commands in flight")
            connections.shutDown()
            server.channel.close(promise: nil)
        }
        logger.notice("DICT: stopped")
    }

    private func bind() async throws -> NIOAsyncChannel<NIOAsyncChannel<[DICTInput], ByteBuffer>, Never> {
        let idle = TimeAmount.nanoseconds(
            configuration.idleTimeout.components.seconds * 1_000_000_000 + configuration.idleTimeout.components.attoseconds / 1_000_000_000
        )
        let (bytes, characters) = (configuration.maximumLineBytes, configuration.maximumLineCharacters)
        return try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .bind(host: configuration.host, port: configuration.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(IdleStateHandler(readTimeout: idle))
                    try pipeline.addHandler(DICTIdleCloser())
                    try pipeline.addHandler(DICTLineFramer(maximumBytes: bytes, maximumCharacters: characters))
                    return try NIOAsyncChannel<[DICTInput], ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// One connection: the banner, then each batch of commands answered in order with one write, until `QUIT`, the
    /// client hanging up, the idle timeout or shutdown.
    private func serve(_ connection: NIOAsyncChannel<[DICTInput], ByteBuffer>, responder: DICTResponder) async {
        let channel = connection.channel
        switch connections.admit(channel) {
        case .admitted: break
        case .full:
            logger.warning("DICT: refusing a connection: \(configuration.maximumConnections) are open")
            await refuse(connection, "420 Server temporarily unavailable: too many connections, try again later")
            return
        case .shuttingDown:
            await refuse(connection, "421 Server shutting down at operator request")
            return
        }
        defer { connections.remove(channel) }
        let number = connectionCounter.wrappingAdd(1, ordering: .relaxed).newValue
        do {
            try await connection.executeThenClose { inbound, outbound in
                var reply = DICTReply(allocator: channel.allocator)
                reply.status(220, banner(number))
                try await outbound.write(reply.buffer)
                reply.buffer.clear()
                for try await batch in inbound {
                    var open = connections.begin(channel)
                    var quit = false
                    for input in batch {
                        switch input {
                        case .line(let line):
                            quit = !(await responder.respond(to: DICTCommand(line: line), into: &reply))
                        case .tooLong:
                            reply.status(500, "Syntax error, line too long (at most \(configuration.maximumLineCharacters) characters)")
                        }
                        if quit { break }
                        if reply.buffer.readableBytes >= 1 << 16 {
                            try await outbound.write(reply.buffer)
                            reply.buffer.clear()
                        }
                    }
                    open = connections.end(channel) && open
                    if !open && !quit { reply.status(421, "Server shutting down at operator request") }
                    if reply.buffer.readableBytes > 0 {
                        try await outbound.write(reply.buffer)
                        reply.buffer.clear()
                    }
                    if quit || !open { break }
                }
            }
        } catch {
            logger.debug("DICT: connection \(number) ended: \(error)")
        }
    }

    private func refuse(_ connection: NIOAsyncChannel<[DICTInput], ByteBuffer>, _ line: String) async {
        try? await connection.executeThenClose { _, outbound in
            try await outbound.write(ByteBuffer(string: line + "\r\n"))
        }
    }

    /// `220 host lexagg DICT server <mime> <1234.7.1700000000@host>`: capabilities and a msg-id (RFC 2229 §3.1).
    private func banner(_ connection: Int) -> String {
        let host = Self.hostName
        let seconds = Int(clock_gettime_seconds())
        return "\(host) \(configuration.serverName) DICT server (RFC 2229) <mime> <\(getpid()).\(connection).\(seconds)@\(host)>"
    }

    private static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let clean = name.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
        return clean.isEmpty ? "localhost" : clean
    }()
}

private func clock_gettime_seconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return now.tv_sec
}
