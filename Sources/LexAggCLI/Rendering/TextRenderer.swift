#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLocalization

/// Renders results as text for people: headword, pronunciations, senses numbered by part of speech,
/// examples, translations, and which source each entry came from.
struct TextRenderer {
    let style: TerminalStyle
    /// Display names by provider id.
    let names: [ProviderID: String]
    /// With `--explain`, each sense's score, indexed like the entries, their groups and their senses.
    var scores: [[[SenseScore]]]? = nil

    func render(_ result: AggregatedResult) -> String {
        render(result.entries)
    }

    func render(_ entries: [Entry]) -> String {
        var out = TextBuffer()
        // Index loops: the first `enumerated()` of a process costs a scan of the binary's conformance records (half a
        // million instructions, callgrind) for its iterator's metadata.
        for index in entries.indices {
            if index > 0 { out.append("\n") }
            render(entries[index], index: index, into: &out)
        }
        return out.text
    }

    /// Appends `entry` to `out`. Everything is appended to the one buffer, piece by piece: building each line from
    /// `+`-joined temporaries took ~470 instructions an append, a third of a cached lookup's text (callgrind).
    func render(_ entry: Entry, index: Int, into out: inout TextBuffer) {
        // A source's control characters are made harmless here, before lexagg adds its own colours: the terminal
        // filter could not tell a colour a definition carries from lexagg's.
        let entry = entry.replacingControlCharacters()
        style.start(.bold, &out)
        out.append(entry.headword)
        style.end(.bold, &out)
        // A recording alone has nothing to read here (`--format json` gives its address).
        var shown = 0
        for pronunciation in entry.pronunciations where !pronunciation.isRecordingOnly {
            out.append(shown == 0 ? "  " : ", ")
            shown += 1
            out.append(pronunciation.text)
            if let accent = pronunciation.accent {
                out.append(" (")
                out.append(accentLabel(accent))
                out.append(")")
            }
        }
        // A merged entry names every provider that contributed; each sense then says which gave it.
        var providers: [ProviderID] = [entry.provenance.provider]
        for group in entry.senseGroups {
            for sense in group.senses {
                for source in sense.sources where !providers.contains(source.provider) { providers.append(source.provider) }
            }
        }
        for translation in entry.translations where !providers.contains(translation.provenance.provider) {
            providers.append(translation.provenance.provider)
        }
        // And those of its pronunciations, shown whatever senses `--senses` leaves (GCIDE's under WordNet's senses).
        for pronunciation in entry.pronunciations where !providers.contains(pronunciation.provenance.provider) {
            providers.append(pronunciation.provenance.provider)
        }
        // The entry's language, by name: a page of Wiktionary has entries in many.
        out.append("  ")
        style.start(.dim, &out)
        out.append("— ")
        if let language = entry.language {
            out.append(language.displayName)
            out.append(" · ")
        }
        if providers.count == 1 {
            out.append(names[entry.provenance.provider] ?? entry.provenance.provider.rawValue)
            out.append(" [")
            out.append(entry.provenance.provider.rawValue)
            out.append("]")
        } else {
            Self.append(providers.map(\.rawValue), separatedBy: ", ", to: &out)
        }
        style.end(.dim, &out)
        out.append("\n")
        if let etymology = entry.etymology {
            out.append("  ")
            style.append(localized(.labelEtymology), .dim, to: &out)
            out.append(etymology)
            out.append("\n")
        }
        for groupIndex in entry.senseGroups.indices {
            let group = entry.senseGroups[groupIndex]
            // `noun (neuter)`: the part of speech, and what the source says of the word in it (its gender).
            if group.partOfSpeech != nil || !group.labels.isEmpty {
                out.append("  ")
                if let partOfSpeech = group.partOfSpeech {
                    style.start(.italic, &out)
                    style.append(partOfSpeechLabel(partOfSpeech.name), .accent, to: &out)
                    style.end(.italic, &out)
                    if !group.labels.isEmpty { out.append(" ") }
                }
                if !group.labels.isEmpty { out.append(style.dim("(" + group.labels.map(grammarLabel).joined(separator: ", ") + ")")) }
                out.append("\n")
            }
            // A database entry kept as one block of text (GCIDE) is shown as it is, not as "1.".
            let single = group.partOfSpeech == nil && group.senses.count == 1
            for number in group.senses.indices {
                var sense = group.senses[number]
                if providers.count > 1 {
                    let from = sense.sources.map(\.provider.rawValue)
                    var seen = Set<String>()
                    sense.definition += " " + style.dim("[" + from.filter { seen.insert($0).inserted }.joined(separator: ", ") + "]")
                }
                renderSense(sense, marker: single ? "" : "\(number + 1).", indent: single ? 2 : 4, into: &out)
                if let score = scores?[safe: index]?[safe: groupIndex]?[safe: number] {
                    out.append(String(repeating: " ", count: single ? 2 : 7) + style.dim(
                        localized(.explainScore, count: score.agreement, score.source, score.sourceRank + 1, score.position + 1,
                                  decimal(score.providerWeight, places: 2))
                    ) + "\n")
                }
            }
            // Relations of the part of speech as a whole, tied to no one sense.
            relations(.labelSynonyms, group.synonyms, indent: 4, into: &out)
            relations(.labelAntonyms, group.antonyms, indent: 4, into: &out)
        }
        if !entry.translations.isEmpty { out.append(renderTranslations(entry.translations)) }
    }

