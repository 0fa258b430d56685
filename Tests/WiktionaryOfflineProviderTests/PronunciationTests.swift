import Foundation
import LexAggCore
import Testing
@testable import WiktionaryOfflineProvider

/// Recordings go with the IPA transcription they belong to (``EntryBuilder/pronunciations(_:provenance:)``):
/// wiktextract lists a recording as a sound entry of its own, tagged with its accent.
@Suite struct PronunciationTests {
    let provenance = Provenance(provider: .wiktionaryOffline, source: "dump.jsonl", retrievedAt: Date(timeIntervalSince1970: 0))

    func pronunciations(_ sounds: [WiktextractRecord.SoundData]) -> [Pronunciation] {
        EntryBuilder.pronunciations(sounds, provenance: provenance)
    }

    func ipa(_ text: String, _ tags: [String] = [], audio: String? = nil) -> WiktextractRecord.SoundData {
        .init(ipa: text, enpr: nil, tags: tags, audioURL: audio)
    }

    func recording(_ url: String, _ tags: [String] = []) -> WiktextractRecord.SoundData {
        .init(ipa: nil, enpr: nil, tags: tags, audioURL: url)
    }

    @Test func aRecordingGoesWithTheFirstTranscriptionOfItsAccent() {
        let found = pronunciations([ipa("/hɑʊs/", ["UK"]), ipa("/haʊs/", ["UK", "US"]), recording("us.ogg", ["US"])])
        #expect(found.map(\.audioURL) == [nil, "us.ogg"])
        #expect(found.map(\.accent) == ["UK", "UK, US"])
    }

    /// A recording with no transcription of its accent is a recording alone (empty text), with its accent; it was
    /// dropped before the model had one.
    @Test func aRecordingOfAnotherAccentIsARecordingAlone() {
        let other = pronunciations([ipa("/hɑʊs/", ["UK"]), recording("us.ogg", ["US"])])
        #expect(other.map(\.audioURL) == [nil, "us.ogg"] && other.map(\.text) == ["/hɑʊs/", ""])
        #expect(other.map(\.accent) == ["UK", "US"] && other[1].isRecordingOnly)
        let alone = pronunciations([recording("us.ogg", ["US"]), recording("us.ogg", ["US"])])
        #expect(alone.map(\.audioURL) == ["us.ogg"] && alone.allSatisfy { $0.isRecordingOnly })
    }

    /// An accent is shown by the name Wiktionary shows: wiktextract joins its words with hyphens
    /// (`Received-Pronunciation`), which were shown so; tags of other words keep theirs.
    @Test func anAccentIsShownByItsName() {
        let found = pronunciations([
            ipa("/ˈwɔːtə/", ["Received-Pronunciation"]), ipa("/ˈwɔtɚ/", ["General-American"]), ipa("/ˈwɑtɚ/", ["cot-caught-merger"]),
            ipa("/ˈaɡwɐ/", ["Rio-de-Janeiro"]), ipa("/ˈwaːtə/", ["New-Zealand", "US"]), ipa("/x/", ["first-person"]), ipa("/y/", ["UK"]),
        ])
        #expect(found.map(\.accent) == [
            "Received Pronunciation", "General American", "cot–caught merger", "Rio de Janeiro", "New Zealand, US", "first-person", "UK",
        ])
    }

    @Test func anUntaggedRecordingGoesOnlyWithASoleTranscription() {
        #expect(pronunciations([ipa("/haʊs/"), recording("a.ogg")]).map(\.audioURL) == ["a.ogg"])
        #expect(pronunciations([ipa("/haʊs/", ["UK"]), ipa("/hæʊs/", ["US"]), recording("a.ogg")]).map(\.audioURL) == [nil, nil, "a.ogg"])
    }

    @Test func aTranscriptionKeepsItsOwnRecordingAndEachRecordingGoesOnce() {
        let found = pronunciations([
            ipa("/haʊs/", ["US"], audio: "own.ogg"), ipa("/hæʊs/", ["US"]), recording("second.ogg", ["US"]),
            recording("third.ogg", ["US"]),
        ])
        // (The third, with no transcription of its accent left to go with, is a recording alone.)
        #expect(found.map(\.audioURL) == ["own.ogg", "second.ogg", "third.ogg"])
        #expect(found.map(\.text) == ["/haʊs/", "/hæʊs/", ""])
    }

    /// An accent is the sound's tags cleaned: an empty or blank `raw_tags` element shows no "()".
    @Test func anAccentIsTheCleanedTags() {
        let found = pronunciations([ipa("/a/", [""]), ipa("/b/", ["  "]), ipa("/c/", [" Österreich ", "", "Schweiz"])])
        #expect(found.map(\.accent) == [nil, nil, "Österreich, Schweiz"])
    }

    @Test func enPRNeverTakesARecording() {
        let found = pronunciations([.init(ipa: nil, enpr: "hous", tags: [], audioURL: nil), recording("a.ogg")])
        #expect(found.map(\.notation) == [.enPR, .ipa] && found.map(\.audioURL) == [nil, "a.ogg"])
        #expect(found[1].isRecordingOnly)
    }
}

