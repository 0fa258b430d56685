import Foundation

/// The gender and animacy of a Russian noun whose head line is `{{ru-noun+}}` (or `{{ru-proper noun+}}`), which do not
/// write them: Module:ru-noun infers them from the declension, as the page then shows them (`ко́мната`: "f inan",
/// `абза́ц`: "m inan"). Read as Template:ru-noun-table's documentation gives the arguments:
///
/// - the first, a stress pattern (`a` … `f''`), may be left out (the others move up one);
/// - then the lemma (with accents, maybe `[[linked]]` or `//translit`), the page's title when empty;
/// - then the declension spec: a gender letter in it (`m`, `f`, `n`, as in `{{ru-noun+|авуа́ры|m}}` or `ь-m`) is the
///   gender; without one, the lemma's ending gives it — a consonant or `-й` masculine, `-а`/`-я` feminine (`-мя`
///   neuter), `-о`/`-е`/`-ё` neuter, and an adjectival noun's (`+`) its adjective ending (`-ый`/`-ий`/`-ой`, `-ая`/`-яя`,
///   `-ое`/`-ее`); a `-ь` noun, a plural-only noun (`n=p`, or a plural lemma: `-ы`/`-и`, an adjectival `-ые`/`-ие`, a
///   neuter's `-а`/`-я`) or an explicit declension of the module's own (Cyrillic in the spec, `$`) gives none here
///   rather than a guess, unless the spec names the gender;
/// - `a=`: `an` animate, `in` (the default) inanimate, `bi`/`both`/`ai`/`ia` both (then animacy is not said).
///
/// A multi-word term's words are argument groups separated by `_`, `-` or `join:…`; the term takes the gender of the
/// first word that is neither adjectival nor indeclinable (`[[Соединённые]]|+|_|[[Шта́ты]]|m`: masculine plural).
/// Only the first set of arguments is read (several are separated by `or`).
enum RussianNounGender {
    static let templates: Set<String> = ["ru-noun+", "ru-proper noun+"]

    /// The code (Module:gender and number: `f-in`, `m-an-p`) of `arguments` (positional, trimmed), `animacy` (`a=`)
    /// and `number` (`n=`) for a page titled `title`; nil when they do not tell.
    static func code(arguments: [String], animacy: String?, number: String?, title: String) -> String? {
        var groups: [[String]] = [[]]
        for argument in arguments.prefix(while: { $0 != "or" }) {
            if argument == "_" || argument == "-" || argument.hasPrefix("join:") {
                groups.append([])
            } else {
                groups[groups.count - 1].append(argument)
            }
        }
        let words = groups.map { Word($0, title: groups.count == 1 ? title : nil) }
        guard let word = words.first(where: { !$0.adjectival && !$0.indeclinable }) ?? words.first else { return nil }
        let plural = (number.map { $0.lowercased().hasPrefix("p") } ?? false) || (number == nil && word.pluralLemma)
        guard let gender = word.explicitGender ?? (plural ? nil : word.inferredGender) else { return nil }
        var code = gender
        switch animacy?.lowercased() {
        case nil, "i", "in", "inan", "inanimate": code += "-in"
        case "a", "an", "anim", "animate": code += "-an"
        default: break  // both (`b`, `bi`, `both`, `ai`, `ia`)
        }
        return plural ? code + "-p" : code
    }

    /// One word of the term: its lemma (plain letters) and declension spec.
    private struct Word {
        let lemma: String
        let spec: String

        init(_ arguments: [String], title: String?) {
            var rest = arguments
            if let first = rest.first, isStressPattern(first) { rest.removeFirst() }
            let given = rest.first.flatMap { $0.isEmpty ? nil : $0 }
            lemma = plain(given ?? title ?? "")
            spec = rest.count > 1 ? rest[1] : ""
        }

        var adjectival: Bool { spec.contains("+") }
        var indeclinable: Bool { spec.contains("$") }
        var explicitGender: String? { RussianNounGender.explicitGender(spec) }

