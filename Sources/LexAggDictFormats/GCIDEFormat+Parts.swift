import LexAggCore

/// The head of a GCIDE entry: `Walk \Walk\ (w[add]k), v. i. [imp. & p. p. {Walked}; …] [OE. walken …]`.
struct GCIDEHead {
    var headword = ""
    var pronunciation: String?
    var partOfSpeech: PartOfSpeech?
    var labels: [String] = []
    var forms: [String] = []
    var etymologies: [String] = []
    /// Text after the head's markup: the definition of an entry with one unnumbered sense.
    var rest = ""

    /// Parts of speech as GCIDE abbreviates them, longest first; the label says which kind of verb.
    static let partsOfSpeech: [(String, PartOfSpeech, String?)] = [
        ("v. t. & i.", .verb, nil), ("v. i. & t.", .verb, nil), ("v. t.", .verb, "transitive"),
        ("v. i.", .verb, "intransitive"), ("v. impers.", .verb, "impersonal"), ("v.", .verb, nil),
        ("n. pl.", .noun, "plural"), ("n. sing.", .noun, nil),
        // Spelled out or abbreviated with what kind they are (`The \The\ (…), definite article.`, `Its \Its\ (…),
        // poss. pron.`): the kind is a label.
        ("definite article", PartOfSpeech("article"), "definite"), ("indefinite article", PartOfSpeech("article"), "indefinite"),
        ("def. art.", PartOfSpeech("article"), "definite"), ("pers. pron.", PartOfSpeech("pronoun"), "personal"),
        ("poss. pron.", PartOfSpeech("pronoun"), "possessive"), ("possessive pron.", PartOfSpeech("pronoun"), "possessive"),
        ("indef. pron.", PartOfSpeech("pronoun"), "indefinite"), ("interrog. adv.", .adverb, "interrogative"),
        ("interrog. pron.", PartOfSpeech("pronoun"), "interrogative"), ("pred. a.", .adjective, "predicative"),
        ("pred. adj.", .adjective, "predicative"), ("prop. a.", .adjective, nil), ("prop. adj.", .adjective, nil),
        ("pr. n.", PartOfSpeech("proper noun"), nil),
        ("n.", .noun, nil), ("adj.", .adjective, nil), ("a.", .adjective, nil), ("adv.", .adverb, nil),
        ("prop. n.", PartOfSpeech("proper noun"), nil), ("prep.", PartOfSpeech("preposition"), nil), ("conj.", PartOfSpeech("conjunction"), nil),
        ("interj.", PartOfSpeech("interjection"), nil), ("pron.", PartOfSpeech("pronoun"), nil),
        ("p. p.", .verb, "past participle"), ("p. a.", .adjective, "participial"), ("p. pr.", .verb, "present participle"),
        ("imp.", .verb, "past tense"), ("pl.", .noun, "plural"), ("prefix", PartOfSpeech("prefix"), nil),
        ("pref.", PartOfSpeech("prefix"), nil), ("suffix", PartOfSpeech("suffix"), nil),
        ("suff.", PartOfSpeech("suffix"), nil), ("superl.", .adjective, "superlative"),
        ("compar.", .adjective, "comparative"), ("pret.", .verb, "past tense"),
    ]
    static let inflectionStarts = [
        "imp.", "pl.", "p. p.", "p. pr.", "superl.", "compar.", "Compar.", "Superl.", "sing.", "pret.", "3d", "pres.", "obs.",
    ]
    static let headLabels = [
        "Obs", "R.", "Colloq", "Archaic", "Eng", "Scot", "U. S.", "U.S.", "Prov", "Poetic", "Slang", "Cant", "Local",
        "Rare", "Vulgar", "Jocose", "Low", "Humorous", "Dial", "Recent", "Brit", "Canada", "India", "Australia",
    ]

