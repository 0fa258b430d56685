extension WikitextRenderer {
    // MARK: Templates

    func appendArgument(_ range: Range<Int>?, to output: inout [UInt8]) {
        guard let range else { return }
        append(source.trimmed(range), to: &output)
    }

    func appendLiteral(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    /// Whether `range` holds non-blank text.
    func hasText(_ range: Range<Int>?) -> Bool {
        guard let range else { return false }
        return !source.trimmed(range).isEmpty
    }

    /// A term's transliteration, gloss and literal meaning after it, as Wiktionary shows them: `{{cog|ae||tr=spaka-|
    /// t=dog-like}}` → " (spaka-, “dog-like”)" (a word given only by its transliteration was dropped), `lit=` →
    /// "literally “…”".
    func appendGloss(_ template: Template, positionalIndex: Int?, to output: inout [UInt8]) {
        let gloss = template.named("t") ?? template.named("gloss")
            ?? positionalIndex.flatMap { template.positional($0) }
        var parts: [String] = []
        if let range = template.named("tr"), hasText(range) { parts.append(render(range)) }
        if hasText(gloss), let gloss { parts.append("“" + render(gloss) + "”") }
        if let range = template.named("lit"), hasText(range) { parts.append("literally “" + render(range) + "”") }
        parts.removeAll { $0.isEmpty || $0 == "“”" }
        guard !parts.isEmpty else { return }
        appendLiteral(" (" + parts.joined(separator: ", ") + ")", to: &output)
    }

    func appendLanguageName(_ range: Range<Int>?, to output: inout [UInt8]) -> Bool {
        guard let range else { return false }
        let code = source.string(source.trimmed(range))
        guard let name = WiktionaryLanguages.displayName(forCode: code) else { return false }
        appendLiteral(name, to: &output)
        return true
    }

    /// Renders a parsed template (the dispatch table of what lexagg understands).
    func renderTemplate(_ template: Template, to output: inout [UInt8]) {
        let template = WikitextRenderer.resolvingLite(template)
        let name = template.name
        if let form = FormOfTemplate.parse(template, in: self) {
            appendLiteral(form.text, to: &output)
            return
        }
        guard let kind = WikitextRenderer.templateKinds[name] else {
            if !renderSpecial(template, to: &output) { renderOther(template, to: &output) }
            return
        }
        switch kind {
        case .phrase:
            // {{onomatopoeic|en}} → "Onomatopoeic" (lower-case with nocap=1)
            let text = WikitextRenderer.phrases[name] ?? name
            appendLiteral(template.named("nocap") != nil ? text.lowercased() : text, to: &output)
        case .derivation:
            // {{back-formation|en|term}} → "Back-formation from term"
            let text = WikitextRenderer.phrases[name] ?? name
            appendLiteral(template.named("nocap") != nil ? text.lowercased() : text, to: &output)
            let alt = template.named("alt") ?? template.positional(2)
            let term = hasText(alt) ? alt : template.positional(1)
            if hasText(term) {
                output.append(Ascii.space)
                appendArgument(term, to: &output)
            }
        case .glossary:
            // {{glossary|onomatopoeia|onomatopoeic}}
            let shown = template.positional(1)
            appendArgument(hasText(shown) ? shown : template.positional(0), to: &output)
        case .link:
            // {{l|en|term|alt|gloss}}
            let alt = template.named("alt") ?? template.positional(2)
            appendArgument(hasText(alt) ? alt : template.positional(1), to: &output)
            appendGloss(template, positionalIndex: 3, to: &output)
        case .etymology:
            // {{der|en|la|term|alt|gloss}}; {{lbor|en|la|…}} → "Learned borrowing from Latin …"
            if let phrase = WikitextRenderer.etymologyPhrases[name], template.named("notext") == nil {
                let shown = template.named("nocap") != nil ? phrase.prefix(1).lowercased() + phrase.dropFirst() : phrase
                appendLiteral(shown + " ", to: &output)
            }
            // (`notext=1` leaves out the phrase, not the language: `{{lbor|en|la|aggravātus|notext=1}}` is "Latin
            // aggravātus".)
            let hasName = appendLanguageName(template.positional(1), to: &output)
            let alt = template.named("alt") ?? template.positional(3)
            let term = hasText(alt) ? alt : template.positional(2)
            if hasText(term), let term, source.string(source.trimmed(term)) != "-" {
                if hasName { output.append(Ascii.space) }
                appendArgument(term, to: &output)
            }
            appendGloss(template, positionalIndex: 4, to: &output)
        case .cognate:
            // {{cog|fr|term|alt|gloss}}
            let hasName = appendLanguageName(template.positional(0), to: &output)
            let alt = template.named("alt") ?? template.positional(2)
            let term = hasText(alt) ? alt : template.positional(1)
            // `-`: the language alone (`{{cog|da|-}}` showed "Danish -").
            if hasText(term), let term, source.string(source.trimmed(term)) != "-" {
                if hasName { output.append(Ascii.space) }
                appendArgument(term, to: &output)
            }
            appendGloss(template, positionalIndex: 3, to: &output)
        case .etyl:
            _ = appendLanguageName(template.positional(0), to: &output)
        case .affix:
            appendAffix(template, to: &output)
        case .doublet:
            // {{doublet|ro|nămaie}} → "Doublet of nămaie" (`notext=1`: the terms alone); older pages name the
            // language with `lang=` and start with the terms.
            if template.named("notext") == nil {
                appendLiteral(template.named("nocap") != nil ? "doublet of " : "Doublet of ", to: &output)
            }
            let terms = (template.named("lang") != nil ? template.positional[...] : template.positional.dropFirst()).filter { hasText($0) }
            for (offset, term) in terms.enumerated() {
                if offset > 0 { appendLiteral(", ", to: &output) }
                appendArgument(term, to: &output)
            }
        case .wikipedia:
            let shown = template.positional(1)
            appendArgument(hasText(shown) ? shown : template.positional(0), to: &output)
        case .lang:
            appendArgument(template.positional(1), to: &output)
        case .firstArgument:
            appendArgument(template.positional(0), to: &output)
        case .gloss:
            appendLiteral("(", to: &output)
            appendArgument(template.positional(0), to: &output)
            appendLiteral(")", to: &output)
        case .qualifier:
            let isLabel = ["lb", "lbl", "label", "term-label", "tlb"].contains(name)
            let values = WikitextRenderer.labelArguments(template, skipLanguage: isLabel, source: source, renderer: self)
                .map { name == "sense" || name == "s" ? $0 : WikitextRenderer.labelDisplay[$0] ?? $0 }
            guard !values.isEmpty else { return }
            appendLiteral("(" + values.joined(separator: ", ") + ")", to: &output)
        case .example:
            appendExample(template, textIndex: 1, translationIndex: 2, to: &output)
        case .japaneseExample:
            // {{ja-usex|text|kana|translation}}; {{ja-x|text|kana|translation}}
            appendExample(template, textIndex: 0, translationIndex: 2, to: &output, stripKanaMarks: true)
        case .chineseExample:
            appendExample(template, textIndex: 0, translationIndex: 1, to: &output, chineseMarks: true)
        case .kana:
            appendKana(template.positional(0), to: &output)
        case .translation:
            appendArgument(template.positional(1), to: &output)
        case .ellipsis:
            appendLiteral("[…]", to: &output)
        case .pipe:
            appendLiteral("|", to: &output)
        case .equals:
            appendLiteral("=", to: &output)
        case .comma:
            appendLiteral(",", to: &output)
        case .space:
            output.append(Ascii.space)
        case .enDash:
            appendLiteral("–", to: &output)
        case .emDash:
            appendLiteral("—", to: &output)
        case .relation:
            return  // handled as sense relations, or list-only
        }
    }

    /// `{{suffix|en|happy|ness}}` → "happy + -ness", `{{prefix|en|un|happy}}` → "un- + happy", `{{confix|…}}` both,
    /// `{{blend|en|smoke|fog}}` → "Blend of smoke + fog", each part's gloss (`t1=`, `gloss1=`) after it. Older pages
    /// name the language with `lang=` and start with the parts (their first part was taken for the language).
    func appendAffix(_ template: Template, to output: inout [UInt8]) {
        let name = template.name
        if name == "blend", template.named("notext") == nil {
            appendLiteral(template.named("nocap") != nil ? "blend of " : "Blend of ", to: &output)
        }
        let parts = Array(template.named("lang") != nil ? template.positional[...] : template.positional.dropFirst())
        var shown = 0
        for (offset, part) in parts.enumerated() where hasText(part) {
            if shown > 0 { appendLiteral(" + ", to: &output) }
            shown += 1
            var text = render(part)
            let isLast = offset == parts.count - 1
            let isPrefix = ((name == "prefix" || name == "pre") && !isLast) || ((name == "confix" || name == "con") && offset == 0)
            let isSuffix = ((name == "suffix" || name == "suf") && offset > 0) || ((name == "confix" || name == "con") && isLast && offset > 0)
            if isPrefix, !text.hasSuffix("-") { text += "-" }
            if isSuffix, !text.hasPrefix("-") { text = "-" + text }
            appendLiteral(text, to: &output)
            let gloss = template.named("t\(offset + 1)") ?? template.named("gloss\(offset + 1)")
            if hasText(gloss) {
                appendLiteral(" (“", to: &output)
                appendArgument(gloss, to: &output)
                appendLiteral("”)", to: &output)
            }
        }
    }

    /// Quotations and, when degrading, unknown templates.
    private func renderOther(_ template: Template, to output: inout [UInt8]) {
        let name = template.name
        if WikitextRenderer.isQuotation(name) {
            let (passage, translation) = quotationText(template)
            // Its source, as Wiktionary's citation line begins (`1590, Edmund Spenser, The Faerie Queene`): a
            // quotation without it read as an example sentence anyone wrote. Without a passage it is the citation line
            // of the passage on the lines after it (`#*: …`).
            let citation = quotationSource(template)
            guard hasText(passage) else {
                appendLiteral(citation, to: &output)
                return
            }
            appendArgument(passage, to: &output)
            if hasText(translation) {
                appendLiteral(" ― ", to: &output)
                appendArgument(translation, to: &output)
            }
            if !citation.isEmpty { appendLiteral(" (" + citation + ")", to: &output) }
            return
        }
        if WikitextRenderer.silentTemplates.contains(name) || isHeadTemplate(name) || WikitextRenderer.isRequest(name) {
            return
        }
        log?.recordUnknown(name)
        if mode == .strict {
            // The one visible text argument, when there is one: `text=`, or a lone argument after a language code.
            if let text = template.named("text") {
                appendArgument(text, to: &output)
                return
            }
            var arguments = template.positional.filter { hasText($0) }
            if let first = arguments.first, arguments.count == 2,
                WiktionaryLanguages.displayName(forCode: source.string(source.trimmed(first))) != nil
            {
                arguments.removeFirst()
            }
            if arguments.count == 1 { appendArgument(arguments[0], to: &output) }
            return
        }
        let arguments = template.positional.enumerated().filter { offset, range in
            !(offset == 0 && WikitextRenderer.looksLikeLanguageCode(source.string(source.trimmed(range))))
        }
        for (offset, argument) in arguments.enumerated() where hasText(argument.element) {
            if offset > 0 { output.append(Ascii.space) }
            appendArgument(argument.element, to: &output)
        }
    }

    private func isHeadTemplate(_ name: String) -> Bool {
        if name == "head" || name == "head-lite" { return true }
        guard let dash = name.firstIndex(of: "-") else { return false }
        return WikitextRenderer.looksLikeLanguageCode(String(name[..<dash]))
            && ["noun", "verb", "adj", "adv", "proper noun", "pron", "prep", "decl", "conj", "pos", "head", "ipa",
                "pronunciation", "suffix", "prefix", "phrase", "num", "letter"]
            .contains { name.dropFirst(dash.utf16Offset(in: name) + 1).hasPrefix($0) }
    }

    private func appendExample(
        _ template: Template, textIndex: Int, translationIndex: Int, to output: inout [UInt8],
        stripKanaMarks: Bool = false, chineseMarks: Bool = false
    ) {
        var textIndex = textIndex
        var translationIndex = translationIndex
        if template.named("lang") != nil, textIndex > 0 {
            // old style: {{ux|text|translation|lang=en}}
            textIndex -= 1
            translationIndex -= 1
        }
        if stripKanaMarks {
            appendKana(template.positional(textIndex), to: &output)
        } else if chineseMarks, let range = template.positional(textIndex) {
            appendLiteral(Self.withoutChineseExampleMarks(render(range)), to: &output)
        } else {
            appendArgument(template.positional(textIndex), to: &output)
        }
        let translation = template.named("t") ?? template.named("translation")
            ?? template.positional(translationIndex)
        if hasText(translation) {
            appendLiteral(" ― ", to: &output)
            appendArgument(translation, to: &output)
        }
    }

    /// A `{{zh-x}}` sentence as it reads: without its readings (`姑娘{niang}`), the simplified forms after the
    /// traditional ones (`著[着]`), capital marks (`^儒家`), and the spaces and hyphens that mark its words
    /// (`我 的 家`, `姑娘-家`).
    static func withoutChineseExampleMarks(_ text: String) -> String {
        var result = ""
        var skipping: Character?
        for character in text {
            if let close = skipping {
                if character == close { skipping = nil }
                continue
            }
            switch character {
            case "{": skipping = "}"
            case "[": skipping = "]"
            case "^": continue
            default: result.append(character)
            }
        }
        // A space or hyphen between two characters of a CJK script marks a word, not a break.
        func isCJK(_ character: Character?) -> Bool {
            guard let scalar = character?.unicodeScalars.first else { return false }
            return (0x2E80...0x9FFF).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                || (0x20000...0x3FFFF).contains(scalar.value) || (0xFF00...0xFFEF).contains(scalar.value)
        }
        let characters = Array(result)
        var joined = ""
        for (index, character) in characters.enumerated() {
            if character == " " || character == "-", index > 0, isCJK(characters[index - 1]), isCJK(characters.dropFirst(index + 1).first) {
                continue
            }
            joined.append(character)
        }
        return joined
    }

    /// Japanese example and ruby templates mark word boundaries with `%` and `^`; drop them.
    func appendKana(_ range: Range<Int>?, to output: inout [UInt8]) {
        guard let range else { return }
        var rendered: [UInt8] = []
        append(source.trimmed(range), to: &rendered)
        output.append(contentsOf: rendered.lazy.filter { $0 != 0x25 && $0 != 0x5E })
    }

    /// The labels of a label or qualifier template, joined as Wiktionary joins them: `{{lb|en|a|b}}` → `a`, `b`;
    /// `_` joins two with a space (`{{lb|en|rather|_|rare}}` → `rather rare`), `and`/`or` with the word
    /// (`US or UK`); `,` and `;` only separate.
    static func labelArguments(
        _ template: Template, skipLanguage: Bool, source: WikitextSource, renderer: WikitextRenderer
    ) -> [String] {
        var arguments = template.positional[...]
        let oldStyle = template.named("lang") != nil
        if skipLanguage, !oldStyle, !arguments.isEmpty { arguments = arguments.dropFirst() }
        if !skipLanguage, !oldStyle, template.name == "a" || template.name == "accent", arguments.count > 1,
            let first = arguments.first, looksLikeLanguageCode(source.string(source.trimmed(first)))
        {
            arguments = arguments.dropFirst()
        }
        var values: [String] = []
        var joiner: String?
        // Words that qualify the label after them, as Wiktionary shows them: `{{lb|en|chess|now|rare}}` is "chess, now
        // rare", not "chess, now, rare".
        var qualifying: String?
        for argument in arguments {
            var text = renderer.render(argument)
            if qualifiers.contains(text) {
                qualifying = qualifying.map { $0 + " " + text } ?? text
                continue
            }
            if qualifying != nil, text == "_" { continue }  // `chiefly|_|US`: joined with a space all the same
            if let words = qualifying, !text.isEmpty, ![",", ";", "and", "or", "&"].contains(text) {
                text = words + " " + text
                qualifying = nil
            }
            switch text {
            case "":
                continue
            case "_":
                joiner = " "
            case "and", "or":
                joiner = " \(text) "
            case "&":
                joiner = " and "
            case ",", ";":
                joiner = nil
            default:
                if let pending = joiner, let last = values.popLast() {
                    values.append(last + pending + text)
                } else {
                    values.append(text)
                }
                joiner = nil
            }
        }
        if let qualifying { values.append(qualifying) }
        return values
    }

    /// Label words that qualify the next label (Wiktionary's labels without a comma after them).
    static let qualifiers: Set<String> = [
        "now", "chiefly", "mainly", "mostly", "often", "usually", "sometimes", "especially", "particularly", "primarily",
        "also", "originally", "rarely", "frequently", "generally", "typically", "formerly", "possibly", "somewhat",
        "slightly", "very", "extremely", "strongly", "only", "then", "of", "with", "by", "in", "outside", "except",
    ]

}
