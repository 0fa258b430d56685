/// Templates whose display Wiktionary computes from their arguments (and the page): `{{Latn-def}}`,
/// `{{ISO 639}}`, `{{frac}}`, `{{+obj}}`, `{{zh-mw}}`, `{{only used in}}`, the old `{{term}}` and `{{l/xx}}`.
extension WikitextRenderer {
    /// Renders `template` when it is one of these; `false` when it is not.
    func renderSpecial(_ template: Template, to output: inout [UInt8]) -> Bool {
        switch template.name {
        case "latn-def":
            appendLiteral(latinDefinition(template), to: &output)
        case "etydate", "etydate-lite":
            // {{etydate|1471}} → First attested in 1471; {{etydate|c|1400}} → First attested c. 1400 (the date of a
            // word's first record: dropped, it left "The adjective is in Middle English").
            let dates = template.positional.map { source.string(source.trimmed($0)) }.filter { !$0.isEmpty }
            guard let first = dates.first else { return true }
            let circa = first == "c" || first == "c."
            let shown = circa ? dates.dropFirst().first.map { "c. " + $0 } : "in " + first
            guard let shown else { return true }
            appendLiteral((template.named("nocap") != nil ? "first attested " : "First attested ") + shown, to: &output)
        case "iso 639":
            appendLiteral(isoDefinition(template), to: &output)
        case "frac":
            // {{frac|1|16}} → 1⁄16; {{frac|2|1|2}} → 2 1⁄2; {{frac|4}} → 1⁄4
            let parts = template.positional.map { source.string(source.trimmed($0)) }
            switch parts.count {
            case 0: return true
            case 1: appendLiteral("1⁄" + parts[0], to: &output)
            case 2: appendLiteral(parts[0] + "⁄" + parts[1], to: &output)
            default: appendLiteral(parts[0] + " " + parts[1] + "⁄" + parts[2], to: &output)
            }
        case "+obj", "+preo", "+posto":
            // {{+obj|de|dat}} → [+ dative]; {{+obj|en|to-infinitive}} → [+ to-infinitive]
            let objects = template.positional.dropFirst().map { source.string(source.trimmed($0)) }
                .filter { !$0.isEmpty }.map { FormOfTemplate.tagNames[$0] ?? $0 }
            guard !objects.isEmpty else { return true }
            appendLiteral("[+ " + objects.joined(separator: " or ") + "]", to: &output)
        case "zh-mw", "zh-mw-lite":
            // {{zh-mw|m:個|c:隻}} → Classifiers: 個, 隻
            let words = template.positional.map { range -> String in
                let raw = render(range)
                guard let colon = raw.firstIndex(of: ":"), raw.distance(from: raw.startIndex, to: colon) <= 4 else {
                    return raw
                }
                return String(raw[raw.index(after: colon)...])
            }.filter { !$0.isEmpty }
            guard !words.isEmpty else { return true }
            appendLiteral((words.count == 1 ? "Classifier: " : "Classifiers: ") + words.joined(separator: ", "), to: &output)
        case "only used in", "only in":
            // {{only used in|en|hoi polloi}} → Only used in hoi polloi
            let offset = template.named("lang") != nil ? 0 : 1
            appendLiteral(template.named("nocap") != nil ? "only used in " : "Only used in ", to: &output)
            let alt = template.named("alt") ?? template.positional(offset + 1)
            appendArgument(hasText(alt) ? alt : template.positional(offset), to: &output)
            appendGloss(template, positionalIndex: nil, to: &output)
        case "zh-only":
            // {{zh-only|家己|ka-kī}} → Only used in 家己 (ka-kī); `tr=-` hides the reading
            appendLiteral("Only used in ", to: &output)
            appendArgument(template.positional(0), to: &output)
            let reading = template.named("tr") ?? template.positional(1)
            if hasText(reading), let reading, source.string(source.trimmed(reading)) != "-" {
                appendLiteral(" (", to: &output)
                appendArgument(reading, to: &output)
                appendLiteral(")", to: &output)
            }
        case "†":
            // {{†}} marks an obsolete sense with a dagger before the definition
            appendLiteral("†", to: &output)
        case "term", "term-lite":
            // the old {{term|Wasser||water|lang=de}}: term, alternative display, gloss
            let alt = template.named("alt") ?? template.positional(1)
            appendArgument(hasText(alt) ? alt : template.positional(0), to: &output)
            appendGloss(template, positionalIndex: 2, to: &output)
        case "taxon":
            // {{taxon|genus|family|Felidae|cats}} → A taxonomic genus within the family Felidae – cats.
            let parts = template.positional.map { render($0) }
            guard let rank = parts.first, !rank.isEmpty else { return true }
            var text = ("aeiou".contains(rank.first ?? "x") ? "An " : "A ") + "taxonomic \(rank)"
            if parts.count > 2, !parts[1].isEmpty, !parts[2].isEmpty { text += " within the \(parts[1]) \(parts[2])" }
            if parts.count > 3, !parts[3].isEmpty { text += " – \(parts[3])" }
            appendLiteral(text + ".", to: &output)
        case "demonym-adj", "demonym-noun", "native or resident of":
            // {{demonym-adj|en|Canada}} → Of, from, or relating to Canada.
            let raw = template.positional(1).map { source.string(source.trimmed($0)) } ?? ""
            let place = PlaceTemplate(renderer: self, template: template).placeText(raw)
            guard !place.isEmpty else { return true }
            appendLiteral(
                template.name == "demonym-adj" ? "Of, from, or relating to \(place)." : "A native or inhabitant of \(place).",
                to: &output
            )
        case "&lit":
            // {{&lit|en|rain|cats|dogs}} → Used other than figuratively or idiomatically: see rain, cats, dogs.
            let offset = template.named("lang") != nil ? 0 : 1
            let terms = template.positional.dropFirst(offset).filter { hasText($0) }.map { render($0) }
            appendLiteral("Used other than figuratively or idiomatically: see " + terms.joined(separator: ", ") + ".", to: &output)
        case "iupac-1", "iupac-3":
            // {{IUPAC-1|glycine}} → IUPAC 1-letter abbreviation for glycine
            let names = template.positional.filter { hasText($0) }.map { render($0) }
            let size = template.name == "iupac-1" ? "1" : "3"
            appendLiteral("IUPAC \(size)-letter abbreviation for " + names.joined(separator: " or "), to: &output)
        case "soplink", "sop":
            // {{soplink|golf|club}} → golf club
            let words = template.positional.filter { hasText($0) }.map { render($0) }
            appendLiteral(words.joined(separator: " "), to: &output)
        case "proto":
            // the old {{proto|Germanic|drinkanan|to drink|lang=en}} → Proto-Germanic *drinkanan (“to drink”)
            let family = template.positional(0).map { render($0) } ?? ""
            var pairs: [String] = []
            var index = 1
            while index < template.positional.count {
                let term = render(template.positional[index])
                let gloss = index + 1 < template.positional.count ? render(template.positional[index + 1]) : ""
                if !term.isEmpty { pairs.append("*" + term + (gloss.isEmpty ? "" : " (“\(gloss)”)")) }
                index += 2
            }
            appendLiteral((family.isEmpty ? "" : "Proto-\(family) ") + pairs.joined(separator: ", "), to: &output)
        case "recons":
            // the old {{recons|dōnan||to do|lang=gem-pro}} → *dōnan (“to do”)
            let alt = template.positional(1)
            appendLiteral("*", to: &output)
            appendArgument(hasText(alt) ? alt : template.positional(0), to: &output)
            appendGloss(template, positionalIndex: 2, to: &output)
        case "borrowing":
            // the old {{borrowing|en|waulk|lang=gv}} → English waulk
            let offset = template.named("lang") != nil ? 0 : 1
            let named = appendLanguageName(template.positional(offset), to: &output)
            if named { output.append(Ascii.space) }
            let alt = template.positional(offset + 2)
            appendArgument(hasText(alt) ? alt : template.positional(offset + 1), to: &output)
        case "c.", "circa", "b.", "a.", "fl.", "d.":
            // {{C.|19}} → 19th c.; {{circa|1590}} → c. 1590 (the bare {{c}} and {{C}} are categories)
            guard let first = template.positional(0), hasText(first) else { return true }
            let value = source.string(source.trimmed(first))
            if template.name == "c." , let century = Int(value) {
                appendLiteral(WikitextRenderer.numericOrdinal(century) + " c.", to: &output)
            } else {
                appendLiteral(template.name == "circa" ? "c. " : template.name + " ", to: &output)
                appendArgument(first, to: &output)
            }
        case "b.c.e.", "bce", "c.e.", "ce", "a.d.", "b.c.":
            // era abbreviations: {{B.C.E.}} → BCE
            appendLiteral(template.name.filter { $0 != "." }.uppercased(), to: &output)
        case "sic":
            appendLiteral("[sic]", to: &output)
        case "place":
            appendLiteral(PlaceTemplate(renderer: self, template: template).text(), to: &output)
        case "given name", "male given name", "female given name", "unisex given name":
            appendLiteral(NameTemplate(renderer: self, template: template).givenName(), to: &output)
        case "surname", "patronymic", "matronymic":
            appendLiteral(NameTemplate(renderer: self, template: template).surname(kind: template.name), to: &output)
        case "name translit":
            appendLiteral(NameTemplate(renderer: self, template: template).transliteration(), to: &output)
        case "univerbation", "univ":
            // {{univerbation|en|all|right}} → Univerbation of all + right
            let parts = template.positional.dropFirst().filter { hasText($0) }.map { render($0) }
            let lead = template.named("nocap") != nil ? "univerbation of " : "Univerbation of "
            appendLiteral(lead + parts.joined(separator: " + "), to: &output)
        case "named-after":
            // {{named-after|en|Lewis Carroll|nationality=English|occupation=writer|born=1832|died=1898}}
            // → Named after English writer Lewis Carroll (1832–1898)
            let name = template.positional(1).map { render($0) } ?? ""
            let about = ["nationality", "occupation"].compactMap { key in
                template.named(key).map { render($0) }.flatMap { $0.isEmpty ? nil : $0 }
            }
            var text = (template.named("nocap") != nil ? "named after " : "Named after ")
                + (about + [name]).filter { !$0.isEmpty }.joined(separator: " ")
            let born = template.named("born").map { render($0) } ?? ""
            let died = template.named("died").map { render($0) } ?? ""
            if !born.isEmpty || !died.isEmpty { text += " (\(born)–\(died))" }
            appendLiteral(text, to: &output)
        case "cap":
            // {{cap|autumn}} → Autumn
            let text = template.positional(0).map { render($0) } ?? ""
            appendLiteral(text.prefix(1).uppercased() + text.dropFirst(), to: &output)
        case "zh-see":
            appendLiteral(chineseSee(template), to: &output)
        case "ja-see", "ja-see-kango":
            appendLiteral(japaneseSee(template), to: &output)
        case "si-unit", "si-unit-np", "si-unit-2", "si-unit-abb", "si-unit-abb2", "si-unit-abbnp":
            appendLiteral(siUnit(template), to: &output)
        case "sumti":
            // Lojban place structures: {{sumti|1}} → x1
            appendLiteral("x", to: &output)
            appendArgument(template.positional(0), to: &output)
        default:
            guard template.name.hasPrefix("l/"), template.name.count <= 12 else { return false }
            // the old {{l/en|word|shown}}
            let alt = template.positional(1)
            appendArgument(hasText(alt) ? alt : template.positional(0), to: &output)
            appendGloss(template, positionalIndex: 2, to: &output)
        }
        return true
    }