    static func parse(_ text: String) -> GCIDEHead {
        var head = GCIDEHead()
        var rest = Substring(text)
        guard let slash = rest.firstIndex(of: "\\") else {
            head.rest = text
            return head
        }
        head.headword = String(rest[..<slash]).trimmingWhitespace()
        rest = rest[slash...]
        // Brackets matched once for the whole head: asking ``GCIDEFormat/matching(_:open:)`` at each variant rescanned
        // to the end for every `(` left open.
        let parentheses = GCIDEFormat.closingBrackets(rest, opener: "(")
        let brackets = GCIDEFormat.closingBrackets(rest, opener: "[")
        // `\Par['a] rubber\` keeps the accents the flat headword before it lost (`Par'a rubber`).
        if let close = rest.dropFirst().firstIndex(of: "\\") {
            let spelled = collapse(String(rest[rest.index(after: rest.startIndex)..<close].filter { !"*\"`".contains($0) }))
            if !spelled.isEmpty, !spelled.contains("/"), spelled.count >= head.headword.count - 2 { head.headword = spelled }
        }
        // The respelling was read (or, with characters the database lost, `(k??d)`, left out): a later parenthesis is
        // not one.
        var respelled = false
        // `\Walk\ (w[add]k)`, repeated for variants: `Aaronic \…\ (…), Aaronical \…\ (…), a.`
        while rest.first == "\\", let close = rest.dropFirst().firstIndex(of: "\\") {
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
            if rest.first == "(", let end = parentheses[rest.startIndex] {
                let inside = rest[rest.index(after: rest.startIndex)..<end]
                if !GCIDEFormat.isLabel(inside) {
                    if head.pronunciation == nil, !respelled { head.pronunciation = pronunciation(inside, headword: head.headword) }
                    respelled = true
                    rest = rest[rest.index(after: end)...]
                }
            }
            let next = rest.firstIndex(of: "\\") ?? rest.endIndex
            if next != rest.endIndex, !rest[..<next].contains(".") { rest = rest[next...] }
        }
        // Part of speech, then inflections, labels and etymology in any order.
        var sawPartOfSpeech = false
        // A form-of phrase the etymology followed, the start of the definition (``formOfBeforeEtymology``).
        var kept = ""
        while true {
            rest = rest.drop { " ,;.&".contains($0) }
            if !sawPartOfSpeech, let match = partsOfSpeech.first(where: { starts(rest, with: $0.0) }) {
                sawPartOfSpeech = true
                head.partOfSpeech = match.1
                if let label = match.2 { head.labels.append(label) }
                rest = rest.dropFirst(match.0.count)
                // `a. & n.`, `prep., adv. & conj.`, `a., conj., & adv.`: the first part of speech wins; skip the
                // others. After a comma only a word class (`n., pl. of {Mouse}` is a plural, not a second one).
                while true {
                    let separator = rest.prefix { $0 == " " || $0 == "," || $0 == "&" }
                    let candidate = rest[separator.endIndex...]
                    let more = separator.contains("&")
                        ? partsOfSpeech.first(where: { starts(candidate, with: $0.0) })
                        : separator.contains(",") ? partsOfSpeech.first(where: { $0.2 == nil && starts(candidate, with: $0.0) }) : nil
                    guard let more else { break }
                    // `imp. & p. p. of {Wend}`: both forms are named (the form-of sense takes them from here).
                    if let first = match.2, let label = more.2, GCIDEFormat.inflectionLabels.contains(first),
                       GCIDEFormat.inflectionLabels.contains(label), !head.labels.contains(label) {
                        head.labels.append(label)
                    }
                    rest = candidate.dropFirst(more.0.count)
                }
            } else if rest.first == "[", let close = brackets[rest.startIndex] {
                let content = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
                if GCIDEFormat.isProvenance(content) { continue }
                if inflectionStarts.contains(where: { content.hasPrefix($0) }) {
                    // Without the forms' respellings (`imp. {Went} (w[e^]nt)`), as the forms before a bracket.
                    head.forms.append(withoutRespellings(content, parentheses: parentheses).trimmingCharacters(in: "."))
                } else if GCIDEFormat.isLabel(content), headLabels.contains(where: { content.hasPrefix($0) }) {
                    head.labels.append(String(content))
                } else {
                    head.etymologies.append(String(content))
                }
            } else if rest.first == "(", let close = parentheses[rest.startIndex],
                      !GCIDEFormat.isLabel(rest[rest.index(after: rest.startIndex)..<close]), head.pronunciation == nil, !respelled
            {
                head.pronunciation = pronunciation(rest[rest.index(after: rest.startIndex)..<close], headword: head.headword)
                respelled = true
                rest = rest[rest.index(after: close)...]
            } else if sawPartOfSpeech, let lead = inflectionLead(rest), rest[lead...].drop(while: { $0 == " " }).first == "{" {
                // `n.; pl. {Houses}.`, `n.; pl. E. {Cellos} (…), It. {Celli} (…).`: the forms, each `{…}` with the
                // words that name it and its pronunciation (a Webster respelling, left out), to where they stop.
                var end = lead
                var text = String(rest[..<lead])
                scan: while true {
                    let next = rest[end...].drop { $0 == " " }
                    if next.first == "{", let close = next.firstIndex(of: "}") {
                        text += " " + String(next[...close])
                        end = next.index(after: close)
                    } else if next.first == "(", let close = parentheses[next.startIndex] {
                        let inside = next[next.index(after: next.startIndex)..<close]
                        if GCIDEFormat.isLabel(inside) { text += " " + String(next[...close]) }
                        end = next.index(after: close)
                    } else if let separator = next.first, separator == "," || separator == ";",
                              Self.startsForm(next.dropFirst().drop { $0 == " " }) {
                        text.append(separator)
                        end = next.index(after: next.startIndex)
                    } else if Self.startsForm(next), let word = Self.formWord(next) {
                        text += " " + String(next[..<word])
                        end = word
                    } else {
                        break scan
                    }
                }
                rest = rest[end...]
                head.forms.append(GCIDEFormat.tidy(text))
            } else if sawPartOfSpeech, let (phrase, open) = formOfBeforeEtymology(rest, brackets: brackets),
                      let close = brackets[open] {
                // `imp. of {Can}. [OF. coude …]` (Could, Might, Had): the bracket is the entry's etymology; the
                // form-of phrase stays where the definition starts.
                head.etymologies.append(String(rest[rest.index(after: open)..<close]))
                kept += (kept.isEmpty ? "" : " ") + phrase
                rest = rest[rest.index(after: close)...]
            } else if let (words, bracket) = wordsBeforeEtymology(rest, brackets: brackets) {
                // What the head says of the forms in words of its own before the etymology (`, or collectively,
                // {Fish}`, `; sometimes {Criterions} (…)`, `collect. & pl.`): with the forms, not a definition.
                let text = withoutRespellings(words, parentheses: parentheses).trimmingCharacters(in: " .")
                if !text.isEmpty {
                    if let last = head.forms.indices.last, text.first == "," || text.first == ";" || text.hasPrefix("or ") {
                        head.forms[last] += text.first == "o" ? " " + text : text
                    } else {
                        head.forms.append(text.trimmingCharacters(in: ",; "))
                    }
                }
                rest = rest[bracket...]
            } else {
                break
            }
        }
        head.rest = (kept.isEmpty ? "" : kept + " ") + String(rest).trimmingWhitespace()
        head.rest = head.rest.trimmingWhitespace()
        return head
    }

