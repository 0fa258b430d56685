/// A form-of template (`{{plural of|en|cat}}`, `{{inflection of|la|tālus||dat|s}}`,
/// `{{pt-verb form of|casar|ar|indicative|present|singular|third}}`): the definition names its lemma.
///
/// The engine is table-driven: a template is a form-of template when its name is an alias in ``aliases``, ends
/// in ` of` (`genitive plural of`, `alt case form of`), or is a language's own family (`xx-… form of`,
/// `xx-…-form-of`, `xx-verb-form`, `sv-adj-form-abs-indef-n`); tags (`3|s|pres|actv|indc`, `p=1|n=sg|m=ind`) are
/// expanded through ``tagNames``. Head templates never reach it: only definition lines are rendered.
struct FormOfTemplate: Hashable {
    /// The rendered definition (`plural of cat`).
    var text: String
    /// The lemma (`cat`).
    var lemma: String
    /// The kind of form (`plural`, `dative singular`), when known.
    var form: String?

    /// How a template lays out its arguments.
    enum Layout {
        /// `{{plural of|lang|lemma|alt|gloss}}`
        case plain
        /// `{{inflection of|lang|lemma|alt|tag|tag…}}`
        case tagged
        /// `{{form of|lang|form text|lemma|alt|gloss}}`
        case described
        /// `{{xx-verb form of|lemma|tag…|name=tag…}}`: no language argument; tags positional or named.
        case languageSpecific
    }

    static func parse(_ template: Template, in renderer: WikitextRenderer) -> FormOfTemplate? {
        guard let classified = classify(template.name) else { return nil }
        let (kind, layout) = classified
        let source = renderer.source
        func raw(_ range: Range<Int>?) -> String { range.map { source.string(source.trimmed($0)) } ?? "" }

        // New style names the language first; old style (`{{past of|walk}}`, `lang=`) does not.
        var offset = 0
        if layout != .languageSpecific, template.named("lang") == nil, template.positional.count >= 2,
            WiktionaryLanguages.displayName(forCode: raw(template.positional(0))) != nil
        {
            offset = 1
        }
        var kindText = kind
        if layout == .described {
            kindText = renderer.render(template.positional(offset) ?? 0..<0)
            if kind == "spelling" { kindText += " spelling" }
            offset += 1
        }
        let lemmaRange: Range<Int>?
        var tags: [String] = []
        var altRange: Range<Int>?
        if layout == .languageSpecific {
            // The lemma is named (`verb=`, `lemma=`) or the first positional argument that is not a tag
            // (`{{nl-noun form of|pl|raaf}}`); the rest are tags.
            let named = template.named("verb") ?? template.named("lemma") ?? template.named("1")
            let lemmaIndex = named == nil ? template.positional.firstIndex { !isTag(raw($0)) } ?? 0 : nil
            lemmaRange = named ?? template.positional(lemmaIndex ?? 0)
            tags = template.positional.indices.filter { $0 != lemmaIndex }.map { raw(template.positional[$0]) }
            for (key, value) in template.named where namedTagKeys.contains(key) {
                tags.append(contentsOf: raw(value).split(separator: "/").map(String.init))
            }
            // `formal=y` (usted) shows "formal", `formal=n` (tú) "informal".
            if let formal = template.named("formal").map({ raw($0).lowercased() }), !formal.isEmpty {
                tags.append(["y", "yes", "1", "true"].contains(formal) ? "formal" : "informal")
            }
            // The Romance verb-form families have one participle, the past one (`mood=participle|gen=f`).
            if romanceFamilies.contains(String(template.name.prefix { $0 != "-" })),
                let index = tags.firstIndex(where: { ["participle", "part", "par", "ptcp"].contains($0) })
            {
                tags[index] = "past participle"
            }
            tags = tags.filter { !endings.contains($0) }
            tags = orderedByCategory(tags)
            altRange = template.named("alt")
        } else {
            lemmaRange = template.positional(offset) ?? template.named("1")
            altRange = template.named("alt") ?? template.positional(offset + 1)
            if layout == .tagged { tags = template.positional.dropFirst(offset + 2).map(raw) }
        }
        guard let lemmaRange else { return nil }
        var lemma = renderer.render(lemmaRange)
        if let hash = lemma.firstIndex(of: "#") { lemma = String(lemma[..<hash]) }
        lemma = lemma.trimmingCharacters(in: " ")
        guard !lemma.isEmpty else { return nil }
        let display = renderer.hasText(altRange) ? renderer.render(altRange!) : lemma

        let expanded = expand(tags)
        let form = expanded ?? (kindText.isEmpty ? nil : kindText)
        // `{{short for|en|gym}}` reads "Short for gym"; every other kind joins with "of".
        var text = (form ?? "form") + (form?.hasSuffix(" for") == true ? " " : " of ") + display
        if template.named("cap") != nil || template.named("nocap") == nil && capitalisedKinds.contains(kindText) {
            text = text.prefix(1).uppercased() + text.dropFirst()
        }
        var gloss: String?
        let glossRange = (layout == .languageSpecific ? nil : template.named("t")) ?? template.named("gloss")
            ?? (layout == .plain || layout == .described ? template.positional(offset + 2) : nil)
        if let glossRange, renderer.hasText(glossRange) { gloss = renderer.render(glossRange) }
        return FormOfTemplate(text: text + (gloss.map { " (“\($0)”)" } ?? ""), lemma: lemma, form: form)
    }