    /// The names ``renderSpecial(_:to:)`` renders (besides `l/xx`).
    static let specialTemplates: Set<String> = [
        "latn-def", "iso 639", "frac", "+obj", "+preo", "+posto", "zh-mw", "zh-mw-lite", "only used in", "only in",
        "zh-only", "†", "term", "term-lite", "taxon", "demonym-adj", "demonym-noun", "native or resident of", "&lit", "iupac-1",
        "iupac-3", "soplink", "sop", "sumti", "proto", "recons", "borrowing", "c.", "circa", "b.", "a.", "fl.", "d.",
        "b.c.e.", "bce", "c.e.", "ce", "a.d.", "b.c.", "sic", "place", "given name", "male given name",
        "female given name", "unisex given name", "surname", "patronymic", "matronymic", "name translit", "cap",
        "univerbation", "univ", "named-after",
        "zh-see", "ja-see", "ja-see-kango", "si-unit",
        "si-unit-np", "si-unit-2", "si-unit-abb", "si-unit-abb2", "si-unit-abbnp",
    ]

    /// A `-lite` template (`{{l-lite}}`, `{{n-g-lite}}`, `{{alt form-lite}}`) displays as its full form does.
    static func resolvingLite(_ template: Template) -> Template {
        guard template.name.hasSuffix("-lite"), templateKinds[template.name] == nil else { return resolvingLanguageInName(template) }
        var resolved = template
        resolved.name = String(template.name.dropLast(5))
        return resolved
    }

