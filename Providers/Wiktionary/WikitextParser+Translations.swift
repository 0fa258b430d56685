import Foundation
import LexAggCore

extension WikitextParser {
    /// A sense whose table is on another page: `{{trans-see|genre of music|house music}}` (the page is the gloss when
    /// not named: `{{trans-see|bingo}}`).
    package struct TableReference: Equatable, Sendable {
        /// The sense of the headword the table is for.
        package var gloss: String
        /// The pages whose tables to read, without a `#Section`.
        package var pages: [String]
        package var partOfSpeech: PartOfSpeech?
    }
}

/// Translations sections: `{{trans-top|gloss}}` tables of `* German: {{t+|de|Haus|n}}, {{t|de|Gebäude|n}}` lines,
/// read only for `translate` (a lookup shows none: an English noun's tables run to hundreds of lines).
extension PageParser {
    /// One item of a translation table, before its entry's language is known.
    struct TableItem {
        var code: String
        var text: String
        var notes: [String]
        var gloss: String?
        var partOfSpeech: PartOfSpeech?
    }

    /// The translation templates: `{{t|de|Haus|n}}`, `{{t+|…}}`, `{{tt|…}}`, checked ones, `{{t-simple|…}}`, and the
    /// older `{{t-|…}}` and `{{tø|…}}` (no link to the other language's Wiktionary) that pages not edited since still
    /// have (`* Serbo-Croatian: {{t-|sh|речник|m}}` on *dictionary*): the same arguments.
    static let translationTemplates: Set<String> = ["t", "t+", "tt", "tt+", "t-simple", "t-check", "t+check", "t-egy", "t-", "tø"]

