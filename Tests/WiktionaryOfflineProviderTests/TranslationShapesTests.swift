import Foundation
import LexAggCore
import Testing
import WiktionaryOfflineProvider

/// Translation tables in the shapes real wiktextract records give them (English edition): Mandarin items coded
/// `cmn`, words several languages spell alike.
@Suite struct TranslationShapesTests {
    static let lines = [
        #"{"word": "falcon", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A bird of prey."]}], "translations": ["#
            + #"{"lang_code": "cmn", "lang": "Chinese Mandarin", "word": "隼", "roman": "sǔn", "sense": "bird"}, "#
            + #"{"lang_code": "ru", "lang": "Russian", "word": "со́кол", "tags": ["masculine", "animate"], "sense": "bird"}, "#
            + #"{"lang_code": "mk", "lang": "Macedonian", "word": "сокол", "tags": ["masculine"], "sense": "bird"}, "#
            + #"{"lang_code": "sh", "lang": "Serbo-Croatian", "word": "сокол", "sense": "bird"}]}"#,
        #"{"word": "beer", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A drink."]}], "translations": [{"lang_code": "zh", "lang": "Chinese", "word": "啤酒"}]}"#,
    ]

    static func provider() throws -> WiktionaryOffline {
        try WiktionaryOffline(path: WiktionaryOfflineTests.imported(lines, name: "tables"))
    }

    /// A word typed without its stress marks finds each language's item: those spelled as typed win within their
    /// language, not over another language's (`сокол` found Macedonian and Serbo-Croatian and hid Russian `со́кол`).
    @Test func spelledAsTypedIsPreferredWithinALanguage() async throws {
        let entries = try await Self.provider().lookup(LookupQuery("сокол")).entries
        #expect(entries.map { $0.language?.code } == ["ru", "mk", "sh"])
        #expect(entries.first?.headword == "со́кол" || entries.first?.headword == "сокол")
        #expect(entries.allSatisfy { $0.translations.map(\.text) == ["falcon"] })
    }

    /// `cmn` (the English edition's code of Mandarin items) and `zh` reach the same items, both ways.
    @Test func mandarinAndChineseAreOneLanguageForTranslations() async throws {
        let provider = try Self.provider()
        let english = Language("en")!
        for code in ["cmn", "zh"] {
            let chinese = Language(code)!
            #expect(provider.descriptor.translationPairs.contains(LanguagePair(source: english, target: chinese)), "\(code)")
            let falcon = try await provider.translate(TranslationQuery("falcon", from: english, to: chinese))
            #expect(falcon.entries.flatMap(\.translations).map(\.text) == ["隼"], "\(code)")
            let beer = try await provider.translate(TranslationQuery("beer", from: english, to: chinese))
            #expect(beer.entries.flatMap(\.translations).map(\.text) == ["啤酒"], "\(code)")
            let back = try await provider.translate(TranslationQuery("隼", from: chinese, to: english))
            #expect(back.entries.flatMap(\.translations).map(\.text) == ["falcon"], "\(code)")
        }
    }

    /// The Italian edition copies a page's Synonyms section and translation table onto each part of speech (`cura`,
    /// noun and verb), the Chinese one lists an item twice (`命令`): each is shown once. They were shown twice: 41
    /// synonyms again under the verb, `translate treatment` gave cura twice, 命令 "order, command, command, order".
    @Test func linkagesAndItemsCopiedOntoEachPartOfSpeechAreShownOnce() async throws {
        let copied = #""etymology_texts": ["dal latino cura"], "synonyms": [{"word": "attenzione"}, {"word": "premura"}], "#
            + #""translations": [{"word": "treatment", "lang_code": "en", "sense": "(medicina) terapia"}]"#
        let provider = try WiktionaryOffline(path: WiktionaryOfflineTests.imported([
            #"{"word": "cura", "lang_code": "it", "pos": "noun", "senses": [{"glosses": ["interessamento"]}], "# + copied + "}",
            #"{"word": "cura", "lang_code": "it", "pos": "verb", "senses": [{"glosses": ["terza persona singolare di curare"]}], "# + copied + "}",
            #"{"word": "命令", "lang_code": "zh", "pos": "unknown", "senses": [{"glosses": ["上級對下級的指示"]}], "translations": ["#
                + #"{"lang_code": "en", "word": "order"}, {"lang_code": "en", "word": "command"}, {"lang_code": "en", "word": "command"}, "#
                + #"{"lang_code": "en", "word": "order"}, {"lang_code": "en", "word": "instruct"}]}"#,
        ], name: "copies"))
        let cura = try #require(try await provider.lookup(LookupQuery("cura")).entries.first)
        #expect(cura.senseGroups.map { $0.senses.flatMap(\.synonyms) } == [["attenzione", "premura"], []])
        let (italian, english, chinese) = (Language("it")!, Language("en")!, Language("zh")!)
        let treatment = try await provider.translate(TranslationQuery("treatment", from: english, to: italian))
        #expect(treatment.entries.flatMap(\.translations).map(\.text) == ["cura"])
        let order = try await provider.translate(TranslationQuery("命令", from: chinese, to: english))
        #expect(order.entries.flatMap(\.translations).map(\.text) == ["order", "command", "instruct"])
    }
}
