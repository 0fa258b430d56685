import LexAggCore

/// Turns the text of a WordNet entry, as dictd's `wn` database stores it, into senses by part of speech.
///
/// ```
/// bank
///     n 1: sloping land (especially the slope beside a body of water);
///          "they pulled the canoe up on the bank"
///     2: a financial institution ... [syn: {depository financial
///        institution}, {bank}]
///     v 1: tip laterally; "the pilot had to bank the aircraft"
/// ```
/// A sense starts on a line indented four spaces with `POS N:` or `N:`; continuation lines are indented
/// further. Examples are the quoted parts after the gloss; `[syn: {…}]` and `[ant: {…}]` list synonyms and
/// antonyms (the headword itself is left out of its own synonyms).
enum WordNetFormat {
    struct ParsedEntry: Equatable {
        var headword: String
        var groups: [(partOfSpeech: PartOfSpeech?, senses: [ParsedSense])]

        static func == (lhs: ParsedEntry, rhs: ParsedEntry) -> Bool {
            lhs.headword == rhs.headword && lhs.groups.count == rhs.groups.count
                && zip(lhs.groups, rhs.groups).allSatisfy { $0.partOfSpeech == $1.partOfSpeech && $0.senses == $1.senses }
        }
    }

    struct ParsedSense: Equatable {
        var definition: String
        var examples: [String]
        var synonyms: [String]
        var antonyms: [String]
    }

