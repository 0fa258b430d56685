/// Renders inline wikitext (one definition, example or etymology) to clean text: links become their text,
/// known templates become what they display, unknown ones vanish (or, in ``Mode/degrade``, leave their
/// readable arguments), and no markup survives.
package struct WikitextRenderer {
    package enum Mode {
        /// Unknown templates vanish.
        case strict
        /// Unknown templates leave their positional arguments (minus a leading language code).
        case degrade
    }

    let source: WikitextSource
    var mode: Mode = .strict

    package init(source: WikitextSource, mode: Mode = .strict) {
        self.source = source
        self.mode = mode
    }

    /// Clean text for `range`.
    package func render(_ range: Range<Int>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        append(range, to: &output)
        return TextCleaner.clean(output)
    }

    /// Appends the rendering of `range` to `output` (not yet cleaned).
    func append(_ range: Range<Int>, to output: inout [UInt8]) {
        let bytes = source.bytes
        let limit = range.upperBound
        var index = range.lowerBound
        var copyFrom = index
        @inline(__always) func flush(_ upTo: Int) {
            if copyFrom < upTo { output.append(contentsOf: bytes[copyFrom..<upTo]) }
        }
        while index < limit {
            let byte = bytes[index]
            switch byte {
            case Ascii.openBrace where index + 1 < limit && bytes[index + 1] == Ascii.openBrace:
                flush(index)
                if let end = source.templateEnd(from: index, limit: limit) {
                    if end - index >= 4 { renderTemplate(source.template(index..<end), to: &output) }
                    index = end
                } else {
                    index = limit  // an unclosed `{{`: its arguments are unreadable, so the rest goes
                }
                copyFrom = index
            case Ascii.closeBrace where index + 1 < limit && bytes[index + 1] == Ascii.closeBrace:
                flush(index)
                index += 2
                copyFrom = index
            case Ascii.openBracket where index + 1 < limit && bytes[index + 1] == Ascii.openBracket:
                flush(index)
                if let end = source.linkEnd(from: index, limit: limit) {
                    renderLink((index + 2)..<(end - 2), to: &output)
                    index = end
                } else {
                    index += 2
                }
                copyFrom = index
            case Ascii.closeBracket where index + 1 < limit && bytes[index + 1] == Ascii.closeBracket:
                flush(index)
                index += 2
                copyFrom = index
            case Ascii.openBracket:
                flush(index)
                index = renderExternalLink(at: index, limit: limit, to: &output)
                copyFrom = index
            case Ascii.apostrophe where index + 1 < limit && bytes[index + 1] == Ascii.apostrophe:
                flush(index)
                while index < limit, bytes[index] == Ascii.apostrophe { index += 1 }
                copyFrom = index
            case Ascii.lessThan:
                if let end = htmlTagEnd(at: index, limit: limit) {
                    flush(index)
                    if isLineBreakTag(index..<end) { output.append(Ascii.space) }
                    index = end
                    copyFrom = index
                } else {
                    index += 1
                }
            case Ascii.ampersand:
                if let (decoded, end) = Entities.decode(bytes, at: index, limit: limit) {
                    flush(index)
                    output.append(contentsOf: decoded)
                    index = end
                    copyFrom = index
                } else {
                    index += 1
                }
            case Ascii.newline, Ascii.tab:
                flush(index)
                output.append(Ascii.space)
                index += 1
                copyFrom = index
            case 0x5F where index + 1 < limit && bytes[index + 1] == 0x5F:
                // __NOTOC__ and other behaviour switches
                if let end = behaviourSwitchEnd(at: index, limit: limit) {
                    flush(index)
                    index = end
                    copyFrom = index
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
        flush(limit)
    }

    // MARK: Links

    private func renderLink(_ inner: Range<Int>, to output: inout [UInt8]) {
        let parts = source.splitPipes(inner)
        let target = source.trimmed(parts[0])
        if isHiddenLinkTarget(target) { return }
        if parts.count > 1 {
            // [[target|shown]]; an empty shown part (pipe trick) shows the target.
            let shown = source.trimmed(parts[parts.count - 1])
            if !shown.isEmpty {
                append(shown, to: &output)
                return
            }
        }
        // [[target]]: drop a leading ':' and a '#section' fragment; keep interwiki prefixes out.
        var lower = target.lowerBound
        if lower < target.upperBound, source[lower] == Ascii.colon { lower += 1 }
        var upper = target.upperBound
        if let hash = (lower..<upper).first(where: { source[$0] == Ascii.hash }) { upper = hash }
        if lower == upper {
            // [[#English|…]] without a shown part, or [[#English]]: nothing readable.
            return
        }
        if let colon = (lower..<upper).first(where: { source[$0] == Ascii.colon }),
            WikitextRenderer.isNamespacePrefix(source.string(lower..<colon))
        {
            lower = colon + 1
        }
        append(lower..<upper, to: &output)
    }

    /// Files, images, categories and interlanguage links show nothing inline.
    private func isHiddenLinkTarget(_ target: Range<Int>) -> Bool {
        guard let colon = target.first(where: { source[$0] == Ascii.colon }), colon > target.lowerBound else {
            return false
        }
        let prefix = source.string(target.lowerBound..<colon).lowercased()
        if ["file", "image", "category", "media", "fichier", "datei", "imagen"].contains(prefix) { return true }
        // [[fr:chat]]: an interlanguage link (two or three lower-case letters).
        let raw = source.string(target.lowerBound..<colon)
        return (2...3).contains(raw.utf8.count) && raw.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
    }

    static func isNamespacePrefix(_ prefix: String) -> Bool {
        ["w", "wikipedia", "wikt", "wiktionary", "appendix", "thesaurus", "wikisaurus", "s", "wikisource",
         "rhymes", "reconstruction", "citations", "wikispecies", "species"].contains(prefix.lowercased())
    }

    /// `[http://example.org text]` → `text`; `[http://example.org]` → nothing. Returns the index after.
    private func renderExternalLink(at index: Int, limit: Int, to output: inout [UInt8]) -> Int {
        let start = index + 1
        guard source.hasPrefixIgnoringCase("http://", at: start, limit: limit)
            || source.hasPrefixIgnoringCase("https://", at: start, limit: limit)
            || source.hasPrefix("//", at: start, limit: limit)
        else {
            output.append(Ascii.openBracket)
            return index + 1
        }
        var close = start
        while close < limit, source[close] != Ascii.closeBracket, source[close] != Ascii.newline { close += 1 }
        guard close < limit, source[close] == Ascii.closeBracket else {
            output.append(Ascii.openBracket)
            return index + 1
        }
        if let space = (start..<close).first(where: { source[$0] == Ascii.space }) {
            append((space + 1)..<close, to: &output)
        }
        return close + 1
    }

    // MARK: HTML

    /// The end of an HTML tag at `index` (`<sup>`, `</span>`, `<br/>`), or `nil` when `<` starts no tag.
    private func htmlTagEnd(at index: Int, limit: Int) -> Int? {
        var cursor = index + 1
        if cursor < limit, source[cursor] == Ascii.slash { cursor += 1 }
        let nameStart = cursor
        while cursor < limit, Ascii.isAlphanumeric(source[cursor]) { cursor += 1 }
        guard cursor > nameStart, Ascii.isLetter(source[nameStart]) else { return nil }
        while cursor < limit, cursor - index < 400 {
            let byte = source[cursor]
            if byte == Ascii.greaterThan { return cursor + 1 }
            if byte == Ascii.lessThan || byte == Ascii.newline { return nil }
            cursor += 1
        }
        return nil
    }

    private func isLineBreakTag(_ range: Range<Int>) -> Bool {
        range.count >= 4 && Ascii.lower(source[range.lowerBound + 1]) == 0x62
            && Ascii.lower(source[range.lowerBound + 2]) == 0x72
            && !Ascii.isLetter(source[range.lowerBound + 3])
    }

    private func behaviourSwitchEnd(at index: Int, limit: Int) -> Int? {
        var cursor = index + 2
        while cursor < limit, source[cursor] >= 0x41, source[cursor] <= 0x5A { cursor += 1 }
        guard cursor > index + 2, cursor + 1 < limit, source[cursor] == 0x5F, source[cursor + 1] == 0x5F else {
            return nil
        }
        return cursor + 2
    }

    // MARK: Templates

    private func appendArgument(_ range: Range<Int>?, to output: inout [UInt8]) {
        guard let range else { return }
        append(source.trimmed(range), to: &output)
    }

    private func appendLiteral(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    /// Whether `range` holds non-blank text.
    func hasText(_ range: Range<Int>?) -> Bool {
        guard let range else { return false }
        return !source.trimmed(range).isEmpty
    }

    private func appendGloss(_ template: Template, positionalIndex: Int?, to output: inout [UInt8]) {
        let gloss = template.named("t") ?? template.named("gloss")
            ?? positionalIndex.flatMap { template.positional($0) }
        guard hasText(gloss), let gloss else { return }
        appendLiteral(" (“", to: &output)
        appendArgument(gloss, to: &output)
        appendLiteral("”)", to: &output)
    }

    private func appendLanguageName(_ range: Range<Int>?, to output: inout [UInt8]) -> Bool {
        guard let range else { return false }
        let code = source.string(source.trimmed(range))
        guard let name = WiktionaryLanguages.displayName(forCode: code) else { return false }
        appendLiteral(name, to: &output)
        return true
    }

    /// Renders a parsed template (the dispatch table of what lexagg understands).
    func renderTemplate(_ template: Template, to output: inout [UInt8]) {
        let name = template.name
        if let form = FormOfTemplate.parse(template, in: self) {
            appendLiteral(form.text, to: &output)
            return
        }
        guard let kind = WikitextRenderer.templateKinds[name] else {
            renderOther(template, to: &output)
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
        case .place:
            // {{place|en|city/county seat|s/Texas|c/USA}} → "a city in Texas, USA"
            guard let kind = template.positional(1) else { return }
            let type = source.string(source.trimmed(kind)).split(separator: "/").first.map(String.init) ?? ""
            guard !type.isEmpty else { return }
            let locations = template.positional.dropFirst(2).compactMap { range -> String? in
                let raw = source.string(source.trimmed(range))
                let value = raw.split(separator: "/", maxSplits: 1).last.map(String.init) ?? raw
                let text = value.split(separator: ":").last.map(String.init) ?? value
                return text.isEmpty || text.contains("{") || text.contains("[") ? nil : text
            }
            let article = "aeiou".contains(type.first ?? "x") ? "an" : "a"
            appendLiteral(
                "\(article) \(type)" + (locations.isEmpty ? "" : " in " + locations.joined(separator: ", ")), to: &output
            )
        case .givenName:
            // {{given name|en|male}} → "a male given name"
            let gender = template.positional(1).map { source.string(source.trimmed($0)) } ?? ""
            appendLiteral(gender.isEmpty ? "a given name" : "a \(gender) given name", to: &output)
        case .surname:
            appendLiteral("a surname", to: &output)
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
            // {{der|en|la|term|alt|gloss}}
            let hasName = template.named("notext") == nil && appendLanguageName(template.positional(1), to: &output)
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
            if hasText(term) {
                if hasName { output.append(Ascii.space) }
                appendArgument(term, to: &output)
            }
            appendGloss(template, positionalIndex: 3, to: &output)
        case .etyl:
            _ = appendLanguageName(template.positional(0), to: &output)
        case .affix:
            let parts = template.positional.dropFirst().filter { hasText($0) }
            for (offset, part) in parts.enumerated() {
                if offset > 0 { appendLiteral(" + ", to: &output) }
                appendArgument(part, to: &output)
            }
        case .doublet:
            let terms = template.positional.dropFirst().filter { hasText($0) }
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
            guard !values.isEmpty else { return }
            appendLiteral("(" + values.joined(separator: ", ") + ")", to: &output)
        case .example:
            appendExample(template, textIndex: 1, translationIndex: 2, to: &output)
        case .japaneseExample:
            appendExample(template, textIndex: 0, translationIndex: 2, to: &output, stripKanaMarks: true)
        case .chineseExample:
            appendExample(template, textIndex: 0, translationIndex: 1, to: &output)
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

    /// Quotations and, when degrading, unknown templates.
    private func renderOther(_ template: Template, to output: inout [UInt8]) {
        let name = template.name
        if name.hasPrefix("quote-") || name.hasPrefix("rq:") || name.hasPrefix("cite-") {
            let passage = template.named("passage") ?? template.named("text") ?? template.named("quote")
            appendArgument(passage, to: &output)
            let translation = template.named("translation") ?? template.named("t")
            if hasText(translation) {
                appendLiteral(" ― ", to: &output)
                appendArgument(translation, to: &output)
            }
            return
        }
        if mode == .degrade, !WikitextRenderer.silentTemplates.contains(name), !isHeadTemplate(name) {
            let arguments = template.positional.enumerated().filter { offset, range in
                !(offset == 0 && WikitextRenderer.looksLikeLanguageCode(source.string(source.trimmed(range))))
            }
            for (offset, argument) in arguments.enumerated() where hasText(argument.element) {
                if offset > 0 { output.append(Ascii.space) }
                appendArgument(argument.element, to: &output)
            }
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
        stripKanaMarks: Bool = false
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

    /// Japanese example and ruby templates mark word boundaries with `%` and `^`; drop them.
    private func appendKana(_ range: Range<Int>?, to output: inout [UInt8]) {
        guard let range else { return }
        var rendered: [UInt8] = []
        append(source.trimmed(range), to: &rendered)
        output.append(contentsOf: rendered.lazy.filter { $0 != 0x25 && $0 != 0x5E })
    }

    /// The readable arguments of a label or qualifier template (`{{lb|en|a|_|b}}` → `a`, `b`).
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
        for argument in arguments {
            let text = renderer.render(argument)
            if text.isEmpty || ["_", "and", "or", "&", ",", ";"].contains(text) { continue }
            values.append(text)
        }
        return values
    }

    /// `en`, `grc`, `gem-pro`, `zh-min-nan`: lower-case letters in dash-separated groups, first group 2–3 long.
    static func looksLikeLanguageCode(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = groups.first, (2...3).contains(first.utf8.count) else { return false }
        return groups.allSatisfy { group in
            !group.isEmpty && group.utf8.count <= 8 && group.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A }
        }
    }

    enum TemplateKind {
        case link, etymology, phrase, derivation, glossary, place, givenName, surname, cognate, etyl, affix, doublet, wikipedia, lang, firstArgument, gloss, qualifier, example, japaneseExample, chineseExample, kana, translation, ellipsis, pipe, equals, comma, space, enDash, emDash, relation
    }

    static let templateKinds: [String: TemplateKind] = {
        var table: [String: TemplateKind] = [:]
        for (name, kind) in [
            ("onomatopoeic", TemplateKind.phrase), ("onom", TemplateKind.phrase), ("unknown", TemplateKind.phrase),
            ("unk", TemplateKind.phrase), ("uncertain", TemplateKind.phrase), ("unc", TemplateKind.phrase),
            ("back-formation", TemplateKind.derivation), ("back-form", TemplateKind.derivation),
            ("bf", TemplateKind.derivation), ("clipping", TemplateKind.derivation), ("clip", TemplateKind.derivation),
            ("named-after", TemplateKind.derivation), ("coinage", TemplateKind.derivation),
            ("coin", TemplateKind.derivation), ("univerbation", TemplateKind.derivation),
            ("univ", TemplateKind.derivation), ("ellipsis of", TemplateKind.derivation),
            ("glossary", TemplateKind.glossary), ("glink", TemplateKind.glossary), ("place", TemplateKind.place),
            ("given name", TemplateKind.givenName), ("surname", TemplateKind.surname),
            ("l", TemplateKind.link),
            ("link", TemplateKind.link),
            ("ll", TemplateKind.link),
            ("l-self", TemplateKind.link),
            ("m", TemplateKind.link),
            ("mention", TemplateKind.link),
            ("m-self", TemplateKind.link),
            ("l+", TemplateKind.link),
            ("m+", TemplateKind.link),
            ("langname-lite", TemplateKind.link),
            ("inh", TemplateKind.etymology),
            ("inh+", TemplateKind.etymology),
            ("der", TemplateKind.etymology),
            ("der+", TemplateKind.etymology),
            ("bor", TemplateKind.etymology),
            ("bor+", TemplateKind.etymology),
            ("lbor", TemplateKind.etymology),
            ("slbor", TemplateKind.etymology),
            ("learned borrowing", TemplateKind.etymology),
            ("obor", TemplateKind.etymology),
            ("calque", TemplateKind.etymology),
            ("cal", TemplateKind.etymology),
            ("clq", TemplateKind.etymology),
            ("psm", TemplateKind.etymology),
            ("sl", TemplateKind.etymology),
            ("semantic loan", TemplateKind.etymology),
            ("uder", TemplateKind.etymology),
            ("ubor", TemplateKind.etymology),
            ("der-lite", TemplateKind.etymology),
            ("inh-lite", TemplateKind.etymology),
            ("bor-lite", TemplateKind.etymology),
            ("partial calque", TemplateKind.etymology),
            ("pcal", TemplateKind.etymology),
            ("translit", TemplateKind.etymology),
            ("tl", TemplateKind.etymology),
            ("orthographic borrowing", TemplateKind.etymology),
            ("cog", TemplateKind.cognate),
            ("cognate", TemplateKind.cognate),
            ("noncog", TemplateKind.cognate),
            ("nc", TemplateKind.cognate),
            ("noncognate", TemplateKind.cognate),
            ("etyl", TemplateKind.etyl),
            ("af", TemplateKind.affix),
            ("affix", TemplateKind.affix),
            ("compound", TemplateKind.affix),
            ("com", TemplateKind.affix),
            ("prefix", TemplateKind.affix),
            ("pre", TemplateKind.affix),
            ("suffix", TemplateKind.affix),
            ("suf", TemplateKind.affix),
            ("confix", TemplateKind.affix),
            ("con", TemplateKind.affix),
            ("blend", TemplateKind.affix),
            ("surf", TemplateKind.affix),
            ("doublet", TemplateKind.doublet),
            ("dbt", TemplateKind.doublet),
            ("piecewise doublet", TemplateKind.doublet),
            ("w", TemplateKind.wikipedia),
            ("wp", TemplateKind.wikipedia),
            ("wikipedia link", TemplateKind.wikipedia),
            ("w2", TemplateKind.wikipedia),
            ("pedialite", TemplateKind.wikipedia),
            ("lang", TemplateKind.lang),
            ("lang2", TemplateKind.lang),
            ("taxlink", TemplateKind.firstArgument),
            ("taxfmt", TemplateKind.firstArgument),
            ("vern", TemplateKind.firstArgument),
            ("sup", TemplateKind.firstArgument),
            ("sub", TemplateKind.firstArgument),
            ("smallcaps", TemplateKind.firstArgument),
            ("small caps", TemplateKind.firstArgument),
            ("ipachar", TemplateKind.firstArgument),
            ("upright", TemplateKind.firstArgument),
            ("nowrap", TemplateKind.firstArgument),
            ("small", TemplateKind.firstArgument),
            ("big", TemplateKind.firstArgument),
            ("n-g", TemplateKind.firstArgument),
            ("ngd", TemplateKind.firstArgument),
            ("non-gloss", TemplateKind.firstArgument),
            ("non-gloss definition", TemplateKind.firstArgument),
            ("ng", TemplateKind.firstArgument),
            ("def", TemplateKind.firstArgument),
            ("honoraltcaps", TemplateKind.firstArgument),
            ("overline", TemplateKind.firstArgument),
            ("underline", TemplateKind.firstArgument),
            ("smc", TemplateKind.firstArgument),
            ("keyword", TemplateKind.firstArgument),
            ("italic", TemplateKind.firstArgument),
            ("bold", TemplateKind.firstArgument),
            ("ital", TemplateKind.firstArgument),
            ("gloss", TemplateKind.gloss),
            ("gl", TemplateKind.gloss),
            ("q", TemplateKind.qualifier),
            ("qual", TemplateKind.qualifier),
            ("qualifier", TemplateKind.qualifier),
            ("i", TemplateKind.qualifier),
            ("qf", TemplateKind.qualifier),
            ("qq", TemplateKind.qualifier),
            ("sense", TemplateKind.qualifier),
            ("s", TemplateKind.qualifier),
            ("lb", TemplateKind.qualifier),
            ("lbl", TemplateKind.qualifier),
            ("label", TemplateKind.qualifier),
            ("context", TemplateKind.qualifier),
            ("cx", TemplateKind.qualifier),
            ("term-label", TemplateKind.qualifier),
            ("tlb", TemplateKind.qualifier),
            ("a", TemplateKind.qualifier),
            ("accent", TemplateKind.qualifier),
            ("ux", TemplateKind.example),
            ("usex", TemplateKind.example),
            ("uxi", TemplateKind.example),
            ("eg", TemplateKind.example),
            ("ux-lite", TemplateKind.example),
            ("quote", TemplateKind.example),
            ("coi", TemplateKind.example),
            ("collocation", TemplateKind.example),
            ("ja-usex", TemplateKind.japaneseExample),
            ("ko-usex", TemplateKind.japaneseExample),
            ("zh-x", TemplateKind.chineseExample),
            ("zh-usex", TemplateKind.chineseExample),
            ("ja-x", TemplateKind.chineseExample),
            ("ja-r", TemplateKind.kana),
            ("ja-l", TemplateKind.kana),
            ("ja-def", TemplateKind.kana),
            ("ryu-r", TemplateKind.kana),
            ("ko-l", TemplateKind.kana),
            ("zh-l", TemplateKind.kana),
            ("zh-m", TemplateKind.kana),
            ("t", TemplateKind.translation),
            ("t+", TemplateKind.translation),
            ("tt", TemplateKind.translation),
            ("tt+", TemplateKind.translation),
            ("t-simple", TemplateKind.translation),
            ("t+check", TemplateKind.translation),
            ("t-check", TemplateKind.translation),
            ("trans-see", TemplateKind.translation),
            ("...", TemplateKind.ellipsis),
            ("nb...", TemplateKind.ellipsis),
            ("…", TemplateKind.ellipsis),
            ("nb…", TemplateKind.ellipsis),
            ("ellipsis", TemplateKind.ellipsis),
            ("!", TemplateKind.pipe),
            ("=", TemplateKind.equals),
            (",", TemplateKind.comma),
            ("nbsp", TemplateKind.space),
            ("sp", TemplateKind.space),
            (" ", TemplateKind.space),
            ("ndash", TemplateKind.enDash),
            ("en dash", TemplateKind.enDash),
            ("mdash", TemplateKind.emDash),
            ("em dash", TemplateKind.emDash),
            ("--", TemplateKind.emDash),
            ("syn", TemplateKind.relation),
            ("synonyms", TemplateKind.relation),
            ("ant", TemplateKind.relation),
            ("antonyms", TemplateKind.relation),
            ("hyp", TemplateKind.relation),
            ("hyponyms", TemplateKind.relation),
            ("hyper", TemplateKind.relation),
            ("hypernyms", TemplateKind.relation),
            ("cot", TemplateKind.relation),
            ("coordinate terms", TemplateKind.relation),
            ("co", TemplateKind.relation),
            ("coi-lite", TemplateKind.relation),
            ("mer", TemplateKind.relation),
            ("hol", TemplateKind.relation),
            ("tro", TemplateKind.relation),
            ("alt", TemplateKind.relation),
            ("alter", TemplateKind.relation),
        ] {
            table[name] = kind
        }
        return table
    }()

    /// The text of phrase-like etymology templates.
    static let phrases: [String: String] = [
        "onomatopoeic": "Onomatopoeic", "onom": "Onomatopoeic", "unknown": "Unknown", "unk": "Unknown",
        "uncertain": "Uncertain", "unc": "Uncertain", "back-formation": "Back-formation from",
        "back-form": "Back-formation from", "bf": "Back-formation from", "clipping": "Clipping of",
        "clip": "Clipping of", "named-after": "Named after", "coinage": "Coined by", "coin": "Coined by",
        "univerbation": "Univerbation of", "univ": "Univerbation of", "ellipsis of": "Ellipsis of",
    ]

    /// Templates that never show text in a definition even when degrading.
    static let silentTemplates: Set<String> = [
        "defdate", "senseid", "sid", "nonlemma", "rfquotek", "rfex", "rfdef", "rfclarify", "rfv-sense", "rfd-sense",
        "rfc-sense", "attention", "attn", "wikipedia", "wp", "also", "audio", "rhymes", "homophones", "hyphenation",
        "hyph", "picdic", "c", "cat", "catlangname", "cln", "top", "top2", "top3", "top4", "mid2", "mid3", "mid4",
        "bottom", "trans-top", "trans-mid", "trans-bottom", "checktrans-top", "anchor", "ipa", "enpr", "was wotd",
        "isbn", "topics", "tlb", "wikispecies", "commons", "pedia", "swp", "slim-wikipedia", "multiple images",
        "rel-top", "rel-bottom", "der-top", "der-bottom", "col", "col2", "col3", "col4", "col5", "der2", "der3",
        "der4", "der5", "rel2", "rel3", "rel4", "rel5", "inflection of", "head", "ws", "ws header", "see",
        "seemore", "tea room sense", "rft-sense", "cite", "references", "reflist", "clear", "-", "glossary",
        "defdt", "datedef", "surface analysis", "root",
    ]
}

/// Collapses white space, tidies punctuation left behind by removed markup, and removes any markup the
/// renderer could not interpret, so output never contains `{{`, `}}`, `[[`, `]]`, `'''` or HTML tags.
enum TextCleaner {
    static func clean(_ input: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var pendingSpace = false
        var index = 0
        let count = input.count
        while index < count {
            var byte = input[index]
            // Non-breaking space (U+00A0) counts as a space.
            if byte == 0xC2, index + 1 < count, input[index + 1] == 0xA0 {
                byte = Ascii.space
                index += 1
            }
            if Ascii.isSpace(byte) {
                pendingSpace = !output.isEmpty
                index += 1
                continue
            }
            // Stray markup pairs and runs of apostrophes.
            if (byte == Ascii.openBrace || byte == Ascii.closeBrace || byte == Ascii.openBracket
                || byte == Ascii.closeBracket), index + 1 < count, input[index + 1] == byte
            {
                index += 2
                continue
            }
            if byte == Ascii.apostrophe, index + 1 < count, input[index + 1] == Ascii.apostrophe {
                while index < count, input[index] == Ascii.apostrophe { index += 1 }
                continue
            }
            if byte == Ascii.lessThan, let end = tagEnd(input, at: index) {
                index = end
                continue
            }
            // No space before closing punctuation, none after an opening parenthesis.
            let closing = byte == Ascii.comma || byte == Ascii.period || byte == Ascii.semicolon
                || byte == Ascii.closeParen || byte == Ascii.colon || byte == 0x21 || byte == 0x3F
            if pendingSpace, !closing, output.last != Ascii.openParen { output.append(Ascii.space) }
            pendingSpace = false
            // An empty pair of parentheses (all of whose content vanished) goes.
            if byte == Ascii.closeParen, output.last == Ascii.openParen {
                output.removeLast()
                while output.last == Ascii.space { output.removeLast() }
                index += 1
                continue
            }
            output.append(byte)
            index += 1
        }
        // Trailing separators left behind by a vanished ending ("foo, " → "foo").
        while let last = output.last, last == Ascii.comma || last == Ascii.semicolon || last == Ascii.space {
            output.removeLast()
        }
        var start = 0
        while start < output.count, output[start] == Ascii.comma || output[start] == Ascii.semicolon
            || output[start] == Ascii.space
        {
            start += 1
        }
        return String(decoding: output[start...], as: UTF8.self)
    }

    private static func tagEnd(_ input: [UInt8], at index: Int) -> Int? {
        var cursor = index + 1
        if cursor < input.count, input[cursor] == Ascii.slash { cursor += 1 }
        let nameStart = cursor
        while cursor < input.count, Ascii.isLetter(input[cursor]) { cursor += 1 }
        guard cursor > nameStart, cursor < input.count else { return nil }
        if input[cursor] == Ascii.greaterThan { return cursor + 1 }
        guard input[cursor] == Ascii.space || input[cursor] == Ascii.slash else { return nil }
        while cursor < input.count, cursor - index < 400, input[cursor] != Ascii.lessThan {
            if input[cursor] == Ascii.greaterThan { return cursor + 1 }
            cursor += 1
        }
        return nil
    }
}

/// HTML character references.
enum Entities {
    static func decode(_ bytes: [UInt8], at index: Int, limit: Int) -> ([UInt8], Int)? {
        var cursor = index + 1
        let upper = min(limit, index + 12)
        while cursor < upper, bytes[cursor] != Ascii.semicolon {
            let byte = bytes[cursor]
            guard Ascii.isAlphanumeric(byte) || byte == Ascii.hash else { return nil }
            cursor += 1
        }
        guard cursor < upper, cursor > index + 1 else { return nil }
        let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
        let end = cursor + 1
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits)
            }
            guard let value, let scalar = Unicode.Scalar(value), value >= 0x20 || value == 0x0A else { return nil }
            return (Array(String(Character(scalar)).utf8), end)
        }
        guard let text = named[name] else { return nil }
        return (Array(text.utf8), end)
    }

    static let named: [String: String] = [
        "nbsp": " ", "ensp": " ", "emsp": " ", "thinsp": " ", "amp": "&", "lt": "<", "gt": ">", "quot": "\"",
        "apos": "'", "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "laquo": "«", "raquo": "»", "middot": "·", "times": "×", "deg": "°", "minus": "−",
        "shy": "", "zwj": "\u{200D}", "zwnj": "\u{200C}", "copy": "©", "reg": "®", "sect": "§", "para": "¶",
        "eacute": "é", "egrave": "è", "aacute": "á", "agrave": "à", "uuml": "ü", "ouml": "ö", "auml": "ä",
        "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "oelig": "œ", "aelig": "æ", "prime": "′", "Prime": "″",
    ]
}
