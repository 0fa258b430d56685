import LexAggCore

/// Extracts dictionary entries from the wikitext of one en.wiktionary page.
///
/// Sections are recognised by header *name*, never by level alone: `==Language==` headers (level 2) start a
/// language; `Etymology`/`Etymology N` start an entry; part-of-speech headers start a sense group;
/// `Pronunciation`, `Synonyms` and `Antonyms` feed the current entry or group, `Translations` too when asked
/// (`translate`); everything else (derived terms, declension tables, references…) is skipped without being parsed.
package enum WikitextParser {
    /// The entries of `source`, one per language section and etymology, in page order.
    ///
    /// - Parameters:
    ///   - headword: The page title, used as every entry's headword.
    ///   - language: A level-2 section name (`English`); `nil` for every language on the page.
    ///   - provenance: Attached to every entry, sense and pronunciation.
    ///   - log: Counts unknown templates and faithfully rendered definition lines, when given.
    ///   - translations: Whether to read the Translations sections' tables into the entries' translations.
    package static func entries(
        from source: WikitextSource, headword: String, language: String?, provenance: Provenance,
        log: WikitextLog? = nil, translations: Bool = false
    ) -> [Entry] {
        var parser = PageParser(source: source, headword: headword, wanted: language, provenance: provenance, log: log)
        parser.readsTranslations = translations
        parser.run()
        return parser.entries
    }

    /// The entries of `source` with their translation tables (as ``entries(from:headword:language:provenance:log:
    /// translations:)`` reads them), and the senses whose tables are on other pages (`{{trans-see|…}}`).
    package static func translationTables(
        from source: WikitextSource, headword: String, language: String?, provenance: Provenance
    ) -> (entries: [Entry], references: [TableReference]) {
        var parser = PageParser(source: source, headword: headword, wanted: language, provenance: provenance, log: nil)
        parser.readsTranslations = true
        parser.run()
        return (parser.entries, parser.tableReferences)
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
        /// Between a language header and its first subsection: only a soft redirect (`{{zh-see}}`) is read.
        case languageIntro
        case etymology
        case pronunciation(shared: Bool)
        case senses
        case relations(synonyms: Bool)
        case translations
    }

    struct Block {
        var etymology: [String] = []
        var pronunciations: [Pronunciation] = []
        var groups: [SenseGroup] = []
        var translations: [TableItem] = []
    }

    let source: WikitextSource
    let headword: String
    let wanted: String?
    /// The code of ``wanted``: a section under another name of the language counts (`==Romansch==` on older pages
    /// for Romansh).
    let wantedCode: String?
    let provenance: Provenance
    let renderer: WikitextRenderer
    let log: WikitextLog?
    var entries: [Entry] = []

    // The language being read.
    var language: String?
    var blocks: [Block] = []
    var shared: [Pronunciation] = []
    var etymologyLevel: Int?
    /// A citation line's text (`#* '''1590''', Edmund Spenser, ''The Faerie Queene''`), for the passage on the lines
    /// after it (`#*: …`).
    var pendingCitation: String?
    /// The quotation the last lines gave, while they go on: its citation, its passage's lines (`#*:`, a verse each)
    /// and its translation's (`#*::`); it is the sense's last example, written again as each line comes.
    var quotation: (citation: String?, passage: [String], translation: [String])?
    /// A pronunciation line's qualifier or accent with no transcription beside it (`* {{sense|noun}}`, `* {{a|UK}}`),
    /// and its list depth: the transcriptions and recordings on the lines nested under it are for that.
    var pronunciationQualifier: (depth: Int, text: String?, accent: String?)?
    /// The last pronunciation line with transcriptions, its list depth and where its transcriptions start in their
    /// list: the recordings on lines nested under it are its own.
    var transcriptionLine: (depth: Int, start: Int)?
    /// The same for a Synonyms or Antonyms line (`* {{sense|military police}}` over `** {{l|fi|sotilaspoliisi}}`).
    var relationQualifier: (depth: Int, text: String)?
    /// Whether Translations sections are read (for `translate`), and the gloss of the table being read.
    var readsTranslations = false
    var translationGloss: String?
    /// Whether the table being read is checked (not a `{{checktrans-top}}` one).
    var translationsChecked = true
    /// The code of the language the last top-level table row names (`* Serbo-Croatian:`): its script sub-rows'
    /// (`*: Cyrillic: [[крава]]`).
    var translationParent: String?
    /// The `{{trans-see|…}}` lines read, in page order.
    var tableReferences: [WikitextParser.TableReference] = []
    var mode: Mode = .skip

    init(source: WikitextSource, headword: String, wanted: String?, provenance: Provenance, log: WikitextLog?) {
        self.source = source
        self.headword = headword
        self.wanted = wanted
        self.wantedCode = wanted.flatMap(WiktionaryLanguages.code(forSectionName:))
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
                // A `{{` that never closes ends with its line (the lines after it are their own).
                if source.templateEnd(from: index, limit: count) != nil { depth += 1 }
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
        relationQualifier = nil
        pronunciationQualifier = nil
        transcriptionLine = nil
        if header.level == 2 {
            finishLanguage()
            if wanted == nil || header.name == wanted || (wantedCode != nil && WiktionaryLanguages.code(forSectionName: header.name) == wantedCode) {
                language = header.name
                mode = .languageIntro
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
            // `=====Definitions=====` (older Chinese pages) names no part of speech: its senses have none, rather than
            // "definitions" shown as one.
            let partOfSpeech = PageParser.withoutNumber(name)
            blocks[blocks.count - 1].groups.append(
                SenseGroup(partOfSpeech: partOfSpeech == "definitions" ? nil : PartOfSpeech(partOfSpeech), senses: [])
            )
            mode = .senses
        } else if name == "synonyms" || name == "antonyms" {
            mode = blocks.last?.groups.isEmpty == false ? .relations(synonyms: name == "synonyms") : .skip
        } else if name == "translations", readsTranslations {
            // A section's tables start afresh: a `{{checktrans-top}}` table of an earlier one, left without its
            // bottom, marked every later item "to be checked".
            translationGloss = nil
            translationsChecked = true
            mode = blocks.last?.groups.isEmpty == false ? .translations : .skip
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
            // (A translation subpage's parts of speech have tables and no senses.)
            guard !groups.isEmpty || !block.translations.isEmpty else { continue }
            var pronunciations: [Pronunciation] = []
            for pronunciation in shared + block.pronunciations where !pronunciations.contains(pronunciation) {
                pronunciations.append(pronunciation)
            }
            let etymology = block.etymology.joined(separator: " ")
            entries.append(
                Entry(
                    headword: headword, language: code, pronunciations: pronunciations, senseGroups: groups,
                    translations: PageParser.translations(block.translations, from: code, provenance: provenance),
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
        case .languageIntro:
            _ = seeLine(line)
        case .etymology:
            if seeLine(line) { return }
            // Without a list's markers (`* From Middle English …`: an etymology in points showed its asterisks).
            var start = line.lowerBound
            while start < line.upperBound, source[start] == Ascii.star || source[start] == Ascii.hash || source[start] == Ascii.colon {
                start += 1
            }
            let text = renderer.render(start..<line.upperBound)
            if !text.isEmpty, !blocks.isEmpty { blocks[blocks.count - 1].etymology.append(text) }
        case .pronunciation(let isShared):
            pronunciationLine(line, isShared: isShared)
        case .senses:
            guard source[line.lowerBound] == Ascii.hash else {
                if !seeLine(line) { headLine(line) }
                return
            }
            senseLine(line)
        case .relations(let synonyms):
            guard source[line.lowerBound] == Ascii.star else { return }
            relationLine(line, synonyms: synonyms)
        case .translations:
            translationLine(line)
        }
    }
}
