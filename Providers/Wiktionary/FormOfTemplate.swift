/// A form-of template (`{{plural of|en|cat}}`, `{{inflection of|la|tālus||dat|s}}`): the definition names
/// its lemma.
struct FormOfTemplate: Hashable {
    /// The rendered definition (`plural of cat`).
    var text: String
    /// The lemma (`cat`).
    var lemma: String
    /// The kind of form (`plural`, `dative singular`), when known.
    var form: String?

    static func parse(_ template: Template, in renderer: WikitextRenderer) -> FormOfTemplate? {
        let name = template.name
        let canonical: String
        var languageSpecific = false
        if let alias = aliases[name] {
            canonical = alias
        } else if name.hasSuffix(" of"), WikitextRenderer.templateKinds[name] == nil {
            canonical = name
            if let dash = name.firstIndex(of: "-"),
                WikitextRenderer.looksLikeLanguageCode(String(name[..<dash]))
            {
                languageSpecific = true
            }
        } else {
            return nil
        }
        let source = renderer.source
        let offset = template.named("lang") != nil || languageSpecific ? 0 : 1
        guard let lemmaRange = template.positional(offset) ?? template.named("1") else { return nil }
        var lemma = renderer.render(lemmaRange)
        if let hash = lemma.firstIndex(of: "#") { lemma = String(lemma[..<hash]) }
        lemma = lemma.trimmingCharacters(in: " ")
        guard !lemma.isEmpty else { return nil }
        let altRange = template.named("alt") ?? template.positional(offset + 1)
        let display = renderer.hasText(altRange) ? renderer.render(altRange!) : lemma

        let form: String?
        let text: String
        if canonical == "inflection of" {
            let tags = template.positional.dropFirst(offset + 2).map { source.string(source.trimmed($0)) }
            form = expand(tags)
            text = (form ?? "inflection") + " of " + display
        } else {
            let kind = String(canonical.dropLast(3))
            if languageSpecific, let dash = kind.firstIndex(of: "-") {
                form = String(kind[kind.index(after: dash)...])
            } else {
                form = kind
            }
            text = (form ?? kind) + " of " + display
        }
        var gloss: String?
        if let range = template.named("t") ?? template.named("gloss")
            ?? (canonical == "inflection of" ? nil : template.positional(offset + 2)), renderer.hasText(range)
        {
            gloss = renderer.render(range)
        }
        return FormOfTemplate(text: text + (gloss.map { " (“\($0)”)" } ?? ""), lemma: lemma, form: form)
    }

    /// Inflection tags (`dat|s`, `1|s|pres|ind`) as words (`dative singular`).
    static func expand(_ tags: [String]) -> String? {
        var words: [String] = []
        for tag in tags where !tag.isEmpty {
            if tag == ";" || tag == "and" {
                if !words.isEmpty { words.append("and") }
                continue
            }
            let parts = tag.split(separator: "//").map { tagNames[String($0)] ?? String($0) }
            words.append(parts.joined(separator: " and "))
        }
        while words.last == "and" { words.removeLast() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    static let aliases: [String: String] = [
        "infl of": "inflection of", "inflection of": "inflection of", "alt form": "alternative form of",
        "altform": "alternative form of", "alt-form": "alternative form of", "alt sp": "alternative spelling of",
        "altsp": "alternative spelling of", "abbr of": "abbreviation of", "init of": "initialism of",
        "syn of": "synonym of", "short for": "short form of", "clip of": "clipping of", "pl of": "plural of",
        "obs form": "obsolete form of", "obs sp": "obsolete spelling of", "missp": "misspelling of",
        "dim of": "diminutive of", "aug of": "augmentative of", "honor alt case": "honorific alternative case of",
        "alt case": "alternative case form of", "verb form of": "verb form of", "noun form of": "noun form of",
        "adj form of": "adjective form of", "participle of": "participle of", "past of": "past tense of",
    ]

    static let tagNames: [String: String] = [
        "1": "first-person", "2": "second-person", "3": "third-person", "s": "singular", "sg": "singular",
        "p": "plural", "pl": "plural", "d": "dual", "du": "dual", "m": "masculine", "f": "feminine",
        "n": "neuter", "c": "common", "nom": "nominative", "gen": "genitive", "dat": "dative",
        "acc": "accusative", "voc": "vocative", "abl": "ablative", "loc": "locative", "ins": "instrumental",
        "par": "partitive", "ess": "essive", "tra": "translative", "ine": "inessive", "ela": "elative",
        "ill": "illative", "ade": "adessive", "all": "allative", "com": "comitative", "abe": "abessive",
        "pres": "present", "past": "past", "fut": "future", "impf": "imperfect", "perf": "perfect",
        "plup": "pluperfect", "pret": "preterite", "ind": "indicative", "sub": "subjunctive",
        "subj": "subjunctive", "imp": "imperative", "cond": "conditional", "inf": "infinitive",
        "part": "participle", "ptcp": "participle", "ger": "gerund", "act": "active", "pass": "passive",
        "def": "definite", "indef": "indefinite", "poss": "possessive", "comd": "comparative",
        "comp": "comparative", "sup": "superlative", "supd": "superlative", "ing-form": "present participle",
        "spast": "simple past", "pos": "positive", "str": "strong", "wk": "weak", "mix": "mixed",
        "an": "animate", "in": "inanimate", "pers": "personal", "aff": "affirmative", "neg": "negative",
        "conn": "connegative", "pot": "potential", "agent": "agent", "prs": "present", "prt": "preterite",
    ]
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var view = Substring(self)
        while view.first == set { view.removeFirst() }
        while view.last == set { view.removeLast() }
        return String(view)
    }
}