    /// A form-of phrase (`of {Can}.`) right before a bracket that gives an etymology (`[OF. coude …]`, not a label
    /// such as `[Obs.]`): the phrase, and where the bracket opens.
    static func formOfBeforeEtymology(
        _ text: Substring, brackets: [Substring.Index: Substring.Index]
    ) -> (String, Substring.Index)? {
        guard text.hasPrefix("of {"), let close = text.firstIndex(of: "}"),
              let open = text[close...].prefix(8).firstIndex(of: "["), let end = brackets[open],
              text[text.index(after: close)..<open].allSatisfy({ ".,; ".contains($0) })
        else { return nil }
        let content = text[text.index(after: open)..<end]
        let first = content.prefix { $0 != " " }
        guard first.hasSuffix("."), first.first?.isUppercase == true, !GCIDEFormat.isLabel(content),
              !GCIDEFormat.isProvenance(content)
        else { return nil }
        return (String(text[...close]) + ".", open)
    }

    /// The head's words before its etymology, when they say something of its forms rather than define it: short, up
    /// to a bracket that gives an etymology (`[OE. fisch, …]`), and either naming forms (`{Fish}`) or only
    /// abbreviations (`collect. & pl.`); and where the bracket opens. Nil otherwise (a definition on the head line).
    static func wordsBeforeEtymology(
        _ text: Substring, brackets: [Substring.Index: Substring.Index]
    ) -> (Substring, Substring.Index)? {
        guard let open = text.prefix(200).firstIndex(of: "["), let close = brackets[open] else { return nil }
        let content = text[text.index(after: open)..<close]
        let first = content.prefix { $0 != " " }
        guard first.hasSuffix("."), first.first?.isUppercase == true, !GCIDEFormat.isLabel(content),
              !GCIDEFormat.isProvenance(content)
        else { return nil }
        let words = text[..<open]
        let abbreviations = words.split(separator: " ").allSatisfy { $0.hasSuffix(".") || ["&", "or", "and"].contains($0) }
        // `imp. of {Can}. [OF. coude …]` (Could, Might, Had) is the word's form-of sense, not its forms.
        let formOf = words.hasPrefix("of {") || words.split(separator: " ").contains("of")
        guard !formOf, words.contains("{") || abbreviations else { return nil }
        return (words, open)
    }

