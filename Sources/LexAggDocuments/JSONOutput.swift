#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore

/// The JSON lexagg prints with `--format json` and serves from `serve http`'s own API and the MCP server's
/// structured results: one set of documents for every consumer. Versioned: `schemaVersion` changes when a field is
/// removed or changes meaning; new fields may be added without a change. README.md documents every field.
public enum JSONOutput {
    /// 2: `scores` describe the merged order by source (`source`, `sourceRank`, `position`, `agreement`,
    /// `providerWeight`); version 1's `total` and `orderBonus` are gone.
    public static let schemaVersion = 2

    public struct LookupDocument: Encodable, Sendable {
        public var schemaVersion = JSONOutput.schemaVersion
        public var command: String
        public var query: Query
        public var found: Bool
        public var entries: [Entry]
        public var outcomes: [Outcome]
        public var suggestions: [String]
        /// With `--explain`: `scores[e][g][s]` explains `entries[e].senseGroups[g].senses[s]`.
        public var scores: [[[SenseScore]]]? = nil
        /// When nothing defined the word: the offline dictionaries that translate it, and in which direction.
        public var translatableBy: [Translatable]? = nil
    }

    /// An offline dictionary that translates a word nothing defined: `{provider, source, target}`.
    public struct Translatable: Encodable, Sendable, Hashable {
        public var provider: ProviderID
        public var source: Language
        public var target: Language
    }

    public struct Query: Encodable, Sendable {
        public var term: String
        public var language: Language?
        public var targetLanguage: Language?
        /// The looser spelling that found entries when the word as typed found none (lower case, no diacritics).
        public var matchedAs: String?

        /// The lemma whose entries were added when the word is an inflected form (`walked` → `walk`); the first of
        /// them when it is a form of several.
        public var lemma: Lemma?
        /// Every lemma whose entries were added, most likely first, when the word is a form of more than one
        /// (`leaves`: *leaf* and *leave*); absent otherwise.
        public var lemmas: [Lemma]?

        public init(
            term: String, language: Language?, targetLanguage: Language? = nil, matchedAs: String? = nil,
            lemmas: [Lemma] = []
        ) {
            self.term = term
            self.language = language
            self.targetLanguage = targetLanguage
            self.matchedAs = matchedAs
            self.lemma = lemmas.first
            self.lemmas = lemmas.count > 1 ? lemmas : nil
        }
    }

    public struct Lemma: Encodable, Sendable {
        /// The lemma (`walk`).
        public var word: String
        /// The form the word is of it (`past tense`, `plural`), when known.
        public var form: String?
        /// `morphology` (the provider's rules and exception lists) or `form-of` (an entry's "plural of …" sense).
        public var foundBy: String
        /// The provider whose morphology or entry named the lemma.
        public var provider: ProviderID

        public init(_ note: LemmaNote) {
            word = note.formOf.lemma
            // Unnamed (WordNet's exception lists say `went` is of *go*, not which form): absent, not `"form"`.
            form = note.formOf.name
            foundBy = note.method.rawValue
            provider = note.provider
        }
    }

    public struct Outcome: Encodable, Sendable {
        public var provider: ProviderID
        /// `answered`, `empty` or `failed`.
        public var status: String
        public var entries: Int
        public var latencyMs: Double
        public var error: ErrorInfo?
        /// `source` (asked just now), `cache` (a fresh cached answer) or `stale` (the source failed — see
        /// `staleBecause` — so an expired cached answer was served).
        public var origin: String
        /// When the cached answer was stored (origin `cache` or `stale`).
        public var cachedAt: Date?
        public var staleBecause: ErrorInfo?

        public init(_ outcome: ProviderOutcome) {
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

    public struct ErrorInfo: Encodable, Sendable {
        public var code: String
        public var message: String
        public var location: String?
        public var httpStatus: Int?
        public var retryAfterSeconds: Double?

        public init(_ error: ProviderError) {
            code = error.code.description
            message = error.message
            location = error.location
            httpStatus = error.httpStatus
            retryAfterSeconds = error.retryAfter.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
        }
    }

    public struct ProvidersDocument: Encodable, Sendable {
        public var schemaVersion = JSONOutput.schemaVersion
        public var command = "providers"
        public var providers: [ProviderInfo]
        public var problems: [String]
    }

    public struct ProviderInfo: Encodable, Sendable {
        public var id: ProviderID
        public var name: String
        public var description: String?
        public var capabilities: [String]
        public var languages: [Language]
        public var translations: [String]
        public var mode: String
        public var requiresCredentials: Bool
        public var source: String
        public var available: Bool
        /// `ready`, `not configured` or `unavailable`.
        public var status: String
        public var unavailableReason: String?
        /// The strategies `match` can use with it (none for a provider that does not match headwords).
        public var matchStrategies: [MatchStrategy] = []
    }

    public struct RandomDocument: Encodable, Sendable {
        public var schemaVersion = JSONOutput.schemaVersion
        public var command = "random"
        public var language: Language
        public var words: [String]
        /// The provider that gave the words.
        public var provider: ProviderID
        /// Providers tried before it that failed, in order.
        public var fallbackFrom: [Fallback]
    }

    public struct Fallback: Encodable, Sendable {
        public var provider: ProviderID
        public var error: ErrorInfo
    }

    /// `value` as compact JSON: keys sorted, slashes unescaped, no white space (the HTTP API's bodies).
    public static func encodeCompact(_ value: some Encodable) -> String {
        guard let bytes = try? FastJSONEncoder().encode(value) else { return "{}" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as compact JSON with its keys in the order it encodes them, not sorted (dictionaryapi.dev's bodies:
    /// `word, phonetic, phonetics, meanings, license, sourceUrls`, as the real API sends them).
    public static func encodeCompactInOrder(_ value: some Encodable) -> String {
        guard let bytes = try? FastJSONEncoder(sortedKeys: false).encode(value) else { return "{}" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as one line of JSON (NDJSON: `lookup --batch --format json`).
    public static func encodeLine(_ value: some Encodable) -> String {
        String(decoding: encodeLineBytes(value), as: UTF8.self)
    }

    /// ``encodeLine(_:)`` as UTF-8 bytes, for a writer that takes them as they are.
    public static func encodeLineBytes(_ value: some Encodable) -> [UInt8] {
        guard var bytes = try? FastJSONEncoder().encode(value) else { return Array("{}\n".utf8) }
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// `value` as indented JSON: keys sorted, two spaces, `"key" : value` (the bytes Foundation's `JSONEncoder`
    /// writes with `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes`).
    public static func encode(_ value: some Encodable) -> String {
        guard let bytes = try? FastJSONEncoder(pretty: true).encode(value) else { return "{}\n" }
        return String(decoding: bytes, as: UTF8.self) + "\n"
    }
}

/// `value` rounded to `places` decimal places (latencies in JSON, scores and sizes in text).
public func rounded(_ value: Double, places: Int) -> Double {
    var factor = 1.0
    for _ in 0..<places { factor *= 10 }
    return (value * factor).rounded() / factor
}
