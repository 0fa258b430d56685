/// How a pattern is compared with headwords: the strategies of the DICT protocol (RFC 2229 and dictd's), used by
/// `lexagg match`, the DICT server's `MATCH` and `SHOW STRAT`, and the HTTP and MCP `match`.
public enum MatchStrategy: String, CaseIterable, Sendable, Codable, Hashable, CustomStringConvertible {
    /// The headword, ignoring case (and, for providers that fold them, diacritics).
    case exact
    /// Headwords that start with the pattern.
    case prefix
    /// Headwords that contain the pattern.
    case substring
    /// Headwords that end with the pattern.
    case suffix
    /// Headwords matching a POSIX extended regular expression.
    case regex
    /// Headwords with the same Soundex code.
    case soundex
    /// Headwords within a Levenshtein distance of one (dictd's `lev`), or the closest spellings a provider knows.
    case lev

    /// One line for `SHOW STRAT` and `--help`.
    public var summary: String {
        switch self {
        case .exact: "Match headwords exactly"
        case .prefix: "Match prefixes"
        case .substring: "Match substring occurring anywhere in a headword"
        case .suffix: "Match suffixes"
        case .regex: "POSIX 1003.2 (modern) regular expressions"
        case .soundex: "Match using SOUNDEX algorithm"
        case .lev: "Match headwords within Levenshtein distance one"
        }
    }

    public var description: String { rawValue }
}

/// A validated request for headwords that match a pattern.
public struct MatchQuery: Sendable, Hashable, Codable {
    /// The pattern: a word, a prefix, or for ``MatchStrategy/regex`` a regular expression.
    public let pattern: String
    public let strategy: MatchStrategy
    /// The language of the headwords, when the user said.
    public let language: Language?
    /// At most this many headwords from each provider.
    public let limit: Int

    /// The most headwords a provider is asked for.
    public static let maximumLimit = 1000

    /// Validates `pattern` like a word (not empty, not too long, no control characters).
    /// - Throws: ``QueryError``.
    public init(_ pattern: String, strategy: MatchStrategy, language: Language? = nil, limit: Int = 100) throws(QueryError) {
        self.pattern = try LookupQuery.validate(pattern)
        self.strategy = strategy
        self.language = language
        self.limit = max(1, min(limit, Self.maximumLimit))
    }
}
