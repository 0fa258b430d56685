import Foundation
import LexAggCore

/// Pronunciation lines: transcriptions (`{{IPA}}`, `{{enPR}}`, the Chinese and Japanese templates' readings) and
/// recordings (`{{audio}}`), each recording given to the transcription it goes with.
extension PageParser {
    /// A line of a Pronunciation section: its transcriptions join the page's shared list (`isShared`) or the current
    /// entry's, and its recordings go with them (``attach(_:to:lineStart:provenance:)``).
    ///
    /// A line with no transcription (`* {{sense|noun}}`, `* {{a|UK}}`) says what the lines nested under it are for;
    /// recordings on lines nested under a transcription's (`** {{audio|…}}`) are that line's own.
    mutating func pronunciationLine(_ line: Range<Int>, isShared: Bool) {
        var depth = 0
        while line.lowerBound + depth < line.upperBound, source[line.lowerBound + depth] == Ascii.star { depth += 1 }
        if let inherited = pronunciationQualifier, depth <= inherited.depth { pronunciationQualifier = nil }
        if let parent = transcriptionLine, depth <= parent.depth { transcriptionLine = nil }
        let inherited = pronunciationQualifier
        let (found, audio, qualifier, accent) = pronunciations(in: line, qualifier: inherited?.text, accent: inherited?.accent)
        if found.isEmpty, qualifier != nil || accent != nil {
            pronunciationQualifier = (depth, qualifier ?? inherited?.text, accent ?? inherited?.accent)
        }
        let count = isShared || blocks.isEmpty ? shared.count : blocks[blocks.count - 1].pronunciations.count
        var lineStart = count
        if !found.isEmpty {
            transcriptionLine = (depth, count)
        } else if let parent = transcriptionLine {
            lineStart = parent.start
        }
        if isShared || blocks.isEmpty {
            shared += found
            PageParser.attach(audio, to: &shared, lineStart: lineStart, provenance: provenance)
        } else {
            blocks[blocks.count - 1].pronunciations += found
            PageParser.attach(audio, to: &blocks[blocks.count - 1].pronunciations, lineStart: lineStart, provenance: provenance)
        }
    }

    /// A template argument split at its inline modifiers (`/ˈæɡ.ɹə.veɪt/<q:verb><a:UK>`): the text before them, and
    /// each modifier's value by its key (`q`, `qq`, `a`, `aa`, `ref`).
    static func inlineModifiers(_ source: WikitextSource, _ range: Range<Int>) -> (text: Range<Int>, modifiers: [String: String]) {
        let raw = source.string(range)
        guard let open = raw.range(of: "<"), raw.hasSuffix(">") else { return (range, [:]) }
        var modifiers: [String: String] = [:]
        for part in raw[open.lowerBound...].dropFirst().dropLast().components(separatedBy: "><") {
            guard let colon = part.firstIndex(of: ":") else { return (range, [:]) }
            let key = String(part[..<colon])
            guard ["q", "qq", "a", "aa", "ref"].contains(key) else { return (range, [:]) }
            modifiers[key] = String(part[part.index(after: colon)...])
        }
        let textBytes = raw[..<open.lowerBound].utf8.count
        return (range.lowerBound..<(range.lowerBound + textBytes), modifiers)
    }

    struct Audio {
        var url: String
        var label: String
        /// What its line says it is for (`{{sense|noun}}` over it): the same as its transcription's, not an accent.
        var qualifier: String? = nil
        /// The accent its template (`a=UK`), its line (`{{a|UK}}`) or the line it is nested under names.
        var accent: String? = nil
    }

