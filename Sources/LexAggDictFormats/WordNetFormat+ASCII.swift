import LexAggCore

/// ``WordNetFormat/parse(_:)`` for ASCII text, byte by byte.
///
/// WordNet's entries are nearly all ASCII, and reading them by Characters (grapheme breaking for every split, search and
/// trim) was a quarter of a 1,000-word batch (callgrind: 310 million instructions). For ASCII text without a carriage
/// return every Character is one byte, so this reading follows ``WordNetFormat/parseCharacters(_:)`` step by step on
/// bytes and gives the same entry; `WordNetFormatTests` compares the two on the embedded WordNet.
extension WordNetFormat {
    typealias Bytes = ArraySlice<UInt8>

    /// The entry, or `nil` when the text is not all ASCII or has a carriage return (then Characters decide).
    static func parseASCII(_ text: String) -> ParsedEntry? {
        var text = text
        guard let bytes = text.withUTF8({ buffer -> [UInt8]? in
            buffer.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? Array(buffer) : nil
        }) else { return nil }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)[...]
        let headword = lines.popFirst().map { string(trimmed($0)) } ?? ""
        var groups: [(partOfSpeech: PartOfSpeech?, senses: [ParsedSense])] = []
        var current: [Bytes] = []

        func flush() {
            guard !current.isEmpty else { return }
            var joined: [UInt8] = []
            for (index, line) in current.enumerated() {
                let text = trimmed(line)
                if index > 0 && !WordNetFormat.continuesHyphenatedWord(joined.suffix(2), text.first) { joined.append(0x20) }
                joined.append(contentsOf: text)
            }
            current = []
            guard let (pos, body) = splitMarker(joined[...]) else { return }
            add(parseSense(body, headword: headword), marked: pos.map { PartOfSpeech($0) }, to: &groups)
        }

