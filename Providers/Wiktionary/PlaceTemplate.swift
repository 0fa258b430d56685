/// `{{place}}` worded as en.wiktionary's Module:place words it:
/// `{{place|en|city|s/Texas|c/USA}}` → "A city in Texas, United States";
/// `{{place|en|city/county seat|co/Travis County|s/Texas}}` → "A city, the county seat of Travis County, Texas";
/// the new syntax `{{place|en|A <<city>> in <<s/Texas>>}}`; `;` between descriptions; `t=`/`t1=` translations
/// for other languages ("Austin (a city in Texas, United States)"); `capital=`, `seat=`, `modern=` and the other
/// extra information.
struct PlaceTemplate {
    struct Holonym {
        var placetype: String?
        var placename: String
        var noDisplay = false
        var needsArticle = false
        var affixType: String?
        var pluralizeAffix = false
        var suppressAffix = false
        var suppressComma = false
    }

    enum Segment {
        case raw(String), qualifier(String), placetype(String), holonym(Int)
    }

    struct Description {
        var placetypes: [String] = []
        var holonyms: [Holonym] = []
        /// The pieces of a new-style (`<<…>>`) description, in order.
        var order: [Segment]?
        var joiner: String?
    }

    let renderer: WikitextRenderer
    let template: Template

    /// The definition text.
    func text() -> String {
        let source = renderer.source
        // The language comes first (`{{place|en|city|…}}`), or as `lang=` in old pages.
        let arguments = template.positional.dropFirst(template.named("lang") == nil ? 1 : 0)
            .map { source.string(source.trimmed($0)) }
        let descriptions = PlaceTemplate.descriptions(arguments)
        var translations: [String] = []
        for key in ["t", "t1", "t2", "t3", "t4", "t5"] {
            guard let range = template.named(key) else { continue }
            translations += PlaceTemplate.splitOnComma(source.string(source.trimmed(range))).map(fragment)
                .filter { !$0.isEmpty }
        }
        if !translations.isEmpty {
            let gloss = self.gloss(descriptions, sentenceStyle: false, capitalised: false)
            return translations.joined(separator: ", ") + (gloss.isEmpty ? "" : " (" + gloss + ")")
        }
        return gloss(descriptions, sentenceStyle: true, capitalised: true)
    }

    func named(_ key: String) -> String? {
        guard let range = template.named(key) else { return nil }
        let value = renderer.source.string(renderer.source.trimmed(range))
        return value.isEmpty ? nil : value
    }

    /// Renders a piece of an argument (which may hold links or templates) to text.
    func fragment(_ text: String) -> String {
        guard text.contains(where: { "[{'<&".contains($0) }) else { return text }
        let source = WikitextSource(text)
        return WikitextRenderer(source: source, title: renderer.title).render(0..<source.bytes.count)
    }

    // MARK: Arguments

    static func descriptions(_ arguments: [String]) -> [Description] {
        var descriptions: [Description] = []
        var holonymIndex = 0
        for argument in arguments where !argument.isEmpty {
            if argument == ";" || (argument.hasPrefix(";") && argument.dropFirst().first != " ") {
                guard !descriptions.isEmpty else { continue }
                let joiner: String
                switch argument {
                case ";": joiner = "; "
                case ";;": joiner = " "
                default:
                    let text = String(argument.dropFirst())
                    joiner = text.first?.isLetter == true ? " \(text) " : "\(text) "
                }
                descriptions[descriptions.count - 1].joiner = joiner
                holonymIndex = 0
            } else if argument.contains("<<") {
                descriptions.append(newStyle(argument))
                holonymIndex = 0
            } else if holonymIndex == 0 || descriptions.isEmpty {
                descriptions.append(Description(placetypes: splitOutside(argument, on: "/")))
                holonymIndex = 1
            } else {
                let holonyms = holonymsOf(argument)
                for (offset, original) in holonyms.enumerated() {
                    var holonym = original
                    if offset > 0 {
                        holonym.needsArticle = true
                        if offset == holonyms.count - 1 {
                            descriptions[descriptions.count - 1].holonyms.append(
                                Holonym(placename: "and", noDisplay: holonyms[0].noDisplay))
                        }
                    }
                    descriptions[descriptions.count - 1].holonyms.append(holonym)
                }
                holonymIndex += 1
            }
        }
        return descriptions
    }

    /// `A <<city>> in <<s/Texas>>, <<c/USA>>`.
    static func newStyle(_ text: String) -> Description {
        var description = Description()
        var order: [Segment] = []
        var placetypes: [(text: String, qualifiersOnly: Bool)] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "<<") {
            order.append(.raw(String(rest[..<open.lowerBound])))
            guard let close = rest[open.upperBound...].firstRange(of: ">>") else {
                rest = rest[open.upperBound...]
                break
            }
            let spec = String(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            if spec.contains("/") {
                let holonyms = holonymsOf(spec)
                for (offset, original) in holonyms.enumerated() {
                    var holonym = original
                    if offset > 0 {
                        if !holonym.noDisplay { order.append(.raw(offset == holonyms.count - 1 ? " and " : ", ")) }
                        holonym.needsArticle = true
                    }
                    description.holonyms.append(holonym)
                    if !holonym.noDisplay { order.append(.holonym(description.holonyms.count - 1)) }
                }
            } else {
                let qualifiersOnly = spec.split(separator: " ").allSatisfy { PlaceData.qualifiers[String($0)] != nil }
                placetypes.append((spec, qualifiersOnly))
                order.append(qualifiersOnly ? .qualifier(spec) : .placetype(spec))
            }
        }
        order.append(.raw(String(rest)))
        for (offset, placetype) in placetypes.enumerated() {
            if offset > 0, placetypes[offset - 1].qualifiersOnly, let last = description.placetypes.popLast() {
                description.placetypes.append(last + " " + placetype.text)
            } else {
                description.placetypes.append(placetype.text)
            }
        }
        description.order = order
        return description
    }

