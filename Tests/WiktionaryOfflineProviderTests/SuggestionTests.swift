import Foundation
import LexAggCore
import Testing
import WiktionaryOfflineProvider

/// Close spellings the offline provider suggests when a word is not in the dump.
@Suite struct SuggestionTests {
    static func line(_ word: String, _ code: String, _ gloss: String) -> String {
        let language = code == "de" ? "German" : "French"
        return #"{"word": "\#(word)", "lang": "\#(language)", "lang_code": "\#(code)", "pos": "noun", "senses": [{"glosses": ["\#(gloss)"]}]}"#
    }

    static let path: String = try! WiktionaryOfflineTests.imported([
        line("Übung", "de", "exercise"), line("über", "de", "over"), line("Ärger", "de", "anger"),
        line("Apfel", "de", "apple"), line("Ufer", "de", "shore"),
        line("école", "fr", "school"), line("été", "fr", "summer"), line("étage", "fr", "floor"),
        line("écouter", "fr", "to listen"), line("eau", "fr", "water"), line("ça", "fr", "that"),
    ])

    func suggestions(_ word: String, language: String? = nil) async throws -> [String] {
        try await WiktionaryOffline(path: Self.path).suggestions(for: LookupQuery(word, language: language.flatMap(Language.init)), limit: 8)
    }

    /// A word typed without the accent on its first letter shares no beginning with its headword (`ubung`, *Übung*):
    /// it was never suggested, while one with the accent further in was (`francais`).
    @Test func aFirstLetterTypedWithoutItsAccent() async throws {
        #expect(try await suggestions("ubung") == ["Übung"])
        #expect(try await suggestions("uber").contains("über"))
        #expect(try await suggestions("arger") == ["Ärger"])
        #expect(try await suggestions("ecole") == ["école"])
        #expect(try await suggestions("ete").contains("été"))
        #expect(try await suggestions("ecoutr") == ["écouter"], "with a typo besides")
        #expect(try await suggestions("ca").contains("ça"))
        // The language asked still decides.
        #expect(try await suggestions("ecole", language: "de").isEmpty)
        // Nothing close: nothing.
        #expect(try await suggestions("zzzz").isEmpty)
        #expect(try await suggestions("ubiquitous").isEmpty)
    }

    /// Words the plain prefixes find come first, as before: `uf` completes to *Ufer* before anything accented.
    @Test func plainCompletionsComeFirst() async throws {
        #expect(try await suggestions("uf").first == "Ufer")
        #expect(try await suggestions("apfl") == ["Apfel"])
    }
}
