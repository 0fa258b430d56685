import Foundation
import Logging
import MCP

/// A transport that knows which requests are still unanswered, so the server can end when the client closes its side
/// (the end of standard input) without dropping answers still being worked out: the SDK's server stops reading at the
/// end of input while its handlers run on, and stopping it then would lose their responses.
actor DrainingTransport: Transport {
    nonisolated let logger: Logger
    private let base: any Transport
    private let stream: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private var forwarding: Task<Void, Never>?
    /// Requests received and not yet answered, by id.
    private var pending: Set<String> = []
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Set by ``endInput()``: nothing more is handed to the server.
    private var inputEnded = false

    init(_ base: any Transport, logger: Logger) {
        self.base = base
        self.logger = logger
        (stream, continuation) = AsyncThrowingStream.makeStream()
    }

    func connect() async throws {
        try await base.connect()
        let incoming = await base.receive()
        let continuation = self.continuation
        forwarding = Task {
            do {
                for try await message in incoming {
                    // A line that is not JSON at all is answered here, with the id JSON-RPC 2.0 requires for it
                    // (null: none could be read); the SDK would answer with an id of its own making.
                    guard let object = try? JSONSerialization.jsonObject(with: message, options: [.fragmentsAllowed]) else {
                        try? await self.send(Self.parseError)
                        continue
                    }
                    // A request without the parameters its method needs is the client's mistake (-32602); the SDK,
                    // failing to decode them, answered "Internal error" with Foundation's words.
                    if let answer = Self.invalidParams(object) {
                        try? await self.send(answer)
                        continue
                    }
                    guard self.accept(message) else { break }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    /// Stops reading, as the end of input does: the server answers what it has received and ends (SIGTERM).
    func endInput() {
        inputEnded = true
        forwarding?.cancel()
        continuation.finish()
    }

    /// Notes `message` and hands it to the server, in one step on the actor (a request noted but never handed over,
    /// the input having ended in between, was waited for until the drain's time limit); false once the input ended.
    private func accept(_ message: Data) -> Bool {
        guard !inputEnded else { return false }
        noteIncoming(message)
        continuation.yield(message)
        return true
    }

    func disconnect() async {
        forwarding?.cancel()
        await base.disconnect()
        continuation.finish()
        release(all: true)
    }

    func send(_ data: Data) async throws {
        // Counted as answered even when sending fails (the client has gone): nothing is left to wait for.
        defer { noteOutgoing(data) }
        try await base.send(data)
    }

    func receive() -> AsyncThrowingStream<Data, any Error> { stream }

    /// Returns once every request received has been answered (or cancelled by the client).
    func drained() async {
        guard !pending.isEmpty else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Stops waiting for answers: `drained()` returns now, whatever is pending.
    func abandon() {
        release(all: true)
    }

    /// The parameter each method cannot do without, by method.
    static let requiredParameters = ["tools/call": "name", "resources/read": "uri", "prompts/get": "name"]

    /// JSON-RPC 2.0's answer (-32602, invalid params) to a request of `object` whose method needs parameters it
    /// lacks (`tools/call` without `params` or its `name`); nil for anything else.
    static func invalidParams(_ object: Any) -> Data? {
        guard let request = object as? [String: Any], let method = request["method"] as? String,
              let required = requiredParameters[method], let id = request["id"], id is String || id is NSNumber
        else { return nil }
        if let params = request["params"] as? [String: Any], params[required] is String {
            // `arguments`, when given, is an object (null is none).
            guard method == "tools/call", let arguments = params["arguments"], !(arguments is [String: Any]), !(arguments is NSNull)
            else { return nil }
            return answer(id: id, "Invalid params: tools/call's arguments must be an object")
        }
        return answer(id: id, "Invalid params: \(method) needs params with a string '\(required)'")
    }

    private static func answer(id: Any, _ message: String) -> Data? {
        let answer: [String: Any] = ["jsonrpc": "2.0", "id": id, "error": ["code": -32602, "message": message]]
        return try? JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys])
    }

    /// JSON-RPC 2.0's answer to a message that is not JSON (§5.1: code -32700, id null).
    static let parseError = Data(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: the message is not JSON"}}"#.utf8)

    // MARK: Bookkeeping

    /// The JSON-RPC fields that tell requests, responses and cancellations apart.
    private struct Envelope: Decodable {
        struct Parameters: Decodable { var requestId: Value? }
        var id: Value?
        var method: String?
        var params: Parameters?
    }

    private func noteIncoming(_ message: Data) {
        for envelope in Self.envelopes(message) {
            if let id = envelope.id, envelope.method != nil {
                pending.insert(Self.key(id))
            } else if envelope.method == "notifications/cancelled", let id = envelope.params?.requestId {
                pending.remove(Self.key(id))
            }
        }
        release()
    }

    private func noteOutgoing(_ message: Data) {
        for envelope in Self.envelopes(message) where envelope.method == nil {
            if let id = envelope.id { pending.remove(Self.key(id)) }
        }
        release()
    }

    /// Wakes `drained()` when nothing is pending (or, on disconnect, whatever is).
    private func release(all: Bool = false) {
        guard pending.isEmpty || all else { return }
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    private static func envelopes(_ message: Data) -> [Envelope] {
        let decoder = JSONDecoder()
        if let one = try? decoder.decode(Envelope.self, from: message) { return [one] }
        return (try? decoder.decode([Envelope].self, from: message)) ?? []
    }

    private static func key(_ id: Value) -> String {
        switch id {
        case .int(let number): "n\(number)"
        case .string(let text): "s" + text
        default: "\(id)"
        }
    }
}
