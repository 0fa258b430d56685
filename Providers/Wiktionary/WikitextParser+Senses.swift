import Foundation
import LexAggCore

/// Definition lines: a `#` line becomes a sense (labels in front pulled out, form-of recognised), `#:` and `#*`
/// lines become its examples and relations, `##` lines its sub-senses. The page's line and section structure is
/// in WikitextParser.swift.
extension PageParser {
    // MARK: Senses

    mutating func senseLine(_ line: Range<Int>) {
        var index = line.lowerBound
        var depth = 0
        while index < line.upperBound, source[index] == Ascii.hash {
            depth += 1
            index += 1
        }
        let markerStart = index
        while index < line.upperBound, source[index] == Ascii.star || source[index] == Ascii.colon { index += 1 }
        let marker = source.string(markerStart..<index)
        let content = index..<line.upperBound
        guard !blocks.isEmpty, !blocks[blocks.count - 1].groups.isEmpty else { return }

        if !marker.hasPrefix("*") { pendingCitation = nil }
        if !marker.hasPrefix("*:") { quotation = nil }
        if marker.isEmpty {
            let unknownBefore = log?.unknownCount ?? 0
            let sense = definition(content)
            if let sense { addSense(sense, depth: depth) }
            if let log, sense != nil || !isRequestOnly(content) {
                log.definitionLines += 1
                log.renderings.append((source.string(line), sense?.definition))
                if let sense {
                    log.senses += 1
                    if log.unknownCount == unknownBefore {
                        log.faithfulSenses += 1
                    } else {
                        log.unfaithful.append(sense.definition)
                    }
                }
            }
        } else if marker == ":" {
            exampleOrRelation(content, depth: depth)
        } else if marker.hasPrefix("::") {
            let text = renderer.render(content)
            if !text.isEmpty { modifySense(depth: depth) { sense in
                if let last = sense.examples.indices.last {
                    sense.examples[last] += " ― " + text
                } else {
                    sense.examples.append(text)
                }
            } }
        } else if marker == "*" {
            // A citation line: only a quotation template carries a passage; else the line names the passage's source,
            // which the passage on the next line (`#*:`) is shown with.
            var quoted = false
            for range in topLevelTemplates(content) {
                let template = source.template(range)
                guard WikitextRenderer.isQuotation(template.name), renderer.hasText(renderer.quotationText(template).passage)
                else { continue }
                quoted = true
                let text = renderer.render(range)
                if !text.isEmpty { addExample(text, depth: depth) }
            }
            pendingCitation = quoted ? nil : renderer.render(content).trimmingCharacters(in: CharacterSet(charactersIn: " :"))
        } else if marker.hasPrefix("*:") {
            // A quotation's passage, a line (a verse) at a time, then its translation (`#*::`), with the source its
            // citation line named (`(1590, Edmund Spenser, The Faerie Queene)`): one example, not one a line.
            let text = renderer.render(content)
            guard !text.isEmpty else { return }
            let isTranslation = marker.hasPrefix("*::")
            if var current = quotation, isTranslation || current.translation.isEmpty {
                if isTranslation { current.translation.append(text) } else { current.passage.append(text) }
                quotation = current
                let shown = Self.quotationText(current)
                modifySense(depth: depth) { sense in
                    if let last = sense.examples.indices.last { sense.examples[last] = shown } else { sense.examples.append(shown) }
                }
            } else {
                let current = (citation: pendingCitation, passage: [text], translation: [String]())
                quotation = current
                pendingCitation = nil
                addExample(Self.quotationText(current), depth: depth)
            }
        }
    }

    /// A soft redirect standing for the definitions (`{{zh-see|臺}}`, `{{ja-see|大切}}`, on a line of its own under
    /// the language or part-of-speech header) becomes the sense a reader sees there ("For pronunciation and
    /// definitions of 台 – see 臺 …"); `false` when the line is not one.
    mutating func seeLine(_ line: Range<Int>) -> Bool {
        let trimmed = source.trimmed(line)
        guard trimmed.count > 4, source[trimmed.lowerBound] == Ascii.openBrace,
            source[trimmed.lowerBound + 1] == Ascii.openBrace,
            let end = source.templateEnd(from: trimmed.lowerBound, limit: trimmed.upperBound),
            PageParser.seeTemplates.contains(source.template(trimmed.lowerBound..<end).name)
        else { return false }
        let text = renderer.render(trimmed.lowerBound..<end)
        guard !text.isEmpty else { return true }
        if blocks.isEmpty { blocks.append(Block()) }
        if blocks[blocks.count - 1].groups.isEmpty {
            blocks[blocks.count - 1].groups.append(SenseGroup(partOfSpeech: nil, senses: []))
        }
        addSense(Sense(definition: text, sources: [provenance]), depth: 1)
        if let log {
            log.definitionLines += 1
            log.senses += 1
            log.faithfulSenses += 1
            log.renderings.append((source.string(line), text))
        }
        return true
    }

