@testable import LexAggCLI
import Testing

/// Tables line up in terminal columns, whatever the words' scripts: East Asian wide characters take two.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("house", 5), ("電話番号", 8), ("café", 4), ("cafe\u{301}", 4), ("한국어", 6), ("ｈｏｕｓｅ", 10), ("Дом", 3), ("", 0),
    ])
    func columnsOfText(_ text: String, _ columns: Int) {
        #expect(displayWidth(text) == columns)
    }

    @Test func aTableOfMixedScriptsLinesUp() {
        let text = table(header: ["word", "seen"], rows: [["電話番号", "3"], ["house", "12"]])
        // The second column starts at terminal column 10 on every line (the Japanese word is 8 columns wide).
        #expect(text.split(separator: "\n").map(String.init) == ["word      seen", "電話番号  3", "house     12"], "\(text)")
    }
}
