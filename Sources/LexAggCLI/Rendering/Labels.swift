#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import LexAggLocalization

/// A part of speech as the reader's language names it: the usual ones from the catalogue, any other (a provider's
/// own label, such as "phrasal verb") as the provider wrote it.
func partOfSpeechLabel(_ name: String) -> String {
    let key: L10nKey? = switch name {
    case "noun": .posNoun
    case "verb": .posVerb
    case "adjective": .posAdjective
    case "adverb": .posAdverb
    case "preposition": .posPreposition
    case "conjunction": .posConjunction
    case "interjection": .posInterjection
    case "pronoun": .posPronoun
    case "numeral", "number": .posNumeral
    case "article": .posArticle
    case "determiner": .posDeterminer
    case "particle": .posParticle
    case "phrase": .posPhrase
    case "prefix": .posPrefix
    case "suffix": .posSuffix
    case "abbreviation": .posAbbreviation
    case "proper noun", "name": .posProperNoun
    case "idiom": .posIdiom
    default: nil
    }
    guard let key, UILanguage.current != .english else { return name }
    return localized(key)
}

/// A part of speech's label (`masculine inanimate`, `masculine or feminine`, which the providers write in English
/// words) in the reader's language — `м. р., неодуш.`, `м. р. или ж. р.` — when every word of it is one the catalogue
/// knows; any other label (a source's own, "umgangssprachlich") as the source wrote it.
func grammarLabel(_ label: String) -> String {
    guard UILanguage.current != .english else { return label }
    func word(_ text: Substring) -> String? {
        let key: L10nKey? = switch text {
        case "masculine": .gramMasculine
        case "feminine": .gramFeminine
        case "neuter": .gramNeuter
        case "common": .gramCommon
        case "animate": .gramAnimate
        case "inanimate": .gramInanimate
        case "personal": .gramPersonal
        case "perfective": .gramPerfective
        case "imperfective": .gramImperfective
        case "plural": .gramPlural
        case "singular": .gramSingular
        default: nil
        }
        return key.map { localized($0) }
    }
    var alternatives: [String] = []
    for alternative in label.components(separatedBy: " or ") {
        let words = alternative.split(separator: " ").map(word)
        guard !words.isEmpty, words.allSatisfy({ $0 != nil }) else { return label }
        alternatives.append(words.map { $0! }.joined(separator: ", "))
    }
    return alternatives.joined(separator: " " + localized(.gramOr) + " ")
}

/// A sense's usage label (`transitive`, `chiefly US`, `botany`) as dictionaries in the reader's language abbreviate
/// it (``SenseLabels``: `перех.`, `преим. амер.`, `бот.`), or a grammatical one as ``grammarLabel(_:)`` words it; any
/// other as the source wrote it.
func senseLabel(_ label: String) -> String {
    guard UILanguage.current != .english else { return label }
    if let text = SenseLabels.text(label) { return text }
    return grammarLabel(label)
}

/// What an inflected form is of its lemma (`past tense of walk`) in the reader's language — `прош. вр. от walk` —
/// when the form's words are in ``SenseLabels``; in English words otherwise.
func lemmaSummary(_ note: LemmaNote) -> String {
    let summary = ControlCharacters.replaced(note.summary)
    guard UILanguage.current != .english else { return summary }
    let lemma = ControlCharacters.replaced(note.formOf.lemma)
    guard let form = note.formOf.name else { return localized(.lemmaAFormOf, lemma) }
    guard !form.hasSuffix("+") else { return summary }
    // `plural or third-person singular`: each reading.
    var readings: [String] = []
    for reading in form.components(separatedBy: " or ") {
        guard let text = SenseLabels.text(reading) else { return summary }
        readings.append(text)
    }
    return localized(.lemmaFormOf, readings.joined(separator: " " + localized(.gramOr) + " "), lemma)
}

/// What an inflected form is of each of its lemmas, most likely first: `plural of leaf; third person singular of
/// leave`.
func lemmaSummary(_ notes: [LemmaNote]) -> String {
    notes.map(lemmaSummary).joined(separator: "; ")
}

/// A pronunciation's accent (`UK, US`, `General American`) in the reader's language (`брит., амер.`) when every
/// part of it is in ``SenseLabels``; as the source wrote it otherwise.
func accentLabel(_ accent: String) -> String {
    guard UILanguage.current != .english else { return accent }
    var parts: [String] = []
    for part in accent.components(separatedBy: ", ") {
        guard let text = SenseLabels.text(part) else { return accent }
        parts.append(text)
    }
    return parts.joined(separator: ", ")
}

/// A date (UTC) in the reader's language: `2026-11-21`, `21.11.2026`.
func dayString(_ date: Date) -> String {
    let parts = utcComponents(date)
    return DateText.day(year: parts.year!, month: parts.month!, day: parts.day!)
}

/// "2026-11-21": a day (UTC) as data (a key, not text for the reader), whatever the language.
func isoDayString(_ date: Date) -> String {
    CivilDate(date).isoDay
}

/// A time (UTC) in the reader's language: `2026-11-22 09:30 UTC`, `22.11.2026 09:30 UTC`.
func formatTime(_ date: Date) -> String {
    let parts = utcComponents(date)
    return DateText.dayAndTime(
        year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!
    )
}

private func utcComponents(_ date: Date) -> DateComponents {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
}

extension Language {
    /// The language's name in the reader's language ("German", "немецкий"); its English name where the catalogue
    /// has none.
    var displayName: String { LanguageNames.name(of: primary) ?? englishName }
}

/// A text both in English, for JSON (which never changes with the language), and in the reader's language, for the
/// screen: `doctor`'s checks, `config show`'s warnings.
struct Phrase {
    var english: String
    var shown: String

    init(_ key: L10nKey, _ arguments: any CustomStringConvertible...) {
        let arguments = arguments.map(\.description)
        english = localized(key, in: .english, arguments: arguments)
        shown = localized(key, in: UILanguage.current, arguments: arguments)
    }

    /// A text that is the same in every language (a command line, another module's message).
    init(same text: String) {
        self.init(english: text, shown: text)
    }

    init(english: String, shown: String) {
        self.english = english
        self.shown = shown
    }

    static func + (lhs: Phrase, rhs: Phrase) -> Phrase {
        Phrase(english: lhs.english + rhs.english, shown: lhs.shown + rhs.shown)
    }
}