    static let seeTemplates: Set<String> = ["zh-see", "ja-see", "ja-see-kango"]

    /// The head line under a part of speech's header, before its definitions (`{{de-noun|n,es,^er}}`): the gender it
    /// gives labels the part of speech (``HeadLineGender``); a Japanese one's kana readings are the entry's pronunciation,
    /// with their romanisation, when its Pronunciation section gave them not (``japaneseHeadReadings(_:)``).
    mutating func headLine(_ line: Range<Int>) {
        let block = blocks.count - 1
        guard block >= 0, let group = blocks[block].groups.indices.last, blocks[block].groups[group].senses.isEmpty
        else { return }
        // A Japanese head line's readings, unless the Pronunciation section gave them (`{{ja-pron}}`).
        for range in topLevelTemplates(line) {
            for reading in japaneseHeadReadings(source.template(range))
            where !(shared + blocks[block].pronunciations).contains(where: { $0.text == reading }) {
                blocks[block].pronunciations.append(Pronunciation(text: reading, notation: .other, provenance: provenance))
            }
        }
        guard blocks[block].groups[group].labels.isEmpty else { return }
        for range in topLevelTemplates(line) {
            if let label = HeadLineGender.label(source.template(range), source: source, title: headword) {
                blocks[block].groups[group].labels = [label]
                return
            }
        }
    }

    /// A sense from a definition line: the labels in front pulled out (a `{{lb}}` after text stays inline, as
    /// the page shows it), form-of recognised, the rest rendered. A line of labels alone is a sense of its own
    /// (its `##` sub-senses go under it).
    private func definition(_ content: Range<Int>) -> Sense? {
        var labels: [String] = []
        var formOf: FormOf?
        var output: [UInt8] = []
        var cursor = content.lowerBound
        var inFront = true
        var pulled: [Range<Int>] = []
        for range in topLevelTemplates(content) {
            let template = WikitextRenderer.resolvingLite(source.template(range))
            if inFront, !source.trimmed(cursor..<range.lowerBound).isEmpty { inFront = false }
            let isLabel = PageParser.labelTemplates.contains(template.name)
            if inFront, isLabel || WikitextRenderer.isOldLabelTemplate(template, in: source) {
                renderer.append(cursor..<range.lowerBound, to: &output)
                cursor = range.upperBound
                pulled.append(range)
                let found: [String]
                if isLabel {
                    let skipLanguage = template.name != "context" && template.name != "cx"
                    found = WikitextRenderer.labelArguments(
                        template, skipLanguage: skipLanguage, source: source, renderer: renderer
                    ).map { WikitextRenderer.labelDisplay[$0] ?? $0 }
                } else {
                    found = [WikitextRenderer.labelDisplay[template.name] ?? template.name]
                        + template.positional.map { renderer.render($0) }.filter { !$0.isEmpty }
                }
                for label in found where !labels.contains(label) { labels.append(label) }
                continue
            }
            if inFront, template.name.hasPrefix("si-unit"), !labels.contains("metrology") {
                labels.append("metrology")  // the SI-unit templates show "(metrology)" before the definition
            }
            if !WikitextRenderer.silentTemplates.contains(template.name) { inFront = false }
            if formOf == nil, let form = FormOfTemplate.parse(template, in: renderer) {
                formOf = FormOf(lemma: form.lemma, form: form.form)
            }
        }
        renderer.append(cursor..<content.upperBound, to: &output)
        var text = TextCleaner.clean(output)
        if text.isEmpty {
            // Nothing readable: let unknown templates show their arguments rather than lose the sense.
            var degraded: [UInt8] = []
            let fallback = WikitextRenderer(source: source, mode: .degrade, title: headword)
            var start = content.lowerBound
            for range in pulled {
                fallback.append(start..<range.lowerBound, to: &degraded)
                start = range.upperBound
            }
            fallback.append(start..<content.upperBound, to: &degraded)
            text = TextCleaner.clean(degraded)
        }
        if text.isEmpty, !labels.isEmpty {
            return Sense(definition: "(" + labels.joined(separator: ", ") + ")", sources: [provenance])
        }
        guard !text.isEmpty else { return nil }
        return Sense(definition: text, labels: labels, formOf: formOf, sources: [provenance])
    }

    /// Whether a definition line holds nothing but requests and maintenance templates (`# {{rfdef|en}}`):
    /// the page shows no definition there.
    private func isRequestOnly(_ content: Range<Int>) -> Bool {
        var cursor = content.lowerBound
        for range in topLevelTemplates(content) {
            guard source.trimmed(cursor..<range.lowerBound).isEmpty else { return false }
            let name = source.template(range).name
            guard WikitextRenderer.isRequest(name) || WikitextRenderer.silentTemplates.contains(name) else {
                return false
            }
            cursor = range.upperBound
        }
        return source.trimmed(cursor..<content.upperBound).isEmpty
    }

