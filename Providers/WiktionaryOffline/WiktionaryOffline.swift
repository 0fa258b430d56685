import Foundation
import LexAggCore
import LexAggWiktextract

extension ProviderID {
    /// The default name of an imported Wiktionary dump (`lexagg data import wiktextract FILE`).
    public static let wiktionaryOffline = ProviderID("wiktionary-offline")!
}

/// Wiktionary offline: a wiktextract (kaikki.org) dump imported with `lexagg data import wiktextract`, one provider per
/// imported dataset, its id the dataset's name.
///
/// Lookups binary-search the memory-mapped key table (headwords, every form in `forms`, every translation) and
/// decode only the JSON lines that match. Inflected forms are answered through the lemma fallback
/// (``lemmas(of:)``); `translate` reads the dump's translation tables in both directions.
public struct WiktionaryOffline: DefinitionProviding, TranslationProviding, MatchProviding, LemmaProviding, DescribedProvider {
    public let descriptor: ProviderDescriptor
    public let path: String
    let dataset: Dataset
    /// The dump's name and date, what every entry's provenance names.
    let provenanceSource: String
    let dumpDate: Date
    /// The records the lemma fallback read last, for the lookup of their lemma that follows.
    let recent = RecentRecords()

    /// Opens the dataset at `path`; its id is `id`, else the name it was imported under.
    public init(path: String, id: ProviderID? = nil) throws(ProviderError) {
        do {
            dataset = try Dataset(path: path)
        } catch {
            throw ProviderError(.unavailable, provider: .wiktionaryOffline, message: error.description, location: path)
        }
        self.path = path
        let metadata = dataset.metadata
        let id = id ?? ProviderID(metadata.name) ?? .wiktionaryOffline
        // Most entries first, ties in code order (a dictionary's order changes from run to run); each once.
        let languages = metadata.languages.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }
            .compactMap { Language($0.key) }
        var uniqueLanguages = Set<Language>()
        var pairs: [LanguagePair] = []
        var seen = Set<String>()
        for (source, targets) in metadata.translations.sorted(by: { $0.key < $1.key }) {
            guard let from = Language(source) else { continue }
            for target in targets.keys.sorted() {
                guard let to = Language(target), !to.matches(from) else { continue }
                // (Chinese as `zh` answers for `cmn`, wiktextract's code of Mandarin items, and back: Language.matches.)
                for pair in [LanguagePair(source: from, target: to), LanguagePair(source: to, target: from)]
                where seen.insert(pair.description).inserted {
                    pairs.append(pair)
                }
            }
        }
        // Shown in every answer's header and provenance: a file name's control characters show, never act.
        let file = ControlCharacters.replaced((metadata.sourceFile as NSString).lastPathComponent)
        let day = CivilDate(metadata.sourceDate).isoDay
        provenanceSource = "\(file) (wiktextract dump of \(day))"
        dumpDate = metadata.sourceDate
        descriptor = ProviderDescriptor(
            id: id, displayName: "Wiktionary offline (\(file), \(day))",
            capabilities: [.define, .translate, .match, .pronunciations, .examples, .etymology, .lemmas],
            languages: languages.filter { uniqueLanguages.insert($0).inserted },
            translationPairs: pairs, requiresNetwork: false, source: metadata.sourceFile,
            license: "CC BY-SA 4.0 and GFDL (Wiktionary)", formatVersion: 1,
            configurationFingerprint: "\(path)@\(metadata.importedAt.timeIntervalSince1970)"
        )
    }

    public func shortDescription() -> String? {
        let metadata = dataset.metadata
        let entries = metadata.entries == 1 ? "1 entry" : "\(metadata.entries) entries"
        let languages = metadata.languages.count == 1 ? "1 language" : "\(metadata.languages.count) languages"
        return "Wiktionary via wiktextract: \(entries) in \(languages), from \(provenanceSource)"
    }

    /// Whether the dataset's file has been imported again or removed since it was opened.
    public var isOutdated: Bool { dataset.isReplaced }

    var provenance: Provenance { Provenance(provider: descriptor.id, source: provenanceSource, retrievedAt: dumpDate) }

    // MARK: Definitions

    /// The key of `text` by the dataset's rules (``Dataset/keyRules``).
    func key(_ text: String) -> [UInt8] { DatasetKey.normalise(text, rules: dataset.keyRules) }

    /// How words a query's key finds are told apart by spelling. A folded key (``DatasetKey``) finds English `fuss` and
    /// German `Fuß`, `Masse` and `Maße` alike: the words spelled as typed (case aside) answer when there are any, and
    /// only when there are none those that fold to it (`strasse`: *Straße*).
    struct Spelling {
        /// The query's key by lower case alone, when folding changes it; nil when the dataset does not fold.
        let strict: [UInt8]?
        let folds: Bool

        init(_ term: String, foldsKeys: Bool) {
            folds = foldsKeys
            strict = foldsKeys && DatasetKey.isFoldable(term) ? DatasetKey.normalise(term, rules: .lowerCase) : nil
        }

        /// Whether `word`, which has the query's key, is spelled as typed: without anything folding changes when the
        /// query has none (most words: a byte scan), else with the same lower case.
        func asTyped(_ word: String) -> Bool {
            guard folds else { return true }
            guard let strict else { return !DatasetKey.isFoldable(word) }
            return DatasetKey.normalise(word, rules: .lowerCase) == strict
        }

        /// Leaves in `items` those spelled as typed by `isAsTyped` (a record's word, a lemma's forms, a table's item),
        /// when the dataset folds its keys and any are; all of them otherwise.
        func preferAsTyped<T>(_ items: inout [T], _ isAsTyped: (T) -> Bool) {
            guard folds, items.contains(where: isAsTyped) else { return }
            items.removeAll { !isAsTyped($0) }
        }
    }

    func spelling(of term: String) -> Spelling { Spelling(term, foldsKeys: dataset.foldsKeys) }

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        try checkCancellation()
        let key = key(query.term)
        let rows = dataset.rows(for: key)
        let spelling = spelling(of: query.term)
        if let entries = try headwordEntries(rows, key: key, language: query.language, spelling: spelling) { return LookupResult(entries: entries) }
        // A word the dump has only in its translation tables (German "Haus" in an English dump): what it translates.
        if !rows.contains(where: { $0.kind == .form }) {
            let translated = try reverseTranslations(of: query.term, key: key, rows: rows, into: query.language, spelling: spelling)
            return LookupResult(entries: translated)
        }
        // No headword of the word answers (there is none, or none in the language asked, or none with a definition):
        // the lemma fallback that follows may follow the forms, and takes these rows.
        recent.rememberForms(rows, of: key, spelled: spelling.strict, language: query.language)
        return .notFound
    }

    /// The entries of the headwords among `rows` (of `key`) in `language` (any when nil), those spelled as typed when
    /// there are any (``Spelling``); nil when none gives an entry (a word only in another language, or whose senses
    /// all lack a gloss), or when none is spelled as typed but a form or a translation is (`Busse`, the plural of
    /// Bus, not Buße), which leaves the word to its forms or its translations.
    func headwordEntries(
        _ rows: [Dataset.Row], key: [UInt8], language: Language?, spelling: Spelling
    ) throws(ProviderError) -> [Entry]? {
        guard rows.contains(where: { $0.kind == .headword }) else { return nil }
        var records = try decode(rows.filter { $0.kind == .headword }, translations: false)
        if let language {  // in place: filtering copied every record
            records.removeAll { record in !Self.isIn(language, record) }
        }
        guard !records.isEmpty else { return nil }
        // (By index: a closure over the records copied each one.)
        if spelling.folds, !records.indices.allSatisfy({ spelling.asTyped(records[$0].word) }) {
            if records.indices.contains(where: { spelling.asTyped(records[$0].word) }) {
                records.removeAll { !spelling.asTyped($0.word) }
            } else if try spelledAsTyped(amongFormsAndTranslationsOf: rows, key: key, language: language, spelling: spelling) {
                return nil
            }
        }
        let entries = EntryBuilder.entries(from: records, provenance: provenance)
        return entries.isEmpty ? nil : entries
    }

    static func isIn(_ language: Language, _ record: WiktextractRecord) -> Bool {
        record.languageCode.flatMap(Language.init).map { $0.matches(language) } ?? false
    }

    /// Whether a lemma's forms or a translation table have the word spelled as typed (in `language`, any when nil).
    func spelledAsTyped(
        amongFormsAndTranslationsOf rows: [Dataset.Row], key: [UInt8], language: Language?, spelling: Spelling
    ) throws(ProviderError) -> Bool {
        if rows.contains(where: { $0.kind == .form }),
           try formLemmas(rows, key: key, language: language).contains(where: { $0.forms.contains { spelling.asTyped($0.form) } }) {
            return true
        }
        guard rows.contains(where: { $0.kind == .translation }) else { return false }
        return try tableItems(of: key, rows: rows, into: language, from: nil).items.contains { spelling.asTyped($0.item.word) }
    }

    /// The records of the lemmas whose `forms` list a form of `key` (`rows`' form rows), but those in a language
    /// other than `language` (any when nil; a record whose code names no language is kept), each with only those forms
    /// read (`formsOf`), whole but for translations and kept: the service looks the lemma up next, and its lookup then
    /// takes them from `recent` instead of reading the same lines again.
    func formLemmas(_ rows: [Dataset.Row], key: [UInt8], language: Language?) throws(ProviderError) -> [WiktextractRecord] {
        let grouped = dataset.membersGrouped, rules = dataset.keyRules
        let sources = [provenance]
        var records = try decode(rows.filter { $0.kind == .form }) { row, bytes in
            let record = WiktextractRecord.decode(
                bytes, forms: true, formsOf: key, translations: false, grouped: grouped, sources: sources, keyRules: rules
            )
            if let record { recent.keep(record, at: row.recordOffset) }
            return record
        }
        if let language {
            records.removeAll { record in
                guard let code = record.languageCode, let own = Language(code) else { return false }
                return !own.matches(language)
            }
        }
        return records
    }

    /// The lemmas whose `forms` list the word, when the dump has no entry for the word itself (in the language asked).
    public func lemmas(of query: LookupQuery) async throws -> [FormOf] {
        try checkCancellation()
        let key = key(query.term)
        let spelling = spelling(of: query.term)
        let rows: [Dataset.Row]
        if let remembered = recent.formRows(of: key, spelled: spelling.strict, language: query.language) {
            rows = remembered  // the lookup just now found that no headword answers
        } else {
            rows = dataset.rows(for: key)
            guard try headwordEntries(rows, key: key, language: query.language, spelling: spelling) == nil else { return [] }
        }
        var found: [(lemma: String, readings: [String])] = []
        var records = try formLemmas(rows, key: key, language: query.language)
        // The lemmas that list the word spelled as typed, when some do (`Busse`: Bus, not Buße).
        spelling.preferAsTyped(&records) { $0.forms.contains { spelling.asTyped($0.form) } }
        for record in records {
            // Only the forms that are the word were read (`formsOf`): those spelled as typed, when some are (`до́ма`,
            // the genitive, not `дома́`, the plural; `дома` is both).
            var forms = record.forms
            if forms.count > 1 { spelling.preferAsTyped(&forms) { spelling.asTyped($0.form) } }
            let readings = Self.readings(forms.map(\.tags))
            // One lemma once, with every reading its records give (`houses`: the noun's plural, the verb's third person).
            if let index = found.firstIndex(where: { $0.lemma == record.word }) {
                for reading in readings where !found[index].readings.contains(reading) { found[index].readings.append(reading) }
            } else {
                found.append((record.word, readings))
            }
        }
        return found.map { FormOf(lemma: $0.lemma, form: $0.readings.isEmpty ? nil : $0.readings.joined(separator: " or ")) }
    }

    /// The names of forms with `tags` (``formName(_:)``), each once: `housed` is listed as the past tense and as the
    /// past participle. A romanisation (`dom` of *дом*) is named so; a form known by no other tag has no name.
    ///
    /// Tag sets that say the same reading twice are named once: one whose tags another has with more cases is that
    /// one's (Finnish `päät`: nominative plural, and nominative/accusative plural); one that has another's tags and
    /// only a conjugation table's person, number, mood or `stem` besides is that one's (`brought`: the past tense's
    /// row for each person, the past subjunctive; Japanese はしる's terminative stem).
    package static func readings(_ tags: [[String]]) -> [String] {
        let sets = tags.map { tags in tags.filter { !["table-tags", "inflection-template", "canonical", "romanization"].contains($0) } }
        var names: [String] = []
        for (index, named) in sets.enumerated() {
            let covered = sets.indices.contains { other in
                guard other != index, !named.isEmpty, sets[other].count != named.count, named.allSatisfy(sets[other].contains) || sets[other].allSatisfy(named.contains)
                else { return false }
                if named.count < sets[other].count {
                    return sets[other].allSatisfy { named.contains($0) || caseOrder($0) != nil }
                }
                return !sets[other].isEmpty && named.allSatisfy { sets[other].contains($0) || isTableDetail($0) }
            }
            if covered { continue }
            let name = named.isEmpty && tags[index].contains("romanization") ? "romanization" : formName(named)
            if let name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Whether a tag is one a conjugation table repeats a reading under: a person, a number, a mood, `stem`.
    private static func isTableDetail(_ tag: String) -> Bool {
        switch tag {
        case "first-person", "second-person", "third-person", "singular", "plural", "dual", "indicative", "subjunctive",
             "stem":
            true
        default: false
        }
    }

    /// A case's place in the order Wiktionary's tables name them; nil for a tag that is no case.
    private static func caseOrder(_ tag: String) -> Int? {
        switch tag {
        case "nominative": 0
        case "accusative": 1
        case "genitive": 2
        case "dative": 3
        case "instrumental": 4
        case "prepositional": 5
        case "locative": 6
        case "vocative": 7
        case "ablative": 8
        case "partitive": 9
        case "essive": 10
        case "translative": 11
        case "inessive": 12
        case "elative": 13
        case "illative": 14
        case "adessive": 15
        case "allative": 16
        default: nil
        }
    }

    /// A form's tags as English names it (`present participle`, `third-person singular present indicative`,
    /// `nominative plural`): wiktextract sorts them alphabetically (`participle present`, `present singular
    /// third-person`). Person and case first, then gender, number, degree, tense, mood, voice, and the non-finite
    /// form; tags it does not know keep their place among the tense's. A lone `past` is the past tense. Several
    /// cases or persons are the form's alternatives, joined by a slash (`nominative/accusative plural`,
    /// `first/third-person singular`). Nil for none.
    package static func formName(_ tags: [String]) -> String? {
        guard let first = tags.first else { return nil }
        if tags.count == 1 { return first == "past" ? "past tense" : first }
        func rank(_ tag: String) -> Int {
            if let order = caseOrder(tag) { return 100 + order }
            switch tag {
            case "strong", "weak", "mixed", "definite", "indefinite": return 0
            case "first-person", "second-person", "third-person", "impersonal": return 1
            case "masculine", "feminine", "neuter", "common", "animate", "inanimate", "personal": return 200
            case "singular", "plural", "dual": return 300
            case "positive", "comparative", "superlative": return 400
            case "indicative", "subjunctive", "imperative", "conditional", "optative", "jussive": return 600
            case "active", "passive", "middle", "reflexive": return 700
            case "participle", "gerund", "infinitive", "supine", "converb", "verbal-noun": return 800
            default: return 500  // tense and aspect: present, past, future, perfect, imperfect, preterite, simple, …
            }
        }
        var name = ""
        var previous = -1
        for tag in tags.enumerated().sorted(by: { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }).map(\.element) {
            let kind = rank(tag) >= 100 && rank(tag) < 200 ? 100 : rank(tag)
            if kind == previous && (kind == 100 || kind == 1) {
                // Alternatives: `nominative/accusative`, `first/third-person`.
                if kind == 1, name.hasSuffix("-person"), tag.hasSuffix("-person") {
                    name.removeLast("-person".count)
                }
                name += "/" + tag
            } else {
                if !name.isEmpty { name += " " }
                name += tag
            }
            previous = kind
        }
        return name
    }

    // MARK: Translations

    public func translate(_ query: TranslationQuery) async throws -> LookupResult {
        guard descriptor.translationPairs.contains(where: { $0.source.matches(query.pair.source) && $0.target.matches(query.pair.target) })
        else {
            throw ProviderError(.unsupportedLanguage, provider: descriptor.id, message: "has no translations \(query.pair)")
        }
        try checkCancellation()
        let key = key(query.term)
        let rows = dataset.rows(for: key)
        // Forward: the word's own entries in the source language (spelled as typed, when some are), their translations
        // into the target.
        var entries: [Entry] = []
        let spelling = spelling(of: query.term)
        var records = try decode(rows.filter { $0.kind == .headword })
        records.removeAll { !Self.isIn(query.pair.source, $0) }
        spelling.preferAsTyped(&records) { spelling.asTyped($0.word) }
        let items = records.map { record in
            record.translations.filter { $0.code.flatMap(Language.init).map { $0.matches(query.pair.target) } ?? false }
        }
        for (index, record) in records.enumerated() {
            guard let code = record.languageCode, let language = Language(code) else { continue }
            // An item a table lists twice (the Chinese edition's `命令`: order, command, command, order) once.
            let translations = items[index].indices.compactMap { position -> Translation? in
                let item = items[index][position]
                guard Self.keeps(item, of: index, in: records, items: items),
                      !items[index][..<position].contains(where: { $0.isItem(item) }) else { return nil }
                return EntryBuilder.translation(item, pair: query.pair, partOfSpeech: record.partOfSpeech, provenance: provenance)
            }
            guard !translations.isEmpty else { continue }
            entries.append(Entry(headword: record.word, language: language, translations: translations, provenance: provenance))
        }
        // Backward: entries in the target language that list the word as a translation into the source language.
        entries += try reverseTranslations(
            of: query.term, key: key, rows: rows, into: query.pair.source, from: query.pair.target, spelling: spelling
        )
        return LookupResult(entries: entries)
    }

    /// Whether record `index` (of `records`, whose translation items into the language asked are `items`) shows
    /// `item`. Some editions' extractors copy a page's translation table onto every part of speech of its etymology
    /// (the Spanish one): an item that several records of one word and etymology list is shown with those whose
    /// senses its number names, else with the first that lists it.
    static func keeps(
        _ item: WiktextractRecord.TranslationData, of index: Int, in records: [WiktextractRecord],
        items: [[WiktextractRecord.TranslationData]]
    ) -> Bool {
        guard records.count > 1 else { return true }
        let listing = records.indices.filter { other in
            other == index
                || (records[other].word == records[index].word && records[other].etymologyText == records[index].etymologyText
                    && records[other].etymologyNumber == records[index].etymologyNumber && items[other].contains { $0.isItem(item) })
        }
        guard listing.count > 1 else { return true }
        if let number = item.senseIndex {
            let named = listing.filter { !records[$0].senseIndices(number).isEmpty }
            if !named.isEmpty { return named.contains(index) }
        }
        return listing.first == index
    }

    /// A translation table's item of a word (``tableItems(of:rows:into:from:)``): its index in `records`, the item,
    /// its language and that of the entry that lists it.
    typealias TableItem = (record: Int, item: WiktextractRecord.TranslationData, language: Language, entryLanguage: Language)

    /// The items of translation tables (`rows`' translation rows) whose word has `key`, into `into`'s language (any
    /// when nil), of entries in `from`'s language (any when nil), and the records they are in. A common word can be in
    /// hundreds of translation tables, each a large line: the first hundred in the dump's order are read, which keeps
    /// the answer to milliseconds.
    func tableItems(
        of key: [UInt8], rows: [Dataset.Row], into language: Language?, from: Language?
    ) throws(ProviderError) -> (records: [WiktextractRecord], items: [TableItem]) {
        var items: [TableItem] = []
        let records = try decode(Array(rows.filter { $0.kind == .translation }.prefix(Self.reverseRecordLimit)))
        for (index, record) in records.enumerated() {
            guard let code = record.languageCode, let entryLanguage = Language(code) else { continue }
            if let from, !entryLanguage.matches(from) { continue }
            for item in record.translations where self.key(item.word) == key {
                guard let itemLanguage = item.code.flatMap(Language.init) else { continue }
                if let language, !itemLanguage.matches(language) { continue }
                items.append((index, item, itemLanguage, entryLanguage))
            }
        }
        return (records, items)
    }

    /// One entry for `term` whose translations are the headwords of entries (in `from`'s language, any when nil)
    /// that list `term` among their translations (into `into`'s language, any when nil): those spelled as typed when
    /// any are (``Spelling``).
    func reverseTranslations(
        of term: String, key: [UInt8], rows: [Dataset.Row], into language: Language?, from: Language? = nil,
        spelling typed: Spelling? = nil
    ) throws(ProviderError) -> [Entry] {
        var byLanguage: [String: [Translation]] = [:]
        var order: [String] = []
        var spelling: String?
        let (records, found) = try tableItems(of: key, rows: rows, into: language, from: from)
        var matches = found
        // Spelled as typed within each language: Russian `со́кол` folds to `сокол` as Macedonian's `сокол` is typed,
        // and is still Russian's only word.
        if let typed, typed.folds, matches.contains(where: { !typed.asTyped($0.item.word) }) {
            var typedIn: [String] = []
            for match in matches where typed.asTyped(match.item.word) && !typedIn.contains(match.language.code) {
                typedIn.append(match.language.code)
            }
            matches.removeAll { !typed.asTyped($0.item.word) && typedIn.contains($0.language.code) }
        }
        for (place, (index, item, itemLanguage, entryLanguage)) in matches.enumerated() {
            // A table copied onto each part of speech of one word (the Italian edition's `cura`, noun and verb) lists
            // it once.
            if matches[..<place].contains(where: { match in
                match.record != index && records[match.record].word == records[index].word
                    && records[match.record].languageCode == records[index].languageCode
                    && records[match.record].etymologyNumber == records[index].etymologyNumber
                    && records[match.record].etymologyText == records[index].etymologyText && match.item.isItem(item)
            }) { continue }
            let pair = LanguagePair(source: itemLanguage, target: entryLanguage)
            guard var reversed = EntryBuilder.translation(
                item, pair: pair, partOfSpeech: records[index].partOfSpeech, provenance: provenance
            ) else { continue }
            reversed.text = records[index].word
            reversed.notes = []
            // As the table spells it (a capital the query lacked), without white space around it.
            let spelled = EntryBuilder.clean(item.word) ?? item.word
            if spelling == nil || spelled == term { spelling = spelled }
            if byLanguage[itemLanguage.code] == nil { order.append(itemLanguage.code) }
            if !(byLanguage[itemLanguage.code]?.contains(reversed) ?? false) { byLanguage[itemLanguage.code, default: []].append(reversed) }
        }
        return order.compactMap { code in
            guard let translations = byLanguage[code] else { return nil }
            return Entry(headword: spelling ?? term, language: Language(code), translations: translations, provenance: provenance)
        }
    }

    /// The most entries read to answer a word from translation tables.
    static let reverseRecordLimit = 100

    // MARK: Reading records

    /// The records `rows` point at, for an answer: without their `forms`, which no entry shows, and without their
    /// `translations` unless the answer is a translation.
    func decode(_ rows: [Dataset.Row], translations: Bool = true) throws(ProviderError) -> [WiktextractRecord] {
        let grouped = dataset.membersGrouped
        // Every sense names the one provenance: one array for all of them, not one allocated and freed for each.
        let sources = [provenance]
        return try decode(rows, kept: translations ? nil : recent) { _, bytes in
            WiktextractRecord.decode(bytes, forms: false, translations: translations, grouped: grouped, sources: sources)
        }
    }

    /// The records `rows` point at, each once, as `decode` reads them (nil: left out); a record `kept` has is taken
    /// from it instead.
    func decode(
        _ rows: [Dataset.Row], kept: RecentRecords? = nil,
        with decode: (Dataset.Row, UnsafeRawBufferPointer) -> WiktextractRecord?
    ) throws(ProviderError) -> [WiktextractRecord] {
        // The rows of a word are a few (its parts of speech, the lemmas that list it as a form): they are compared
        // with those before them. A set is made only for a long run (a common form listed by hundreds of lemmas); the
        // first `Set<Int>` of a process scans the binary's conformance records (0.8 million instructions).
        let many = rows.count > 32
        var seen: Set<Int> = many ? Set(minimumCapacity: rows.count) : []
        // What `kept` has, with its place among the rows read or taken; the rows to read.
        var taken: [(place: Int, kept: RecentRecords.Kept)] = []
        var reading: [Dataset.Row] = []
        reading.reserveCapacity(rows.count)
        var places = 0
        for index in rows.indices {
            let row = rows[index]
            let repeated = many
                ? !seen.insert(row.recordOffset).inserted
                : rows[..<index].contains { $0.recordOffset == row.recordOffset }
            if repeated { continue }
            try checkCancellation()
            if let kept, let record = kept.record(at: row.recordOffset) {
                taken.append((places, record))
            } else {
                reading.append(row)
            }
            places += 1
        }
        // In the rows' order (`withRecords` gives them in theirs): a taken record before the read one at its place.
        var records: [WiktextractRecord] = []
        records.reserveCapacity(places)
        var damaged = false
        var next = 0, place = 0
        dataset.withRecords(reading) { index, bytes in
            while next < taken.count, taken[next].place == place {
                records.append(taken[next].kept.record)
                next += 1
                place += 1
            }
            place += 1
            guard let bytes else { damaged = true; return }
            if let record = decode(reading[index], bytes) { records.append(record) }
        }
        if damaged {
            throw ProviderError(.malformedResponse, provider: descriptor.id, message: "\(path) is damaged; import the dump again")
        }
        for index in taken.indices.dropFirst(next) { records.append(taken[index].kept.record) }
        return records
    }

    func checkCancellation() throws(ProviderError) {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: descriptor.id, message: "cancelled") }
    }
}
