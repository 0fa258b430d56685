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
}
