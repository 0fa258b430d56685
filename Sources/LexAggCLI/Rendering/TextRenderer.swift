import LexAggAggregation
import LexAggCore

/// Renders results as text for people: headword, pronunciations, senses numbered by part of speech,
/// examples, translations, and which source each entry came from.
struct TextRenderer {
    let style: TerminalStyle
    /// Display names by provider id.
    let names: [ProviderID: String]

    func render(_ result: AggregatedResult) -> String {
        var out = ""
        for (index, entry) in result.entries.enumerated() {
            if index > 0 { out += "\n" }
            out += render(entry)
        }
        return out
    }

    func render(_ entry: Entry) -> String {
        var out = style.bold(entry.headword)
        let ipa = entry.pronunciations.map { p in p.accent.map { "\(p.text) (\($0))" } ?? p.text }
        if !ipa.isEmpty { out += "  " + ipa.joined(separator: ", ") }
        let source = names[entry.provenance.provider] ?? entry.provenance.provider.rawValue
        out += "  " + style.dim("— \(source) [\(entry.provenance.provider)]") + "\n"
        if let etymology = entry.etymology { out += "  " + style.dim("etymology: ") + etymology + "\n" }
        for group in entry.senseGroups {
            if let partOfSpeech = group.partOfSpeech { out += "  " + style.italic(style.accent(partOfSpeech.name)) + "\n" }
            for (number, sense) in group.senses.enumerated() {
                out += renderSense(sense, marker: "\(number + 1).", indent: 4)
            }
        }
        if !entry.translations.isEmpty { out += renderTranslations(entry.translations) }
        return out
    }

    private func renderSense(_ sense: Sense, marker: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let hang = String(repeating: " ", count: indent + marker.count + 1)
        var text = sense.definition
        if !sense.labels.isEmpty { text = style.dim("(" + sense.labels.joined(separator: ", ") + ")") + " " + text }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var out = pad + marker + " " + (lines.first.map(String.init) ?? "") + "\n"
        for line in lines.dropFirst() { out += (line.isEmpty ? "" : hang + line) + "\n" }
        for example in sense.examples { out += hang + style.dim("“\(example)”") + "\n" }
        if !sense.synonyms.isEmpty { out += hang + style.dim("synonyms: ") + sense.synonyms.joined(separator: ", ") + "\n" }
        if !sense.antonyms.isEmpty { out += hang + style.dim("antonyms: ") + sense.antonyms.joined(separator: ", ") + "\n" }
        for (index, subsense) in sense.subsenses.enumerated() {
            out += renderSense(subsense, marker: letter(index) + ".", indent: indent + marker.count + 1)
        }
        return out
    }

    private func renderTranslations(_ translations: [Translation]) -> String {
        var out = ""
        var lastPair: LanguagePair?
        for translation in translations {
            if translation.pair != lastPair {
                out += "  " + style.italic(style.accent(
                    "\(translation.pair.source.englishName) → \(translation.pair.target.englishName)"
                )) + (translation.partOfSpeech.map { style.dim(" (\($0.name))") } ?? "") + "\n"
                lastPair = translation.pair
            }
            var line = "    → " + translation.text
            if !translation.notes.isEmpty { line += " " + style.dim("(" + translation.notes.joined(separator: ", ") + ")") }
            if let context = translation.context { line += " " + style.dim("[\(context)]") }
            out += line + "\n"
            for example in translation.examples {
                out += "        " + style.dim("“\(example.source)” — \(example.target)") + "\n"
            }
        }
        return out
    }

    /// One line naming each provider's outcome and latency.
    func footer(_ outcomes: [ProviderOutcome]) -> String {
        let parts = outcomes.map { outcome -> String in
            let time = formatLatency(outcome.latency)
            switch outcome.status {
            case .answered(let count):
                return style.good("\(outcome.provider) ✓") + " \(count) \(count == 1 ? "entry" : "entries") \(time)"
            case .empty:
                return "\(outcome.provider) – not found \(time)"
            case .failed(let error):
                return style.warning("\(outcome.provider) ✗") + " \(error.code) \(time)"
            }
        }
        return style.dim("sources: ") + parts.joined(separator: style.dim(" · ")) + "\n"
    }

    private func letter(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return index < letters.count ? String(letters[index]) : "\(index + 1)"
    }
}

/// `3 ms`, `0.4 ms`, `1.2 s`.
func formatLatency(_ duration: Duration) -> String {
    let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    if milliseconds >= 1000 { return "\(rounded(milliseconds / 1000, places: 1)) s" }
    if milliseconds >= 10 { return "\(Int(milliseconds.rounded())) ms" }
    return "\(rounded(milliseconds, places: 1)) ms"
}

func rounded(_ value: Double, places: Int) -> Double {
    var factor = 1.0
    for _ in 0..<places { factor *= 10 }
    return (value * factor).rounded() / factor
}