    private func renderSense(_ sense: Sense, marker: String, indent: Int, into out: inout TextBuffer) {
        let hang = marker.isEmpty ? indent : indent + marker.count + 1
        Self.appendSpaces(indent, to: &out)
        if !marker.isEmpty {
            out.append(marker)
            out.append(" ")
        }
        if sense.labels.isEmpty && !Self.hasLineBreak(sense.definition) {
            out.append(sense.definition)  // one line, most definitions: no generic split (26,000 instructions each)
        } else {
            var text = sense.definition
            if !sense.labels.isEmpty { text = style.dim("(" + sense.labels.map(senseLabel).joined(separator: ", ") + ")") + " " + text }
            if Self.hasLineBreak(text) {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                out.append(lines.first.map(String.init) ?? "")
                for line in lines.dropFirst() {
                    out.append("\n")
                    if !line.isEmpty {
                        Self.appendSpaces(hang, to: &out)
                        out.append(line)
                    }
                }
            } else {
                out.append(text)
            }
        }
        out.append("\n")
        for example in sense.examples {
            Self.appendSpaces(hang, to: &out)
            style.start(.dim, &out)
            out.append("“")
            out.append(example)
            out.append("”")
            style.end(.dim, &out)
            out.append("\n")
        }
        relations(.labelSynonyms, sense.synonyms, indent: hang, into: &out)
        relations(.labelAntonyms, sense.antonyms, indent: hang, into: &out)
        for index in sense.subsenses.indices {
            renderSense(sense.subsenses[index], marker: letter(index) + ".", indent: indent + marker.count + 1, into: &out)
        }
    }

    /// `    synonyms: a, b` (the label dimmed), when there are any.
    private func relations(_ label: L10nKey, _ words: [String], indent: Int, into out: inout TextBuffer) {
        guard !words.isEmpty else { return }
        Self.appendSpaces(indent, to: &out)
        style.append(localized(label), .dim, to: &out)
        Self.append(words, separatedBy: ", ", to: &out)
        out.append("\n")
    }

    private static func append(_ words: [String], separatedBy separator: String, to out: inout TextBuffer) {
        for index in words.indices {
            if index > 0 { out.append(separator) }
            out.append(words[index])
        }
    }

    /// Indents, as literals: building them with `String(repeating:)` at first use was 64,000 instructions.
    private static let spaces = [
        "", " ", "  ", "   ", "    ", "     ", "      ",
        "       ", "        ", "         ", "          ", "           ", "            ",
    ]

