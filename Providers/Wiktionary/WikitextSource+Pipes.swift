/// Splitting a template's or link's text on its own pipes, without scanning what is nested in it.
///
/// ``scanSplitPipes(_:)`` counts `{{`/`}}` and `[[`/`]]` from the start of the text to the end, so every nesting
/// level scanned everything nested in it again: `{{l|en|{{l|en|…}}}}` or `[[a[[a…]]]]` 16 KB deep took 1.4 s and
/// 9.4 s per page in the fuzz build. The two counts never touch each other's bytes, so each is the template or link
/// scan (``templateEnd(from:limit:)``, and the link scan without its blank-line stop) from where it leaves zero, and
/// ``splitPipes(_:)`` jumps from opening to close with the one-pass tables, finding the next opening of the other
/// kind inside a nested one by binary search in ``Marks``. It gives exactly the scan's parts (kept as the oracle).
extension WikitextSource {
    /// Sorted positions of the bytes the renderer looks for past nested text.
    struct Marks: Sendable {
        /// Every index where `{{` starts (both of `{{{`'s first two), and `[[`; then `:`, `#` and line breaks.
        var templateStarts: [Int] = []
        var linkStarts: [Int] = []
        var colons: [Int] = []
        var hashes: [Int] = []
        var newlines: [Int] = []

        init(_ bytes: [UInt8]) {
            for index in bytes.indices {
                switch bytes[index] {
                case Ascii.openBrace where index + 1 < bytes.count && bytes[index + 1] == Ascii.openBrace:
                    templateStarts.append(index)
                case Ascii.openBracket where index + 1 < bytes.count && bytes[index + 1] == Ascii.openBracket:
                    linkStarts.append(index)
                case Ascii.colon: colons.append(index)
                case Ascii.hash: hashes.append(index)
                case Ascii.newline: newlines.append(index)
                default: break
                }
            }
        }

        /// The first of `positions` in `range` (binary search).
        static func first(of positions: [Int], in range: Range<Int>) -> Int? {
            var low = 0
            var high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if positions[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
            }
            return low < positions.count && positions[low] < range.upperBound ? positions[low] : nil
        }
    }

    /// The first `:` in `range`.
    func firstColon(in range: Range<Int>) -> Int? { Marks.first(of: marks.colons, in: range) }

    /// The first `#` in `range`.
    func firstHash(in range: Range<Int>) -> Int? { Marks.first(of: marks.hashes, in: range) }

    /// The first line break in `range`.
    func firstNewline(in range: Range<Int>) -> Int? { Marks.first(of: marks.newlines, in: range) }

    /// Splits `inner` (the text between `{{`/`}}` or `[[`/`]]`) on `|` outside nested templates and links: what
    /// ``scanSplitPipes(_:)`` gives, reading only this level's own bytes.
    func splitPipes(_ inner: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = inner.lowerBound
        var index = inner.lowerBound
        let upper = inner.upperBound
        // Where the nested template and the nested link that hide pipes close (none open at or past it).
        var templateUntil = index
        var linkUntil = index
        while index < upper {
            let inTemplate = index < templateUntil
            let inLink = index < linkUntil
            if !inTemplate, !inLink {
                let byte = bytes[index]
                if index + 1 < upper, byte == bytes[index + 1], byte == Ascii.openBrace || byte == Ascii.openBracket {
                    // An unclosed one hides every later pipe.
                    guard let end = byte == Ascii.openBrace
                        ? templateEnd(from: index, limit: upper) : bracketEnd(from: index, limit: upper)
                    else { break }
                    if byte == Ascii.openBrace { templateUntil = end } else { linkUntil = end }
                    index += 2
                    continue
                }
                if byte == Ascii.pipe {
                    parts.append(start..<index)
                    start = index + 1
                }
                index += 1
            } else if inTemplate, inLink {
                index = min(templateUntil, linkUntil)
            } else {
                // Inside one kind: the other kind's next opening before that one closes, or its close.
                let until = inTemplate ? templateUntil : linkUntil
                let starts = inTemplate ? marks.linkStarts : marks.templateStarts
                guard let next = Marks.first(of: starts, in: index..<min(until, upper - 1)) else {
                    index = until
                    continue
                }
                guard let end = inTemplate
                    ? bracketEnd(from: next, limit: upper) : templateEnd(from: next, limit: upper)
                else { break }
                if inTemplate { linkUntil = end } else { templateUntil = end }
                index = next + 2
            }
        }
        parts.append(start..<upper)
        return parts
    }

    /// Where the `[[` at `start` closes when blank lines do not stop it (``scanSplitPipes(_:)``'s count), or `nil`.
    func bracketEnd(from start: Int, limit: Int) -> Int? {
        bracketEnds[start].flatMap { $0 <= limit ? $0 : nil }
    }

    /// ``splitPipes(_:)`` by counting from the start of `inner` to its end (the oracle of the tests).
    func scanSplitPipes(_ inner: Range<Int>) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var braces = 0
        var brackets = 0
        var start = inner.lowerBound
        var index = inner.lowerBound
        let upper = inner.upperBound
        while index < upper {
            let byte = bytes[index]
            if index + 1 < upper {
                let next = bytes[index + 1]
                if byte == Ascii.openBrace, next == Ascii.openBrace {
                    braces += 1
                    index += 2
                    continue
                }
                if byte == Ascii.closeBrace, next == Ascii.closeBrace, braces > 0 {
                    braces -= 1
                    index += 2
                    continue
                }
                if byte == Ascii.openBracket, next == Ascii.openBracket {
                    brackets += 1
                    index += 2
                    continue
                }
                if byte == Ascii.closeBracket, next == Ascii.closeBracket, brackets > 0 {
                    brackets -= 1
                    index += 2
                    continue
                }
            }
            if byte == Ascii.pipe, braces == 0, brackets == 0 {
                parts.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        parts.append(start..<upper)
        return parts
    }
}
