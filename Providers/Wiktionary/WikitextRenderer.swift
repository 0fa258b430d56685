/// Renders inline wikitext (one definition, example or etymology) to clean text: links become their text,
/// known templates become what they display, unknown ones keep their one visible text argument when they have
/// one (or, in ``Mode/degrade``, all their readable arguments) and are counted in the ``WikitextLog``, and no
/// markup survives.
package struct WikitextRenderer {
    package enum Mode {
        /// Unknown templates vanish.
        case strict
        /// Unknown templates leave their positional arguments (minus a leading language code).
        case degrade
    }

    let source: WikitextSource
    var mode: Mode = .strict
    /// The page title, for templates that show it (`{{ISO 639|1}}` on the page `be` names Belarusian).
    var title: String?
    /// Counts the templates lexagg does not know, when given.
    var log: WikitextLog?
    /// How deep ``append(_:to:)`` is nested now, shared by the copies a template's rendering makes.
    private let nesting = Nesting()

    /// The deepest nesting of templates and links rendered: each level is a recursion, and a page of 20,000 nested
    /// templates overflowed the stack (the process died, and `serve http` with it). Real pages nest a handful of
    /// levels (MediaWiki stops expanding templates at 40); what is nested deeper is left out.
    static let maximumNesting = 500

    private final class Nesting {
        var depth = 0
    }

    package init(source: WikitextSource, mode: Mode = .strict, title: String? = nil, log: WikitextLog? = nil) {
        self.source = source
        self.mode = mode
        self.title = title
        self.log = log
    }

    /// Clean text for `range`.
    package func render(_ range: Range<Int>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        append(range, to: &output)
        return TextCleaner.clean(output)
    }

    /// Appends the rendering of `range` to `output` (not yet cleaned).
    func append(_ range: Range<Int>, to output: inout [UInt8]) {
        nesting.depth += 1
        defer { nesting.depth -= 1 }
        guard nesting.depth <= Self.maximumNesting + 1 else { return }  // the text itself, then its levels
        let bytes = source.bytes
        let limit = range.upperBound
        var index = range.lowerBound
        var copyFrom = index
        var unclosedUntil = index  // an external link's scan for its `]` found neither `]` nor a line break before
        @inline(__always) func flush(_ upTo: Int) {
            if copyFrom < upTo { output.append(contentsOf: bytes[copyFrom..<upTo]) }
        }
        while index < limit {
            let byte = bytes[index]
            switch byte {
            case Ascii.openBrace where index + 1 < limit && bytes[index + 1] == Ascii.openBrace:
                flush(index)
                if let end = source.templateEnd(from: index, limit: limit) {
                    if end - index >= 4 { renderTemplate(source.template(index..<end), to: &output) }
                    index = end
                } else if let end = source.unclosedTemplateEnd(from: index, limit: limit) {
                    renderTemplate(source.template(index..<end), to: &output)  // as if closed at its line's end
                    index = end
                } else {
                    index += 2  // a `{{` that opens no template is text; the braces alone are left out
                }
                copyFrom = index
            case Ascii.closeBrace where index + 1 < limit && bytes[index + 1] == Ascii.closeBrace:
                flush(index)
                index += 2
                copyFrom = index
            case Ascii.openBracket where index + 1 < limit && bytes[index + 1] == Ascii.openBracket:
                flush(index)
                if let end = source.linkEnd(from: index, limit: limit) {
                    renderLink((index + 2)..<(end - 2), to: &output)
                    index = end
                } else {
                    index += 2
                }
                copyFrom = index
            case Ascii.closeBracket where index + 1 < limit && bytes[index + 1] == Ascii.closeBracket:
                flush(index)
                index += 2
                copyFrom = index
            case Ascii.openBracket:
                flush(index)
                index = renderExternalLink(at: index, limit: limit, unclosedUntil: &unclosedUntil, to: &output)
                copyFrom = index
            case Ascii.apostrophe where index + 1 < limit && bytes[index + 1] == Ascii.apostrophe:
                flush(index)
                let run = index
                while index < limit, bytes[index] == Ascii.apostrophe { index += 1 }
                // As MediaWiki reads a run: two are italics, three bold, five both; four are an apostrophe and bold
                // (`'''head''''s` is "head's"), and any past five are apostrophes.
                let count = index - run
                let literal = count == 4 ? 1 : count > 5 ? count - 5 : 0
                output.append(contentsOf: repeatElement(Ascii.apostrophe, count: literal))
                copyFrom = index
            case Ascii.lessThan:
                if let (superscript, end) = superscriptNumber(at: index, limit: limit) {
                    // 10<sup>12</sup> reads 10¹²: the raised digits keep their meaning
                    flush(index)
                    output.append(contentsOf: superscript.utf8)
                    index = end
                    copyFrom = index
                } else if let end = htmlTagEnd(at: index, limit: limit) {
                    flush(index)
                    if isLineBreakTag(index..<end) { output.append(Ascii.space) }
                    index = end
                    copyFrom = index
                } else {
                    index += 1
                }
            case Ascii.ampersand:
                if let (decoded, end) = Entities.decode(bytes, at: index, limit: limit) {
                    flush(index)
                    output.append(contentsOf: decoded)
                    index = end
                    copyFrom = index
                } else {
                    index += 1
                }
            case Ascii.newline, Ascii.tab:
                flush(index)
                output.append(Ascii.space)
                index += 1
                copyFrom = index
            case 0x5F where index + 1 < limit && bytes[index + 1] == 0x5F:
                // __NOTOC__ and other behaviour switches
                if let end = behaviourSwitchEnd(at: index, limit: limit) {
                    flush(index)
                    index = end
                    copyFrom = index
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
        flush(limit)
    }

    // MARK: Links

    private func renderLink(_ inner: Range<Int>, to output: inout [UInt8]) {
        let parts = source.splitPipes(inner)
        let target = source.trimmed(parts[0])
        if isHiddenLinkTarget(target) { return }
        if parts.count > 1 {
            // [[target|shown]]; an empty shown part (pipe trick) shows the target.
            let shown = source.trimmed(parts[parts.count - 1])
            if !shown.isEmpty {
                append(shown, to: &output)
                return
            }
        }
        // [[target]]: drop a leading ':' and a '#section' fragment; keep interwiki prefixes out.
        var lower = target.lowerBound
        if lower < target.upperBound, source[lower] == Ascii.colon { lower += 1 }
        var upper = target.upperBound
        // `#` and `:` are looked up (WikitextSource.Marks), not scanned for: the target may hold nested links.
        if let hash = source.firstHash(in: lower..<upper) { upper = hash }
        if lower == upper {
            // [[#English|…]] without a shown part, or [[#English]]: nothing readable.
            return
        }
        if let colon = source.firstColon(in: lower..<upper), colon - lower <= WikitextRenderer.longestPrefix,
            WikitextRenderer.isNamespacePrefix(source.string(lower..<colon))
        {
            lower = colon + 1
        }
        append(lower..<upper, to: &output)
    }

    /// Files, images, categories and interlanguage links show nothing inline.
    private func isHiddenLinkTarget(_ target: Range<Int>) -> Bool {
        guard let colon = source.firstColon(in: target), colon > target.lowerBound,
            colon - target.lowerBound <= WikitextRenderer.longestPrefix
        else {
            return false
        }
        let prefix = source.string(target.lowerBound..<colon).lowercased()
        if ["file", "image", "category", "media", "fichier", "datei", "imagen"].contains(prefix) { return true }
        // [[fr:chat]]: an interlanguage link (two or three lower-case letters).
        let raw = source.string(target.lowerBound..<colon)
        return (2...3).contains(raw.utf8.count) && raw.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }

    /// Longer text before a link's `:` (in bytes) is no prefix these functions know, lower-cased or not (lower-casing
    /// makes a character at most three times shorter: the Kelvin sign's 3 bytes become k); it is not made into a
    /// string, so that a target holding nested links is not copied at every level.
    static let longestPrefix = 64

    static func isNamespacePrefix(_ prefix: String) -> Bool {
        ["w", "wikipedia", "wikt", "wiktionary", "appendix", "thesaurus", "wikisaurus", "s", "wikisource",
         "rhymes", "reconstruction", "citations", "wikispecies", "species"].contains(prefix.lowercased())
    }

    /// `[http://example.org text]` → `text`; `[http://example.org]` → nothing. Returns the index after.
    /// `unclosedUntil`: where the last unclosed one's search for its `]` stopped (a line break or `limit`); a later
    /// one's search resumes there, so that a line of many (`[http://a[http://a…`) is not searched again for each.
    private func renderExternalLink(
        at index: Int, limit: Int, unclosedUntil: inout Int, to output: inout [UInt8]
    ) -> Int {
        let start = index + 1
        guard source.hasPrefixIgnoringCase("http://", at: start, limit: limit)
            || source.hasPrefixIgnoringCase("https://", at: start, limit: limit)
            || source.hasPrefix("//", at: start, limit: limit)
        else {
            output.append(Ascii.openBracket)
            return index + 1
        }
        var close = max(start, unclosedUntil)
        while close < limit, source[close] != Ascii.closeBracket, source[close] != Ascii.newline { close += 1 }
        guard close < limit, source[close] == Ascii.closeBracket else {
            unclosedUntil = close
            output.append(Ascii.openBracket)
            return index + 1
        }
        if let space = (start..<close).first(where: { source[$0] == Ascii.space }) {
            append((space + 1)..<close, to: &output)
        }
        return close + 1
    }

    // MARK: HTML

    /// The end of an HTML tag at `index` (`<sup>`, `</span>`, `<br/>`), or `nil` when `<` starts no tag.
    private func htmlTagEnd(at index: Int, limit: Int) -> Int? {
        var cursor = index + 1
        if cursor < limit, source[cursor] == Ascii.slash { cursor += 1 }
        let nameStart = cursor
        while cursor < limit, Ascii.isAlphanumeric(source[cursor]) { cursor += 1 }
        guard cursor > nameStart, Ascii.isLetter(source[nameStart]) else { return nil }
        while cursor < limit, cursor - index < 400 {
            let byte = source[cursor]
            if byte == Ascii.greaterThan { return cursor + 1 }
            if byte == Ascii.lessThan || byte == Ascii.newline { return nil }
            cursor += 1
        }
        return nil
    }

    /// `<sup>12</sup>`, `<sup>−3</sup>`, `<sup>n</sup>` as Unicode superscripts (`¹²`) and the index after the
    /// closing tag; `nil` when the raised text has characters without a superscript form.
    private func superscriptNumber(at index: Int, limit: Int) -> (String, Int)? {
        guard source.hasPrefixIgnoringCase("<sup>", at: index, limit: limit) else { return nil }
        let start = index + 5
        var cursor = start
        while cursor < limit, cursor - start <= 24, source[cursor] != Ascii.lessThan { cursor += 1 }
        guard cursor > start, source.hasPrefixIgnoringCase("</sup>", at: cursor, limit: limit) else { return nil }
        var raised = ""
        for character in source.string(start..<cursor) {
            guard let mapped = WikitextRenderer.superscripts[character] else { return nil }
            raised.append(mapped)
        }
        return (raised, cursor + 6)
    }

    static let superscripts: [Character: Character] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        "+": "⁺", "-": "⁻", "−": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "n": "ⁿ", "i": "ⁱ",
    ]

    private func isLineBreakTag(_ range: Range<Int>) -> Bool {
        range.count >= 4 && Ascii.lower(source[range.lowerBound + 1]) == 0x62
            && Ascii.lower(source[range.lowerBound + 2]) == 0x72
            && !Ascii.isLetter(source[range.lowerBound + 3])
    }

    private func behaviourSwitchEnd(at index: Int, limit: Int) -> Int? {
        var cursor = index + 2
        while cursor < limit, source[cursor] >= 0x41, source[cursor] <= 0x5A { cursor += 1 }
        guard cursor > index + 2, cursor + 1 < limit, source[cursor] == 0x5F, source[cursor + 1] == 0x5F else {
            return nil
        }
        return cursor + 2
    }

    /// `en`, `grc`, `gem-pro`, `zh-min-nan`: lower-case letters in dash-separated groups, first group 2–3 long.
    static func looksLikeLanguageCode(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = groups.first, (2...3).contains(first.utf8.count) else { return false }
        return groups.allSatisfy { group in
            !group.isEmpty && group.utf8.count <= 8 && group.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
        }
    }

}
