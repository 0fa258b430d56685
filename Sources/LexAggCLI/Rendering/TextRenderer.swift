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
        var out = ""
        // Index loops: the first `enumerated()` of a process costs a scan of the binary's conformance records (half a
        // million instructions, callgrind) for its iterator's metadata.
        for index in entries.indices {
            let entry = entries[index]
            if index > 0 { out += "\n" }
            out += render(entry, index: index)
        }
        return out
    }

    func render(_ entry: Entry, index: Int = 0) -> String {
        var out = style.bold(entry.headword)
        let ipa = entry.pronunciations.map { p in p.accent.map { "\(p.text) (\($0))" } ?? p.text }
        if !ipa.isEmpty { out += "  " + ipa.joined(separator: ", ") }
        // A merged entry names every provider that contributed; each sense then says which gave it.
        var providers: [ProviderID] = [entry.provenance.provider]
        for sense in entry.allSenses { for source in sense.sources where !providers.contains(source.provider) { providers.append(source.provider) } }
        for translation in entry.translations where !providers.contains(translation.provenance.provider) {
            providers.append(translation.provenance.provider)
        }
        // The entry's language, by name: a page of Wiktionary has entries in many.
        let language = entry.language.map { $0.displayName + " · " } ?? ""
        if providers.count == 1 {
            let source = names[entry.provenance.provider] ?? entry.provenance.provider.rawValue
            out += "  " + style.dim("— \(language)\(source) [\(entry.provenance.provider)]") + "\n"
        } else {
            out += "  " + style.dim("— " + language + providers.map(\.rawValue).joined(separator: ", ")) + "\n"
        }
        if let etymology = entry.etymology { out += "  " + style.dim(localized(.labelEtymology)) + etymology + "\n" }
        for groupIndex in entry.senseGroups.indices {
            let group = entry.senseGroups[groupIndex]
            if let partOfSpeech = group.partOfSpeech { out += "  " + style.italic(style.accent(partOfSpeechLabel(partOfSpeech.name))) + "\n" }
            // A database entry kept as one block of text (GCIDE) is shown as it is, not as "1.".
            let single = group.partOfSpeech == nil && group.senses.count == 1
            for number in group.senses.indices {
                var sense = group.senses[number]
                if providers.count > 1 {
                    let from = sense.sources.map(\.provider.rawValue)
                    var seen = Set<String>()
                    sense.definition += " " + style.dim("[" + from.filter { seen.insert($0).inserted }.joined(separator: ", ") + "]")
                }
                out += renderSense(sense, marker: single ? "" : "\(number + 1).", indent: single ? 2 : 4)
                if let score = scores?[safe: index]?[safe: groupIndex]?[safe: number] {
                    out += String(repeating: " ", count: single ? 2 : 7) + style.dim(
                        localized(.explainScore, count: score.agreement, score.source, score.sourceRank + 1, score.position + 1,
                                  rounded(score.providerWeight, places: 2))
                    ) + "\n"
                }
            }
            // Relations of the part of speech as a whole, tied to no one sense.
            if !group.synonyms.isEmpty { out += "    " + style.dim(localized(.labelSynonyms)) + group.synonyms.joined(separator: ", ") + "\n" }
            if !group.antonyms.isEmpty { out += "    " + style.dim(localized(.labelAntonyms)) + group.antonyms.joined(separator: ", ") + "\n" }
        }
        if !entry.translations.isEmpty { out += renderTranslations(entry.translations) }
        return out
    }

    private func renderSense(_ sense: Sense, marker: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let hang = String(repeating: " ", count: marker.isEmpty ? indent : indent + marker.count + 1)
        var text = sense.definition
        if !sense.labels.isEmpty { text = style.dim("(" + sense.labels.joined(separator: ", ") + ")") + " " + text }
        var out = pad + (marker.isEmpty ? "" : marker + " ")
        if text.utf8.contains(UInt8(ascii: "\n")) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            out += (lines.first.map(String.init) ?? "") + "\n"
            for line in lines.dropFirst() { out += (line.isEmpty ? "" : hang + line) + "\n" }
        } else {
            out += text + "\n"  // one line, most definitions: no generic split (26,000 instructions each)
        }
        for example in sense.examples { out += hang + style.dim("“\(example)”") + "\n" }
        if !sense.synonyms.isEmpty { out += hang + style.dim(localized(.labelSynonyms)) + sense.synonyms.joined(separator: ", ") + "\n" }
        if !sense.antonyms.isEmpty { out += hang + style.dim(localized(.labelAntonyms)) + sense.antonyms.joined(separator: ", ") + "\n" }
        for index in sense.subsenses.indices {
            out += renderSense(sense.subsenses[index], marker: letter(index) + ".", indent: indent + marker.count + 1)
        }
        return out
    }

    private func renderTranslations(_ translations: [Translation]) -> String {
        var out = ""
        var lastPair: LanguagePair?
        for translation in translations {
            if translation.pair != lastPair {
                out += "  " + style.italic(style.accent(
                    "\(translation.pair.source.displayName) → \(translation.pair.target.displayName)"
                )) + (translation.partOfSpeech.map { style.dim(" (\(partOfSpeechLabel($0.name)))") } ?? "") + "\n"
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
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return index < letters.count ? String(letters[index]) : "\(index + 1)"
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
    if milliseconds >= 1000 { return localized(.secondsShort, rounded(milliseconds / 1000, places: 1)) }
    if milliseconds >= 10 { return localized(.latencyMilliseconds, Int(milliseconds.rounded())) }
    return localized(.latencyMilliseconds, rounded(milliseconds, places: 1))
}
