import LexAggLocalization
import Testing

/// Usage labels in the reader's language, as its dictionaries abbreviate them; what the table does not know stays as
/// the source wrote it.
@Suite struct SenseLabelsTests {
    @Test(arguments: [
        ("transitive", "перех."), ("colloquial", "разг."), ("Figuratively", "перен."), ("by extension", "в расшир. знач."),
        ("in the plural", "во мн. ч."), ("botany", "бот."),
        // Word by word, when every word is known.
        ("chiefly US", "преим. амер."), ("now rare", "ныне редк."), ("  now   rare ", "ныне редк."),
        // Webster's (GCIDE) abbreviations.
        ("Zool.", "зоол."), ("Obs.", "уст."), ("Obs. or R.", "уст. или редк."), ("Prov. Eng.", "диал. англ."),
        ("U.S.", "амер."), ("Dial.", "диал."),
        // Accents.
        ("UK", "брит."), ("General American", "амер. норма"), ("General Australian", "австрал. норма"),
        // wiktextract's tags, their words joined by hyphens.
        ("not-comparable", "без степ. сравн."), ("in-plural", "во мн. ч."), ("Received-Pronunciation", "брит. норма"),
        ("South-Africa", "южноафр."), ("card-games", "карт."),
    ])
    func russianAbbreviations(_ label: String, _ expected: String) {
        #expect(SenseLabels.text(label, in: .russian) == expected)
    }

    @Test(arguments: [
        "of a batsman", "umgangssprachlich", "sometimes humurous", "us", "New York", "", " ", "now obscure", "-", "x-ray",
    ])
    func unknownWordsLeaveTheLabelAsWritten(_ label: String) {
        #expect(SenseLabels.text(label, in: .russian) == nil)
    }

    @Test func englishKeepsEveryLabel() {
        #expect(SenseLabels.text("transitive", in: .english) == nil)
    }
}
