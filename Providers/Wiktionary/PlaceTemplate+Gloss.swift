/// The wording of `{{place}}`'s descriptions, holonyms and extra information.
extension PlaceTemplate {
    func gloss(_ descriptions: [Description], sentenceStyle: Bool, capitalised: Bool) -> String {
        if let definition = named("def") { return definition == "-" ? "" : fragment(definition) }
        var text = ""
        for (offset, description) in descriptions.enumerated() {
            if description.order != nil {
                text += newStyleGloss(description, withArticle: offset == 0)
            } else {
                text += oldStyleGloss(description, withArticle: offset == 0, capitalised: capitalised)
            }
            text += description.joiner ?? ""
        }
        let first = descriptions.first?.placetypes.first ?? ""
        let seat: String
        switch PlaceData.aliases[first] ?? first {
        case "county", "counties": seat = "county seat"
        case "parish", "parishes": seat = "parish seat"
        case "borough", "boroughs": seat = "borough seat"
        default: seat = "seat"
        }
        text += extraInfo("modern", "modern", sentenceStyle: false, plural: false, colon: false)
        text += extraInfo("official", "official name", sentenceStyle: sentenceStyle, plural: true, colon: true)
        text += extraInfo("capital", "capital", sentenceStyle: sentenceStyle, plural: true, colon: true)
        text += extraInfo("largest city", "largest city", sentenceStyle: sentenceStyle, plural: true, colon: true)
        text += extraInfo("caplc", "capital and largest city", sentenceStyle: sentenceStyle, plural: false, colon: true)
        text += extraInfo("seat", seat, sentenceStyle: sentenceStyle, plural: true, colon: true)
        text += extraInfo("shire town", "shire town", sentenceStyle: sentenceStyle, plural: true, colon: true)
        text += extraInfo("headquarters", "headquarters", sentenceStyle: sentenceStyle, plural: false, colon: true)
        return text
    }

    /// `city/county seat` + holonyms: "a city, the county seat of Travis County, Texas".
    private func oldStyleGloss(_ description: Description, withArticle: Bool, capitalised: Bool) -> String {
        let placetypes = description.placetypes
        var parts: [String] = []
        var lastPlacetype: String?
        var remaining = 0
        if let conjunction = placetypes.lastIndex(where: { $0 == "and" || $0 == "or" }), conjunction < placetypes.count - 1 {
            var items: [String] = []
            for (index, placetype) in placetypes[...(conjunction + 1)].enumerated() {
                if placetype == "and" || placetype == "or" { continue }
                if index > 0, placetype.hasPrefix("("), let last = items.popLast() {
                    items.append(last + " " + placetype)
                } else {
                    lastPlacetype = placetype
                    items.append(PlaceTemplate.display(of: placetype))
                }
            }
            parts.append(PlaceTemplate.serialJoin(items, conjunction: placetypes[conjunction]))
            remaining = conjunction + 2
        }
        if remaining < placetypes.count {
            for index in remaining..<placetypes.count {
                let placetype = placetypes[index]
                if PlaceTemplate.isIgnorable(placetype) {
                    if !parts.isEmpty { parts.append(" ") }
                    parts.append(placetype)
                    continue
                }
                lastPlacetype = placetype
                if index > 0 { parts.append(", " + PlaceTemplate.article(of: placetype, capitalised: false) + " ") }
                parts.append(PlaceTemplate.display(of: placetype))
            }
        }
        if let also = named("also") {
            if !parts.isEmpty { parts.append(" ") }
            parts.append("and " + fragment(also))
        }
        for (index, holonym) in description.holonyms.enumerated() {
            parts.append(contextual(holonym, previous: index == 0 ? nil : description.holonyms[index - 1],
                                    entryPlacetype: lastPlacetype))
        }
        var gloss = parts.joined()
        if withArticle {
            let article = named("a") ?? PlaceTemplate.article(of: placetypes.first ?? "", capitalised: capitalised)
            gloss = article + " " + gloss
        }
        return gloss
    }

    /// A place written in the new syntax outside `{{place}}` (`{{demonym-noun|en|the <<city:pref/Alexandria>>,
    /// <<c/Egypt>>}}` → "the city of Alexandria, Egypt"), or plain wikitext.
    func placeText(_ raw: String) -> String {
        raw.contains("<<") ? newStyleGloss(PlaceTemplate.newStyle(raw), withArticle: false) : fragment(raw)
    }

    private func newStyleGloss(_ description: Description, withArticle: Bool) -> String {
        var text = withArticle ? named("a").map { $0 + " " } ?? "" : ""
        for segment in description.order ?? [] {
            switch segment {
            case .raw(let raw): text += fragment(raw)
            case .placetype(let placetype): text += PlaceTemplate.display(of: placetype)
            case .qualifier(let words):
                text += words.split(separator: " ").map { PlaceData.qualifiers[String($0)] ?? String($0) }
                    .joined(separator: " ")
            case .holonym(let index): text += holonymText(description.holonyms[index], first: false)
            }
        }
        return text
    }

    /// A holonym with what goes before it: " in Texas", ", United States", " and Canada".
    private func contextual(_ holonym: Holonym, previous: Holonym?, entryPlacetype: String?) -> String {
        var text = ""
        if !holonym.noDisplay {
            if let previous {
                if previous.placetype != nil, holonym.placename != "and", holonym.placename != "in",
                    !holonym.suppressComma
                {
                    text += ","
                }
                if holonym.placetype != nil || !holonym.placename.hasPrefix(",") { text += " " }
            } else if holonym.placetype != nil {
                text += " " + PlaceTemplate.preposition(after: entryPlacetype) + " "
            } else if !holonym.placename.hasPrefix(",") {
                text += " "
            }
        }
        return text + holonymText(holonym, first: previous == nil)
    }

