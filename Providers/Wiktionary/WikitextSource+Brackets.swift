/// Where templates and links end.
///
/// The renderer and the parser ask where the `{{` or `[[` at an index closes, again and again: at every opening the
/// renderer meets, at every nesting level, and after an unclosed one at each later opening. Scanning to the close
/// each time made text of many unclosed or nested openings quadratic (16 KB of `[[` took 20 s in the fuzz build).
/// The answers for every opening of the text are found once, in one pass
/// (``pairEnds(_:open:close:stopsAtParagraph:)``), and are exactly what the scan gives
/// (``scanTemplateEnd(from:limit:)``, ``scanLinkEnd(from:limit:)``).
extension WikitextSource {
    /// The end (exclusive, after `}}`) of the template opening at `start` (`{{`), or `nil` when unclosed
    /// before `limit`. Nested templates, `{{{parameters}}}` and links are skipped over.
    func templateEnd(from start: Int, limit: Int) -> Int? {
        guard start + 1 < count, bytes[start] == Ascii.openBrace, bytes[start + 1] == Ascii.openBrace else {
            return scanTemplateEnd(from: start, limit: limit)
        }
        // A close found before `limit` is the one the scan to `limit` finds; a later one or none means none before it.
        return templateEnds[start].flatMap { $0 <= limit ? $0 : nil }
    }

    /// The end (exclusive, after `]]`) of the link opening at `start` (`[[`), or `nil` when unclosed.
    func linkEnd(from start: Int, limit: Int) -> Int? {
        guard start + 1 < count, bytes[start] == Ascii.openBracket, bytes[start + 1] == Ascii.openBracket else {
            return scanLinkEnd(from: start, limit: limit)
        }
        return linkEnds[start].flatMap { $0 <= limit ? $0 : nil }
    }

    /// Where an unclosed template at `start` is read to: the end of its line (or `limit`), when it opens as a template
    /// does (`{{l|en|foo` and the line ends without `}}`); `nil` when it does not (`{{` before text, or a name past
    /// 100 bytes or holding braces), and its `{{` is then text.
    ///
    /// MediaWiki shows such a `{{` and all after it as typed; read as a template closed at the line's end, the line
    /// keeps its words (it lost everything from the `{{` on: `# A {{l|en|house. Also a shed.` read "A").
    func unclosedTemplateEnd(from start: Int, limit: Int) -> Int? {
        var index = start + 2
        while index < limit, index - start < 102 {
            switch bytes[index] {
            case Ascii.pipe:
                guard !trimmed((start + 2)..<index).isEmpty else { return nil }
                return firstNewline(in: index..<limit) ?? limit  // (looked up: unclosed ones may nest deep)
            case Ascii.openBrace, Ascii.closeBrace, Ascii.newline:
                return nil
            default:
                index += 1
            }
        }
        return nil
    }

    /// ``templateEnd(from:limit:)`` by scanning: `{{` and `}}` counted until they balance.
    func scanTemplateEnd(from start: Int, limit: Int) -> Int? {
        scanPairEnd(from: start, limit: limit, open: Ascii.openBrace, close: Ascii.closeBrace, stopsAtParagraph: false)
    }

    /// ``linkEnd(from:limit:)`` by scanning: `[[` and `]]` counted until they balance; a blank line ends the search.
    func scanLinkEnd(from start: Int, limit: Int) -> Int? {
        scanPairEnd(from: start, limit: limit, open: Ascii.openBracket, close: Ascii.closeBracket, stopsAtParagraph: true)
    }

    /// Pairs of `open` and pairs of `close` counted from `start` until they balance (the end, after the closing
    /// pair), or `nil` before `limit`, or at a blank line when `stopsAtParagraph` (links never span paragraphs).
    private func scanPairEnd(from start: Int, limit: Int, open: UInt8, close: UInt8, stopsAtParagraph: Bool) -> Int? {
        var depth = 0
        var index = start
        while index < limit - 1 {
            let byte = bytes[index]
            if byte == open, bytes[index + 1] == open {
                depth += 1
                index += 2
            } else if byte == close, bytes[index + 1] == close {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else if stopsAtParagraph, byte == Ascii.newline, bytes[index + 1] == Ascii.newline {
                return nil
            } else {
                index += 1
            }
        }
        return nil
    }

    /// For every index where two `open` bytes start, the end the scan from there to the end of `bytes` finds
    /// (``scanTemplateEnd(from:limit:)`` for braces, ``scanLinkEnd(from:limit:)`` with `stopsAtParagraph` for
    /// brackets); unclosed openings are left out.
    ///
    /// A scan from `start` pairs the run of `open` bytes it starts in from `start` (so it counts
    /// `(end of run − start) / 2` openings there) and every later run from its first byte, as this pass does. So it
    /// returns where this pass's count of openings less closings, after that run, first falls that many below its value
    /// at the run's end: each start waits in `waiting` under that level, until a closing pair brings the count down to
    /// it or a blank line ends the wait.
    static func pairEnds(_ bytes: [UInt8], open: UInt8, close: UInt8, stopsAtParagraph: Bool) -> [Int: Int] {
        var ends: [Int: Int] = [:]
        var waiting: [Int: [Int]] = [:]
        var level = 0
        var index = 0
        let count = bytes.count
        while index < count - 1 {
            let byte = bytes[index]
            if byte == open, bytes[index + 1] == open {
                var runEnd = index + 2
                while runEnd < count, bytes[runEnd] == open { runEnd += 1 }
                level += (runEnd - index) / 2
                for start in index..<(runEnd - 1) { waiting[level - (runEnd - start) / 2, default: []].append(start) }
                index = runEnd
            } else if byte == close, bytes[index + 1] == close {
                level -= 1
                index += 2
                if let starts = waiting.removeValue(forKey: level) {
                    for start in starts { ends[start] = index }
                }
            } else if stopsAtParagraph, byte == Ascii.newline, bytes[index + 1] == Ascii.newline {
                waiting.removeAll()
                index += 1
            } else {
                index += 1
            }
        }
        return ends
    }
}
