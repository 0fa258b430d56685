import Foundation
import LexAggCore
import LexAggFixtures
import LexAggJSON
import LexAggWiktextract
import Testing
@testable import WiktionaryOfflineProvider

/// The provider reads a dataset's line in one pass (``JSONReader``) straight into ``WiktextractRecord``; these tests
/// hold it to what reading the line as a ``JSONValue`` tree first gives (the reference below, the provider's former
/// decoder), field by field, on the fixture lines, generated lines and every leniency edge case; and the partial
/// reading of the lemma fallback to the whole one.
@Suite struct RecordDecodingTests {
    static func decode(_ line: String) -> WiktextractRecord? {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes { WiktextractRecord.decode(UnsafeRawBufferPointer($0)) }
    }

    static func reference(_ line: String) -> WiktextractRecord? {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes {
            JSONValue.parse(UnsafeRawBufferPointer($0), keeping: Reference.keys).flatMap(Reference.record)
        }
    }

    static func decodeWithout(forms: Bool, translations: Bool, _ line: String) -> WiktextractRecord? {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes {
            WiktextractRecord.decode(UnsafeRawBufferPointer($0), forms: !forms, translations: !translations)
        }
    }

    /// The lemma fallback's reading: only the forms whose key is `key`.
    static func decode(formsOf key: [UInt8], _ line: String) -> WiktextractRecord? {
        var bytes = Array(line.utf8)
        return bytes.withUnsafeMutableBytes { WiktextractRecord.decode(UnsafeRawBufferPointer($0), formsOf: key) }
    }

