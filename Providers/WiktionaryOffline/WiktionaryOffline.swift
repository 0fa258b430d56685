import Foundation
import LexAggCore
import LexAggWiktextract
import Synchronization

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
                for pair in [LanguagePair(source: from, target: to), LanguagePair(source: to, target: from)]
                where seen.insert(pair.description).inserted {
                    pairs.append(pair)
                }
            }
        }
        let file = (metadata.sourceFile as NSString).lastPathComponent
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
        return "Wiktionary via wiktextract: \(metadata.entries) entries in \(metadata.languages.count) languages, from \(provenanceSource)"
    }

    var provenance: Provenance { Provenance(provider: descriptor.id, source: provenanceSource, retrievedAt: dumpDate) }

    // MARK: Definitions

    /// The key of `text` by the dataset's rules (``Dataset/foldsKeys``).
    func key(_ text: String) -> [UInt8] { DatasetKey.normalise(text, folded: dataset.foldsKeys) }

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        try checkCancellation()
        let key = key(query.term)
        let rows = dataset.rows(for: key)
        if let entries = try headwordEntries(rows, language: query.language) { return LookupResult(entries: entries) }
        // A word the dump has only in its translation tables (German "Haus" in an English dump): what it translates.
        if !rows.contains(where: { $0.kind == .form }) {
            let translated = try reverseTranslations(of: query.term, key: key, rows: rows, into: query.language)
            return LookupResult(entries: translated)
        }
        // No headword of the word answers (there is none, or none in the language asked, or none with a definition):
        // the lemma fallback that follows may follow the forms, and takes these rows.
        recent.rememberForms(rows, of: key, language: query.language)
        return .notFound
    }

    /// The entries of the headwords among `rows` in `language` (any when nil); nil when none gives an entry (a word
    /// only in another language, or whose senses all lack a gloss), which leaves the word to its forms.
    func headwordEntries(_ rows: [Dataset.Row], language: Language?) throws(ProviderError) -> [Entry]? {
        guard rows.contains(where: { $0.kind == .headword }) else { return nil }
        var records = try decode(rows.filter { $0.kind == .headword }, translations: false)
        if let language {  // in place: filtering copied every record
            records.removeAll { record in !(record.languageCode.flatMap(Language.init).map { $0.matches(language) } ?? false) }
        }
        guard !records.isEmpty else { return nil }
        let entries = EntryBuilder.entries(from: records, provenance: provenance)
        return entries.isEmpty ? nil : entries
    }

    /// The lemmas whose `forms` list the word, when the dump has no entry for the word itself (in the language asked).
    public func lemmas(of query: LookupQuery) async throws -> [FormOf] {
        try checkCancellation()
        let key = key(query.term)
        let rows: [Dataset.Row]
        if let remembered = recent.formRows(of: key, language: query.language) {
            rows = remembered  // the lookup just now found that no headword answers
        } else {
            rows = dataset.rows(for: key)
            guard try headwordEntries(rows, language: query.language) == nil else { return [] }
        }
        var found: [FormOf] = []
        // Read whole (but for translations) and kept: the service looks the lemma up next, and its lookup then
        // takes them from `recent` instead of reading the same lines again.
        let grouped = dataset.membersGrouped
        let sources = [provenance]
        let records = try decode(rows.filter { $0.kind == .form }) { row, bytes in
            let record = WiktextractRecord.decode(
                bytes, forms: true, formsOf: key, translations: false, grouped: grouped, sources: sources,
                keysFolded: dataset.foldsKeys
            )
            if let record { recent.keep(record, at: row.recordOffset) }
            return record
        }
        for record in records {
            if let language = query.language, let code = record.languageCode, let own = Language(code), !own.matches(language) { continue }
            // Only the forms that are the word were read (`formsOf`).
            let tags = record.forms.first?.tags
                .filter { !["table-tags", "inflection-template", "canonical", "romanization"].contains($0) } ?? []
            let form = FormOf(lemma: record.word, form: tags.isEmpty ? nil : tags.joined(separator: " "))
            if !found.contains(where: { $0.lemma == form.lemma }) { found.append(form) }
        }
        return found
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
        // Forward: the word's own entries in the source language, their translations into the target.
        var entries: [Entry] = []
        for record in try decode(rows.filter { $0.kind == .headword }) {
            guard let code = record.languageCode, let language = Language(code), language.matches(query.pair.source) else { continue }
            let translations = record.translations.compactMap { item -> Translation? in
                guard let target = item.code.flatMap(Language.init), target.matches(query.pair.target) else { return nil }
                return EntryBuilder.translation(item, pair: query.pair, partOfSpeech: record.partOfSpeech, provenance: provenance)
            }
            guard !translations.isEmpty else { continue }
            entries.append(Entry(headword: record.word, language: language, translations: translations, provenance: provenance))
        }
        // Backward: entries in the target language that list the word as a translation into the source language.
        entries += try reverseTranslations(of: query.term, key: key, rows: rows, into: query.pair.source, from: query.pair.target)
        return LookupResult(entries: entries)
    }

    /// One entry for `term` whose translations are the headwords of entries (in `from`'s language, any when nil)
    /// that list `term` among their translations (into `into`'s language, any when nil).
    func reverseTranslations(
        of term: String, key: [UInt8], rows: [Dataset.Row], into language: Language?, from: Language? = nil
    ) throws(ProviderError) -> [Entry] {
        var byLanguage: [String: [Translation]] = [:]
        var order: [String] = []
        var spelling: String?
        // A common word can be in hundreds of translation tables, each a large line: the first hundred in the dump's
        // order are read, which keeps the answer to milliseconds.
        for record in try decode(Array(rows.filter { $0.kind == .translation }.prefix(Self.reverseRecordLimit))) {
            guard let code = record.languageCode, let entryLanguage = Language(code) else { continue }
            if let from, !entryLanguage.matches(from) { continue }
            for item in record.translations where self.key(item.word) == key {
                guard let itemLanguage = item.code.flatMap(Language.init) else { continue }
                if let language, !itemLanguage.matches(language) { continue }
                let pair = LanguagePair(source: itemLanguage, target: entryLanguage)
                guard var reversed = EntryBuilder.translation(
                    item, pair: pair, partOfSpeech: record.partOfSpeech, provenance: provenance
                ) else { continue }
                reversed.text = record.word
                reversed.notes = []
                // As the table spells it (a capital the query lacked), without white space around it.
                let spelled = EntryBuilder.clean(item.word) ?? item.word
                if spelling == nil || spelled == term { spelling = spelled }
                if byLanguage[itemLanguage.code] == nil { order.append(itemLanguage.code) }
                if !(byLanguage[itemLanguage.code]?.contains(reversed) ?? false) { byLanguage[itemLanguage.code, default: []].append(reversed) }
            }
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

/// The last few records the lemma fallback read, whole but for their translations: `lemmas(of:)` names a form's lemma
/// and the service looks the lemma up next, which reads the same lines. Kept here, a lemma's line is read and
/// decoded once; a few are enough, as the lookup follows at once (two tasks of a batch at a time). Each is kept in a
/// box of its own: moving a record (dozens of strings and arrays) in and out of the list copied each of them.
///
/// Every lookup asks it for each of its lines, from both tasks of a batch at once: a filter of the offsets kept (a bit
/// each) answers most of them without the lock, which the two took in turns for every line (`_lockSlow` in perf).
///
/// It also keeps the rows of the last word none of whose headwords answered (it had none, or none in the language
/// asked, or none with a definition): the lemma fallback asks for its lemmas right after the lookup that did not find
/// it, and the binary search for the same key is not made twice.
final class RecentRecords: Sendable {
    final class Kept: Sendable {
        let offset: Int
        let record: WiktextractRecord

        init(offset: Int, record: WiktextractRecord) {
            self.offset = offset
            self.record = record
        }
    }

    private struct State {
        var kept: [Kept] = []
        var formRows: (key: [UInt8], language: Language?, rows: [Dataset.Row])?
    }

    private let state = Mutex(State())
    /// The bits (``bit(_:)``) of the offsets kept, set once they are there.
    private let filter = Atomic<UInt64>(0)
    static let capacity = 8

    /// One of 64 bits for a line's offset (Fibonacci hashing: lines' offsets are spread over the whole file).
    static func bit(_ offset: Int) -> UInt64 {
        1 << ((UInt64(truncatingIfNeeded: offset) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    func record(at offset: Int) -> Kept? {
        guard filter.load(ordering: .acquiring) & Self.bit(offset) != 0 else { return nil }
        return state.withLock { state in state.kept.first { $0.offset == offset } }
    }

    func keep(_ record: WiktextractRecord, at offset: Int) {
        let box = Kept(offset: offset, record: record)
        state.withLock { state in
            state.kept.removeAll { $0.offset == offset }
            state.kept.append(box)
            if state.kept.count > Self.capacity { state.kept.removeFirst() }
            filter.store(state.kept.reduce(0) { $0 | Self.bit($1.offset) }, ordering: .releasing)
        }
    }

    /// Remembers that `key`'s rows are `rows`, of which no headword answers in `language`.
    func rememberForms(_ rows: [Dataset.Row], of key: [UInt8], language: Language?) {
        state.withLock { $0.formRows = (key, language, rows) }
    }

    /// The rows of `key` if they were the last remembered, for the same language.
    func formRows(of key: [UInt8], language: Language?) -> [Dataset.Row]? {
        state.withLock { state in state.formRows.flatMap { $0.key == key && $0.language == language ? $0.rows : nil } }
    }
}
