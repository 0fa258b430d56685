import Foundation
import LexAggLocalization
import Testing

/// The catalogues agree with each other: every key has a real text in every language, with the same placeholders,
/// and every plural key gives each form its language needs.
///
/// A key missing from a language's `switch` does not compile at all; these tests catch what the compiler cannot:
/// a text left empty or in English, a placeholder dropped or misspelt, a plural form missing.
@Suite struct CatalogueTests {
    /// Placeholders a template refers to; `{n}` only in plural entries.
    func placeholders(_ entry: CatalogueEntry) -> Set<String> {
        entry.templates.reduce(into: Set<String>()) { $0.formUnion(Template.placeholders(in: $1)) }
    }

    @Test(arguments: UILanguage.allCases)
    func everyKeyHasATextWithTheSamePlaceholdersAsEnglish(_ language: UILanguage) {
        for key in L10nKey.allCases {
            let english = UILanguage.english.entry(key), entry = language.entry(key)
            #expect(entry.templates.allSatisfy { !$0.isEmpty }, "\(language): \(key) is empty")
            var expected = placeholders(english), found = placeholders(entry)
            // "once" needs no number: a plural form may leave {n} out.
            expected.remove("{n}")
            found.remove("{n}")
            #expect(found == expected, "\(language): \(key) uses \(found.sorted()), English \(expected.sorted())")
            // Every form of a plural entry has the same positional placeholders.
            for template in entry.templates {
                var own = Template.placeholders(in: template)
                own.remove("{n}")
                #expect(own == expected, "\(language): a form of \(key) uses \(own.sorted()): \(template)")
            }
        }
    }

    @Test(arguments: UILanguage.allCases)
    func pluralEntriesGiveEveryFormOfTheLanguage(_ language: UILanguage) {
        for key in L10nKey.allCases {
            let isPlural: (CatalogueEntry) -> Bool = { if case .plural = $0 { true } else { false } }
            #expect(isPlural(language.entry(key)) == isPlural(UILanguage.english.entry(key)),
                    "\(language): \(key) is plural in one language and not in the other")
            guard case .plural(let forms) = language.entry(key) else { continue }
            #expect(Set(forms.keys) == PluralRule.categories(of: language),
                    "\(language): \(key) has forms \(forms.keys.map(\.rawValue).sorted())")
        }
    }

    /// Texts that read the same in every language (a column heading "ID", a line of placeholders only).
    static let sameInEveryLanguage: Set<L10nKey> = [.columnID, .batchSummary]

    /// A translation that is the English text again is a key someone forgot to translate.
    @Test func noRussianTextIsLeftInEnglish() {
        for key in L10nKey.allCases where !Self.sameInEveryLanguage.contains(key) {
            let english = UILanguage.english.entry(key).templates, russian = UILanguage.russian.entry(key).templates
            let hasLatinWords = english.contains { $0.contains { $0.isLetter && $0.isASCII } }
            #expect(!(hasLatinWords && english == russian), "\(key) is not translated: \(russian)")
            // Russian text is written in Cyrillic (beyond commands, flags and placeholders).
            let cyrillic = russian.allSatisfy { template in
                template.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } || !hasProse(template)
            }
            #expect(cyrillic, "\(key) has no Russian words: \(russian)")
        }
    }

    /// Whether a template has English words outside commands and flags ("not found", not "--page {1}").
    func hasProse(_ template: String) -> Bool {
        template.split(separator: " ").contains { word in
            word.count > 2 && word.allSatisfy { $0.isLetter && $0.isASCII } && word != "lexagg"
        }
    }

    /// Every `--help` text in every language: never empty, never the English text again, no placeholders.
    @Test func everyHelpTextIsWritten() {
        for key in HelpKey.allCases {
            let english = localized(key, in: .english), russian = localized(key, in: .russian)
            #expect(!english.isEmpty && !russian.isEmpty, "\(key) is empty")
            #expect(english != russian, "\(key) is not translated")
            #expect(russian.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(key) has no Russian")
            #expect(Template.placeholders(in: english).isEmpty && Template.placeholders(in: russian).isEmpty)
            // The examples (command lines, without their comments) are the same in both languages.
            let examples = { (text: String) in
                text.split(separator: "\n").filter { $0.hasPrefix("  lexagg ") }
                    .map { String($0.dropFirst(2)).components(separatedBy: "  ")[0] }
            }
            #expect(examples(english) == examples(russian), "\(key): the examples differ")
            // An example with a comment fits an 80-column terminal: wrapped, its comment would start a line of its
            // own, unindented (a longer one puts the comment on the line above).
            for text in [english, russian] {
                for line in text.split(separator: "\n") where line.hasPrefix("  lexagg ") && (line.contains("  #") || line.contains("  (")) {
                    #expect(line.count <= 78, "\(key): \(line.count) columns: \(line)")
                }
                // Every line of an example block fits too: wrapped, a command line's rest starts a line of its own,
                // unindented, and is no longer copied with it (a long one goes on with `\`).
                var inExamples = false
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line == "Examples:" || line == "Примеры:" { inExamples = true; continue }
                    if line.isEmpty { inExamples = false }
                    if inExamples { #expect(line.count <= 78, "\(key): \(line.count) columns: \(line)") }
                }
            }
        }
    }

    @Test func theRussianPluralsReadRight() {
        let cases: [(Int, String)] = [
            (0, "0 слов"), (1, "1 слово"), (2, "2 слова"), (4, "4 слова"), (5, "5 слов"), (11, "11 слов"),
            (12, "12 слов"), (14, "14 слов"), (21, "21 слово"), (22, "22 слова"), (25, "25 слов"), (101, "101 слово"),
            (111, "111 слов"), (1002, "1002 слова"),
        ]
        for (count, text) in cases {
            #expect(localized(.wordCount, in: .russian, count: count) == text)
        }
        #expect(localized(.wordCount, in: .english, count: 1) == "1 word")
        #expect(localized(.wordCount, in: .english, count: 21) == "21 words")
        #expect(localized(.wordCount, in: .english, count: 0) == "0 words")
    }

    @Test func argumentsFillTheirPlaceholdersInTheTranslationsOrder() {
        #expect(localized(.lookupNoEntry, in: .english, arguments: ["xyzzy", "wordnet"]) == "no entry for 'xyzzy' in wordnet")
        #expect(localized(.lookupNoEntry, in: .russian, arguments: ["xyzzy", "wordnet"])
            == "слово «xyzzy» не найдено в словарях: wordnet")
        #expect(Template.fill("{2} before {1}, {n}, {x} {", count: 3, arguments: ["a", "b"]) == "b before a, 3, {x} {")
        // An argument is never read as a template itself.
        #expect(Template.fill("«{1}»", count: nil, arguments: ["{2}"]) == "«{2}»")
    }

    @Test func theCurrentLanguageIsTheTasks() async {
        #expect(localized(.footerNotFound) == "not found")
        await UILanguage.$current.withValue(.russian) {
            #expect(localized(.footerNotFound) == "не найдено")
            #expect(localized(.wordCount, count: 21) == "21 слово")
            await Task { #expect(localized(.footerNotFound) == "не найдено") }.value
        }
    }

    @Test func datesAreWrittenTheLanguagesWay() {
        #expect(DateText.day(year: 2026, month: 11, day: 3, in: .english) == "2026-11-03")
        #expect(DateText.day(year: 2026, month: 11, day: 3, in: .russian) == "03.11.2026")
        #expect(DateText.dayAndTime(year: 2026, month: 1, day: 22, hour: 9, minute: 5, in: .russian) == "22.01.2026 09:05 UTC")
    }
}
