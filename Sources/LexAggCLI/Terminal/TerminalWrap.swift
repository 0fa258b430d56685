#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An answer's long lines wrapped to the terminal's width, each continued under its own text: a numbered sense's
/// under the definition (`    1. ` → seven spaces), an example's under the quotation, an etymology's two spaces in.
/// A terminal wrapped them at its edge instead, back to column 0, through the indentation that shows which sense a line
/// belongs to (GCIDE's etymologies and definitions run to several hundred characters). Only for a terminal: a pipe or
/// a file gets one line per line, as scripts read them.
enum TerminalWrap {
    /// The width to wrap to: `COLUMNS` when set (as `ls` takes it), else standard output's terminal's; nil when
    /// neither says.
    static func columns(environment: [String: String]) -> Int? {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return nil
    }

    /// `text` with every line longer than `width` columns broken at spaces (colour sequences take no columns).
    static func wrap(_ text: String, width: Int) -> String {
        guard width >= 20 else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + text.utf8.count / 16)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "\n" }
            // Most lines fit: measured once, left as they are.
            if line.utf8.count <= width || visibleWidth(line) <= width {
                out += line
            } else {
                out += wrapped(line, width: width).joined(separator: "\n")
            }
        }
        return out
    }

    /// The columns `text` takes, colour sequences aside.
    static func visibleWidth(_ text: Substring) -> Int {
        var width = 0
        var escape = false
        for character in text {
            if escape {
                if character.isLetter { escape = false }
            } else if character == "\u{1B}" {
                escape = true
            } else {
                width += displayWidth(character)
            }
        }
        return width
    }

    /// Where a line's continuation starts: under the text after its indentation and its marker (`1.`, `a)`, `→`,
    /// `“`), else two columns in; the indentation alone when that would leave too little room.
    static func hangingIndent(_ line: Substring, width: Int) -> Int {
        let lead = line.prefix { $0 == " " }.count
        var rest = line.dropFirst(lead)
        // (Past a colour sequence that starts the text: a dimmed marker.)
        while rest.first == "\u{1B}", let end = rest.firstIndex(where: { $0.isLetter }) { rest = rest[rest.index(after: end)...] }
        var marker = 0
        let digits = rest.prefix { $0.isNumber }.count
        if digits > 0, rest.dropFirst(digits).first == ".", rest.dropFirst(digits + 1).first == " " {
            marker = digits + 2
        } else if let first = rest.first, first.isLetter, rest.dropFirst().first == ")", rest.dropFirst(2).first == " " {
            marker = 3
        } else if let first = rest.first, ["→", "•", "–"].contains(first), rest.dropFirst().first == " " {
            marker = 2
        } else if rest.first == "“" {
            marker = 1
        } else {
            marker = 2
        }
        let hanging = lead + marker
        return hanging <= width / 2 ? hanging : lead
    }

    static func wrapped(_ line: Substring, width: Int) -> [String] {
        let hanging = hangingIndent(line, width: width)
        var pieces: [String] = []
        var current: [Character] = []
        var widths: [Int] = []
        var column = 0
        var escape = false
        // (No break within a line's indentation and marker: a space is a place to break past `hanging`.)
        var lastSpace: Int?
        for character in line {
            var columns = 0
            if escape {
                if character.isLetter { escape = false }
            } else if character == "\u{1B}" {
                escape = true
            } else {
                columns = displayWidth(character)
                if character == " ", current.count >= hanging { lastSpace = current.count }
            }
            current.append(character)
            widths.append(columns)
            column += columns
            guard column > width, let space = lastSpace else { continue }
            pieces.append(String(current[..<space]))
            let rest = current[(space + 1)...]
            current = Array(repeating: " ", count: hanging) + rest
            widths = Array(repeating: 1, count: hanging) + widths[(space + 1)...]
            column = widths.reduce(0, +)
            lastSpace = nil
            for index in stride(from: current.count - 1, through: hanging, by: -1) where current[index] == " " {
                lastSpace = index
                break
            }
        }
        pieces.append(String(current))
        return pieces
    }
}