    /// Where the words that introduce inflected forms end: `pl.`, `imp. & p. p.`, `E. pl.`, `pl. E.` (a language's
    /// plural: one capitalised abbreviation before or after); nil when `text` does not start with them.
    static func inflectionLead(_ text: Substring) -> Substring.Index? {
        func language(_ text: Substring) -> Substring.Index? { languageAbbreviation(text, endingAtBrace: false) }
        var rest = text
        if let end = language(rest) { rest = rest[end...].drop { $0 == " " } }
        guard let start = inflectionStarts.first(where: { starts(rest, with: $0) }) else { return nil }
        rest = rest.dropFirst(start.count)
        if let end = language(rest.drop { $0 == " " }) { return end }
        return rest.startIndex
    }

    /// Forms' text tidied, without their respellings (`{Mice} (m[imac]s)`, `{Gone} (g[o^]n; 115)`): parentheses that
    /// are no label (`(Obs.)` stays), closing as `parentheses` says, go, and no space is left before a comma.
    static func withoutRespellings(_ text: Substring, parentheses: [Substring.Index: Substring.Index]) -> String {
        var kept = ""
        var remaining = text
        while let open = remaining.firstIndex(of: "("), let close = parentheses[open], close < remaining.endIndex {
            let inside = remaining[remaining.index(after: open)..<close]
            kept += GCIDEFormat.isLabel(inside) ? String(remaining[...close]) : String(remaining[..<open])
            remaining = remaining[remaining.index(after: close)...]
        }
        var form = ""
        for character in GCIDEFormat.tidy(kept + String(remaining)) {
            if character == "," || character == ";", form.last == " " { form.removeLast() }
            form.append(character)
        }
        return form
    }

    /// Whether `text` starts another inflected form: `{Celli}`, `It. {Celli}`, `L. pl. {Abaci}`, `or {…}`.
    static func startsForm(_ text: Substring) -> Bool {
        var rest = text
        for _ in 0..<4 {
            if rest.first == "{" { return true }
            guard let word = formWord(rest) else { return false }
            rest = rest[word...].drop { $0 == " " }
        }
        return false
    }

    /// The end of a word that names an inflected form: `pl.`, `p. pr.`, `vb. n.`, a language (`It.`, `L.`), `or`, `&`.
    static func formWord(_ text: Substring) -> Substring.Index? {
        if let start = formWords.first(where: { starts(text, with: $0) }) {
            return text.index(text.startIndex, offsetBy: start.count)
        }
        return languageAbbreviation(text, endingAtBrace: true)
    }

