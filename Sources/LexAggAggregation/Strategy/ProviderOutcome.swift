#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// How one provider fared in a lookup. Partial failure is data, reported beside the entries.
public struct ProviderOutcome: Sendable, Hashable {
    public enum Status: Sendable, Hashable {
        /// The provider answered with this many entries.
        case answered(entries: Int)
        /// The provider answered "not found".
        case empty
        /// The provider failed.
        case failed(ProviderError)
    }

    /// Where an answer came from.
    public enum Origin: Sendable, Hashable {
        /// Asked just now.
        case source
        /// From the cache, within its time to live; the source was not asked.
        case cache(storedAt: Date)
        /// The source failed with `error`, so the cached answer was served although it may be out of date.
        case stale(storedAt: Date, error: ProviderError)
    }

    public var provider: ProviderID
    public var status: Status
    /// How long the provider took.
    public var latency: Duration
    public var origin: Origin

    public init(provider: ProviderID, status: Status, latency: Duration, origin: Origin = .source) {
        self.provider = provider
        self.status = status
        self.latency = latency
        self.origin = origin
    }

    public var error: ProviderError? {
        if case .failed(let error) = status { return error }
        return nil
    }
}

/// The answer to one lookup across several providers.
public struct AggregatedResult: Sendable, Hashable {
    /// Entries from every provider that answered, in provider priority order.
    public var entries: [Entry]
    /// One outcome per provider asked, in provider priority order.
    public var outcomes: [ProviderOutcome]

    public init(entries: [Entry], outcomes: [ProviderOutcome]) {
        self.entries = entries
        self.outcomes = outcomes
    }

    /// (By index: `contains(where:)` copied each entry it looked at, and this is asked several times a lookup.)
    public var isFound: Bool {
        for index in entries.indices where !entries[index].isEmpty { return true }
        return false
    }
    /// True when every provider asked failed (as opposed to answering "not found").
    public var allFailed: Bool { !outcomes.isEmpty && outcomes.allSatisfy { $0.error != nil } }
    public var failures: [ProviderError] { outcomes.compactMap { $0.error } }
}
