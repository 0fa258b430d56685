/// The CLDR plural categories lexagg's languages use for whole numbers.
public enum PluralCategory: String, Sendable, CaseIterable {
    case one, few, many, other
}

/// CLDR's plural rules for whole numbers (https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html).
public enum PluralRule {
    /// The category of `count` in `language`: English one (1) / other; Russian one (1, 21, 101 …, not 11),
    /// few (2–4, 22–24 …, not 12–14), many (0, 5–20, 25–30 …).
    public static func category(of count: Int, in language: UILanguage) -> PluralCategory {
        let n = count.magnitude
        switch language {
        case .english:
            return n == 1 ? .one : .other
        case .russian:
            let lastDigit = n % 10, lastTwo = n % 100
            if lastDigit == 1 && lastTwo != 11 { return .one }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return .few }
            return .many
        }
    }

    /// The categories a catalogue of `language` must give for every plural key.
    public static func categories(of language: UILanguage) -> Set<PluralCategory> {
        switch language {
        case .english: [.one, .other]
        case .russian: [.one, .few, .many]
        }
    }
}
