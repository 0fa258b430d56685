import LexAggLocalization
import Testing

/// How the language of lexagg's text is chosen: flag, configuration, `LC_ALL`, `LC_MESSAGES`, `LANG`, `LANGUAGE`.
@Suite struct UILanguageTests {
    @Test func theFlagWinsThenTheConfigurationThenTheLocale() {
        let russianLocale = ["LANG": "ru_RU.UTF-8"]
        #expect(UILanguage.choose(flag: "en", configured: "ru", environment: russianLocale) == .english)
        #expect(UILanguage.choose(flag: "ru", configured: "en", environment: ["LANG": "C"]) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: "en", environment: russianLocale) == .english)
        #expect(UILanguage.choose(flag: nil, configured: "ru", environment: ["LANG": "C"]) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: russianLocale) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: [:]) == .english)
    }

    @Test func theLocaleVariablesInTheirOrder() {
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LC_ALL": "C", "LANG": "ru_RU.UTF-8"]) == .english)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LC_ALL": "ru_RU.UTF-8", "LANG": "C"]) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LC_MESSAGES": "ru_RU", "LANG": "en_GB.UTF-8"]) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LC_ALL": "", "LANG": "ru_UA.UTF-8"]) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LANGUAGE": "ru"]) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LANGUAGE": "de:ru:en"]) == .russian)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LANG": "C.UTF-8", "LANGUAGE": "ru"]) == .english)
    }

    @Test func anUnknownLanguageGivesEnglishSilently() {
        #expect(UILanguage.choose(flag: "tlh", configured: "ru", environment: [:]) == .english)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LANG": "de_DE.UTF-8"]) == .english)
        #expect(UILanguage.choose(flag: nil, configured: nil, environment: ["LANG": "POSIX"]) == .english)
        #expect(UILanguage(code: "ru-RU") == .russian)
        #expect(UILanguage(code: "ru_RU@euro") == .russian)
        #expect(UILanguage(code: "rue") == nil)
    }

    @Test func theFlagIsTakenOutOfTheArgumentsWhereverItIs() {
        var found = UILanguage.extractFlag(from: ["--ui-language", "ru", "lookup", "house"])
        #expect(found.value == "ru" && found.arguments == ["lookup", "house"])
        found = UILanguage.extractFlag(from: ["lookup", "house", "--ui-language=en", "--format", "json"])
        #expect(found.value == "en" && found.arguments == ["lookup", "house", "--format", "json"])
        found = UILanguage.extractFlag(from: ["lookup", "--", "--ui-language", "ru"])
        #expect(found.value == nil && found.arguments == ["lookup", "--", "--ui-language", "ru"])
        found = UILanguage.extractFlag(from: ["lookup", "house"])
        #expect(found.value == nil && found.arguments == ["lookup", "house"])
    }

    @Test func pluralCategoriesFollowCLDR() {
        let russian: [(Int, PluralCategory)] = [
            (1, .one), (21, .one), (101, .one), (11, .many), (111, .many), (2, .few), (3, .few), (4, .few),
            (22, .few), (24, .few), (12, .many), (13, .many), (14, .many), (0, .many), (5, .many), (20, .many),
            (25, .many), (100, .many),
        ]
        for (count, category) in russian { #expect(PluralRule.category(of: count, in: .russian) == category, "\(count)") }
        #expect(PluralRule.category(of: 1, in: .english) == .one)
        for count in [0, 2, 11, 21] { #expect(PluralRule.category(of: count, in: .english) == .other) }
    }
}