/// What real records' sounds and head lines say, shown once each and with all they say.
@Suite struct ReadingTests {
    let provenance = Provenance(provider: .wiktionaryOffline, source: "dump.jsonl", retrievedAt: Date(timeIntervalSince1970: 0))

    func zh(_ text: String, _ tags: [String]) -> WiktextractRecord.SoundData { .init(ipa: nil, enpr: nil, tags: tags, audioURL: nil, other: text) }
    func ipa(_ text: String, _ tags: [String] = [], audio: String? = nil, note: String? = nil) -> WiktextractRecord.SoundData {
        .init(ipa: text, enpr: nil, tags: tags, audioURL: audio, note: note)
    }

    /// A Chinese record lists every variety's readings, many twice: Standard Mandarin's Pinyin, Zhuyin and IPA and
    /// Cantonese Jyutping are shown, each once.
    @Test func aChineseHeadLineShowsTheLearnersReadingsOnce() {
        let found = EntryBuilder.pronunciations([
            zh("tián", ["Mandarin", "Standard", "Pinyin"]), zh("ㄊㄧㄢˊ", ["Mandarin", "Standard", "Bopomofo"]),
            zh("tián", ["Mandarin", "Standard-Chinese", "Pinyin"]), zh("tian²", ["Mandarin", "Nanjing", "Nanjing", "Pinyin"]),
            zh("tian²", ["Mandarin", "Chengdu", "Sichuanese", "Pinyin"]), zh("tʻien²", ["Mandarin", "Standard-Chinese", "Wade-Giles"]),
            zh("tien2", ["Mandarin", "Standard-Chinese", "Tongyong-Pinyin"]), zh("tin4", ["Cantonese", "Guangzhou", "Jyutping"]),
            zh("tìhn", ["Cantonese", "Guangzhou", "Hong Kong", "Yale", "Jyutping"]), zh("diê", ["Wu", "Northern"]),
            zh("tiân", ["Min-Nan", "Hokkien", "POJ"]), ipa("/tʰi̯ɛn³⁵/", ["Mandarin", "Standard-Chinese", "Sinological-IPA"]),
            ipa("/tʰi̯ɛn³⁵/", ["Mandarin", "Standard-Chinese", "Sinological-IPA"]), ipa("/tʰiɛn²⁴/", ["Mandarin", "Nanjing", "Sinological-IPA"]),
            ipa("/di²³/", ["Wu", "Northern", "Shanghai", "Sinological-IPA"]), ipa("/tʰin²¹/", ["Cantonese", "Guangzhou", "Sinological-IPA"]),
        ], provenance: provenance)
        #expect(found.map(\.text) == ["tián", "ㄊㄧㄢˊ", "tin4", "/tʰi̯ɛn³⁵/"])
        #expect(found.first?.accent == "Mandarin, Standard, Pinyin, Standard Chinese", "the repeated reading adds what its tags say")
    }

    /// A reading with its alternative in brackets and the same reading without it are one sound, shown once as the
    /// richer (田's Standard Pinyin `tián (tian²)` and `tián`; 五色's `ごしき` with the record's romanisation and
    /// again without it); other readings are not merged (`tián` is no `tiá`).
    @Test func aReadingWithAndWithoutItsAlternativeIsShownOnce() async throws {
        let found = EntryBuilder.pronunciations([
            zh("tián (tian²)", ["Mandarin", "Standard", "Pinyin"]), zh("ㄊㄧㄢˊ", ["Mandarin", "Standard", "Bopomofo"]),
            zh("tián", ["Mandarin", "Standard-Chinese", "Pinyin"]), zh("tiá", ["Mandarin", "Standard-Chinese", "Pinyin"]),
            zh("ㄊㄧㄢˊ", ["Mandarin", "Standard-Chinese", "Bopomofo"]),
        ], provenance: provenance)
        #expect(found.map(\.text) == ["tián (tian²)", "ㄊㄧㄢˊ", "tiá"])
        #expect(found.first?.accent == "Mandarin, Standard, Pinyin, Standard Chinese")
        let plainFirst = EntryBuilder.pronunciations([zh("tián", ["Pinyin"]), zh("tián (tian²)", ["Pinyin"])], provenance: provenance)
        #expect(plainFirst.map(\.text) == ["tián (tian²)"])
        let provider = try WiktionaryOffline(path: WiktionaryOfflineTests.imported([
            #"{"word": "五色", "lang_code": "ja", "pos": "noun", "sounds": [{"other": "ごしき"}, {"other": "ごしき"}, {"ipa": "[ɡo̞ɕikʲi]"}, "#
                + #"{"other": "ごしょく"}, {"other": "ごしょく"}, {"ipa": "[ɡo̞ɕo̞kɯ̟]"}], "forms": [{"form": "五色 ^", "tags": ["canonical"]}, "#
                + #"{"form": "goshiki", "tags": ["romanization"]}, {"form": "ごしき", "roman": "gosiki", "tags": ["hiragana", "historical"]}], "#
                + #""senses": [{"glosses": ["five colors"]}]}"#,
        ], name: "goshiki"))
        let goshiki = try #require(try await provider.lookup(LookupQuery("五色")).entries.first)
        #expect(goshiki.pronunciations.map(\.text) == ["ごしき (goshiki)", "[ɡo̞ɕikʲi]", "ごしょく", "[ɡo̞ɕo̞kɯ̟]"])
    }

