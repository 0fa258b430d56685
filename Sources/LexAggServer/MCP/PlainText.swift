import LexAggAggregation
import LexAggCore
import LexAggLibrary

/// The readable text content of tool results: plain text for an assistant to read (no colour, no escape sequences),
/// the same facts as the structured document.
enum PlainText {
    /// A lookup or translation: each entry with its senses numbered by part of speech, examples, synonyms and
    /// translations, and the source of each entry.
    static func answer(_ answer: LookupAnswer) -> String {
        var out = ""
        if let matched = answer.matchedAs { out += "No entry for '\(answer.term)' as written; showing '\(matched)'.\n\n" }
        for (index, entry) in answer.entries.enumerated() {
            if index > 0 { out += "\n" }
            out += self.entry(entry)
        }
        return clean(out + sources(answer.result.outcomes))
    }

    static func entry(_ entry: Entry) -> String {
        var providers: [ProviderID] = [entry.provenance.provider]
        for sense in entry.allSenses {
            for source in sense.sources where !providers.contains(source.provider) { providers.append(source.provider) }
        }
        var out = entry.headword + (entry.language.map { " (\($0.code))" } ?? "")
        let pronunciations = entry.pronunciations.filter { !$0.isRecordingOnly }.map { p in p.accent.map { "\(p.text) (\($0))" } ?? p.text }
        if !pronunciations.isEmpty { out += " " + pronunciations.joined(separator: ", ") }
        out += " — from " + providers.map(\.rawValue).joined(separator: ", ") + "\n"
        if let etymology = entry.etymology { out += "Etymology: \(etymology)\n" }
        for group in entry.senseGroups {
            if let heading = group.heading { out += heading + "\n" }
            for (number, sense) in group.senses.enumerated() {
                out += self.sense(sense, marker: "\(number + 1).", indent: "  ")
            }
            if !group.synonyms.isEmpty { out += "  Synonyms: " + group.synonyms.joined(separator: ", ") + "\n" }
            if !group.antonyms.isEmpty { out += "  Antonyms: " + group.antonyms.joined(separator: ", ") + "\n" }
        }
        for translation in entry.translations {
            var line = "  → \(translation.text) (\(translation.pair))"
            if let partOfSpeech = translation.partOfSpeech { line += " \(partOfSpeech.name)" }
            if !translation.notes.isEmpty { line += " [" + translation.notes.joined(separator: ", ") + "]" }
            out += line + "\n"
        }
        return out
    }

    private static func sense(_ sense: Sense, marker: String, indent: String) -> String {
        var text = sense.definition
        if !sense.labels.isEmpty { text = "(" + sense.labels.joined(separator: ", ") + ") " + text }
        let hang = indent + String(repeating: " ", count: marker.count + 1)
        var out = indent + marker + " " + text.split(separator: "\n").joined(separator: "\n" + hang) + "\n"
        for example in sense.examples { out += hang + "Example: \(example)\n" }
        if !sense.synonyms.isEmpty { out += hang + "Synonyms: " + sense.synonyms.joined(separator: ", ") + "\n" }
        if !sense.antonyms.isEmpty { out += hang + "Antonyms: " + sense.antonyms.joined(separator: ", ") + "\n" }
        for (index, subsense) in sense.subsenses.enumerated() {
            out += self.sense(subsense, marker: "\(Character(UnicodeScalar(97 + index % 26)!)).", indent: hang)
        }
        return out
    }

    /// "Sources: wordnet answered (1 entry); wiktionary failed (timeout: …)".
    static func sources(_ outcomes: [ProviderOutcome]) -> String {
        guard !outcomes.isEmpty else { return "" }
        let parts = outcomes.map { outcome -> String in
            var part = "\(outcome.provider) "
            switch outcome.status {
            case .answered(let count): part += "answered (\(count) \(count == 1 ? "entry" : "entries"))"
            case .empty: part += "found nothing"
            case .failed(let error) where error.code == .offline: part += "not cached (offline)"
            case .failed(let error): part += "failed (\(error.code): \(error.message))"
            }
            switch outcome.origin {
            case .source: break
            case .cache: part += ", cached"
            case .stale(_, let error): part += ", stale cached answer (the source failed: \(error.message))"
            }
            return part
        }
        return "\nSources: " + parts.joined(separator: "; ") + "\n"
    }

    /// One saved word: star, word, language, part of speech, first definition or translation.
    static func savedWord(_ word: LibraryWord) -> String {
        var line = (word.starred ? "★ " : "") + word.word + " (\(word.language.code))"
        if let partOfSpeech = word.partOfSpeech { line += " \(partOfSpeech.name)" }
        if let definition = word.firstDefinition ?? word.translationTexts.first { line += " — " + definition }
        return clean(line)
    }

    /// `text` without control characters other than line breaks and tabs (a source's escape sequences cannot reach
    /// the client's display).
    static func clean(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars
        where scalar == "\n" || scalar == "\t" || scalar.properties.generalCategory != .control {
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
