import LexAggCore

/// A record's sounds and head line as the pronunciations an entry shows: transcriptions with their accents and
/// recordings, readings in other notations (kana, Pinyin, Zhuyin, Jyutping), each sound once.
extension EntryBuilder {
    /// The record's IPA and enPR transcriptions, each with its accent (the sound's tags and its `note`), and the
    /// recordings the dump lists (`ogg_url`, else `mp3_url`) with the IPA they go with, as the online Wiktionary
    /// provider pairs them; a reading in the word's own script (Japanese kana, `other`) with its romanisation (the
    /// sound's `roman`, else the record's `romanization` form: `はしる (hashiru)`); Chinese readings (`zh_pron`) as
    /// ``isLearnersReading(_:)`` keeps them. Each transcription once: a repeated one adds its accent and recording to
    /// the first (``add(_:to:)``).
    ///
    /// wiktextract gives a recording a sound entry of its own (`{"audio": …, "ogg_url": …, "tags": ["US"]}`) beside
    /// the transcriptions (`{"ipa": "/haʊs/", "tags": ["UK", "US"]}`): a recording goes with the first IPA without one
    /// whose tags include all of the recording's (a US recording with a UK and US transcription, not with a UK-only
    /// one); an untagged recording only with a sole IPA. One left without a transcription is a recording alone, with
    /// its accent. A sound entry with both an IPA and a recording keeps its own.
    ///
    /// A Chinese record (one with a `zh_pron`) lists every reading `{{zh-pron}}` gives — Wu, Min, Hakka, Old Chinese,
    /// each in several romanisations and in Sinological IPA, often twice: its IPA is kept only for Standard Mandarin.
    ///
    /// The head line's spelling (`canonical`, when it is not the word as looked up: `legō` of *lego*, `قَدَمَ` of
    /// *قدم*) and its romanisation, when no kana reading took it, come first, as Wiktionary's head line shows them
    /// (`قَدَمَ (qadama)`): two homographs told apart.
    static func pronunciations(
        _ sounds: [WiktextractRecord.SoundData], word: String = "", canonical: String? = nil, romanization: String? = nil,
        provenance: Provenance
    ) -> [Pronunciation] {
        var found: [Pronunciation] = []
        if let head = headForm(word: word, canonical: canonical, romanization: romanization, sounds: sounds) {
            found.append(Pronunciation(text: head, notation: .other, provenance: provenance))
        }
        let heads = found.count
        var soundOf: [Int] = Array(repeating: -1, count: heads)  // the index in `sounds` of each of `found`, whose tags it has
        let chinese = sounds.contains { $0.other != nil }
        var romanization = clean(romanization)
        for (index, sound) in sounds.enumerated() {
            let other = isLearnersReading(sound) ? clean(sound.other) : nil
            var ipa = chinese && !isStandardMandarin(sound.tags) ? nil : clean(sound.ipa), enpr = clean(sound.enpr)
            let reading = clean(sound.reading)
            guard ipa != nil || enpr != nil || other != nil || reading != nil else { continue }
            var accent = accent(sound.tags, note: sound.note)
            // A mark written before the transcription (the French `^((h aspiré))\e.las\`) says how it is said.
            if let text = ipa, let (mark, rest) = leadingSuperscript(text) {
                ipa = rest
                accent = accent.map { $0 + ", " + mark } ?? mark
            }
            if let ipa {
                found.append(Pronunciation(
                    text: ipa, notation: .ipa, accent: accent, audioURL: clean(sound.audioURL), provenance: provenance
                ))
                soundOf.append(index)
            }
            if let enpr {
                found.append(Pronunciation(text: enpr, notation: .enPR, accent: accent, provenance: provenance))
                soundOf.append(index)
            }
            // Chinese readings (`zh_pron`), their tags naming the variety and the system ("Mandarin, Pinyin").
            if let other {
                found.append(Pronunciation(text: other, notation: .other, accent: accent, provenance: provenance))
                soundOf.append(index)
            }
            // A kana reading with its romanisation: the sound's own, else the word's (once, with the first reading).
            if let reading {
                var text = reading
                if let roman = clean(sound.roman) ?? romanization {
                    text += roman.hasPrefix("[") ? " " + roman : " (" + roman + ")"
                    if clean(sound.roman) == nil { romanization = nil }
                }
                found.append(Pronunciation(text: text, notation: .other, accent: accent, provenance: provenance))
                soundOf.append(index)
            }
        }
        // The sound entries without a transcription (none of `soundOf`): their recordings.
        for sound in sounds.indices where !soundOf.contains(sound) {
            guard let url = clean(sounds[sound].audioURL) else { continue }
            let tags = sounds[sound].tags
            func open(_ index: Int) -> Bool { found[index].notation == .ipa && found[index].audioURL == nil }
            let match = tags.isEmpty
                ? (found.count(where: { $0.notation == .ipa }) == 1 ? found.indices.first(where: open) : nil)
                : found.indices.dropFirst(heads).first { index in
                    open(index) && tags.allSatisfy { sounds[soundOf[index]].tags.contains($0) }
                }
            if let match {
                found[match].audioURL = url
            } else if !found.contains(where: { $0.audioURL == url }) {
                // No transcription of its accent: a recording alone (``Pronunciation/isRecordingOnly``).
                found.append(Pronunciation(
                    text: "", notation: .ipa, accent: accent(tags, note: sounds[sound].note), audioURL: url, provenance: provenance
                ))
                soundOf.append(sound)
            }
        }
        // Each transcription once (most records repeat none: nothing is made).
        guard found.indices.dropFirst().contains(where: { index in
            found[..<index].contains { isSameSound($0, found[index]) }
        }) else { return found }
        var unique: [Pronunciation] = []
        for pronunciation in found { add(pronunciation, to: &unique) }
        return unique
    }

