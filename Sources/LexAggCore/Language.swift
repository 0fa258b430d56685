/// A language, identified by a lower-case ISO 639-1 code (`en`) or, where no two-letter code exists,
/// an ISO 639-3 code, optionally followed by BCP-47 subtags (`pt-br`).
///
/// Codes are validated and normalised on creation, so a `Language` is never a raw, unchecked string.
public struct Language: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The normalised code, lower-case, subtags separated by `-`.
    public let code: String

    /// Creates a language from a code such as `en`, `DE`, `pt_BR` or `eng`.
    ///
    /// Three-letter codes that have a two-letter equivalent are mapped to it (`eng` → `en`).
    /// Returns `nil` when the text is not shaped like a language code.
    public init?(_ text: String) {
        // Already normalised two-letter codes (`en`, the usual case) need no work.
        if text.utf8.count == 2, text.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) {
            code = text
            return
        }
        // Three lower-case letters (FreeDict's `eng`, `deu`): what the general path below makes of them, directly.
        if text.utf8.count == 3, text.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) {
            code = Language.iso639_3To1[text] ?? text
            return
        }
        let normalised = text.trimmingWhitespace().lowercased().replacingUnderscores()
        let parts = normalised.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = parts.first, (2...3).contains(primary.count),
              primary.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        for subtag in parts.dropFirst() {
            guard (1...8).contains(subtag.count), subtag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
        }
        var primaryCode = String(primary)
        if primaryCode.count == 3, let short = Language.iso639_3To1[primaryCode] { primaryCode = short }
        // Appended one by one: `joined(separator:)` is not specialised here, and its first use costs a scan of
        // every protocol conformance record of the binary (Benchmarks/startup-callgrind.sh).
        for subtag in parts.dropFirst() {
            primaryCode.append("-")
            primaryCode.append(contentsOf: subtag)
        }
        self.code = primaryCode
    }

    /// The primary language subtag (`pt` for `pt-br`).
    public var primary: String { code.utf8.contains(UInt8(ascii: "-")) ? String(code.prefix { $0 != "-" }) : code }

    /// The English name of the language when it is one lexagg knows, otherwise the code.
    public var englishName: String {
        // A code Wiktionary names whole (`gmw-stm` Sathmar Swabian, `nds-de` German Low German), not by its first
        // part (West Germanic, Low German); a region's (`en-US`) by the language's.
        if code.utf8.contains(UInt8(ascii: "-")), let whole = LanguageCatalogue.tables.names[code] { return whole }
        return Language.name(of: primary) ?? code
    }

    public var description: String { code }

    public static func < (lhs: Language, rhs: Language) -> Bool { lhs.code < rhs.code }

    /// The ISO 639-3 code FreeDict file names use (`eng` for `en`), when known.
    public static func iso639_3(_ language: Language) -> String? {
        iso639_1To3[language.primary]
    }

    /// ISO 639-1 to the ISO 639-3 (terminology) codes FreeDict uses in file names.
    static let iso639_1To3: [String: String] = [
        "en": "eng", "de": "deu", "fr": "fra", "es": "spa", "it": "ita", "pt": "por", "nl": "nld", "ro": "ron",
        "zh": "zho", "ja": "jpn", "ru": "rus", "pl": "pol", "sv": "swe", "fi": "fin", "da": "dan", "no": "nor",
        "cs": "ces", "sk": "slk", "sl": "slv", "el": "ell", "tr": "tur", "hu": "hun", "la": "lat", "ar": "ara",
        "hi": "hin", "ko": "kor", "uk": "ukr", "bg": "bul", "hr": "hrv", "sr": "srp", "ga": "gle", "cy": "cym",
        "eo": "epo", "af": "afr", "is": "isl", "lt": "lit", "lv": "lav", "et": "est", "he": "heb", "fa": "fas",
    ]

    /// The codes of the languages lexagg names itself (not by Wiktionary's table), in code order.
    public static var namedCodes: [String] { names.map(\.code) }

    /// Whether lexagg knows this language by name (a well-formed but unknown code such as `xx` is not).
    public static func isKnown(_ language: Language) -> Bool { name(of: language.primary) != nil }

    /// Whether a source in this language can answer a request for `other`: the same primary subtag, or Chinese
    /// (`zh`) and Mandarin (`cmn`), which a reader does not tell apart and Wiktionary does (its entries are `zh`, its
    /// translation tables' Mandarin items `cmn`): `translate … --to zh` and `--to cmn` find the same words.
    public func matches(_ other: Language) -> Bool {
        let primary = primary, otherPrimary = other.primary
        return primary == otherPrimary || (Self.isStandardChinese(primary) && Self.isStandardChinese(otherPrimary))
    }

    private static func isStandardChinese(_ primary: String) -> Bool { primary == "zh" || primary == "cmn" }

    public static let english = Language(known: "en")
    public static let german = Language(known: "de")
    public static let french = Language(known: "fr")
    public static let spanish = Language(known: "es")

    private init(known code: String) { self.code = code }

    /// English names by code, sorted by code: looked up by binary search (building a dictionary of them at first use
    /// was 46,000 instructions of a lookup that names three languages).
    static let names: [(code: String, name: String)] = [
        ("af", "Afrikaans"), ("am", "Amharic"), ("ang", "Old English"), ("ar", "Arabic"), ("az", "Azerbaijani"),
        ("be", "Belarusian"), ("bg", "Bulgarian"), ("bn", "Bengali"), ("br", "Breton"), ("ca", "Catalan"),
        ("cs", "Czech"), ("cy", "Welsh"), ("da", "Danish"), ("de", "German"), ("el", "Greek"), ("en", "English"),
        ("enm", "Middle English"), ("eo", "Esperanto"), ("es", "Spanish"), ("et", "Estonian"), ("eu", "Basque"),
        ("fa", "Persian"), ("fi", "Finnish"), ("fo", "Faroese"), ("fr", "French"), ("fy", "West Frisian"),
        ("ga", "Irish"), ("gd", "Scottish Gaelic"), ("gl", "Galician"), ("got", "Gothic"), ("grc", "Ancient Greek"),
        ("haw", "Hawaiian"), ("he", "Hebrew"), ("hi", "Hindi"), ("hr", "Croatian"), ("hu", "Hungarian"),
        ("hy", "Armenian"), ("id", "Indonesian"), ("is", "Icelandic"), ("it", "Italian"), ("ja", "Japanese"),
        ("ka", "Georgian"), ("kk", "Kazakh"), ("km", "Khmer"), ("ko", "Korean"), ("ku", "Kurdish"), ("la", "Latin"),
        ("lb", "Luxembourgish"), ("lo", "Lao"), ("lt", "Lithuanian"), ("lv", "Latvian"), ("mi", "Maori"),
        ("mk", "Macedonian"), ("mn", "Mongolian"), ("mr", "Marathi"), ("ms", "Malay"), ("mt", "Maltese"),
        ("my", "Burmese"), ("nb", "Norwegian Bokmål"), ("ne", "Nepali"), ("nl", "Dutch"), ("nn", "Norwegian Nynorsk"),
        ("no", "Norwegian"), ("non", "Old Norse"), ("oc", "Occitan"), ("pa", "Punjabi"), ("pl", "Polish"),
        ("pt", "Portuguese"), ("ro", "Romanian"), ("ru", "Russian"), ("sa", "Sanskrit"), ("si", "Sinhala"),
        ("sk", "Slovak"), ("sl", "Slovenian"), ("so", "Somali"), ("sq", "Albanian"), ("sr", "Serbian"),
        ("sv", "Swedish"), ("sw", "Swahili"), ("ta", "Tamil"), ("te", "Telugu"), ("th", "Thai"), ("tl", "Tagalog"),
        ("tr", "Turkish"), ("uk", "Ukrainian"), ("ur", "Urdu"), ("vi", "Vietnamese"), ("xh", "Xhosa"),
        ("yi", "Yiddish"), ("yo", "Yoruba"), ("zh", "Chinese"), ("zu", "Zulu"),
    ]

    /// The English name of the primary subtag `code`, if lexagg knows it.
    static func name(of code: String) -> String? {
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle].code < code { low = middle + 1 } else { high = middle }
        }
        if low < names.count && names[low].code == code { return names[low].name }
        // Any other code Wiktionary names (`xno` Anglo-Norman, `cmn` Mandarin, `mul` Translingual): entries in
        // those languages showed the bare code.
        return LanguageCatalogue.tables.names[code]
    }

    /// ISO 639-3 (and 639-2/B) codes used in dictionary file names, mapped to ISO 639-1.
    static let iso639_3To1: [String: String] = [
        "eng": "en", "deu": "de", "ger": "de", "fra": "fr", "fre": "fr", "spa": "es", "ita": "it",
        "por": "pt", "nld": "nl", "dut": "nl", "ron": "ro", "rum": "ro", "zho": "zh", "chi": "zh",
        "jpn": "ja", "rus": "ru", "pol": "pl", "swe": "sv", "fin": "fi", "dan": "da", "nor": "no",
        "nob": "nb", "nno": "nn", "ces": "cs", "cze": "cs", "slk": "sk", "slo": "sk", "slv": "sl",
        "ell": "el", "gre": "el", "tur": "tr", "hun": "hu", "lat": "la", "ara": "ar", "hin": "hi",
        "kor": "ko", "ukr": "uk", "bul": "bg", "hrv": "hr", "srp": "sr", "gle": "ga", "cym": "cy",
        "wel": "cy", "epo": "eo", "afr": "af", "isl": "is", "ice": "is", "lit": "lt", "lav": "lv",
        "est": "et", "heb": "he", "fas": "fa", "per": "fa", "tha": "th", "vie": "vi", "ind": "id",
        "msa": "ms", "cat": "ca", "glg": "gl", "eus": "eu", "baq": "eu", "kur": "ku", "swa": "sw",
        "ben": "bn", "bre": "br", "gla": "gd", "oci": "oc", "swh": "sw", "mkd": "mk", "sqi": "sq",
    ]
}

extension Language: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let language = Language(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a language code: \(text)")
        }
        self = language
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}

/// A translation direction: from one language into another.
public struct LanguagePair: Hashable, Sendable, Codable, CustomStringConvertible {
    public var source: Language
    public var target: Language

    public init(source: Language, target: Language) {
        self.source = source
        self.target = target
    }

    public var description: String { "\(source.code)→\(target.code)" }
}

extension String {
    /// The string without leading and trailing white space (Unicode `White_Space`).
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        // Most text starts and ends with a letter: nothing to trim, no property lookups.
        if let first = scalars.first, let last = scalars.last,
           PlainText.isPlainNonWhitespace(first), PlainText.isPlainNonWhitespace(last) {
            return self
        }
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }

    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
