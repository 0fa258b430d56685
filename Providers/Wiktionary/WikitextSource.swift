/// Wikitext as UTF-8 bytes, with the scanning primitives the parser and renderer share.
///
/// Everything works on byte offsets into ``bytes``; the markup characters are all ASCII, so a byte scan never
/// splits a multi-byte character at a markup boundary.
package struct WikitextSource: Sendable {
    package let bytes: [UInt8]
    /// Where the template opening at each `{{` ends, and the link at each `[[`, to the end of the text (see
    /// WikitextSource+Brackets.swift): found in one pass, so that no scan is repeated.
    let templateEnds: [Int: Int]
    let linkEnds: [Int: Int]
    /// Where each `[[` closes when blank lines do not stop it: what ``splitPipes(_:)`` counts.
    let bracketEnds: [Int: Int]
    /// Where `{{` and `[[` start (each index of a longer run too), and where `:` and `#` are, in order: the renderer
    /// and ``splitPipes(_:)`` find the next one in a range by binary search instead of scanning nested text again.
    let marks: Marks

    /// Wraps `text`, dropping what never reaches output: `<!-- comments -->`, `<ref>…</ref>` and `<ref …/>`,
    /// `<references/>`, and carriage returns.
    package init(_ text: some Sequence<UInt8>) {
        let bytes = WikitextSource.preprocess(Array(text))
        self.bytes = bytes
        self.templateEnds = WikitextSource.pairEnds(
            bytes, open: Ascii.openBrace, close: Ascii.closeBrace, stopsAtParagraph: false
        )
        self.linkEnds = WikitextSource.pairEnds(
            bytes, open: Ascii.openBracket, close: Ascii.closeBracket, stopsAtParagraph: true
        )
        self.bracketEnds = WikitextSource.pairEnds(
            bytes, open: Ascii.openBracket, close: Ascii.closeBracket, stopsAtParagraph: false
        )
        self.marks = Marks(bytes)
    }

    package init(_ text: String) {
        self.init(text.utf8)
    }

    subscript(_ index: Int) -> UInt8 { bytes[index] }

    var count: Int { bytes.count }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// `range` without leading and trailing ASCII white space.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Ascii.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, Ascii.isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    func hasPrefix(_ prefix: StaticString, at index: Int, limit: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= limit else { return false }
        return prefix.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    func hasPrefixIgnoringCase(_ prefix: StaticString, at index: Int, limit: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= limit else { return false }
        return prefix.withUTF8Buffer { buffer in
            for offset in 0..<count where Ascii.lower(bytes[index + offset]) != buffer[offset] { return false }
            return true
        }
    }

    // MARK: Arguments

    /// Parses the template spanning `range` (from `{{` to after `}}`, or to the end of its line for an unclosed one:
    /// ``unclosedTemplateEnd(from:limit:)``).
    func template(_ range: Range<Int>) -> Template {
        let closed = templateEnd(from: range.lowerBound, limit: range.upperBound) == range.upperBound
        let inner = (range.lowerBound + 2)..<(closed ? range.upperBound - 2 : range.upperBound)
        let parts = splitPipes(inner)
        var template = Template(name: Template.normalisedName(self, parts[0]))
        template.nameRange = trimmed(parts[0])
        for part in parts.dropFirst() {
            if let equals = namedArgumentSplit(part) {
                let key = string(trimmed(part.lowerBound..<equals))
                template.named.append((key, trimmed((equals + 1)..<part.upperBound)))
            } else {
                template.positional.append(part)
            }
        }
        return template
    }

    /// The position of `=` when `part` is `name=value` with a plain name (letters, digits, `-`, `_`, space).
    private func namedArgumentSplit(_ part: Range<Int>) -> Int? {
        var index = part.lowerBound
        while index < part.upperBound {
            let byte = bytes[index]
            if byte == Ascii.equals { return index > part.lowerBound ? index : nil }
            if !(Ascii.isAlphanumeric(byte) || byte == 0x2D || byte == 0x5F || byte == 0x20) { return nil }
            index += 1
        }
        return nil
    }

    // MARK: Preprocessing

    static func preprocess(_ input: [UInt8]) -> [UInt8] {
        var searches = ReferenceSearches()
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        let count = input.count
        var index = 0
        var copyFrom = 0
        while index < count {
            let byte = input[index]
            if byte == Ascii.carriageReturn {
                output.append(contentsOf: input[copyFrom..<index])
                index += 1
                copyFrom = index
                continue
            }
            guard byte == Ascii.lessThan, index + 1 < count else {
                index += 1
                continue
            }
            let next = input[index + 1]
            if next == 0x21, matches(input, "<!--", at: index) {
                output.append(contentsOf: input[copyFrom..<index])
                index = find(input, "-->", from: index + 4).map { $0 + 3 } ?? count
                copyFrom = index
            } else if next == 0x72 || next == 0x52, let end = referenceEnd(input, at: index, searches: &searches) {
                output.append(contentsOf: input[copyFrom..<index])
                index = end
                copyFrom = index
            } else {
                index += 1
            }
        }
        output.append(contentsOf: input[copyFrom..<count])
        return output
    }

    /// The end of `<ref …>…</ref>`, `<ref …/>` or `<references …/>` at `index`.
    /// What ``referenceEnd(_:at:searches:)`` looked for, remembered: every unclosed `<ref>` (or `<ref` without `>`)
    /// searched to the end of the text again, so a page of them was quadratic (16 KB of `<ref>` took 0.75 s in the fuzz
    /// build). A search from a later start that the last one passed over has the same answer.
    struct ReferenceSearches {
        var greaterThan = ForwardSearch()
        var newline = ForwardSearch()
        var closingReference = ForwardSearch()
        var closingReferences = ForwardSearch()
    }

    /// The first position from a start where a test holds, remembering the last answer: from a start between the last
    /// one's start and its answer (or anywhere after its start when it found none) the answer is the same.
    struct ForwardSearch {
        private var start = Int.max
        private var found: Int?

        mutating func first(from index: Int, count: Int, where test: (Int) -> Bool) -> Int? {
            if index >= start, found.map({ index <= $0 }) ?? true { return found }
            start = index
            found = (index..<max(index, count)).first(where: test)
            return found
        }
    }

    private static func referenceEnd(_ input: [UInt8], at index: Int, searches: inout ReferenceSearches) -> Int? {
        guard matchesIgnoringCase(input, "<ref", at: index) else { return nil }
        let after = index + 4
        guard after < input.count else { return nil }
        let terminator = input[after]
        let isReferences = matchesIgnoringCase(input, "<references", at: index)
        guard terminator == Ascii.greaterThan || terminator == Ascii.slash || Ascii.isSpace(terminator) || isReferences
        else { return nil }
        // The end of the opening tag: the first `>`, unless a line break more than 2,000 bytes on comes first.
        let count = input.count
        guard let close = searches.greaterThan.first(from: after, count: count, where: { input[$0] == Ascii.greaterThan })
        else { return nil }
        if let newline = searches.newline.first(from: max(after, index + 2001), count: count, where: {
            input[$0] == Ascii.newline
        }), newline < close {
            return nil
        }
        if input[close - 1] == Ascii.slash { return close + 1 }
        if isReferences {
            return searches.closingReferences.first(from: close, count: count) {
                input[$0] == Ascii.lessThan && matchesIgnoringCase(input, "</references>", at: $0)
            }.map { $0 + 13 } ?? close + 1
        }
        guard let end = searches.closingReference.first(from: close, count: count, where: {
            input[$0] == Ascii.lessThan && matchesIgnoringCase(input, "</ref>", at: $0)
        }) else { return close + 1 }
        return end + 6
    }

    private static func matches(_ input: [UInt8], _ pattern: StaticString, at index: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard index + count <= input.count else { return false }
        return pattern.withUTF8Buffer { buffer in
            for offset in 0..<count where input[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    private static func matchesIgnoringCase(_ input: [UInt8], _ pattern: StaticString, at index: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard index + count <= input.count else { return false }
        return pattern.withUTF8Buffer { buffer in
            for offset in 0..<count where Ascii.lower(input[index + offset]) != buffer[offset] { return false }
            return true
        }
    }

    private static func find(_ input: [UInt8], _ pattern: StaticString, from start: Int) -> Int? {
        let first = pattern.withUTF8Buffer { $0[0] }
        var index = start
        while index < input.count {
            if input[index] == first, matches(input, pattern, at: index) { return index }
            index += 1
        }
        return nil
    }
}

/// A parsed template call: name, positional and named arguments (as byte ranges of the source).
package struct Template {
    /// Lower-cased, trimmed, `_` as space.
    var name: String
    /// The name as written (`RQ:Browne Pseudodoxia Epidemica`).
    var nameRange: Range<Int>?
    var positional: [Range<Int>] = []
    var named: [(String, Range<Int>)] = []

    func named(_ key: String) -> Range<Int>? {
        named.first { $0.0 == key }?.1
    }

    func positional(_ index: Int) -> Range<Int>? {
        index < positional.count ? positional[index] : nil
    }

    static func normalisedName(_ source: WikitextSource, _ range: Range<Int>) -> String {
        let trimmed = source.trimmed(range)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(trimmed.count)
        for index in trimmed {
            let byte = source[index]
            bytes.append(byte == 0x5F ? 0x20 : Ascii.lower(byte))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum Ascii {
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B
    static let closeBracket: UInt8 = 0x5D
    static let pipe: UInt8 = 0x7C
    static let equals: UInt8 = 0x3D
    static let hash: UInt8 = 0x23
    static let star: UInt8 = 0x2A
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let apostrophe: UInt8 = 0x27
    static let lessThan: UInt8 = 0x3C
    static let greaterThan: UInt8 = 0x3E
    static let slash: UInt8 = 0x2F
    static let ampersand: UInt8 = 0x26
    static let comma: UInt8 = 0x2C
    static let period: UInt8 = 0x2E
    static let openParen: UInt8 = 0x28
    static let closeParen: UInt8 = 0x29
    static let dash: UInt8 = 0x2D

    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == newline || byte == carriageReturn
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always) static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }

    @inline(__always) static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
