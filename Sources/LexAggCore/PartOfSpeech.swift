/// A part of speech, normalised to a lower-case English name (`noun`, `verb`, `adjective`, `proper noun`).
///
/// Providers spell parts of speech in many ways (`n`, `Noun`, `adj`, `Nomen`); ``init(_:)`` maps the common
/// abbreviations and keeps anything else, lower-cased, so no information is lost.
public struct PartOfSpeech: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let name: String

    public init(_ text: String) {
        let key = text.trimmingWhitespace().lowercased()
        self.name = PartOfSpeech.aliases[key] ?? key
    }

    public var description: String { name }

    public static func < (lhs: PartOfSpeech, rhs: PartOfSpeech) -> Bool { lhs.name < rhs.name }

    public static let noun = PartOfSpeech("noun")
    public static let verb = PartOfSpeech("verb")
    public static let adjective = PartOfSpeech("adjective")
    public static let adverb = PartOfSpeech("adverb")

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    static let aliases: [String: String] = [
        "n": "noun", "n.": "noun", "v": "verb", "v.": "verb", "adj": "adjective", "adj.": "adjective",
        "a": "adjective", "s": "adjective", "adv": "adverb", "adv.": "adverb", "r": "adverb",
        "prep": "preposition", "prep.": "preposition", "conj": "conjunction", "conj.": "conjunction",
        "interj": "interjection", "interj.": "interjection", "pron": "pronoun", "pron.": "pronoun",
        "num": "numeral", "art": "article", "propn": "proper noun",
        // German names (PONS's monolingual dictionary: `Nomen` was shown as "nomen").
        "nomen": "noun", "substantiv": "noun", "verb": "verb", "transitives verb": "transitive verb",
        "intransitives verb": "intransitive verb", "reflexives verb": "reflexive verb", "adjektiv": "adjective",
        "präposition": "preposition", "konjunktion": "conjunction", "pronomen": "pronoun", "interjektion": "interjection",
        "artikel": "article", "numerale": "numeral", "zahlwort": "numeral", "partikel": "particle", "eigenname": "proper noun",
    ]
}