    private mutating func exampleOrRelation(_ content: Range<Int>, depth: Int) {
        let templates = topLevelTemplates(content)
        if let first = templates.first, source.trimmed(content).lowerBound == first.lowerBound {
            let template = source.template(first)
            switch template.name {
            case "syn", "synonyms", "syn-lite":
                let terms = relationTerms(template)
                modifySense(depth: depth) { sense in
                    for term in terms where !sense.synonyms.contains(term) { sense.synonyms.append(term) }
                }
                return
            case "ant", "antonyms", "ant-lite":
                let terms = relationTerms(template)
                modifySense(depth: depth) { sense in
                    for term in terms where !sense.antonyms.contains(term) { sense.antonyms.append(term) }
                }
                return
            case "hyp", "hyponyms", "hyper", "hypernyms", "cot", "coordinate terms", "co-hyponyms", "mer", "hol",
                "tro", "troponyms", "perfectives", "imperfectives", "alt", "also", "seemore", "rfquotek", "rfex":
                return
            default:
                break
            }
        }
        let text = renderer.render(content)
        if !text.isEmpty { addExample(text, depth: depth) }
    }

    /// The terms of `{{syn|en|a|b}}` (or the old `{{syn|a|b|lang=en}}`), without thesaurus links.
    func relationTerms(_ template: Template) -> [String] {
        let arguments = template.named("lang") != nil ? template.positional[...] : template.positional.dropFirst()
        var terms: [String] = []
        for argument in arguments {
            let raw = source.string(source.trimmed(argument))
            if raw.hasPrefix("Thesaurus:") || raw.hasPrefix("Wikisaurus:") || raw == ";" { continue }
            let text = renderer.render(argument)
            if !text.isEmpty, !terms.contains(text) { terms.append(text) }
        }
        return terms
    }

    func topLevelTemplates(_ range: Range<Int>) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = range.lowerBound
        let upper = range.upperBound
        while index < upper - 1 {
            let byte = source[index]
            if byte == Ascii.openBrace, source[index + 1] == Ascii.openBrace {
                // An unclosed one is read to its line's end (or is text), and the templates after it are still found.
                if let end = source.templateEnd(from: index, limit: upper)
                    ?? source.unclosedTemplateEnd(from: index, limit: upper)
                {
                    found.append(index..<end)
                    index = end
                } else {
                    index += 2
                }
            } else if byte == Ascii.openBracket, source[index + 1] == Ascii.openBracket,
                let end = source.linkEnd(from: index, limit: upper)
            {
                index = end
            } else {
                index += 1
            }
        }
        return found
    }

    static let labelTemplates: Set<String> = ["lb", "lbl", "label", "context", "cx", "term-label", "tlb"]

    // MARK: Sense tree

    mutating func addSense(_ sense: Sense, depth: Int) {
        let block = blocks.count - 1
        let group = blocks[block].groups.count - 1
        if depth <= 1 || !PageParser.modifyLast(&blocks[block].groups[group].senses, depth: depth - 1, { parent in
            parent.subsenses.append(sense)
        }) {
            blocks[block].groups[group].senses.append(sense)
        }
    }

    /// A quotation as an example: its passage's lines joined by " / ", its translation after " ― ", its source last.
    static func quotationText(_ quotation: (citation: String?, passage: [String], translation: [String])) -> String {
        var text = quotation.passage.joined(separator: " / ")
        if !quotation.translation.isEmpty { text += " ― " + quotation.translation.joined(separator: " / ") }
        if let citation = quotation.citation, !citation.isEmpty { text += " (" + citation + ")" }
        return text
    }

    mutating func addExample(_ text: String, depth: Int) {
        modifySense(depth: depth) { sense in
            if !sense.examples.contains(text) { sense.examples.append(text) }
        }
    }

    mutating func modifySense(depth: Int, _ body: (inout Sense) -> Void) {
        let block = blocks.count - 1
        let group = blocks[block].groups.count - 1
        _ = PageParser.modifyLast(&blocks[block].groups[group].senses, depth: depth, body)
    }

    /// Applies `body` to the last sense at `depth` (or the deepest last sense above it).
    @discardableResult
    private static func modifyLast(_ senses: inout [Sense], depth: Int, _ body: (inout Sense) -> Void) -> Bool {
        guard let last = senses.indices.last else { return false }
        if depth > 1, modifyLast(&senses[last].subsenses, depth: depth - 1, body) { return true }
        body(&senses[last])
        return true
    }
}