    /// The line decodes as the tree reads it; and the partial readings (without `forms` for an answer, without
    /// `translations` for an answer and for the lemma fallback) give the whole record but those, or nil when it does.
    func agree(_ line: String, _ comment: Comment? = nil) {
        #expect(Self.decode(line) == Self.reference(line), comment ?? "\(line.prefix(80))")
        for (forms, translations) in [(true, false), (true, true), (false, true)] {
            let partial = Self.decode(line).map { record -> WiktextractRecord in
                var record = record
                if forms { record.forms = [] }
                if translations { record.translations = [] }
                return record
            }
            #expect(Self.decodeWithout(forms: forms, translations: translations, line) == partial,
                    comment ?? "without forms \(forms), translations \(translations): \(line.prefix(80))")
        }
        // Read for one form's key (each of the line's, and one it lacks), the record keeps the forms of that key only.
        let whole = Self.decode(line)
        var keys = [DatasetKey.normalise("not one of its forms")]
        for form in whole?.forms ?? [] where !keys.contains(DatasetKey.normalise(form.form)) { keys.append(DatasetKey.normalise(form.form)) }
        for key in keys {
            let expected = whole.map { record -> WiktextractRecord in
                var record = record
                record.forms = record.forms.filter { DatasetKey.normalise($0.form) == key }
                return record
            }
            #expect(Self.decode(formsOf: key, line) == expected, comment ?? "forms of \(key): \(line.prefix(80))")
        }
        agreeGrouped(line, comment)
    }

    /// The line as a format 2 dataset keeps it: scanned as the importer scans it and written by ``RecordLayout``;
    /// nil when the importer refuses it.
    static func grouped(_ line: String) -> [UInt8]? {
        var scanner = RecordScanner()
        var grouped: [UInt8] = []
        var bytes = Array(line.utf8)
        let accepted = bytes.withUnsafeMutableBytes { raw -> Bool in
            do { try scanner.scan(UnsafeRawBufferPointer(raw)) } catch { return false }
            RecordLayout.write(
                UnsafeRawBufferPointer(raw), members: scanner.record.members, pieces: scanner.record.pieces, into: &grouped
            )
            return true
        }
        return accepted ? grouped : nil
    }

    /// The line as a format 2 dataset keeps it (the importer's scan and ``RecordLayout``), read the way the provider
    /// reads a grouped entry (stopping at the first group it does not need), gives every reading of the line as it
    /// was. Lines the importer refuses are never kept, and not checked.
    func agreeGrouped(_ line: String, _ comment: Comment? = nil) {
        guard let grouped = Self.grouped(line) else { return }
        #expect(grouped.count <= line.utf8.count, "a grouped entry is never longer than its line")
        let original = Self.decode(line)
        for (forms, translations) in [(false, false), (true, false), (true, true), (false, true)] {
            let expected = original.map { record -> WiktextractRecord in
                var record = record
                if forms { record.forms = [] }
                if translations { record.translations = [] }
                return record
            }
            let read = grouped.withUnsafeBytes {
                WiktextractRecord.decode($0, forms: !forms, translations: !translations, grouped: true)
            }
            #expect(read == expected, comment ?? "grouped, without forms \(forms), translations \(translations): \(line.prefix(80))")
        }
    }

    /// Grouping puts what an answer reads first, then forms, then translations, each in the line's order (a repeated
    /// key keeps its last value last), and leaves out the rest, which nothing reads; a reader that needs only answers
    /// stops before `forms`.
    @Test func groupedEntriesPutWhatIsReadFirst() throws {
        let line = #"{"categories": ["x"], "translations": [{"word": "Haus", "lang_code": "de"}], "word": "house", "#
            + #""forms": [{"form": "houses"}], "pos": "noun", "senses": [{"glosses": ["A building."]}], "#
            + #""pos": "verb", "lang": "English", "lang_code": "en", "forms": [{"form": "housed"}]}"#
        let grouped = try #require(Self.grouped(line))
        #expect(String(decoding: grouped, as: UTF8.self) == #"{"word": "house","pos": "noun","senses": [{"glosses": ["A building."]}],"#
            + #""pos": "verb","lang_code": "en","forms": [{"form": "houses"}],"forms": [{"form": "housed"}],"#
            + #""translations": [{"word": "Haus", "lang_code": "de"}]}"#)
        // A grouped reader stops at the first later group: a damaged tail is never reached.
        let damagedTail = Array(grouped.dropLast()) + Array(#","forms": [{"#.utf8)
        let record = damagedTail.withUnsafeBytes { WiktextractRecord.decode($0, forms: false, translations: false, grouped: true) }
        #expect(record?.partOfSpeech == "verb" && record?.senses.count == 1)
        agree(line)
    }

    /// A dataset keeps of each sense only the members an answer shows: its categories, links, id and the like are
    /// left out (other elements of `senses` as they are), and the entry reads as the line did.
    @Test func sensesKeepOnlyWhatAnAnswerShows() throws {
        let line = #"{"word": "house", "senses": [{"links": [["a", "a"]], "glosses": ["A building."], "id": "en-house", "#
            + #""categories": [{"name": "English nouns", "kind": "other", "parents": [], "source": "w"}], "tags": ["UK"], "#
            + #""examples": [{"text": "A house.", "type": "example"}]} , "x", {"id": "only"}, { }, "#
            + #"{"raw_glosses": ["r"], "sen\u0073eid": "an escaped key is kept"}], "categories": ["x"]}"#
        let grouped = try #require(Self.grouped(line))
        #expect(String(decoding: grouped, as: UTF8.self) == #"{"word": "house","senses": [{"glosses": ["A building."],"#
            + #""tags": ["UK"],"examples": [{"text": "A house.", "type": "example"}]},"x",{},{},"#
            + #"{"raw_glosses": ["r"],"sen\u0073eid": "an escaped key is kept"}]}"#)
        agree(line)
        // Senses with nothing to leave out are kept byte for byte.
        let plain = #"{"word": "a", "senses": [ {"glosses": ["x"],  "tags": []} ,"s" ]}"#
        #expect(Self.grouped(plain).map { String(decoding: $0, as: UTF8.self) }
            == #"{"word": "a","senses": [ {"glosses": ["x"],  "tags": []} ,"s" ]}"#)
    }

    @Test func everyFixtureLineDecodesAsTheTreeDoes() throws {
        var decoded = 0
        for name in ["wiktextract/sample.jsonl", "wiktextract/damaged.jsonl"] {
            let text = try String(contentsOfFile: FixtureStore.path(name), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                agree(String(line))
                if Self.decode(String(line)) != nil { decoded += 1 }
            }
        }
        #expect(decoded >= 12 + 3)
    }

    @Test func leniencyIsTheTreesLeniency() {
        let cases = [
            // Fields of other types are absent; list elements of other types are dropped.
            #"{"word": "a", "lang_code": 5, "pos": null, "senses": {"glosses": ["x"]}, "sounds": "no", "forms": [1, {"form": "as"}, {"tags": ["t"]}]}"#,
            #"{"word": "a", "senses": [null, "s", {"glosses": ["one", 2], "raw_glosses": ["r"], "tags": "t", "topics": ["x", "y"]}]}"#,
            #"{"word": "a", "senses": [{"examples": [{"text": "t", "english": "e"}, {"text": "u", "english": "e", "translation": "tr"}, {"translation": "no text"}, 3], "form_of": [{"word": "b"}, {"x": 1}], "synonyms": [{"word": 1}, {"word": "s"}], "antonyms": "x", "qualifier": 4}]}"#,
            #"{"word": "a", "sounds": [{"ipa": "/a/", "enpr": 1, "tags": ["UK", 2]}, {"mp3_url": "m"}, {"ogg_url": "o", "mp3_url": "m"}, []]}"#,
            #"{"word": "a", "translations": [{"code": "de", "word": "b"}, {"lang_code": "fr", "code": "de", "word": "c", "roman": "r", "sense": "s", "tags": ["n"]}, {"lang_code": "fr"}]}"#,
            // Senses: nested glosses (the last is the sense's own), labels from the qualifier, the tags but wiktextract's
            // bookkeeping and the topics, cleaned, each once; examples with translations; form-of links; white space.
            #"{"word": "a", "senses": [{"glosses": ["Parent.", " Own  gloss. "], "qualifier": " rare", "tags": ["UK", "form-of", "UK", " slang ", ""], "topics": ["rare", "law"], "form_of": [{"word": " b "}, {"word": "c"}], "synonyms": [{"word": "  "}, {"word": "s t"}]}, {"glosses": ["  "], "raw_glosses": ["raw"]}, {"raw_glosses": ["raw"], "tags": ["informal", "US"], "examples": [{"text": " An   example. ", "translation": "  "}, {"text": "  "}]}, {"glosses": ["x"], "tags": ["plural", "form-of"], "form_of": [{"word": "  "}, {"word": "b"}]}]}"#,
            // Alternative forms: `alt_of` when there is no `form_of`, the kind from the definition, else "alternative form".
            #"{"word": "a", "senses": [{"glosses": ["Alternative spelling of colour."], "tags": ["alt-of", "alternative"], "alt_of": [{"word": "colour"}]}, {"glosses": ["Obsolete form of b"], "alt_of": [{"x": 1}, {"word": "b"}]}, {"glosses": ["x"], "tags": ["alt-of", "US"], "alt_of": [{"word": "c"}]}, {"glosses": ["y"], "alt_of": [{"word": "d"}]}, {"glosses": ["of e"], "alt_of": [{"word": "e"}], "form_of": [{"word": "f"}], "tags": ["form-of"]}, {"glosses": ["z"], "alt_of": "g"}]}"#,
            // Word-level linkages: a word (cleaned) and the gloss of their sense, if a string; the others dropped.
            #"{"word": "a", "synonyms": [{"word": " b ", "sense": " lucky ", "_dis1": "0 0"}, {"word": 1}, "x", {"sense": "s"}, {"word": "c", "sense": 2}, {"word": "  "}], "antonyms": {"word": "d"}, "senses": [{"glosses": ["x"]}]}"#,
            #"{"word": "a", "antonyms": [{"word": "d", "tags": ["rare"]}], "synonyms": null}"#,
            // The other editions (German, French, Polish, Chinese): `etymology_texts`, `raw_tags` on senses, sounds and
            // translations, senses and linkages numbered by `sense_index` (strings, lists, ranges, whole numbers,
            // 0 for none), subsenses repeating their parent's gloss, `zh_pron`, romanised examples.
            #"{"word": "Bank", "etymology_texts": ["a", " b "], "senses": [{"glosses": ["x"], "sense_index": "1", "raw_tags": ["umgangssprachlich", " Ö "]}, {"glosses": ["y"], "sense_index": "1a", "tags": ["t"], "raw_tags": ["t", 3]}, {"glosses": ["z"], "sense_index": ""}], "synonyms": [{"word": "s", "sense_index": "1, 2"}, {"word": "u", "sense_index": "1-3"}, {"word": "v", "sense_index": 2}, {"word": "w", "sense_index": [1]}], "translations": [{"word": "b", "lang_code": "en", "sense_index": "1a"}, {"word": "c", "lang_code": "en", "sense_index": "9"}, {"word": "d", "lang_code": "en", "sense": "s", "sense_index": "1"}, {"word": "e", "lang_code": "es", "raw_tags": ["femenino"], "tags": ["f"]}]}"#,
            #"{"word": "maison", "etymology_text": "one", "etymology_texts": ["other"], "senses": [{"glosses": ["A."]}, {"glosses": ["A.", "B."]}, {"glosses": []}, {"glosses": ["  "]}, {"glosses": ["C.", 1]}, {"glosses": ["D."], "sense_index": 0}, {"glosses": ["E."], "sense_index": 2.0}, {"glosses": ["F."], "sense_index": true}], "antonyms": [{"word": "x", "sense_index": 3}, {"word": "y", "sense_index": 0, "sense": "A"}], "translations": [{"word": "t", "code": "en", "sense_index": 4}, {"word": "u", "code": "en", "sense_index": 0}]}"#,
            #"{"word": "a", "etymology_texts": "x", "etymology_text": 1}"#, #"{"word": "a", "etymology_texts": ["x", 1]}"#, #"{"word": "a", "etymology_texts": []}"#,
            #"{"word": "房", "sounds": [{"zh_pron": "fáng", "tags": ["Mandarin", "Pinyin"]}, {"zh_pron": 1}, {"ipa": "/a/", "raw_tags": ["Österreich"]}, {"raw_tags": ["x"]}], "senses": [{"glosses": ["g"], "examples": [{"text": "一間房", "roman": "yī jiān fáng", "translation": "a room"}, {"text": "t", "roman": " "}, {"roman": "r"}]}]}"#,
            // Repeated keys count with their last value, at every depth.
            #"{"word": "a", "word": "b", "pos": "noun", "pos": 3, "senses": [{"glosses": ["x"]}], "senses": [{"glosses": ["y"], "glosses": "z"}]}"#,
            #"{"word": "a", "translations": [{"word": "x", "lang_code": "de", "lang_code": null, "code": "fr"}]}"#,
            // Etymology numbers: whole numbers, numeric strings, anything else absent.
            #"{"word": "a", "etymology_number": 2}"#, #"{"word": "a", "etymology_number": 2.0}"#,
            #"{"word": "a", "etymology_number": 2e0}"#, #"{"word": "a", "etymology_number": 2.5}"#,
            #"{"word": "a", "etymology_number": "3"}"#, #"{"word": "a", "etymology_number": "x"}"#,
            #"{"word": "a", "etymology_number": true}"#, #"{"word": "a", "etymology_number": -1e30}"#,
            // Escapes in keys and strings; broken UTF-8 is repaired as String repairs it.
            #"{"w\u006frd": "\u00e9\ud83d\ude00\n", "lang_\u0063ode": "en", "senses": [{"gl\u006fsses": ["a\"b"]}]}"#,
            "{\"word\": \"caf\u{E9}\", \"etymology_text\": \"x\\ty\"}",
            // Not a record: no word, not an object, not JSON, trailing text.
            #"{"senses": []}"#, #"{"word": null}"#, #"["word"]"#, #""word""#, "", "  ", #"{"word": "a"} x"#,
            #"{"word": "a", "senses": [}"#, #"{"word": "a",}"#, #"{"word": "a", "x": tru}"#, #"{"word": "a", "x": 01}"#,
            // Keys the record does not read are checked, not built.
            #"{"word": "a", "categories": [{"name": "x", "kind": ["y", {"z": [1.5, null, false]}]}], "head_templates": []}"#,
            #"{"word": "a", "x": [1, 2,]}"#,
            // No gloss but a form-of or alternative link, on the sense or on the word (Greek, Swedish editions).
            #"{"word": "a", "senses": [{"tags": ["alt-of", "no-gloss", "obsolete"], "alt_of": [{"word": " b "}]}, {"tags": ["form-of", "no-gloss", "plural", "rare"], "form_of": [{"word": "c"}], "topics": ["law"]}, {"tags": ["no-gloss"], "form_of": [{"word": " "}]}, {"form_of": [{"word": "d"}]}]}"#,
            #"{"word": "a", "pos": "verb", "form_of": [{"word": "b"}], "tags": ["participle"], "senses": [{"tags": ["no-gloss"]}]}"#,
            #"{"word": "a", "alt_of": [{"word": "b"}], "senses": []}"#, #"{"word": "a", "form_of": [{"word": "b"}], "alt_of": [{"word": "c"}]}"#,
            #"{"word": "a", "form_of": [{"word": "b"}], "senses": [{"glosses": ["x"]}]}"#, #"{"word": "a", "form_of": "b", "alt_of": [{"word": 1}]}"#,
            // The head line's forms lead `forms`: the canonical spelling and the romanisation, read for an answer too.
            #"{"word": "lego", "forms": [{"form": " legō ", "tags": ["canonical"]}, {"form": "x", "tags": ["canonical"]}, {"form": "legis", "tags": ["present"]}, {"form": "r", "tags": ["romanization"]}], "senses": [{"glosses": ["x"]}], "translations": [{"word": "t", "code": "en"}]}"#,
            #"{"word": "قدم", "forms": [{"tags": ["canonical"]}, {"form": "قَدَمَ", "tags": ["canonical"]}, {"form": "qadama", "tags": ["romanization"]}, {"form": "s"}, "x"], "sounds": [{"other": "はしる", "note": "Kyōto", "roman": "[r]"}]}"#,
            #"{"word": "a", "forms": ["x", {"form": "b", "tags": ["canonical"]}]}"#, #"{"word": "a", "forms": [{"form": "b", "tags": ["romanization"]}]}"#,
        ]
        for line in cases { agree(line) }
        #expect(Self.decode(cases[15])?.word == "b")
        #expect(Self.decode(cases[15])?.senses == [], "the last `senses` has a sense whose last `glosses` is not a list")
        #expect(Self.decode(cases[6])?.senses.map(\.formOf) == [
            FormOf(lemma: "colour", form: "alternative spelling"), FormOf(lemma: "b", form: "obsolete form"),
            FormOf(lemma: "c", form: "alternative form"), FormOf(lemma: "d", form: "alternative form"), FormOf(lemma: "f", form: nil), nil,
        ])
        #expect(Self.decode(cases[1])?.senses.map(\.definition) == ["r"], "glosses with a number: the raw gloss")
        #expect(Self.decode(cases[7])?.synonyms == [.init(word: "b", sense: "lucky"), .init(word: "c", sense: nil)])
        #expect(Self.decode(cases[7])?.antonyms == [])
        #expect(Self.decode(cases[8])?.antonyms == [.init(word: "d", sense: nil, note: "rare")], "a linkage's tags are shown beside it")
        // The other editions' shapes.
        let bank = Self.decode(cases[9])
        #expect(bank?.etymologyText == "a.  b ")
        #expect(bank.map { record in record.senses.indices.map { record.senseNumber($0).text } } == ["1", "1a", "3"], "an empty `sense_index` is none: the sense's place among single glosses")
        #expect(bank?.senses.map(\.labels) == [["umgangssprachlich", "Ö"], ["t"], []])
        #expect(bank?.senseIndices("1-3") == [0, 2] && bank?.senseIndices("1, 2") == [0] && bank?.senseIndices("2") == [])
        #expect(bank?.synonyms.map(\.senseIndex) == ["1, 2", "1-3", "2", nil])
        #expect(bank?.translations.map(\.sense) == ["y", nil, "s", nil], "a numbered translation is glossed by its sense")
        #expect(bank?.translations.last?.tags == ["f", "femenino"])
        let maison = Self.decode(cases[10])
        #expect(maison?.senses.map(\.definition) == ["A.", "D.", "E.", "F."])
        #expect(maison?.senses.first?.subsenses.map(\.definition) == ["B."], "a nested sense is its parent's subsense")
        #expect(maison.map { record in record.senses.indices.map { record.senseNumber($0).text } } == ["1", "3", "2", "5"], "a gloss-less sense is numbered")
        #expect(maison?.etymologyText == "one" && maison?.antonyms.map(\.senseIndex) == ["3", nil])
        #expect([11, 12, 13].allSatisfy { Self.decode(cases[$0])?.etymologyText == nil })
        let fang = Self.decode(cases[14])
        #expect(fang?.sounds == [
            .init(ipa: nil, enpr: nil, tags: ["Mandarin", "Pinyin"], audioURL: nil, other: "fáng"),
            .init(ipa: "/a/", enpr: nil, tags: ["Österreich"], audioURL: nil),
        ])
        #expect(fang?.senses.first?.examples == ["一間房 (yī jiān fáng) — a room", "t"])
        let lego = Self.decodeWithout(forms: true, translations: true, cases[cases.count - 4])
        #expect(lego?.canonical == "legō" && lego?.romanization == nil, "a romanisation after another form is not the head line's")
        #expect(Self.decode(cases[cases.count - 3]).map { [$0.canonical, $0.romanization] } == ["قَدَمَ", "qadama"])
        #expect(Self.decode(cases[cases.count - 3])?.sounds.first?.note == "Kyōto")
    }

    @Test func nestingIsBoundedAsTheTreeBoundsIt() {
        for depth in [250, 254, 255, 256, 257, 300] {
            let line = #"{"word": "a", "x": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            agree(line, "depth \(depth)")
            let inSenses = #"{"word": "a", "senses": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
            agree(inSenses, "senses at depth \(depth)")
        }
    }

    @Test func generatedLinesDecodeAsTheTreeDoes() {
        // The shapes Benchmarks/wiktextract_generate.py writes, built here with every optional part.
        for index in 0..<200 {
            let tags = index % 3 == 0 ? #", "tags": ["neuter"]"# : ""
            let line = #"{"pos": "noun", "head_templates": [{"name": "en-noun", "args": {"1": "w"}, "expansion": "w (ws)"}], "#
                + #""forms": [{"form": "w\#(index)s", "tags": ["plural"]}, {"form": "no-table-tags", "source": "conjugation", "tags": ["table-tags"]}], "#
                + #""etymology_text": "From Kalo terv, from a the of.", "sounds": [{"ipa": "/w/", "tags": ["UK"]}, {"rhymes": "-w"}, "#
                + #"{"audio": "en-us-w.ogg", "ogg_url": "https://upload.wikimedia.org/x/En-us-w.ogg", "tags": ["US"]}], "#
                + #""word": "w\#(index)", "lang": "English", "lang_code": "en", "#
                + #""translations": [{"lang_code": "de", "lang": "German", "sense": "a house", "word": "haus\#(index)"\#(tags)}], "#
                + #""senses": [{"links": [["a", "a"]], "glosses": ["A thing \#(index)."], "id": "en-w\#(index)-en-noun-0", "#
                + #""categories": [{"name": "English nouns", "kind": "other", "parents": [], "source": "w"}], "#
                + #""tags": ["informal"], "examples": [{"text": "An example.", "type": "example"}]}], "#
                + #""categories": ["English lemmas"], "wikipedia": []}"#
            agree(line)
        }
    }
    /// A `sense_index` lists its numbers in full, as the editions' extractors read them (pl/page.py `match_sense_index`,
    /// de/example.py): commas, ranges, and numbers that leave out what they share with the one before.
    @Test func senseIndexNumbersAreWrittenOutInFull() {
        let cases: [(String, [String])] = [
            ("1", ["1"]), ("1, 2", ["1", "2"]), ("1-3", ["1", "2", "3"]), ("1–3", ["1", "2", "3"]), ("1, 3–5", ["1", "3", "4", "5"]),
            ("1.1,2", ["1.1", "1.2"]), ("1.1-3", ["1.1", "1.2", "1.3"]), ("2.1-2.3", ["2.1", "2.2", "2.3"]), ("1.1, 2.1", ["1.1", "2.1"]),
            ("1a, b", ["1a", "1b"]), ("2a–c", ["2a", "2b", "2c"]), ("1a", ["1a"]), ("a", ["a"]), (" 2 ", ["2"]), ("", []), (",", []),
            ("3-1", ["3", "1"]), ("x-y", ["x", "y"]), ("1-500", ["1", "500"]),
        ]
        for (index, numbers) in cases {
            #expect(WiktextractRecord.numbers(ofSenseIndex: index) == numbers, "\(index)")
        }
        // Matching: a number several senses have names none of them; one no sense has names the senses under it.
        let numbers: [WiktextractRecord.SenseNumber] = [
            .init(own: "1", place: 1), .init(own: "a", place: 0), .init(own: "2", place: 2), .init(own: "a", place: 0),
            .init(own: "3a", place: 0), .init(own: "3b", place: 0), .init(own: "4.1", place: 0), .init(own: "4.2", place: 0),
            .init(own: "10", place: 0),
        ]
        func senses(_ index: String) -> [Int] { WiktextractRecord.senseIndices(index, in: numbers, count: numbers.count) }
        #expect(senses("a") == [] && senses("1, a") == [0])
        #expect(senses("3") == [4, 5] && senses("4") == [6, 7] && senses("1") == [0], "1 does not name 10")
        #expect(senses("4.1-2") == [6, 7] && senses("3a, b") == [4, 5] && senses("2, 1") == [2, 0])
        // Numbers by place (no own numbers: the French edition's whole numbers).
        #expect(WiktextractRecord.senseIndices("2", in: [], count: 3) == [1] && WiktextractRecord.senseIndices("4", in: [], count: 3) == [])
    }

    /// A sense's labels: the qualifier, the tags but the bookkeeping ones, the topics, cleaned, each once; the tags
    /// as they are when they are already all that (``EntryBuilder/labels(qualifier:tags:topics:)``).
    @Test func labelsAreTheCleanedTagsEachOnce() {
        func slow(_ qualifier: String?, _ tags: [String], _ topics: [String]) -> [String] {
            var labels: [String] = []
            for text in [qualifier] + tags.filter({ !EntryBuilder.isInternal($0) }) + topics {
                if let text = EntryBuilder.clean(text), !labels.contains(text) { labels.append(text) }
            }
            return labels
        }
        let pieces = ["UK", "US", "UK", " UK", "form-of", "", "  ", "in  law", "ж"]
        var checked = 0
        for qualifier in [nil, "UK", " rare "] {
            for topics in [[], ["law"], ["UK"]] {
                for first in pieces {
                    for second in pieces {
                        for tags in [[], [first], [first, second], [second, first, "US"]] {
                            #expect(EntryBuilder.labels(qualifier: qualifier, tags: tags, topics: topics) == slow(qualifier, tags, topics),
                                    "\(String(describing: qualifier)) \(tags) \(topics)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 3 * 3 * 9 * 9 * 4)
    }

    /// The four commonest parts of speech skip the general mapping, and give what it gives.
    @Test func commonPartsOfSpeechMapAsTheGeneralMappingDoes() {
        for code in ["noun", "verb", "adj", "adv", "name", "intj", "Noun", "prep_phrase"] {
            #expect(EntryBuilder.partOfSpeech(code) == PartOfSpeech(EntryBuilder.partsOfSpeech[code] ?? code), "\(code)")
        }
        #expect(EntryBuilder.partOfSpeech("adj")?.name == "adjective" && EntryBuilder.partOfSpeech("") == nil)
    }

    /// Glosses are cleaned by their bytes when they can be (``EntryBuilder/isClean(_:)``): the result is always what
    /// splitting on white space and joining with single spaces gives, around spaces, no-break and other Unicode
    /// spaces, combining marks, plain letters (Latin-1 to IPA, Cyrillic) and other scripts.
    @Test func glossesAreCleanedAsSplittingOnWhiteSpaceCleansThem() {
        func slow(_ text: String) -> String? {
            let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            return collapsed.isEmpty ? nil : collapsed
        }
        let pieces = [" ", "  ", "\t", "\n", "\u{A0}", "\u{85}", "\u{2009}", "\u{3000}", "\u{301}", "\u{483}", "\u{600}",
                      "a", "é", "ç", "ʃ", "ˈ", "Ж", "ё", "ӧ", "—", "漢", "क्ष", "x.", ""]
        var checked = 0
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = "w" + first + second + "d" + third + "e"
                    for candidate in [text, first + text, text + third, first + second + third] {
                        #expect(EntryBuilder.clean(candidate) == slow(candidate), "\(Array(candidate.unicodeScalars))")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 4 * 24 * 24 * 24)
        // Long glosses are looked at eight bytes at a time: every piece at every offset of those eight bytes, in a
        // run of words and single spaces.
        let run = "A structure built or serving as an abode of human beings"
        for piece in pieces {
            for offset in 0..<17 {
                for text in [String(run.prefix(offset)) + piece + run, run + piece + String(run.prefix(offset)),
                             String(run.prefix(offset)) + " " + piece + " " + run, run + piece + piece + run] {
                    #expect(EntryBuilder.clean(text) == slow(text), "\(Array(text.unicodeScalars))")
                }
            }
        }
        #expect(EntryBuilder.isClean("poloumquaço est très ça"), "plain letters next to spaces take the fast path")
        #expect(!EntryBuilder.isClean("a \u{301}b"), "a space before a combining mark does not")
    }

}

/// The provider's former decoder: a ``JSONValue`` tree first, then the fields read from it.
enum Reference {
    /// Every key read below, at any depth; the rest was checked but not built.
    static let keys: Set<String> = [
        "word", "lang_code", "pos", "etymology_number", "etymology_text", "senses", "sounds", "translations", "forms",
        "glosses", "raw_glosses", "tags", "topics", "qualifier", "examples", "form_of", "alt_of", "synonyms", "antonyms", "text",
        "translation", "english", "ipa", "enpr", "ogg_url", "mp3_url", "code", "sense", "roman", "form",
        "etymology_texts", "raw_tags", "sense_index", "zh_pron", "note", "other", "alt",
    ]

    static func record(_ value: JSONValue) -> WiktextractRecord? {
        guard let word = value["word"]?.string else { return nil }
        // The senses kept and their numbers: a sense's own `sense_index`, else its place among those of one gloss.
        var senses: [Sense] = [], numbers: [WiktextractRecord.SenseNumber] = []
        var numbered = 0
        var owns: [String] = []  // each sense's own gloss
        for element in value["senses"]?.array ?? [] {
            let allGlosses = element["glosses"]?.strings ?? []
            let glosses = allGlosses.count
            if glosses == 1 { numbered += 1 }
            guard var sense = sense(element) else { continue }
            // A nested sense: a subsense of the nearest sense (or subsense) before it whose own gloss is its parent's,
            // unless it has its own number; a parent that is no sense leads its gloss.
            if glosses > 1, let parent = EntryBuilder.clean(allGlosses[glosses - 2]) {
                let top = senses.indices.last { owns[$0] == parent || senses[$0].subsenses.contains { $0.definition == parent } }
                if top != nil, senseIndex(element["sense_index"]) != nil {
                    // stays a sense, its own gloss
                } else if let top, owns[top] == parent {
                    senses[top].subsenses.append(sense)
                    continue
                } else if let top {
                    let inner = senses[top].subsenses.lastIndex { $0.definition == parent }!
                    senses[top].subsenses[inner].subsenses.append(sense)
                    continue
                } else {
                    owns.append(sense.definition)
                    sense.definition = parent + (":.;".contains(parent.last!) ? " " : ": ") + sense.definition
                    senses.append(sense)
                    numbers.append(.init(own: senseIndex(element["sense_index"]), place: 0))
                    continue
                }
            }
            owns.append(sense.definition)
            senses.append(sense)
            numbers.append(.init(own: senseIndex(element["sense_index"]), place: glosses == 1 ? numbered : 0))
        }
        // A word whose senses have no gloss names its lemma on the word: one sense says so; a word with glosses has
        // them linked to it. A word named as its own lemma names none.
        let notItself = { (name: String?) in EntryBuilder.clean(name) == word ? nil : name }
        let lemma = notItself(elements(value, "form_of", linkage).first), alternativeOf = notItself(elements(value, "alt_of", linkage).first)
        if senses.isEmpty, let (definition, formOf) = EntryBuilder.formOfDefinition(
            lemma: lemma, alternativeOf: alternativeOf, tags: value["tags"]?.strings ?? []
        ) {
            senses = [Sense(definition: definition, examples: [], labels: [], synonyms: [], antonyms: [], formOf: formOf, sources: [])]
        } else {
            EntryBuilder.link(&senses, toLemma: lemma, tags: value["tags"]?.strings ?? [])
        }
        // The word is no linkage of itself.
        for index in senses.indices {
            senses[index].synonyms.removeAll { $0 == word }
            senses[index].antonyms.removeAll { $0 == word }
        }
        let texts = value["etymology_texts"]?.strings ?? []
        var record = WiktextractRecord(
            word: word, languageCode: value["lang_code"]?.string, partOfSpeech: value["pos"]?.string,
            etymologyNumber: value["etymology_number"]?.int ?? value["etymology_number"]?.string.flatMap { Int($0) },
            etymologyText: (value["etymology_text"]?.string ?? (texts.isEmpty ? nil : EntryBuilder.paragraphs(texts)))
                .map(EntryBuilder.withoutLanguageLinks).flatMap(EntryBuilder.withoutEtymologyTree),
            senses: senses, senseNumbers: numbers.enumerated().allSatisfy { $1 == .init(own: nil, place: $0 + 1) } ? [] : numbers,
            sounds: elements(value, "sounds", sound), translations: elements(value, "translations", translation),
            forms: elements(value, "forms", form),
            synonyms: EntryBuilder.merged(elements(value, "synonyms", wordLinkage).filter { $0.word != word }),
            antonyms: EntryBuilder.merged(elements(value, "antonyms", wordLinkage).filter { $0.word != word })
        )
        // The head line's forms: those that lead `forms`, tagged canonical or romanization.
        for element in value["forms"]?.array ?? [] {
            let tags = element.isObject ? element["tags"]?.strings ?? [] : []
            if tags.contains("canonical") {
                if record.canonical == nil { record.canonical = EntryBuilder.clean(element["form"]?.string) }
            } else if tags.contains("romanization") {
                if record.romanization == nil { record.romanization = EntryBuilder.clean(element["form"]?.string) }
            } else {
                break
            }
        }
        // A translation naming its sense only by number is given the gloss of the first sense of that number.
        for index in record.translations.indices where record.translations[index].sense == nil {
            guard let number = record.translations[index].senseIndex else { continue }
            let indices = WiktextractRecord.senseIndices(number, in: numbers, count: senses.count)
            guard !indices.isEmpty else { continue }
            record.translations[index].sense = indices.map { senses[$0].definition }.joined(separator: "; ")
            record.translations[index].senseFromIndex = true
        }
        return record
    }

    /// A `sense_index`: a non-empty string, or a whole number above 0 as text.
    static func senseIndex(_ value: JSONValue?) -> String? {
        if let text = value?.string { return text.isEmpty ? nil : text }
        return value?.int.flatMap { $0 > 0 ? String($0) : nil }
    }

    /// A linkage: its cleaned `word` without a leading `^` (none left, or no letter or digit in it: dropped), cleaned
    /// `sense`, `sense_index`, and what is said beside it as ``EntryBuilder/linkageNote`` words it.
    static func wordLinkage(_ value: JSONValue) -> WiktextractRecord.Linkage? {
        guard var word = EntryBuilder.clean(value["word"]?.string) else { return nil }
        if word.hasPrefix("^") { guard let rest = EntryBuilder.clean(String(word.dropFirst())) else { return nil }; word = rest }
        guard word.unicodeScalars.contains(where: { !$0.isASCII || $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else { return nil }
        let tags = value["tags"]?.strings ?? [], rawTags = EntryBuilder.unparenthesized(value["raw_tags"]?.strings ?? [])
        let note = EntryBuilder.linkageNote(
            word: word, alt: value["alt"]?.string, roman: value["roman"]?.string,
            translation: value["translation"]?.string ?? value["english"]?.string, labels: tags + rawTags,
            qualifier: value["qualifier"]?.string, note: value["note"]?.string
        )
        return WiktextractRecord.Linkage(
            word: word, sense: EntryBuilder.clean(value["sense"]?.string), senseIndex: senseIndex(value["sense_index"]), note: note,
            ofGloss: tags.contains { ["synonym-of", "alt-of", "form-of"].contains($0) }
        )
    }

    static func elements<T>(_ value: JSONValue, _ key: String, _ make: (JSONValue) -> T?) -> [T] {
        value[key]?.array?.compactMap(make) ?? []
    }

    /// A sense as an answer shows it, by the rules ``Sense/init(wiktextract:sources:)`` documents, from the tree.
    static func sense(_ value: JSONValue) -> Sense? {
        guard value.isObject else { return nil }
        let glosses = value["glosses"]?.strings ?? [], rawGlosses = value["raw_glosses"]?.strings ?? []
        let tags = value["tags"]?.strings ?? []
        let lemma = elements(value, "form_of", linkage).first, alternativeOf = elements(value, "alt_of", linkage).first
        let definition: String, formOf: FormOf?
        var formTags = false  // a form's tags name it: no labels
        if let gloss = EntryBuilder.clean(glosses.last ?? rawGlosses.last), !EntryBuilder.isPlaceholder(gloss) {
            definition = gloss
            formOf = EntryBuilder.formOf(lemma: lemma, alternativeOf: alternativeOf, definition: definition, tags: tags)
        } else if let (text, link) = EntryBuilder.formOfDefinition(lemma: lemma, alternativeOf: alternativeOf, tags: tags) {
            (definition, formOf, formTags) = (text, link, EntryBuilder.clean(lemma) != nil)
        } else {
            return nil
        }
        let (shownTags, topics) = EntryBuilder.asRawGlossNames(
            tags: formTags ? [] : formOf != nil ? EntryBuilder.withoutTagsTheGlossSays(tags, definition: definition) : tags,
            topics: value["topics"]?.strings ?? [], rawGloss: rawGlosses.last
        )
        var labels: [String] = []
        for text in [value["qualifier"]?.string] + shownTags.filter({ !EntryBuilder.isInternal($0) }) + EntryBuilder.unparenthesized(value["raw_tags"]?.strings ?? [])
            + topics {
            if let text = EntryBuilder.clean(text), !labels.contains(text) { labels.append(text) }
        }
        let examples = elements(value, "examples") { example -> String? in
            guard var text = EntryBuilder.clean(example["text"]?.string).map(EntryBuilder.unquoted), !EntryBuilder.isNoExample(text)
            else { return nil }
            let translation = EntryBuilder.clean(example["translation"]?.string ?? example["english"]?.string).map(EntryBuilder.unquoted)
            if let roman = EntryBuilder.clean(example["roman"]?.string), roman != translation { text += " (\(roman))" }
            return translation.map { "\(text) — \($0)" } ?? text
        }
        return Sense(
            definition: definition, examples: examples, labels: labels,
            synonyms: EntryBuilder.shownLinkages(elements(value, "synonyms", wordLinkage), of: definition),
            antonyms: EntryBuilder.shownLinkages(elements(value, "antonyms", wordLinkage), of: definition), formOf: formOf, sources: []
        )
    }

    static func linkage(_ value: JSONValue) -> String? { value["word"]?.string }

    /// A sound with a transcription or a recording (the others give no pronunciation).
    static func sound(_ value: JSONValue) -> WiktextractRecord.SoundData? {
        guard value.isObject else { return nil }
        // A Latin-script `other` with raw tags is a row of the Spanish edition's table, no reading.
        let rawTags = value["raw_tags"]?.strings ?? []
        let other = value["other"]?.string.flatMap { text in !rawTags.isEmpty && text.utf8.allSatisfy { $0 < 0xCA } ? nil : text }
        let sound = WiktextractRecord.SoundData(
            ipa: value["ipa"]?.string, enpr: value["enpr"]?.string,
            tags: (value["tags"]?.strings ?? []) + EntryBuilder.unparenthesized(value["raw_tags"]?.strings ?? []),
            audioURL: value["ogg_url"]?.string ?? value["mp3_url"]?.string, other: value["zh_pron"]?.string,
            note: value["note"]?.string, reading: other, roman: value["roman"]?.string
        )
        return sound.ipa == nil && sound.enpr == nil && sound.other == nil && sound.reading == nil && sound.audioURL == nil ? nil : sound
    }

    static func translation(_ value: JSONValue) -> WiktextractRecord.TranslationData? {
        guard let word = value["word"]?.string else { return nil }
        return WiktextractRecord.TranslationData(
            word: word, code: value["lang_code"]?.string ?? value["code"]?.string, sense: value["sense"]?.string,
            tags: (value["tags"]?.strings ?? []) + EntryBuilder.unparenthesized(value["raw_tags"]?.strings ?? []), roman: value["roman"]?.string,
            senseIndex: senseIndex(value["sense_index"]), alt: value["alt"]?.string
        )
    }

    static func form(_ value: JSONValue) -> WiktextractRecord.FormData? {
        guard let form = value["form"]?.string else { return nil }
        return WiktextractRecord.FormData(form: form, tags: value["tags"]?.strings ?? [])
    }

}