    mutating func translationLine(_ line: Range<Int>) {
        let block = blocks.count - 1
        guard block >= 0 else { return }
        // A qualifier (`{{q|slang}}`, `{{gloss|…}}`) goes with the item of its stretch of the line between commas:
        // `{{q|slang}} {{t|fi|yrjötä}}`, `{{t|de|freisetzen}} {{q|from prison}}`.
        let templates = topLevelTemplates(line)
        var stretch: [Int] = []
        var commas = 0, from = line.lowerBound
        for range in templates {
            commas += source.bytes[from..<range.lowerBound].count { $0 == 0x2C }
            stretch.append(commas)
            from = range.upperBound
        }
        // `* {{ttbc|fr}}: {{t|fr|maison|f}}`: a row whose items are to be checked, its language named by code (older
        // rows by name: `{{ttbc|French}}`); on older pages its items are plain links (`* {{ttbc|fr}}: [[maison]]`).
        var toBeChecked: (code: String, end: Int)?
        if let range = templates.first, source.template(range).name == "ttbc",
           let argument = source.template(range).positional(0)
        {
            let written = source.string(source.trimmed(argument))
            let code = WiktionaryLanguages.sectionName(forCode: written) != nil
                ? written : WiktionaryLanguages.code(forSectionName: written) ?? written
            if !code.isEmpty { toBeChecked = (code, range.upperBound) }
        }
        // A row's language, for the script sub-rows under it (`* Serbo-Croatian:`, then `*: Cyrillic: …`).
        if source[line.lowerBound] == Ascii.star, line.count < 2 || ![Ascii.star, Ascii.colon].contains(source[line.lowerBound + 1]) {
            translationParent = rowName(line).flatMap { WiktionaryLanguages.code(forSectionName: $0.name) } ?? toBeChecked?.code
        }
        var qualifiers: [Int: [String]] = [:]
        for (index, range) in templates.enumerated() {
            let template = source.template(range)
            guard Self.qualifierTemplates.contains(template.name) || Self.glossTemplates.contains(template.name) else { continue }
            let text = template.positional.map { renderer.render($0) }.filter { !$0.isEmpty }.joined(separator: ", ")
            if !text.isEmpty { qualifiers[stretch[index], default: []].append(text) }
        }
        // Where each template item starts, to put the row's plain items among them.
        let firstItem = blocks[block].translations.count
        var positions: [Int] = []
        for (index, range) in templates.enumerated() {
            let template = source.template(range)
            switch template.name {
            case "trans-top", "trans-top-also":
                // {{trans-top|a building}} or {{trans-top|id=…|a building}}: what the table's sense is.
                translationGloss = template.positional(0).map { renderer.render($0) }.flatMap { $0.isEmpty ? nil : $0 }
                translationsChecked = true
                translationParent = nil
            case "checktrans-top":
                // "Translations to be checked": items nobody has placed under a sense yet.
                translationGloss = nil
                translationsChecked = false
                translationParent = nil
            case "trans-see":
                guard let glossRange = template.positional(0) else { continue }
                let gloss = renderer.render(glossRange)
                let named = template.positional.dropFirst().map { renderer.render($0) }
                let pages = (named.isEmpty ? [gloss] : named).compactMap { page -> String? in
                    let title = page.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                    return title.isEmpty ? nil : title
                }
                guard !gloss.isEmpty, !pages.isEmpty else { continue }
                tableReferences.append(
                    WikitextParser.TableReference(gloss: gloss, pages: pages, partOfSpeech: blocks[block].groups.last?.partOfSpeech)
                )
            case "trans-bottom", "checktrans-bottom":
                translationGloss = nil
                translationsChecked = true
            case let name where Self.translationTemplates.contains(name):
                guard let codeRange = template.positional(0), let wordRange = template.positional(1) else { continue }
                let code = source.string(source.trimmed(codeRange))
                let text = renderer.render(template.named("alt") ?? wordRange)
                guard !code.isEmpty, !text.isEmpty else { continue }
                // Gender and number (`n`, `m-p`), then the transliteration.
                var notes = template.positional.dropFirst(2).map { source.string(source.trimmed($0)) }.filter { !$0.isEmpty }
                    .map { Self.genderNames[$0] ?? $0 }
                if let transliteration = template.named("tr").map({ renderer.render($0) }), !transliteration.isEmpty {
                    notes.insert(transliteration, at: 0)
                }
                notes += qualifiers[stretch[index]] ?? []
                if !translationsChecked || name.hasSuffix("check") || toBeChecked != nil { notes.append("to be checked") }
                let partOfSpeech = blocks[block].groups.last?.partOfSpeech
                blocks[block].translations.append(
                    TableItem(code: code, text: text, notes: notes, gloss: translationGloss, partOfSpeech: partOfSpeech)
                )
                positions.append(range.lowerBound)
            default:
                continue
            }
        }
        let templateItems = templates.filter { Self.translationTemplates.contains(source.template($0).name) }
        if !templateItems.isEmpty {
            let items = toBeChecked.map { $0.end..<line.upperBound } ?? rowName(line)?.items
            if let items { placePlainItems(items, beside: templateItems, at: positions, from: firstItem, checked: toBeChecked == nil) }
            return
        }
        // A row of plain links: `{{ttbc|…}}`'s, or one whose language is named in text (`* French: [[maison]] {{g|f}}`).
        guard let row = toBeChecked.map({ (code: $0.code, items: $0.end..<line.upperBound) }) ?? plainRow(line) else { return }
        let partOfSpeech = blocks[block].groups.last?.partOfSpeech
        let checked = toBeChecked == nil && translationsChecked
        for (text, notes) in plainItems(row.items) {
            blocks[block].translations.append(TableItem(
                code: row.code, text: text, notes: notes + (checked ? [] : ["to be checked"]), gloss: translationGloss,
                partOfSpeech: partOfSpeech
            ))
        }
    }

