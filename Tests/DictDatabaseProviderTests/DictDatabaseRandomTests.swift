@testable import DictDatabaseProvider
import LexAggCore
import Testing

/// Random words of a FreeDict database's language from its index: `random --lang de` offline.
@Suite struct DictDatabaseRandomTests {
    /// Only single words, each as its entry heads it (the index's keys are folded: `haus` is *Haus*), none twice:
    /// not the index's phrases (`aber dalli`), untidy keys (` ab`) or metadata (`00databaseinfo`).
    @Test func freeDictGivesSingleWordsAsTheirEntriesHeadThem() throws {
        let database = TestDatabases.fixture("freedict-deu-eng")
        #expect(database.descriptor.capabilities.contains(.randomWords))
        var generator = SeededGenerator(seed: 7)
        let words = try database.randomWords(RandomWordRequest(count: 50, language: .german), using: &generator)
        #expect(Set(words).count == words.count, "\(words)")
        #expect(Set(words).isSubset(of: ["Essen", "essen", "Haus", "Straße"]), "\(words)")
        #expect(words.contains("Haus") && words.contains("Straße"), "\(words)")
        let two = try database.randomWords(RandomWordRequest(count: 2, language: .german), using: &generator)
        #expect(two.count == 2)
    }

    /// English comes from the `wordlist` provider: FreeDict's English–X databases do not give random words, and a
    /// database gives none of another language.
    @Test func onlyTheDatabasesLanguageAndNotEnglish() throws {
        #expect(!TestDatabases.fixture("freedict-eng-deu").descriptor.capabilities.contains(.randomWords))
        #expect(!TestDatabases.fixture("gcide").descriptor.capabilities.contains(.randomWords))
        var generator = SeededGenerator(seed: 1)
        #expect(throws: ProviderError.self) {
            try TestDatabases.fixture("freedict-deu-eng").randomWords(RandomWordRequest(count: 1, language: .french), using: &generator)
        }
    }

    @Test(arguments: [
        ("haus", false, true), ("Haus", true, true), ("Haus", false, false), ("aber dalli", true, false),
        ("ABC", true, false), ("z.B.", true, false), ("2CV", true, false), (" ab", true, false), ("a", true, false),
        ("straße", false, true), ("Straße", true, true), ("érable", false, true),
    ])
    func whatIsAWord(headword: String, capitalisedNouns: Bool, expected: Bool) {
        #expect(DictDatabase.isWord(ArraySlice(headword.utf8), capitalisedNouns: capitalisedNouns) == expected)
    }
}
