import LexAggCore

/// The one terminal-safety filter: text from providers, imported files and `history.log` passes it before it
/// reaches a terminal (``StandardOutput`` applies it to everything it writes to one; JSON escapes instead).
///
/// Kept: printable text, line feeds and tabs, and the few sequences lexagg itself draws with — colours
/// (`ESC [ n ; … m` with the codes of ``TerminalStyle`` and the quiz: 0, 1, 2, 3, 31, 32, 33, 36) and the quiz's
/// line rewrite (`CR ESC [ 2 K`, or a CR that starts a write: the progress bar). A CR before a line feed is dropped. Every other control character (C0, DEL, C1 —
/// an OSC title change or clipboard write, a screen clear, a cursor move, a bell) becomes U+FFFD, so it shows
/// instead of acting. A colour in a source's text would pass as lexagg's: the text renderer replaces every control
/// character of an entry before it adds its own (``ControlCharacters``).
public enum TerminalSafeText {
    static let colourCodes: Set<Int> = [0, 1, 2, 3, 31, 32, 33, 36]

    public static func filter(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        result.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard isControl(scalar) else {
                result.append(scalar)
                index += 1
                continue
            }
            if let length = allowedSequence(in: scalars, at: index) {
                result.append(contentsOf: scalars[index..<(index + length)])
                index += length
                continue
            }
            if scalar == "\r", index + 1 < scalars.count, scalars[index + 1] == "\n" {
                index += 1
                continue
            }
            if scalar == "\r" && index == 0 {
                // A write that starts by returning to the line's start: lexagg's own progress bar and countdown.
                result.append(scalar)
                index += 1
                continue
            }
            result.append("\u{FFFD}")
            index += 1
        }
        return String(result)
    }

    /// C0 controls except tab and line feed, DEL and the C1 range.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool { ControlCharacters.isControl(scalar) }

    /// The length of one of lexagg's own sequences starting at `start`, or nil.
    private static func allowedSequence(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        let erase: [Unicode.Scalar] = ["\r", "\u{1B}", "[", "2", "K"]
        if start + erase.count <= scalars.count, Array(scalars[start..<(start + erase.count)]) == erase {
            return erase.count
        }
        guard scalars[start] == "\u{1B}", start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        var number = ""
        while index < scalars.count, index - start < 24 {
            let scalar = scalars[index]
            if ("0"..."9").contains(scalar) {
                number.unicodeScalars.append(scalar)
            } else if scalar == ";" || scalar == "m" {
                guard let code = Int(number.isEmpty ? "0" : number), colourCodes.contains(code) else { return nil }
                if scalar == "m" { return index - start + 1 }
                number = ""
            } else {
                return nil
            }
            index += 1
        }
        return nil
    }
}
