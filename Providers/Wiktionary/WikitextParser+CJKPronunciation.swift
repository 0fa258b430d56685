import Foundation
import LexAggCore

/// The readings Chinese and Japanese pronunciation templates give in their own arguments: Wiktionary computes their IPA
/// with Lua, but the romanisations (`{{zh-pron|m=jiā|c=gaa1}}`) and the kana with its pitch accent
/// (`{{ja-pron|いえ|acc=2}}`) are written out; they showed nothing. A kana reading is shown with its romanisation, as
/// Wiktionary's module computes it from the kana (``KanaRomanization``), and a Japanese head line's readings stand for
/// the pronunciation when the page has no `{{ja-pron}}`.
extension PageParser {
    /// The varieties of `{{zh-pron}}` read, by argument: what each is and how it is written.
    static let chineseReadings: [(key: String, label: String)] = [("m", "Mandarin, Pinyin"), ("c", "Cantonese, Jyutping")]

    /// `{{zh-pron|m=jiā,jia|c=gaa1|…}}`: each Mandarin reading in Pinyin, each Cantonese one in Jyutping, labelled.
    func chinesePronunciations(_ template: Template) -> [Pronunciation] {
        var found: [Pronunciation] = []
        for (key, label) in Self.chineseReadings {
            guard let range = template.named(key) else { continue }
            for reading in renderer.render(range).split(separator: ",") {
                let text = String(reading).trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else { continue }
                found.append(Pronunciation(text: text, notation: .other, accent: label, provenance: provenance))
            }
        }
        return found
    }

    /// `{{ja-pron|いえ|acc=2|…}}` (and further readings with `acc2=`…): each kana reading with its romanisation, as
    /// Wiktionary shows it (`いえ (ie)`; ``KanaRomanization``), and its Tokyo pitch accent named as Wiktionary names it
    /// (`Nakadaka [2]`) when the template gives it. A page in kana needs no reading: `{{ja-pron|acc=2}}` on はしる is
    /// for はしる.
    func japanesePronunciations(_ template: Template) -> [Pronunciation] {
        var readings = template.positional.map { renderer.render($0) }
        if readings.allSatisfy(\.isEmpty), KanaRomanization.isReading(headword) { readings = [headword] }
        return readings.enumerated().compactMap { offset, reading in
            guard !reading.isEmpty, !reading.contains("=") else { return nil }
            let kana = KanaRomanization.shown(reading)
            let key = offset == 0 ? "acc" : "acc\(offset + 1)"
            let accent = (template.named(key) ?? template.named(offset == 0 ? "accent" : "accent\(offset + 1)"))
                .map { source.string(source.trimmed($0)) }.flatMap { value -> String? in
                    guard !value.isEmpty else { return nil }
                    guard let downstep = Int(value) else { return "Tokyo, " + value }
                    return "Tokyo, " + Self.pitchAccentName(downstep, morae: Self.morae(kana)) + " [\(downstep)]"
                }
            return Pronunciation(text: Self.withRomanization(reading), notation: .other, accent: accent, provenance: provenance)
        }
    }

    /// A kana reading as the page shows it, with its romanisation after it: `はしる (hashiru)`; the kana alone when it
    /// cannot be romanised.
    static func withRomanization(_ reading: String, romanization: String? = nil) -> String {
        let kana = KanaRomanization.shown(reading)
        guard let roman = romanization ?? KanaRomanization.romanize(reading) else { return kana }
        return kana + " (" + roman + ")"
    }

    /// The head templates of Japanese parts of speech, whose kana arguments are the word's readings (`{{ja-noun|たいせつ}}`,
    /// `{{ja-verb|type=1|はしる}}`, `{{ja-pos|proper|ふじさん}}`; the older `{{ja-noun|k|hira=ことば|rom=kotoba}}`).
    static let japaneseHeadTemplates: Set<String> = [
        "ja-noun", "ja-adj", "ja-verb", "ja-verb-suru", "ja-verb form", "ja-pos", "ja-phrase", "ja-head", "ja-altread",
    ]

    /// The readings a Japanese head line gives, each with its romanisation (`rom=` when the older templates write it
    /// out): a word whose page has no `{{ja-pron}}` showed no reading at all; a page in kana is its own reading.
    func japaneseHeadReadings(_ template: Template) -> [String] {
        guard Self.japaneseHeadTemplates.contains(template.name) else { return [] }
        var readings = template.positional.map { source.string(source.trimmed($0)) }.filter(KanaRomanization.isReading)
        for key in ["hira", "kata"] {
            if let range = template.named(key) {
                let text = source.string(source.trimmed(range))
                if KanaRomanization.isReading(text) { readings.append(text) }
            }
        }
        if readings.isEmpty, KanaRomanization.isReading(headword) { readings = [headword] }
        let romanization = template.named("rom").map { renderer.render($0) }.flatMap { $0.isEmpty ? nil : $0 }
        return readings.enumerated().map { offset, reading in
            Self.withRomanization(reading, romanization: offset == 0 ? romanization : nil)
        }
    }

    /// The name of a Tokyo pitch accent by the mora after which the pitch falls: none (0) is heiban, the first is
    /// atamadaka, the last odaka, one between them nakadaka.
    static func pitchAccentName(_ downstep: Int, morae: Int) -> String {
        switch downstep {
        case 0: "Heiban"
        case 1: "Atamadaka"
        case morae: "Odaka"
        default: "Nakadaka"
        }
    }

    /// The morae of a kana reading: every kana but the small ones that join the one before (ゃ, ゅ, ょ, ぁ…); っ, ん and
    /// ー are morae of their own.
    static func morae(_ kana: String) -> Int {
        let small: Set<Character> = ["ゃ", "ゅ", "ょ", "ぁ", "ぃ", "ぅ", "ぇ", "ぉ", "ゎ", "ャ", "ュ", "ョ", "ァ", "ィ", "ゥ", "ェ", "ォ", "ヮ"]
        return kana.filter { character in
            guard let scalar = character.unicodeScalars.first?.value else { return false }
            let isKana = (0x3041...0x309F).contains(scalar) || (0x30A0...0x30FF).contains(scalar)
            return isKana && !small.contains(character)
        }.count
    }
}
