import LexAggCore

/// Turns the text of a GCIDE (1913 Webster) entry, as dictd's `gcide` database stores it, into a dictionary entry.
///
/// ```
/// Walk \Walk\ (w[add]k), v. i. [imp. & p. p. {Walked}; …] [OE. walken …]
///    [1913 Webster]
///    1. To move along on foot; …
///       [1913 Webster]
///
///             At the end of twelve months, he walked …  --Dan. iv. 29.
///       [1913 Webster]
///
///    {To walk over}, in racing, to go over a course at a walk; …
/// ```
/// The head line gives the headword, `\Walk\` (its syllables and stress), the pronunciation in parentheses, the part
/// of speech, inflections and the etymology in brackets. Senses are numbered (`1.`, with `(a)` subsenses) or, when
/// there is one, unnumbered; quotations are the paragraphs indented deeper than their sense, attributed with
/// `--Author`; `{Phrase}, definition` paragraphs are idioms and compounds, kept as senses after the numbered ones;
/// `Note:`/`Usage:` join the sense they follow and `Syn:` gives synonyms. Markup is resolved: `{…}` and `\…\` keep
/// their text, character entities become Unicode (``GCIDEEntities``), `[Obs.]`/`(Zool.)` become labels, and
/// provenance notes (`[1913 Webster]`, `[PJC]`) are dropped.
enum GCIDEFormat {
    struct ParsedEntry: Equatable {
        var headword: String
        var pronunciation: String?
        var partOfSpeech: PartOfSpeech?
        var etymology: String?
        var senses: [ParsedSense]
    }

    struct ParsedSense: Equatable {
        var definition: String
        var examples: [String] = []
        var labels: [String] = []
        var synonyms: [String] = []
        var subsenses: [ParsedSense] = []
        /// `Note:` and `Usage:` paragraphs, joined to the definition once its quotations are out.
        var notes: [String] = []
        /// The word this sense says the headword is a form of (`pl. of {Mouse}.`).
        var formOf: FormOf?
    }

