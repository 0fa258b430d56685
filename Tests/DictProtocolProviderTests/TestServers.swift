#if canImport(Glibc)
import Glibc
#endif
import LexAggFixtures
import NIOCore
import NIOPosix

/// A real `dictd` on 127.0.0.1 serving the fixture databases; `nil` when dictd is not installed.
final class LocalDictd: @unchecked Sendable {
    let port: Int
    private let directory: String

    static func start() -> LocalDictd? {
        guard access("/usr/sbin/dictd", X_OK) == 0 else { return nil }
        let directory = TemporaryFiles.directory("dictd")
        chmod(directory, 0o1777)   // dictd drops privileges before writing its pid file
        let port = freePort()
        let databases = ["wn", "gcide", "freedict-eng-deu"].map { name in
            "database \(name) { data \"\(FixtureStore.path("dictdb/\(name).dict.dz"))\" index \"\(FixtureStore.path("dictdb/\(name).index"))\" }"
        }.joined(separator: "\n")
        let config = "global { listen_to 127.0.0.1\n port \(port) }\n\(databases)\n"
        let file = fopen(directory + "/dictd.conf", "w")!
        fputs(config, file)
        fclose(file)
        let status = system("/usr/sbin/dictd --config '\(directory)/dictd.conf' --pid-file '\(directory)/dictd.pid' --listen-to 127.0.0.1 -p \(port) 2>'\(directory)/stderr'")
        // dictd is installed, so from here on a failure to start is a test failure, not a skip: the returned
        // server is unreachable and the tests using it fail.
        let server = LocalDictd(port: port, directory: directory)
        guard status == 0 else { return server }
        for _ in 0..<100 {   // wait, bounded, until it accepts connections
            if canConnect(port) { return server }
            usleep(50_000)
        }
        return server
    }

    private init(port: Int, directory: String) {
        self.port = port
        self.directory = directory
    }

    /// Stops the server (and waits, bounded, until its port is closed).
    func stop() {
        if let file = fopen(directory + "/dictd.pid", "r") {
            var buffer = [CChar](repeating: 0, count: 32)
            if fgets(&buffer, 32, file) != nil,
               let pid = Int32(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                   .filter(\.isNumber)), pid > 0
            {
                kill(pid, SIGTERM)
            }
            fclose(file)
        }
        for _ in 0..<100 where LocalDictd.canConnect(port) { usleep(20_000) }
    }

    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(fd, $0, length)
                _ = getsockname(fd, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func canConnect(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// A TCP server on 127.0.0.1 that answers every connection with fixed bytes, then closes or stalls.
final class ScriptedServer: Sendable {
    let channel: any Channel
    var port: Int { channel.localAddress!.port! }

    static func start(reply: String, close: Bool = true) async throws -> ScriptedServer {
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.pipeline.addHandler(Responder(reply: reply, close: close))
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return ScriptedServer(channel: channel)
    }

    private init(channel: any Channel) { self.channel = channel }

    func stop() async { try? await channel.close() }

    private final class Responder: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let reply: String
        let close: Bool

        init(reply: String, close: Bool) {
            self.reply = reply
            self.close = close
        }

        func channelActive(context: ChannelHandlerContext) {
            let write = context.writeAndFlush(NIOAny(ByteBuffer(string: reply)))
            if close {
                let context = NIOLoopBound(context, eventLoop: context.eventLoop)
                write.whenComplete { _ in context.value.close(promise: nil) }
            }
        }
    }
}