    /// The old link templates with the language in their name (`{{l/de|gratis}}`, `{{l/pt|lar}}`) as the one they
    /// stand for (`{{l|de|gratis}}`): their words vanished. The language is not read from its argument by a link.
    static func resolvingLanguageInName(_ template: Template) -> Template {
        guard template.name.hasPrefix("l/"), template.name.count > 2, templateKinds[template.name] == nil else { return template }
        var resolved = template
        resolved.name = "l"
        resolved.positional.insert(0..<0, at: 0)
        return resolved
    }

    /// Request and maintenance templates (`{{rfv-sense}}`, `{{rfd-redundant}}`) and references (`{{R:OneLook}}`)
    /// show nothing a reader needs.
    static func isRequest(_ name: String) -> Bool {
        (name.hasPrefix("rf") && !name.contains(" ")) || name.hasPrefix("r:") || name.hasPrefix("checksense")
            || name.hasPrefix("attention")
    }

    // MARK: Letters

    /// `{{Latn-def|en|letter|2|bee}}` → "The second letter of the English alphabet, called bee and written in the
    /// Latin script."; `ordinal` → "The ordinal number second, derived from this letter of the English alphabet, …";
    /// `name` → "The name of the Latin-script letter B.". English letters without a name get their usual one.
    func latinDefinition(_ template: Template) -> String {
        let arguments = template.positional.map { source.string(source.trimmed($0)) }
        let code = arguments.first ?? ""
        let language = WiktionaryLanguages.displayName(forCode: code) ?? code
        let kind = arguments.count > 1 ? arguments[1].lowercased() : "letter"
        let number = arguments.count > 2 ? Int(arguments[2]) : nil
        var names = template.positional.dropFirst(3).filter { hasText($0) }.map { render($0) }
        if code == "en" {
            names = names.map { name in
                name.count == 1 ? WikitextRenderer.englishLetterNames[name.lowercased()] ?? name : name
            }
            if names.isEmpty, let number, (1...26).contains(number) {
                names = [WikitextRenderer.englishLetterNames[String(UnicodeScalar(UInt8(96 + number)))] ?? ""]
            }
        }
        let called = names.isEmpty ? "" : " called " + names.joined(separator: " or ") + " and"
        let ordinal = number.map(WikitextRenderer.ordinal) ?? ""
        switch kind {
        case "name":
            let letter = (title ?? "").uppercased()
            return "The name of the Latin-script letter \(letter)."
        case "ordinal":
            return "The ordinal number \(ordinal), derived from this letter of the \(language) alphabet,"
                + "\(called) written in the Latin script."
        default:
            let spelled = ordinal.isEmpty ? "A" : "The \(ordinal)"
            let noun = kind == "letter" || kind.isEmpty ? "letter" : kind
            return "\(spelled) \(noun) of the \(language) alphabet,\(called) written in the Latin script."
        }
    }

