import Foundation
import LexAggCore

/// The readings Chinese and Japanese pronunciation templates give in their own arguments: Wiktionary computes their IPA
/// with Lua, but the romanisations (`{{zh-pron|m=jiā|c=gaa1}}`) and the kana with its pitch accent
/// (`{{ja-pron|いえ|acc=2}}`) are written out; they showed nothing.
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

    /// `{{ja-pron|いえ|acc=2|…}}` (and further readings with `acc2=`…): each kana reading, with its Tokyo pitch accent
    /// named as Wiktionary names it (`Nakadaka [2]`) when the template gives it.
    func japanesePronunciations(_ template: Template) -> [Pronunciation] {
        template.positional.enumerated().compactMap { offset, range in
            let kana = renderer.render(range)
            guard !kana.isEmpty, !kana.contains("=") else { return nil }
            let key = offset == 0 ? "acc" : "acc\(offset + 1)"
            let accent = template.named(key).map { source.string(source.trimmed($0)) }.flatMap { value -> String? in
                guard !value.isEmpty else { return nil }
                guard let downstep = Int(value) else { return "Tokyo, " + value }
                return "Tokyo, " + Self.pitchAccentName(downstep, morae: Self.morae(kana)) + " [\(downstep)]"
            }
            return Pronunciation(text: kana, notation: .other, accent: accent, provenance: provenance)
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