    /// A row written without templates (`* French: [[maison]] {{g|f}}`, older pages' `* [[Catalan]]: [[casa]] {{f}}`,
    /// `*: Walloon: [[måjhon]]`): the code of the language it names and its items after the colon; `nil` when the name
    /// is no language en.wiktionary names so or no link follows. A sub-row naming a script (`*: Cyrillic: [[крава]]`
    /// under `* Serbo-Croatian:`, `*: Hebrew: [[תורתא]]` under `* Aramaic:`) is its parent row's language: it was lost
    /// (no language is named "Cyrillic") or went to the language the script is named after.
    func plainRow(_ line: Range<Int>) -> (code: String, items: Range<Int>)? {
        guard let row = rowName(line), source.string(row.items).contains("[[") else { return nil }
        if row.isSubRow, let parent = translationParent, Self.isScriptName(row.name) { return (parent, row.items) }
        return WiktionaryLanguages.code(forSectionName: row.name).map { ($0, row.items) }
    }

    /// The names of script sub-rows (`*: Cyrillic:`, `*: Roman script:`): the parent row's language written in another
    /// script, not a language or variety of their own (`*: Bavarian:` under German, `*: Mandarin:` under Chinese).
    static func isScriptName(_ name: String) -> Bool {
        let script = name.hasSuffix(" script") ? String(name.dropLast(7)) : name
        return scriptNames.contains(script)
    }

    static let scriptNames: Set<String> = [
        "Cyrillic", "Roman", "Latin", "Arabic", "Perso-Arabic", "Hebrew", "Syriac", "Greek", "Glagolitic", "Devanagari",
        "Gurmukhi", "Shahmukhi", "Hiragana", "Katakana", "Kana", "Kanji", "Hangul", "Hanja", "Rumi", "Jawi", "Traditional",
        "Simplified", "Tifinagh", "Ge'ez",
    ]

    /// A table row's name, whether it is a sub-row (`*:`), and its items after the colon (`* French: …`,
    /// `*: Cyrillic: …`, older `* [[Catalan]]: …`); `nil` when the name is a template (`* {{ttbc|fr}}:`) or no colon
    /// ends it.
    func rowName(_ line: Range<Int>) -> (name: String, isSubRow: Bool, items: Range<Int>)? {
        guard source[line.lowerBound] == Ascii.star else { return nil }
        var index = line.lowerBound
        while index < line.upperBound, [Ascii.star, Ascii.colon, 0x20].contains(source[index]) { index += 1 }
        let isSubRow = index > line.lowerBound + 1 && [Ascii.star, Ascii.colon].contains(source[line.lowerBound + 1])
        let nameStart = index
        while index < line.upperBound, source[index] != Ascii.colon {
            if source[index] == Ascii.openBrace { return nil }  // `* {{ttbc|fr}}:`, `* {{trans-see|…}}`
            if source[index] == Ascii.openBracket, index + 1 < line.upperBound, source[index + 1] == Ascii.openBracket,
               let end = source.linkEnd(from: index, limit: line.upperBound)
            {
                index = end
            } else {
                index += 1
            }
        }
        guard index < line.upperBound, index > nameStart else { return nil }
        let name = renderer.render(nameStart..<index).trimmingCharacters(in: .whitespaces)
        return (name, isSubRow, (index + 1)..<line.upperBound)
    }

    /// The plain items of a row with `{{t}}` items too (`* Turkish: {{t+|tr|ev}}, [[hane]] {{q|obsolete}}`): each
    /// stretch between commas and semicolons with a link and no translation template is an item of the language of
    /// the template item before it (else after it), put in its place among the row's items (from `firstItem`, at
    /// `positions`). They were lost: only rows with no template item were read for plain links.
    mutating func placePlainItems(_ items: Range<Int>, beside templateItems: [Range<Int>], at positions: [Int], from firstItem: Int, checked: Bool) {
        let block = blocks.count - 1
        let codes = templateItems.compactMap { range in
            source.template(range).positional(0).map { (position: range.lowerBound, code: source.string(source.trimmed($0))) }
        }.filter { !$0.code.isEmpty }
        var placed = zip(positions, blocks[block].translations[firstItem...]).enumerated().map { ($1.0, $0, $1.1) }
        for stretch in itemStretches(items) where !templateItems.contains(where: { stretch.contains($0.lowerBound) }) {
            guard source.string(stretch).contains("[["),
                  let code = codes.last(where: { $0.position < stretch.lowerBound })?.code ?? codes.first?.code
            else { continue }
            let partOfSpeech = blocks[block].groups.last?.partOfSpeech
            for (text, notes) in plainItems(stretch) {
                let item = TableItem(
                    code: code, text: text, notes: notes + (checked && translationsChecked ? [] : ["to be checked"]),
                    gloss: translationGloss, partOfSpeech: partOfSpeech
                )
                placed.append((stretch.lowerBound, placed.count, item))
            }
        }
        placed.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        blocks[block].translations.replaceSubrange(firstItem..., with: placed.map(\.2))
    }

