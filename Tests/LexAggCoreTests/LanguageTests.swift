@testable import LexAggCore
import Testing

@Suite struct LanguageTests {
    @Test(arguments: [
        ("en", "en"), ("DE", "de"), (" fr ", "fr"), ("eng", "en"), ("deu", "de"), ("ger", "de"), ("pt_BR", "pt-br"),
        ("pt-BR", "pt-br"), ("zh-Hant", "zh-hant"), ("fil", "fil"),
    ])
    func normalisesCodes(input: String, code: String) {
        #expect(Language(input)?.code == code)
    }

    @Test(arguments: ["", "e", "english", "e1", "en-", "en--us", "ü", "en-abcdefghi"])
    func rejectsNonCodes(input: String) {
        #expect(Language(input) == nil)
    }

    /// Lower-case two-letter codes take a shortcut; it gives what the full normalisation gives.
    @Test func twoLetterCodesAreThemselves() {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        for first in letters {
            for second in letters {
                #expect(Language("\(first)\(second)")?.code == "\(first)\(second)")
                #expect(Language("\(first)\(second)".uppercased())?.code == "\(first)\(second)")
            }
        }
        #expect(Language("e\u{301}") == nil)
    }

    @Test func matchesOnThePrimarySubtag() {
        #expect(Language("pt-br")!.matches(Language("pt")!))
        #expect(!Language("pt")!.matches(Language("es")!))
        #expect(Language("de")!.englishName == "German")
        #expect(Language("xx")!.englishName == "xx")
    }

    /// Chinese (`zh`) and Mandarin (`cmn`) are one language to a reader; Wiktionary writes the first for its
    /// entries and the second for its translation tables' items. Cantonese (`yue`) stays apart.
    @Test func chineseAndMandarinMatchEachOther() throws {
        let zh = try #require(Language("zh")), cmn = try #require(Language("cmn")), yue = try #require(Language("yue"))
        #expect(zh.matches(cmn) && cmn.matches(zh) && Language("zh-hans")!.matches(cmn))
        #expect(!zh.matches(yue) && !cmn.matches(yue) && !cmn.matches(Language("en")!))
        #expect(throws: QueryError.self) { try TranslationQuery("水", from: zh, to: cmn) }
    }
}

@Suite struct LookupQueryTests {
    @Test(arguments: [
        ("serendipity", "serendipity"), ("  ice   cream  ", "ice cream"), ("tab\tseparated", "tab separated"),
        ("naïve", "naïve"), ("日本語", "日本語"), ("l'homme", "l'homme"), ("a/b?c&d#e%f", "a/b?c&d#e%f"),
    ])
    func acceptsAndTidiesWords(input: String, term: String) throws {
        #expect(try LookupQuery(input).term == term)
    }

    @Test(arguments: [
        ("", QueryError.empty), ("   ", .empty), ("\n\t", .empty),
        (String(repeating: "x", count: 10_000), .tooLong(10_000)),
        (String(repeating: "x", count: 257), .tooLong(257)),
        ("abc\u{0}", .controlCharacter(0)), ("\u{1B}[31m", .controlCharacter(0x1B)), ("a\u{7F}", .controlCharacter(0x7F)),
        ("zero\u{200B}width", .controlCharacter(0x200B)), ("private\u{E000}", .invalidCharacter(0xE000)),
        // Bytes that were not UTF-8 (`caf\xE9` read as UTF-8) are no word.
        (String(decoding: [0x63, 0x61, 0x66, 0xE9], as: UTF8.self), .invalidCharacter(0xFFFD)),
    ])
    func rejectsBadInputWithAReason(input: String, error: QueryError) {
        #expect(throws: error) { try LookupQuery(input) }
    }

    /// Printable ASCII words take a shortcut through the checks; it accepts exactly what the full checks accept.
    @Test func printableASCIIWordsAreTheirOwnTerms() throws {
        for value in UInt8(0x21)...UInt8(0x7E) {
            let word = "a" + String(UnicodeScalar(value)) + "b"
            #expect(try LookupQuery(word).term == word)
            #expect(try LookupQuery(String(UnicodeScalar(value))).term == String(UnicodeScalar(value)))
        }
        #expect(try LookupQuery("a b").term == "a b")
        #expect(try LookupQuery(" ab").term == "ab")
        #expect(try LookupQuery("ab\r\n").term == "ab")
        #expect(throws: QueryError.controlCharacter(0x7F)) { try LookupQuery("\u{7F}") }
    }