    /// The parts of speech a WordNet entry's text gives its word (for the morphology: `indic` is only a noun), none
    /// when the entry is headed in capitals alone (`WA`, `HA`, `IT`) and `word` is not: a lower-case word is no form
    /// of an abbreviation (`was` is no plural of *WA*).
    ///
    /// Only the lines' markers are read (`n 1:`, `v 1:`, `adj 1:`): parsing the whole entry cost a common lemma's
    /// every sense (*go*: 90) for each form looked up.
    static func partsOfSpeech(ofEntry text: String, for word: String) -> Set<WordNetMorphology.PartOfSpeech> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard let headword = lines.popFirst() else { return [] }
        let letters = headword.filter(\.isLetter)
        if !letters.isEmpty, letters.allSatisfy(\.isUppercase), letters.count > 1 || word.first?.isLowercase == true,
           word.contains(where: \.isLowercase) {
            return []
        }
        var found = Set<WordNetMorphology.PartOfSpeech>()
        for line in lines {
            // A part of speech starts a line of its own: `    n 1: …`, `    adj : …` (a wrapped line is indented further).
            let start = line.drop { $0 == " " }
            let marker = start.prefix { $0 != " " && $0 != ":" }
            // … followed by a sense number and a colon (`n 1:`, `adj :`), not a wrapped line's first word.
            let rest = start[marker.endIndex...].prefix(5)
            guard let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy({ $0 == " " || $0.isNumber }) else { continue }
            switch marker {
            case "n": found.insert(.noun)
            case "v": found.insert(.verb)
            case "adj", "s": found.insert(.adj)
            case "adv": found.insert(.adv)
            default: break
            }
        }
        return found
    }

    static func parse(_ text: String) -> ParsedEntry {
        parseASCII(text) ?? parseCharacters(text)
    }

    /// Adds `sense` to the groups: a new group when it starts with a part-of-speech marker (or is the first sense),
    /// else to the last group (both readings share this rule).
    static func add(
        _ sense: ParsedSense, marked partOfSpeech: PartOfSpeech?, to groups: inout [(partOfSpeech: PartOfSpeech?, senses: [ParsedSense])]
    ) {
        if let partOfSpeech {
            groups.append((partOfSpeech, [sense]))
        } else if groups.isEmpty {
            groups.append((nil, [sense]))
        } else {
            groups[groups.count - 1].senses.append(sense)
        }
    }

    /// The entry read by Characters, for any text (``parseASCII(_:)`` reads ASCII text the same way, faster).
    static func parseCharacters(_ text: String) -> ParsedEntry {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        let headword = lines.popFirst().map { String($0).trimmingWhitespace() } ?? ""
        var groups: [(partOfSpeech: PartOfSpeech?, senses: [ParsedSense])] = []
        var current: [Substring] = []

        func flush() {
            guard !current.isEmpty else { return }
            var joined = ""
            for (index, line) in current.enumerated() {
                let text = line.trimmingWhitespaceSubstring()
                if index > 0 && !continuesHyphenatedWord(joined.utf8.suffix(2), text.utf8.first) { joined += " " }
                joined += text
            }
            current = []
            guard let (pos, body) = splitMarker(joined) else { return }
            add(parseSense(body, headword: headword), marked: pos.map { PartOfSpeech($0) }, to: &groups)
        }

        for line in lines {
            if line.trimmingWhitespaceSubstring().isEmpty { continue }
            let indent = line.prefix { $0 == " " }.count
            if indent <= 4 { flush() }
            current.append(line)
        }
        flush()
        return ParsedEntry(headword: headword, groups: groups)
    }

    /// Whether a line that starts with `next` continues a word the line before broke after its hyphen, which ends
    /// `end` (its last two bytes): dictfmt wraps WordNet's text there (`how-` / `do-you-do`, `ten-` / `thousandth`:
    /// 3,485 lines of wn.dict), and a space joining them made `how- do-you-do`.
    static func continuesHyphenatedWord<End: BidirectionalCollection<UInt8>>(_ end: End, _ next: UInt8?) -> Bool {
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte >= 0x80
        }
        guard end.count == 2, let next, end.last == UInt8(ascii: "-"), isAlphanumeric(end.first!) else { return false }
        return isAlphanumeric(next)
    }

    /// Splits `n 1: text` / `2: text` into the part of speech (if named) and the text.
    static func splitMarker(_ line: String) -> (String?, Substring)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let marker = line[..<colon].split(separator: " ")
        let body = line[line.index(after: colon)...].trimmingWhitespaceSubstring()
        switch marker.count {
        case 0: return (nil, body)
        case 1 where marker[0].allSatisfy(\.isNumber): return (nil, body)
        case 1 where ["n", "v", "adj", "adv", "s"].contains(marker[0]): return (String(marker[0]), body)
        case 2 where marker[1].allSatisfy(\.isNumber): return (String(marker[0]), body)
        default: return (nil, Substring(line))
        }
    }

    static func parseSense(_ text: Substring, headword: String) -> ParsedSense {
        var remaining = String(text)
        var synonyms: [String] = []
        var antonyms: [String] = []
        // Pull out the bracketed lists: [syn: {a}, {b}] [ant: {c}]
        while let open = listOpening(in: remaining) {
            let label = remaining[open].dropFirst().dropLast()
            guard let close = remaining[open.upperBound...].firstIndex(of: "]") else { break }
            let items = braced(remaining[open.upperBound..<close])
            if label == "syn" { synonyms += items } else if label == "ant" { antonyms += items }
            remaining.removeSubrange(open.lowerBound...close)
        }
        let lowerHeadword = headword.lowercased()
        synonyms = unique(synonyms.filter { $0.lowercased() != lowerHeadword })
        antonyms = unique(antonyms)

        // Gloss first, then "quoted examples" separated by semicolons.
        var definition = remaining
        var examples: [String] = []
        if let quote = remaining.firstIndex(of: "\"") {
            definition = String(remaining[..<quote])
            var rest = remaining[quote...]
            while let start = rest.firstIndex(of: "\"") {
                let afterStart = rest.index(after: start)
                guard let end = rest[afterStart...].firstIndex(of: "\"") else {
                    let tail = rest[afterStart...].trimmingWhitespaceSubstring()
                    if !tail.isEmpty { examples.append(String(tail)) }
                    break
                }
                let example = rest[afterStart..<end].trimmingWhitespaceSubstring()
                if !example.isEmpty { examples.append(String(example)) }
                rest = rest[rest.index(after: end)...]
            }
        }
        definition = collapse(definition)
        while definition.hasSuffix(";") || definition.hasSuffix(":") { definition.removeLast() }
        return ParsedSense(
            definition: definition.trimmingWhitespace(), examples: examples.map(collapse), synonyms: synonyms,
            antonyms: antonyms
        )
    }

    /// The openings of a sense's lists, in the order they are looked for.
    private static let listLabels: [[UInt8]] = [Array("[syn:".utf8), Array("[ant:".utf8), Array("[also:".utf8)]

    /// Where the first `[syn:`, else `[ant:`, else `[also:` is, in one pass over the bytes (searching for the three in
    /// turn as Characters was most of parsing a sense).
    /// Text that is not all ASCII is searched by Characters (a combining mark after the colon makes another Character).
    static func listOpening(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.firstRange(of: "[syn:") ?? text.firstRange(of: "[ant:") ?? text.firstRange(of: "[also:")
        }
        var found: [Range<String.Index>?] = [nil, nil, nil]
        let labels = listLabels
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "[") {
                for (number, label) in labels.enumerated() where found[number] == nil {
                    if let end = utf8.index(index, offsetBy: label.count, limitedBy: utf8.endIndex),
                       utf8[index..<end].elementsEqual(label)
                    {
                        found[number] = index..<end
                    }
                }
                if found[0] != nil { break }
            }
            utf8.formIndex(after: &index)
        }
        return found[0] ?? found[1] ?? found[2]
    }

    /// The `{…}` items of a list, white space collapsed.
    /// The syntactic markers WordNet puts after an adjective in a list: attributive, predicative, postnominal.
    static let positionMarkers = ["(a)", "(p)", "(ip)"]

    static func braced(_ text: Substring) -> [String] {
        var items: [String] = []
        var rest = text
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            var text = rest[rest.index(after: open)..<close]
            // WordNet's adjective position markers: `{big(a)}` (before a noun), `{big(p)}` (predicate), `(ip)`.
            if let marker = positionMarkers.first(where: { text.hasSuffix($0) && text.count > $0.count }) {
                text = text.dropLast(marker.count)
            }
            let item = collapse(String(text))
            if !item.isEmpty { items.append(item) }
            rest = rest[rest.index(after: close)...]
        }
        return items
    }
}

