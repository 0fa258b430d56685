/// The stable identifier of a provider, such as `wordnet` or `wiktionary`.
///
/// Each provider module declares its identifier once, as a static member in an extension, and nothing else
/// spells the raw string. Identifiers are lower-case ASCII letters, digits and `-`.
public struct ProviderID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    public let rawValue: String

    /// Creates an identifier, or returns `nil` when `rawValue` is not a valid identifier.
    public init?(_ rawValue: String) {
        guard !rawValue.isEmpty, rawValue.count <= 64,
              rawValue.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }),
              rawValue.first != "-"
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