    /// A transcription's leading superscript, as wiktextract writes one (`^(…)`), and the transcription after it: the
    /// French edition's `{{h aspiré}}` mark, `^((h aspiré))\e.las\` → ("h aspiré", `\e.las\`), its own brackets
    /// left out; nil when the text does not start with one, or nothing follows it.
    static func leadingSuperscript(_ text: String) -> (mark: String, rest: String)? {
        guard text.hasPrefix("^(") else { return nil }
        var depth = 0
        for index in text.indices.dropFirst() {
            switch text[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                guard depth == 0 else { continue }
                var mark = text[text.index(text.startIndex, offsetBy: 2)..<index]
                if mark.hasPrefix("("), mark.hasSuffix(")") { mark = mark.dropFirst().dropLast() }
                guard let rest = clean(String(text[text.index(after: index)...])), let shown = clean(String(mark)) else { return nil }
                return (shown, rest)
            default: continue
            }
        }
        return nil
    }

    /// The head line's form as a pronunciation shows it: the canonical spelling, unless it is the word (or the word
    /// and the head line's words after it: `走る intransitive godan`), and the romanisation in brackets; the
    /// romanisation alone without one; nil when a kana reading shows the romanisation (``pronunciations``) or there
    /// is neither.
    static func headForm(word: String, canonical: String?, romanization: String?, sounds: [WiktextractRecord.SoundData]) -> String? {
        guard canonical != nil || romanization != nil else { return nil }
        let canonical = canonical.flatMap { $0 == word || $0.hasPrefix(word + " ") || word.isEmpty ? nil : $0 }
        if canonical == nil, romanization != nil, sounds.contains(where: { clean($0.reading) != nil }) { return nil }
        switch (canonical, romanization) {
        case (let canonical?, let romanization?): return canonical + " (" + romanization + ")"
        case (let text?, nil), (nil, let text?): return text
        case (nil, nil): return nil
        }
    }

    /// `pronunciation` added to `list`, unless the same transcription is there: then that one takes its accent's
    /// parts it lacks and its recording, if it has none ("each transcription once, with all it says").
    ///
    /// A reading in another notation is the same as one that is it with more in brackets after it (`tián` and
    /// `tián (tian²)`, Pinyin without and with its numbered tones; a kana reading without and with its romanisation,
    /// `ごしき` and `ごしき (goshiki)`): one sound, shown once as the richer.
    static func add(_ pronunciation: Pronunciation, to list: inout [Pronunciation]) {
        guard let index = list.firstIndex(where: { isSameSound($0, pronunciation) }) else {
            list.append(pronunciation)
            return
        }
        if pronunciation.text.utf8.count > list[index].text.utf8.count { list[index].text = pronunciation.text }
        if list[index].audioURL == nil { list[index].audioURL = pronunciation.audioURL }
        guard let accent = pronunciation.accent, accent != list[index].accent else { return }
        guard let existing = list[index].accent else { list[index].accent = accent; return }
        let parts = existing.split(separator: ", ")
        let added = accent.split(separator: ", ").filter { !parts.contains($0) }
        if !added.isEmpty { list[index].accent = (parts + added).joined(separator: ", ") }
    }