    /// `{{ISO 639|1}}` on the page `be` → "ISO 639-1 language code for Belarusian."; a second argument names the
    /// language.
    func isoDefinition(_ template: Template) -> String {
        let part = template.positional(0).map { source.string(source.trimmed($0)) } ?? ""
        let code = part.isEmpty ? "ISO 639" : "ISO 639-\(part)"
        var language = template.positional(1).map { render($0) } ?? ""
        if language.isEmpty, let title { language = WiktionaryLanguages.displayName(forCode: title.lowercased()) ?? "" }
        return language.isEmpty ? "\(code) language code." : "\(code) language code for \(language)."
    }

    /// `19` → `19th`, `21` → `21st`.
    static func numericOrdinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    static func ordinal(_ number: Int) -> String {
        let units = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth"]
        let teens = [
            "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
            "eighteenth", "nineteenth",
        ]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        let tensOrdinal = ["", "", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth",
                           "eightieth", "ninetieth"]
        switch number {
        case 1...9: return units[number]
        case 10...19: return teens[number - 10]
        case 20...99: return number % 10 == 0 ? tensOrdinal[number / 10] : tens[number / 10] + "-" + units[number % 10]
        default: return "\(number)th"
        }
    }

    /// The English names of the letters.
    static let englishLetterNames: [String: String] = [
        "a": "a", "b": "bee", "c": "cee", "d": "dee", "e": "e", "f": "ef", "g": "gee", "h": "aitch", "i": "i",
        "j": "jay", "k": "kay", "l": "el", "m": "em", "n": "en", "o": "o", "p": "pee", "q": "cue", "r": "ar",
        "s": "ess", "t": "tee", "u": "u", "v": "vee", "w": "double-u", "x": "ex", "y": "wye", "z": "zed",
    ]
}
