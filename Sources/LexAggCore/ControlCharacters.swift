/// Characters that act on a terminal instead of showing — C0 controls but tab and line feed, DEL, and C1 (ESC starts
/// a colour, a screen clear, a window-title change) — in text from outside (a dictionary's definition, an imported
/// dump, a server's answer), replaced by U+FFFD where that text is written as plain text for people: the command
/// line's text output (before lexagg adds its own colours, which an output filter could not tell from a source's),
/// DICT answers and MCP text. JSON escapes them instead.
public enum ControlCharacters {
    /// Whether `text` has one (a byte scan for most text).
    public static func contains(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            // C0 and DEL are single bytes; C1 (U+0080–U+009F) is 0xC2 0x80–0x9F.
            bytes.indices.contains { index in
                let byte = bytes[index]
                if byte < 0x20 { return byte != 0x09 && byte != 0x0A }
                if byte == 0x7F { return true }
                return byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
            }
        }
    }

    /// Whether `scalar` is one: C0 but tab and line feed, DEL, C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x09 || value == 0x0A { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value)
    }

    /// `text` with each one replaced by U+FFFD — but a carriage return, a line break as Windows and old Macs write it
    /// (`CR LF`, `CR`), which becomes a line feed.
    public static func replaced(_ text: String) -> String {
        guard contains(text) else { return text }
        var scalars = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            defer { afterReturn = value == 0x0D }
            if value == 0x0D { scalars.append("\n"); continue }
            if value == 0x0A && afterReturn { continue }
            scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}

extension Entry {
    /// Whether any text of the entry has one (most entries have none: they are returned as they are).
    var hasControlCharacters: Bool {
        func any(_ texts: [String]) -> Bool { texts.contains(where: ControlCharacters.contains) }
        func has(_ sense: Sense) -> Bool {
            any([sense.definition] + sense.examples + sense.labels + sense.synonyms + sense.antonyms)
                || sense.formOf.map { any([$0.lemma] + ($0.form.map { [$0] } ?? [])) } ?? false
                || sense.subsenses.contains(where: has)
                || sense.sources.contains { ControlCharacters.contains($0.source) }
        }
        return any([headword, etymology ?? "", provenance.source])
            || pronunciations.contains { any([$0.text, $0.accent ?? "", $0.provenance.source]) }
            || senseGroups.contains { group in
                any([group.partOfSpeech?.name ?? ""] + group.synonyms + group.antonyms + group.labels) || group.senses.contains(where: has)
            }
            || translations.contains { translation in
                any([translation.text, translation.context ?? "", translation.partOfSpeech?.name ?? "", translation.provenance.source]
                    + translation.notes + translation.examples.flatMap { [$0.source, $0.target] })
            }
    }

    /// The entry with every text from its source passed through ``ControlCharacters/replaced(_:)``.
    public func replacingControlCharacters() -> Entry {
        guard hasControlCharacters else { return self }
        func clean(_ text: String) -> String { ControlCharacters.replaced(text) }
        func clean(_ texts: [String]) -> [String] { texts.map(clean) }
        func clean(_ provenance: Provenance) -> Provenance {
            var provenance = provenance
            provenance.source = clean(provenance.source)
            return provenance
        }
        func clean(_ sense: Sense) -> Sense {
            var sense = sense
            sense.definition = clean(sense.definition)
            sense.examples = clean(sense.examples)
            sense.labels = clean(sense.labels)
            sense.synonyms = clean(sense.synonyms)
            sense.antonyms = clean(sense.antonyms)
            sense.subsenses = sense.subsenses.map(clean)
            sense.sources = sense.sources.map(clean)
            if var formOf = sense.formOf {
                formOf.lemma = clean(formOf.lemma)
                formOf.form = formOf.form.map(clean)
                sense.formOf = formOf
            }
            return sense
        }
        var entry = self
        entry.headword = clean(headword)
        entry.etymology = etymology.map(clean)
        entry.provenance = clean(provenance)
        entry.pronunciations = pronunciations.map { pronunciation in
            var pronunciation = pronunciation
            pronunciation.text = clean(pronunciation.text)
            pronunciation.accent = pronunciation.accent.map(clean)
            pronunciation.provenance = clean(pronunciation.provenance)
            return pronunciation
        }
        entry.senseGroups = senseGroups.map { group in
            var group = group
            if let name = group.partOfSpeech?.name, ControlCharacters.contains(name) {
                group.partOfSpeech = PartOfSpeech(clean(name))
            }
            group.senses = group.senses.map(clean)
            group.synonyms = clean(group.synonyms)
            group.antonyms = clean(group.antonyms)
            group.labels = clean(group.labels)
            return group
        }
        entry.translations = translations.map { translation in
            var translation = translation
            translation.text = clean(translation.text)
            translation.notes = clean(translation.notes)
            translation.context = translation.context.map(clean)
            if let name = translation.partOfSpeech?.name, ControlCharacters.contains(name) {
                translation.partOfSpeech = PartOfSpeech(clean(name))
            }
            translation.examples = translation.examples.map { TranslatedExample(source: clean($0.source), target: clean($0.target)) }
            translation.provenance = clean(translation.provenance)
            return translation
        }
        return entry
    }
}
