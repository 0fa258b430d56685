import LexAggCore

/// A definition prepared for comparison: its label prefix split off and its content words listed.
///
/// Not meant to be used outside the merger; `package` so tests can check the normalisation rules.
package struct NormalisedDefinition: Sendable, Hashable {
    /// Labels taken from a leading parenthesised prefix (`(academia)` → `academia`), in text order.
    package var labels: [String]
    /// The definition without its label prefix, otherwise as written.
    package var text: String
    /// The lower-cased content words, sorted and without repeats.
    package var tokens: [String]
}

/// The text rules the merger uses to decide whether two definitions say the same thing.
package enum DefinitionText {
    /// Splits off the label prefix and computes the content words of `definition`.
    ///
    /// Content words are the lower-cased runs of letters, marks and digits; apostrophes are dropped inside a
    /// word (`one's` → `ones`), any other punctuation separates words, and ``stopWords`` are removed. A definition
    /// made only of stop words keeps them, so that it can still be compared.
    package static func normalise(_ definition: String) -> NormalisedDefinition {
        let (labels, rest) = splitLabelPrefix(definition)
        let allWords = words(of: rest)
        var tokens = allWords.filter { !stopWords.contains($0) }
        if tokens.isEmpty { tokens = allWords }
        tokens.sort()
        tokens.removeAdjacentDuplicates()
        return NormalisedDefinition(labels: labels, text: String(rest), tokens: tokens)
    }

    /// The Dice coefficient of two sorted, repeat-free token lists: 2·|A∩B| / (|A|+|B|), from 0 to 1.
    ///
    /// Two empty lists score 0: an empty definition is never the same as another.
    package static func similarity<Token: Comparable>(_ a: [Token], _ b: [Token]) -> Double {
        guard !a.isEmpty || !b.isEmpty else { return 0 }
        var i = a.startIndex
        var j = b.startIndex
        var shared = 0
        while i < a.endIndex, j < b.endIndex {
            if a[i] == b[j] {
                shared += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(2 * shared) / Double(a.count + b.count)
    }

    /// Splits leading parenthesised labels off a definition: `(academia, informal) A teacher` gives
    /// `["academia", "informal"]` and `A teacher`.
    ///
    /// A parenthesis counts as labels only when each of its comma- or semicolon-separated parts has at most three
    /// words and does not start with a stop word, so a qualifier such as `(of a person)` stays in the text.
    /// A definition that is nothing but a parenthesis is left whole.
    package static func splitLabelPrefix(_ definition: String) -> (labels: [String], rest: Substring) {
        var rest = Substring(definition.trimmingWhitespace())
        var labels: [String] = []
        while rest.first == "(", let close = rest.firstIndex(of: ")") {
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...].drop { $0.isWhitespace }
            guard !after.isEmpty, !inner.contains("("), let parts = labelParts(inner) else { break }
            labels += parts
            rest = after
        }
        return (labels, rest)
    }

    private static func labelParts(_ inner: Substring) -> [String]? {
        var parts: [String] = []
        for part in inner.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let label = String(part).trimmingWhitespace()
            guard !label.isEmpty else { continue }
            let labelWords = label.split(whereSeparator: \.isWhitespace)
            guard labelWords.count <= 3, let first = words(of: labelWords[0]).first, !stopWords.contains(first)
            else { return nil }
            parts.append(label)
        }
        return parts.isEmpty ? nil : parts
    }

    /// The lower-cased words of `text`, in order.
    package static func words(of text: Substring) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if scalar == "'" || scalar == "\u{2019}" {
                continue
            } else if !current.isEmpty {
                result.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// English function words that say nothing about a meaning: articles, pronouns, prepositions, conjunctions,
    /// auxiliaries and the placeholders definitions use (`someone`, `something`).
    package static let stopWords: Set<String> = [
        "a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "with", "from", "into", "onto", "as", "about",
        "or", "and", "but", "nor", "that", "which", "who", "whom", "whose", "where", "when", "this", "these",
        "those", "it", "its", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does",
        "can", "could", "may", "might", "will", "would", "should", "one", "ones", "someone", "something",
        "somebody", "any", "some", "such", "their", "his", "her", "them", "they", "he", "she", "etc", "esp",
    ]
}

extension Array where Element: Equatable {
    fileprivate mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var write = 1
        for read in 1..<count where self[read] != self[write - 1] {
            self[write] = self[read]
            write += 1
        }
        removeLast(count - write)
    }
}
