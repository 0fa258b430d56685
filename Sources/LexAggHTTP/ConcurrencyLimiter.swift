import Synchronization

/// An async semaphore: at most `limit` holders at once; the rest wait in order.
///
/// Waiting is cancellable: a cancelled waiter leaves the queue and throws `CancellationError`.
public final class ConcurrencyLimiter: Sendable {
    private struct Waiter {
        var id: UInt64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var available: Int
        var waiters: [Waiter] = []
        var cancelled: Set<UInt64> = []
        var nextID: UInt64 = 0
        var inUse = 0
        var highWater = 0
    }

    /// The most holders at once.
    public let limit: Int
    private let state: Mutex<State>

    public init(limit: Int) {
        precondition(limit > 0, "a concurrency limit must be positive")
        self.limit = limit
        self.state = Mutex(State(available: limit))
    }

    /// Runs `body` while holding one of the `limit` permits.
    /// - Throws: `CancellationError` when cancelled while waiting, or what `body` throws.
    public func withPermit<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await acquire()
        defer { release() }
        return try await body()
    }

    /// How many permits are held now.
    public var inUse: Int { state.withLock { $0.inUse } }

    /// The most permits ever held at once.
    public var highWater: Int { state.withLock { $0.highWater } }

    /// How many callers are waiting for a permit.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// Takes a permit, waiting for one when none is free. Pair with ``release()``.
    public func acquire() async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Action { case resume, cancel, wait }
                let action = state.withLock { state -> Action in
                    if state.cancelled.remove(id) != nil { return .cancel }
                    if state.available > 0 {
                        state.available -= 1
                        state.inUse += 1
                        state.highWater = max(state.highWater, state.inUse)
                        return .resume
                    }
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return .wait
                }
                switch action {
                case .resume: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                if let index = state.waiters.firstIndex(where: { $0.id == id }) {
                    return state.waiters.remove(at: index)
                }
                state.cancelled.insert(id)
                return nil
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
        // A permit taken after cancellation was noted but before the handler ran is simply held; the
        // caller releases it as usual. Clean up a stale cancellation mark.
        state.withLock { _ = $0.cancelled.remove(id) }
    }

    /// Returns a permit, handing it to the longest waiter if there is one.
    public func release() {
        let next = state.withLock { state -> Waiter? in
            if state.waiters.isEmpty {
                state.available += 1
                state.inUse -= 1
                return nil
            }
            return state.waiters.removeFirst()  // the permit passes on; inUse is unchanged
        }
        next?.continuation.resume()
    }
}

/// Per-host state shared by every request of the process: the concurrency limit and any `Retry-After` pause.
///
/// Wikimedia asks for at most 3 concurrent requests per client; keying by host (and port) makes the limit hold
/// across all providers and instances that talk to the same host.
public final class HostGate: Sendable {
    public let limiter: ConcurrencyLimiter
    private let pausedUntil: Mutex<ContinuousClock.Instant?>

    init(limit: Int) {
        self.limiter = ConcurrencyLimiter(limit: limit)
        self.pausedUntil = Mutex(nil)
    }

    /// How long requests to this host must still wait, if a server asked us to pause.
    public func remainingPause(now: ContinuousClock.Instant = .now) -> Duration? {
        pausedUntil.withLock { until in
            guard let deadline = until else { return nil }
            if deadline <= now {
                until = nil
                return nil
            }
            return deadline - now
        }
    }

    /// Records that the host asked us to wait `duration` before the next request.
    public func pause(for duration: Duration, now: ContinuousClock.Instant = .now) {
        let deadline = now + duration
        pausedUntil.withLock { until in
            if let current = until, current >= deadline { return }
            until = deadline
        }
    }

    private static let gates = Mutex<[String: HostGate]>([:])

    /// The process-wide gate for `host` (`host:port`); the first caller's `limit` applies.
    public static func shared(for host: String, limit: Int) -> HostGate {
        gates.withLock { gates in
            if let gate = gates[host] { return gate }
            let gate = HostGate(limit: limit)
            gates[host] = gate
            return gate
        }
    }
}