    static let formWords = inflectionStarts + ["vb. n.", "or", "&"]

    /// The end of a language's abbreviation that starts `text` (`It.`, `L.`, `Gr.`: a capital, at most three letters
    /// and a period, the word ending at a space, or at a `{` too with `endingAtBrace`), nil when it does not start
    /// with one.
    static func languageAbbreviation(_ text: Substring, endingAtBrace: Bool) -> Substring.Index? {
        let word = text.prefix { $0 != " " && (!endingAtBrace || $0 != "{") }
        guard word.count >= 2, word.count <= 4, word.last == ".", word.first?.isUppercase == true,
              word.dropLast().allSatisfy({ $0.isLetter })
        else { return nil }
        return word.endIndex
    }

    static func starts(_ text: Substring, with abbreviation: String) -> Bool {
        guard text.hasPrefix(abbreviation) else { return false }
        let after = text.dropFirst(abbreviation.count).first
        return after == nil || after == " " || after == "," || after == ";" || after == "[" || after == "("
            || (abbreviation.last != "." && after == ".")
    }

    /// `w[add]k` (entities already resolved) as a Webster respelling: `"` and `` ` `` become the primary and
    /// secondary accents, `*` a syllable break; a trailing `; 277` (a paragraph of Webster's guide) goes, and so does
    /// a remark after the respellings (``respellings(_:headword:)``: `thē, when emphatic or alone; …` is `thē`).
    /// Nil when the respelling lost characters: the database has `?` for those its conversion could not write
    /// (`Could (k??d)`), which would be shown as they are.
    static func pronunciation(_ text: Substring, headword: String? = nil) -> String? {
        guard !text.contains("?") else { return nil }
        var text = String(text)
        if let semicolon = text.lastIndex(of: ";"), text[text.index(after: semicolon)...].allSatisfy({ $0.isNumber || $0 == " " }) {
            text = String(text[..<semicolon])
        }
        // The respellings up to the first remark (`thē, when emphatic or alone; thē̆, obscure before a vowel`: thē);
        // none when it opens with one (A's `named ā in the English, and most commonly ä in other languages`).
        text = respellings(text, headword: headword)
        // No respelling: a paragraph of the guide alone (`(277)`, `(#; 277)`), or a subject label, capitalised and
        // without a stress or syllable mark (`Are (Metric system)`, `Ler (Irish mythology)`).
        guard text.contains(where: \.isLetter) else { return nil }
        if let first = text.first, first.isUppercase, !text.contains(where: { $0 == "\"" || $0 == "`" || $0 == "*" || $0 == "[" }) {
            return nil
        }
        // Built in place: mapping to strings and `joined()` went through the standard library's generic `joined`,
        // whose first use of a process scans the binary's conformance records.
        var mapped = ""
        mapped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\"": mapped += "ˈ"
            case "`": mapped += "ˌ"
            case "*": mapped += "-"
            case "{", "}": break
            default: mapped.append(character)
            }
        }
        return collapse(mapped)
    }
}

