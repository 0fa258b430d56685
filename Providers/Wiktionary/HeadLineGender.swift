/// The grammatical gender a part of speech's head line gives the word — `{{de-noun|n,es,^er}}`, `{{fr-noun|m}}`,
/// `{{pl-noun|m-in}}`, `{{head|it|noun|g=m}}`, `{{es-noun-m}}` — as the label the page shows in words ("m" is
/// masculine): a German, French or Spanish noun's gender is what a learner needs beside its meanings, and
/// `SenseGroup.labels` is where it goes (the offline provider takes the same from wiktextract's word-level tags).
///
/// Codes follow Module:gender and number: hyphen-separated parts, a gender (`m`, `f`, `n`, `c`) with its number
/// (`p`, `d`, `s`) and animacy (`an`, `in`, `pr`, …); `g=`, `g2=`, … of any head template, else the first positional
/// argument of a language's noun template when that is a gender code (its first comma-separated part: de-noun writes
/// gender, genitive and plural there), else the gender a template's name ends with. An English noun template's first
/// argument is a plural ending (`{{en-noun|s}}`, `{{en-noun|es}}`): only a code with a gender in it counts there.
/// Russian `{{ru-noun+}}` writes none: ``RussianNounGender`` infers it as Module:ru-noun does.
enum HeadLineGender {
    /// The label for the head template `template` on the page titled `title`, if it gives a gender; nil for any other
    /// template.
    static func label(_ template: Template, source: WikitextSource, title: String) -> String? {
        let name = template.name
        if let label = olderGenderTemplate(template, source: source) { return label }
        if RussianNounGender.templates.contains(name), template.named("g") == nil {
            func text(_ range: Range<Int>?) -> String? { range.map { source.string(source.trimmed($0)) } }
            let code = RussianNounGender.code(
                arguments: template.positional.map { source.string(source.trimmed($0)) },
                animacy: text(template.named("a")), number: text(template.named("n")), title: title
            )
            return code.flatMap { label(codes: [$0]) }
        }
        let isHead = name == "head" || name == "head-lite" || name == "infl"
        guard isHead || isNounTemplate(name) else { return nil }
        func text(_ range: Range<Int>?) -> String? {
            guard let range else { return nil }
            let text = source.string(source.trimmed(range))
            return text.isEmpty ? nil : text
        }
        // The first gender: `g=`, else (a language's template) its first positional argument when that is a code —
        // up to de-noun's `,` (genitive and plural follow), `.` (`f.sg`: singular only) or `[` (`m[dialectal]`) —
        // or, in the older it-noun and ru-noun (`{{it-noun|abat|m|e|i}}`, `{{ru-noun|сло́н|m-an|…}}`), its second.
        var codes: [String] = []
        if let first = text(template.named("g")) {
            codes.append(first)
        } else if name == "da-noun" {
            // Danish: the first argument is the definite ending, which gives the gender (`en`, `n`: common; `et`,
            // `t`: neuter) — not a gender code (`{{da-noun|n|r}}`, kagen, is common).
            switch text(template.positional(0)) {
            case "en", "n": codes.append("c")
            case "et", "t": codes.append("n")
            default: break
            }
        } else if !isHead {
            let positional = [text(template.positional(0)), ["it-noun", "ru-noun"].contains(name) ? text(template.positional(1)) : nil]
            if let code = positional.lazy.compactMap({ $0.map { String($0.prefix { !",.[<".contains($0) }) } })
                .first(where: hasGender) {
                codes.append(code)
            }
        }
        // The others: `g2=`, `g3=`, … (`{{fr-noun|m|g2=f}}`: masculine or feminine).
        for key in ["g2", "g3", "g4"] { if let code = text(template.named(key)) { codes.append(code) } }
        if codes.isEmpty, !isHead, name.contains("-noun-"), let dash = name.lastIndex(of: "-") {
            let code = String(name[name.index(after: dash)...])
            if hasGender(code) { codes.append(code) }
        }
        return label(codes: codes)
    }

    /// The gender templates of older pages' head lines (`'''drink''' {{m|inv}}`, `'''women''' {{p}}`, `{{g|m|f}}`,
    /// `{{m|f}}`: masculine or feminine); a `{{m|…}}` whose first argument is a language code and which names a term
    /// is today's mention template, not a gender.
    private static func olderGenderTemplate(_ template: Template, source: WikitextSource) -> String? {
        let name = template.name
        let arguments = template.positional.map { source.string(source.trimmed($0)) }.filter { !$0.isEmpty }
        if name == "g" { return label(codes: arguments) }
        guard name.utf8.count <= 4, words(name) != nil else { return nil }
        // `{{m|inv}}` (invariable), `{{m|pl}}` look like a mention's language code without the term it mentions.
        if let first = arguments.first, WikitextRenderer.looksLikeLanguageCode(first),
           arguments.count > 1 || !["inv", "pl", "sg"].contains(first) {
            return nil
        }
        return label(codes: [name] + arguments.filter(hasGender))
    }

    /// `de-noun`, `fr-proper noun`, `es-noun-m`: a language code, then a noun's template.
    static func isNounTemplate(_ name: String) -> Bool {
        guard let dash = name.firstIndex(of: "-"), WikitextRenderer.looksLikeLanguageCode(String(name[..<dash])) else {
            return false
        }
        let rest = name[name.index(after: dash)...]
        return rest.hasPrefix("noun") || rest.hasPrefix("proper noun") || rest == "pn"
    }

    /// "masculine", "feminine plural", "masculine inanimate", "masculine or feminine": the codes' words, codes that
    /// differ joined by "or"; a code this does not know (`?`: not yet given; `biasp`) left out; nil for none.
    static func label(codes: [String]) -> String? {
        var labels: [String] = []
        for code in codes {
            if let label = words(code), !labels.contains(label) { labels.append(label) }
        }
        return labels.isEmpty ? nil : labels.joined(separator: " or ")
    }

    private static func words(_ code: String) -> String? {
        var genders: [String] = [], rest: [String] = []
        for part in code.split(separator: "-") {
            if let gender = genderWords[String(part)] {
                genders.append(gender)
            } else if let word = otherWords[String(part)] {
                rest.append(word)
            } else {
                return nil
            }
        }
        guard !genders.isEmpty || !rest.isEmpty else { return nil }
        return ([genders.joined(separator: " or ")] + rest).filter { !$0.isEmpty }.joined(separator: " ")
    }

    private static func hasGender(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { genderWords[String($0)] != nil || otherWords[String($0)] != nil }
            && parts.contains { genderWords[String($0)] != nil }
    }

    private static let genderWords: [String: String] = [
        "m": "masculine", "f": "feminine", "n": "neuter", "c": "common", "mf": "masculine or feminine",
        "mfbysense": "masculine or feminine by sense",
    ]

    private static let otherWords: [String: String] = [
        "p": "plural", "s": "singular", "d": "dual", "an": "animate", "in": "inanimate", "inan": "inanimate",
        "pr": "personal", "anml": "animal", "np": "nonpersonal", "pf": "perfective", "impf": "imperfective",
    ]
}