    @Test func theLimitItselfIsAccepted() throws {
        #expect(try LookupQuery(String(repeating: "x", count: LookupQuery.maximumLength)).term.count == 256)
    }

    @Test func errorsReadWell() {
        #expect(QueryError.controlCharacter(0x1B).description == "the word contains the control character U+001B")
        #expect(QueryError.invalidCharacter(0xFFFD).description == "the word is not valid UTF-8 (bytes of another encoding show as U+FFFD)")
        #expect(QueryError.tooLong(10_000).description == "the word is 10000 characters long; the limit is 256")
    }

    @Test func translationNeedsTwoLanguages() {
        #expect(throws: QueryError.sameLanguage(.english)) {
            try TranslationQuery("house", from: .english, to: Language("en-gb")!)
        }
    }
}

@Suite struct ProviderErrorTests {
    @Test func wrapsForeignErrorsIntoTheTaxonomy() {
        struct Foreign: Error {}
        let id = ProviderID("test")!
        #expect(ProviderError.wrapping(CancellationError(), provider: id).code == .cancelled)
        #expect(ProviderError.wrapping(QueryError.empty, provider: id).code == .invalidQuery)
        #expect(ProviderError.wrapping(Foreign(), provider: id).code == .unavailable)
        let original = ProviderError(.rateLimited, provider: id, message: "slow down", retryAfter: .seconds(30))
        #expect(ProviderError.wrapping(original, provider: ProviderID("other")!) == original)
        #expect(original.description == "test: slow down")
        #expect(ProviderError.Code.malformedResponse.description == "malformed-response")
    }

    @Test(arguments: [
        ("wordnet", true), ("freedict-eng-deu", true), ("x-", true), ("2", true), (String(repeating: "a", count: 64), true),
        ("Wordnet", false), ("-x", false), ("a b", false), ("", false), (String(repeating: "a", count: 65), false),
        ("wörter", false), ("ａ", false), ("a_b", false), ("a\r\n", false), ("a:", false), ("a/", false), ("a`", false), ("a{", false),
    ])
    func validatesProviderIDs(raw: String, valid: Bool) {
        #expect((ProviderID(raw) != nil) == valid)
    }

    @Test(arguments: [("n", "noun"), ("Noun", "noun"), ("adj", "adjective"), ("v.", "verb"), ("Nomen", "noun"), ("Transitives Verb", "transitive verb"), ("Lautmalerei", "lautmalerei"), ("Proper noun", "proper noun")])
    func normalisesPartsOfSpeech(input: String, name: String) {
        #expect(PartOfSpeech(input).name == name)
    }

    @Test(arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("wordnet", "wordnt", 1), ("same", "same", 0)])
    func measuresEditDistance(a: String, b: String, distance: Int) {
        #expect(EditDistance.between(a, b) == distance)
    }
}

@Suite struct LanguageNameTableTests {
    /// The names are found by binary search: the table must be sorted by code, each code once.
    @Test func theTableIsSortedAndEachCodeIsOnce() {
        let codes = Language.names.map(\.code)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        #expect(Language("en")!.englishName == "English")
        #expect(Language("grc")!.englishName == "Ancient Greek")
        #expect(Language("af")!.englishName == "Afrikaans" && Language("zu")!.englishName == "Zulu")
        #expect(Language("xx")!.englishName == "xx" && !Language.isKnown(Language("xx")!))
    }

    /// Codes the short list lacks are named by Wiktionary's language data (an entry in Anglo-Norman or Mandarin
    /// showed `xno`, `cmn`, and `--lang xno` was "no provider covers the language").
    @Test func otherCodesAreNamedByWiktionarysLanguageData() {
        #expect(Language("xno")!.englishName == "Anglo-Norman")
        #expect(Language("cmn")!.englishName == "Mandarin" && Language("mul")!.englishName == "Translingual")
        #expect(Language("rm")!.englishName == "Romansh" && Language.isKnown(Language("rm")!))
        // A code with a second part is named whole where Wiktionary names it (not by its family), else by its language.
        #expect(Language("gmw-stm")!.englishName == "Sathmar Swabian" && Language("nds-de")!.englishName == "German Low German")
        #expect(Language("en-US")!.englishName == "English")
    }
}
