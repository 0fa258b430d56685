/// The stable identifier of a provider, such as `wordnet` or `wiktionary`.
///
/// Each provider module declares its identifier once, as a static member in an extension, and nothing else
/// spells the raw string. Identifiers are lower-case ASCII letters, digits and `-`.
public struct ProviderID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    /// Creates an identifier, or returns `nil` when `rawValue` is not a valid identifier.
    public init?(_ rawValue: String) {
        // Byte by byte: the same rule as ASCII characters that are lower-case, digits or `-` (a `Character` test per
        // letter cost ~10,000 instructions an id, paid for every provenance of a cached answer).
        let bytes = rawValue.utf8
        guard !bytes.isEmpty, bytes.count <= 64, bytes.first != UInt8(ascii: "-"),
              bytes.allSatisfy({ ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "-") })
        else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: ProviderID, rhs: ProviderID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = ProviderID(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a provider id: \(text)")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
