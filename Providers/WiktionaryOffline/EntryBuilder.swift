#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore

/// Turns wiktextract records into entries: one entry per headword, language and etymology, one sense group per part
/// of speech, as Wiktionary's own pages are laid out.
enum EntryBuilder {
    /// Whether a tag describes wiktextract's own bookkeeping rather than the word (compared, not hashed: a sense has
    /// a few tags, and hashing each was more than the comparisons).
    static func isInternal(_ tag: String) -> Bool {
        switch tag {
        case "form-of", "alt-of", "no-gloss", "morpheme", "table-tags", "inflection-template": return true
        default: return false
        }
    }

    /// wiktextract's part-of-speech codes that `PartOfSpeech` does not already know.
    static let partsOfSpeech: [String: String] = [
        "name": "proper noun", "intj": "interjection", "det": "determiner", "abbrev": "abbreviation",
        "adj_noun": "adjective", "adv_phrase": "adverbial phrase", "prep_phrase": "prepositional phrase",
        "postp": "postposition", "num": "numeral", "punct": "punctuation",
        // Codes of the other editions' extractors.
        "adj_phrase": "adjective phrase", "onomatopeia": "onomatopoeia",
    ]

    static func partOfSpeech(_ code: String?) -> PartOfSpeech? {
        // `unknown`: the other editions' code for a section title they do not map.
        guard let code, !code.isEmpty, code != "unknown" else { return nil }
        // The four codes of most entries, without a dictionary lookup, trimming and lower-casing each time.
        switch code {
        case "noun": return .noun
        case "verb": return .verb
        case "adj": return .adjective
        case "adv": return .adverb
        default: return PartOfSpeech(partsOfSpeech[code] ?? code)
        }
    }

    static func entries(from records: [WiktextractRecord], provenance: Provenance) -> [Entry] {
        var entries: [Entry] = []
        var keys: [(word: String, language: String?, etymology: Int)] = []
        // By index, each field read where it is: `for record in records` copied each record (its strings and lists
        // retained, then released).
        for position in records.indices {
            let word = records[position].word, language = records[position].languageCode
            let number = records[position].etymologyNumber, etymology = number ?? 0
            let etymologyText = records[position].etymologyText
            let senses = records[position].senses
            // Not a `SenseGroup?`: destroying one (a group of five fields) went through Swift's generic tuple and
            // optional witnesses, a million instructions an offline batch of 1,000 words (callgrind).
            let hasGroup = !senses.isEmpty
            var group = SenseGroup(partOfSpeech: hasGroup ? partOfSpeech(records[position].partOfSpeech) : nil, senses: senses)
            // What the head line says of the word (its gender), said once for the part of speech and not again on
            // each sense that repeats it.
            if hasGroup {
                let labels = records[position].labels.isEmpty ? sharedGender(group.senses) : records[position].labels
                let remarks = headLineRemarks(group.senses)
                if !labels.isEmpty { group.labels = headLineLabels(labels) }
                if !labels.isEmpty || !remarks.isEmpty {
                    func unlabel(_ sense: inout Sense) {
                        if sense.labels.contains(where: { labels.contains($0) || remarks.contains($0) }) {
                            sense.labels.removeAll { labels.contains($0) || remarks.contains($0) }
                        }
                        for index in sense.subsenses.indices { unlabel(&sense.subsenses[index]) }
                    }
                    for index in group.senses.indices { unlabel(&group.senses[index]) }
                }
            }
            // The word-level synonyms and antonyms: on the sense their gloss names, as the online provider places a
            // Synonyms section's lines.
            // Some editions' extractors copy a page's Synonyms section onto each part of speech (the Italian one:
            // `cura`'s 41 synonyms on the noun and the verb): a list a part of speech before it in the entry showed is
            // not shown again.
            if hasGroup && !(records[position].synonyms.isEmpty && records[position].antonyms.isEmpty) {
                func shownBefore(_ list: KeyPath<WiktextractRecord, [WiktextractRecord.Linkage]>) -> Bool {
                    records[..<position].contains { record in
                        record.word == word && record.languageCode == language && record.etymologyNumber == number
                            && !record.senses.isEmpty && record[keyPath: list] == records[position][keyPath: list]
                    }
                }
                if !shownBefore(\.synonyms) {
                    addLinkages(records[position].synonyms, as: .synonym, to: &group, numbers: records[position].senseNumbers)
                }
                if !shownBefore(\.antonyms) {
                    addLinkages(records[position].antonyms, as: .antonym, to: &group, numbers: records[position].senseNumbers)
                }
            }
            // One entry per etymology: by its number (the English edition numbers a page's etymologies), else — the
            // other editions number none — by its text, a part of speech without one joining the word's first entry.
            var match: Int?
            for index in keys.indices where keys[index].word == word && keys[index].language == language && keys[index].etymology == etymology {
                if number == nil, let etymologyText, let existing = entries[index].etymology,
                   !sameBytes(existing, etymologyText), existing != clean(etymologyText) { continue }
                match = index
                break
            }
            if let index = match {
                if hasGroup { entries[index].senseGroups.append(group) }
                for pronunciation in pronunciations(
                    records[position].sounds, word: word, canonical: records[position].canonical,
                    romanization: records[position].romanization, provenance: provenance
                ) {
                    add(pronunciation, to: &entries[index].pronunciations)
                }
                if entries[index].etymology == nil { entries[index].etymology = clean(etymologyText) }
                continue
            }
            keys.append((word, language, etymology))
            entries.append(Entry(
                headword: word, language: language.flatMap(Language.init),
                pronunciations: pronunciations(
                    records[position].sounds, word: word, canonical: records[position].canonical,
                    romanization: records[position].romanization, provenance: provenance
                ),
                senseGroups: hasGroup ? [group] : [], etymology: clean(etymologyText), provenance: provenance
            ))
        }
        entries.removeAll { $0.isEmpty }  // in place: filtering copied every entry
        return entries
    }

