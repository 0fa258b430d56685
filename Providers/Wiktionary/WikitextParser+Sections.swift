import Foundation
import LexAggCore

/// Synonyms and Antonyms sections, and pronunciation lines.
extension PageParser {
    // MARK: Relations sections

    /// The qualifier templates (`{{q|slang}}`, `{{i|…}}`) a synonyms, pronunciation or translation line may carry, and
    /// the gloss ones (`{{gloss|…}}`) the first and last also take as qualifiers.
    static let qualifierTemplates: Set<String> = ["q", "qual", "qualifier", "i", "qf"]
    static let glossTemplates: Set<String> = ["gloss", "gl"]

    /// A line of a Synonyms or Antonyms section: its items, separated by commas or semicolons outside templates and
    /// links, each read whole (`[[lock]] in` is "lock in", `be [[quiet]]` "be quiet", `[[account]]s` "accounts": the
    /// linked word alone changed the meaning); `{{syn|…}}`/`{{ant|…}}` give their arguments, a `{{sense|…}}` names the
    /// sense the line is for, and qualifiers (`{{q|…}}`) are left out.
    mutating func relationLine(_ line: Range<Int>, synonyms: Bool) {
        let raw = source.string(line)
        if raw.contains("Thesaurus:") || raw.contains("Wikisaurus:") { return }
        var content = line.lowerBound
        while content < line.upperBound, source[content] == Ascii.star || source[content] == Ascii.colon {
            content += 1
        }
        let depth = content - line.lowerBound
        if let inherited = relationQualifier, depth <= inherited.depth { relationQualifier = nil }
        var qualifier: String?
        var terms: [String] = []
        var output: [UInt8] = []
        func endItem() {
            var term = TextCleaner.clean(output).trimmingCharacters(in: CharacterSet(charactersIn: " .:"))
            // A qualifier written out before the item (`(''in the imperative''): be quiet!`) is not part of it.
            if term.hasPrefix("("), let close = term.firstIndex(of: ")"), term.index(after: close) != term.endIndex {
                term = term[term.index(after: close)...].trimmingCharacters(in: CharacterSet(charactersIn: " :"))
            }
            if !term.isEmpty, !terms.contains(term) { terms.append(term) }
            output.removeAll(keepingCapacity: true)
        }
        var cursor = content
        var index = content
        while index < line.upperBound {
            let byte = source[index]
            if byte == Ascii.openBrace, index + 1 < line.upperBound, source[index + 1] == Ascii.openBrace,
               let end = source.templateEnd(from: index, limit: line.upperBound)
            {
                renderer.append(cursor..<index, to: &output)
                let template = WikitextRenderer.resolvingLanguageInName(source.template(index..<end))
                switch template.name {
                case "sense", "s":
                    qualifier = template.positional(0).map { renderer.render($0) }
                case "syn", "ant":
                    endItem()
                    for term in relationTerms(template) where !terms.contains(term) { terms.append(term) }
                case let name where Self.qualifierTemplates.contains(name) || Self.glossTemplates.contains(name)
                    || ["sense-lite", "italbrac", "ib"].contains(name):
                    break
                default:
                    renderer.append(index..<end, to: &output)
                }
                cursor = end
                index = end
            } else if byte == Ascii.openBracket, index + 1 < line.upperBound, source[index + 1] == Ascii.openBracket,
                      let end = source.linkEnd(from: index, limit: line.upperBound)
            {
                renderer.append(cursor..<end, to: &output)
                cursor = end
                index = end
            } else if byte == 0x2C || byte == 0x3B {  // , ;
                renderer.append(cursor..<index, to: &output)
                endItem()
                index += 1
                cursor = index
            } else {
                index += 1
            }
        }
        renderer.append(cursor..<line.upperBound, to: &output)
        endItem()
        // A line of a sense's gloss alone goes for the lines nested under it.
        if terms.isEmpty, let qualifier { relationQualifier = (depth, qualifier) }
        if qualifier == nil { qualifier = relationQualifier?.text }
        // "''See'' [[West Germany]]": the reference, not the word.
        terms = terms.map { $0.hasPrefix("See ") ? String($0.dropFirst(4)) : $0 }
        guard !terms.isEmpty else { return }
        let block = blocks.count - 1
        let group = blocks[block].groups.count - 1
        // The sense the line's {{sense|…}} names, else the only one, else the part of speech as a whole.
        blocks[block].groups[group].add(terms, as: synonyms ? .synonym : .antonym, senseLabel: qualifier)
    }

    // MARK: Pronunciation

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
    }

    /// Gives each recording to a pronunciation: one on the same line (from `lineStart`), else the latest one
    /// without a recording whose accent the recording's label names (or that has no accent). A second recording of a
    /// transcription that has one (`{{IPA|en|/kaʊ/}}`, then `Audio (US)` and `Audio (UK)`) goes on a copy of it, one
    /// recording each: the second was dropped.
    static func attach(_ audio: [Audio], to pronunciations: inout [Pronunciation], lineStart: Int) {
        var lineStart = lineStart
        for recording in audio {
            func fits(_ index: Int) -> Bool {
                guard let accent = pronunciations[index].accent else { return true }
                let accents = accent.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
                    .filter { $0 != recording.qualifier }
                return accents.isEmpty || accents.contains { recording.label.contains($0) }
            }
            // The line's own transcriptions first, the first of them without one; else the latest that fits.
            let onLine = Array(pronunciations.indices.filter { $0 >= lineStart })
            let latest = pronunciations.indices.reversed().filter(fits)
            if let index = onLine.first(where: { pronunciations[$0].audioURL == nil })
                ?? (onLine.isEmpty ? latest.first { pronunciations[$0].audioURL == nil } : nil)
            {
                pronunciations[index].audioURL = recording.url
            } else if let index = onLine.first ?? latest.first {
                var copy = pronunciations[index]
                copy.audioURL = recording.url
                pronunciations.insert(copy, at: index + 1)
                if index < lineStart { lineStart += 1 }
            }
        }
    }

    /// The transcriptions and recordings on a pronunciation line, and what the line says they are for (`qualifier`:
    /// a line's above it, when it says nothing itself).
    func pronunciations(in line: Range<Int>, qualifier inherited: String? = nil) -> (found: [Pronunciation], audio: [Audio], qualifier: String?) {
        var accent: String?
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
                if !values.isEmpty { accent = values.joined(separator: ", ") }
            case let name where name == "sense" || name == "s" || Self.qualifierTemplates.contains(name):
                let values = template.positional.map { renderer.render($0) }.filter { !$0.isEmpty }
                if !values.isEmpty { own = values.joined(separator: ", ") }
            case "ipa", "ipa-lite":
                var arguments = template.positional[...]
                if template.named("lang") == nil, let first = arguments.first {
                    let raw = source.string(source.trimmed(first))
                    if !raw.hasPrefix("/"), !raw.hasPrefix("[") { arguments = arguments.dropFirst() }
                }
                let ownAccent = template.named("a").map { renderer.render($0) }
                for argument in arguments {
                    // Inline modifiers after a transcription: `/ˈæɡ.ɹə.veɪt/<q:verb>`, `<a:UK>`.
                    let (transcription, modifiers) = Self.inlineModifiers(source, argument)
                    let text = renderer.render(transcription)
                    guard !text.isEmpty else { continue }
                    let shownAccent = modifiers["a"] ?? modifiers["aa"] ?? ownAccent ?? accent
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
                audio.append(Audio(url: "https://commons.wikimedia.org/wiki/Special:FilePath/" + name, label: label, qualifier: own ?? inherited))
            default:
                continue
            }
        }
        return (found, audio, own)
    }
}
