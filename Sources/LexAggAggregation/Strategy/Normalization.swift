import Foundation
import LexAggCore

/// How a typed word is made comparable: Unicode normalisation, the looser spellings tried when the exact one
/// finds nothing, and the order that puts exact matches first.
public enum Normalization {
    /// The word in NFC, so `café` typed with a combining accent is the `café` dictionaries store.
    public static func nfc(_ text: String) -> String {
        // ASCII and plain letters (see PlainText) are their own NFC, and none composes with its neighbour;
        // Foundation's normalisation would bridge the word to an NSString and back (~10,000 instructions).
        guard !text.utf8.allSatisfy({ $0 < 0xC0 || PlainText.isPlainLead($0) }) else { return text }
        return text.precomposedStringWithCanonicalMapping
    }

    /// Looser spellings of `term` to try when nothing knows it as typed, closest first: lower case
    /// (`Serendipity` → `serendipity`), then without diacritics (`naïve` → `naive`, `Café` → `cafe`); a typographic
    /// apostrophe is the straight one in all of them (`o’clock` → `o'clock`).
    /// Never includes `term` itself; empty when there is nothing looser to try.
    public static func looserVariants(of term: String) -> [String] {
        let lower = term.lowercased()
        // ASCII has no diacritics and is its own NFC: only lower case can differ (Foundation's folding would bridge
        // the word to an NSString and back, twice, for nothing; the lemma fallback asks for every inflected form).
        if term.utf8.allSatisfy({ $0 < 0x80 }) { return lower == term ? [] : [lower] }
        return foldedVariants(of: term)
    }

    /// The looser spellings through Foundation's folding (``DiacriticFolding``'s for Latin and Cyrillic letters), for
    /// any text (`looserVariants` skips it on ASCII, where it gives the same).
    static func foldedVariants(of term: String) -> [String] {
        // Compatibility forms first as the letters they stand for: full-width `ｈｏｕｓｅ` (an East Asian keyboard's),
        // the ligature `ﬁ` (text copied from a PDF).
        // Typographic apostrophes as the straight one dictionaries write (`o’clock`, as phones and macOS type it).
        let compatible = straightApostrophes(term.precomposedStringWithCompatibilityMapping)
        let lower = compatible.lowercased()
        func fold(_ text: String) -> String {
            DiacriticFolding.fold(text)
                ?? text.folding(options: [.diacriticInsensitive], locale: nil).precomposedStringWithCanonicalMapping
        }
        let plain = fold(compatible)
        let plainLower = fold(lower)
        var variants: [String] = []
        for candidate in [compatible, lower, plain, plainLower] where candidate != term && !variants.contains(candidate) {
            variants.append(candidate)
        }
        return variants
    }

    /// `text` with ’ ‘ ʼ (U+2019, U+2018, U+02BC) as `'`.
    static func straightApostrophes(_ text: String) -> String {
        func typographic(_ scalar: Unicode.Scalar) -> Bool { scalar == "\u{2019}" || scalar == "\u{2018}" || scalar == "\u{2BC}" }
        guard text.unicodeScalars.contains(where: typographic) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(typographic(scalar) ? "'" : scalar) }
        return String(scalars)
    }

    /// How closely `headword` matches `term`: 0 exactly, 1 but for case, 2 but for case and diacritics, 3 otherwise.
    public static func closeness(of headword: String, to term: String) -> Int {
        if headword == term { return 0 }
        if headword.lowercased() == term.lowercased() { return 1 }
        // ASCII has no diacritics: folding would only lower the case again.
        if headword.utf8.allSatisfy({ $0 < 0x80 }) && term.utf8.allSatisfy({ $0 < 0x80 }) { return 3 }
        let fold: (String) -> String = { $0.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil) }
        return fold(headword) == fold(term) ? 2 : 3
    }

    /// `entries` with exact matches of `term` first, then matches but for case, then but for diacritics; the
    /// order is otherwise kept (stable), and case-distinct entries (German *Essen* and *essen*) are all kept.
    public static func exactFirst(_ entries: [Entry], term: String) -> [Entry] {
        // One entry is in order already (and most answers of one provider are one entry).
        guard entries.count > 1 else { return entries }
        // Indices are sorted, not the entries: an entry in order already is not copied (most answers are in order).
        let ranks = entries.indices.map { closeness(of: nfc(entries[$0].headword), to: term) }
        let order = entries.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
        return order.elementsEqual(entries.indices) ? entries : order.map { entries[$0] }
    }

    /// The order that puts entries in the reader's languages first, in the order of `readers` (an entry of no stated
    /// language counts as the first), the others after them, each group in its original order.
    public static func readersFirst(_ languages: [Language?], _ readers: [Language]) -> [Int] {
        func rank(_ language: Language?) -> Int {
            guard let language else { return 0 }
            return readers.firstIndex { $0.matches(language) } ?? readers.count
        }
        return languages.indices.sorted { (rank(languages[$0]), $0) < (rank(languages[$1]), $1) }
    }
}