    /// A row's items between commas and semicolons outside links, templates and brackets.
    func itemStretches(_ range: Range<Int>) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var start = range.lowerBound, index = range.lowerBound, brackets = 0
        while index < range.upperBound {
            let byte = source[index]
            if byte == Ascii.openBrace, index + 1 < range.upperBound, source[index + 1] == Ascii.openBrace,
               let end = source.templateEnd(from: index, limit: range.upperBound)
            {
                index = end
                continue
            }
            if byte == Ascii.openBracket, index + 1 < range.upperBound, source[index + 1] == Ascii.openBracket,
               let end = source.linkEnd(from: index, limit: range.upperBound)
            {
                index = end
                continue
            }
            if byte == 0x28 {
                brackets += 1
            } else if byte == 0x29 {
                brackets = max(0, brackets - 1)
            } else if byte == 0x2C || byte == 0x3B, brackets == 0 {
                stretches.append(start..<index)
                start = index + 1
            }
            index += 1
        }
        stretches.append(start..<range.upperBound)
        return stretches
    }

    /// The items of a row written without translation templates (`: [[maison]] {{g|f}}, [[logis]] ''m'' {{q|rare}}`):
    /// each stretch between commas or semicolons outside links and templates, as the page shows it, with the genders
    /// (`{{g|f}}`, the older `{{f}}` and `''f''` after the word), qualifiers and what a bracket at its end says
    /// (`[[קו]] (ku)`, `[[vache]] {{f}} (''of any bovine'')`) as its notes.
    func plainItems(_ range: Range<Int>) -> [(text: String, notes: [String])] {
        var items: [(text: String, notes: [String])] = []
        var output: [UInt8] = []
        var notes: [String] = []
        func endItem() {
            var text = TextCleaner.clean(output).trimmingCharacters(in: CharacterSet(charactersIn: " :."))
            // A transliteration or a qualifier in brackets after the word.
            if text.hasSuffix(")"), let open = text.range(of: " (", options: .backwards) {
                let inside = text[open.upperBound..<text.index(before: text.endIndex)].trimmingCharacters(in: .whitespaces)
                let word = text[..<open.lowerBound].trimmingCharacters(in: .whitespaces)
                if !inside.isEmpty, !word.isEmpty, !inside.contains("(") {
                    notes.append(inside)
                    text = word
                }
            }
            // A qualifier in brackets before it: `''(vt)'' [['u]]`, `([[द्रव]]) [[पान]]`.
            if text.hasPrefix("("), let close = text.firstIndex(of: ")") {
                let inside = text[text.index(after: text.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                let word = text[text.index(after: close)...].trimmingCharacters(in: .whitespaces)
                // (Nothing but a bracket is no item: a transcription after a template that shows nothing here.)
                if !word.isEmpty, !inside.isEmpty { notes.append(inside) }
                text = word
            }
            // An older row's gender in italics after the word: `[[maison]] ''f''`.
            if let space = text.lastIndex(of: " "), let gender = Self.genderNames[String(text[text.index(after: space)...])] {
                let raw = source.string(range)
                if raw.contains("''" + String(text[text.index(after: space)...]) + "''") {
                    notes.insert(gender, at: 0)
                    text = String(text[..<space]).trimmingCharacters(in: .whitespaces)
                }
            }
            if !text.isEmpty { items.append((text, notes)) }
            output.removeAll(keepingCapacity: true)
            notes = []
        }
        var cursor = range.lowerBound
        var index = range.lowerBound
        // Commas inside brackets are no separators: `[[ܬܘܪܬܐ]] (tōrtā, tōrto) {{f}}`.
        var brackets = 0
        while index < range.upperBound {
            let byte = source[index]
            if byte == 0x28 { brackets += 1 } else if byte == 0x29 { brackets = max(0, brackets - 1) }
            if byte == Ascii.openBrace, index + 1 < range.upperBound, source[index + 1] == Ascii.openBrace,
               let end = source.templateEnd(from: index, limit: range.upperBound)
            {
                let template = source.template(index..<end)
                let arguments = template.positional.map { renderer.render($0) }.filter { !$0.isEmpty }
                if template.name == "g" || template.name == "gender" {
                    renderer.append(cursor..<index, to: &output)
                    notes += arguments.map { Self.genderNames[$0] ?? $0 }
                    cursor = end
                } else if template.name == "zh-ts" || template.name == "zh-tsp" {
                    // `{{zh-ts|[[飲料]]|[[饮料]]}}`: the traditional and simplified forms, as the page shows them.
                    renderer.append(cursor..<index, to: &output)
                    var forms: [String] = []
                    for form in arguments.prefix(2) where !forms.contains(form) { forms.append(form) }
                    output += Array(forms.joined(separator: "／").utf8)
                    cursor = end
                } else if template.positional.isEmpty, let gender = Self.genderNames[template.name] {
                    // The older gender templates: `{{f}}`, `{{m-p}}`.
                    renderer.append(cursor..<index, to: &output)
                    notes.append(gender)
                    cursor = end
                } else if Self.qualifierTemplates.contains(template.name) || Self.glossTemplates.contains(template.name) {
                    renderer.append(cursor..<index, to: &output)
                    if !arguments.isEmpty { notes.append(arguments.joined(separator: ", ")) }
                    cursor = end
                }
                index = end
            } else if byte == Ascii.openBracket, index + 1 < range.upperBound, source[index + 1] == Ascii.openBracket,
                      let end = source.linkEnd(from: index, limit: range.upperBound)
            {
                index = end
            } else if (byte == 0x2C || byte == 0x3B) && brackets == 0 {  // , ;
                renderer.append(cursor..<index, to: &output)
                endItem()
                index += 1
                cursor = index
            } else {
                index += 1
            }
        }
        renderer.append(cursor..<range.upperBound, to: &output)
        endItem()
        return items
    }

    static let genderNames: [String: String] = [
        "m": "masculine", "f": "feminine", "n": "neuter", "c": "common", "p": "plural", "m-p": "masculine plural",
        "f-p": "feminine plural", "n-p": "neuter plural", "m-s": "masculine singular", "f-s": "feminine singular",
        "n-s": "neuter singular", "an": "animate", "in": "inanimate", "pf": "perfective", "impf": "imperfective",
    ]

    /// The block's table items as translations from `language`.
    static func translations(_ items: [TableItem], from language: Language?, provenance: Provenance) -> [Translation] {
        guard let language else { return [] }
        return items.compactMap { item in
            // `zh` in a table is the Mandarin row's older code (`*: Mandarin: {{t|zh|減弱|tr=jiǎnruò}}`): one language
            // with the `cmn` items, for `--to cmn` as for `--to zh` (it was a row of its own, and `--to cmn` lost it).
            guard let target = Language(item.code == "zh" ? "cmn" : item.code) else { return nil }
            return Translation(
                text: item.text, pair: LanguagePair(source: language, target: target), notes: item.notes,
                partOfSpeech: item.partOfSpeech, context: item.gloss, provenance: provenance
            )
        }
    }
}