    /// "Texas", "the United States", "Nizhyn Raion", "the Gironde department", "the Metropolitan Borough of Wirral".
    private func holonymText(_ holonym: Holonym, first: Bool) -> String {
        if holonym.noDisplay { return "" }
        guard let placetype = holonym.placetype else { return fragment(holonym.placename) }
        var output = fragment(holonym.placename)
        var affixType: String?
        var affix: String?
        var alreadySeen = false
        if !holonym.suppressAffix {
            if case let (type, name)? = PlaceTemplate.info(placetype, \.affixType) {
                affixType = type
                affix = PlaceData.placetypes[name]?.affix ?? name
            }
            if let explicit = holonym.affixType {
                affixType = explicit
                affix = placetype
            }
            if let current = affix, holonym.pluralizeAffix { affix = PlaceTemplate.plural(current) }
            if let affix { alreadySeen = output.lowercased().contains(affix.lowercased()) }
        }
        if let affix, !alreadySeen, affixType == "suf" || affixType == "Suf" {
            output += " " + (affixType == "Suf" ? PlaceTemplate.capitalisedWords(affix) : affix)
        }
        if first || holonym.needsArticle, let article = holonymArticle(holonym, shown: output) {
            output = article + " " + output
        }
        if let affix, !alreadySeen, affixType == "pref" || affixType == "Pref" {
            output = (affixType == "Pref" ? PlaceTemplate.capitalisedWords(affix) : affix) + " of " + output
            if first { output = "the " + output }
        }
        return output
    }

    private func holonymArticle(_ holonym: Holonym, shown: String) -> String? {
        if shown.hasPrefix("the ") { return nil }
        if PlaceData.namesWithThe.contains(fragment(holonym.placename)) { return "the" }
        if holonym.affixType == nil, case let (article, _)? = PlaceTemplate.info(holonym.placetype, \.holonymArticle) {
            return article
        }
        func matches(_ prefixes: [String], _ suffixes: [String]) -> Bool {
            prefixes.contains { shown.hasPrefix($0) } || suffixes.contains { shown.hasSuffix($0) }
        }
        if matches(PlaceData.thePrefixes, PlaceData.theSuffixes) { return "the" }
        for type in PlaceTemplate.equivalents(of: holonym.placetype ?? "") {
            if let shapes = PlaceData.theByPlacetype[type], matches(shapes.prefixes, shapes.suffixes) { return "the" }
        }
        return nil
    }

    /// `capital=Austin` → ". Capital: Austin" (or "; capital: Austin" after a translation); `capital=A,B` and
    /// `capital2=` make it "capitals".
    private func extraInfo(_ key: String, _ label: String, sentenceStyle: Bool, plural: Bool, colon: Bool) -> String {
        var terms: [String] = []
        for name in [key] + (2...6).map({ "\(key)\($0)" }) {
            guard let raw = named(name) else { continue }
            for term in PlaceTemplate.splitOnComma(raw) {
                var text = term
                if let open = text.firstIndex(of: "<"), text.hasSuffix(">"), !text.hasPrefix("<") {
                    text = String(text[..<open])  // inline modifiers: Austin<t:…>
                }
                if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLowercase || $0 == "-" }),
                    text.index(after: colon) < text.endIndex
                {
                    text = String(text[text.index(after: colon)...])  // a language prefix: fr:Paris
                }
                let shown = fragment(text)
                if !shown.isEmpty { terms.append(shown) }
            }
        }
        guard !terms.isEmpty else { return "" }
        var description = plural && terms.count > 1 ? PlaceTemplate.plural(label) : label
        if colon { description += ":" }
        let lead = sentenceStyle ? ". " + PlaceTemplate.capitalisedFirst(description) : "; " + description
        return lead + " " + PlaceTemplate.serialJoin(terms, conjunction: "and")
    }

    // MARK: Words

    /// "A and B"; "A, B and C" (Wiktionary hides the serial comma by default).
    static func serialJoin(_ items: [String], conjunction: String) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }

    static func indefiniteArticle(_ word: String) -> String {
        guard let first = word.first else { return "a" }
        return "AEIOUaeiou".contains(first) ? "an" : "a"
    }

    static func plural(_ word: String) -> String {
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            return String(word.dropLast()) + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: { word.hasSuffix($0) }) { return word + "es" }
        return word + "s"
    }

    static func capitalisedFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    static func capitalisedWords(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { capitalisedFirst(String($0)) }
            .joined(separator: " ")
    }

    /// Splits on commas not followed by a space ("Poland,Belarus" but not "Tucson, Arizona").
    static func splitOnComma(_ text: String) -> [String] {
        var parts: [String] = []
        for piece in splitOutside(text, on: ",") {
            if !parts.isEmpty, piece.hasPrefix(" ") {
                parts[parts.count - 1] += "," + piece
            } else {
                parts.append(piece)
            }
        }
        return parts
    }

    /// Splits on `separator` outside `[[…]]`, `{{…}}` and `<…>` (a `<` between spaces is text: `Old Norse < Latin`).
    static func splitOutside(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            switch character {
            case "[", "{": depth += 1
            case "<" where index + 1 < characters.count && characters[index + 1] != " ": depth += 1
            case "]", "}": depth = max(0, depth - 1)
            case ">" where index > 0 && characters[index - 1] != " ": depth = max(0, depth - 1)
            default: break
            }
            if character == separator, depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }
}
