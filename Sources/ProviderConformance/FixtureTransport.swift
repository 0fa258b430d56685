import LexAggHTTP
import Synchronization

/// An in-memory ``LexAggHTTP/HTTPTransport`` that answers from fixtures: routes (path and query) to
/// ``ReplayResponse``s, or a closure; no sockets, so provider suites run without a server.
///
/// It speaks the replay server's vocabulary, faults included: `.reset` and `.truncated` fail like a broken
/// connection, `.cutShort` delivers a short body as if complete, `.stall` and `.hold` never answer (until
/// cancelled), and a `delay` is slept on the task's clock. ``refusing()`` refuses every connection. Requests are
/// recorded as ``ReplayRequest``s.
public final class FixtureTransport: HTTPTransport, Sendable {
    private struct State {
        var routes: [ReplayRoute] = []
        var fallback: ReplayResponse
        var requests: [ReplayRequest] = []
        var sequence: [ReplayResponse] = []
    }

    private let state: Mutex<State>
    private let answer: (@Sendable (ReplayRequest) -> ReplayResponse?)?
    private let refuses: Bool
    /// A base URL unique to this transport (`http://localhost:<n>`), so that host gates — and their rate-limit
    /// pauses — are not shared with other tests. Nothing listens there: the transport answers itself.
    public let baseURL: String

    private static let counter = Atomic<Int>(0)

    /// - Parameters:
    ///   - fallback: the answer to requests no route matches.
    ///   - answer: asked first for every request; `nil` passes the request on to the routes.
    public init(
        fallback: ReplayResponse = .text("no fixture for this request", status: 404),
        answer: (@Sendable (ReplayRequest) -> ReplayResponse?)? = nil
    ) {
        self.state = Mutex(State(fallback: fallback))
        self.answer = answer
        self.refuses = false
        self.baseURL = FixtureTransport.nextBaseURL()
    }

    /// A transport whose successive requests, whatever they ask, get successive `responses` (the last repeating).
    public convenience init(sequence responses: [ReplayResponse]) {
        self.init(fallback: responses.last ?? ReplayResponse(status: 404))
        state.withLock { $0.sequence = responses }
    }

    private init(refusing: Void) {
        self.state = Mutex(State(fallback: ReplayResponse(status: 599)))
        self.answer = nil
        self.refuses = true
        self.baseURL = FixtureTransport.nextBaseURL()
    }

    /// A transport whose every connection is refused.
    public static func refusing() -> FixtureTransport { FixtureTransport(refusing: ()) }

    private static func nextBaseURL() -> String {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return "http://localhost:\(1 + number % 65_000)"
    }

    /// Answers requests for `path` whose query has `query` (other items may be there too); later routes win
    /// over earlier ones with the same path; successive requests get successive `responses`, the last repeating.
    public func route(_ path: String, query: [String: String] = [:], _ responses: ReplayResponse...) {
        state.withLock { $0.routes.insert(ReplayRoute(path: path, query: query, responses: responses), at: 0) }
    }

    /// Replaces the answer to unmatched requests.
    public func setFallback(_ response: ReplayResponse) {
        state.withLock { $0.fallback = response }
    }

    /// Every request received, in order.
    public var requests: [ReplayRequest] { state.withLock { $0.requests } }

    public func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData {
        if Task.isCancelled { throw HTTPTransportError.cancelled }
        let target = FixtureTransport.target(of: request.url)
        let recorded = ReplayRequest(
            method: "GET", uri: target,
            headers: request.headers.map { ReplayRequest.QueryItem(name: $0.name, value: $0.value) }
        )
        let response = state.withLock { state -> ReplayResponse in
            state.requests.append(recorded)
            if let answered = answer?(recorded) { return answered }
            if !state.sequence.isEmpty {
                return state.sequence[min(state.requests.count - 1, state.sequence.count - 1)]
            }
            guard let index = state.routes.firstIndex(where: { $0.matches(recorded) }) else { return state.fallback }
            let route = state.routes[index]
            state.routes[index].served += 1
            return route.responses[min(route.served, route.responses.count - 1)]
        }
        if refuses { throw HTTPTransportError.connection("Connection refused") }
        if let delay = response.delay { try await sleep(delay) }
        var body = response.body
        switch response.behaviour {
        case .normal:
            break
        case .cutShort(let bytes):
            body = Array(body.prefix(bytes))
        case .truncated:
            throw HTTPTransportError.connection("the connection closed before the whole body arrived")
        case .reset:
            throw HTTPTransportError.connection("Connection reset by peer")
        case .stall, .hold:
            try await sleep(.seconds(86_400))
        }
        if body.count > request.maximumBodyBytes {
            throw HTTPTransportError.bodyTooLarge(limit: request.maximumBodyBytes)
        }
        return HTTPResponseData(
            status: response.status, headers: response.headers.map { HTTPField($0.name, $0.value) }, body: body
        )
    }

    private func sleep(_ duration: Duration) async throws {
        do { try await Task.sleep(for: duration) } catch { throw HTTPTransportError.cancelled }
    }

    /// The path and query of an absolute URL.
    static func target(of url: String) -> String {
        guard let scheme = url.firstRange(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        guard let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        let target = String(rest[slash...])
        return target.hasPrefix("?") ? "/" + target : target
    }
}
