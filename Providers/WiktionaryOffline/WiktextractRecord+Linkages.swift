import LexAggCore
import LexAggJSON

/// Linkages (synonyms, antonyms) as an answer shows them, a sense's own (`senses[].synonyms`) and the word's alike:
/// the word with what the dump says of it beside it — its other script (`alt`), its romanisation, its gloss
/// (`translation`, `english`), its tags and the edition's own labels, a qualifier, a note — in brackets after it, as
/// Wiktionary's `{{syn}}` shows them: `Shillibeer (obsolete)`, `덕국 (德國)`, `φθάνω (ftháno, “arrive”)`.
extension WiktextractRecord.Linkage {
    /// A linkage object (`LinkageData`, the other editions' `Linkage`); nil when it has no word left, or none with a
    /// letter or a digit (an Italian list's stray `;` and `*`).
    init?(_ reader: inout JSONReader) throws(JSONReader.Malformed) {
        var word: String?, sense: String?, senseIndex: String?, note: String?, alt: String?, roman: String?
        var translation: String?, english: String?, qualifier: String?, tags: [String] = [], rawTags: [String] = []
        try reader.members { (reader, key) throws(JSONReader.Malformed) in
            switch key.count {
            case 3 where JSONReader.equals(key, "alt"): alt = try reader.string()
            case 4 where JSONReader.equals(key, "word"): word = try reader.string()
            case 4 where JSONReader.equals(key, "note"): note = try reader.string()
            case 4 where JSONReader.equals(key, "tags"): tags = try reader.strings()
            case 5 where JSONReader.equals(key, "sense"): sense = try reader.string()
            case 5 where JSONReader.equals(key, "roman"): roman = try reader.string()
            case 7 where JSONReader.equals(key, "english"): english = try reader.string()
            case 8 where JSONReader.equals(key, "raw_tags"): rawTags = EntryBuilder.unparenthesized(try reader.strings())
            case 9 where JSONReader.equals(key, "qualifier"): qualifier = try reader.string()
            case 11 where JSONReader.equals(key, "translation"): translation = try reader.string()
            case 11 where JSONReader.equals(key, "sense_index"): senseIndex = try WiktextractRecord.senseIndex(&reader)
            default: try reader.skip()
            }
        }
        guard var word = EntryBuilder.clean(word) else { return nil }
        // The English edition's mark of a capital in some scripts' links (`^도이칠란트`).
        if word.utf8.first == UInt8(ascii: "^") {
            guard let rest = EntryBuilder.clean(String(word.dropFirst())) else { return nil }
            word = rest
        }
        guard word.utf8.contains(where: { $0 >= 0x80 || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }) else {
            return nil
        }
        let ofGloss = tags.contains { $0 == "synonym-of" || $0 == "alt-of" || $0 == "form-of" }
        self.init(
            word: word, sense: EntryBuilder.clean(sense), senseIndex: senseIndex,
            note: tags.isEmpty && rawTags.isEmpty && alt == nil && roman == nil && translation == nil && english == nil && qualifier == nil
                ? EntryBuilder.clean(note)
                : EntryBuilder.linkageNote(
                    word: word, alt: alt, roman: roman, translation: translation ?? english, labels: tags.isEmpty ? rawTags : tags, qualifier: qualifier,
                    note: note
                ),
            ofGloss: ofGloss
        )
    }
}

extension EntryBuilder {
    /// What is said of a linkage beside its word, in the order Wiktionary writes it: its other script (unless it is
    /// the word), its romanisation, its gloss quoted, its labels (``labels(qualifier:tags:topics:)``, but the tags
    /// that only say it is a linkage, `synonym`, `synonym-of`, and one that is the word), its note; nil when none is
    /// left. The labels are its tags, else its raw tags: beside tags, raw tags are what the edition could not map —
    /// a Chinese dialect table's places (`Northeastern-Mandarin` and `哈爾濱`, a dozen places for a Hakka word).
    static func linkageNote(
        word: String, alt: String?, roman: String?, translation: String?, labels: [String], qualifier: String?, note: String?
    ) -> String? {
        var parts: [String] = []
        if let alt = clean(alt), alt != word { parts.append(alt) }
        if let roman = clean(roman), !parts.contains(roman) { parts.append(roman) }
        if let translation = clean(translation) { parts.append("“" + translation + "”") }
        for label in self.labels(qualifier: qualifier, tags: labels, topics: []) where !isLinkageTag(label) && label != word && !parts.contains(label) {
            parts.append(label)
        }
        if let note = clean(note), !parts.contains(note) { parts.append(note) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func isLinkageTag(_ tag: String) -> Bool {
        switch tag {
        case "synonym", "synonym-of", "antonym", "antonym-of": return true
        default: return false
        }
    }

    /// A sense's own linkages as it shows them: without those its gloss already names (`synonym of فارس (fārs)` and
    /// `فارس` tagged `synonym-of`), a word listed again with other labels once with all of them (``merged(_:)``), and
    /// the gloss a linkage names (`sense`) in its brackets when the definition does not say it.
    static func shownLinkages(_ linkages: [WiktextractRecord.Linkage], of definition: String) -> [String] {
        var linkages = linkages
        if linkages.contains(where: \.ofGloss) { linkages.removeAll { $0.ofGloss && definition.contains($0.word) } }
        if linkages.contains(where: { $0.sense != nil }) {
            let lowered = definition.lowercased()
            for index in linkages.indices {
                guard let sense = linkages[index].sense else { continue }
                if !lowered.contains(sense.lowercased()) {
                    linkages[index].note = linkages[index].note.map { sense + ", " + $0 } ?? sense
                }
                linkages[index].sense = nil
            }
        }
        var shown: [String] = []
        for linkage in merged(linkages) where !shown.contains(linkage.shown) { shown.append(linkage.shown) }
        return shown
    }

    /// `linkages` with a word listed again for the same sense and with another note (a Chinese dialect table's word
    /// once for each place) once, the notes of all in its brackets; as they are when none has a note.
    static func merged(_ linkages: [WiktextractRecord.Linkage]) -> [WiktextractRecord.Linkage] {
        guard linkages.count > 1, linkages.contains(where: { $0.note != nil }) else { return linkages }
        var kept: [WiktextractRecord.Linkage] = []
        for linkage in linkages {
            guard let index = kept.firstIndex(where: {
                $0.word == linkage.word && $0.sense == linkage.sense && $0.senseIndex == linkage.senseIndex
            }) else {
                kept.append(linkage)
                continue
            }
            guard let note = linkage.note else { continue }
            let parts = kept[index].note.map { $0.split(separator: ", ") } ?? []
            let added = note.split(separator: ", ").filter { !parts.contains($0) }
            if !added.isEmpty { kept[index].note = (parts + added).joined(separator: ", ") }
        }
        return kept
    }
}
