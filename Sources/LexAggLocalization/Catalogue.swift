/// One catalogue entry: a text, or a text for each plural category of the language.
///
/// Texts are templates: `{1}`, `{2}` … are the arguments in order (a translation may reorder them), and `{n}` is
/// the count of a plural entry.
public enum CatalogueEntry: Sendable, ExpressibleByStringLiteral {
    case text(String)
    case plural(PluralForms)

    public init(stringLiteral value: String) { self = .text(value) }

    /// An English plural: one and other.
    static func plural(one: String, other: String) -> CatalogueEntry { .plural(PluralForms(one: one, other: other)) }

    /// A Russian plural: one (1, 21), few (2–4, 22–24) and many (0, 5–20, 25…).
    static func plural(one: String, few: String, many: String) -> CatalogueEntry {
        .plural(PluralForms(one: one, few: few, many: many))
    }

    /// Every template of the entry (one, or one per category).
    public var templates: [String] {
        switch self {
        case .text(let text): [text]
        case .plural(let forms): forms.keys.compactMap { forms[$0] }
        }
    }
}

/// The texts of a plural entry by category: fields, not a dictionary, which was built (hashing every category)
/// each time a plural text was asked for, as a lookup's footer does.
public struct PluralForms: Sendable {
    var one: String?
    var few: String?
    var many: String?
    var other: String?

    public subscript(category: PluralCategory) -> String? {
        switch category {
        case .one: one
        case .few: few
        case .many: many
        case .other: other
        }
    }

    /// The categories the entry gives a text for, in ``PluralCategory``'s order.
    public var keys: [PluralCategory] { PluralCategory.allCases.filter { self[$0] != nil } }
}

/// The text of `key` in the current language (``UILanguage/current``), its `{1}`, `{2}` … replaced by `arguments`.
public func localized(_ key: L10nKey, _ arguments: any CustomStringConvertible...) -> String {
    localized(key, in: UILanguage.current, arguments: arguments.map(\.description))
}

/// The form of `key` for `count` in the current language, its `{n}` replaced by the count and `{1}`, `{2}` … by
/// `arguments`: `localized(.wordCount, count: 21)` is "21 words", and "21 слово" in Russian.
public func localized(_ key: L10nKey, count: Int, _ arguments: any CustomStringConvertible...) -> String {
    localized(key, in: UILanguage.current, count: count, arguments: arguments.map(\.description))
}

/// The text of an error `key` in the current language, its `{1}`, `{2}` … replaced by `arguments`.
public func localized(_ key: ErrorKey, _ arguments: any CustomStringConvertible...) -> String {
    localized(key, in: UILanguage.current, arguments: arguments.map(\.description))
}

/// The form of an error `key` for `count` in the current language.
public func localized(_ key: ErrorKey, count: Int, _ arguments: any CustomStringConvertible...) -> String {
    localized(key, in: UILanguage.current, count: count, arguments: arguments.map(\.description))
}

/// The text of an error `key` in `language` (for count `count`, if it is a plural entry).
public func localized(_ key: ErrorKey, in language: UILanguage, count: Int? = nil, arguments: [String] = []) -> String {
    fill(language.entry(key), in: language, count: count, arguments: arguments)
}

/// The `--help` text of `key` in the current language.
public func localized(_ key: HelpKey) -> String {
    localized(key, in: UILanguage.current)
}

/// The `--help` text of `key` in `language`.
public func localized(_ key: HelpKey, in language: UILanguage) -> String {
    language.entry(key).templates.first ?? ""
}

/// The text of `key` in `language` (for count `count`, if it is a plural entry).
public func localized(_ key: L10nKey, in language: UILanguage, count: Int? = nil, arguments: [String] = []) -> String {
    fill(language.entry(key), in: language, count: count, arguments: arguments)
}

/// An entry's text for `count` (when it is plural) with its placeholders filled.
private func fill(_ entry: CatalogueEntry, in language: UILanguage, count: Int?, arguments: [String]) -> String {
    let template: String
    switch entry {
    case .text(let text):
        template = text
    case .plural(let forms):
        let category = PluralRule.category(of: count ?? 0, in: language)
        template = forms[category] ?? forms.other ?? forms.many ?? forms.one ?? forms.few ?? ""
    }
    return Template.fill(template, count: count, arguments: arguments)
}

/// Template substitution: `{1}` … `{9}` and `{n}`; any other brace is kept as it is.
public enum Template {
    public static func fill(_ template: String, count: Int?, arguments: [String]) -> String {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out.append(contentsOf: rest[..<open])  // the Substring overload: `+=` is the generic one
            let afterOpen = rest.index(after: open)
            if afterOpen < rest.endIndex, rest.index(after: afterOpen) < rest.endIndex,
               rest[rest.index(after: afterOpen)] == "}"
            {
                let name = rest[afterOpen]
                if name == "n", let count {
                    out += String(count)
                    rest = rest[rest.index(afterOpen, offsetBy: 2)...]
                    continue
                }
                if let digit = name.wholeNumberValue, digit >= 1, digit <= arguments.count {
                    out += arguments[digit - 1]
                    rest = rest[rest.index(afterOpen, offsetBy: 2)...]
                    continue
                }
            }
            out.append("{")
            rest = rest[afterOpen...]
        }
        out.append(contentsOf: rest)
        return out
    }

    /// The placeholders a template uses (`{1}`, `{n}` …), for the catalogue's consistency test.
    public static func placeholders(in template: String) -> Set<String> {
        var found = Set<String>()
        let characters = Array(template)
        for index in characters.indices.dropLast(2) where characters[index] == "{" && characters[index + 2] == "}" {
            let name = characters[index + 1]
            if name == "n" || (name.wholeNumberValue.map { $0 >= 1 } ?? false) { found.insert("{\(name)}") }
        }
        return found
    }
}
