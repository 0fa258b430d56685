import Synchronization

/// A token bucket per client: each holds up to `burst` tokens and refills at `requestsPerMinute`; a request takes
/// one or is refused with how long until the next token.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let limit: HTTPServerSettings.RateLimit
    private let buckets = Mutex<[String: Bucket]>([:])
    /// Buckets kept before full ones are forgotten (a full bucket is the same as none).
    private let pruneAbove = 10_000

    init(_ limit: HTTPServerSettings.RateLimit) {
        self.limit = limit
    }

    private var perSecond: Double { Double(limit.requestsPerMinute) / 60 }

    /// Takes a token for `client`: `nil` when allowed, else the whole seconds to wait.
    func take(_ client: String, now: ContinuousClock.Instant = .now) -> Int? {
        buckets.withLock { buckets in
            let capacity = Double(limit.burst)
            var bucket = buckets[client] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = bucket.updated.duration(to: now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(capacity, bucket.tokens + max(0, seconds) * perSecond)
            bucket.updated = now
            if buckets.count > pruneAbove { prune(&buckets, now: now, capacity: capacity) }
            guard bucket.tokens >= 1 else {
                buckets[client] = bucket
                return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
            }
            bucket.tokens -= 1
            buckets[client] = bucket
            return nil
        }
    }

    private func prune(_ buckets: inout [String: Bucket], now: ContinuousClock.Instant, capacity: Double) {
        buckets = buckets.filter { _, bucket in
            let elapsed = bucket.updated.duration(to: now).components.seconds
            return bucket.tokens + Double(elapsed) * perSecond < capacity
        }
    }
}

/// At most `capacity` lookups at once: a slot is taken without waiting, or refused (the server answers 503).
final class ConcurrencyLimiter: Sendable {
    let capacity: Int
    private let inFlight = Atomic<Int>(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes a slot; `false` when all are taken.
    func tryAcquire() -> Bool {
        var current = inFlight.load(ordering: .relaxed)
        while current < capacity {
            let (exchanged, original) = inFlight.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing
            )
            if exchanged { return true }
            current = original
        }
        return false
    }

    func release() {
        inFlight.subtract(1, ordering: .acquiringAndReleasing)
    }

    var current: Int { inFlight.load(ordering: .relaxed) }
}
