#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore

/// The JSON lexagg prints with `--format json`. Versioned: `schemaVersion` changes when a field is removed
/// or changes meaning; new fields may be added without a change. README.md documents every field.
enum JSONOutput {
    static let schemaVersion = 1

    struct LookupDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command: String
        var query: Query
        var found: Bool
        var entries: [Entry]
        var outcomes: [Outcome]
        var suggestions: [String]
        /// With `--explain`: `scores[e][g][s]` explains `entries[e].senseGroups[g].senses[s]`.
        var scores: [[[SenseScore]]]? = nil
    }

    struct Query: Encodable {
        var term: String
        var language: Language?
        var targetLanguage: Language?
        /// The looser spelling that found entries when the word as typed found none (lower case, no diacritics).
        var matchedAs: String?
    }

    struct Outcome: Encodable {
        var provider: ProviderID
        /// `answered`, `empty` or `failed`.
        var status: String
        var entries: Int
        var latencyMs: Double
        var error: ErrorInfo?
        /// `source` (asked just now), `cache` (a fresh cached answer) or `stale` (the source failed — see
        /// `staleBecause` — so an expired cached answer was served).
        var origin: String
        /// When the cached answer was stored (origin `cache` or `stale`).
        var cachedAt: Date?
        var staleBecause: ErrorInfo?

        init(_ outcome: ProviderOutcome) {
            provider = outcome.provider
            switch outcome.origin {
            case .source: origin = "source"
            case .cache(let storedAt): (origin, cachedAt) = ("cache", storedAt)
            case .stale(let storedAt, let error): (origin, cachedAt, staleBecause) = ("stale", storedAt, ErrorInfo(error))
            }
            let components = outcome.latency.components
            latencyMs = rounded(Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15, places: 3)
            switch outcome.status {
            case .answered(let count): (status, entries) = ("answered", count)
            case .empty: (status, entries) = ("empty", 0)
            case .failed(let error): (status, entries, self.error) = ("failed", 0, ErrorInfo(error))
            }
        }
    }

    struct ErrorInfo: Encodable {
        var code: String
        var message: String
        var location: String?
        var httpStatus: Int?
        var retryAfterSeconds: Double?

        init(_ error: ProviderError) {
            code = error.code.description
            message = error.message
            location = error.location
            httpStatus = error.httpStatus
            retryAfterSeconds = error.retryAfter.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
        }
    }

    struct ProvidersDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "providers"
        var providers: [ProviderInfo]
        var problems: [String]
    }

    struct ProviderInfo: Encodable {
        var id: ProviderID
        var name: String
        var description: String?
        var capabilities: [String]
        var languages: [Language]
        var translations: [String]
        var mode: String
        var requiresCredentials: Bool
        var source: String
        var available: Bool
        /// `ready`, `not configured` or `unavailable`.
        var status: String
        var unavailableReason: String?
    }

    struct RandomDocument: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "random"
        var language: Language
        var words: [String]
        /// The provider that gave the words.
        var provider: ProviderID
        /// Providers tried before it that failed, in order.
        var fallbackFrom: [Fallback]
    }

    struct Fallback: Encodable {
        var provider: ProviderID
        var error: ErrorInfo
    }

    /// `value` as one line of JSON (NDJSON: `lookup --batch --format json`).
    static func encodeLine(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