    /// `c/USA`, `!s/Texas` (not shown), `*c/France` (no comma before), `c:pref/Canada,US`, `in northern` (raw text).
    static func holonymsOf(_ raw: String) -> [Holonym] {
        var text = Substring(raw)
        let noDisplay = text.hasPrefix("!")
        if noDisplay { text = text.dropFirst() }
        let suppressComma = text.hasPrefix("*")
        if suppressComma { text = text.dropFirst() }
        let parts = splitOutside(String(text), on: "/")
        guard parts.count > 1 else {
            return [Holonym(placename: String(text), noDisplay: noDisplay, suppressComma: suppressComma)]
        }
        let typeParts = parts[0].split(separator: ":", maxSplits: 1).map(String.init)
        let placetype = PlaceData.aliases[typeParts.first ?? ""] ?? typeParts.first ?? ""
        let affixType = typeParts.count > 1 ? typeParts[1] : nil
        let names = splitOnComma(parts.dropFirst().joined(separator: "/"))
        let affixIndex = affixType == "pref" || affixType == "Pref" ? 0 : affixType == "noaff" ? -1 : names.count - 1
        return names.enumerated().map { offset, name in
            var placename = name
            if let colon = name.firstIndex(of: ":"), !name[..<colon].contains(where: { "[]".contains($0) }),
                name.index(after: colon) < name.endIndex
            {
                placename = String(name[name.index(after: colon)...])  // a language prefix: c/fr:Italie
            }
            return Holonym(
                placetype: placetype, placename: alias(of: placename, placetype: placetype), noDisplay: noDisplay,
                affixType: offset == affixIndex ? affixType : nil, pluralizeAffix: offset == affixIndex && names.count > 1,
                suppressAffix: offset != affixIndex, suppressComma: suppressComma
            )
        }
    }

    static func alias(of placename: String, placetype: String) -> String {
        for type in equivalents(of: placetype) {
            if let canonical = PlaceData.placenameAliases[type]?[placename] { return canonical }
        }
        return placename
    }

    // MARK: Placetypes

    /// The placetypes whose properties apply to `placetype`, most specific first: itself, what it is equivalent
    /// to, then the same without its leading qualifiers ("small former city" → "former city" → "city").
    static func equivalents(of placetype: String) -> [String] {
        var result: [String] = []
        var words = placetype.split(separator: " ").map(String.init)
        while !words.isEmpty {
            let joined = words.joined(separator: " ")
            let name = PlaceData.aliases[joined] ?? joined
            result.append(name)
            if let equivalent = PlaceData.equivalents[name] { result.append(equivalent) }
            guard words.count > 1, PlaceData.qualifiers[words[0]] != nil else { break }
            words.removeFirst()
        }
        return result
    }

    static func info(_ placetype: String?, _ property: (PlaceData.Placetype) -> String?) -> (String, String)? {
        guard let placetype else { return nil }
        for name in equivalents(of: placetype) {
            if let data = PlaceData.placetypes[name], let value = property(data) { return (value, name) }
        }
        return nil
    }

    static func article(of placetype: String, capitalised: Bool) -> String {
        let article = info(placetype, \.article)?.0 ?? indefiniteArticle(placetype)
        return capitalised ? capitalisedFirst(article) : article
    }

    static func preposition(after placetype: String?) -> String {
        placetype.flatMap { info($0, \.preposition)?.0 } ?? "in"
    }

    /// "small seaside town" → "small coastal town"; "s" → "state"; "caplc" → "capital and largest city".
    static func display(of placetype: String) -> String {
        let whole = PlaceData.aliases[placetype] ?? placetype
        if let shown = PlaceData.displays[whole] { return shown }
        var words = placetype.split(separator: " ").map(String.init)
        var prefix: [String] = []
        while words.count > 1, let shown = PlaceData.qualifiers[words[0]] {
            let joined = words.joined(separator: " ")
            if PlaceData.placetypes[PlaceData.aliases[joined] ?? joined] != nil { break }
            prefix.append(shown)
            words.removeFirst()
        }
        let bare = words.joined(separator: " ")
        let resolved = PlaceData.aliases[bare] ?? bare
        return (prefix + [PlaceData.displays[resolved] ?? resolved]).joined(separator: " ")
    }

    static func isIgnorable(_ placetype: String) -> Bool {
        placetype == "and" || placetype == "or" || placetype.hasPrefix("(")
    }
}
