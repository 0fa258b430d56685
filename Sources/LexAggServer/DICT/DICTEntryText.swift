import LexAggCore

/// An entry as the plain text of a DICT definition, for any client to show as it is: the headword and its
/// pronunciations, then each part of speech with its numbered senses (labels, examples, synonyms, antonyms, lettered
/// sub-senses), translations and the etymology. No colour or other markup; lines wrap at ``width`` columns with a
/// hanging indent, well inside the protocol's 1024-character limit.
package enum DICTEntryText {
    package static let width = 76

    package static func render(_ entry: Entry) -> String {
        // A source's escape sequences must not reach the client's terminal (`dict` prints the text as it is).
        let entry = entry.replacingControlCharacters()
        var lines: [String] = []
        var head = entry.headword
        let pronunciations = entry.pronunciations.filter { !$0.isRecordingOnly }.map { pronunciation in
            pronunciation.accent.map { "\(pronunciation.text) (\($0))" } ?? pronunciation.text
        }
        if !pronunciations.isEmpty { head += " " + pronunciations.joined(separator: ", ") }
        lines += wrap(head, indent: "", hang: "  ")
        for group in entry.senseGroups {
            lines.append("")
            // A database entry kept as one block of text (GCIDE's) is shown as it is, not as "1.".
            let single = group.partOfSpeech == nil && group.senses.count == 1
            if let heading = group.heading { lines.append(heading) }
            for (index, sense) in group.senses.enumerated() {
                lines += render(sense, marker: single ? "" : "\(index + 1).", indent: single ? "" : "  ")
            }
            if !group.synonyms.isEmpty { lines += wrap("synonyms: " + group.synonyms.joined(separator: ", "), indent: "  ", hang: "    ") }
            if !group.antonyms.isEmpty { lines += wrap("antonyms: " + group.antonyms.joined(separator: ", "), indent: "  ", hang: "    ") }
        }
        if !entry.translations.isEmpty {
            var pair: LanguagePair?
            for translation in entry.translations {
                if translation.pair != pair {
                    lines.append("")
                    lines.append("\(translation.pair.source.englishName) → \(translation.pair.target.englishName)"
                        + (translation.partOfSpeech.map { " (\($0.name))" } ?? ""))
                    pair = translation.pair
                }
                var text = translation.text
                if !translation.notes.isEmpty { text += " (" + translation.notes.joined(separator: ", ") + ")" }
                if let context = translation.context { text += " [\(context)]" }
                lines += wrap(text, indent: "  - ", hang: "    ")
                for example in translation.examples {
                    lines += wrap("\"\(example.source)\" — \(example.target)", indent: "      ", hang: "      ")
                }
            }
        }
        if let etymology = entry.etymology, !etymology.isEmpty {
            lines.append("")
            lines += wrap("Etymology: " + etymology, indent: "", hang: "  ")
        }
        return lines.joined(separator: "\n")
    }

    private static func render(_ sense: Sense, marker: String, indent: String) -> [String] {
        let hang = indent + String(repeating: " ", count: marker.isEmpty ? 0 : marker.count + 1)
        var definition = sense.definition
        if !sense.labels.isEmpty { definition = "(" + sense.labels.joined(separator: ", ") + ") " + definition }
        var lines: [String] = []
        for (index, paragraph) in definition.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let first = index == 0 ? indent + (marker.isEmpty ? "" : marker + " ") : hang
            lines += paragraph.isEmpty ? [""] : wrap(String(paragraph), indent: first, hang: hang)
        }
        for example in sense.examples { lines += wrap("\"\(example)\"", indent: hang, hang: hang + " ") }
        if !sense.synonyms.isEmpty { lines += wrap("synonyms: " + sense.synonyms.joined(separator: ", "), indent: hang, hang: hang + "  ") }
        if !sense.antonyms.isEmpty { lines += wrap("antonyms: " + sense.antonyms.joined(separator: ", "), indent: hang, hang: hang + "  ") }
        if let formOf = sense.formOf, !sense.definition.contains(formOf.lemma) {
            lines += wrap("see: " + formOf.lemma, indent: hang, hang: hang)
        }
        for (index, subsense) in sense.subsenses.enumerated() {
            lines += render(subsense, marker: letter(index) + ".", indent: hang)
        }
        return lines
    }

    /// `text` in lines of at most ``width`` characters (a longer word gets a line of its own, cut at 900): the first
    /// line starts with `indent`, the others with `hang`.
    static func wrap(_ text: String, indent: String, hang: String) -> [String] {
        var lines: [String] = []
        var line = indent
        var empty = true
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }) {
            let word = word.count > 900 ? word.prefix(900) : word
            if !empty && line.count + 1 + word.count > width {
                lines.append(line)
                line = hang
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        if !empty || lines.isEmpty { lines.append(line) }
        return lines
    }

    private static func letter(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return index < letters.count ? String(letters[index]) : "\(index + 1)"
    }
}
