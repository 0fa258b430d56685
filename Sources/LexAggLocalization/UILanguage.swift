/// A language lexagg's own text is written in (messages, labels, help), as opposed to the languages of the words
/// it looks up. Provider content (definitions, examples) is never translated.
///
/// ## Adding a language
/// A case here, its catalogues (files like `Russian.swift`, `RussianErrors.swift` and `RussianHelp.swift`: each one
/// an exhaustive `switch` over ``L10nKey``, ``ErrorKey`` or ``HelpKey``, so a key without a translation does not
/// compile) named in the three `entry` functions below, its plural rule in ``PluralRule``, its date format in
/// ``DateText``, its names of languages in ``LanguageNames`` and its abbreviations of usage labels in ``SenseLabels``.
public enum UILanguage: String, CaseIterable, Sendable, Hashable {
    case english = "en"
    case russian = "ru"

    /// The language of a code (`ru`), a locale name (`ru_RU.UTF-8`, `ru-RU`, `ru_RU@euro`) or its English name;
    /// `nil` for one lexagg has no catalogue for (including `C` and `POSIX`).
    public init?(code text: String) {
        let code = text.prefix { $0.isLetter }.lowercased()
        switch code {
        case "en", "eng", "english": self = .english
        case "ru", "rus", "russian": self = .russian
        default: return nil
        }
    }

    /// The text of `key` in this language.
    package func entry(_ key: L10nKey) -> CatalogueEntry {
        switch self {
        case .english: English.entry(key)
        case .russian: Russian.entry(key)
        }
    }

    /// The text of an error `key` in this language.
    package func entry(_ key: ErrorKey) -> CatalogueEntry {
        switch self {
        case .english: EnglishErrors.entry(key)
        case .russian: RussianErrors.entry(key)
        }
    }

    /// The `--help` text of `key` in this language.
    package func entry(_ key: HelpKey) -> CatalogueEntry {
        switch self {
        case .english: EnglishHelp.entry(key)
        case .russian: RussianHelp.entry(key)
        }
    }

    /// Chooses the language once, at start-up: `--ui-language`, then `ui.language` in the configuration, then the
    /// first of `LC_ALL`, `LC_MESSAGES`, `LANG` and `LANGUAGE` that is set (`LANGUAGE` may list several, `ru:en`);
    /// the first of these that is given decides, and a language lexagg has no catalogue for gives English, silently.
    public static func choose(flag: String?, configured: String?, environment: [String: String]) -> UILanguage {
        if let flag, !flag.isEmpty { return UILanguage(code: flag) ?? .english }
        if let configured, !configured.isEmpty { return UILanguage(code: configured) ?? .english }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            if variable == "LANGUAGE" {
                return value.split(separator: ":").lazy.compactMap { UILanguage(code: String($0)) }.first ?? .english
            }
            return UILanguage(code: value) ?? .english
        }
        return .english
    }

    /// Finds `--ui-language X` or `--ui-language=X` in a command line and removes it, so that the language is known
    /// before anything is parsed or printed (help and parse errors included). Only arguments before a `--` count.
    /// - Returns: the value (the last one given) and the remaining arguments.
    public static func extractFlag(from arguments: [String]) -> (value: String?, arguments: [String]) {
        var rest: [String] = []
        var value: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--ui-language", index + 1 < arguments.count {
                value = arguments[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("--ui-language=") {
                value = String(argument.dropFirst("--ui-language=".count))
                index += 1
                continue
            }
            rest.append(argument)
            index += 1
        }
        return (value, rest)
    }

    /// The language the current task speaks: set once by the command line's entry point for everything it runs.
    @TaskLocal public static var current: UILanguage = .english
}