        for line in lines {
            if trimmed(line).isEmpty { continue }
            let indent = line.prefix { $0 == 0x20 }.count
            if indent <= 4 { flush() }
            current.append(line)
        }
        flush()
        return ParsedEntry(headword: headword, groups: groups)
    }

    /// ``splitMarker(_:)`` on bytes.
    private static func splitMarker(_ line: Bytes) -> (String?, Bytes)? {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let marker = line[..<colon].split(separator: 0x20)
        let body = trimmed(line[(colon + 1)...])
        func isNumber(_ word: Bytes) -> Bool { word.allSatisfy { (0x30...0x39).contains($0) } }
        switch marker.count {
        case 0: return (nil, body)
        case 1 where isNumber(marker[0]): return (nil, body)
        case 1 where isPartOfSpeech(marker[0]): return (string(marker[0]), body)
        case 2 where isNumber(marker[1]): return (string(marker[0]), body)
        default: return (nil, line)
        }
    }

    /// `n`, `v`, `adj`, `adv` or `s`, compared as bytes.
    private static func isPartOfSpeech(_ word: Bytes) -> Bool {
        switch word.count {
        case 1: return word.first == UInt8(ascii: "n") || word.first == UInt8(ascii: "v") || word.first == UInt8(ascii: "s")
        case 3: return word.elementsEqual("adj".utf8) || word.elementsEqual("adv".utf8)
        default: return false
        }
    }

    /// ``parseSense(_:headword:)`` on bytes.
    private static func parseSense(_ text: Bytes, headword: String) -> ParsedSense {
        // The bracketed lists in one pass (the Characters reading takes out every [syn: first, then [ant:, then
        // [also:; on WordNet's text, where lists neither nest nor stay open, that is the same).
        var remaining: [UInt8] = []
        remaining.reserveCapacity(text.count)
        var synonyms: [String] = []
        var antonyms: [String] = []
        var position = text.startIndex
        while let open = text[position...].firstIndex(of: UInt8(ascii: "[")) {
            if let (label, start) = listLabel(text, at: open), let close = text[start...].firstIndex(of: UInt8(ascii: "]")) {
                remaining.append(contentsOf: text[position..<open])
                let items = braced(text[start..<close])
                if label == syn { synonyms += items } else if label == ant { antonyms += items }
                position = close + 1
            } else {
                remaining.append(contentsOf: text[position...open])
                position = open + 1
            }
        }
        remaining.append(contentsOf: text[position...])
        let lowerHeadword = headword.lowercased()
        synonyms = unique(synonyms.filter { $0.lowercased() != lowerHeadword })
        antonyms = unique(antonyms)

        var definition = remaining[...]
        var examples: [String] = []
        let quote = UInt8(ascii: "\"")
        if let first = remaining.firstIndex(of: quote) {
            definition = remaining[..<first]
            var rest = remaining[first...]
            while let start = rest.firstIndex(of: quote) {
                let afterStart = start + 1
                guard let end = rest[afterStart...].firstIndex(of: quote) else {
                    let tail = trimmed(rest[afterStart...])
                    if !tail.isEmpty { examples.append(collapsed(tail)) }
                    break
                }
                let example = trimmed(rest[afterStart..<end])
                if !example.isEmpty { examples.append(collapsed(example)) }
                rest = rest[(end + 1)...]
            }
        }
        var gloss = Array(collapsed(definition).utf8)[...]
        while let last = gloss.last, last == UInt8(ascii: ";") || last == UInt8(ascii: ":") { gloss.removeLast() }
        return ParsedSense(
            definition: string(trimmed(gloss)), examples: examples, synonyms: synonyms, antonyms: antonyms
        )
    }

    /// ``braced(_:)`` on bytes.
    private static func braced(_ text: Bytes) -> [String] {
        var items: [String] = []
        var rest = text
        while let open = rest.firstIndex(of: UInt8(ascii: "{")), let close = rest[open...].firstIndex(of: UInt8(ascii: "}")) {
            var end = close
            // WordNet's adjective position markers: `{big(a)}` (before a noun), `{big(p)}` (predicate), `(ip)`.
            // (Bytes compared only before a `)`: a String marker's count and UTF-8 view cost 6 % of a WordNet batch.)
            if rest[close - 1] == UInt8(ascii: ")") {
                for marker in positionMarkerBytes where end - (open + 1) > marker.count
                    && rest[(end - marker.count)..<end].elementsEqual(marker) {
                    end -= marker.count
                    break
                }
            }
            let item = collapsed(rest[(open + 1)..<end])
            if !item.isEmpty { items.append(item) }
            rest = rest[(close + 1)...]
        }
        return items
    }

    private static let positionMarkerBytes = positionMarkers.map { Array($0.utf8) }
    private static let syn = Array("[syn:".utf8)
    private static let ant = Array("[ant:".utf8)
    private static let also = Array("[also:".utf8)

    /// The list marker (`[syn:`, `[ant:` or `[also:`) that starts at `position`, and where its items start.
    private static func listLabel(_ bytes: Bytes, at position: Int) -> ([UInt8], Int)? {
        for label in [syn, ant, also] where bytes.endIndex - position >= label.count {
            if bytes[position..<(position + label.count)].elementsEqual(label) { return (label, position + label.count) }
        }
        return nil
    }

    /// `bytes` without ASCII white space at either end.
    private static func trimmed(_ bytes: Bytes) -> Bytes {
        guard let first = bytes.firstIndex(where: { !isASCIIWhitespace($0) }) else { return bytes[bytes.endIndex...] }
        let last = bytes.lastIndex(where: { !isASCIIWhitespace($0) })!
        return bytes[first...last]
    }

    /// ``collapse(_:)`` of ASCII bytes.
    private static func collapsed(_ bytes: Bytes) -> String {
        bytes.withUnsafeBufferPointer { collapseASCII($0) } ?? collapse(string(bytes))
    }

    private static func string(_ bytes: Bytes) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
