/// An example's text without the quotation marks an edition wrote around it: every example is shown quoted, and one
/// already quoted was shown twice so (`““…””`, `“„Er erinnerte sich …“ ()”`).
extension EntryBuilder {
    /// `text` without the quotation marks that enclose it (`“…”`, `„…“`, `"…"`, `«…»`, `»…«`, `‚…‘`, `‘…’`, `「…」`,
    /// `『…』`), quotes nested inside them kept (`"He said "no"."`: `He said "no".`); also when a bracketed speaker
    /// leads the quotation (`[Zar Nikolaj II.:] „Man sieht …“`) or punctuation and an attribution in parentheses (or
    /// an ellipsis) follow it (`„… in König Etzels Land“. (Nibelungenlied)`: `… in König Etzels Land. (Nibelungenlied)`).
    /// A quotation that ends before the text does (`“Rock,” sagte er, “bleibt.”`) or never ends is kept as it is. An
    /// empty attribution some editions leave at the end (`„…“ ()`) is left out.
    ///
    /// Most examples begin with none of these: one byte is looked at.
    static func unquoted(_ text: String) -> String {
        guard let lead = text.utf8.first else { return text }
        var text = text
        if text.utf8.last == UInt8(ascii: ")"), text.hasSuffix(" ()") {
            guard let shorter = clean(String(text.dropLast(3))) else { return text }
            text = shorter
        }
        // `"`, `«` `»` (C2), `“ ” „ ‚ ‘ ’` (E2 80), `「 」 『 』` (E3 80), `[`.
        guard lead == 0x22 || lead == 0xC2 || lead == 0xE2 || lead == 0xE3 || lead == 0x5B else { return text }
        let scalars = Array(text.unicodeScalars)
        var start = 0
        if scalars[0] == "[" {
            guard let close = scalars.firstIndex(of: "]"), close + 2 < scalars.count, scalars[close + 1] == " " else { return text }
            start = close + 2
        }
        let open = scalars[start]
        guard let closers = closingQuotes(of: open), let end = closingQuote(of: open, closers, in: scalars, from: start) else {
            return text
        }
        guard let inner = clean(String(String.UnicodeScalarView(scalars[(start + 1)..<end]))) else { return text }
        // After it: punctuation, then nothing or ` (an attribution)`.
        var tail = end + 1
        while tail < scalars.count, ".!?…,;:".unicodeScalars.contains(scalars[tail]) { tail += 1 }
        if tail < scalars.count {
            let rest = String(String.UnicodeScalarView(scalars[tail...]))
            guard rest == " …" || rest == " […]" || tail + 2 < scalars.count && scalars[tail] == " " && scalars[tail + 1] == "("
                && scalars[scalars.count - 1] == ")" else { return text }
        }
        var shown = String(String.UnicodeScalarView(scalars[..<start])) + inner
        if let last = inner.unicodeScalars.last, !".!?…".unicodeScalars.contains(last) {
            shown += String(String.UnicodeScalarView(scalars[(end + 1)..<tail]))
        }
        return shown + String(String.UnicodeScalarView(scalars[tail...]))
    }

    /// The marks that close a quotation `open` opens; nil when it is none.
    private static func closingQuotes(of open: Unicode.Scalar) -> [Unicode.Scalar]? {
        switch open {
        case "\"": return ["\""]
        case "“": return ["”"]
        case "„": return ["“", "”"]
        case "«": return ["»"]
        case "»": return ["«"]
        case "‚": return ["‘", "’"]
        case "‘": return ["’"]
        case "「": return ["」"]
        case "『": return ["』"]
        default: return nil
        }
    }

    /// Where the quotation `open` opens at `start` closes, quotations of the same marks nested in it counted; nil when
    /// it does not. A straight `"` opens or closes by what is beside it: after a space or an opening bracket and
    /// before a letter it opens.
    private static func closingQuote(
        of open: Unicode.Scalar, _ closers: [Unicode.Scalar], in scalars: [Unicode.Scalar], from start: Int
    ) -> Int? {
        var depth = 1
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if open == "\"" {
                if scalar == "\"" {
                    let before = scalars[index - 1]
                    let opens = (before == " " || before == "(" || before == "[") && index + 1 < scalars.count
                        && !scalars[index + 1].properties.isWhitespace
                    depth += opens ? 1 : -1
                }
            } else if closers.contains(scalar) {
                depth -= 1
            } else if scalar == open {
                depth += 1
            }
            if depth == 0 { return index }
            index += 1
        }
        return nil
    }
}
