import Foundation
import LexAggCore
import LexAggJSON
import LexAggWiktextract
import Testing

/// The scanner skips the values it does not read through a fast path (JSONCursor+FastSkip.swift) that gives up at
/// anything unusual and lets the checked path, step by step, skip the value again. Both must agree on every line:
/// the same record from a well-formed line, the same message at the same byte from a malformed one.
@Suite struct FastSkipTests {
    /// What a scan of `line` gives: the record's text, or the error and where.
    static func outcome(_ line: [UInt8], fast: Bool) -> String {
        var scanner = RecordScanner(fastSkips: fast)
        var failure: RecordScanner.Malformed?
        line.withUnsafeBytes { raw in
            do throws(RecordScanner.Malformed) { try scanner.scan(raw) } catch { failure = error }
        }
        if let failure { return "error \(failure.message) at \(failure.offset)" }
        func text(_ range: Range<Int>?) -> String { scanner.array(range).map { String(decoding: $0, as: UTF8.self) } ?? "-" }
        let record = scanner.record
        return [text(record.word), text(record.languageCode), text(record.languageName)].joined(separator: "|")
            + " forms " + record.forms.map(text).joined(separator: ",")
            + " translations " + record.translations.map { text($0.word) + "/" + text($0.code) }.joined(separator: ",")
    }

    /// A random JSON value in wiktextract's shapes and beyond: strings with every escape, eight-byte steps and
    /// multi-byte characters, numbers of every form, literals, white space, and containers nested up to `depth`.
    static func value(depth: Int, using generator: inout SeededGenerator) -> String {
        let pieces = ["a", "word", "é", "😀", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\b", "\\f", "\\r", "\\u00e9", "\\uD83D\\uDE00",
                      "\\uDC00", "12345678", "x y", "\u{7F}"]
        let spaces = ["", "", "", " ", "  ", "\t", "\n", "\r\n "]
        func space() -> String { spaces.randomElement(using: &generator)! }
        switch Int.random(in: 0..<(depth > 0 ? 10 : 6), using: &generator) {
        case 0, 1, 2:
            return "\"" + (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() + "\""
        case 3:
            return ["0", "-0", "12", "700", "-3.25", "1e5", "2E-3", "1.5e+10", "-0.0e0", "9007199254740993"].randomElement(using: &generator)!
        case 4:
            return ["true", "false", "null"].randomElement(using: &generator)!
        case 5:
            return "[]"
        case 6, 7:
            let elements = (0..<Int.random(in: 0...4, using: &generator)).map { _ in space() + value(depth: depth - 1, using: &generator) + space() }
            return "[" + elements.joined(separator: ",") + "]"
        default:
            let keys = ["word", "forms", "form", "tags", "translations", "code", "lang_code", "lang", "senses", "glosses", "w\\u006frd", ""]
            let members = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                space() + "\"" + keys.randomElement(using: &generator)! + "\"" + space() + ":" + space()
                    + value(depth: depth - 1, using: &generator) + space()
            }
            return "{" + members.joined(separator: ",") + "}"
        }
    }

    @Test func theFastPathAgreesWithTheCheckedOneOnWellFormedAndBrokenLines() {
        var generator = SeededGenerator(seed: 20)
        var compared = 0, malformed = 0
        for round in 0..<4000 {
            let inner = Self.value(depth: round % 50 == 0 ? 80 : 5, using: &generator)
            let text = #"{"word": "w", "lang_code": "en", "senses": "# + inner + #", "forms": [{"form": "f", "x": "# + inner
                + #"}], "translations": [{"word": "t", "code": "de", "y": "# + inner + "}]}"
            var line = Array(text.utf8)
            if round % 2 == 1 && !line.isEmpty {
                // A broken line: one byte changed, inserted or dropped, or the line cut short.
                let index = Int.random(in: 0..<line.count, using: &generator)
                let byte = Array(#"{}[]",:\ "0-eEtfnu1."#.utf8).randomElement(using: &generator)!
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: line[index] = byte
                case 1: line.insert(byte, at: index)
                case 2: line.remove(at: index)
                default: line.removeSubrange(index...)
                }
            }
            let fast = Self.outcome(line, fast: true), checked = Self.outcome(line, fast: false)
            #expect(fast == checked, "\(String(decoding: line, as: UTF8.self))")
            if checked.hasPrefix("error") { malformed += 1 }
            compared += 1
        }
        #expect(compared == 4000 && malformed > 1000 && malformed < 3000)
    }
}