    /// Whether `a` and `b` are the same UTF-8 (`==` compares by Unicode's canonical equivalence, a slower loop for
    /// text that is not ASCII, when two lines' copies of one etymology are the same bytes).
    static func sameBytes(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        guard a.utf8.count == b.utf8.count else { return false }
        return a.withUTF8 { x in b.withUTF8 { y in x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }

    /// `linkages` added to `group`, each run of them with one gloss in one call: finding the sense a gloss names
    /// lower-cases every definition, once a call (a real word lists dozens of synonyms under a few glosses).
    ///
    /// A linkage that names its sense by number (`sense_index`, the other editions' way) goes on the senses it names
    /// (``WiktextractRecord/senseIndices(_:)``) — unless its gloss names another one (the French edition writes both,
    /// and its numbers count definitions a dump may not have: a parent with only labels) —, one whose number names
    /// none of the record's senses by its gloss, as the others.
    static func addLinkages(
        _ linkages: [WiktextractRecord.Linkage], as relation: SenseGroup.Relation, to group: inout SenseGroup,
        numbers: [WiktextractRecord.SenseNumber]
    ) {
        guard !linkages.isEmpty else { return }
        var start = linkages.startIndex
        while start < linkages.endIndex {
            var end = start + 1
            while end < linkages.endIndex && linkages[end].sense == linkages[start].sense
                && linkages[end].senseIndex == linkages[start].senseIndex { end += 1 }
            let words = linkages[start..<end].map(\.shown)
            if let number = linkages[start].senseIndex, case let senses = WiktextractRecord.senseIndices(number, in: numbers, count: group.senses.count),
               !senses.isEmpty {
                let named = linkages[start].sense.flatMap { group.senseIndex(named: $0) }
                // A gloss that names none of the senses but a subsense of one the number names (the French edition
                // numbers definitions, a subsense is under its parent's number): on that subsense.
                let gloss = named == nil ? linkages[start].sense?.lowercased() : nil
                let senseGroup = group
                if let gloss, let (sense, subsense) = senses.lazy.compactMap({ sense in
                       senseGroup.senses[sense].subsenses.firstIndex { $0.definition.lowercased().contains(gloss) }.map { (sense, $0) }
                   }).first {
                    var inner = SenseGroup(partOfSpeech: nil, senses: [group.senses[sense].subsenses[subsense]])
                    inner.add(words, as: relation, toSenses: [0])
                    group.senses[sense].subsenses[subsense] = inner.senses[0]
                } else {
                    group.add(words, as: relation, toSenses: named.map { senses.contains($0) ? senses : [$0] } ?? senses)
                }
            } else if let label = linkages[start].sense, linkages[start..<end].contains(where: { $0.note != nil }),
                      group.senses.count > 1, group.senseIndex(named: label) == nil {
                // A gloss that names no sense goes with each word, in the brackets of a word's own note
                // (`φθάνω (approach, come; ftháno)`, not `φθάνω (ftháno) (approach, come)`).
                let terms = linkages[start..<end].map { (linkage: WiktextractRecord.Linkage) -> String in
                    let inBrackets: String = linkage.note.map { note in label + "; " + note } ?? label
                    return linkage.word + " (" + inBrackets + ")"
                }
                group.add(terms, as: relation, toSenses: [])
            } else {
                group.add(words, as: relation, senseLabel: linkages[start].sense)
            }
            start = end
        }
    }

    /// What a sense is a form of: its first `form_of` link's word (`lemma`), the form its tags but the bookkeeping
    /// ones (`plural`); else its first `alt_of` link's word, the form what its definition says before " of" and that
    /// word ("Alternative spelling of colour": `alternative spelling`, as the online provider names `{{alt sp}}`),
    /// else `alternative form`. Nil when neither link has a word.
    static func formOf(lemma: String?, alternativeOf: String?, definition: String, tags: [String]) -> FormOf? {
        // Most senses have neither: nothing is made for them.
        if let lemma = clean(lemma) {
            return FormOf(lemma: lemma, form: WiktionaryOffline.formName(tags.filter { !isInternal($0) }))
        }
        guard let word = clean(alternativeOf) else { return nil }
        var text = definition.lowercased()
        if text.hasSuffix(".") { text.removeLast() }
        let tail = " of " + word.lowercased()
        if text.hasSuffix(tail), text.count > tail.count {
            return FormOf(lemma: word, form: String(text.dropLast(tail.count)))
        }
        // Its tags are labels ("US", "obsolete"), not a kind of form: "US of color" would say nothing.
        return FormOf(lemma: word, form: "alternative form")
    }

    /// What a sense without a gloss says when it names what it is a form of, as Wiktionary's templates word it: its
    /// `form_of` link's word after the form its tags name (`participle of εκφράζω`; `form of` when they name none),
    /// else `alternative form of` its `alt_of` link's word; nil when neither link has a word.
    static func formOfDefinition(lemma: String?, alternativeOf: String?, tags: [String]) -> (definition: String, formOf: FormOf)? {
        if let lemma = clean(lemma) {
            let form = WiktionaryOffline.formName(tags.filter { !isInternal($0) })
            return ((form ?? "form") + " of " + lemma, FormOf(lemma: lemma, form: form))
        }
        guard let word = clean(alternativeOf) else { return nil }
        return ("alternative form of " + word, FormOf(lemma: word, form: "alternative form"))
    }

    /// `senses` that name no word they are a form of linked to `lemma` (a record's word-level `form_of`), the form its
    /// `tags` name (``WiktionaryOffline/formName(_:)``); their glosses as they are.
    static func link(_ senses: inout [Sense], toLemma lemma: String?, tags: [String]) {
        guard let lemma = clean(lemma), senses.contains(where: { $0.formOf == nil }) else { return }
        let formOf = FormOf(lemma: lemma, form: WiktionaryOffline.formName(tags.filter { !isInternal($0) }))
        for index in senses.indices where senses[index].formOf == nil { senses[index].formOf = formOf }
    }

    /// A form's tags but the one its gloss begins with, the template's words (`(archaic) Archaic form of synonym.`,
    /// `(alternative) Alternative spelling of colour`, `(misspelling) Misspelling of peninsula`, `(plural) plural of
    /// cat`: said twice): a tag that is the gloss's first word, the next `form`, `spelling` or `of`. A gloss that goes
    /// on with more of the form's name (`genitive singular of talo`) keeps them all.
    static func withoutTagsTheGlossSays(_ tags: [String], definition: String) -> [String] {
        guard let space = definition.utf8.firstIndex(of: 0x20) else { return tags }
        let first = definition[..<space]
        let next = definition[definition.utf8.index(after: space)...].prefix { $0 != " " }
        guard next == "form" || next == "spelling" || next == "of",
              let index = tags.firstIndex(where: { $0.utf8.count == first.utf8.count && $0.lowercased() == first.lowercased() }) else { return tags }
        var tags = tags
        tags.remove(at: index)
        return tags
    }

    /// A sense's tags in the order its raw gloss's labels name them (`(transitive, ditransitive) To transport…`:
    /// wiktextract sorts tags), those it does not name after them; and of its topics only those the raw gloss names
    /// (`medicine` of `(transitive, medicine)`): wiktextract adds each topic's parents (`sciences`; `communications,
    /// human-sciences, journalism, literature, media`), which Wiktionary does not show; without a raw gloss, none.
    ///
    /// A tag or topic of several words that the raw gloss names is shown in its words (`not-comparable` of `(not
    /// comparable)`, `card-games` of `(card games)`): wiktextract joins a label's words with hyphens, which were shown
    /// so.
    static func asRawGlossNames(tags: [String], topics: [String], rawGloss: String?) -> (tags: [String], topics: [String]) {
        guard let rawGloss, rawGloss.hasPrefix("("), let close = rawGloss.firstIndex(of: ")") else { return (tags, []) }
        let written = rawGloss[rawGloss.index(after: rawGloss.startIndex)..<close].split(separator: ",")
            .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        // The labels it names, each whole ("card games", not its "games"), as a tag spells them (`card-games`).
        let named = written.map { $0.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: "-") }
        func position(_ label: String) -> Int? { named.firstIndex(of: label.lowercased()) }
        let places = tags.map { position($0) ?? Int.max }
        /// `label` in the raw gloss's words when it names it and the tag's are hyphenated.
        func shown(_ label: String, at place: Int?) -> String {
            guard let place, label.utf8.contains(UInt8(ascii: "-")) else { return label }
            return written[place]
        }
        let ordered = places.indices.sorted { (places[$0], $0) < (places[$1], $1) }.map { index in
            shown(tags[index], at: places[index] == Int.max ? nil : places[index])
        }
        return (ordered, topics.compactMap { topic in position(topic).map { shown(topic, at: $0) } })
    }

    /// A sense's labels: its qualifier, its tags but the bookkeeping ones and its topics, cleaned, each once (a
    /// handful: compared, not hashed). Most senses have only tags that are already all that: those are the labels,
    /// the same array.
    static func labels(qualifier: String?, tags: [String], topics: [String]) -> [String] {
        if qualifier == nil, topics.isEmpty,
           tags.indices.allSatisfy({ index in
               !isInternal(tags[index]) && isClean(tags[index]) && !tags[..<index].contains(tags[index])
           }) {
            return tags
        }
        var labels: [String] = []
        func label(_ text: String?) {
            if let text = clean(text), !labels.contains(text) { labels.append(text) }
        }
        label(qualifier)
        for tag in tags where !isInternal(tag) { label(tag) }
        for topic in topics { label(topic) }
        return labels
    }

    static func translation(
        _ item: WiktextractRecord.TranslationData, pair: LanguagePair, partOfSpeech code: String?, provenance: Provenance
    ) -> Translation? {
        guard let text = clean(item.word) else { return nil }
        var notes = item.tags.compactMap(clean)
        if let roman = clean(item.roman) { notes.insert(roman, at: 0) }
        if let alt = clean(item.alt), alt != text { notes.insert(alt, at: 0) }
        return Translation(
            text: text, pair: pair, notes: notes, partOfSpeech: partOfSpeech(code), context: clean(item.sense),
            provenance: provenance
        )
    }

    /// The other editions' etymology paragraphs (`etymology_texts`) as one text: a paragraph that does not end a
    /// sentence ends with a period (they ran on: "… śnieżyć od").
    static func paragraphs(_ texts: [String]) -> String {
        var text = ""
        for paragraph in texts {
            if let last = text.last(where: { !$0.isWhitespace }), !".!?…:;,".contains(last) { text += "." }
            if !text.isEmpty { text += " " }
            text += paragraph
        }
        return text
    }

    /// Tags without the parentheses some editions write around them (the French edition's sound `(Canada)`): a label
    /// is shown in parentheses, and was `((Canada))`.
    static func unparenthesized(_ tags: [String]) -> [String] {
        guard tags.contains(where: { $0.hasPrefix("(") && $0.hasSuffix(")") }) else { return tags }
        return tags.map { $0.hasPrefix("(") && $0.hasSuffix(")") && $0.count > 2 ? String($0.dropFirst().dropLast()) : $0 }
    }

    /// Text with surrounding white space removed and inner runs collapsed; nil when nothing is left.
    static func clean(_ text: String?) -> String? {
        guard let text else { return nil }
        if isClean(text) { return text }
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return collapsed.isEmpty ? nil : collapsed
    }

    /// Whether `text` is already what ``clean(_:)`` makes of it, by its bytes (most glosses are): not empty, no
    /// white space but single ASCII spaces, none of the lead bytes of Unicode's other white space (U+0085, U+00A0,
    /// U+1680, U+2000–U+205F, U+3000), and next to each space only ASCII or plain letters (`PlainText`): a combining
    /// mark after a space would make one `Character` of the two, which splitting on white space drops whole.
    static func isClean(_ text: String) -> Bool {
        text.withUTF8Bytes(isClean)
    }

    private static func isClean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20
        else { return false }
        let count = bytes.count
        // Whether the scalar the current byte follows is ASCII or plain; set at each scalar's first byte.
        var previousPlain = true
        var index = 0
        while index < count {
            // Eight bytes at once while they are printable ASCII with no two spaces side by side. A space first
            // of the eight follows a byte that is not one (the last of the eight before, or one the byte-by-byte
            // path checked), and a space last of them is left to be the first of the next eight.
            while previousPlain && index &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let spaces = Self.zeroBytes(word ^ (Self.ones &* 0x20))
                let below20 = ~((word & Self.low7) &+ Self.ones &* 0x60) & Self.high
                guard (word & Self.high) | below20 | (spaces & (spaces >> 8)) == 0 else { break }
                index &+= 8 &- Int(truncatingIfNeeded: spaces >> 63)
            }
            guard index < count else { break }
            let byte = bytes[index]
            switch byte {
            case 0x09...0x0D:
                return false
            case 0x20:
                let after = bytes[index + 1]
                if bytes[index - 1] == 0x20 || !previousPlain || after == 0x20 || (after >= 0x80 && !PlainText.isPlainLead(after)) {
                    return false
                }
                previousPlain = true
            case 0x00..<0x80:
                previousPlain = true
            case 0x80..<0xC0:
                break
            case 0xC2, 0xE1, 0xE2, 0xE3:
                return false
            default:
                previousPlain = PlainText.isPlainLead(byte)
            }
            index &+= 1
        }
        return true
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let low7 = ones &* 0x7F
    private static let high = ones &* 0x80

    /// The high bit of each zero byte of `word`, exactly (no borrow between bytes).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & low7) &+ low7) | word | low7)
    }
}
