/// `{{given name}}` and `{{surname}}` worded as en.wiktionary's Module:names words them:
/// `{{given name|en|male|from=Hebrew}}` → "A male given name from Hebrew";
/// `{{given name|en|male,female}}` → "A male or female given name";
/// `{{given name|en|female|dimof=Elizabeth}}` → "A diminutive of the female given name Elizabeth";
/// `{{surname|en|from=Irish}}` → "A surname from Irish"; `{{surname|en|English}}` → "An English surname".
/// The article is capitalised for English entries only, as the module does.
struct NameTemplate {
    let renderer: WikitextRenderer
    let template: Template

    static let genders: Set<String> = ["male", "female", "unisex", "unknown-gender"]
    static let animals: Set<String> = ["animal", "cat", "cow", "dog", "horse", "pig"]

    private var source: WikitextSource { renderer.source }

    private func named(_ key: String) -> String? {
        guard let range = template.named(key) else { return nil }
        let text = source.string(source.trimmed(range))
        return text.isEmpty ? nil : text
    }

    private func positional(_ index: Int) -> String? {
        guard let range = template.positional(index) else { return nil }
        let text = source.string(source.trimmed(range))
        return text.isEmpty ? nil : text
    }

    /// The old form names the language with `lang=` (or not at all: `{{given name|male}}`); the current one takes
    /// it first.
    private var offset: Int {
        template.named("lang") != nil || positional(0).map { NameTemplate.genders.contains($0) } == true ? 0 : 1
    }
    private var language: String { named("lang") ?? (offset == 0 ? "en" : positional(0) ?? "und") }

    /// Names from a comma list (`dimof=Barnabas,Bernard`), each without inline modifiers (`<q:…>`).
    private func names(_ raw: String?, explicitLanguage: Bool = false) -> [(language: String?, name: String)] {
        guard let raw else { return [] }
        return PlaceTemplate.splitOnComma(raw).compactMap { piece -> (language: String?, name: String)? in
            var text = piece.trimmingCharacters(in: " ")
            if let open = text.firstIndex(of: "<"), text.hasSuffix(">"), open != text.startIndex {
                text = String(text[..<open])
            }
            var code: String?
            if explicitLanguage, let colon = text.firstIndex(of: ":"),
                WiktionaryLanguages.displayName(forCode: String(text[..<colon])) != nil
            {
                code = String(text[..<colon])
                text = String(text[text.index(after: colon)...])
            }
            let shown = PlaceTemplate(renderer: renderer, template: template).fragment(text)
            return shown.isEmpty ? nil : (code, shown)
        }
    }

    private func joined(_ key: String, conjunction: String = "or") -> (text: String, count: Int) {
        let found = names(named(key))
        return (PlaceTemplate.serialJoin(found.map(\.name), conjunction: conjunction), found.count)
    }

    /// "equivalent to English John or French Jean".
    private var equivalents: String {
        var groups: [(String, [String])] = []
        for (code, name) in names(named("eq"), explicitLanguage: true) {
            let language = WiktionaryLanguages.displayName(forCode: code ?? "en") ?? "English"
            if groups.last?.0 == language {
                groups[groups.count - 1].1.append(name)
            } else {
                groups.append((language, [name]))
            }
        }
        return PlaceTemplate.serialJoin(
            groups.map { $0.0 + " " + PlaceTemplate.serialJoin($0.1, conjunction: "or") }, conjunction: "or")
    }

    /// "from Hebrew", "transferred from the surname", "from Latin Marcus", "from the Slavic languages".
    private func origins(_ raw: String?) -> String {
        guard let raw else { return "" }
        var groups: [(prefix: String, items: [String])] = []
        for piece in PlaceTemplate.splitOnComma(raw) {
            let chain = piece.split(separator: " < ").map { origin(String($0).trimmingCharacters(in: " ")) }
            if chain.count > 1 {
                let rest = chain.dropFirst().map { $0.prefix + $0.suffix }.joined(separator: ", in turn ")
                groups.append(("", [chain[0].prefix + chain[0].suffix + " [in turn " + rest + "]"]))
            } else if let first = chain.first {
                if let last = groups.last, last.prefix == first.prefix, !last.prefix.isEmpty {
                    groups[groups.count - 1].items.append(first.suffix)
                } else {
                    groups.append((first.prefix, [first.suffix]))
                }
            }
        }
        return PlaceTemplate.serialJoin(
            groups.map { $0.prefix + PlaceTemplate.serialJoin($0.items, conjunction: "or") }, conjunction: "or")
    }

