#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Reads PONS `/v1/dictionary` answers: an array with one element per direction that had hits.
///
/// Hits are `entry` (roms → arabs → translations), `entry_with_secondary_entries` (a primary entry and secondary
/// ones) and `translation` (full-text matches). Strings carry PONS HTML, cleaned with ``LexAggHTTP/HTMLText``.
package enum PONSResponse {
    // MARK: Wire format

    package struct Direction: Decodable, Sendable {
        var lang: String?
        var hits: [Hit]

        enum CodingKeys: String, CodingKey { case lang, hits }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            lang = try container.decodeIfPresent(String.self, forKey: .lang)
            hits = try container.decodeIfPresent([Hit].self, forKey: .hits) ?? []
        }
    }

    enum Hit: Decodable, Sendable {
        case entry(WireEntry)
        case withSecondaryEntries(primary: WireEntry?, secondary: [WireEntry])
        case translation(source: String, target: String)
        case other

        enum CodingKeys: String, CodingKey {
            case type, roms, source, target
            case primaryEntry = "primary_entry"
            case secondaryEntries = "secondary_entries"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            switch try container.decodeIfPresent(String.self, forKey: .type) {
            case "entry":
                self = .entry(try WireEntry(from: decoder))
            case "entry_with_secondary_entries":
                self = .withSecondaryEntries(
                    primary: try container.decodeIfPresent(WireEntry.self, forKey: .primaryEntry),
                    secondary: try container.decodeIfPresent([WireEntry].self, forKey: .secondaryEntries) ?? []
                )
            case "translation":
                self = .translation(
                    source: try container.decodeIfPresent(String.self, forKey: .source) ?? "",
                    target: try container.decodeIfPresent(String.self, forKey: .target) ?? ""
                )
            default:
                self = .other
            }
        }
    }

    struct WireEntry: Decodable, Sendable {
        var roms: [Rom]

        enum CodingKeys: String, CodingKey { case roms }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            roms = try container.decodeIfPresent([Rom].self, forKey: .roms) ?? []
        }
    }

    /// A "rom" (Roman-numeral level): one headword in one word class.
    struct Rom: Decodable, Sendable {
        var headword: String
        var headwordFull: String
        var wordclass: String?
        var arabs: [Arab]

        enum CodingKeys: String, CodingKey {
            case headword, wordclass, arabs
            case headwordFull = "headword_full"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            headword = try container.decodeIfPresent(String.self, forKey: .headword) ?? ""
            headwordFull = try container.decodeIfPresent(String.self, forKey: .headwordFull) ?? ""
            wordclass = try container.decodeIfPresent(String.self, forKey: .wordclass)
            arabs = try container.decodeIfPresent([Arab].self, forKey: .arabs) ?? []
        }
    }

    /// An "arab" (Arabic-numeral level): one sense, with a header and its translation pairs.
    struct Arab: Decodable, Sendable {
        var header: String
        var translations: [Pair]

        enum CodingKeys: String, CodingKey { case header, translations }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            header = try container.decodeIfPresent(String.self, forKey: .header) ?? ""
            translations = try container.decodeIfPresent([Pair].self, forKey: .translations) ?? []
        }
    }

    struct Pair: Decodable, Sendable {
        var source: String
        var target: String

        enum CodingKeys: String, CodingKey { case source, target }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            source = try container.decodeIfPresent(String.self, forKey: .source) ?? ""
            target = try container.decodeIfPresent(String.self, forKey: .target) ?? ""
        }
    }

    // MARK: Translations

    /// Entries for a translation query: one per rom in the requested direction, exact headword matches first.
    package static func translationEntries(
        from directions: [Direction], query: String, pair: LanguagePair, provenanceSource: String, retrievedAt: Date
    ) -> [Entry] {
        let provenance = Provenance(provider: .pons, source: provenanceSource, retrievedAt: retrievedAt)
        var entries: [Entry] = []
        var fullText: [Translation] = []
        for direction in directions {
            let source = direction.lang.flatMap(Language.init) ?? pair.source
            guard source.matches(pair.source) else { continue }
            for hit in direction.hits {
                switch hit {
                case .entry(let entry):
                    entries += entry.roms.compactMap { translationEntry($0, pair: pair, provenance: provenance) }
                case .withSecondaryEntries(let primary, let secondary):
                    for entry in (primary.map { [$0] } ?? []) + secondary {
                        entries += entry.roms.compactMap { translationEntry($0, pair: pair, provenance: provenance) }
                    }
                case .translation(let sourceHTML, let targetHTML):
                    let target = cleanText(targetHTML), phrase = cleanText(sourceHTML)
                    guard !target.isEmpty else { continue }
                    fullText.append(
                        Translation(
                            text: target, pair: pair, context: phrase.isEmpty ? nil : phrase, provenance: provenance
                        )
                    )
                case .other:
                    continue
                }
            }
        }
        if !fullText.isEmpty {
            entries.append(
                Entry(
                    headword: normalizedHeadword(query), language: pair.source, translations: fullText,
                    provenance: provenance
                )
            )
        }
        return exactMatchesFirst(entries, query: query)
    }

    /// One rom as an entry with translations, and its cross-references as senses (`ad`: "abbreviation of
    /// advertisement", `pitch-dark`: "see pitch-black"); `nil` when it has neither.
    static func translationEntry(_ rom: Rom, pair: LanguagePair, provenance: Provenance) -> Entry? {
        let headword = headword(of: rom)
        guard !headword.isEmpty else { return nil }
        let partOfSpeech = rom.wordclass.map(HTMLText.collapse).flatMap { $0.isEmpty ? nil : PartOfSpeech($0) }
        var translations: [Translation] = []
        // Cross-references, and the arabs that translate no word of their own: their examples and phrases.
        var senses: [Sense] = []
        for arab in rom.arabs {
            // The header's note on the sense ("1. cat:" has none: it only repeats the headword).
            // What the sense is said of may stand in the header (`2. tomber (glisser) <span class="subject">bretelle,
            // pantalon</span>:`): after the note, as a row's collocator is ("glisser: bretelle, pantalon").
            let context = withCollocator(
                headerContext(arab.header, dropping: collocatorClasses).map { withoutHeadword($0, headword) }
                    .flatMap { isSameWord($0, headword) ? nil : $0 },
                collocator(arab.header)
            )
            if arab.translations.allSatisfy({ $0.target.trimmingWhitespace().isEmpty }) {
                // Cross-references have empty source and target; what they point to is in the header.
                if let reference = crossReference(arab.header, headword: headword, provenance: provenance) {
                    senses.append(reference)
                }
                continue
            }
            let rows = arab.translations.filter { !$0.target.trimmingWhitespace().isEmpty }
            // Examples, collocations and idioms (and every row under "Phrases:") are phrases of the word, not its
            // translations: an arab without a row for the word itself is a sense illustrated by them, or a list
            // of phrases each standing on its own (`because of me → à cause de moi` is not a translation of
            // *because*, and `to be a cut above sb` no example of `the cut and thrust of sth`).
            guard !isPhrasesHeader(arab.header), rows.contains(where: { translatesTheWord($0, headword: headword) }) else {
                senses += phraseSenses(arab, rows: rows, headword: headword, provenance: provenance)
                continue
            }
            var firstInArab: Int?
            var pending: [TranslatedExample] = []
            for item in rows {
                let target = split(item.target)
                let source = split(item.source)
                let sourceText = cleanText(item.source)
                let targetText = target.text.isEmpty ? cleanText(item.target) : target.text
                guard !targetText.isEmpty else { continue }
                let isHeadword = hasClass(item.source, "headword") || sourceText.isEmpty
                    || normalizedHeadword(source.text).lowercased() == headword.lowercased()
                if !isHeadword, !isTheWordItself(item, headword: headword), firstInArab != nil || isPhrase(item) {
                    // A phrase with the headword: an example of the sense's translation, its labels ("fig",
                    // "subj") spelled out after it rather than run into the sentence; one before the sense's
                    // translation waits for it.
                    let example = TranslatedExample(
                        source: labelled(phraseSplit(item.source)), target: labelled(target)
                    )
                    if let index = firstInArab { translations[index].examples.append(example) } else { pending.append(example) }
                    continue
                }
                let sense = source.notes.first { $0.className == "sense" }.map { stripParentheses($0.text) }
                // Without the parentheses some notes come in (`(feminine)` beside `m` read "masculine, (feminine)").
                var notes = (target.notes + source.notes.filter { $0.className != "sense" })
                    .map { stripParentheses($0.text) }
                // A construction row (`jdn/etw testen` → `to test sb/sth`) translates the word in it: its source is
                // the context, the arab's header a note beside it.
                if !isHeadword, let header = context ?? sense { notes.insert(header, at: 0) }
                translations.append(
                    Translation(
                        text: targetText, pair: pair, notes: deduplicated(notes), partOfSpeech: partOfSpeech,
                        context: isHeadword
                            ? withCollocator(senseContext(header: context, row: sense), collocator(item.source))
                            : source.text,
                        examples: firstInArab == nil ? pending : [],
                        provenance: provenance
                    )
                )
                firstInArab = firstInArab ?? translations.count - 1
            }
        }
        guard !translations.isEmpty || !senses.isEmpty else { return nil }
        let groups = senses.isEmpty ? [] : [SenseGroup(partOfSpeech: partOfSpeech, senses: senses, labels: genders(of: rom))]
        return Entry(
            headword: headword, language: pair.source, pronunciations: pronunciations(of: rom, provenance: provenance),
            senseGroups: groups, translations: translations, provenance: provenance
        )
    }

    /// Classes of a row that is a phrase with the word rather than the word itself.
    static let phraseClasses: Set<String> = ["example", "full_collocation", "idiom_proverb"]

    /// Whether a row is a phrase: an example, collocation or idiom span, or text around the headword (`der
    /// <strong class="tilde">Apfel</strong> fällt nicht weit vom Stamm`) that no class calls a construction.
    static func isPhrase(_ item: Pair) -> Bool {
        let kind = leadingClass(item.source)
        if let kind, phraseClasses.contains(kind) { return true }
        return kind != "grammatical_construction" && !hasClass(item.source, "headword")
            && hasClass(item.source, "tilde")
    }

    /// Whether a row translates the word itself (its headword row, or a construction of it).
    static func translatesTheWord(_ item: Pair, headword: String) -> Bool {
        if hasClass(item.source, "headword") || cleanText(item.source).isEmpty { return true }
        if isTheWordItself(item, headword: headword) { return true }
        if isPhrase(item) { return false }
        return true
    }

    /// Whether a row says the headword itself, whatever span it sits in: its text is the headword (`Chi-Quadrat
    /// Test` as an idiom in deen), or the headword with nothing but "to" and placeholders around it (`to ask after
    /// <acronym>sb</acronym>`, the one row of enfr's `ask after`; `to go after sb/sth`). It translates the word,
    /// as a construction does; a phrase with any other word (`stupid cow`, `to look after oneself`) does not.
    static func isTheWordItself(_ item: Pair, headword: String) -> Bool {
        let text = normalizedHeadword(cleanText(item.source)).lowercased()
        let word = headword.lowercased()
        guard !word.isEmpty, let range = text.firstRange(of: word) else { return false }
        let placeholders = Set(acronyms(in: item.source).map { $0.lowercased() })
        let around = (text[..<range.lowerBound] + " " + text[range.upperBound...])
            .split { $0.isWhitespace || "/,()[]".contains($0) }
        return around.allSatisfy { $0 == "to" || placeholders.contains(String($0)) }
    }

    /// The abbreviations of `html` as printed (`<acronym title="somebody">sb</acronym>` → `sb`).
    static func acronyms(in html: String) -> [String] {
        var result: [String] = []
        var rest = Substring(html)
        while let open = openingTags(in: rest).first(where: { $0.name == "acronym" || $0.name == "abbr" }) {
            let after = rest[open.end...]
            guard let close = after.firstRange(of: "</") else { break }
            result.append(HTMLText.plainText(String(after[..<close.lowerBound])))
            rest = after[close.upperBound...]
        }
        return result
    }

    /// A header that names a list of phrases (`Phrases:`, `Wendungen:` in German labels): no number, no markup,
    /// a colon.
    package static func isPhrasesHeader(_ header: String) -> Bool {
        let text = header.trimmingWhitespace()
        guard text.hasSuffix(":"), !text.contains("<"), let first = text.first else { return false }
        return !first.isNumber
    }

    /// The senses of an arab that translates no word of its own: one sense named by its header's note (`1. weg
    /// (fort):` → "fort"), its rows as examples; without a note (`Phrases:`, or no header), each row a sense of
    /// its own ("the cut and thrust of sth — les estocades de qc").
    static func phraseSenses(_ arab: Arab, rows: [Pair], headword: String, provenance: Provenance) -> [Sense] {
        let examples = rows.map { row in (labelled(phraseSplit(row.source)), labelled(split(row.target))) }
            .filter { !$0.0.isEmpty && !$0.1.isEmpty }
        guard !examples.isEmpty else { return [] }
        var name: String?
        var labels: [String] = []
        if !isPhrasesHeader(arab.header) {
            let header = split(arab.header)
            labels = deduplicated(header.notes.filter { $0.className != "sense" }.map { stripParentheses($0.text) })
            let notes = header.notes.filter { $0.className == "sense" }.map { stripParentheses($0.text) }
            var rest = headerContext(header.text).map { withoutHeadword($0, headword) } ?? ""
            if isSameWord(rest, headword) { rest = "" }
            name = notes.isEmpty ? (rest.isEmpty ? nil : rest) : notes.joined(separator: ", ")
        }
        if let name {
            return [Sense(definition: name, examples: examples.map { $0.0 + " — " + $0.1 }, labels: labels, sources: [provenance])]
        }
        return examples.map { Sense(definition: $0.0 + " — " + $0.1, labels: labels, sources: [provenance]) }
    }

    /// Which sense a headword row translates: the header's note and the row's own sense note (`cat <span
    /// class="sense">(animal)</span>` under "1. cat:"), both when they differ, the header's first.
    package static func senseContext(header: String?, row: String?) -> String? {
        switch (header, row) {
        case (let header?, let row?): header.lowercased() == row.lowercased() ? header : header + ", " + row
        case (let header, let row): header ?? row
        }
    }

    /// The word a headword row's translation goes with (`cut <span class="collocator">grass</span>` ⇒ tondre,
    /// `cut <span class="collocator">of meat</span>` ⇒ morceau), if any; also what it is said of (defr's `tomber
    /// <span class="subject">personne:</span>` ⇒ [hin]fallen beside `animal:` ⇒ stürzen, `(femme)` ⇒ erobern).
    static func collocator(_ html: String) -> String? {
        let parts = HTMLText.extract(html, options: HTMLText.Options(setAsideClasses: collocatorClasses)).setAside
        let text = parts.map { collocatorText($0.text) }.filter { !$0.isEmpty }.joined(separator: ", ")
        return text.isEmpty ? nil : text
    }

    /// A context with the collocator after it: "shape: grass", or the collocator alone.
    package static func withCollocator(_ context: String?, _ collocator: String?) -> String? {
        guard let collocator else { return context }
        return context.map { $0 + ": " + collocator } ?? collocator
    }

    /// A cross-reference header as a sense that names the word it points to: `ad <span
    /// class="indirect_reference_ABBR">abbreviation of advertisement</span>` → "abbreviation of advertisement"
    /// (a form of `advertisement`), `pitch-dark → pitch-black` → "see pitch-black".
    static func crossReference(_ header: String, headword: String, provenance: Provenance) -> Sense? {
        let marked = HTMLText.extract(header, options: HTMLText.Options(
            expandAcronyms: true, setAsideClasses: ["indirect_reference_ABBR", "indirect_reference_OTHER", "indirect_reference"]
        )).setAside.map(\.text).joined(separator: " ")
        var text = HTMLText.collapse(marked.isEmpty ? withoutHeadword(headerContext(header) ?? "", headword) : marked)
        guard !text.isEmpty else { return nil }
        var target = text
        var form: String?
        for arrow in ["→", "->", "⇒"] where text.hasPrefix(arrow) {
            text = "see " + HTMLText.collapse(String(text.dropFirst(arrow.count)))
        }
        if text.lowercased().hasPrefix("see ") {
            target = String(text.dropFirst(4))
        } else if let of = text.firstRange(of: " of ") {
            // "abbreviation of advertisement", "short for …" stays as it reads; the word after "of" is the target.
            form = String(text[..<of.lowerBound])
            target = String(text[of.upperBound...])
        }
        while let last = target.last, " .;:".contains(last) { target.removeLast() }
        while let first = target.first, first == " " { target.removeFirst() }
        let formOf = target.isEmpty || target.count > 60 ? nil : FormOf(lemma: target, form: form)
        return Sense(definition: text, formOf: formOf, sources: [provenance])
    }

    /// `live (living)` → `living`, `AD abbreviation of Anno Domini` → `abbreviation of Anno Domini`: a header that
    /// repeats the headword before its sense note says only the note. The header may spell it without the accents
    /// of the rom's headword (ensl: `kráv|a`, headers `1. krava ZOOL:`).
    package static func withoutHeadword(_ context: String, _ headword: String) -> String {
        guard !headword.isEmpty, isSameWord(String(context.prefix(headword.count)), headword) else { return context }
        let rest = context.dropFirst(headword.count)
        guard let first = rest.first, first == " " || first == "," else { return context }
        let note = HTMLText.collapse(String(rest.drop { $0 == " " || $0 == "," }))
        return note.isEmpty ? context : stripParentheses(note)
    }

    /// Whether two spellings are one word: case, accents and stress marks aside (`krava`, `kráva`, `Bi̱e̱r`).
    package static func isSameWord(_ one: String, _ other: String) -> Bool {
        func folded(_ text: String) -> String {
            let lower = normalizedHeadword(text).lowercased()
            return DiacriticFolding.fold(lower) ?? lower
        }
        return folded(one) == folded(other)
    }

    /// An example's text with its set-aside labels after it in parentheses: "… for the school (figurative)".
    static func labelled(_ part: (text: String, notes: [HTMLText.Extraction.Part])) -> String {
        let labels = deduplicated(part.notes.map { stripParentheses($0.text) })
        return labels.isEmpty ? part.text : part.text + " (" + labels.joined(separator: ", ") + ")"
    }
}