        /// Whether the lemma is a plural (a plurale tantum's): `-ы`/`-и`, an adjective's `-ые`/`-ие`, a neuter's `-а`/`-я`.
        var pluralLemma: Bool {
            if adjectival { return lemma.hasSuffix("ые") || lemma.hasSuffix("ие") }
            guard let last = lemma.last else { return false }
            if explicitGender == "n" { return "ая".contains(last) && !lemma.hasSuffix("мя") }
            return "ыи".contains(last)
        }

        /// The gender the module gives the ending when the spec does not name one.
        var inferredGender: String? {
            // An explicit or indeclinable (`$`) declension's gender is not the ending's.
            guard !indeclinable, !spec.unicodeScalars.contains(where: isCyrillic) else { return nil }
            if adjectival {
                for (endings, gender) in [(["ый", "ий", "ой"], "m"), (["ая", "яя"], "f"), (["ое", "ее"], "n")]
                where endings.contains(where: lemma.hasSuffix) {
                    return gender
                }
                return nil
            }
            return RussianNounGender.inferredGender(lemma)
        }
    }

    /// `b`, `c`, `b'`, `f''`, `a,c`: Zaliznyak's stress patterns.
    static func isStressPattern(_ text: String) -> Bool {
        !text.isEmpty && text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { part in
            guard let letter = part.first, "abcdef".contains(letter) else { return false }
            return part.dropFirst().allSatisfy { $0 == "'" } && part.count <= 3
        }
    }

    /// The gender letter of a declension spec (`m`, `*f`, `ь-m`, `f(2)`), when it has exactly one and nothing
    /// else but the module's modifiers.
    static func explicitGender(_ spec: String) -> String? {
        var letters: [Character] = []
        for character in spec {
            switch character {
            case "m", "f", "n": letters.append(character)
            case "*", "(", ")", "1", "2", "3", ";", "-", "ь", "ё", "$", "+", " ": continue
            default: return nil
            }
        }
        return letters.count == 1 ? String(letters[0]) : nil
    }

    /// The gender Module:ru-noun gives a lemma's ending when the declension does not say otherwise.
    static func inferredGender(_ lemma: String) -> String? {
        guard let last = lemma.last else { return nil }
        switch last {
        case "а", "я": return lemma.hasSuffix("мя") ? "n" : "f"
        case "о", "е", "ё": return "n"
        case "й": return "m"
        case "ь", "ы", "и", "у", "ю", "э": return nil
        default:
            guard let scalar = last.unicodeScalars.first, isCyrillic(scalar) else { return nil }
            return "m"  // a consonant (or a final ъ, in older spellings)
        }
    }

    /// The lemma as letters: without link brackets (`[[желе́зная]] [[доро́га]]`, `[[a|b]]` as `b`), a manual
    /// transliteration (`//…`), accents and a leading `*`, in lower case.
    static func plain(_ text: String) -> String {
        var text = Substring(text)
        if let slashes = text.range(of: "//") { text = text[..<slashes.lowerBound] }
        var letters = ""
        while !text.isEmpty {
            guard let open = text.range(of: "[[") else {
                letters += text
                break
            }
            letters += text[..<open.lowerBound]
            text = text[open.upperBound...]
            let close = text.range(of: "]]")
            var link = close.map { text[..<$0.lowerBound] } ?? text
            if let bar = link.lastIndex(of: "|") { link = link[link.index(after: bar)...] }
            letters += link
            text = close.map { text[$0.upperBound...] } ?? ""
        }
        let scalars = letters.unicodeScalars.filter { !(0x0300...0x036F).contains($0.value) && $0 != "*" }
        return String(String.UnicodeScalarView(scalars)).lowercased().trimmingCharacters(in: .whitespaces)
    }

    static func isCyrillic(_ scalar: Unicode.Scalar) -> Bool { (0x0400...0x04FF).contains(scalar.value) }
}
