/// Turns the HTML fragments that dictionary APIs put inside JSON strings into clean, one-line text.
///
/// Tags are dropped, named and numeric character references decoded, and white space (stray `\n`, runs of
/// spaces, tabs) collapsed to single spaces with none at either end. The scanner never fails: malformed markup
/// such as `<span classs="x">`, an unclosed `<`, unknown entities or unbalanced tags is kept as well as it can be
/// and never crashes. `<script>` and `<style>` contents are dropped.
///
/// Options say what to do with `<acronym title="informal">inf</acronym>` (keep `inf` or expand it to
/// `informal`) and which elements, by `class`, to set aside instead of keeping in the text (so that a caller
/// can turn `<span class="genus">f</span>` into a note).
public enum HTMLText {
    /// How ``plainText(_:options:)`` and ``extract(_:options:)`` treat some elements.
    public struct Options: Sendable, Hashable {
        /// Replace `<acronym title="…">` and `<abbr title="…">` by their title.
        public var expandAcronyms: Bool
        /// Elements whose `class` attribute contains one of these names are removed from the text and returned
        /// separately by ``extract(_:options:)``.
        public var setAsideClasses: Set<String>
        /// Elements whose `class` attribute contains one of these names are dropped with their content.
        public var dropClasses: Set<String>

        public init(expandAcronyms: Bool = false, setAsideClasses: Set<String> = [], dropClasses: Set<String> = []) {
            self.expandAcronyms = expandAcronyms
            self.setAsideClasses = setAsideClasses
            self.dropClasses = dropClasses
        }
    }

    /// Text with its set-aside parts.
    public struct Extraction: Sendable, Hashable {
        /// One element set aside: the class that matched and the element's clean text.
        public struct Part: Sendable, Hashable {
            public var className: String
            public var text: String
        }

        /// The clean text without the set-aside elements.
        public var text: String
        /// The set-aside elements, in order.
        public var setAside: [Part]
    }

