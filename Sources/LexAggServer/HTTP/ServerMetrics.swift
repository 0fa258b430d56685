import LexAggAggregation
import LexAggCore
import Metrics
import Prometheus
import Synchronization

/// swift-metrics with the Prometheus backend, bootstrapped once per process (swift-metrics allows one bootstrap; a
/// second would crash, so every server and test in the process shares this one registry).
///
/// Recorded: requests and their latency by route, method and status (Hummingbird's `MetricsMiddleware`:
/// `hb_requests`, `http_server_request_duration` in seconds), each provider's outcome with where its answer came
/// from (`lexagg_provider_outcomes_total{provider,status,origin}`), cache hits (`lexagg_cache_hits_total{provider}`)
/// and refusals (`lexagg_rejected_requests_total{reason}`).
public enum ServerMetrics {
    /// The process's registry; the first use bootstraps swift-metrics with it.
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()

    /// Makes sure the bootstrap has happened (before any metric is created).
    static func bootstrap() { _ = registry }

    /// The text exposition format of every metric.
    static func exposition() -> String { registry.emitToString() }

    /// Each provider's outcome of one answer, and its cache hits.
    static func record(_ outcomes: [ProviderOutcome]) {
        for outcome in outcomes {
            let status: String
            switch outcome.status {
            case .answered: status = "answered"
            case .empty: status = "empty"
            case .failed(let error): status = "failed-\(error.code)"
            }
            let origin: String
            switch outcome.origin {
            case .source: origin = "source"
            case .cache: origin = "cache"
            case .stale: origin = "stale"
            }
            let counters = outcomeCounters(OutcomeKey(provider: outcome.provider.rawValue, status: status, origin: origin))
            counters.outcomes.increment()
            counters.cacheHits?.increment()
        }
    }

    private struct OutcomeKey: Hashable {
        var provider: String
        var status: String
        var origin: String
    }

    private struct OutcomeCounters: Sendable {
        var outcomes: Metrics.Counter
        var cacheHits: Metrics.Counter?
    }

    /// The counters of each (provider, status, origin), made once: making a `Counter` asks the registry under its lock
    /// every time, which every answered request did for each provider. (A few dozen at most: providers × statuses.)
    private static let outcomeCounterCache = Mutex<[OutcomeKey: OutcomeCounters]>([:])

    private static func outcomeCounters(_ key: OutcomeKey) -> OutcomeCounters {
        if let known = outcomeCounterCache.withLock({ $0[key] }) { return known }
        let counters = OutcomeCounters(
            outcomes: Counter(
                label: "lexagg_provider_outcomes_total",
                dimensions: [("provider", key.provider), ("status", key.status), ("origin", key.origin)]
            ),
            cacheHits: key.origin == "source"
                ? nil : Counter(label: "lexagg_cache_hits_total", dimensions: [("provider", key.provider), ("kind", key.origin)])
        )
        outcomeCounterCache.withLock { $0[key] = counters }
        return counters
    }

    static func rejected(_ reason: String) {
        Counter(label: "lexagg_rejected_requests_total", dimensions: [("reason", reason)]).increment()
    }
}
