import LexAggLocalization
import Testing

/// The error catalogues (``ErrorKey``) agree with each other as the message catalogues do: a real text in every
/// language, the same placeholders, every plural form the language needs, nothing left in English.
@Suite struct ErrorCatalogueTests {
    func placeholders(_ template: String) -> Set<String> {
        var found = Template.placeholders(in: template)
        found.remove("{n}")
        return found
    }

    @Test(arguments: UILanguage.allCases)
    func everyErrorKeyHasATextWithTheSamePlaceholdersAsEnglish(_ language: UILanguage) {
        for key in ErrorKey.allCases {
            let english = UILanguage.english.entry(key), entry = language.entry(key)
            #expect(entry.templates.allSatisfy { !$0.isEmpty }, "\(language): \(key) is empty")
            let expected = english.templates.reduce(into: Set<String>()) { $0.formUnion(placeholders($1)) }
            for template in entry.templates {
                #expect(placeholders(template) == expected, "\(language): \(key) uses \(placeholders(template).sorted()): \(template)")
            }
            let isPlural: (CatalogueEntry) -> Bool = { if case .plural = $0 { true } else { false } }
            #expect(isPlural(entry) == isPlural(english), "\(language): \(key) is plural in one language only")
            if case .plural(let forms) = entry {
                #expect(Set(forms.keys) == PluralRule.categories(of: language), "\(language): \(key)")
            }
        }
    }

    /// The few texts that are the same words in every language: none yet but the system's, which English gives as
    /// strerror(3) does.
    @Test func noRussianErrorIsLeftInEnglish() {
        for key in ErrorKey.allCases {
            let english = UILanguage.english.entry(key).templates, russian = UILanguage.russian.entry(key).templates
            #expect(english != russian, "\(key) is not translated: \(russian)")
            for template in russian {
                // Cyrillic words, and no English prose beside the commands, flags, keys and placeholders.
                #expect(template.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "\(key): \(template)")
                let prose = template.split(whereSeparator: { !$0.isLetter }).filter { word in
                    word.count > 3 && word.allSatisfy { $0.isASCII } && word.first!.isLowercase
                }.filter { !Self.wordsKeptAsTyped.contains(String($0)) }
                #expect(prose.isEmpty, "\(key) has English words \(prose): \(template)")
            }
        }
    }

    /// Words a Russian text keeps as they are typed: commands, flags, keys, file formats and protocol names.
    static let wordsKeptAsTyped: Set<String> = [
        "lexagg", "providers", "doctor", "offline", "refresh", "cache", "config", "show", "reset", "library", "wordnet",
        "wiktionary", "install", "freedict", "fuser", "separator", "http", "https", "host", "port", "apt-get", "host",
        "true", "false", "dict", "eng", "deu",
    ]

    @Test func russianErrorsCountInRussianPlurals() {
        #expect(localized(.configMoreProblems, in: .russian, count: 1) == " (и после неё ещё 1 ошибка)")
        #expect(localized(.configMoreProblems, in: .russian, count: 3) == " (и после неё ещё 3 ошибки)")
        #expect(localized(.configMoreProblems, in: .russian, count: 11) == " (и после неё ещё 11 ошибок)")
        #expect(localized(.configMoreProblems, in: .russian, count: 21) == " (и после неё ещё 21 ошибка)")
        #expect(localized(.configMoreProblems, in: .english, count: 1) == " (and 1 more problem after it)")
        #expect(localized(.configMoreProblems, in: .english, count: 2) == " (and 2 more problems after it)")
        #expect(localized(.providerTooLarge, in: .russian, count: 8_388_608, arguments: ["example.org"])
            == "ответ example.org больше предела в 8388608 байт и обрезан")
        #expect(localized(.providerTooLarge, in: .russian, count: 1024, arguments: ["example.org"])
            == "ответ example.org больше предела в 1024 байта и обрезан")
        #expect(localized(.queryTooLong, in: .russian, count: 301, arguments: ["256"]) == "в слове 301 символ, а можно не больше 256")
        #expect(localized(.queryTooLong, in: .russian, count: 302, arguments: ["256"]) == "в слове 302 символа, а можно не больше 256")
        #expect(localized(.queryTooLong, in: .russian, count: 311, arguments: ["256"]) == "в слове 311 символов, а можно не больше 256")
        #expect(localized(.serviceCannotLookUp, in: .russian, count: 2, arguments: ["randomword, wordlist"])
            == "источники randomword, wordlist не ищут слова")
    }
}
