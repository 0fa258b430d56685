import Foundation
@testable import LexAggAggregation
import LexAggCore
import Testing

/// ``DiacriticFolding`` gives what Foundation's folding gives (`folding(options: .diacriticInsensitive)`, then NFC),
/// which `Normalization.foldedVariants` used for every word before: for every scalar its tables cover, for text mixing
/// them with ASCII and combining marks, and (nil, so that Foundation is asked) for text they do not cover.
@Suite struct DiacriticFoldingTests {
    static func foundation(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive], locale: nil).precomposedStringWithCanonicalMapping
    }

    static let covered: [Unicode.Scalar] = (Array(0x20..<0x7F) + Array(0x80...0x24F) + Array(0x400...0x45F))
        .compactMap { Unicode.Scalar(UInt32($0)) }

    @Test func everyScalarOfTheTablesFoldsAsFoundationFoldsIt() {
        for scalar in Self.covered {
            let text = String(Character(scalar))
            let folded = DiacriticFolding.fold(text)
            #expect(folded.map { Array($0.unicodeScalars) } == Array(Self.foundation(text).unicodeScalars),
                    "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }

    @Test func everyCombiningMarkAfterALetterGoes() {
        for mark in 0x300...0x36F {
            for base in ["a", "É", "ж", "ø"] {
                let text = base + String(Unicode.Scalar(UInt32(mark))!)
                #expect(DiacriticFolding.fold(text).map { Array($0.unicodeScalars) }
                        == Array(Self.foundation(text).unicodeScalars), "\(base) U+\(String(mark, radix: 16))")
            }
        }
    }

    @Test func wordsMixingThemFoldAsFoundationFoldsThem() {
        var generator = SystemRandomNumberGenerator()
        let marks = (0x300...0x36F).compactMap { Unicode.Scalar(UInt32($0)) }
        let pool = Self.covered + marks
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...12, using: &generator)
            var text = String.UnicodeScalarView()
            for _ in 0..<length { text.append(pool.randomElement(using: &generator)!) }
            let word = String(text)
            let folded = DiacriticFolding.fold(word)
            if (0x300...0x36F).contains(text.first!.value) {
                #expect(folded == nil)  // a leading mark is Foundation's to fold
            } else {
                #expect(folded.map { Array($0.unicodeScalars) } == Array(Self.foundation(word).unicodeScalars),
                        "\(word.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        for word in ["Café", "naïve", "Ångström", "Ёлка", "йогурт", "Straße", "Łódź", "crème brûlée", "ЇЖАК"] {
            #expect(DiacriticFolding.fold(word) == Self.foundation(word), "\(word)")
        }
    }

    @Test(arguments: ["Ελλάδα", "日本語", "עברית", "a\u{1AB0}", "x\u{20D7}", "😀", "ꙮ", "\u{301}a", "\u{343}\u{340}x"])
    func textOutsideTheTablesIsLeftToFoundation(_ text: String) {
        #expect(DiacriticFolding.fold(text) == nil)
        // The caller's answer is still Foundation's.
        let variants = Normalization.foldedVariants(of: text)
        let expected = [text.lowercased(), Self.foundation(text), Self.foundation(text.lowercased())]
        #expect(variants.allSatisfy(expected.contains))
    }
}
