@testable import LexAggCLI
import LexAggLocalization
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

/// Sizes count in thousands, as the import's summary does: one file was 10.0 MB there and 9.5 MB in `data info`.
@Suite struct ByteSizeTests {
    @Test(arguments: [(812, "812 B"), (999, "999 B"), (1000, "1.0 KB"), (14_200, "14.2 KB"), (999_949, "999.9 KB"),
                      (999_950, "1.0 MB"), (10_000_311, "10.0 MB"), (73_912_345, "73.9 MB")])
    func sizesInThousands(_ bytes: Int, _ text: String) {
        #expect(formatBytes(bytes) == text)
    }
}

/// Numbers in text as each interface language writes them: `59,325` and `150.0` in English, `59 325` (a no-break
/// space) and `150,0` in Russian; JSON keeps numbers.
@Suite struct NumberTextTests {
    @Test func thousandsAndDecimalsByLanguage() {
        #expect(grouped(59_325, in: .english) == "59,325" && grouped(59_325, in: .russian) == "59\u{00A0}325")
        #expect(grouped(1_234_567, in: .russian) == "1\u{00A0}234\u{00A0}567" && grouped(999, in: .russian) == "999")
        #expect(grouped(-12_000, in: .english) == "-12,000")
        #expect(decimal(150, places: 1, in: .english) == "150.0" && decimal(150, places: 1, in: .russian) == "150,0")
        #expect(decimal(0.047, places: 2, in: .russian) == "0,05")
    }
}

/// An answer's long lines, on a terminal, are wrapped under their own text: a sense under its definition, an
/// example under its quotation, colour sequences taking no columns.
@Suite struct TerminalWrapTests {
    @Test func longLinesAreWrappedUnderTheirText() {
        let text = "    1. a soft heavy toxic malleable metallic element; bluish white when freshly cut [wordnet]\n"
            + "       “the children were playing with lead soldiers in the garden all afternoon”\n  noun\n"
        let wrapped = TerminalWrap.wrap(text, width: 40)
        let lines = wrapped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { displayWidth($0) <= 40 }, "\(lines)")
        #expect(lines[0] == "    1. a soft heavy toxic malleable")
        #expect(lines[1].hasPrefix("       metallic"), "under the definition: \(lines)")
        #expect(lines[3] == "       “the children were playing with" && lines[4].hasPrefix("        lead"), "under the quotation: \(lines)")
        #expect(lines.suffix(2) == ["  noun", ""])
        // Nothing is lost or added but the breaks and indentation.
        let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
        #expect(words(wrapped) == words(text))
    }

    @Test func colourSequencesTakeNoColumnsAndShortLinesStay() {
        let dim = "\u{1B}[2m", reset = "\u{1B}[0m"
        let line = "  \(dim)etymology:\(reset) one two three four five six"
        #expect(TerminalWrap.wrap(line, width: 40) == line, "40 columns")
        let broken = TerminalWrap.wrap(line + " seven", width: 40)
        #expect(broken == "  \(dim)etymology:\(reset) one two three four five six\n    seven", "\(broken.debugDescription)")
        #expect(TerminalWrap.wrap("xx " + String(repeating: "y", count: 60), width: 30) == "xx\n  " + String(repeating: "y", count: 60),
                "a word longer than the line is not cut")
    }
}
