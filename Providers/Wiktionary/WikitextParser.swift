import LexAggCore

/// Extracts dictionary entries from the wikitext of one en.wiktionary page.
///
/// Sections are recognised by header *name*, never by level alone: `==Language==` headers (level 2) start a
/// language; `Etymology`/`Etymology N` start an entry; part-of-speech headers start a sense group;
/// `Pronunciation`, `Synonyms` and `Antonyms` feed the current entry or group; everything else (translations,
/// derived terms, declension tables, references…) is skipped without being parsed.
package enum WikitextParser {
    /// The entries of `source`, one per language section and etymology, in page order.
    ///
    /// - Parameters:
    ///   - headword: The page title, used as every entry's headword.
    ///   - language: A level-2 section name (`English`); `nil` for every language on the page.
    ///   - provenance: Attached to every entry, sense and pronunciation.
    ///   - log: Counts unknown templates and faithfully rendered definition lines, when given.
    package static func entries(
        from source: WikitextSource, headword: String, language: String?, provenance: Provenance,
        log: WikitextLog? = nil
    ) -> [Entry] {
        var parser = PageParser(source: source, headword: headword, wanted: language, provenance: provenance, log: log)
        parser.run()
        return parser.entries
    }

    /// The level-2 section names of a page, in order.
    package static func languageSections(in source: WikitextSource) -> [String] {
        var names: [String] = []
        var index = 0
        let bytes = source.bytes
        while index < bytes.count {
            let lineEnd = PageParser.plainLineEnd(bytes, from: index)
            if let header = PageParser.header(source, index..<lineEnd), header.level == 2 { names.append(header.name) }
            index = lineEnd + 1
        }
        return names
    }

    /// Part-of-speech section names (lower-cased).
    static let partsOfSpeech: Set<String> = [
        "noun", "verb", "adjective", "adverb", "interjection", "pronoun", "preposition", "postposition",
        "circumposition", "ambiposition", "conjunction", "numeral", "number", "particle", "proper noun", "phrase",
        "prepositional phrase", "prefix", "suffix", "infix", "interfix", "circumfix", "affix", "adjectival noun",
        "romanization", "article", "determiner", "classifier", "counter", "contraction", "abbreviation",
        "initialism", "acronym", "symbol", "letter", "proverb", "idiom", "participle", "diacritical mark",
        "punctuation mark", "han character", "kanji", "hanzi", "hanja", "ideophone", "syllable", "combining form",
        "predicative", "verbal noun", "gerund", "clitic", "enclitic", "proclitic", "adnominal", "cmavo", "gismu",
        "affix form", "suffix form", "prefix form", "definitions",
    ]
}

/// One pass over a page (the relations and pronunciation sections are in WikitextParser+Sections.swift).
struct PageParser {
    enum Mode {
        /// Outside any section we read (or in a language we do not want): skip to the next header.
        case skip
        case etymology
        case pronunciation(shared: Bool)
        case senses
        case relations(synonyms: Bool)
    }

    struct Block {
        var etymology: [String] = []
        var pronunciations: [Pronunciation] = []
        var groups: [SenseGroup] = []
    }

    let source: WikitextSource
    let headword: String
    let wanted: String?
    let provenance: Provenance
    let renderer: WikitextRenderer
    let log: WikitextLog?
    var entries: [Entry] = []

    // The language being read.
    var language: String?
    var blocks: [Block] = []
    var shared: [Pronunciation] = []
    var etymologyLevel: Int?
    var mode: Mode = .skip

    init(source: WikitextSource, headword: String, wanted: String?, provenance: Provenance, log: WikitextLog?) {
        self.source = source
        self.headword = headword
        self.wanted = wanted
        self.provenance = provenance
        self.log = log
        self.renderer = WikitextRenderer(source: source, title: headword, log: log)
    }

    // MARK: Lines

    mutating func run() {
        let bytes = source.bytes
        let count = bytes.count
        var index = 0
        while index < count {
            if case .skip = mode {
                // Fast path: only a header can change anything, and headers start a line with '='.
                if bytes[index] != Ascii.equals {
                    index = nextHeaderCandidate(bytes, from: index, languageOnly: language == nil)
                    continue
                }
                let lineEnd = PageParser.plainLineEnd(bytes, from: index)
                if let header = PageParser.header(source, index..<lineEnd) { handle(header) }
                index = lineEnd + 1
                continue
            }
            let lineEnd = logicalLineEnd(bytes, from: index)
            let line = index..<lineEnd
            if bytes[index] == Ascii.equals, let header = PageParser.header(source, line) {
                handle(header)
            } else {
                handleLine(line)
            }
            index = lineEnd + 1
        }
        finishLanguage()
    }