    /// Gives each recording to a pronunciation: one on the same line (from `lineStart`), else the latest one
    /// without a recording whose accent the recording's label or accent names (or that has no accent). A second
    /// recording of a transcription that has one (`{{IPA|en|/kaʊ/}}`, then `Audio (US)` and `Audio (UK)`) goes on a
    /// copy of it, one recording each: the second was dropped. A recording with no transcription to go with
    /// (`{{fr-IPA}}`, computed, then `{{audio|fr|…}}`; `* {{a|UK}} {{audio|…}}` after US's only) is a pronunciation of
    /// its own, with no text: it was dropped. No transcription is made up for it.
    static func attach(_ audio: [Audio], to pronunciations: inout [Pronunciation], lineStart: Int, provenance: Provenance) {
        var lineStart = lineStart
        for recording in audio {
            let named = Self.accents(recording.accent)
            func fits(_ index: Int) -> Bool {
                guard let accent = pronunciations[index].accent else { return true }
                let accents = Self.accents(accent).filter { $0 != recording.qualifier }
                return accents.isEmpty || accents.contains { recording.label.contains($0) || named.contains($0) }
            }
            // The line's own transcriptions first, the first of them without one; else the latest that fits. A
            // recording alone is no transcription to go with, nor is an enPR one: the notation of American
            // dictionaries, written before the IPA on the same line (`house`'s `{{enPR|hous}}, {{IPA|/haʊs/}}`), it
            // took the UK recording under the line as the first without one.
            let candidates = pronunciations.indices.filter {
                !pronunciations[$0].isRecordingOnly && pronunciations[$0].notation != .enPR
            }
            let onLine = candidates.filter { $0 >= lineStart }
            let latest = candidates.reversed().filter(fits)
            if let index = onLine.first(where: { pronunciations[$0].audioURL == nil })
                ?? (onLine.isEmpty ? latest.first { pronunciations[$0].audioURL == nil } : nil)
            {
                pronunciations[index].audioURL = recording.url
            } else if let index = onLine.first ?? latest.first {
                var copy = pronunciations[index]
                copy.audioURL = recording.url
                // The copy is the recording's: of its accent, when the transcription names none (only what it is for).
                if let accent = recording.accent, !Self.accents(copy.accent).contains(where: { $0 != recording.qualifier }) {
                    copy.accent = ([accent] + Self.accents(copy.accent)).joined(separator: ", ")
                }
                pronunciations.insert(copy, at: index + 1)
                if index < lineStart { lineStart += 1 }
            } else {
                let accent = [recording.accent, recording.qualifier].compactMap { $0 }.filter { !$0.isEmpty }
                pronunciations.append(
                    Pronunciation(
                        text: "", notation: .ipa, accent: accent.isEmpty ? nil : accent.joined(separator: ", "),
                        audioURL: recording.url, provenance: provenance
                    )
                )
            }
        }
    }

    /// The accents a pronunciation's accent names (`UK, US`).
    static func accents(_ accent: String?) -> [String] {
        (accent ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
    }

    /// The accent a recording's label names: `Audio (UK)`, `Audio (CA)` (nearly every English recording of the recorded
    /// pages is labelled so), `Audio (BR)`, `Audio (PT)` (Portuguese), `Audio (Paris)`, `audio (Belgium, the first
    /// one)` (French, Dutch), by the names Wiktionary's `{{a}}` shows (`CA` → Canada, `BR` → Brazil); `nil` for a label
    /// naming none (`Audio`, `audio (un garçon)`, `(un animal)`). A place written out (a capitalised name, `Paris`,
    /// `Northern England`) is an accent as written; an abbreviation only when known (`BR`, not `IPA`); the page's
    /// own title is the word said, not a place (a German `Audio (Haus)`).
    static func labelAccent(_ label: String, title: String? = nil) -> String? {
        var text = Substring(label)
        if let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")"), open < close {
            text = text[text.index(after: open)..<close]
        } else if text.lowercased().hasPrefix("audio") {
            text = text.dropFirst(5)
        }
        var found: [String] = []
        for part in text.split(whereSeparator: { $0 == "," || $0 == "/" || $0 == ";" }) {
            let name = part.trimmingCharacters(in: .whitespaces)
            let accent = accentNames[name] ?? (isPlaceName(name) && name.lowercased() != title?.lowercased() ? name : nil)
            if let accent, !found.contains(accent) { found.append(accent) }
        }
        return found.isEmpty ? nil : found.joined(separator: ", ")
    }

