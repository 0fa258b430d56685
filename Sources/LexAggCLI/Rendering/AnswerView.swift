import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggLocalization

/// What `lookup` shows of an answer as text, so that the first screen is the answer a reader wants:
/// - entries in the reader's languages (and of no stated language); entries in other languages are folded into one
///   `also in:` line (Czech (noun), Dutch (noun, verb)) unless `--lang` named the language or `--all` asks for
///   everything; when no entry is in the reader's languages, every entry is shown;
/// - at most `senses` senses of each part of speech (`lookup.senses`, `--senses N`), the rest counted with the flag
///   that shows them.
/// JSON output is never cut: it has every entry and sense.
struct AnswerView {
    /// The entries shown, their sense groups cut to the limit.
    var entries: [Entry]
    /// With `--explain`, the scores of the senses shown, indexed like ``entries``.
    var scores: [[[SenseScore]]]?
    /// How many senses were cut, in all.
    var hiddenSenses = 0
    /// The largest number of senses of one part of speech (what `--senses` would need to show every one).
    var largestGroup = 0
    /// Other languages' entries, folded: each language's name and its parts of speech.
    var otherLanguages: [(language: String, partsOfSpeech: [String])] = []

    /// - Parameters:
    ///   - readers: the reader's languages (`learner.languages`, else the locale's language, else English).
    ///   - namedLanguage: whether `--lang` chose the language (nothing is folded then).
    ///   - senses: the most senses of each part of speech; `nil` shows them all (`--all`).
    init(
        _ entries: [Entry], scores: [[[SenseScore]]]?, readers: [Language], namedLanguage: Bool, senses: Int?
    ) {
        var kept = Array(entries.indices)
        if senses != nil && !namedLanguage && !readers.isEmpty {
            let readable = kept.filter { index in
                entries[index].language.map { language in readers.contains { $0.matches(language) } } ?? true
            }
            if !readable.isEmpty && readable.count < kept.count {
                for index in kept where !readable.contains(index) {
                    let entry = entries[index]
                    let name = entry.language?.displayName ?? localized(.anotherLanguage)
                    let parts = entry.senseGroups.compactMap(\.partOfSpeech?.name)
                    if let known = otherLanguages.firstIndex(where: { $0.language == name }) {
                        for part in parts where !otherLanguages[known].partsOfSpeech.contains(part) {
                            otherLanguages[known].partsOfSpeech.append(part)
                        }
                    } else {
                        otherLanguages.append((name, parts.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }))
                    }
                }
                kept = readable
            }
        }
        self.entries = kept.map { entries[$0] }
        self.scores = scores.map { scores in kept.map { scores.indices.contains($0) ? scores[$0] : [] } }
        for entry in self.entries {
            for group in entry.senseGroups { largestGroup = max(largestGroup, group.senses.count) }
        }
        guard let senses else { return }
        for entryIndex in self.entries.indices {
            for groupIndex in self.entries[entryIndex].senseGroups.indices {
                let count = self.entries[entryIndex].senseGroups[groupIndex].senses.count
                guard count > senses else { continue }
                hiddenSenses += count - senses
                self.entries[entryIndex].senseGroups[groupIndex].senses.removeLast(count - senses)
                if let groupScores = self.scores?[entryIndex], groupScores.indices.contains(groupIndex) {
                    self.scores?[entryIndex][groupIndex] = Array(groupScores[groupIndex].prefix(senses))
                }
            }
        }
    }

    /// The lines after the entries: what was left out, and the flags that show it.
    func summary(style: TerminalStyle) -> String {
        var out = ""
        if hiddenSenses > 0 {
            out += style.dim(localized(.moreSenses, count: hiddenSenses, largestGroup)) + "\n"
        }
        if !otherLanguages.isEmpty {
            let items = otherLanguages.map { language, parts in
                parts.isEmpty ? language : "\(language) (\(parts.map(partOfSpeechLabel).joined(separator: ", ")))"
            }
            out += style.dim(localized(.labelAlsoIn)) + items.joined(separator: ", ") + style.dim(localized(.alsoInHint)) + "\n"
        }
        return out
    }
}

extension CommandContext {
    /// The reader's languages: `learner.languages` from the configuration, else the language of the locale
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
    var readerLanguages: [Language] {
        let configured = (try? settings)?.learnerLanguages ?? []
        if !configured.isEmpty { return configured }
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            let code = value.prefix { $0.isLetter }
            if code == "C" || code == "POSIX" { break }
            if let language = Language(String(code)) { return [language] }
            break
        }
        return [.english]
    }
}
