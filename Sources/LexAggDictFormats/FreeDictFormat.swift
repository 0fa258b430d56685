import LexAggCore

/// Turns the text of a FreeDict bilingual entry into a headword, its pronunciation and translations.
///
/// ```
/// Essen /ˈɛsən/ <neut, n, sg>
/// food <n>, tucker <n> [Austr.]
///       "Essen und Trinken"  - food and drink
///    Synonym: {Nahrung}
///
///  see: {Sommeressen}, {Buschnahrung}
///          Note: Mittag- oder Abendessen
/// ```
/// The first line is the headword, an optional `/IPA/` and `<grammar>`; each unindented line lists
/// translations separated by commas (older databases number them: `1. chat`); indented `"…"  - …` lines are
/// examples of the translations above them; `Synonym(s):` lists synonyms; `Note:` adds context; `see:` lines
/// are cross-references and are left out.
enum FreeDictFormat {
    struct ParsedEntry: Equatable {
        var headword: String
        var pronunciation: String?
        var partOfSpeech: PartOfSpeech?
        var translations: [ParsedTranslation]
        var synonyms: [String]
    }

    struct ParsedTranslation: Equatable {
        var text: String
        var notes: [String]
        var context: String?
        var examples: [TranslatedExample]
    }

    static let wordClasses: Set<String> = [
        "n", "v", "adj", "adv", "prep", "conj", "pron", "num", "interj", "art", "vi", "vt", "vr",
    ]

    static func parse(_ text: String) -> ParsedEntry {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        let first = lines.popFirst().map(String.init) ?? ""
        var (headword, pronunciation, grammar) = headLine(first)
        let partOfSpeech = grammar.first { wordClasses.contains($0) }.map { tag -> PartOfSpeech in
            tag.hasPrefix("v") ? .verb : PartOfSpeech(tag)
        }
        grammar.removeAll()

        var translations: [ParsedTranslation] = []
        var synonyms: [String] = []
        var lineStart = 0   // index of the first translation of the current line
        for line in lines {
            let trimmed = line.trimmingWhitespaceSubstring()
            let indent = line.prefix { $0 == " " }.count
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("see:") { continue }
            if trimmed.hasPrefix("Synonym:") || trimmed.hasPrefix("Synonyms:") {
                synonyms += WordNetFormat.braced(trimmed)
                continue
            }
            if trimmed.hasPrefix("Note:") {
                let note = collapse(String(trimmed.dropFirst("Note:".count)))
                for i in lineStart..<translations.count where translations[i].context == nil && !note.isEmpty {
                    translations[i].context = note
                }
                continue
            }
            if indent >= 3, trimmed.first == "\"" {
                if let example = example(trimmed), lineStart < translations.count {
                    translations[lineStart].examples.append(example)
                }
                continue
            }
            lineStart = translations.count
            translations += translationLine(trimmed)
        }
        if pronunciation?.isEmpty == true { pronunciation = nil }
        return ParsedEntry(
            headword: headword, pronunciation: pronunciation, partOfSpeech: partOfSpeech,
            translations: translations, synonyms: unique(synonyms)
        )
    }

    /// `Essen /ˈɛsən/ <neut, n, sg>` → ("Essen", "/ˈɛsən/", ["neut", "n", "sg"]).
    static func headLine(_ line: String) -> (String, String?, [String]) {
        var headword = Substring(line)
        var pronunciation: String?
        var grammar: [String] = []
        if let open = line.firstIndex(of: "<"), let close = line[open...].firstIndex(of: ">") {
            grammar = line[line.index(after: open)..<close].split(separator: ",").map { String($0.trimmingWhitespaceSubstring()) }
            headword = line[..<open]
        }
        if let slash = headword.firstRange(of: " /"), let end = headword[slash.upperBound...].firstIndex(of: "/") {
            pronunciation = withoutLanguageSwitches(String(headword[headword.index(before: slash.upperBound)...end]))
            headword = headword[..<slash.lowerBound]
        }
        return (collapse(String(headword)), pronunciation, grammar)
    }