    /// The clean text of `html`.
    public static func plainText(_ html: String, options: Options = Options()) -> String {
        if !html.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") }) {
            return collapse(html)
        }
        return extract(html, options: options).text
    }

    /// The clean text of `html`, with the elements named in ``Options/setAsideClasses`` returned separately.
    public static func extract(_ html: String, options: Options = Options()) -> Extraction {
        var scanner = Scanner(options: options)
        scanner.run(Array(html.unicodeScalars))
        return Extraction(
            text: collapse(scanner.main),
            setAside: zip(scanner.asideClasses, scanner.asideTexts).map {
                Extraction.Part(className: $0, text: collapse($1))
            }
        )
    }

    /// Decodes character references (`&amp;`, `&#39;`, `&#x2019;`, `&nbsp;`) in `text`; unknown ones stay as they are.
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, next) = entity(in: scalars, at: index) {
                out.append(contentsOf: decoded.unicodeScalars)
                index = next
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// `text` with white space runs (including no-break spaces) turned into single spaces and trimmed.
    public static func collapse(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return String(out)
    }

    // MARK: - Scanner

    private struct Element {
        var name: String
        /// Where its text goes.
        var sink: Sink
        /// For an expanded acronym: the title to emit instead of the content (which is dropped).
        var title: String? = nil
    }

    private enum Sink: Equatable {
        case main
        case aside
        case drop
    }

    private struct Scanner {
        let options: Options
        var main = ""
        var asideTexts: [String] = []
        var asideClasses: [String] = []
        var stack: [Element] = []

        init(options: Options) {
            self.options = options
        }

        var sink: Sink {
            guard let last = stack.last else { return .main }
            return last.title == nil ? last.sink : .drop
        }

        mutating func emit(_ text: String) {
            switch sink {
            case .main: main += text
            case .aside: asideTexts[asideTexts.count - 1] += text
            case .drop: break
            }
        }

        mutating func run(_ scalars: [Unicode.Scalar]) {
            var index = 0
            var text = String.UnicodeScalarView()
            func flush(_ scanner: inout Scanner) {
                if !text.isEmpty {
                    scanner.emit(String(text))
                    text = String.UnicodeScalarView()
                }
            }
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "<", let (tag, next) = HTMLText.tag(in: scalars, at: index) {
                    flush(&self)
                    handle(tag)
                    index = next
                } else if scalar == "&", let (decoded, next) = HTMLText.entity(in: scalars, at: index) {
                    text.append(contentsOf: decoded.unicodeScalars)
                    index = next
                } else {
                    text.append(scalar)
                    index += 1
                }
            }
            flush(&self)
        }

        mutating func handle(_ tag: Tag) {
            switch tag.kind {
            case .comment:
                return
            case .close:
                guard let position = stack.lastIndex(where: { $0.name == tag.name }) else { return }
                // Close everything opened inside it (tolerates missing end tags).
                while stack.count > position {
                    let element = stack.removeLast()
                    if let title = element.title, element.sink != .drop { emitAfterPop(title, inside: element) }
                }
                if ["br", "p", "div", "li", "tr"].contains(tag.name) { emit(" ") }
            case .open, .selfClosing:
                if ["br", "p", "div", "li", "tr", "td", "th"].contains(tag.name) { emit(" ") }
                if tag.kind == .selfClosing || HTMLText.voidElements.contains(tag.name) { return }
                let classes = Set((tag.attributes["class"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init))
                var element = Element(name: tag.name, sink: sink)
                if element.sink != .drop {
                    if ["script", "style"].contains(tag.name) || !classes.isDisjoint(with: options.dropClasses) {
                        element.sink = .drop
                    } else if element.sink == .main,
                        let name = classes.first(where: { options.setAsideClasses.contains($0) })
                    {
                        element.sink = .aside
                        asideTexts.append("")
                        asideClasses.append(name)
                        main += " "
                    }
                }
                if options.expandAcronyms, ["acronym", "abbr"].contains(tag.name),
                    let title = tag.attributes["title"].map(HTMLText.collapse), !title.isEmpty
                {
                    // The content is dropped; the title is emitted when the element closes.
                    stack.append(Element(name: tag.name, sink: element.sink, title: title))
                    return
                }
                stack.append(element)
            }
        }

        /// Emits the title of an expanded acronym into the sink of the element it sat in.
        mutating func emitAfterPop(_ title: String, inside element: Element) {
            switch element.sink {
            case .main: main += title
            case .aside: asideTexts[asideTexts.count - 1] += title
            case .drop: break
            }
        }
    }

    // MARK: - Tags

    struct Tag {
        enum Kind { case open, close, selfClosing, comment }
        var kind: Kind
        var name: String
        var attributes: [String: String]
    }

    static let voidElements: Set<String> = ["br", "hr", "img", "input", "meta", "link", "wbr", "col", "source"]

    /// Parses a tag starting at `start` (which holds `<`); `nil` when the `<` does not begin a tag.
    static func tag(in scalars: [Unicode.Scalar], at start: Int) -> (Tag, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "!" {
            // Comment, doctype or CDATA: skip to the matching end.
            let isComment = index + 2 < scalars.count && scalars[index + 1] == "-" && scalars[index + 2] == "-"
            var cursor = index + 1
            while cursor < scalars.count {
                if isComment {
                    if scalars[cursor] == ">" && cursor >= start + 5 && scalars[cursor - 1] == "-"
                        && scalars[cursor - 2] == "-"
                    {
                        return (Tag(kind: .comment, name: "", attributes: [:]), cursor + 1)
                    }
                } else if scalars[cursor] == ">" {
                    return (Tag(kind: .comment, name: "", attributes: [:]), cursor + 1)
                }
                cursor += 1
            }
            return (Tag(kind: .comment, name: "", attributes: [:]), scalars.count)
        }
        var kind = Tag.Kind.open
        if scalars[index] == "/" {
            kind = .close
            index += 1
        }
        var name = ""
        while index < scalars.count, isNameScalar(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard !name.isEmpty, name.unicodeScalars.first!.properties.isAlphabetic else { return nil }
        var attributes: [String: String] = [:]
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == ">" {
                return (Tag(kind: kind, name: name.lowercased(), attributes: attributes), index + 1)
            }
            if scalar == "/" , index + 1 < scalars.count, scalars[index + 1] == ">" {
                if kind == .open { kind = .selfClosing }
                return (Tag(kind: kind, name: name.lowercased(), attributes: attributes), index + 2)
            }
            if scalar == "<" { return nil }  // not a tag after all: `a < b`
            if scalar.properties.isWhitespace || scalar == "/" {
                index += 1
                continue
            }
            // An attribute: name[=value]
            var attribute = ""
            while index < scalars.count, !scalars[index].properties.isWhitespace,
                !["=", ">", "/", "<"].contains(scalars[index])
            {
                attribute.unicodeScalars.append(scalars[index])
                index += 1
            }
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            var value = ""
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    index += 1
                    while index < scalars.count, scalars[index] != quote {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    index += 1
                } else {
                    while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != ">" {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                }
            }
            if attribute.isEmpty {
                index += 1
            } else {
                attributes[attribute.lowercased()] = decodeEntities(value)
            }
        }
        return nil
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":")
    }

    // MARK: - Entities

    /// Decodes the character reference starting at `start` (which holds `&`).
    static func entity(in scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            var radix = 10
            if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
                radix = 16
                index += 1
            }
            var digits = ""
            while index < scalars.count, digits.count < 8, scalars[index].properties.isASCIIHexDigit,
                radix == 16 || ("0"..."9").contains(scalars[index])
            {
                digits.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard !digits.isEmpty, let value = UInt32(digits, radix: radix) else { return nil }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            let scalar = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}"
            return (String(scalar), index)
        }
        var name = ""
        while index < scalars.count, name.count < 10, scalars[index].isASCII,
            scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
        {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", let decoded = namedEntities[name] else { return nil }
        return (decoded, index + 1)
    }

    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ensp": "\u{2002}",
        "emsp": "\u{2003}", "thinsp": "\u{2009}", "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘",
        "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "sbquo": "‚", "bdquo": "„",
        "middot": "·", "bull": "•", "copy": "©", "reg": "®", "trade": "™", "deg": "°", "plusmn": "±",
        "times": "×", "divide": "÷", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup1": "¹", "sup2": "²",
        "sup3": "³", "para": "¶", "sect": "§", "shy": "\u{AD}", "euro": "€", "pound": "£", "yen": "¥",
        "cent": "¢", "larr": "←", "rarr": "→", "harr": "↔", "uarr": "↑", "darr": "↓", "dagger": "†",
        "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â",
        "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "ccedil": "ç", "Eacute": "É",
        "iexcl": "¡", "iquest": "¿", "zwj": "\u{200D}", "zwnj": "\u{200C}", "lrm": "\u{200E}", "rlm": "\u{200F}",
    ]
}
