@testable import LexAggAggregation
import LexAggCore
import Testing

/// The ranking rules of ``SpellingRanker``, one table each, and the three misspellings of issue 13.
@Suite struct SpellingRankerTests {
    @Test func theMisspellingsOfIssue13RankTheWordMeantFirst() {
        // Candidates as the embedded WordNet gives them (within two edits), plus the function words near the word.
        #expect(SpellingRanker.rank("recieve", candidates: [["relieve", "recife", "recipe", "recite", "receive", "deceive"]], limit: 3).first == "receive")
        #expect(SpellingRanker.rank("acommodate", candidates: [["accommodate"], []], limit: 3) == ["accommodate"])
        #expect(SpellingRanker.rank("teh", candidates: [["te", "tea", "ted", "tee", "tef", "tel", "ten", "eh"], ["the", "ten"]], limit: 3).first == "the")
    }

    @Test func typingCostTable() {
        let rows: [(String, String, Double)] = [
            ("house", "house", 0),
            ("hosue", "house", 0.6),        // neighbouring letters swapped
            ("recieve", "receive", 0.6),
            ("acommodate", "accommodate", 0.5),  // a double letter typed once
            ("tommorrow", "tomorrow", 0.5),     // a single letter typed twice
            ("hpuse", "house", 0.6),        // p is beside o on QWERTY
            ("hxuse", "house", 1),          // x is not
            ("hous", "house", 1),
            ("houses", "house", 1),
        ]
        for (typed, meant, cost) in rows {
            #expect(abs(SpellingRanker.typingCost(typed, meant) - cost) < 0.001, "\(typed) → \(meant)")
        }
    }

    @Test func soundAndFirstLetterAndCommonWordsAdjustTheCost() {
        // Same sound: lower than a candidate at the same typing cost that sounds different.
        #expect(SpellingRanker.score("recieve", "receive", english: true) < SpellingRanker.score("recieve", "relieve", english: true))
        // A different first letter costs more than the same change later in the word.
        #expect(SpellingRanker.score("bat", "cat", english: true) > SpellingRanker.score("bat", "bet", english: true))
        // A function word wins a tie, but only for English.
        #expect(SpellingRanker.score("teh", "the", english: true) < SpellingRanker.score("teh", "the", english: false))
    }

    @Test func completionsStayOnOffer() {
        let ranked = SpellingRanker.rank("hous", candidates: [["household", "house", "hour"]], limit: 3)
        #expect(ranked.first == "house")
        #expect(ranked.contains("household"))
        #expect(SpellingRanker.score("hous", "household", english: true) <= 1.5)
    }

    @Test func agreementCaseAndTies() {
        // Proposed by two providers, a candidate beats an equally close one proposed by one.
        let agreed = SpellingRanker.scored("cot", candidates: [["cut", "cat"], ["cat"]])
        #expect(agreed.first?.word == "cat")
        #expect(agreed.first?.sources == [0, 1])
        // Each word once whatever its case, the typed word left out, ties in provider order.
        #expect(SpellingRanker.rank("Bnak", candidates: [["bank", "Bank", "bnak"], ["BANK"]], limit: 5) == ["bank"])
        #expect(SpellingRanker.rank("zzzz", candidates: [["zzza"], ["zzzb"]], limit: 2) == ["zzza", "zzzb"])
        #expect(SpellingRanker.rank("x", candidates: [], limit: 3).isEmpty)
        // Lower case when typed so and some provider gave it so; as given otherwise.
        #expect(SpellingRanker.rank("teh", candidates: [["The"], ["the"]], limit: 1) == ["the"])
        #expect(SpellingRanker.rank("Teh", candidates: [["The"], ["the"]], limit: 1) == ["The"])
        #expect(SpellingRanker.rank("pariss", candidates: [["Paris"]], limit: 1) == ["Paris"])
    }

    @Test func functionWordsNearAWord() {
        #expect(EnglishFunctionWords.near("teh").contains("the"))
        #expect(EnglishFunctionWords.near("wich").contains("which"))
        #expect(!EnglishFunctionWords.near("the").contains("the"))
        #expect(EnglishFunctionWords.near("serendipity").isEmpty)
    }

    /// The length check that spares most words is only a shortcut: for every function word, each of its one-edit
    /// variants (capitalised, with a letter that is not ASCII) and some other words, `near` gives what comparing
    /// every function word by the rule gives.
    @Test func functionWordsNearAWordAsTheRuleGives() {
        func byTheRule(_ word: String) -> [String] {
            let typed = Array(word.lowercased())
            return EnglishFunctionWords.all.filter { $0 != word.lowercased() && EditDistance.withinOneEdit(Array($0), typed) }.sorted()
        }
        var words = ["", "a", "I", "x", "é", "tHe", "thé", "theé", "wïth", "serendipity", "naïve", "ab\u{301}out"]
        for word in EnglishFunctionWords.all {
            let letters = Array(word)
            words.append(word.prefix(1).uppercased() + word.dropFirst())
            for index in letters.indices {
                words.append(String(letters[..<index] + letters[(index + 1)...]))           // one left out
                words.append(String(letters[..<index] + ["é"] + letters[(index + 1)...]))  // one replaced
                words.append(String(letters[..<index] + ["q"] + letters[index...]))        // one added
            }
        }
        var differing: [String] = []
        for word in words where EnglishFunctionWords.near(word) != byTheRule(word) { differing.append(word) }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        #expect(words.count > 2_000)
    }
}