extension GCIDEHead {
    /// The leading respellings of a pronunciation's parenthesis, to the first part (between commas, semicolons, colons)
    /// that is a remark rather than a respelling: `kôrˈjal, formally kôrdˈyal` → `kôrˈjal`; `wĭnd, in poetry and
    /// singing often wīnd` → `wĭnd`; `kōr, pl. kōrz` and `ȧ emph. ā` stay whole. Empty when the first part is a
    /// remark (A's `named ā in the English, and most commonly ä in other languages`). The words of `headword` count
    /// as respelled (`kărˈrŭn oil` for *Carron oil*).
    static func respellings(_ text: String, headword: String?) -> String {
        let headwordWords = Set((headword ?? "").lowercased().split(separator: " ").map(String.init))
        var end = text.startIndex
        var start = text.startIndex
        var index = text.startIndex
        while true {
            let atEnd = index == text.endIndex
            if atEnd || text[index] == "," || text[index] == ";" || text[index] == ":" {
                guard isRespelling(text[start..<index], headwordWords: headwordWords) else { break }
                end = index
                if atEnd { break }
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        return String(text[..<end]).trimmingWhitespace()
    }

    /// Whether a part of a pronunciation's parenthesis respells the word: each of its alternatives (`kwoif or koif`,
    /// `ĕnˈsĭn also ĕnˈsīn`) one respelled word (`hous`), or words each marked as a respelling (stress, syllables, a
    /// diacritic: `zĭpˈ plŭs fōrˋ`), abbreviations (`ȧ emph. ā`, `Scot. & dial. to͞ot`) or the headword's own words
    /// (`kărˈrŭn oil`) — not words of a remark (`obscure before a vowel`, `also`).
    static func isRespelling(_ part: Substring, headwordWords: Set<String>) -> Bool {
        func respells(_ words: [Substring]) -> Bool {
            if words.count == 1 { return !remarkWords.contains(String(words[0])) && words[0].contains(where: \.isLetter) }
            return words.allSatisfy { word in
                word == "&" || (word.hasSuffix(".") && word.count <= 8 && word.dropLast().allSatisfy(\.isLetter))
                    || word.contains { !$0.isASCII || $0 == "\"" || $0 == "`" || $0 == "*" || $0 == "'" || $0 == "-" }
                    || headwordWords.contains(word.lowercased())
            }
        }
        var respelled = false
        var alternative: [Substring] = []
        let words: [Substring] = part.split(separator: " ") + ["or"]
        for word in words {
            guard word == "or" || word == "also" else {
                alternative.append(word)
                continue
            }
            if !alternative.isEmpty {
                guard respells(alternative) else { return false }
                respelled = true
            }
            alternative = []
        }
        return respelled
    }

    /// Words that alone make a part of a pronunciation's parenthesis a remark (`; also, less correctly, …`).
    static let remarkWords: Set<String> = ["also", "often", "commonly", "formerly", "sometimes", "usually", "rarely", "named"]
}

/// The body of a GCIDE entry, paragraph by paragraph: numbered senses, `(a)` subsenses, quotations, notes,
/// synonyms and `{Phrase}` definitions.
struct GCIDEBody {
    var lines: [(indent: Int, text: String)]

    func senses() -> [GCIDEFormat.ParsedSense] {
        var senses: [GCIDEFormat.ParsedSense] = []
        var synonyms: [String] = []
        for (indent, text) in paragraphs() {
            if indent <= 5, let numbered = GCIDEFormat.senseNumber(text) {
                senses.append(.init(definition: String(numbered.1)))
            } else if let subsense = subsense(text) {
                if senses.isEmpty { senses.append(.init(definition: "")) }
                senses[senses.count - 1].subsenses.append(.init(definition: subsense))
            } else if text.hasPrefix("Syn:") {
                let list = text.dropFirst(4).split(separator: ".", maxSplits: 1).first ?? ""
                synonyms += list.split(whereSeparator: { $0 == ";" || $0 == "," }).map { GCIDEFormat.tidy(String($0)) }
                    .filter { !$0.isEmpty && $0.split(separator: " ").count <= 3 && !$0.hasPrefix("—") }
            } else if text.hasPrefix("{"), indent <= 5 {
                senses.append(phrase(text))
            } else if indent >= 9, !senses.isEmpty {
                let example = citation(text)
                if senses[senses.count - 1].subsenses.isEmpty {
                    senses[senses.count - 1].examples.append(example)
                } else {
                    senses[senses.count - 1].subsenses[senses[senses.count - 1].subsenses.count - 1].examples.append(example)
                }
            } else if senses.isEmpty {
                senses.append(.init(definition: text))
            } else {
                let last = senses.count - 1
                if text.hasPrefix("Usage:"), senses[last].definition.isEmpty {
                    senses[last].definition = String(text.dropFirst(6)).trimmingWhitespace()
                } else {
                    senses[last].notes.append(text)
                }
            }
        }
        if !synonyms.isEmpty, !senses.isEmpty { senses[0].synonyms = unique(synonyms) }
        return senses
    }

    /// Paragraphs (first line's indent, text joined), split at blank lines and at lines that start a sense,
    /// subsense, note or phrase.
    func paragraphs() -> [(Int, String)] {
        var result: [(Int, String)] = []
        var current: (Int, [String])?
        for line in lines {
            let starts = line.indent <= 5 && (GCIDEFormat.senseNumber(line.text) != nil || line.text.hasPrefix("{")
                || line.text.hasPrefix("Note:") || line.text.hasPrefix("Usage:") || line.text.hasPrefix("Syn:"))
                || subsense(line.text) != nil
            if line.text.isEmpty || starts, let paragraph = current {
                result.append((paragraph.0, paragraph.1.joined(separator: " ")))
                current = nil
            }
            guard !line.text.isEmpty else { continue }
            if current == nil { current = (line.indent, []) }
            current?.1.append(line.text)
        }
        if let current { result.append((current.0, current.1.joined(separator: " "))) }
        return result
    }

    /// `(a) A place for keeping puppies.` → the text, when the line starts a lettered subsense.
    func subsense(_ text: String) -> String? { Self.subsense(text) }

    /// `(a) To come …` → `To come …`: a subsense's text, when the line starts one.
    static func subsense(_ text: String) -> String? {
        let characters = Array(text.prefix(4))
        guard characters.count == 4, characters[0] == "(", characters[1].isLowercase, characters[1].isASCII,
              characters[2] == ")", characters[3] == " " else { return nil }
        return String(text.dropFirst(4))
    }

    /// `{To walk over}, in racing, to go …` → `To walk over: in racing, to go …`, labels from `(Script.)`.
    func phrase(_ text: String) -> GCIDEFormat.ParsedSense {
        var rest = Substring(text)
        var name = ""
        var labels: [String] = []
        while let first = rest.first, first == "{" || first == "(" {
            guard let close = GCIDEFormat.matching(rest, open: rest.startIndex) else { break }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            if first == "(", GCIDEFormat.isLabel(inside) { labels.append(String(inside)) } else {
                name += (name.isEmpty ? "" : " ") + (first == "(" ? "(\(inside))" : GCIDEFormat.withoutMarks(inside))
            }
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        // `{To walk} in, to go in`: the phrase runs on past its braces to the comma.
        if let first = rest.first, first.isLetter, let comma = rest.firstIndex(of: ","), rest[..<comma].split(separator: " ").count <= 3 {
            name += " " + String(rest[..<comma])  // (a String: see GCIDEFormat.resolveEntities)
            rest = rest[comma...]
        }
        if rest.first == "," { rest = rest.dropFirst() }
        let definition = rest.trimmingWhitespaceSubstring()
        // Strings joined, not a String and a Substring (see GCIDEFormat.resolveEntities).
        let joined = definition.isEmpty ? name : definition.first == "." ? name + String(definition) : name + ": " + String(definition)
        return .init(definition: joined, labels: labels)
    }

    /// A quotation paragraph with its `--Author` as `text — Author`.
    func citation(_ text: String) -> String {
        // The last `--` at the start or after a space, found by bytes: `ranges(of:)` went through _StringProcessing's
        // searcher, whose first use in a process scans the binary's conformance records. (A `--` inside a longer run
        // of dashes follows a dash, so the overlapping matches this also sees are never taken.)
        let bytes = Array(text.utf8)
        var last: Int?
        for index in bytes.indices.dropLast()
        where bytes[index] == 0x2D && bytes[index + 1] == 0x2D && (index == 0 || bytes[index - 1] == 0x20) {
            last = index
        }
        guard let last else { return text }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: last)
        let dashes = start..<text.utf8.index(start, offsetBy: 2)
        guard text[dashes.upperBound...].first?.isLetter == true || text[dashes.upperBound...].first?.isNumber == true
        else { return text }
        let quote = text[..<dashes.lowerBound].trimmingWhitespaceSubstring()
        let author = text[dashes.upperBound...].trimmingWhitespaceSubstring()
        return quote.isEmpty ? String(author) : "\(quote) — \(author)"
    }
}
