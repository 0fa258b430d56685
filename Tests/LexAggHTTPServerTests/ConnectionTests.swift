import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LexAggCore
import LexAggHTTPServer
import Testing

/// HTTP/1 as clients other than browsers speak it, over a raw socket: HTTP/1.0, oversized headers, bytes that are
/// not HTTP.
@Suite(.serialized) struct ConnectionTests {
    /// An HTTP/1.0 request without `Connection: keep-alive` is answered and the connection closed (RFC 9112 §9.3):
    /// a client reading the body until the end of the connection waited for the idle timeout.
    @Test func anHTTP10RequestWithoutKeepAliveIsAnsweredThenClosed() async throws {
        try await TestServer.with { server in
            let answer = try await RawHTTP.exchange(port: server.port, Array("GET /healthz HTTP/1.0\r\n\r\n".utf8))
            #expect(answer.text.hasPrefix("HTTP/1.1 200 "), "\(answer.text)")
            #expect(answer.text.lowercased().contains("connection: close"), "\(answer.text)")
            #expect(answer.text.hasSuffix(#"{"status":"ok"}"#))
            #expect(answer.closed, "the server closed the connection after the response")
            // With keep-alive it stays open, as with HTTP/1.1 (and HTTP/1.1 with `Connection: close` closes).
            let kept = try await RawHTTP.exchange(port: server.port, Array("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8), wait: 2)
            #expect(kept.text.hasPrefix("HTTP/1.1 200 ") && !kept.closed, "\(kept.text)")
            let closing = try await RawHTTP.exchange(port: server.port, Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n".utf8))
            #expect(closing.text.hasPrefix("HTTP/1.1 200 ") && closing.closed, "\(closing.text)")
        }
    }

    /// Headers over the limit are 431 Request Header Fields Too Large (RFC 6585), with lexagg's error saying the
    /// limit, not a bare 400.
    @Test func headersOverTheLimitAre431() async throws {
        try await TestServer.with { server in
            let request = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Padding: " + String(repeating: "p", count: 100_000) + "\r\n\r\n"
            let answer = try await RawHTTP.exchange(port: server.port, Array(request.utf8))
            #expect(answer.text.hasPrefix("HTTP/1.1 431 "), "\(answer.text.prefix(200))")
            #expect(answer.text.contains(#""code":"headers-too-large""#), "\(answer.text)")
            #expect(answer.text.contains("81920 bytes"), "the limit is named: \(answer.text)")
            #expect(answer.closed)
            // The server goes on.
            #expect(try await server.get("/healthz").status == 200)
        }
    }

    /// A request line with raw UTF-8 (not percent-encoded) is not HTTP (RFC 9112 §3.2: the target is ASCII) and
    /// NIO's parser refuses it; the 400 says what to send instead.
    @Test func aRequestLineWithRawUTF8IsA400ThatSaysToPercentEncode() async throws {
        try await TestServer.with { server in
            let request = Array("GET /api/v2/entries/en/caf".utf8) + [0xC3, 0xA9] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
            let answer = try await RawHTTP.exchange(port: server.port, request)
            #expect(answer.text.hasPrefix("HTTP/1.1 400 "), "\(answer.text)")
            #expect(answer.text.contains("percent-encode"), "\(answer.text)")
            #expect(answer.closed)
        }
    }
}

/// One request on a new connection with a blocking socket: what came back, and whether the server closed the
/// connection within `wait` seconds.
///
/// The socket is read on a thread of its own (``offThePool(_:)``), never on the test pool: the server answering is
/// in this process and needs that pool, which has as many threads as cores (two on CI). Two blocking reads on it
/// held every thread, so the server could not answer until the reads timed out, and every other test stalled with it.
enum RawHTTP {
    static func exchange(port: Int, _ request: [UInt8], wait: Int = 10) async throws -> (text: String, closed: Bool) {
        try await offThePool { try blockingExchange(port: port, request, wait: wait) }
    }

    /// A blocking socket connected to 127.0.0.1:`port` (the caller closes it), or connect's errno. Blocks its thread.
    static func connected(port: Int) throws(SocketError) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let failure = SocketError(errno: errno)
            close(descriptor)
            throw failure
        }
        return descriptor
    }

    private static func blockingExchange(port: Int, _ request: [UInt8], wait: Int) throws -> (text: String, closed: Bool) {
        let descriptor = try connected(port: port)
        defer { close(descriptor) }
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        // Up to a minute for the response (a loaded machine once took more than the 2 s a keep-alive check waits),
        // then `wait` seconds more for the server to close the connection, or not.
        func setTimeout(_ seconds: Int) {
            var limit = timeval(tv_sec: seconds, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
        setTimeout(60)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var answered = false
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            // A signal (another test's child process ending) interrupts a read with a receive timeout whatever
            // SA_RESTART says (signal(7)): not the server's doing, so the read goes on.
            if count < 0 && errno == EINTR { continue }
            if count > 0 {
                received += buffer[0..<count]
                if !answered, Self.isComplete(received) {
                    answered = true
                    setTimeout(wait)
                }
                continue
            }
            // 0: closed by the server; -1 with EAGAIN: still open after `wait`; ECONNRESET: closed too.
            return (String(decoding: received, as: UTF8.self), count == 0 || errno == ECONNRESET)
        }
    }

    /// Whether `bytes` hold a whole response: its head, and as much body as its `Content-Length` says.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return false }
        let head = text[..<end.lowerBound].lowercased()
        let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
            .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        return text[end.upperBound...].utf8.count >= length
    }

    struct SocketError: Error { var errno: Int32 }
}

extension TestServer {
    var port: Int { Int(base.split(separator: ":").last!)! }
}
