import Foundation
import LexAggWiktextract
import Testing
import LexAggJSON

/// The import's JSON scanner on its own: what it takes out of a line, what it skips, and what it refuses.
@Suite struct RecordScannerTests {
    struct Scanned {
        var word: String?
        var code: String?
        var name: String?
        var forms: [String]
        var translations: [String]
    }

    func scan(_ line: String) throws -> Scanned {
        var scanner = RecordScanner()
        let bytes = Array(line.utf8)
        try bytes.withUnsafeBytes { raw in try scanner.scan(raw) }
        func text(_ range: Range<Int>?) -> String? { scanner.array(range).map { String(decoding: $0, as: UTF8.self) } }
        let record = scanner.record
        return Scanned(
            word: text(record.word), code: text(record.languageCode), name: text(record.languageName),
            forms: record.forms.compactMap(text),
            translations: record.translations.map { "\(text($0.word) ?? "")/\(text($0.code) ?? "")" }
        )
    }

    /// The message of the error the line gives, or nil when it scans.
    func failure(_ line: String) -> String? {
        do { _ = try scan(line); return nil } catch { return (error as? RecordScanner.Malformed)?.message ?? "\(error)" }
    }

    @Test func decodesEveryEscape() throws {
        let scanned = try scan(#"{"word": "a\"b\\c\/d\be\ff\ng\rh\ti", "lang_code": "en"}"#)
        #expect(scanned.word == "a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti")
        #expect(scanned.code == "en")
    }

    @Test func decodesUnicodeEscapesAndSurrogatePairs() throws {
        #expect(try scan(#"{"word": "na\u00efve"}"#).word == "naïve")
        #expect(try scan(#"{"word": "\u5BB6\u00E9"}"#).word == "家é")
        // A pair is one scalar outside the BMP.
        #expect(try scan(#"{"word": "x\ud83d\ude00y"}"#).word == "x😀y")
        #expect(try scan(#"{"word": "\uD834\uDD1E"}"#).word == "𝄞")
        // A lone low surrogate is U+FFFD; a lone high one is dropped, before text, another escape or the end.
        #expect(try scan(#"{"word": "a\udc00b"}"#).word == "a\u{FFFD}b")
        #expect(try scan(#"{"word": "a\ud83db"}"#).word == "ab")
        #expect(try scan(#"{"word": "a\ud83d\u0041"}"#).word == "aA")
        #expect(try scan(#"{"word": "a\ud83d"}"#).word == "a")
    }

    @Test func anEscapedKeyIsStillTheKey() throws {
        #expect(try scan(#"{"w\u006frd": "escaped key", "lang\u005fcode": "de"}"#).word == "escaped key")
        #expect(try scan(#"{"w\u006frd": "escaped key", "lang\u005fcode": "de"}"#).code == "de")
    }

    @Test func skipsNestedValuesOfEveryKindAndReadsWhatFollows() throws {
        let line = #"""
            {"senses": [{"glosses": ["a", "b"], "links": [["x", "y"], []], "deep": {"a": {"b": [1, -2.5e+3, true, false, null, {}]}}}],
             "head_templates": [{"args": {"1": "w\"o\\rd"}}], "n": -0, "e": 1E9, "empty": [], "o": {},
             "word" : "after" , "lang": "English", "lang_code":"en"}
            """#.replacingOccurrences(of: "\n", with: " ")
        let scanned = try scan(line)
        #expect(scanned.word == "after")
        #expect(scanned.name == "English")
        #expect(scanned.code == "en")
    }

    @Test func formsLeaveOutTableTagsAndValuesOfOtherTypes() throws {
        let scanned = try scan(#"""
            {"word": "run", "forms": [{"form": "ran", "tags": ["past"]}, {"form": "en-conj", "tags": ["inflection-template"]},
            {"tags": ["table-tags"], "form": "header"}, {"form": "class 1", "tags": ["class"]}, "not an object", 7,
            {"form": 3}, {"form": ""}, {"form": "runs", "tags": "not a list"}, {"form": "first", "form": "running"},
            {"form": "ruńs", "tags": [1, ["nested"], {"a": "b"}, "plural"]}]}
            """#.replacingOccurrences(of: "\n", with: " "))
        #expect(scanned.forms == ["ran", "runs", "running", "ruńs"])
    }

    /// A Finnish table's placeholder cells are no forms: `-` (no such form) and a note in a cell. They made `lookup -`
    /// a form of *iso* and *pää*. A word with punctuation, an abbreviation, a phrase stay.
    @Test func formsLeaveOutATablesPlaceholderCells() throws {
        let scanned = try scan(#"""
            {"word": "pää", "forms": [{"form": "päät", "tags": ["nominative", "plural"]}, {"form": "-", "tags": ["instructive", "singular"]},
            {"form": "—", "tags": ["abessive"]}, {"form": " – ", "tags": ["x"]}, {"form": "See the possessive forms below.", "tags": ["comitative"]},
            {"form": "e.g."}, {"form": "pää-", "tags": ["combining"]}, {"form": "päitä myöten"}, {"form": "3"}, {"form": "й"},
            {"form": "has been walked upon."}]}
            """#.replacingOccurrences(of: "\n", with: " "))
        #expect(scanned.forms == ["päät", "e.g.", "pää-", "päitä myöten", "3", "й"])
    }

    /// Some editions write `form_of` and `alt_of` on the word, not on its senses (the Greek edition's participle
    /// *εκφρασμένος*: `"form_of": [{"word": "εκφράζω"}]` and a sense without a gloss): the import keeps them for the
    /// answer; they were left out with the members nothing reads, and the word had no entry.
    @Test func wordLevelFormOfAndAltOfAreKeptForTheAnswer() {
        for key in ["form_of", "alt_of", "senses", "word"] {
            #expect(Array(key.utf8).withUnsafeBytes { RecordLayout.group(of: $0) } == .answer, "\(key)")
        }
        for key in ["forms_of", "alt_ofs", "categories"] {
            #expect(Array(key.utf8).withUnsafeBytes { RecordLayout.group(of: $0) } == .other, "\(key)")
        }
    }

    @Test func formsAndTranslationsThatAreNotArraysAreSkipped() throws {
        let scanned = try scan(#"{"forms": {"form": "x"}, "translations": "none", "word": "w", "lang_code": "en"}"#)
        #expect(scanned.forms.isEmpty && scanned.translations.isEmpty && scanned.word == "w")
    }

    @Test func translationsTakeLangCodeOverTheOlderCode() throws {
        let scanned = try scan(#"""
            {"word": "house", "translations": [{"code": "de", "lang": "German", "word": "Haus"},
            {"lang_code": "fr", "code": "xx", "word": "maison"}, {"code": "xx", "lang_code": "es", "word": "casa"},
            {"lang_code": "it"}, {"word": "no code"}, {"word": "", "lang_code": "nl"}, [], {"word": "huis", "lang_code": "nl",
            "sense": {"nested": ["objects", {"are": "skipped"}]}}]}
            """#.replacingOccurrences(of: "\n", with: " "))
        #expect(scanned.translations == ["Haus/de", "maison/fr", "casa/es", "huis/nl"])
    }

    @Test func aRepeatedKeyKeepsItsLastValueAndNullOrOtherTypesAreNoValue() throws {
        #expect(try scan(#"{"word": "first", "word": "second"}"#).word == "second")
        #expect(try scan(#"{"word": "first", "word": null}"#).word == nil)
        #expect(try scan(#"{"word": ["not", "a", "string"], "lang_code": 12}"#).word == nil)
        #expect(try scan(#"  {}  "#).word == nil)
    }

    /// Strings of every length around the eight-byte steps of the scan, with a quote, a backslash or a multi-byte
    /// character at every position, decode to what Foundation's JSON parser gives.
    @Test func stringsOfEveryLengthAgreeWithFoundation() throws {
        for length in 0..<40 {
            for special in ["\"", "\\", "\n", "é", "😀", "\u{7F}", "\u{1F}"] {
                for position in 0...length {
                    var characters = Array(repeating: "a", count: length)
                    characters.insert(special, at: position)
                    let word = characters.joined()
                    let data = try JSONSerialization.data(withJSONObject: ["word": word, "lang_code": "en"])
                    let line = String(decoding: data, as: UTF8.self)
                    #expect(try scan(line).word == word, "\(line)")
                }
            }
        }
    }

    @Test func malformedLinesSayWhatIsWrong() {
        let cases: [(String, String)] = [
            (#"["an array"]"#, "not a JSON object"),
            (#"{"word": "a"} trailing"#, "after the JSON object"),
            (#"{"word": "open"#, "not closed"),
            (#"{"word": "bad \q escape"}"#, "unknown escape"),
            (#"{"word": "\u12"}"#, "\\u escape"),
            (#"{"word": "\u12G4"}"#, "bad \\u escape"),
            ("{\"word\": \"tab\tinside\"}", "control character"),
            (#"{"word": "a",}"#, "quoted key"),
            (#"{"a": [1, 2,]}"#, "unexpected character"),
            (#"{"a": [1 2]}"#, "expected ',' or ']'"),
            (#"{"a": 1 "b": 2}"#, "expected ',' or '}'"),
            (#"{"a" 1}"#, "expected ':'"),
            (#"{"a": tru}"#, "literal"),
            (#"{"a": nul"#, "literal"),
            (#"{"a": 1.}"#, "bad number"),
            (#"{"a": -}"#, "unexpected character"),
            (#"{"a": 1e}"#, "bad number"),
            (#"{"a": [1, 2"#, "not closed"),
            (#"{"a": {"b": 1"#, "not closed"),
            (#"{"a": "#, "missing"),
            (#"{"forms": [{"form": "x", "tags": ["a" "b"]}]}"#, "expected ',' or ']'"),
            (#"{"translations": [{"word": "x" "code": "de"}]}"#, "expected ',' or '}'"),
            ("", "not a JSON object"),
        ]
        for (line, expected) in cases {
            let message = failure(line)
            #expect(message?.contains(expected) == true, "\(line): \(message ?? "no error")")
        }
    }

    @Test func nestingIsBoundedWithoutExhaustingTheStack() {
        let deep = 300
        let line = #"{"a": "# + String(repeating: "[", count: deep) + String(repeating: "]", count: deep) + "}"
        #expect(failure(line)?.contains("nested more than 256 levels") == true)
        let fine = #"{"a": "# + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + #", "word": "ok"}"#
        #expect(failure(fine) == nil)
    }
}
