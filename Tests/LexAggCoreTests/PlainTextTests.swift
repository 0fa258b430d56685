import Foundation
import LexAggCore
import Testing

/// `PlainText` lets text skip the exact Unicode paths; what it vouches for must be true of every scalar it covers,
/// and the fast paths built on it must give what the slow ones give.
@Suite struct PlainTextTests {
    /// Every scalar whose lead byte `isPlainLead` accepts.
    static let plainScalars: [Unicode.Scalar] = (0x80...0x7FF).compactMap(Unicode.Scalar.init).filter { scalar in
        PlainText.isPlainLead(Array(String(scalar).utf8)[0])
    }

    @Test func coversTheLatinAndCyrillicLettersItNames() {
        let values = Set(Self.plainScalars.map(\.value))
        #expect(values == Set(Array(0xC0...0x2FF) + Array(0x400...0x47F) + Array(0x4C0...0x4FF)))
        // Every multi-byte lead outside those blocks is refused.
        for lead in UInt8(0xC0)...0xFF where !(0xC3...0xCB).contains(lead) && ![0xD0, 0xD1, 0xD3].contains(lead) {
            #expect(!PlainText.isPlainLead(lead), "\(lead)")
        }
        for byte in UInt8(0)..<0xC0 { #expect(!PlainText.isPlainLead(byte)) }
    }

    @Test func plainScalarsAreWhatTheFastPathsAssume() {
        for scalar in Self.plainScalars {
            let properties = scalar.properties
            #expect(!properties.isWhitespace, "\(scalar.value)")
            #expect(![.control, .format, .unassigned, .surrogate, .privateUse].contains(properties.generalCategory), "\(scalar.value)")
            #expect(properties.canonicalCombiningClass == .notReordered, "\(scalar.value)")
            let text = String(scalar)
            #expect(Array(text.precomposedStringWithCanonicalMapping.unicodeScalars) == [scalar], "\(scalar.value)")
            // Its own grapheme cluster next to a space, a letter, a combining-free neighbour of its kind.
            for neighbour in [" ", "a", "é", "Ж"] {
                #expect((neighbour + text).count == 2 && (text + neighbour).count == 2, "\(scalar.value)")
                let pair = neighbour + text + neighbour
                #expect(Array(pair.precomposedStringWithCanonicalMapping.unicodeScalars) == Array(pair.unicodeScalars), "\(scalar.value)")
            }
            #expect(PlainText.isPlainNonWhitespace(scalar))
        }
    }

    @Test func plainNonWhitespaceIsNeverWhitespace() {
        for value in 0...0x10FF {
            guard let scalar = Unicode.Scalar(value), PlainText.isPlainNonWhitespace(scalar) else { continue }
            #expect(!scalar.properties.isWhitespace, "\(value)")
        }
        for value in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0] {
            #expect(!PlainText.isPlainNonWhitespace(Unicode.Scalar(value)!), "\(value)")
        }
    }

    /// The trimming fast path returns the text when it starts and ends with a plain scalar; around it, and for every
    /// other first or last scalar, the result is what trimming by Unicode's property gives.
    @Test func trimmingAgreesWithTheUnicodeProperty() {
        func slow(_ text: String) -> String {
            let scalars = text.unicodeScalars
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
            return String(scalars[first...last])
        }
        var edges: [String] = [" ", "\t", "\n", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}", "\u{301}", "x", ""]
        edges += Self.plainScalars.enumerated().filter { $0.offset % 7 == 0 }.map { String($0.element) }
        for start in edges {
            for end in edges {
                let text = start + "word " + "Ёж" + end
                #expect(text.trimmingWhitespace() == slow(text), "\(Array(text.unicodeScalars))")
            }
        }
        #expect("".trimmingWhitespace() == "" && " \u{A0} ".trimmingWhitespace() == "")
    }

    /// Queries of plain letters pass validation unchanged, as the exact path passes them; anything else still meets
    /// the exact checks.
    @Test func plainQueriesValidateAsTheExactPathDoes() throws {
        for scalar in Self.plainScalars {
            let word = "a" + String(scalar) + "z"
            #expect(try LookupQuery(word).term == word)
        }
        #expect(try LookupQuery("poloumquaço").term == "poloumquaço")
        #expect(try LookupQuery("  Ёлка  зелёная ").term == "Ёлка зелёная")
        #expect(throws: QueryError.self) { try LookupQuery("a\u{AD}b") }      // soft hyphen: a format character
        #expect(throws: QueryError.self) { try LookupQuery("a\u{85}b") }      // NEL: a control character
        #expect(try LookupQuery("a\u{A0}b").term == "a b")                    // no-break space: collapsed
        #expect(throws: QueryError.self) { try LookupQuery(String(repeating: "é", count: LookupQuery.maximumLength + 1)) }
        #expect(try LookupQuery(String(repeating: "é", count: LookupQuery.maximumLength)).term.count == LookupQuery.maximumLength)
    }
}