    /// Whether `a` and `b` say one sound (``add(_:to:)``): the same text in the same notation, or two readings of the
    /// other notation one of which is the other with a bracket after it (` (…)`, ` […]`). By bytes: most are IPA.
    static func isSameSound(_ a: Pronunciation, _ b: Pronunciation) -> Bool {
        guard a.notation == b.notation else { return false }
        let x = a.text.utf8, y = b.text.utf8
        if x.count == y.count { return a.text == b.text }
        guard a.notation == .other else { return false }
        let (short, long) = x.count < y.count ? (x, y) : (y, x)
        guard long.count > short.count + 2, long.starts(with: short) else { return false }
        let space = long.index(long.startIndex, offsetBy: short.count)
        let bracket = long[long.index(after: space)]
        return long[space] == 0x20 && (bracket == UInt8(ascii: "(") || bracket == UInt8(ascii: "["))
    }

    /// A sound's tags and its note as the accent shown (cleaned; none left: nil), each tag by the name Wiktionary
    /// shows (``accentName(_:)``).
    static func accent(_ tags: [String], note: String? = nil) -> String? {
        let note = clean(note)
        if tags.isEmpty { return note }
        var shown = tags.allSatisfy(isClean) ? tags : tags.compactMap(clean)
        if shown.contains(where: { $0.utf8.contains(UInt8(ascii: "-")) }) { shown = shown.map(accentName) }
        if let note, !shown.contains(note) { shown.append(note) }
        return shown.isEmpty ? nil : shown.joined(separator: ", ")
    }

    /// The accent Wiktionary shows for a sound's tag: wiktextract joins the words of an accent's name with hyphens
    /// (`Received-Pronunciation`, `General-American`, `New-Zealand`, `Rio-de-Janeiro`), which were shown so. A name's
    /// words are capitalised (or join one: `de`, `of`); a tag of other words keeps its hyphens (`first-person`).
    static func accentName(_ tag: String) -> String {
        if let name = accentNames[tag] { return name }
        let words = tag.split(separator: "-")
        guard words.count > 1, words.first?.first?.isUppercase == true,
              words.allSatisfy({ $0.first?.isUppercase == true || nameJoiners.contains($0) })
        else { return tag }
        return words.joined(separator: " ")
    }

    /// Accents whose names are not their tags' words spaced (kaikki.org's `cot-caught merger` page lists its
    /// transcription with the merger tagged `cot-caught-merger`; Wiktionary writes an en dash).
    static let accentNames = ["cot-caught-merger": "cot–caught merger"]

    /// Lower-case words inside names of places and accents.
    static let nameJoiners: Set<Substring> = ["de", "do", "da", "dos", "das", "del", "la", "le", "of", "and", "upon", "am", "an", "im"]

    /// Whether a Chinese reading (`zh_pron`) is one of the romanisations learners read — Pinyin, Zhuyin (`Bopomofo`)
    /// of Standard Mandarin, Jyutping of Cantonese — by its tags: wiktextract lists every reading Wiktionary's
    /// `{{zh-pron}}` gives, dozens for a common character (Wade–Giles, Min, Wu, Sichuanese Pinyin, Old Chinese
    /// reconstructions, …), which would bury the word's line.
    static func isLearnersReading(_ sound: WiktextractRecord.SoundData) -> Bool {
        guard sound.other != nil else { return false }
        let tags = sound.tags
        if tags.contains("Jyutping") || tags.contains("jyutping") { return !tags.contains("Yale") }
        let system = tags.contains { tag in
            tag == "Pinyin" || tag == "pinyin" || tag == "Hanyu-Pinyin" || tag == "Bopomofo" || tag == "Zhuyin" || tag == "zhuyin"
        }
        return system && isStandardMandarin(tags)
    }

    /// Whether a Chinese sound's tags are Standard Mandarin's: Mandarin (or no variety at all) and no tag but those
    /// of the standard and its notations — not Sichuanese, Nanjing, Xi'an, Dungan Mandarin, nor another variety.
    static func isStandardMandarin(_ tags: [String]) -> Bool {
        tags.allSatisfy { tag in
            switch tag {
            case "Mandarin", "Standard-Chinese", "Standard", "Pinyin", "pinyin", "Hanyu-Pinyin", "Bopomofo", "Zhuyin", "zhuyin",
                 "Sinological-IPA", "IPA", "toneless-final-syllable-variant", "erhua-ed", "Beijing", "Taiwan", "Mainland":
                return true
            default:
                return false
            }
        }
    }
}