    private func origin(_ from: String) -> (prefix: String, suffix: String) {
        switch from {
        case "surnames", "given names", "nicknames", "place names", "common nouns", "month names":
            return ("transferred from the ", String(from.dropLast()))
        case "patronymics", "matronymics", "coinages":
            return ("originating ", "as a " + from.dropLast())
        case "occupations", "ethnonyms":
            return ("originating ", "as an " + from.dropLast())
        case "the Bible":
            return ("originating ", "from the Bible")
        default:
            if let colon = from.firstIndex(of: ":"),
                let name = WiktionaryLanguages.displayName(forCode: String(from[..<colon]))
            {
                let term = names(String(from[from.index(after: colon)...])).first?.name ?? ""
                let sameLanguage = String(from[..<colon]) == language
                return ("from ", (sameLanguage ? "" : name + " ") + term)
            }
            let lower = from.lowercased()
            if lower.hasSuffix(" languages") || lower.hasSuffix(" lects") { return ("from ", "the " + from) }
            return ("from ", from)
        }
    }

    /// ", masculine equivalent Daniel", "; variant forms A, B" and the like, common to both templates.
    private func additions(includingForms: Bool) -> String {
        var text = ""
        func type(_ key: String) -> String { named(key).map { $0 + " " } ?? "" }
        let variant = joined("varof")
        if variant.count > 0 { text += ", " + type("varoftype") + "variant of " + variant.text }
        let blend = joined("blend", conjunction: "and")
        if blend.count > 0 { text += ", " + type("blendtype") + "blend of " + blend.text }
        if let popular = named("popular") { text += ", " + type("populartype") + "popular " + popular }
        let masculine = joined("m")
        if masculine.count > 0 { text += ", " + type("mtype") + "masculine equivalent " + masculine.text }
        let feminine = joined("f")
        if feminine.count > 0 { text += ", " + type("ftype") + "feminine equivalent " + feminine.text }
        let equivalent = equivalents
        if !equivalent.isEmpty { text += ", " + type("eqtype") + "equivalent to " + equivalent }
        if let additional = named("addl") { text += additional.hasPrefix(";") ? additional : ", " + additional }
        for (key, label) in [("varform", "variant form"), ("dimform", "diminutive form"), ("augform", "augmentative form")]
        where includingForms || key == "varform" {
            let found = names(named(key)).map(\.name)
            guard !found.isEmpty else { continue }
            text += "; " + type(key + "type") + label + (found.count > 1 ? "s " : " ") + found.joined(separator: ", ")
        }
        return text
    }

    /// The shared middle: from, meaning, origin, usage.
    private func describe(from: String?, needComma: inout Bool, meanings: [String]) -> String {
        var text = ""
        func comma() -> String {
            defer { needComma = true }
            return needComma ? "," : ""
        }
        func type(_ key: String) -> String { named(key).map { $0 + " " } ?? "" }
        let from = origins(from)
        if !from.isEmpty { text += comma() + " " + type("fromtype") + from }
        if !meanings.isEmpty {
            text += comma() + " " + type("meaningtype") + "meaning " + PlaceTemplate.serialJoin(meanings, conjunction: "or")
        }
        if let origin = named("origin") { text += comma() + " of " + origin + " origin" }
        if let usage = named("usage") { text += comma() + " of " + usage + " usage" }
        return text
    }

    private var meanings: [String] {
        (["meaning"] + (2...5).map { "meaning\($0)" }).compactMap { named($0) }.map {
            "“" + PlaceTemplate(renderer: renderer, template: template).fragment($0) + "”"
        }
    }

    func givenName() -> String {
        var genderSpec = named("gender") ?? positional(offset) ?? "unknown-gender"
        if template.name.hasSuffix(" given name"), named("gender") == nil {
            genderSpec = String(template.name.dropLast(11))  // the old {{male given name}}
        }
        let genders = PlaceTemplate.splitOnComma(genderSpec).map { piece -> String in
            let text = piece.trimmingCharacters(in: " ")
            guard let open = text.firstIndex(of: "<"), open != text.startIndex else { return text }
            return String(text[..<open])
        }
        let isAnimal = genders.contains { NameTemplate.animals.contains($0) }
        let genderText = PlaceTemplate.serialJoin(genders, conjunction: "or")
        let genderArticle = genders.first == "unisex" ? "a" : PlaceTemplate.indefiniteArticle(genderText)
        let diminutive = joined(named("dimof") != nil ? "dimof" : named("dim") != nil ? "dim" : "diminutive")
        let augmentative = joined(named("augof") != nil ? "augof" : "aug")
        let transliteration = joined("xlit")
        var parts = ""
        var article = named("A")
        if diminutive.count > 0 || augmentative.count > 0 {
            let kind = diminutive.count > 0 ? "diminutive" : "augmentative"
            let kindType = named(diminutive.count > 0 ? "dimoftype" : "augoftype").map { $0 + " " } ?? ""
            parts += kindType + kind + (transliteration.count > 0 ? ", " + transliteration.text + "," : "") + " of the "
            article = article ?? PlaceTemplate.indefiniteArticle(parts)
        }
        if !isAnimal {
            article = article ?? genderArticle
            parts += genderText + " "
        }
        parts += diminutive.count > 1 || augmentative.count > 1 ? "given names" : "given name"
        var chosen = article ?? "a"
        if language == "en" { chosen = PlaceTemplate.capitalisedFirst(chosen) }
        var needComma = false
        if diminutive.count > 0 {
            parts += " " + diminutive.text
            needComma = !isAnimal
        } else if augmentative.count > 0 {
            parts += " " + augmentative.text
            needComma = !isAnimal
        } else if transliteration.count > 0 {
            parts += ", " + transliteration.text
            needComma = true
        }
        if isAnimal {
            parts += (needComma ? "," : "") + " for " + genderArticle + " " + genderText
            needComma = true
        }
        parts += describe(from: named("from") ?? positional(offset + 1), needComma: &needComma, meanings: meanings)
        return chosen + " " + parts + additions(includingForms: true)
    }

