/// Names of the languages of words (not of lexagg's own text) in each catalogue's language, for headings such as
/// "English → German" and "also in: Czech". A language not listed keeps its English name.
public enum LanguageNames {
    /// The name of the language with ISO 639-1 `code` in `language`; `nil` where the table has none (English
    /// names come from `LexAggCore.Language`).
    public static func name(of code: String, in language: UILanguage = UILanguage.current) -> String? {
        switch language {
        case .english: nil
        case .russian: russian[code]
        }
    }

    static let russian: [String: String] = [
        "en": "английский", "de": "немецкий", "fr": "французский", "es": "испанский", "it": "итальянский",
        "pt": "португальский", "ru": "русский", "uk": "украинский", "be": "белорусский", "pl": "польский",
        "cs": "чешский", "sk": "словацкий", "nl": "нидерландский", "sv": "шведский", "da": "датский",
        "no": "норвежский", "nb": "норвежский (букмол)", "fi": "финский", "et": "эстонский", "lv": "латышский",
        "lt": "литовский", "hu": "венгерский", "ro": "румынский", "bg": "болгарский", "sr": "сербский",
        "hr": "хорватский", "sl": "словенский", "el": "греческий", "tr": "турецкий", "ar": "арабский",
        "he": "иврит", "fa": "персидский", "hi": "хинди", "zh": "китайский", "ja": "японский", "ko": "корейский",
        "la": "латынь", "eo": "эсперанто", "ga": "ирландский", "cy": "валлийский", "is": "исландский",
        "ka": "грузинский", "hy": "армянский", "kk": "казахский", "tt": "татарский", "ca": "каталанский",
        "id": "индонезийский", "vi": "вьетнамский", "th": "тайский",
    ]
}