    /// The kind of form a template name announces and how its arguments are laid out; `nil` for a template that
    /// is not a form-of template.
    static func classify(_ name: String) -> (kind: String, layout: Layout)? {
        if let alias = aliases[name] { return (alias, taggedKinds.contains(alias) ? .tagged : .plain) }
        if name == "form of" { return ("form", .described) }
        if name == "spelling of" { return ("spelling", .described) }  // {{spelling of|en|Canadian|colour}}
        if let dash = name.firstIndex(of: "-"), WikitextRenderer.looksLikeLanguageCode(String(name[..<dash])) {
            // xx-verb form of, xx-verb-form-of, xx-verb-form, xx-adj-form-abs-indef-n, xx-romanization of
            let rest = String(name[name.index(after: dash)...]).replacingDashes()
            guard rest.hasSuffix(" of") || rest.contains("form") else { return nil }
            var words = rest.split(separator: " ").map(String.init)
            if words.last == "of" { words.removeLast() }
            guard let formIndex = words.firstIndex(of: "form") ?? words.indices.last else { return nil }
            let before = words[..<formIndex].map { partNames[$0] ?? $0 }
            let after = words[(formIndex + 1)...].map { tagNames[$0] ?? $0 }
            let kind: String
            if !after.isEmpty {
                kind = after.joined(separator: " ")  // sv-adj-form-abs-indef-n: absolute indefinite neuter
            } else if words.contains("form") {
                kind = (before + ["form"]).joined(separator: " ")
            } else {
                kind = words.map { partNames[$0] ?? $0 }.joined(separator: " ")
            }
            return (kind, .languageSpecific)
        }
        guard name.hasSuffix(" of"), WikitextRenderer.templateKinds[name] == nil, name.utf8.count > 3 else {
            return nil
        }
        let kind = String(name.dropLast(3))
        return (kind, taggedKinds.contains(kind) ? .tagged : .plain)
    }

    /// Languages whose `xx-verb form of` participles are past participles.
    static let romanceFamilies: Set<String> = ["es", "pt", "ca", "gl", "it", "fr", "ro", "oc"]

    /// Whether `text` is an inflection tag or a conjugation class rather than a word.
    static func isTag(_ text: String) -> Bool {
        text.isEmpty || tagNames[text] != nil || endings.contains(text) || combinedTag(text) != nil
    }

    /// Inflection tags (`dat|s`, `1|s|pres|ind`, `3s`, `1//3`) as words (`dative singular`).
    static func expand(_ tags: [String]) -> String? {
        var words: [String] = []
        for tag in tags where !tag.isEmpty {
            if tag == ";" || tag == "and" || tag == "_" {
                if tag != "_", !words.isEmpty { words.append("and") }
                continue
            }
            let parts = tag.split(separator: "//").map { part -> String in
                let part = String(part)
                if let name = tagNames[part] ?? tagNames[part.lowercased()] { return name }
                return combinedTag(part) ?? part
            }
            // Multipart tags: persons read "first- and second-person"; others as the page shows them,
            // "nominative/accusative/vocative".
            if parts.count > 1, parts.allSatisfy({ $0.hasSuffix("-person") }) {
                words.append(parts.dropLast().map { String($0.dropLast(6)) }.joined(separator: ", ")
                    + " and " + parts.last!)
            } else {
                words.append(parts.joined(separator: "/"))
            }
        }
        while words.last == "and" { words.removeLast() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Person-number shortcuts: `3s` → third-person singular, `1p` → first-person plural, `123` → first-,
    /// second- and third-person.
    static func combinedTag(_ tag: String) -> String? {
        let bytes = Array(tag.utf8)
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x31 && $0 <= 0x33 || $0 == 0x73 || $0 == 0x70 || $0 == 0x64 })
        else { return nil }
        let persons = bytes.filter { $0 >= 0x31 && $0 <= 0x33 }.map { tagNames[String(UnicodeScalar($0))]! }
        let numbers = bytes.filter { !($0 >= 0x31 && $0 <= 0x33) }.map { tagNames[String(UnicodeScalar($0))]! }
        var person = persons.joined(separator: " and ")
        if persons.count > 1 {
            let stems = persons.map { String($0.dropLast(7)) + "-" }
            person = stems.dropLast().joined(separator: ", ") + " and " + persons.last!
        }
        return ([person] + numbers).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Language-specific templates' tags in the order Wiktionary shows them: person, number, gender, case,
    /// tense, aspect, voice, mood and the rest.
    static func orderedByCategory(_ tags: [String]) -> [String] {
        func rank(_ tag: String) -> Int {
            let word = tagNames[tag] ?? tagNames[tag.lowercased()] ?? combinedTag(tag) ?? tag
            return tagOrder.firstIndex { word.hasSuffix($0) || word == $0 } ?? tagOrder.count
        }
        let ranked: [(rank: Int, offset: Int, tag: String)] = tags.filter { !$0.isEmpty }.enumerated().map {
            (rank: rank($0.element), offset: $0.offset, tag: $0.element)
        }
        return ranked.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.offset < $1.offset }.map(\.tag)
    }
}

extension String {
    func trimmingCharacters(in set: Character) -> String {
        var view = Substring(self)
        while view.first == set { view.removeFirst() }
        while view.last == set { view.removeLast() }
        return String(view)
    }

    func replacingDashes() -> String { String(map { $0 == "-" ? " " : $0 }) }
}