    /// `{{surname}}`, and `{{patronymic}}`/`{{matronymic}}` (`kind`), whose gender is their second argument.
    func surname(kind: String = "surname") -> String {
        var genders: [String] = []
        var sawMale = false
        var sawFemale = false
        let genderSpec = kind == "surname" ? named("g") : positional(offset)
        for piece in PlaceTemplate.splitOnComma(genderSpec ?? "") where !piece.isEmpty {
            switch piece.trimmingCharacters(in: " ") {
            case "unknown", "unknown gender", "unknown-gender", "?": genders.append("unknown-gender")
            case "unisex", "common gender", "common-gender", "c":
                genders.append("common-gender")
                sawMale = true
                sawFemale = true
            case "m", "male":
                genders.append("male")
                sawMale = true
            case "f", "female":
                genders.append("female")
                sawFemale = true
            case let other: genders.append(other)
            }
        }
        let adjective = positional(kind == "surname" ? offset : offset + 1).map {
            PlaceTemplate(renderer: renderer, template: template).fragment($0)
        }
        var article = named("A")
            ?? (genders.first == "unknown-gender" ? "an"
                : genders.isEmpty && adjective != nil ? PlaceTemplate.indefiniteArticle(adjective ?? "") : "a")
        if named("A") == nil, language == "en" { article = PlaceTemplate.capitalisedFirst(article) }
        var text = article + " "
        if !genders.isEmpty { text += genders.joined(separator: " or ") + " " }
        if let adjective, !adjective.isEmpty { text += adjective + " " }
        text += kind
        var needComma = false
        let transliteration = joined("xlit")
        if transliteration.count > 0 {
            text += ", " + transliteration.text
            needComma = true
        }
        var meanings = self.meanings
        let parents = names(named("parent"), explicitLanguage: true).map(\.name)
        if !parents.isEmpty {
            let child = sawMale && !sawFemale ? "son" : sawFemale && !sawMale ? "daughter" : "son/daughter"
            meanings.append("“\(child) of \(PlaceTemplate.serialJoin(parents, conjunction: "or"))”")
        }
        text += describe(from: named("from"), needComma: &needComma, meanings: meanings)
        return text + additions(includingForms: false)
    }

    /// `{{name translit|en|ru|Ива́н|type=male given name}}` → "Transliteration of the Russian male given name Ива́н".
    func transliteration() -> String {
        let sources = (positional(1) ?? "").split(separator: ",").map { code in
            WiktionaryLanguages.displayName(forCode: String(code)) ?? String(code)
        }
        let found = (2..<max(2, template.positional.count)).compactMap { positional($0) }
            .flatMap { names($0).map(\.name) }
        var kinds = (named("type") ?? "patronymic").split(separator: ",").map(String.init)
        if named("dim") != nil { kinds[kinds.count - 1] += " diminutive" }
        if named("aug") != nil { kinds[kinds.count - 1] += " augmentative" }
        let languages = sources.enumerated().map { index, name in
            index > 0 ? name : found.isEmpty ? PlaceTemplate.indefiniteArticle(name) + " " + name : "the " + name
        }
        var text = named("nocap") != nil ? "transliteration of " : "Transliteration of "
        text += PlaceTemplate.serialJoin(languages, conjunction: "or") + " "
            + PlaceTemplate.serialJoin(kinds, conjunction: "and")
        if !found.isEmpty { text += " " + PlaceTemplate.serialJoin(found, conjunction: "or") }
        if let additional = named("addl") { text += additional.hasPrefix(";") ? additional : ", " + additional }
        return text
    }
}