    private static func appendSpaces(_ count: Int, to out: inout TextBuffer) {
        out.append(count < spaces.count ? spaces[count] : String(repeating: " ", count: count))
    }

    private static func hasLineBreak(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "\n")) } ?? text.utf8.contains(UInt8(ascii: "\n"))
    }

    private func renderTranslations(_ translations: [Translation]) -> String {
        var out = ""
        var lastPair: LanguagePair?
        var lastPartOfSpeech: PartOfSpeech?
        for translation in translations {
            // A heading for each direction, and again where the part of speech changes (a verb's translations came
            // under the noun's heading).
            if translation.pair != lastPair || translation.partOfSpeech != lastPartOfSpeech {
                out += "  " + style.italic(style.accent(
                    "\(translation.pair.source.displayName) → \(translation.pair.target.displayName)"
                )) + (translation.partOfSpeech.map { style.dim(" (\(partOfSpeechLabel($0.name)))") } ?? "") + "\n"
                lastPair = translation.pair
                lastPartOfSpeech = translation.partOfSpeech
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
            var time = formatLatency(outcome.latency)
            switch outcome.origin {
            case .source: break
            case .cache(let storedAt): time = localized(.footerCached, formatAge(since: storedAt))
            case .stale(let storedAt, let error):
                time = style.warning(localized(.footerStale))
                    + " (\(localized(.footerCached, formatAge(since: storedAt))); \(Self.failure(error.code)))"
            }
            switch outcome.status {
            case .answered(let count):
                return style.good("\(outcome.provider) ✓") + " \(localized(.footerEntries, count: count)) \(time)"
            case .empty:
                return "\(outcome.provider) – \(localized(.footerNotFound)) \(time)"
            case .failed(let error) where error.code == .offline:
                return "\(outcome.provider) – \(localized(.footerNotCachedOffline))"
            case .failed(let error):
                return style.warning("\(outcome.provider) ✗") + " \(Self.failure(error.code)) \(time)"
            }
        }
        return style.dim(localized(.labelSources)) + parts.joined(separator: style.dim(" · ")) + "\n"
    }

    /// A failure's code as the footer names it.
    static func failure(_ code: ProviderError.Code) -> String {
        switch code {
        case .invalidQuery: localized(.footerInvalidQuery)
        case .unsupportedLanguage: localized(.footerUnsupportedLanguage)
        case .credentials: localized(.footerCredentials)
        case .rateLimited: localized(.footerRateLimited)
        case .unavailable: localized(.footerUnavailable)
        case .timeout: localized(.footerTimeout)
        case .malformedResponse: localized(.footerMalformedResponse)
        case .cancelled: localized(.footerCancelled)
        case .offline: localized(.footerOffline)
        default: code.description  // a code added later reads as JSON names it until it has words of its own
        }
    }

    private func letter(_ index: Int) -> String {
        index < 26 ? String(UnicodeScalar(UInt8(ascii: "a") + UInt8(index))) : "\(index + 1)"
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// `5 min ago`, `3 h ago`, `2 days ago`.
func formatAge(since date: Date, now: Date = Date()) -> String {
    let seconds = max(0, now.timeIntervalSince(date))
    switch seconds {
    case ..<60: return localized(.ageJustNow)
    case ..<3600: return localized(.ageMinutes, Int(seconds / 60))
    case ..<86_400: return localized(.ageHours, Int(seconds / 3600))
    default: return localized(.ageDays, count: Int(seconds / 86_400))
    }
}

/// `3 ms`, `0.4 ms`, `1.2 s`.
func formatLatency(_ duration: Duration) -> String {
    let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    if milliseconds >= 1000 { return localized(.secondsShort, decimal(milliseconds / 1000, places: 1)) }
    if milliseconds >= 10 { return localized(.latencyMilliseconds, Int(milliseconds.rounded())) }
    return localized(.latencyMilliseconds, decimal(milliseconds, places: 1))
}
