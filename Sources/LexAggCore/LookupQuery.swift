#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A validated request to look a word up.
///
/// Create it with ``init(_:language:)``, which rejects input no provider should ever see, so providers can
/// rely on a query being non-empty, of sensible length and free of control characters.
public struct LookupQuery: Sendable, Hashable, Codable {
    /// The word as the user typed it, with surrounding white space removed and inner runs collapsed.
    public let term: String
    /// The language the word is in, when the user said.
    public let language: Language?

    /// The longest accepted word, in Unicode scalars (not grapheme clusters: combining marks count). Longer input
    /// is rejected before any provider is asked.
    public static let maximumLength = 256

    /// Validates `text` and creates a query.
    /// - Throws: ``QueryError`` when the text is empty, too long, or contains control characters.
    public init(_ text: String, language: Language? = nil) throws(QueryError) {
        self.term = try LookupQuery.validate(text)
        self.language = language
    }

    /// The checks every query passes: not empty, at most ``maximumLength`` characters, no control characters.
    public static func validate(_ text: String) throws(QueryError) -> String {
        // Printable ASCII without spaces and plain letters (most words; see PlainText): nothing to reject or
        // collapse, and no more scalars than bytes. Continuation bytes belong to a lead byte the test has passed.
        if !text.isEmpty, text.utf8.count <= maximumLength,
           text.utf8.allSatisfy({ ($0 > 0x20 && $0 < 0x7F) || ($0 >= 0x80 && $0 < 0xC0) || PlainText.isPlainLead($0) }) {
            return text
        }
        for scalar in text.unicodeScalars where scalar.properties.generalCategory == .control {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            throw QueryError.controlCharacter(scalar.value)
        }
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !collapsed.isEmpty else { throw QueryError.empty }
        // Unicode scalars, not grapheme clusters: one `e` with 200,000 combining marks is one character on screen
        // but 200,001 scalars (and 400 KB in a URL).
        let length = collapsed.unicodeScalars.count
        guard length <= maximumLength else { throw QueryError.tooLong(length) }
        for scalar in collapsed.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .format where scalar.value != 0x200D && scalar.value != 0x200C:
                throw QueryError.controlCharacter(scalar.value)
            case .unassigned, .surrogate, .privateUse:
                throw QueryError.invalidCharacter(scalar.value)
            // U+FFFD stands for bytes that were not UTF-8 (a batch file in Latin-1, a mangled argument): `caf\xE9`
            // was looked up as `caf�` and counted as not found.
            case _ where scalar.value == 0xFFFD:
                throw QueryError.invalidCharacter(scalar.value)
            default: continue
            }
        }
        return collapsed
    }
}

/// A validated request to translate a word in a chosen direction.
public struct TranslationQuery: Sendable, Hashable, Codable {
    public let term: String
    public let pair: LanguagePair

    public init(_ text: String, from source: Language, to target: Language) throws(QueryError) {
        guard !source.matches(target) else { throw QueryError.sameLanguage(source) }
        self.term = try LookupQuery.validate(text)
        self.pair = LanguagePair(source: source, target: target)
    }
}

/// Why user input cannot be a query.
public enum QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    case empty
    case tooLong(Int)
    case controlCharacter(UInt32)
    case invalidCharacter(UInt32)
    case sameLanguage(Language)

    public var description: String {
        switch self {
        case .empty:
            "the word is empty"
        case .tooLong(let count):
            "the word is \(count) characters long; the limit is \(LookupQuery.maximumLength)"
        case .controlCharacter(let value):
            "the word contains the control character \(QueryError.hex(value))"
        case .invalidCharacter(0xFFFD):
            "the word is not valid UTF-8 (bytes of another encoding show as U+FFFD)"
        case .invalidCharacter(let value):
            "the word contains \(QueryError.hex(value)), which is not a valid character"
        case .sameLanguage(let language):
            "source and target language are both \(language.code)"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// What a provider found. An empty result means "not found", which is an answer, not a failure.
public struct LookupResult: Sendable, Hashable, Codable {
    public var entries: [Entry]
    /// When the answer was stored, if it comes from a cache rather than from the source just now.
    public var cachedAt: Date?

    public init(entries: [Entry], cachedAt: Date? = nil) {
        self.entries = entries
        self.cachedAt = cachedAt
    }

    public static let notFound = LookupResult(entries: [])

    public var isEmpty: Bool { entries.allSatisfy(\.isEmpty) }
}
