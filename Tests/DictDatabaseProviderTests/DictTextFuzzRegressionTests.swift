@testable import LexAggDictFormats
import LexAggCore
import LexAggFixtures
import Testing

/// Quadratic work in the parsers the dict-text fuzz target (Fuzz/run.sh) runs, seen while finding why it was slow: a
/// parser rescanned the rest of the text for every bracket or blank line. Each now takes one pass; the texts here are
/// large enough that the old quadratic work would take minutes and trip the time limit.
@Suite(.timeLimit(.minutes(1))) struct DictTextFuzzRegressionTests {
    /// GCIDE's inline `[…]` (labels, etymologies, provenance notes) in a text of many `[` and no `]`: `clean` asked
    /// `matching` of each one and `tidy` looked for a `]` after each one, both to the end of the text.
    @Test func gcideTextOfManyOpenBracketsIsParsedInOnePass() async {
        let text = "Walk " + String(repeating: "[", count: 100_000) + " to go on foot"
        let definitions = await offThePool { GCIDEFormat.parse(text).senses.map(\.definition) }
        #expect(definitions.count == 1)
        #expect(definitions.first?.hasSuffix("to go on foot") == true)
    }

    /// A head of many `\variant\ (` with no `)`: each variant asked `matching` for its pronunciation's `)`.
    @Test func gcideHeadOfManyOpenParenthesesIsParsedInOnePass() async {
        let text = "Walk " + String(repeating: "\\Walk\\ (", count: 20_000) + "\n   1. To move along on foot."
        let (headword, definitions) = await offThePool {
            let entry = GCIDEFormat.parse(text)
            return (entry.headword, entry.senses.map(\.definition))
        }
        #expect(headword == "Walk")
        #expect(definitions.last == "To move along on foot.")
    }

    /// A plain entry after many blank lines: they were removed from the front one at a time, each removal moving all
    /// the lines after it.
    @Test func plainTextAfterManyBlankLinesIsTidiedInOnePass() async {
        let text = String(repeating: "\n", count: 200_000) + "   house\n     a building\n" + String(repeating: " \n", count: 1_000)
        let tidy = await offThePool { PlainTextFormat.tidy(text) }
        #expect(tidy == "house\n  a building")
        #expect(PlainTextFormat.tidy("\n \n\t\n") == "")
    }

    /// Trailing white space dropped one Character at a time: a Substring's dropLast() counts the line, so a line of
    /// many spaces or no-break spaces, or many lines of one space, were quadratic (in the fuzz build 8 KB of ' \n' took
    /// 0.5 s and 8 KB of U+00A0 2.2 s).
    @Test func plainTextWithLongTrailingWhiteSpaceIsTidiedInOnePass() async {
        let text = "house" + String(repeating: " ", count: 500_000) + "\n  a building"
            + String(repeating: "\u{A0}", count: 200_000) + "\n" + String(repeating: " \n", count: 200_000)
        let tidy = await offThePool { PlainTextFormat.tidy(text) }
        #expect(tidy == "house\n  a building")
    }

    /// The one-pass bracket matching finds, for every bracket, the same closing bracket as `matching` does, nesting and
    /// unmatched brackets included (every string of up to 8 of `[`, `]`, `(`, `)`, `x`, and longer pseudo-random ones).
    @Test func closingBracketsAgreeWithMatching() {
        let alphabet: [Character] = ["[", "]", "(", ")", "x"]
        var texts: [String] = [""]
        var frontier: [String] = [""]
        for _ in 1...6 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            texts += frontier
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            texts.append(text)
        }
        for text in texts {
            let substring = Substring(text)
            for opener: Character in ["[", "("] {
                let closing = GCIDEFormat.closingBrackets(substring, opener: opener)
                for index in substring.indices where substring[index] == opener {
                    #expect(closing[index] == GCIDEFormat.matching(substring, open: index), "\(text) at \(index)")
                }
            }
        }
    }

    /// The byte-level replacements of `tidy` (``GCIDEFormat/dashesAndCommas(_:)``) and the index-based trim give what
    /// the generic `replacing` and the reversed-view trim gave, Unicode included: `;` written as U+037E (canonically
    /// equal to `;`, so a Character match), a combining mark after a pattern's last character (no Character match),
    /// and every string of up to 5 characters from an alphabet of the patterns' pieces.
    @Test func fastTextPathsAgreeWithTheGenericOnes() {
        let alphabet = [" ", "-", ";", ",", "x", "\u{37E}", "\u{301}", "é", "—"]
        var texts = [
            "a -- b; --Shak. c , d", "a -- \u{301}b", "x\u{37E} --Dan.", " ,\u{301}", "é -- -- , ,", "; -- ;--",
            " -- ", "", "caf\u{E9} ; -- x", ";\u{301} --y",
        ]
        var frontier = [""]
        for _ in 1...5 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + $0 } }
            texts += frontier
        }
        for text in texts {
            let generic = text.replacing(" -- ", with: " — ").replacing("; --", with: "; —").replacing(" ,", with: ",")
            #expect(GCIDEFormat.dashesAndCommas(text) == generic, "\(Array(text.unicodeScalars))")
            let trimmed = String(
                text.drop { " ;:,".contains($0) || $0 == " " }.reversed().drop { " ;:,".contains($0) || $0 == " " }.reversed()
            )
            #expect(text.trimmingCharacters(in: " ;:,") == trimmed, "\(Array(text.unicodeScalars))")
        }
    }
}