    static func parse(_ text: String) -> ParsedEntry {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            (indent: line.prefix { $0 == " " }.count, text: resolveEntities(String(line.trimmingWhitespaceSubstring())))
        }
        // The head runs to the first blank line, numbered sense, `(a)` subsense or provenance note (`Abator \…\, n.
        // (Law)` then `(a) One who abates …`: the subsenses were read as the head's one definition).
        // An `(a)` that wraps inside a bracket the head left open (`[Oxy` / `(b) + benzoic.]`) is not one.
        var headEnd = 0
        var open = 0
        while headEnd < lines.count, !lines[headEnd].text.isEmpty, !isProvenanceLine(lines[headEnd].text),
              headEnd == 0 || (senseNumber(lines[headEnd].text) == nil && (open > 0 || GCIDEBody.subsense(lines[headEnd].text) == nil))
        {
            for character in lines[headEnd].text {
                if character == "[" || character == "(" { open += 1 } else if character == "]" || character == ")" { open = max(0, open - 1) }
            }
            headEnd += 1
        }
        var head = GCIDEHead.parse(lines[..<headEnd].map(\.text).joined(separator: " "))
        var body = Array(lines[headEnd...].filter { !isProvenanceLine($0.text) })
        if !head.rest.isEmpty { body.insert((indent: 3, text: head.rest), at: 0) }
        var senses = GCIDEBody(lines: body).senses()
        senses = senses.compactMap { sense in
            var sense = sense
            sense.formOf = formOf(sense.definition, headLabels: head.labels) ?? spelledOutFormOf(sense.definition)
            let etymology = clean(&sense)
            if let etymology { head.etymologies.append(etymology) }
            return sense.definition.isEmpty && sense.subsenses.isEmpty && sense.examples.isEmpty ? nil : sense
        }
        if !head.forms.isEmpty, !senses.isEmpty { senses[0].labels.insert(head.forms.joined(separator: "; "), at: 0) }
        if !head.labels.isEmpty {
            for index in senses.indices { senses[index].labels.insert(contentsOf: head.labels, at: 0) }
        }
        let etymology = head.etymologies.map { tidy($0) }.filter { !$0.isEmpty }.joined(separator: " ")
        return ParsedEntry(
            headword: head.headword, pronunciation: head.pronunciation, partOfSpeech: head.partOfSpeech,
            etymology: etymology.isEmpty ? nil : etymology, senses: senses
        )
    }

    // MARK: Forms of other words

    /// The word a sense says the headword is a form of, and which form: `pl. of {Mouse}.` (plural of Mouse),
    /// `imp. & p. p. of {Wend}; -- now obsolete …`, `The 3d pers. sing. pres. of {Do}.`, `obs. imp. of {Gnaw}.`; a
    /// bare `of {Wend}` takes the form from the head, whose part of speech it was (`Went \Went\, imp. & p. p. of
    /// {Wend}`). Nil unless the sense starts so, with only these abbreviations before `of`.
    static func formOf(_ raw: String, headLabels: [String]) -> FormOf? {
        var text = Substring(raw.trimmingWhitespace())
        for article in ["The ", "the "] where text.hasPrefix(article) { text = text.dropFirst(article.count) }
        // `of {` among the first words (by hand: `ranges(of:)`'s first use scans the binary's conformance records).
        var of: Range<Substring.Index>?
        var search = text.startIndex
        while of == nil, let letter = text[search...].prefix(48).firstIndex(of: "o") {
            if text[letter...].hasPrefix("of {"), letter == text.startIndex || text[text.index(before: letter)] == " " {
                of = letter..<text.index(letter, offsetBy: 4)
            }
            search = text.index(after: letter)
        }
        // `n. pl.` then `See {Foot}.` (Feet, Bacteria): the plural of that word.
        if of == nil, headLabels.contains("plural"), text.hasPrefix("See {"), let close = text.firstIndex(of: "}"),
           text[text.index(after: close)...].allSatisfy({ $0 == "." || $0 == " " }) {
            let lemma = tidy(String(text[text.index(text.startIndex, offsetBy: 4)...close])).trimmingCharacters(in: ".,;: ")
            return lemma.isEmpty ? nil : FormOf(lemma: lemma, form: "plural")
        }
        guard let of, let close = text[of.upperBound...].firstIndex(of: "}") else { return nil }
        // (`{Try.}`: the period is not the word's.)
        let lemma = tidy(String(text[text.index(before: of.upperBound)...close])).trimmingCharacters(in: ".,;: ")
        let after = text[text.index(after: close)...]
        guard !lemma.isEmpty, lemma.count <= 40, after.first.map({ ".,;: [".contains($0) }) ?? true, !definesItself(after)
        else { return nil }
        let words = text[..<of.lowerBound].split(separator: " ")
        var names: [String] = []
        var index = 0
        while index < words.count {
            guard let (length, name) = formNames.lazy.compactMap({ phrase, name -> (Int, String)? in
                let parts = phrase.split(separator: " ")
                return words.count - index >= parts.count && words[index..<(index + parts.count)].elementsEqual(parts) ? (parts.count, name) : nil
            }).first else { return nil }
            names.append(name)
            index += length
        }
        if names.isEmpty {
            names = headLabels.filter { inflectionLabels.contains($0) }
            guard !names.isEmpty else { return nil }
            return FormOf(lemma: lemma, form: names.joined(separator: " and "))
        }
        guard names.contains(where: { inflectionLabels.contains($0) || $0.hasSuffix("present") || $0 == "variant" || $0 == "feminine" })
        else { return nil }
        return FormOf(lemma: lemma, form: names.joined(separator: " "))
    }

    /// The forms of *be* GCIDE words out in full (*am*, *is*, *are*, *was*, *were*, *wast*, *wert*): `The first person
    /// singular of the verb be, in the indicative mode, present tense.`, `The imperfect indicative plural, and imperfect
    /// subjunctive singular and plural, of the verb be.` — the person, number and tense they name (`first-person
    /// singular present`, `past tense`). Nil unless the sense starts `The …` and says `of the (substantive) verb`.
    static func spelledOutFormOf(_ raw: String) -> FormOf? {
        let text = raw.trimmingWhitespace()
        let bytes = Array(text.utf8)[...]
        guard text.hasPrefix("The "),
              let found = firstRange(of: Array(" of the verb ".utf8), in: bytes)
                ?? firstRange(of: Array(" of the substantive verb ".utf8), in: bytes)
        else { return nil }
        // (ASCII around the phrase: its byte offsets are character boundaries.)
        let verb = text.utf8.index(text.startIndex, offsetBy: found.lowerBound)..<text.utf8.index(text.startIndex, offsetBy: found.upperBound)
        let description = text[text.index(text.startIndex, offsetBy: 4)..<verb.lowerBound]
        guard description.count <= 100 else { return nil }
        var rest = text[verb.upperBound...]
        if rest.hasPrefix("to ") { rest = rest.dropFirst(3) }
        let lemma = rest.prefix { $0.isLetter }
        guard !lemma.isEmpty else { return nil }
        // The sentence: what names the form before the verb and after it (`…, in the indicative mode, present tense`).
        let sentence = (description + " " + rest.dropFirst(lemma.count).prefix { $0 != "." && $0 != ";" }).lowercased()
        let words = Set(sentence.split { !$0.isLetter }.map(String.init))
        guard words.isSubset(of: spelledOutFormWords) else { return nil }
        var parts: [String] = []
        let persons = ["first", "second", "third"].filter(words.contains)
        if !persons.isEmpty { parts.append(persons.count == 1 ? persons[0] + "-person" : persons.joined(separator: "- and ") + "-person") }
        let (singular, plural) = (words.contains("singular"), words.contains("plural"))
        let number = singular == plural ? nil : singular ? "singular" : "plural"
        let tense = words.contains("present") ? "present"
            : words.contains("imperfect") || words.contains("preterit") || words.contains("past") ? "past" : nil
        if let number, !persons.isEmpty || tense == nil { parts.append(number) }
        if let tense { parts.append(parts.isEmpty && number == nil ? tense + " tense" : tense) }
        if let number, persons.isEmpty, tense != nil { parts.append(number) }
        guard !parts.isEmpty else { return nil }
        return FormOf(lemma: String(lemma), form: parts.joined(separator: " "))
    }

    /// The words a spelled-out form may be named with (anything else is a definition that happens to say "of the verb").
    static let spelledOutFormWords: Set<String> = [
        "first", "second", "third", "person", "persons", "singular", "plural", "and", "in", "the", "indicative",
        "subjunctive", "mode", "mood", "moods", "modes", "present", "imperfect", "preterit", "past", "tense", "tenses",
    ]

    /// Whether what follows a form-of's lemma goes on to define the word itself (`dice`: `pl. of {Die}. Small cubes
    /// used in gaming …`): then the sense is a definition that names a form, not a form alone. A part of speech
    /// (`, v. t.`), a remark after a semicolon, a cross-reference (`See …`), an etymology or a label may follow.
    static func definesItself(_ after: Substring) -> Bool {
        var rest = after.drop { $0 == " " }
        // `{bead}, v. t. & i.`: the lemma's part of speech.
        while rest.first == "," || rest.first == " " || rest.first == "&" {
            let next = rest.drop { $0 == "," || $0 == " " || $0 == "&" }
            let word = next.prefix { $0 != " " && $0 != "," && $0 != ";" }
            guard word.count <= 5, word.hasSuffix(".") || word == "&" else { break }
            rest = next[word.endIndex...]
        }
        guard rest.first == "." else { return false }
        let sentence = rest.dropFirst().drop { $0 == " " }
        return !(sentence.isEmpty || sentence.hasPrefix("See ") || sentence.hasPrefix("[") || sentence.hasPrefix("(")
            || sentence.hasPrefix("--") || sentence.hasPrefix("\"") || sentence.first?.isLowercase == true)
    }

    /// GCIDE's abbreviations for forms, the longer phrases first.
    static let formNames: [(String, String)] = [
        ("3d pers. sing. pres.", "third-person singular present"), ("3d. pers. sing. pres.", "third-person singular present"),
        ("3d pers. sing. pr.", "third-person singular present"), ("3d sing. pres.", "third-person singular present"),
        ("3d pers. sing.", "third-person singular"), ("2d pers. sing. pres.", "second-person singular present"),
        ("2d pers. sing. imp.", "second-person singular past tense"), ("2d pers. sing.", "second-person singular"),
        ("p. p.", "past participle"), ("p. pr.", "present participle"), ("pr. p.", "present participle"),
        ("vb. n.", "verbal noun"), ("p. a.", "participial adjective"), ("imp.", "past tense"), ("pret.", "past tense"),
        ("pl.", "plural"), ("sing.", "singular"), ("superl.", "superlative"), ("Superl.", "superlative"),
        ("compar.", "comparative"), ("comp.", "comparative"), ("obs.", "obsolete"), ("Obs.", "obsolete"),
        ("fem.", "feminine"), ("var.", "variant"), ("Var.", "variant"), ("L.", "Latin"), ("E.", "English"),
        ("pres.", "present"), ("indic.", "indicative"), ("subj.", "subjunctive"), ("&", "and"), ("a.", "adjective"),
    ]

    static let inflectionLabels: Set<String> = [
        "past tense", "past participle", "present participle", "plural", "superlative", "comparative", "verbal noun",
        "participial adjective",
    ]

    // MARK: Text

    /// Replaces `[add]`-style entities with Unicode; brackets that are not entities (`[Obs.]`) stay.
    static func resolveEntities(_ text: String) -> String {
        guard text.contains("[") else { return text }
        var result = ""
        var rest = Substring(text)
        // A substring is made a String before it is added: adding it as it is goes through the generic, unspecialised
        // `append(contentsOf:)` of any sequence of characters, whose first use scans the binary's conformance records.
        while let open = rest.firstIndex(of: "[") {
            result += String(rest[..<open])
            let after = rest.index(after: open)
            if let close = rest[after...].prefix(9).firstIndex(of: "]"),
               let mapped = GCIDEEntities.table[String(rest[after..<close])]
            {
                result += mapped
                rest = rest[rest.index(after: close)...]
            } else {
                result.append("[")
                rest = rest[after...]
            }
        }
        result += String(rest)
        return result
    }

    /// Whether a whole line is a provenance note: `[1913 Webster]`, `[Webster 1913 Suppl.]`, `[PJC]`, `[WordNet 1.5 +PJC]`.
    static func isProvenanceLine(_ line: String) -> Bool {
        guard line.hasPrefix("["), line.hasSuffix("]") else { return false }
        return line.dropFirst().dropLast().split(separator: "]").allSatisfy { isProvenance($0.drop { $0 == "[" || $0 == " " }) }
    }

    /// Whether the text inside brackets names a source rather than saying something about the word.
    static func isProvenance(_ content: Substring) -> Bool {
        // By bytes: `Substring.contains` goes through _StringProcessing's searcher, whose first use of a process scans
        // every conformance record of the binary (0.8 million instructions of a `lookup houses --offline`).
        let bytes = Array(content.utf8)[...]
        if ["Webster", "WordNet", "PJC"].contains(where: { firstRange(of: Array($0.utf8), in: bytes) != nil }) { return true }
        let words = content.split(whereSeparator: { $0 == " " || $0 == "+" })
        return !words.isEmpty && words.allSatisfy { word in
            word.count >= 2 && word.count <= 5 && word.allSatisfy { ($0.isUppercase || $0.isNumber) && $0.isASCII }
        }
    }

    /// A numbered sense's number and text (`2. To move …`), when the line starts one.
    static func senseNumber(_ line: String) -> (Int, Substring)? {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, let number = Int(digits) else { return nil }
        let rest = line[digits.endIndex...]
        guard rest.first == "." , rest.dropFirst().first.map({ $0 == " " }) ?? true else { return nil }
        return (number, rest.dropFirst().trimmingWhitespaceSubstring())
    }

    /// Resolves a sense's markup in place: leading `(Zool.)` and bracketed `[Obs.]` become labels, trailing
    /// `--Author` and inline quotations become examples; returns a bracketed sense-level etymology, if any.
    static func clean(_ sense: inout ParsedSense) -> String? {
        var etymology: String?
        var text = Substring(tidy(sense.definition))
        // A leading `[AS. wealcan to roll.]` is this sense's own etymology.
        if text.hasPrefix("["), let close = matching(text, open: text.startIndex) {
            let content = text[text.index(after: text.startIndex)..<close]
            let first = content.prefix { $0 != " " }
            if !isLabel(content) && !isProvenance(content) && first.hasSuffix(".") && first.first?.isUppercase == true {
                etymology = String(content)
                text = text[text.index(after: close)...].trimmingWhitespaceSubstring()
            }
        }
        while text.hasPrefix("("), let close = matching(text, open: text.startIndex),
              isLabel(text[text.index(after: text.startIndex)..<close])
        {
            sense.labels.append(String(text[text.index(after: text.startIndex)..<close]))
            text = text[text.index(after: close)...].trimmingWhitespaceSubstring()
        }
        var definition = ""
        var rest = text
        let closing = closingBrackets(text, opener: "[")
        while let open = rest.firstIndex(where: { $0 == "[" || $0 == "\"" }) {
            definition += String(rest[..<open])  // (a String: see resolveEntities)
            if rest[open] == "[", let close = closing[open] {
                let content = rest[rest.index(after: open)..<close]
                if isLabel(content) { sense.labels.append(String(content)) } else if !isProvenance(content) {
                    definition += "(\(content))"
                }
                rest = rest[rest.index(after: close)...]
            } else if rest[open] == "\"", let close = rest[rest.index(after: open)...].firstIndex(of: "\"") {
                var quote = String(rest[rest.index(after: open)..<close]).trimmingWhitespace()
                rest = rest[rest.index(after: close)...]
                if let author = leadingAttribution(&rest) { quote += " — " + author }
                if !quote.isEmpty { sense.examples.append(quote) }
            } else {
                definition.append(rest[open])
                rest = rest[rest.index(after: open)...]
            }
        }
        definition += String(rest)
        if let dashes = definition.ranges(of: " --").last,
           !definition[dashes.upperBound...].contains(" -- "),
           definition[dashes.upperBound...].first.map({ $0.isLetter || $0.isNumber }) == true
        {
            definition = String(definition[..<dashes.lowerBound])
        }
        sense.definition = tidy(([definition] + sense.notes).joined(separator: " ")).trimmingCharacters(in: " ;:,")
        sense.notes = []
        sense.examples = sense.examples.map { tidy($0) }
        sense.labels = unique(sense.labels.map { tidy($0) }.filter { !$0.isEmpty })
        for index in sense.subsenses.indices {
            if let inner = clean(&sense.subsenses[index]) { etymology = [etymology, inner].compactMap { $0 }.joined(separator: " ") }
        }
        return etymology
    }

    /// `--Spenser.` right after a quotation: the author, removed from `rest`.
    static func leadingAttribution(_ rest: inout Substring) -> String? {
        let trimmed = rest.drop { $0 == " " }
        guard trimmed.hasPrefix("--"), trimmed.dropFirst(2).first.map({ $0.isLetter || $0.isNumber }) == true else {
            return nil
        }
        let body = trimmed.dropFirst(2)
        let end = body.firstIndex(of: "\"") ?? body.endIndex
        rest = body[end...]
        return String(body[..<end]).trimmingWhitespace()
    }

    /// A label: `Obs.`, `Zool.`, `R.`, `Obs. or Colloq.`, `Cant`, `U.S.` — a few capitalised words or abbreviations.
    static func isLabel(_ content: Substring) -> Bool {
        let words = content.split(separator: " ")
        guard !words.isEmpty, words.count <= 4, content.count <= 30 else { return false }
        return words.allSatisfy { word in
            ["or", "&", "and", "in", "of", "&c."].contains(word) || (word.first?.isUppercase == true && word.count <= 12)
                || lowercaseLabels.contains(word.lowercased())
        } && !words.contains { $0.hasSuffix(",") }
    }

    static let lowercaseLabels: Set<String> = [
        "slang", "slang.", "colloq.", "obs.", "rare", "rare.", "informal", "vulgar", "archaic", "dial.", "fig.", "jocose",
        "poetic", "cant", "local", "prov.", "usually", "often", "plural", "pl.",
    ]

    /// The index of the bracket that closes the one at `open`, counting nesting.
    static func matching(_ text: Substring, open: Substring.Index) -> Substring.Index? {
        let opener = text[open]
        let closer: Character = opener == "[" ? "]" : opener == "(" ? ")" : "}"
        var depth = 0
        for index in text[open...].indices {
            if text[index] == opener { depth += 1 } else if text[index] == closer {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// Where each bracket `opener` in `text` closes (nesting counted, as ``matching(_:open:)`` counts it), in one pass:
    /// asking ``matching(_:open:)`` of every bracket in turn rescans to the end of the text for each one left open,
    /// which made a text of many `[` or `(` quadratic (seen reading what the slow dict-text fuzz target runs).
    static func closingBrackets(_ text: Substring, opener: Character) -> [Substring.Index: Substring.Index] {
        let closer: Character = opener == "[" ? "]" : opener == "(" ? ")" : "}"
        var open: [Substring.Index] = []
        var closing: [Substring.Index: Substring.Index] = [:]
        for index in text.indices {
            if text[index] == opener {
                open.append(index)
            } else if text[index] == closer, let start = open.popLast() {
                closing[start] = index
            }
        }
        return closing
    }

    /// A headword's text without the syllable and stress marks between its letters (`Red"dish*ness` → `Reddishness`).
    static func withoutMarks(_ text: Substring) -> String {
        let characters = Array(text)
        var result = ""
        for (position, character) in characters.enumerated() {
            if character == "*" || character == "\"" || character == "`", position > 0, position + 1 < characters.count,
               characters[position - 1].isLetter, characters[position + 1].isLetter {
                continue
            }
            result.append(character)
        }
        return result
    }

    /// Resolves `{…}` and `\…\` to their text, drops inline provenance notes and collapses white space.
    static func tidy(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        // Compared one by one: asking a string literal whether it contains each Character iterated the literal for
        // every Character of the text (a sixth of parsing a GCIDE entry, callgrind).
        while let index = rest.firstIndex(where: { $0 == "{" || $0 == "}" || $0 == "\\" || $0 == "[" }) {
            result += String(rest[..<index])  // (a String: see resolveEntities)
            let character = rest[index]
            rest = rest[rest.index(after: index)...]
            switch character {
            case "\\":
                if let close = rest.firstIndex(of: "\\") {
                    for character in rest[..<close] where character != "*" && character != "\"" && character != "`" {
                        result.append(character)
                    }
                    rest = rest[rest.index(after: close)...]
                }
            case "[":
                // A provenance note is an innermost bracket: no `[` before its `]` (looking past other `[` for a `]`
                // rescanned the rest of the text for each of them).
                if let close = rest.firstIndex(where: { $0 == "]" || $0 == "[" }), rest[close] == "]",
                   isProvenance(rest[..<close])
                {
                    rest = rest[rest.index(after: close)...]
                } else {
                    result.append("[")
                }
            case "{":
                // A run-on derivative keeps its syllable and stress marks (`{Red"dish*ness}`): a mark between two
                // letters goes.
                guard let close = rest.firstIndex(where: { $0 == "}" || $0 == "{" }), rest[close] == "}" else { break }
                result += withoutMarks(rest[..<close])
                rest = rest[rest.index(after: close)...]
            default: break
            }
        }
        result += String(rest)
        return dashesAndCommas(collapse(result))
    }

    /// `text.replacing(" -- ", with: " — ").replacing("; --", with: "; —").replacing(" ,", with: ",")`, with the same
    /// result, without the string-processing library's generic search where it cannot match: ASCII text is replaced
    /// byte by byte (one byte is one Character there, the patterns hold no CR or LF), and other text only goes to
    /// `replacing` when the pattern's bytes occur (`;` also as U+037E, the one character canonically equal to one of
    /// the patterns'). The three generic searches were a quarter of parsing a GCIDE entry (callgrind).
    static func dashesAndCommas(_ text: String) -> String {
        var text = text
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(text.utf8)
            bytes = replacingASCII(bytes, Array(" -- ".utf8), with: Array(" — ".utf8))
            bytes = replacingASCII(bytes, Array("; --".utf8), with: Array("; —".utf8))
            bytes = replacingASCII(bytes, Array(" ,".utf8), with: Array(",".utf8))
            return String(decoding: bytes, as: UTF8.self)
        }
        if containsBytes(text, " -- ") { text = text.replacing(" -- ", with: " — ") }
        if containsBytes(text, "; --") || containsBytes(text, "\u{37E} --") { text = text.replacing("; --", with: "; —") }
        if containsBytes(text, " ,") { text = text.replacing(" ,", with: ",") }
        return text
    }

    /// `bytes` with every occurrence of `pattern` replaced, left to right, as `replacing` does.
    static func replacingASCII(_ bytes: [UInt8], _ pattern: [UInt8], with replacement: [UInt8]) -> [UInt8] {
        guard var next = firstRange(of: pattern, in: bytes[...]) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var start = 0
        while true {
            output += bytes[start..<next.lowerBound]
            output += replacement
            start = next.upperBound
            guard let found = firstRange(of: pattern, in: bytes[start...]) else { break }
            next = found
        }
        output += bytes[start...]
        return output
    }

    /// Whether `pattern`'s UTF-8 bytes occur in `text`'s.
    static func containsBytes(_ text: String, _ pattern: String) -> Bool {
        firstRange(of: Array(pattern.utf8), in: Array(text.utf8)[...]) != nil
    }

    static func firstRange(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = bytes.startIndex
        while index + pattern.count <= bytes.endIndex {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return index..<index + pattern.count
            }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing spaces and characters of `set`.
    func trimmingCharacters(in set: String) -> String {
        // By indices, one slice: building the result from a reversed, dropped, reversed view went Character by
        // Character through generic code and was a quarter of parsing a GCIDE entry (callgrind).
        let trimmed = { (character: Character) in character == " " || set.contains(character) }
        guard let first = firstIndex(where: { !trimmed($0) }) else { return "" }
        return String(self[first...lastIndex(where: { !trimmed($0) })!])
    }
}
