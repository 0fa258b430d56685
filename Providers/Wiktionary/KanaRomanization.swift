import Foundation

/// The Hepburn romanisation Wiktionary shows beside a Japanese kana reading (`はしる` → `hashiru`, `とうきょう` →
/// `tōkyō`), computed as Module:ja's `kana_to_romaji` computes it for `{{ja-pron}}` and the head templates
/// (`{{ja-noun}}`, `{{ja-verb}}`…): the pages write only the kana, with the module's markup in it.
///
/// The rules, in the module's order: each kana by its table (シ, チ, ツ first as placeholders `x`, `q`, `c`); small
/// vowels and ゃゅょ join the kana before (`キャ` kya, `ティ` ti, `ファ` fa, `ジェ` je); ー lengthens the vowel
/// before it and っ doubles the consonant after it (`っち` is `tch`); ん before a vowel or `y` is `n'`; は and へ
/// standing alone between spaces are the particles `wa` and `e`; `ou` and a doubled vowel take a macron (`ō`, `ā`,
/// `ī`…; `ei` stays); the markup goes: `.` and `%` separate (`お.う` is `ou`, not `ō`), `^` capitalises the letter
/// after it, spaces and `-` stay.
enum KanaRomanization {
    /// The romanisation of `kana`, or nil when it has characters the rules do not read (kanji, Latin letters).
    static func romanize(_ kana: String) -> String? {
        var letters: [Character] = []
        var previous: Character?
        for character in kana {
            var character = character
            // ゝ/ヽ repeat the kana before; ヶ and ヵ in a reading are が and か.
            if character == "ゝ" || character == "ヽ", let previous { character = previous }
            if character == "ヶ" { character = "が" }
            if character == "ヵ" { character = "か" }
            previous = character
            let katakana = toKatakana(character)
            if let roman = table[katakana] {
                letters += roman
            } else if katakana == "%" {
                letters.append(".")
            } else if katakana == "　" {
                letters.append(" ")
            } else if isKana(katakana) || " .^-'".contains(katakana) {
                letters.append(katakana)
            } else {
                return nil
            }
        }
        joinSmallKana(&letters)
        lengthenAndDouble(&letters)
        // ん: `n'` before a vowel or y (`kan'i`), else `n`.
        var index = 0
        while index < letters.count {
            if letters[index] == "¤" {
                if index + 1 < letters.count, "aiueoy".contains(letters[index + 1]) {
                    letters[index] = "'"
                } else {
                    letters.remove(at: index)
                    continue
                }
            }
            index += 1
        }
        particles(&letters)
        digraphs(&letters)
        var text = macrons(String(letters))
        text = text.replacingOccurrences(of: ".", with: "")
        text = capitalised(text)
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let result = words.joined(separator: " ")
        guard !result.isEmpty, !result.contains(where: isKana) else { return nil }
        return result
    }

    /// Kana and the markup Wiktionary writes in readings: what a `{{ja-pron}}` or head template argument is made of
    /// when it is a reading (`たい せつ`, `こう.し`, `^とう%きょう`).
    static func isReading(_ text: String) -> Bool {
        text.contains(where: isKana) && text.allSatisfy { isKana($0) || " .^%-'　・".contains($0) }
    }

    /// A reading as the page shows it: without the markup (`たい せつ` → `たいせつ`).
    static func shown(_ reading: String) -> String {
        String(reading.filter { !" .^%'　".contains($0) })
    }

    static func isKana(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        return (0x3041...0x3096).contains(scalar) || (0x309D...0x309E).contains(scalar)
            || (0x30A1...0x30FE).contains(scalar)
    }

    private static func toKatakana(_ character: Character) -> Character {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
              (0x3041...0x3096).contains(scalar.value), let shifted = Unicode.Scalar(scalar.value + 0x60)
        else { return character }
        return Character(shifted)
    }

    /// Each katakana's letters (Module:ja/data's `kr`): `x`, `q`, `c` stand for sh, ch, ts until ``digraphs(_:)``;
    /// `¤` marks ん.
    private static let table: [Character: [Character]] = {
        let rows = [
            "アa", "イi", "ウu", "エe", "オo", "カka", "キki", "クku", "ケke", "コko", "サsa", "シxi", "スsu", "セse",
            "ソso", "タta", "チqi", "ツcu", "テte", "トto", "ナna", "ニni", "ヌnu", "ネne", "ノno", "ハha", "ヒhi", "フfu",
            "ヘhe", "ホho", "マma", "ミmi", "ムmu", "メme", "モmo", "ヤya", "ユyu", "ヨyo", "ラra", "リri", "ルru", "レre",
            "ロro", "ワwa", "ヰwi", "ヱwe", "ヲo", "ンn¤", "ガga", "ギgi", "グgu", "ゲge", "ゴgo", "ザza", "ジji", "ズzu",
            "ゼze", "ゾzo", "ダda", "ヂji", "ヅzu", "デde", "ドdo", "バba", "ビbi", "ブbu", "ベbe", "ボbo", "パpa", "ピpi",
            "プpu", "ペpe", "ポpo", "ヷva", "ヸvi", "ヴvu", "ヹve", "ヺvo", "・ ",
        ]
        var table: [Character: [Character]] = [:]
        for row in rows { table[row.first!] = Array(row.dropFirst()) }
        return table
    }()

