import LexAggCore
import LexAggDictFormats

/// Reads a DICT server's replies (RFC 2229) from the lines of one session.
///
/// lexagg sends its commands in one write and reads everything until the server closes the connection after
/// `QUIT`, so a session is a finished list of lines, parsed here without any I/O. Replies are status lines
/// (`NNN text`); `150`/`152` announce text blocks that end with a line holding a single `.`, and whose lines
/// starting with `.` are dot-stuffed (`..x` means `.x`).
package enum DictTranscript {
    /// One definition: which word, from which database, and its text.
    package struct Definition: Equatable, Sendable {
        package var word: String
        package var database: String
        package var databaseDescription: String
        package var text: String
    }

    /// One `MATCH` result.
    package struct Match: Equatable, Sendable {
        package var database: String
        package var word: String
    }

    /// One `SHOW DB` or `SHOW STRAT` item: a name and its description.
    package struct Listing: Equatable, Sendable {
        package var name: String
        package var description: String
    }

    /// What went wrong, as the server said or as the transcript shows.
    package enum Failure: Error, Equatable, Sendable {
        /// The server refused or cannot serve (`420`, `421`, `530`, a missing banner).
        case refused(code: Int, text: String)
        /// `550 invalid database` / `551 invalid strategy`.
        case invalidDatabase(String)
        case invalidStrategy(String)
        /// Any other `5xx` reply to a command.
        case commandFailed(code: Int, text: String)
        /// The lines do not follow the protocol (truncated, unexpected codes).
        case malformed(String)
    }

    /// A cursor over the session's lines.
    package struct Reader {
        private var lines: ArraySlice<String>

        package init(lines: [String]) {
            self.lines = lines[...]
        }

        /// The server's greeting: `220 …`.
        package mutating func banner() throws(Failure) {
            let (code, text) = try status("the greeting")
            guard code == 220 else { throw Failure.refused(code: code, text: text) }
        }

        /// The reply to `CLIENT`/`OPTION`: any `2xx` is fine.
        package mutating func acknowledgement(_ command: String) throws(Failure) {
            let (code, text) = try status("the reply to \(command)")
            guard (200..<300).contains(code) else { throw Failure.commandFailed(code: code, text: text) }
        }

        /// The reply to `DEFINE`: every definition, or none for `552 no match`.
        package mutating func definitions() throws(Failure) -> [Definition] {
            let (code, text) = try status("the reply to DEFINE")
            switch code {
            case 552: return []
            case 150: break
            default: throw failure(code, text)
            }
            var definitions: [Definition] = []
            while true {
                let (code, text) = try status("a definition or the end of DEFINE")
                if code == 250 { return definitions }
                guard code == 151 else { throw failure(code, text) }
                let fields = DictTranscript.fields(text)
                guard fields.count >= 2 else { throw Failure.malformed("bad 151 line: \(text)") }
                let body = try textBlock()
                definitions.append(Definition(
                    word: fields[0], database: fields[1], databaseDescription: fields.count > 2 ? fields[2] : fields[1],
                    text: body
                ))
            }
        }

        /// The reply to `MATCH`: every match, or none for `552 no match`.
        package mutating func matches() throws(Failure) -> [Match] {
            let (code, text) = try status("the reply to MATCH")
            switch code {
            case 552: return []
            case 152: break
            default: throw failure(code, text)
            }
            let body = try textBlock()
            let (end, endText) = try status("the end of MATCH")
            guard end == 250 else { throw failure(end, endText) }
            return body.split(separator: "\n").compactMap { line in
                let fields = DictTranscript.fields(String(line))
                return fields.count == 2 ? Match(database: fields[0], word: fields[1]) : nil
            }
        }

        /// The reply to `SHOW DB` (`110`, or `554` for none) or `SHOW STRAT` (`111`, or `555` for none).
        package mutating func listing(_ command: String) throws(Failure) -> [Listing] {
            let (code, text) = try status("the reply to \(command)")
            switch code {
            case 554, 555: return []
            case 110, 111: break
            default: throw failure(code, text)
            }
            let body = try textBlock()
            let (end, endText) = try status("the end of \(command)")
            guard end == 250 else { throw failure(end, endText) }
            return body.split(separator: "\n").compactMap { line in
                let fields = DictTranscript.fields(String(line))
                return fields.isEmpty ? nil : Listing(name: fields[0], description: fields.count > 1 ? fields[1] : "")
            }
        }

        private mutating func status(_ what: String) throws(Failure) -> (Int, String) {
            guard let line = lines.popFirst() else {
                throw Failure.malformed("the connection closed before \(what)")
            }
            let digits = line.prefix(3)
            guard digits.count == 3, let code = Int(digits), line.dropFirst(3).first.map({ $0 == " " }) ?? true else {
                throw Failure.malformed("expected a status line for \(what), got '\(line.prefix(80))'")
            }
            return (code, String(line.dropFirst(4)))
        }

        private mutating func textBlock() throws(Failure) -> String {
            var text: [Substring] = []
            while let line = lines.popFirst() {
                if line == "." { return text.joined(separator: "\n") }
                text.append(DICTProtocolText.unstuffed(Substring(line)))
            }
            throw Failure.malformed("the connection closed in the middle of a text block")
        }

        private func failure(_ code: Int, _ text: String) -> Failure {
            switch code {
            case 550: .invalidDatabase(text)
            case 551: .invalidStrategy(text)
            case 420, 421, 530, 531, 532: .refused(code: code, text: text)
            case 500..<600: .commandFailed(code: code, text: text)
            default: .malformed("unexpected reply \(code) \(text)")
            }
        }
    }

    /// Splits `"word" db "description"` into its atoms and quoted strings.
    package static func fields(_ text: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        var started = false
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            if quoted {
                if character == "\\" { escaped = true } else if character == "\"" { quoted = false } else { current.append(character) }
                continue
            }
            switch character {
            case "\"": quoted = true; started = true
            case " ", "\t":
                if started { fields.append(current); current = ""; started = false }
            default: current.append(character); started = true
            }
        }
        if started { fields.append(current) }
        return fields
    }

    /// Quotes a word for a command line: `"ice cream"`, with `"` and `\` escaped.
    package static func quote(_ word: String) -> String {
        DICTProtocolText.quote(word)
    }
}
