import Foundation

/// Text of a record that is not what it seems: an etymology tree's lines before the etymology, an edition's link
/// marks in it, a line of linkages or a pointer taken for an example, a note that the definition is missing.
extension EntryBuilder {
    /// An etymology without the text of the etymology tree current dumps write before it (`Etymology tree` and a line
    /// for each word of the tree: `Proto-Indo-European *leǵ-`, …, `Latin legō`, then `From Proto-Italic *legō, …`),
    /// which ran into the etymology as one sentence; nil when nothing else is left. A tree's line is no sentence
    /// (``isEtymologyTreeLine(_:)``).
    static func withoutEtymologyTree(_ text: String) -> String? {
        guard text.hasPrefix("Etymology tree\n") else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        while let line = lines.first, isEtymologyTreeLine(line) { lines.removeFirst() }
        let rest = lines.joined(separator: "\n")
        return rest.isEmpty ? nil : rest
    }

    /// Whether `line` is a line of an etymology tree's text: no sentence — it has no comma and ends with no full stop
    /// but that of the label of the tree's arrow after a word (`Arabic فَارِسِيّ (fārisiyy)influ.`).
    static func isEtymologyTreeLine(_ line: Substring) -> Bool {
        guard !line.contains(", ") else { return false }
        guard line.hasSuffix(".") else { return true }
        guard let close = line.lastIndex(of: ")") else { return false }
        let label = line[line.index(after: close)...].dropLast()
        return !label.isEmpty && label.allSatisfy { $0.isLetter && $0.isLowercase }
    }

    /// An etymology whose numbered list wiktextract wrote as wikitext (`Possibly:\n# A derivation from …\n# Borrowed
    /// from …`, the English edition's "uncertain" etymologies) with its items numbered as Wiktionary shows them:
    /// `Possibly:\n1. A derivation from …\n2. Borrowed from …` (the `#` ran into the text: "Possibly: # A derivation").
    static func numberingItems(_ text: String) -> String {
        guard text.contains("\n# ") || text.hasPrefix("# ") else { return text }
        var number = 0
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard line.hasPrefix("# ") else { return String(line) }
            number += 1
            return "\(number). " + line.dropFirst(2)
        }.joined(separator: "\n")
    }

    /// Whether an example's text is none: a line of linkages the edition's extractor took for one (`Near-synonym:
    /// pääty`, beside the sense's synonyms), or the English edition's pointer to a citations page ("For quotations
    /// using this term, see Citations:peninsular."). Compared only when the text begins as they do.
    static func isNoExample(_ text: String) -> Bool {
        switch text.utf8.first {
        case UInt8(ascii: "S"), UInt8(ascii: "N"), UInt8(ascii: "A"), UInt8(ascii: "H"), UInt8(ascii: "C"):
            // The longest, "Coordinate terms:", is 17 bytes: no more are looked at.
            guard let colon = text.utf8.prefix(18).firstIndex(of: UInt8(ascii: ":")) else { return false }
            switch text[..<colon] {
            case "Synonym", "Synonyms", "Near-synonym", "Near-synonyms", "Antonym", "Antonyms", "Hypernym", "Hypernyms",
                 "Hyponym", "Hyponyms", "Coordinate term", "Coordinate terms":
                return true
            default:
                return false
            }
        case UInt8(ascii: "F"):
            return text.hasPrefix("For quotations using this term, see ") || text.hasPrefix("For more quotations using this term, see ")
        default:
            return false
        }
    }

    /// Whether a gloss is an edition's note that the definition is missing (the Italian "definizione mancante; se vuoi,
    /// aggiungila tu"), no definition.
    static func isPlaceholder(_ gloss: String) -> Bool {
        gloss.utf8.first == UInt8(ascii: "d") && gloss.hasPrefix("definizione mancante")
    }

    /// An etymology without wiktextract's marks of a word's link to its own edition's entry (the German edition's
    /// `englisch cool ^(→ en)`): `cool`; nor the star `{{Üt}}` writes after a transliteration as its link
    /// (`Πέτρος (Petros^☆)`): `(Petros)`.
    static func withoutLanguageLinks(_ text: String) -> String {
        var text = text.contains("^☆") ? text.replacingOccurrences(of: "^☆", with: "") : text
        while let start = text.range(of: "^(→"), let end = text[start.upperBound...].firstIndex(of: ")") {
            var from = start.lowerBound
            if from > text.startIndex, text[text.index(before: from)] == " " { from = text.index(before: from) }
            text.removeSubrange(from...end)
        }
        return text
    }
}
