import Foundation
import LexAggCore

/// Synonyms and Antonyms sections (pronunciation lines are in WikitextParser+Pronunciation.swift).
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
}
