/// The text conventions of the DICT protocol (RFC 2229) that its client (the DICT server provider) and lexagg's own
/// DICT server share: quoting a word for a command or status line, and dot-stuffing text blocks.
public enum DICTProtocolText {
    /// Quotes `word` as an RFC 2229 `dqstring`: `"ice cream"`, with `"` and `\` escaped.
    public static func quote(_ word: String) -> String {
        var result = "\""
        for character in word {
            if character == "\"" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result + "\""
    }

    /// `line` as it is sent inside a text block: a leading `.` is doubled (RFC 2229 §2.4.3), so that no line of
    /// text can be read as the block's end.
    public static func dotStuffed(_ line: Substring) -> Substring {
        line.first == "." ? "." + line : line
    }

    /// The line a text block's receiver reads back: `..x` is `.x` (the inverse of ``dotStuffed(_:)``).
    public static func unstuffed(_ line: Substring) -> Substring {
        line.hasPrefix("..") ? line.dropFirst() : line
    }
}
