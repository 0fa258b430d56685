import LexAggCore
import Testing

/// LexAggCore's concrete `[String].joined(separator:)` (which every module that imports it calls) gives what the
/// standard library's generic one gives.
@Suite struct StringJoiningTests {
    @Test(arguments: [
        [], [""], ["one"], ["a", "b", "c"], ["", "", ""], ["déjà", "vu", "🇺🇦", "e\u{301}"], ["x", "", "y"],
    ] as [[String]])
    func joinsAsTheStandardLibraryDoes(_ words: [String]) {
        for separator in ["", ", ", " ", "→", "\u{301}"] {
            let standard = AnySequence(words).joined(separator: separator)  // Sequence's, through the generic path
            #expect(words.joined(separator: separator) == standard)
            #expect(Array(words.joined(separator: separator).utf8) == Array(standard.utf8))
        }
    }
}