    /// The same transcription twice (French `\a.va.taʁ\`, Ancient Greek's three) is shown once, with the tags and the
    /// recording either had.
    @Test func aRepeatedTranscriptionIsShownOnce() {
        let found = EntryBuilder.pronunciations([
            ipa("\\a.va.taʁ\\"), ipa("\\a.va.taʁ\\", ["France"], audio: "avatar.ogg"), ipa("/a.ɡrós/", ["Attic"]), ipa("/a.ɡrós/", ["Attic"]),
            ipa("/a.ɡrós/", ["Koine"]),
        ], provenance: provenance)
        #expect(found.map(\.text) == ["\\a.va.taʁ\\", "/a.ɡrós/"])
        #expect(found.map(\.accent) == ["France", "Attic, Koine"] && found.first?.audioURL == "avatar.ogg")
    }

    /// A sound's `note` is shown as its tags are.
    @Test func aSoundsNoteIsShownWithItsTags() {
        let found = EntryBuilder.pronunciations([
            ipa("/bɔs/", note: "Northern Cities Vowel Shift, Ireland"), ipa("/bʊs/", ["Ireland"], note: "rural"),
        ], provenance: provenance)
        #expect(found.map(\.accent) == ["Northern Cities Vowel Shift, Ireland", "Ireland, rural"])
    }

    /// Japanese kana readings (`other`) with their romanisation: the word's `romanization` form in the English
    /// edition, the sound's `roman` in the Japanese one; the head line's canonical spelling and romanisation of
    /// other scripts (two Arabic homographs told apart), read from the head of `forms` even in an answer.
    @Test func kanaReadingsAndTheHeadLinesFormsAreShown() async throws {
        let provider = try WiktionaryOffline(path: WiktionaryOfflineTests.imported([
            #"{"word": "走る", "lang_code": "ja", "pos": "verb", "sounds": [{"other": "はしる"}, {"ipa": "[ha̠ɕiɾɯ̟]"}, {}], "#
                + #""forms": [{"form": "走る intransitive godan", "ruby": [["走", "はし"]], "tags": ["canonical"]}, {"form": "hashiru", "tags": ["romanization"]}, "#
                + #"{"form": "走った", "roman": "hashitta", "tags": ["past"]}], "senses": [{"glosses": ["to run"]}]}"#,
            #"{"word": "命令", "lang_code": "ja", "pos": "noun", "sounds": [{"tags": ["Heiban", "Tokyo"], "other": "めーれー", "roman": "[mèéréé]"}, {"ipa": "[me̞ːɾe̞ː]"}], "#
                + #""senses": [{"glosses": ["命じること"]}]}"#,
            #"{"word": "قدم", "lang_code": "ar", "pos": "verb", "etymology_number": 1, "forms": [{"form": "قَدَمَ", "tags": ["canonical"]}, {"form": "qadama", "tags": ["romanization"]}, "#
                + #"{"form": "يَقْدُمُ", "tags": ["non-past"]}], "sounds": [{"ipa": "/qa.da.ma/"}], "senses": [{"glosses": ["to precede"]}]}"#,
            #"{"word": "قدم", "lang_code": "ar", "pos": "noun", "etymology_number": 2, "forms": [{"form": "قَدَم", "tags": ["canonical"]}, {"form": "qadam", "tags": ["romanization"]}, "#
                + #"{"form": "أَقْدَام", "tags": ["plural"]}], "senses": [{"glosses": ["foot"]}]}"#,
            #"{"word": "lego", "lang_code": "la", "pos": "verb", "forms": [{"form": "legō", "tags": ["canonical"]}, {"form": "legere", "tags": ["infinitive", "present"]}], "senses": [{"glosses": ["to read"]}]}"#,
        ], name: "readings"))
        let hashiru = try #require(try await provider.lookup(LookupQuery("走る")).entries.first)
        #expect(hashiru.pronunciations.map(\.text) == ["はしる (hashiru)", "[ha̠ɕiɾɯ̟]"])
        let meirei = try #require(try await provider.lookup(LookupQuery("命令")).entries.first)
        #expect(meirei.pronunciations.map(\.text) == ["めーれー [mèéréé]", "[me̞ːɾe̞ː]"] && meirei.pronunciations.first?.accent == "Heiban, Tokyo")
        let qadama = try await provider.lookup(LookupQuery("قدم")).entries
        #expect(qadama.map { $0.pronunciations.first?.text } == ["قَدَمَ (qadama)", "قَدَم (qadam)"])
        #expect(try await provider.lookup(LookupQuery("lego")).entries.first?.pronunciations.map(\.text) == ["legō"])
        // The forms are still the lemma fallback's.
        #expect(try await provider.lemmas(of: LookupQuery("legere")) == [FormOf(lemma: "lego", form: "present infinitive")])
    }
}