    /// The start of the next line that begins with `=` (`==` followed by a non-`=` when only language headers
    /// matter), or the end of the text.
    private func nextHeaderCandidate(_ bytes: [UInt8], from start: Int, languageOnly: Bool) -> Int {
        var index = start
        let count = bytes.count
        while index < count {
            guard let newline = bytes[index...].firstIndex(of: Ascii.newline) else { return count }
            let next = newline + 1
            if next < count, bytes[next] == Ascii.equals {
                if !languageOnly { return next }
                if next + 2 < count, bytes[next + 1] == Ascii.equals, bytes[next + 2] != Ascii.equals { return next }
            }
            index = next
        }
        return count
    }

    static func plainLineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex(of: Ascii.newline) ?? bytes.count
    }

    /// The end of the line starting at `start`, continuing over newlines inside `{{…}}` (quotations spread
    /// their arguments over several lines). An unclosed template ends at the next header.
    private func logicalLineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == Ascii.newline {
                if depth <= 0 { return index }
                // An unclosed template ends at the next sense line or header rather than swallowing them.
                if index + 1 < count, bytes[index + 1] == Ascii.hash { return index }
                if index + 1 < count, bytes[index + 1] == Ascii.equals,
                    PageParser.header(source, (index + 1)..<PageParser.plainLineEnd(bytes, from: index + 1)) != nil
                {
                    return index
                }
            } else if byte == Ascii.openBrace, index + 1 < count, bytes[index + 1] == Ascii.openBrace {
                depth += 1
                index += 2
                continue
            } else if byte == Ascii.closeBrace, index + 1 < count, bytes[index + 1] == Ascii.closeBrace {
                depth -= 1
                index += 2
                continue
            }
            index += 1
        }
        return count
    }

    struct Header {
        var level: Int
        var name: String
    }

    static func header(_ source: WikitextSource, _ line: Range<Int>) -> Header? {
        let trimmed = source.trimmed(line)
        guard trimmed.count >= 5, source[trimmed.lowerBound] == Ascii.equals,
            source[trimmed.upperBound - 1] == Ascii.equals
        else { return nil }
        var leading = 0
        while trimmed.lowerBound + leading < trimmed.upperBound, source[trimmed.lowerBound + leading] == Ascii.equals {
            leading += 1
        }
        var trailing = 0
        while trimmed.upperBound - trailing - 1 > trimmed.lowerBound + leading,
            source[trimmed.upperBound - trailing - 1] == Ascii.equals
        {
            trailing += 1
        }
        let level = min(leading, trailing)
        guard level >= 2, level <= 6 else { return nil }
        let inner = source.trimmed((trimmed.lowerBound + level)..<(trimmed.upperBound - level))
        guard !inner.isEmpty else { return nil }
        let hasMarkup = inner.contains { index in
            let byte = source[index]
            return byte == Ascii.openBrace || byte == Ascii.openBracket || byte == Ascii.lessThan
                || byte == Ascii.apostrophe
        }
        let name = hasMarkup ? WikitextRenderer(source: source).render(inner) : source.string(inner)
        return Header(level: level, name: name)
    }

    // MARK: Headers

    private mutating func handle(_ header: Header) {
        if header.level == 2 {
            finishLanguage()
            if wanted == nil || header.name == wanted {
                language = header.name
                mode = .skip
            }
            return
        }
        guard language != nil else { return }
        let name = header.name.lowercased()
        if name == "etymology" || (name.hasPrefix("etymology ") && name.dropFirst(10).allSatisfy(\.isNumber)) {
            // A new etymology starts a new entry, unless nothing has been read into the current one yet.
            let reusable = blocks.last.map { $0.groups.isEmpty && $0.etymology.isEmpty } ?? false
            if !reusable { blocks.append(Block()) }
            etymologyLevel = header.level
            mode = .etymology
        } else if name == "pronunciation" || (name.hasPrefix("pronunciation ")
            && name.dropFirst(14).allSatisfy(\.isNumber))
        {
            let isShared = etymologyLevel.map { header.level <= $0 } ?? true
            mode = .pronunciation(shared: isShared)
        } else if WikitextParser.partsOfSpeech.contains(PageParser.withoutNumber(name)) {
            if blocks.isEmpty { blocks.append(Block()) }
            blocks[blocks.count - 1].groups.append(
                SenseGroup(partOfSpeech: PartOfSpeech(PageParser.withoutNumber(name)), senses: [])
            )
            mode = .senses
        } else if name == "synonyms" || name == "antonyms" {
            mode = blocks.last?.groups.isEmpty == false ? .relations(synonyms: name == "synonyms") : .skip
        } else {
            mode = .skip
        }
    }

    private static func withoutNumber(_ name: String) -> String {
        guard let space = name.lastIndex(of: " "), name[name.index(after: space)...].allSatisfy(\.isNumber),
            name.index(after: space) < name.endIndex
        else { return name }
        return String(name[..<space])
    }

    private mutating func finishLanguage() {
        defer {
            language = nil
            blocks = []
            shared = []
            etymologyLevel = nil
            mode = .skip
        }
        guard let language else { return }
        let code = WiktionaryLanguages.code(forSectionName: language).flatMap { Language($0) }
        for block in blocks {
            let groups = block.groups.filter { !$0.senses.isEmpty }
            guard !groups.isEmpty else { continue }
            var pronunciations: [Pronunciation] = []
            for pronunciation in shared + block.pronunciations where !pronunciations.contains(pronunciation) {
                pronunciations.append(pronunciation)
            }
            let etymology = block.etymology.joined(separator: " ")
            entries.append(
                Entry(
                    headword: headword, language: code, pronunciations: pronunciations, senseGroups: groups,
                    etymology: etymology.isEmpty ? nil : etymology, provenance: provenance
                )
            )
        }
    }

    // MARK: Lines in sections

    private mutating func handleLine(_ line: Range<Int>) {
        switch mode {
        case .skip:
            return
        case .etymology:
            let text = renderer.render(line)
            if !text.isEmpty, !blocks.isEmpty { blocks[blocks.count - 1].etymology.append(text) }
        case .pronunciation(let isShared):
            let (found, audio) = pronunciations(in: line)
            if isShared || blocks.isEmpty {
                shared += found
                PageParser.attach(audio, to: &shared, lineStart: shared.count - found.count)
            } else {
                blocks[blocks.count - 1].pronunciations += found
                let count = blocks[blocks.count - 1].pronunciations.count
                PageParser.attach(audio, to: &blocks[blocks.count - 1].pronunciations, lineStart: count - found.count)
            }
        case .senses:
            guard source[line.lowerBound] == Ascii.hash else { return }
            senseLine(line)
        case .relations(let synonyms):
            guard source[line.lowerBound] == Ascii.star else { return }
            relationLine(line, synonyms: synonyms)
        }
    }

    // MARK: Senses

    private mutating func senseLine(_ line: Range<Int>) {
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
            // A citation line: only a quotation template carries a passage.
            for range in topLevelTemplates(content) {
                let name = Template.normalisedName(source, source.splitPipes((range.lowerBound + 2)..<(range.upperBound - 2))[0])
                guard name.hasPrefix("quote-") || name.hasPrefix("rq:") || name.hasPrefix("cite-") else { continue }
                let text = renderer.render(range)
                if !text.isEmpty { addExample(text, depth: depth) }
            }
        } else if marker.hasPrefix("*:") {
            let text = renderer.render(content)
            if !text.isEmpty { addExample(text, depth: depth) }
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
                guard let end = source.templateEnd(from: index, limit: upper) else { break }
                found.append(index..<end)
                index = end
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

    private mutating func addSense(_ sense: Sense, depth: Int) {
        let block = blocks.count - 1
        let group = blocks[block].groups.count - 1
        if depth <= 1 || !PageParser.modifyLast(&blocks[block].groups[group].senses, depth: depth - 1, { parent in
            parent.subsenses.append(sense)
        }) {
            blocks[block].groups[group].senses.append(sense)
        }
    }

    private mutating func addExample(_ text: String, depth: Int) {
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