    /// An IPA transcription without the language switches espeak wrote into it: FreeDict's transcriptions of
    /// loanwords mark the foreign stretch `(en)…(de)` (`/(en)hˈaʊs(de)/` for German *House*, `/bˈaz (en)bˈɔːl(fr)/`).
    /// Switches come in pairs, the second back to the dictionary's language; a lone `(st)` (`/ʒezykʀi(st)/`) or
    /// `(ə)` is a sound that may be left out, and stays.
    static func withoutLanguageSwitches(_ transcription: String) -> String {
        // A switch: `(` two or three lower-case ASCII letters `)`, as UTF-8 byte offsets (ASCII throughout).
        let bytes = Array(transcription.utf8)
        var switches: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "(") {
                var end = index + 1
                while end < bytes.count, end - index <= 4, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: ")"), (3...4).contains(end - index) {
                    switches.append(index..<(end + 1))
                    index = end + 1
                    continue
                }
            }
            index += 1
        }
        guard switches.count >= 2, switches.count.isMultiple(of: 2) else { return transcription }
        var kept: [UInt8] = []
        var start = 0
        for range in switches {
            kept += bytes[start..<range.lowerBound]
            start = range.upperBound
        }
        kept += bytes[start...]
        return String(decoding: kept, as: UTF8.self)
    }

    /// `food <n>, tucker <n> [Austr.]` → two translations with their notes.
    static func translationLine(_ line: Substring) -> [ParsedTranslation] {
        var text = line
        // Older databases number senses: "1. chat".
        if let dot = text.firstIndex(of: "."), text[..<dot].allSatisfy(\.isNumber), !text[..<dot].isEmpty {
            text = text[text.index(after: dot)...]
        }
        return splitTopLevel(text, on: ",").compactMap { item in
            var notes: [String] = []
            var plain = ""
            var depth: Character?
            var note = ""
            for character in item {
                if let open = depth {
                    if (open == "<" && character == ">") || (open == "[" && character == "]") {
                        notes += note.split(separator: ",").map { collapse(String($0)) }.filter { !$0.isEmpty }
                        note = ""
                        depth = nil
                    } else {
                        note.append(character)
                    }
                } else if character == "<" || character == "[" {
                    depth = character
                } else {
                    plain.append(character)
                }
            }
            let cleaned = collapse(plain)
            guard !cleaned.isEmpty else { return nil }
            return ParsedTranslation(text: cleaned, notes: notes, context: nil, examples: [])
        }
    }

    /// `"Essen und Trinken"  - food and drink` → the pair.
    static func example(_ line: Substring) -> TranslatedExample? {
        guard line.first == "\"", let close = line.dropFirst().firstIndex(of: "\"") else { return nil }
        let source = collapse(String(line[line.index(after: line.startIndex)..<close]))
        var rest = line[line.index(after: close)...].trimmingWhitespaceSubstring()
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        let target = collapse(String(rest))
        guard !source.isEmpty else { return nil }
        return TranslatedExample(source: source, target: target)
    }

    /// Splits on `separator` outside `()`, `[]` and `<>`.
    static func splitTopLevel(_ text: Substring, on separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth = max(0, depth - 1)
            case separator where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        return parts
    }
}

/// Formats the text of an entry from any other DICT database as one readable sense.
///
/// The text is kept as the database wrote it (line breaks matter in GCIDE's quotations and tables), minus
/// common indentation, trailing spaces and runs of blank lines.
package enum PlainTextFormat {
    package static func tidy(_ text: String) -> String {
        // Trailing white space cut at the last other character: a Substring's dropLast() counts the whole line (it is
        // not random access), so dropping a run one by one was quadratic (4 KB of spaces took 0.1 s in the fuzz build).
        let allLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.lastIndex { !$0.isWhitespace }.map { line[...$0] } ?? line.prefix(0)
        }
        // Blank lines at either end dropped by slicing (removing them one by one from the front moved every other
        // line each time: quadratic in a text of many blank lines; seen reading what the slow dict-text fuzz target runs).
        guard let firstLine = allLines.firstIndex(where: { !$0.isEmpty }),
              let lastLine = allLines.lastIndex(where: { !$0.isEmpty })
        else { return "" }
        let lines = allLines[firstLine...lastLine]
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        var result: [Substring] = []
        for line in lines {
            if line.isEmpty && result.last?.isEmpty == true { continue }
            result.append(line.isEmpty ? line : line.dropFirst(indent))
        }
        return result.joined(separator: "\n")
    }

    /// The headword as the entry's first line spells it: the longest run of its leading words whose folded
    /// form is the index key (`House \House\ (hous), n.` → `House`), or `nil`.
    package static func displayHeadword(firstLine: Substring, indexKey: [UInt8], order: IndexOrder) -> String? {
        let words = Self.words(firstLine)
        let trimmedIndexKey = Array(indexKey.drop { $0 == UInt8(ascii: " ") })
        var best: String?
        var candidate = ""
        for (offset, word) in words.prefix(12).enumerated() {
            // The first `offset + 1` words, one space apart, grown a word at a time.
            if offset > 0 { candidate.append(" ") }
            candidate.append(contentsOf: word)
            let key = order.foldQuery(candidate)
            if key == indexKey || key == trimmedIndexKey || Array(key.drop { $0 == UInt8(ascii: " ") }) == trimmedIndexKey {
                best = candidate
            }
        }
        return best
    }

    /// The line's words (runs of anything but spaces). An ASCII line is split byte by byte (each Character is one
    /// byte there): splitting by Characters was 2 % of a batch of WordNet words, for one short line per entry.
    static func words(_ line: Substring) -> [Substring] {
        guard line.utf8.allSatisfy({ $0 < 0x80 }) else { return line.split(separator: " ", omittingEmptySubsequences: true) }
        var words: [Substring] = []
        let utf8 = line.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            guard utf8[index] != 0x20 else { index = utf8.index(after: index); continue }
            let start = index
            while index < utf8.endIndex && utf8[index] != 0x20 { index = utf8.index(after: index) }
            words.append(line[start..<index])
        }
        return words
    }
}