    /// Whether a label's part is a place written out, as recordings' labels name cities and regions (`Paris`,
    /// `Northern England`, `Rio de Janeiro`, `Québec`): capitalised words of letters (lower-case joining words such as
    /// `de` between them), with a lower-case letter somewhere (an abbreviation, `IPA`, is no place unless
    /// ``accentNames`` knows it), and no word a recording's label gives for something else (`Audio`, `Female`).
    static func isPlaceName(_ name: String) -> Bool {
        let words = name.split(separator: " ")
        guard let first = words.first, words.count <= 4, first.first?.isUppercase == true,
            name.contains(where: \.isLowercase), !notPlaces.contains(name)
        else { return false }
        return words.allSatisfy { word in
            word.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "." }
                && (word.first?.isUppercase == true || placeJoiners.contains(String(word)))
        }
    }

    /// Lower-case words inside place names (`Rio de Janeiro`, `Isle of Man`, `Saint-Pierre and Miquelon`).
    static let placeJoiners: Set<String> = ["de", "do", "da", "dos", "das", "del", "la", "le", "of", "and", "upon", "am", "an", "im"]

    /// Capitalised words recordings' labels give that name no place: what the recording is, or who speaks.
    static let notPlaces: Set<String> = [
        "Audio", "Sound", "File", "Pronunciation", "Recording", "Male", "Female", "Man", "Woman", "Child", "Boy", "Girl",
        "Noun", "Verb", "Adjective", "Adverb", "Singular", "Plural", "Slow", "Fast", "Normal",
    ]

    /// How Wiktionary shows an accent qualifier (`{{a|GA}}`, `a=RP`, `<a:AU>`) where it is not as written: `{{a}}`
    /// takes the labels of `{{lb}}`, aliases and all (`CA` → Canada), but shows a country's standard accent by its
    /// name (`AU`, `Australia` → General Australian), as Template:a's documentation says.
    static let accentDisplay: [String: String] = {
        var names: [String: String] = [
            "GA": "General American", "GenAm": "General American", "RP": "Received Pronunciation",
            "AU": "General Australian", "Aus": "General Australian", "AusE": "General Australian",
            "Australia": "General Australian", "Australian": "General Australian",
            "South Africa": "General South African", "South African": "General South African",
            "NZ": "New Zealand", "CA": "Canada", "Canadian": "Canada", "CanE": "Canada", "IE": "Ireland", "Irish": "Ireland",
            "Scottish": "Scotland", "cot-caught": "cot–caught merger",
            // Welsh's two standard accents.
            "cy-N": "North Wales", "cy-S": "South Wales",
        ]
        for (code, country) in countryCodes { names[code] = country }
        return names
    }()

    /// Countries by the codes recordings' labels and `{{a}}` give them (`BR` on Portuguese pages).
    static let countryCodes = [
        "BR": "Brazil", "PT": "Portugal", "BE": "Belgium", "NL": "Netherlands", "FR": "France", "ES": "Spain",
        "MX": "Mexico", "AR": "Argentina", "AT": "Austria", "DE": "Germany", "CH": "Switzerland",
    ]

    /// `accent` (`UK, US`, `GA`) as Wiktionary shows it (``accentDisplay``), each of its accents.
    static func shownAccent(_ accent: String) -> String {
        let parts = accents(accent)
        guard parts.contains(where: { accentDisplay[$0] != nil }) else { return accent }
        return parts.map { accentDisplay[$0] ?? $0 }.joined(separator: ", ")
    }

    /// The accents a label may name, as Wiktionary's `{{a}}` shows them: the regions of
    /// ``WikitextRenderer/labelDisplay`` (`UK`, `US`, `CA` → Canada, …), the standard accents' names
    /// (``accentDisplay``: `RP`, `AU` → General Australian), and the countries whose codes recordings' labels give
    /// (`BR` → Brazil, `PT` → Portugal).
    static let accentNames: [String: String] = {
        let regions: Set<String> = ["UK", "US", "British", "New Zealand", "Canada", "Ireland", "Scotland"]
        var names: [String: String] = [:]
        for name in regions { names[name] = name }
        for (label, shown) in WikitextRenderer.labelDisplay where regions.contains(shown) { names[label] = shown }
        for (label, shown) in accentDisplay {
            names[label] = shown
            names[shown] = shown
        }
        for country in countryCodes.values { names[country] = country }
        return names
    }()

    /// The transcriptions and recordings on a pronunciation line, and what the line says they are for (`qualifier`:
    /// a line's above it, when it says nothing itself).
    func pronunciations(
        in line: Range<Int>, qualifier inherited: String? = nil, accent inheritedAccent: String? = nil
    ) -> (found: [Pronunciation], audio: [Audio], qualifier: String?, accent: String?) {
        // The line's accent (`{{a|UK}}`), else the one of the line it is nested under.
        var ownAccent: String?
        var accent = inheritedAccent
        // What the line says the transcriptions are for (`{{sense|noun}}`, `{{q|verb}}`): shown with them, as `house`'s
        // /haʊs/ (noun) and /haʊz/ (verb), which read alike without it.
        var own: String?
        func joined(_ parts: String?...) -> String? {
            let present = parts.compactMap { $0 }.filter { !$0.isEmpty }
            return present.isEmpty ? nil : present.joined(separator: ", ")
        }
        var found: [Pronunciation] = []
        var audio: [Audio] = []
        for range in topLevelTemplates(line) {
            let template = source.template(range)
            switch template.name {
            case "a", "accent", "a2":
                let values = WikitextRenderer.labelArguments(
                    template, skipLanguage: false, source: source, renderer: renderer
                )
                if !values.isEmpty {
                    ownAccent = values.map(Self.shownAccent).joined(separator: ", ")
                    accent = ownAccent
                }
            case let name where name == "sense" || name == "s" || Self.qualifierTemplates.contains(name):
                let values = template.positional.map { renderer.render($0) }.filter { !$0.isEmpty }
                if !values.isEmpty { own = values.joined(separator: ", ") }
            case "ipa", "ipa-lite":
                var arguments = template.positional[...]
                if template.named("lang") == nil, let first = arguments.first {
                    let raw = source.string(source.trimmed(first))
                    if !raw.hasPrefix("/"), !raw.hasPrefix("[") { arguments = arguments.dropFirst() }
                }
                let ownAccent = template.named("a").map { Self.shownAccent(renderer.render($0)) }
                for argument in arguments {
                    // Inline modifiers after a transcription: `/ˈæɡ.ɹə.veɪt/<q:verb>`, `<a:UK>`.
                    let (transcription, modifiers) = Self.inlineModifiers(source, argument)
                    let text = renderer.render(transcription)
                    guard !text.isEmpty else { continue }
                    let shownAccent = (modifiers["a"] ?? modifiers["aa"]).map(Self.shownAccent) ?? ownAccent ?? accent
                    found.append(
                        Pronunciation(
                            text: text, notation: .ipa,
                            accent: joined(shownAccent, modifiers["q"] ?? modifiers["qq"] ?? own ?? inherited), provenance: provenance
                        )
                    )
                }
            case "enpr":
                for argument in template.positional {
                    let text = renderer.render(argument)
                    guard !text.isEmpty else { continue }
                    found.append(Pronunciation(text: text, notation: .enPR, accent: joined(accent, own ?? inherited), provenance: provenance))
                }
            case "zh-pron":
                found += chinesePronunciations(template)
            case "ja-pron":
                found += japanesePronunciations(template)
            case "audio":
                // {{audio|en|File.ogg|Audio (US)}}, the old {{audio|File.ogg|Audio (US)|lang=en}}, or the older one
                // without a language at all ({{audio|en-us-head.ogg|Audio (US)}}): a file name has its extension's
                // dot, a language code never has one.
                let first = template.positional(0).map { source.string(source.trimmed($0)) } ?? ""
                let offset = template.named("lang") != nil || first.contains(".") ? 0 : 1
                guard let fileRange = template.positional(offset) else { continue }
                let file = source.string(source.trimmed(fileRange))
                guard !file.isEmpty, !file.contains("{"), !file.contains("[") else { continue }
                let label = template.positional(offset + 1).map { renderer.render($0) } ?? ""
                let name = String(file.map { $0 == " " ? "_" : $0 })
                // `a=UK`, `a=<<Brazil>> (<<São Paulo>>)` (labels in double angle brackets).
                let named = template.named("a").map { range -> String in
                    let raw = source.string(source.trimmed(range))
                    let plain = raw.replacingOccurrences(of: "<<", with: "").replacingOccurrences(of: ">>", with: "")
                    return plain.contains(where: { "{[<'".contains($0) }) ? renderer.render(range) : plain
                }
                audio.append(
                    Audio(
                        url: "https://commons.wikimedia.org/wiki/Special:FilePath/" + name, label: label,
                        qualifier: own ?? inherited, accent: named.flatMap { $0.isEmpty ? nil : Self.shownAccent($0) }
                    )
                )
            default:
                continue
            }
        }
        // A recording's accent is its template's, else its line's, whichever template comes first on the line, else
        // the one its label names (`Audio (UK)`).
        for index in audio.indices where audio[index].accent == nil {
            audio[index].accent = accent ?? Self.labelAccent(audio[index].label, title: headword)
        }
        return (found, audio, own, ownAccent)
    }
}
