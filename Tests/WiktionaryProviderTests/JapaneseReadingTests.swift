import Foundation
import LexAggCore
import Testing
@testable import WiktionaryProvider

/// Japanese readings: `{{ja-pron}}`'s kana with its pitch accent, and a head line's kana (`{{ja-noun|たいせつ}}`) when
/// the page has no `{{ja-pron}}`, each with the romanisation Wiktionary computes from it (`はしる (hashiru)`, as the
/// offline provider shows wiktextract's); the kana alone showed, or nothing.
@Suite struct JapaneseReadingTests {
    private func pronunciations(_ page: String, title: String) throws -> [String] {
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: title, language: nil, provenance: Fixtures.provenance).first
        )
        return entry.pronunciations.map { "\($0.text) (\($0.accent ?? "-"))" }
    }

    /// Module:ja's rules: ゃゅょ and small vowels join the kana before, ー lengthens, っ doubles (`tch` before ち), ん
    /// before a vowel is `n'`, `ou` and doubled vowels take a macron (not `ei`), は between spaces is `wa`, `.` and `%`
    /// separate, `^` capitalises, a space between words stays.
    @Test(arguments: [
        ("はしる", "hashiru"), ("たいせつ", "taisetsu"), ("とうきょう", "tōkyō"), ("きょう", "kyō"), ("コーヒー", "kōhī"),
        ("がっこう", "gakkō"), ("しんぶん", "shinbun"), ("きんえん", "kin'en"), ("まっちゃ", "matcha"), ("せんせい", "sensei"),
        ("ティーシャツ", "tīshatsu"), ("ファン", "fan"), ("ウィキ", "wiki"), ("ジェット", "jetto"), ("ヴァイオリン", "vaiorin"),
        ("おおきい", "ōkī"), ("ちぢむ", "chijimu"), ("つづく", "tsuzuku"), ("じゅう%よう", "jūyō"), ("せいしん ぶんれつ びょう", "seishin bunretsu byō"),
        ("^とうきょう", "Tōkyō"), ("わたし は がくせい", "watashi wa gakusei"), ("はは", "haha"), ("おう", "ō"), ("お.う", "ou"),
        ("りょこう", "ryokō"), ("しゃしん", "shashin"), ("ぎゅうにゅう", "gyūnyū"),
    ])
    func kanaRomanisedAsWiktionaryDoes(kana: String, romaji: String) {
        #expect(KanaRomanization.romanize(kana) == romaji)
    }

    @Test func textThatIsNotKanaIsNotRomanised() {
        #expect(KanaRomanization.romanize("大切") == nil)
        #expect(KanaRomanization.romanize("") == nil)
    }

    @Test(arguments: [
        ("{{ja-pron|yomi=k|いえ|acc=2|acc_ref=DJR,NHK}}", "家", ["いえ (ie) (Tokyo, Odaka [2])"]),
        ("{{ja-pron|yomi=k|ながい|acc=2|acc_ref=NHK}}", "長い", ["ながい (nagai) (Tokyo, Nakadaka [2])"]),
        ("{{ja-pron|たいせつ|acc=0|acc_ref=SMK2,ZAJ}}", "大切", ["たいせつ (taisetsu) (Tokyo, Heiban [0])"]),
        ("{{ja-pron|yomi=k|や|acc=1|acc_ref=DJR,NHK}}", "家", ["や (ya) (Tokyo, Atamadaka [1])"]),
        ("{{ja-pron|きょう|acc=1}}", "今日", ["きょう (kyō) (Tokyo, Atamadaka [1])"]),
        ("{{ja-pron|コーヒー|acc=3}}", "コーヒー", ["コーヒー (kōhī) (Tokyo, Nakadaka [3])"]),
        ("{{ja-pron|うち}}", "家", ["うち (uchi) (-)"]),
        ("{{ja-pron|じゅう%よう|acc=0}}", "重要", ["じゅうよう (jūyō) (Tokyo, Heiban [0])"]),
        // A page in kana is its own reading.
        ("{{ja-pron|acc=2|acc_ref=DJR}}", "ありがとう", ["ありがとう (arigatō) (Tokyo, Nakadaka [2])"]),
    ])
    func japaneseKanaWithRomanisationAndPitchAccent(line: String, title: String, expected: [String]) throws {
        let page = "==Japanese==\n===Pronunciation===\n\(line)\n\n===Noun===\n{{ja-noun}}\n# a [[house]]\n"
        #expect(try pronunciations(page, title: title) == expected)
    }

    /// A page without `{{ja-pron}}` gives its reading in the head line: each part of speech's, once; the older
    /// templates' `hira=` and `rom=` are read too.
    @Test func headLineReadingsWhenThereIsNoJaPron() throws {
        let verb = """
            ==Japanese==
            {{ja-kanjitab|はし|yomi=k}}

            ===Verb===
            {{ja-verb|type=1|はしる|tr=intrans}}

            # to [[run]]
            """
        #expect(try pronunciations(verb, title: "走る") == ["はしる (hashiru) (-)"])
        let adjectivalNoun = """
            ==Japanese==
            {{ja-kanjitab|たい|せつ|yomi=kanon}}

            ===Adjectival noun===
            {{ja-adj|infl=na|たいせつ}}

            # [[important]]

            ===Noun===
            {{ja-noun|たいせつ}}

            # [[importance]]
            """
        #expect(try pronunciations(adjectivalNoun, title: "大切") == ["たいせつ (taisetsu) (-)"])
        let older = "==Japanese==\n===Noun===\n{{ja-noun|k|hira=ことば|rom=kotoba}}\n# a [[word]]\n"
        #expect(try pronunciations(older, title: "言葉") == ["ことば (kotoba) (-)"])
        let katakana = "==Japanese==\n===Noun===\n{{ja-noun}}\n\n# [[coffee]]\n"
        #expect(try pronunciations(katakana, title: "コーヒー") == ["コーヒー (kōhī) (-)"])
    }

    /// The reference page 大切 (wiktextract's copy, when the shared samples are here): one reading, with its accent.
    @Test func theReferencePageOfTaisetsu() throws {
        guard let sample = Fixtures.referencePages().first(where: { $0.name == "wikitext-ja-taisetsu-2020.wikitext" }) else { return }
        let entries = WikitextParser.entries(
            from: WikitextSource(sample.bytes), headword: "大切", language: "Japanese", provenance: Fixtures.provenance
        )
        #expect(entries.flatMap(\.pronunciations).map { "\($0.text) (\($0.accent ?? "-"))" } == [
            "たいせつ (taisetsu) (Tokyo, Heiban [0])",
        ])
    }
}