/// `text` with its runs of white space made one space, and none at either end.
package func collapse(_ text: String) -> String {
    var text = text
    if let ascii = text.withUTF8(collapseASCII) { return ascii }
    // Built in place, of Strings: the standard library's generic `joined` (and the generic `append(contentsOf:)` of a
    // substring) scan the binary's conformance records on their first use in a process.
    var collapsed = ""
    for word in text.split(whereSeparator: { $0.isWhitespace }) {
        if !collapsed.isEmpty { collapsed.append(" ") }
        collapsed += String(word)
    }
    return collapsed
}

/// ``collapse(_:)`` for ASCII text, byte by byte (nil for any other text): dictionary text is nearly all ASCII, and
/// splitting into Characters (grapheme breaking, Unicode properties) was a fifth of a WordNet batch.
func collapseASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    for byte in bytes where byte >= 0x80 { return nil }
    // Written straight into the string's storage (no array first: two allocations a sense, example and synonym).
    return String(unsafeUninitializedCapacity: bytes.count) { output in
        var count = 0
        var space = false
        for byte in bytes {
            if isASCIIWhitespace(byte) {
                space = count > 0
            } else {
                if space {
                    output[count] = 0x20
                    count += 1
                }
                space = false
                output[count] = byte
                count += 1
            }
        }
        return count
    }
}

/// What `Character.isWhitespace` says of an ASCII byte: tab, line feed, vertical tab, form feed, carriage return, space.
@inline(__always) func isASCIIWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
}

func unique(_ items: [String]) -> [String] {
    // Nearly always none or a few: compared pairwise, without a set's hashing and allocation.
    guard items.count > 1 else { return items }
    if items.count <= 16 {
        let lowered = items.map { $0.lowercased() }
        return items.indices.filter { index in !lowered[..<index].contains(lowered[index]) }.map { items[$0] }
    }
    var seen = Set<String>()
    return items.filter { seen.insert($0.lowercased()).inserted }
}

extension StringProtocol {
    package func trimmingWhitespaceSubstring() -> SubSequence {
        // ASCII white space at both ends with ASCII text inside it, byte by byte; anything else by Characters.
        let bytes = Substring(self).utf8  // a string's own indices, and bidirectional
        if let first = bytes.firstIndex(where: { !isASCIIWhitespace($0) }), bytes[first] < 0x80,
           let last = bytes.lastIndex(where: { !isASCIIWhitespace($0) }), bytes[last] < 0x80
        {
            return self[first...last]
        } else if bytes.allSatisfy(isASCIIWhitespace) {
            return self[endIndex...]
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return self[first...last]
    }
}