    private static let vowels: Set<Character> = ["a", "i", "u", "e", "o"]

    /// The small kana joined to the kana before them, as the module's patterns do in turn.
    private static func joinSmallKana(_ letters: inout [Character]) {
        func pass(_ rule: (Character, Character) -> [Character]?) {
            var index = 1
            while index < letters.count {
                if vowels.contains(letters[index - 1]), let replacement = rule(letters[index - 1], letters[index]) {
                    letters.replaceSubrange((index - 1)...index, with: replacement)
                    index = max(1, index - 1 + replacement.count)
                } else {
                    index += 1
                }
            }
        }
        let sameVowel: [Character: Character] = ["ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o"]
        pass { vowel, small in sameVowel[small] == vowel ? [vowel, vowel] : nil }  // ゲェ gee
        pass { vowel, small in  // クヮ kwa, ウィ wi, クォ kwo
            guard vowel == "u" || vowel == "o" else { return nil }
            switch small {
            case "ヮ", "ァ": return ["w", "a"]
            case "ィ": return ["w", "i"]
            case "ェ": return ["w", "e"]
            case "ォ": return ["w", "o"]
            default: return nil
            }
        }
        // ツァ cwa → ca, ファ fwa → fa.
        var index = 1
        while index < letters.count {
            if letters[index] == "w", "fvcsz".contains(letters[index - 1]) { letters.remove(at: index) } else { index += 1 }
        }
        pass { _, small in  // キャ kya, チェ qye
            let glide: [Character: Character] = ["ャ": "a", "ュ": "u", "ェ": "e", "ョ": "o"]
            return glide[small].map { ["y", $0] }
        }
        index = 1
        while index < letters.count {  // シャ xya → xa, ジュ jyu → ju
            if letters[index] == "y", "xjq".contains(letters[index - 1]) { letters.remove(at: index) } else { index += 1 }
        }
        pass { _, small in sameVowel[small].map { [$0] } }  // ティ ti
    }

    /// ー as the vowel before it again; ッ as the consonant after it (spaces between kept), else an apostrophe.
    private static func lengthenAndDouble(_ letters: inout [Character]) {
        var index = 0
        while index < letters.count {
            if letters[index] == "ー", index > 0, vowels.contains(letters[index - 1]) {
                letters[index] = letters[index - 1]
            }
            index += 1
        }
        index = letters.count - 1
        while index >= 0 {
            if letters[index] == "ッ" {
                var next = index + 1
                while next < letters.count, letters[next] == " " { next += 1 }
                if next < letters.count, letters[next].isASCII, letters[next].isLetter, !vowels.contains(letters[next]) {
                    letters[index] = letters[next]
                } else {
                    letters[index] = "'"
                }
            }
            index -= 1
        }
    }

    /// は and へ as words of their own (between spaces or at an end, not the whole reading): the particles `wa`, `e`.
    private static func particles(_ letters: inout [Character]) {
        func bound(_ index: Int) -> Bool {
            index < 0 || index >= letters.count || !(letters[index].isASCII && (letters[index].isLetter || ".-".contains(letters[index])))
        }
        var index = 0
        while index + 1 < letters.count {
            if letters[index] == "h", letters[index + 1] == "a" || letters[index + 1] == "e",
               bound(index - 1), bound(index + 2), index > 0 || index + 2 < letters.count
            {
                if letters[index + 1] == "a" { letters[index] = "w" } else { letters.remove(at: index) }
            }
            index += 1
        }
    }

    /// `x`, `q`, `c` as sh, ch, ts; doubled, the first of each as s, t, t (`xxa` ssha, `qqi` tchi).
    private static func digraphs(_ letters: inout [Character]) {
        var output: [Character] = []
        var index = 0
        while index < letters.count {
            guard "xqc".contains(letters[index]) else {
                output.append(letters[index])
                index += 1
                continue
            }
            var end = index
            while end + 1 < letters.count, "xqc".contains(letters[end + 1]) { end += 1 }
            for geminate in letters[index..<end] { output.append(geminate == "x" ? "s" : "t") }
            switch letters[end] {
            case "x": output += ["s", "h"]
            case "q": output += ["c", "h"]
            default: output += ["t", "s"]
            }
            index = end + 1
        }
        letters = output
    }

    /// `ou` as ō, then a doubled vowel with a macron.
    private static func macrons(_ text: String) -> String {
        var text = text.replacingOccurrences(of: "ou", with: "ō")
        for (pair, long) in [("aa", "ā"), ("ii", "ī"), ("uu", "ū"), ("ee", "ē"), ("oo", "ō")] {
            text = text.replacingOccurrences(of: pair, with: long)
        }
        return text
    }

    /// `^` upper-cases the letter after it (a space between them moves it on).
    private static func capitalised(_ text: String) -> String {
        guard text.contains("^") else { return text }
        var output = ""
        var pending = false
        for character in text {
            if character == "^" {
                pending = true
            } else if pending, character != " " {
                output += character.uppercased()
                pending = false
            } else {
                output.append(character)
            }
        }
        return output
    }
}
