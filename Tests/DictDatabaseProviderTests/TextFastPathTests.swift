@testable import LexAggDictFormats
import Testing

/// The byte-level fast paths of `collapse`, `trimmingWhitespaceSubstring` and the WordNet list search give exactly
/// what the Character-level definitions give, on 1,500 random strings mixing ASCII white space, control characters,
/// combining marks, non-ASCII white space and letters.
@Suite struct TextFastPathTests {
    static let pieces = [" ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\r", "a", "Bc", "1", ";", "\"", "[", "]",
                         "é", "e\u{301}", "\u{301}", "\u{A0}", "\u{85}", "\u{2003}", "ж", "😀", "\u{1F}", "\u{1C}", "{x}",
                         "[syn:", "[ant:", "[also:", "[sy", ":"]

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static func samples(_ count: Int) -> [String] {
        var generator = Generator(state: 19)
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        } + ["", " ", "abc", " abc ", "\r\n", "a\r\n", " \u{301}a", "a \u{301}", "café ", "\u{85}a\u{85}"]
    }

    @Test func collapseMatchesTheCharacterDefinition() {
        for text in Self.samples(1500) {
            let reference = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(collapse(text) == reference, "\(Array(text.unicodeScalars))")
        }
    }

    @Test func trimmingMatchesTheCharacterDefinition() {
        for text in Self.samples(1500) {
            let reference: Substring = {
                guard let first = text.firstIndex(where: { !$0.isWhitespace }) else { return text[text.endIndex...] }
                return text[first...text.lastIndex(where: { !$0.isWhitespace })!]
            }()
            #expect(text.trimmingWhitespaceSubstring() == reference, "\(Array(text.unicodeScalars))")
        }
    }

    @Test func theListSearchFindsWhatThreeSearchesFind() {
        for text in Self.samples(1500) {
            let reference = text.firstRange(of: "[syn:") ?? text.firstRange(of: "[ant:") ?? text.firstRange(of: "[also:")
            #expect(WordNetFormat.listOpening(in: text) == reference, "\(Array(text.unicodeScalars))")
        }
    }
}
