import Foundation
import LexAggCore
import LexAggJSON
import LexAggWiktextract

/// One wiktextract JSON line as the provider reads it back: only the fields it shows, each read leniently (a field
/// of an unexpected type is left out rather than failing the entry; an element of a list that is not what it should
/// be is dropped; a repeated key counts with its last value), decoded in one pass over the dataset's bytes with
/// ``JSONReader`` — the rest of the line (categories, links, templates) is checked and skipped, never built.
///
/// Field names follow wiktextract's English-edition model (`WordData`, `SenseData`, `ExampleData`, `SoundData`,
/// `TranslationData`, `FormData`, `FormOf`, `LinkageData` in src/wiktextract/extractor/en/type_utils.py).
struct WiktextractRecord: Equatable {
    var word: String
    var languageCode: String?
    var partOfSpeech: String?
    var etymologyNumber: Int?
    var etymologyText: String?
    /// The record's senses as an answer shows them (``Sense/init(wiktextract:sources:)``): built as the line is read,
    /// with no intermediate copy of wiktextract's `SenseData` (its lists of glosses, tags and examples were a third
    /// of the allocations of an offline batch).
    var senses: [Sense]
    /// Each sense's number, as word-level linkages and translations name a sense (their `sense_index`): one for each
    /// of `senses`, or none when each is its place from 1 (``senseNumber(_:)``; most records: an array less to make).
    var senseNumbers: [SenseNumber] = []

    var sounds: [SoundData]
    var translations: [TranslationData]
    var forms: [FormData]
    /// The word-level `synonyms` and `antonyms` (wiktextract's from a `====Synonyms====` section; a sense's own are in
    /// its ``Sense``), each with the gloss its `{{sense|…}}` gave, if any.
    var synonyms: [Linkage] = []
    var antonyms: [Linkage] = []
    /// What the record's word-level `tags` and `raw_tags` say of the word (a German or French noun's gender, a
    /// Russian verb's aspect: what its head line says), as labels (``EntryBuilder/wordLabels(tags:partOfSpeech:)``).
    var labels: [String] = []
    /// What the head line writes the word as (the first of the `forms` that lead the list tagged `canonical`: `legō`,
    /// `зи́мний`, `قَدَمَ`) and its romanisation (the first tagged `romanization` there: `zímnij`, `qadama`); read
    /// for every answer, even when `forms` is not (``headForms(_:complete:)``).
    var canonical: String? = nil
    var romanization: String? = nil

    struct Linkage: Equatable {
        var word: String
        var sense: String?
        /// The senses it belongs to by number (`sense_index`: `2`, `"1"`, `"1, 3"`, `"1-3"`, `"2a"`).
        var senseIndex: String? = nil
        /// What is said of it beside the word, as shown in brackets after it (``EntryBuilder/linkageNote``).
        var note: String? = nil
        /// Whether it is what the sense's gloss names (tagged `synonym-of`, `alt-of`, `form-of`: "synonym of X").
        var ofGloss = false

        /// The word as an answer shows it: with its note in brackets.
        var shown: String { note.map { word + " (" + $0 + ")" } ?? word }
    }

    struct SoundData: Equatable {
        var ipa: String?
        var enpr: String?
        var tags: [String]
        var audioURL: String?
        /// A transcription in another notation (`zh_pron`: Pinyin, Zhuyin, Jyutping; its `tags` name which).
        var other: String? = nil
        /// What the sound says of itself beside its tags (`note`: "Northern Cities Vowel Shift, Ireland"; "Kyōto").
        var note: String? = nil
        /// A reading in the word's own script (`other`: Japanese kana, はしる) and its `roman` (the Japanese edition's
        /// pitch transcription, `[mèéréé]`).
        var reading: String? = nil
        var roman: String? = nil
    }

    struct TranslationData: Equatable {
        var word: String
        var code: String?
        var sense: String?
        var tags: [String]
        var roman: String?
        /// The sense translated, by number (`sense_index`, as a linkage names it); ``sense`` is then its gloss when the
        /// line gives none (the Polish edition's tables: `senseFromIndex`).
        var senseIndex: String? = nil
        var senseFromIndex = false
        /// The word in another script (`alt`: a Japanese item's kana reading, もってくる).
        var alt: String? = nil

        /// Whether it is `other` as the dump lists it (before a gloss was given it by its number): the same item of
        /// a table copied onto several records.
        func isItem(_ other: TranslationData) -> Bool {
            word == other.word && code == other.code && senseIndex == other.senseIndex && roman == other.roman && alt == other.alt
                && tags == other.tags && (senseFromIndex ? nil : sense) == (other.senseFromIndex ? nil : other.sense)
        }
    }

    struct FormData: Equatable {
        var form: String
        var tags: [String]
    }

    /// The record of one JSON line; nil when the line is not well-formed JSON, or not an object with a string
    /// `word`.
    ///
    /// - Parameters:
    ///   - forms: whether to read `forms` too (else skipped, checked, and left empty): an entry shows none of them, and
    ///     a lemma's dozens of inflected forms were a tenth of decoding it for an answer; the lemma fallback reads them
    ///     (and keeps the record for the lookup of the lemma that follows).
    ///   - formsOf: with `forms`, only the forms whose key (``DatasetKey``) is this one are kept, the others checked
    ///     and skipped: the lemma fallback wants the tags of the form looked up, not the other forms of its lemma
    ///     (dozens in a German or Finnish entry, each a `String` and a list of tags).
    ///   - translations: whether to read `translations` too (the same way): `translate` needs them, a definition
    ///     does not, and they are most of a well-translated word's line.
    ///   - grouped: whether the entry's members are grouped (``RecordLayout``, a format 2 dataset): the reading then
    ///     stops at the first member of a group it does not read, the rest of the line unread.
    ///   - sources: what each sense names as its sources (the provider's provenance: one array shared by all).
    ///   - keyRules: the rules `formsOf` was made by (``DatasetKey/Rules``), by which the forms are compared with it.
    static func decode(
        _ bytes: UnsafeRawBufferPointer, forms: Bool = true, formsOf formKey: [UInt8]? = nil, translations: Bool = true,
        grouped: Bool = false, sources: [Provenance] = [], keyRules: DatasetKey.Rules = .current
    ) -> WiktextractRecord? {
        var reader = JSONReader(bytes)
        do throws(JSONReader.Malformed) {
            let last: RecordLayout.Group = translations ? .translations : forms ? .forms : .answer
            var stopped = false
            let record = try WiktextractRecord(
                &reader, forms: forms, formsOf: formKey, keyRules: keyRules, translations: translations,
                stoppingAfter: grouped ? last : nil, sources: sources, stopped: &stopped
            )
            return stopped || reader.atEnd() ? record : nil
        } catch {
            return nil
        }
    }
}

extension WiktextractRecord {
    /// The object at the reader; nil (and skipped) when it is not an object with a string `word`.
    /// (`stoppingAfter`: the last group to read of a grouped entry, nil to read to the end; `stopped` says whether
    /// the reading stopped before the end.)
    init?(
        _ reader: inout JSONReader, forms wantForms: Bool = true, formsOf formKey: [UInt8]? = nil, keyRules: DatasetKey.Rules = .current,
        translations wantTranslations: Bool = true,
        stoppingAfter last: RecordLayout.Group? = nil, sources: [Provenance] = [], stopped: inout Bool
    ) throws(JSONReader.Malformed) {
        var word: String?, languageCode: String?, partOfSpeech: String?, etymologyNumber: Int?, etymologyText: String?
        var etymologyTexts: [String]?
        var senses: [Sense] = [], senseNumbers: [SenseNumber] = [], sounds: [SoundData] = [], translations: [TranslationData] = [], forms: [FormData] = []
        var synonyms: [Linkage] = [], antonyms: [Linkage] = [], tags: [String] = [], rawTags: [String] = []
        var head: (canonical: String?, romanization: String?) = (nil, nil)
        var lemma: String?, alternativeOf: String?
        guard reader.kind() == .object else { try reader.skip(); return nil }
        // A grouped entry read for an answer reads the head of its `forms` too, then stops (``headForms``).
        let headOnly = last == .answer
        stopped = try reader.entryMembers(stoppingAfter: headOnly ? .forms : last) { (reader, key) throws(JSONReader.Malformed) in
            switch key.count {
            case 3 where JSONReader.equals(key, "pos"): partOfSpeech = try reader.string()
            case 4 where JSONReader.equals(key, "word"): word = try reader.string()
            case 4 where JSONReader.equals(key, "tags"): tags = try reader.strings()
            case 5 where wantForms && JSONReader.equals(key, "forms"):
                let start = reader
                head = try Self.headForms(&reader, complete: false)
                reader = start
                if let formKey {
                    forms = try reader.elements { (reader) throws(JSONReader.Malformed) in try FormData(&reader, ifKey: formKey, rules: keyRules) }
                } else {
                    forms = try reader.elements(FormData.init)
                }
            case 5 where JSONReader.equals(key, "forms"):
                head = try Self.headForms(&reader, complete: !headOnly)
                return headOnly
            case 6 where JSONReader.equals(key, "senses"):
                (senses, senseNumbers) = try Self.senses(&reader, sources: sources)
            case 6 where JSONReader.equals(key, "sounds"): sounds = try reader.elements(SoundData.init)
            case 6 where JSONReader.equals(key, "alt_of"): alternativeOf = try reader.firstElement(Sense.linkedWord)
            case 7 where JSONReader.equals(key, "form_of"): lemma = try reader.firstElement(Sense.linkedWord)
            case 8 where JSONReader.equals(key, "synonyms"): synonyms = try reader.elements(Linkage.init)
            case 8 where JSONReader.equals(key, "antonyms"): antonyms = try reader.elements(Linkage.init)
            case 8 where JSONReader.equals(key, "raw_tags"): rawTags = EntryBuilder.unparenthesized(try reader.strings())
            case 9 where JSONReader.equals(key, "lang_code"): languageCode = try reader.string()
            case 12 where wantTranslations && JSONReader.equals(key, "translations"):
                translations = try reader.elements(TranslationData.init)
            case 14 where JSONReader.equals(key, "etymology_text"): etymologyText = try reader.string()
            case 15 where JSONReader.equals(key, "etymology_texts"): etymologyTexts = try reader.strings()
            case 16 where JSONReader.equals(key, "etymology_number"):
                switch reader.kind() {
                case .string: etymologyNumber = try reader.string().flatMap { Int($0) }
                default: etymologyNumber = try reader.number().flatMap(Self.wholeNumber)
                }
            default: try reader.skip()
            }
            return false
        }
        guard let word else { return nil }
        // A word named as a form of itself (the Greek edition's `alt_of` copied from its "άλλες γραφές") is no form.
        if lemma != nil, EntryBuilder.clean(lemma) == word { lemma = nil }
        if alternativeOf != nil, EntryBuilder.clean(alternativeOf) == word { alternativeOf = nil }
        // A word whose senses have no gloss, its `form_of` or `alt_of` on the word (the Greek edition's participles):
        // one sense that says what it is a form of, its tags the form's name, not labels of their own.
        if senses.isEmpty, lemma != nil || alternativeOf != nil,
           let (definition, formOf) = EntryBuilder.formOfDefinition(lemma: lemma, alternativeOf: alternativeOf, tags: tags) {
            senses = [Sense(definition: definition, examples: [], labels: [], synonyms: [], antonyms: [], formOf: formOf, sources: sources)]
            if EntryBuilder.clean(lemma) != nil { tags = [] }
        } else if lemma != nil {
            // The Greek edition's `form_of` on a word with glosses of its own (a participle's {{μτχππ|εκφράζω}} in its
            // etymology): each of its senses is that form of the lemma, the lemma fallback's to follow; its glosses stay.
            EntryBuilder.link(&senses, toLemma: lemma, tags: tags)
        }
        // A word listed as its own synonym (`magical` in a thesaurus's list of the word's) says nothing.
        synonyms.removeAll { $0.word == word }
        antonyms.removeAll { $0.word == word }
        synonyms = EntryBuilder.merged(synonyms)
        antonyms = EntryBuilder.merged(antonyms)
        if senses.contains(where: { $0.synonyms.contains(word) || $0.antonyms.contains(word) }) {
            for index in senses.indices {
                senses[index].synonyms.removeAll { $0 == word }
                senses[index].antonyms.removeAll { $0 == word }
            }
        }
        // The other editions write the etymology as a list of paragraphs (`etymology_texts`); English as one text.
        if etymologyText == nil, let etymologyTexts, !etymologyTexts.isEmpty { etymologyText = EntryBuilder.paragraphs(etymologyTexts) }
        // (A byte search: `utf8.contains` stepped through the text a byte at a time, 4 M instructions a 1,000-word batch.)
        if var text = etymologyText, text.withUTF8({ $0.isEmpty ? false : memchr($0.baseAddress!, 0x5E, $0.count) != nil }) {
            etymologyText = EntryBuilder.withoutLanguageLinks(text)
        }
        if let text = etymologyText, text.utf8.first == UInt8(ascii: "E") { etymologyText = EntryBuilder.withoutEtymologyTree(text) }
        if var text = etymologyText, text.withUTF8({ $0.isEmpty ? false : memchr($0.baseAddress!, 0x23, $0.count) != nil }) {
            etymologyText = EntryBuilder.numberingItems(text)
        }
        // A translation that names its senses only by number: their glosses.
        for index in translations.indices where translations[index].sense == nil && translations[index].senseIndex != nil {
            let named = Self.senseIndices(translations[index].senseIndex!, in: senseNumbers, count: senses.count)
            guard !named.isEmpty else { continue }
            translations[index].sense = named.map { senses[$0].definition }.joined(separator: "; ")
            translations[index].senseFromIndex = true
        }
        self.init(
            word: word, languageCode: languageCode, partOfSpeech: partOfSpeech, etymologyNumber: etymologyNumber,
            etymologyText: etymologyText, senses: senses, senseNumbers: senseNumbers, sounds: sounds,
            translations: translations, forms: forms, synonyms: synonyms, antonyms: antonyms,
            labels: tags.isEmpty && rawTags.isEmpty ? [] : EntryBuilder.wordLabels(tags: tags + rawTags, partOfSpeech: partOfSpeech),
            canonical: head.canonical, romanization: head.romanization
        )
    }

    /// The canonical form and the romanisation among the forms that lead a `forms` list (each tagged `canonical` or
    /// `romanization`: the head line's, which wiktextract lists first), cleaned; a canonical form that is the word
    /// with the head line's words after it (`走る intransitive godan`) is none. With `complete`, the rest of the
    /// list is read (checked and skipped); without, the reader is left at the first form after the head, the rest
    /// of the line unread (a grouped entry's answer stops there).
    static func headForms(
        _ reader: inout JSONReader, complete: Bool
    ) throws(JSONReader.Malformed) -> (canonical: String?, romanization: String?) {
        var canonical: String?, romanization: String?
        var leading = true
        guard try reader.enterArray() else { return (nil, nil) }
        /// What a form's `tags` make it: 1 canonical, 2 romanisation, 0 neither (or not a list of strings alone).
        func headKind(_ reader: inout JSONReader) throws(JSONReader.Malformed) -> Int {
            var kind = 0
            var all = true
            guard try reader.enterArray() else { return 0 }
            repeat {
                guard let tag = try reader.stringBytes() else { all = false; continue }
                if JSONReader.equals(tag, "canonical") { kind = 1 } else if kind == 0, JSONReader.equals(tag, "romanization") { kind = 2 }
            } while try reader.nextElement()
            return all ? kind : 0
        }
        repeat {
            guard leading else { try reader.skip(); continue }
            // The tags first, compared as bytes: most lists begin with an inflected form, which is then read no further
            // (making its text and tags Strings cost a 1,000-word batch 5 M instructions, for every answer).
            let element = reader
            var kind = 0
            let isObject = try reader.members { (reader, key) throws(JSONReader.Malformed) in
                if key.count == 4, JSONReader.equals(key, "tags") { kind = try headKind(&reader) } else { try reader.skip() }
            }
            guard isObject, kind != 0 else {
                leading = false
                if !complete { break }
                continue
            }
            var again = element
            var form: String?
            try again.members { (reader, key) throws(JSONReader.Malformed) in
                if key.count == 4, JSONReader.equals(key, "form") { form = try reader.string() } else { try reader.skip() }
            }
            if kind == 1 {
                if canonical == nil { canonical = EntryBuilder.clean(form) }
            } else if romanization == nil {
                romanization = EntryBuilder.clean(form)
            }
        } while try reader.nextElement()
        return (canonical, romanization)
    }

    /// A number that is a whole `Int` (`2`, `2.0`, `2e0`), else nil.
    static func wholeNumber(_ text: String) -> Int? {
        if let value = Int(text) { return value }
        guard let value = Double(text), value.rounded() == value, abs(value) < 9e18 else { return nil }
        return Int(value)
    }
}

extension Sense {
    /// A wiktextract sense object (`SenseData`) as an answer shows it, read in one pass; nil when the value is not an
    /// object or no gloss is left of it (``EntryBuilder/clean(_:)``) and it names no word it is a form of
    /// (``EntryBuilder/formOfDefinition(lemma:alternativeOf:tags:)`` is then its definition).
    ///
    /// - The definition is the last of `glosses` (nested senses repeat their parents' glosses first; the last one is
    ///   the sense's own), else the last of `raw_glosses`; each list only when all its elements are strings, as
    ///   decoding `[String]` requires (the others are checked, never made `String`s).
    /// - The labels are the `qualifier`, the `tags` but wiktextract's own bookkeeping (``EntryBuilder/isInternal(_:)``),
    ///   the `raw_tags` (the labels an edition other than English could not map to a tag: "umgangssprachlich") and
    ///   the `topics`, cleaned, each once.
    /// - An example is its `text`, its `roman` (a romanisation) in brackets when it has one, and ` — ` and its
    ///   `translation` (`english`, its deprecated name) when it has one.
    /// - `formOf` is the first `form_of` link's word, the form its tags (the bookkeeping ones left out); else the
    ///   first `alt_of` link's word (``EntryBuilder/formOf(lemma:alternativeOf:definition:tags:)``).
    /// - As everywhere in a record, a field of another type is absent, a list element that is not what it should be
    ///   is dropped, and a repeated key counts with its last value.
    /// - `number` is set to its own `sense_index` (``WiktextractRecord/senseIndex(_:)``), `glosses` to the length of
    ///   its `glosses` when every element is a string, else 0, and `parent` to the gloss before its own, cleaned (its
    ///   parent's, in a nested sense), else nil (all as read, even when the sense is nil). Where a nested sense goes
    ///   is the record's to say (``WiktextractRecord/senses(_:sources:)``).
    init?(
        wiktextract reader: inout JSONReader, sources: [Provenance], number: inout String?, glosses: inout Int,
        parent: inout String?
    ) throws(JSONReader.Malformed) {
        var gloss: String?, rawGloss: String?, tags: [String] = [], rawTags: [String] = [], topics: [String] = [], qualifier: String?
        var examples: [String] = [], lemma: String?, alternativeOf: String?
        var synonyms: [WiktextractRecord.Linkage] = [], antonyms: [WiktextractRecord.Linkage] = []
        let isObject = try reader.members { (reader, key) throws(JSONReader.Malformed) in
            switch key.count {
            case 4 where JSONReader.equals(key, "tags"): tags = try reader.strings()
            case 6 where JSONReader.equals(key, "topics"): topics = try reader.strings()
            case 6 where JSONReader.equals(key, "alt_of"): alternativeOf = try reader.firstElement(Self.linkedWord)
            case 7 where JSONReader.equals(key, "glosses"): (gloss, parent, glosses) = try reader.lastTwoStringsAndCount()
            case 7 where JSONReader.equals(key, "form_of"): lemma = try reader.firstElement(Self.linkedWord)
            case 8 where JSONReader.equals(key, "examples"): examples = try reader.elements(Self.example)
            case 8 where JSONReader.equals(key, "synonyms"): synonyms = try reader.elements(WiktextractRecord.Linkage.init)
            case 8 where JSONReader.equals(key, "antonyms"): antonyms = try reader.elements(WiktextractRecord.Linkage.init)
            case 8 where JSONReader.equals(key, "raw_tags"): rawTags = EntryBuilder.unparenthesized(try reader.strings())
            case 9 where JSONReader.equals(key, "qualifier"): qualifier = try reader.string()
            case 11 where JSONReader.equals(key, "raw_glosses"): rawGloss = try reader.lastString()
            case 11 where JSONReader.equals(key, "sense_index"): number = try WiktextractRecord.senseIndex(&reader)
            default: try reader.skip()
            }
        }
        parent = EntryBuilder.clean(parent)
        guard isObject else { return nil }
        let definition: String, formOf: FormOf?
        var shownTags = tags
        if let gloss = EntryBuilder.clean(gloss ?? rawGloss), !EntryBuilder.isPlaceholder(gloss) {
            definition = gloss
            formOf = EntryBuilder.formOf(lemma: lemma, alternativeOf: alternativeOf, definition: definition, tags: tags)
            if formOf != nil, !tags.isEmpty { shownTags = EntryBuilder.withoutTagsTheGlossSays(tags, definition: definition) }
        } else if let (text, link) = EntryBuilder.formOfDefinition(lemma: lemma, alternativeOf: alternativeOf, tags: tags) {
            // No gloss, but what it is a form of (`"tags": ["alt-of", "no-gloss", "obsolete"]`): said as Wiktionary's
            // template says it; a `form_of`'s tags are the form's name, not labels.
            (definition, formOf) = (text, link)
            if EntryBuilder.clean(lemma) != nil { shownTags = [] }
        } else {
            return nil
        }
        if !topics.isEmpty || shownTags.count > 1 {
            (shownTags, topics) = EntryBuilder.asRawGlossNames(tags: shownTags, topics: topics, rawGloss: rawGloss)
        }
        let labels = EntryBuilder.labels(qualifier: qualifier, tags: rawTags.isEmpty ? shownTags : shownTags + rawTags, topics: topics)
        self.init(
            definition: definition, examples: examples, labels: labels,
            synonyms: synonyms.isEmpty ? [] : EntryBuilder.shownLinkages(synonyms, of: definition),
            antonyms: antonyms.isEmpty ? [] : EntryBuilder.shownLinkages(antonyms, of: definition), formOf: formOf, sources: sources
        )
    }

    /// An example object's text as a sense shows it; nil when it has none.
    private static func example(_ reader: inout JSONReader) throws(JSONReader.Malformed) -> String? {
        var text: String?, translation: String?, english: String?, roman: String?
        try reader.members { (reader, key) throws(JSONReader.Malformed) in
            switch key.count {
            case 4 where JSONReader.equals(key, "text"): text = try reader.string()
            case 5 where JSONReader.equals(key, "roman"): roman = try reader.string()
            case 7 where JSONReader.equals(key, "english"): english = try reader.string()
            case 11 where JSONReader.equals(key, "translation"): translation = try reader.string()
            default: try reader.skip()
            }
        }
        guard let text = EntryBuilder.clean(text).map(EntryBuilder.unquoted), !EntryBuilder.isNoExample(text) else { return nil }
        // `english` is the deprecated name of `translation`; a `roman` that is the translation (the Japanese
        // edition's) is said once.
        let translated = EntryBuilder.clean(translation ?? english).map(EntryBuilder.unquoted)
        let shown = EntryBuilder.clean(roman).flatMap { $0 == translated ? nil : "\(text) (\($0))" } ?? text
        return translated.map { "\(shown) — \($0)" } ?? shown
    }

    /// A link object's (`form_of`, `synonyms`, `antonyms`: wiktextract's `FormOf` and `LinkageData`) `word`.
    static func linkedWord(_ reader: inout JSONReader) throws(JSONReader.Malformed) -> String? {
        var word: String?
        try reader.members { (reader, key) throws(JSONReader.Malformed) in
            if JSONReader.equals(key, "word") { word = try reader.string() } else { try reader.skip() }
        }
        return word
    }
}

extension WiktextractRecord.SoundData {
    init?(_ reader: inout JSONReader) throws(JSONReader.Malformed) {
        var ipa: String?, enpr: String?, other: String?, tags: [String] = [], rawTags: [String] = [], ogg: String?, mp3: String?
        var note: String?, reading: String?, roman: String?
        let isObject = try reader.members { (reader, key) throws(JSONReader.Malformed) in
            switch key.count {
            case 3 where JSONReader.equals(key, "ipa"): ipa = try reader.string()
            case 4 where JSONReader.equals(key, "enpr"): enpr = try reader.string()
            case 4 where JSONReader.equals(key, "note"): note = try reader.string()
            case 5 where JSONReader.equals(key, "other"): reading = try reader.string()
            case 5 where JSONReader.equals(key, "roman"): roman = try reader.string()
            case 4 where JSONReader.equals(key, "tags"): tags = try reader.strings()
            case 7 where JSONReader.equals(key, "zh_pron"): other = try reader.string()
            case 8 where JSONReader.equals(key, "raw_tags"): rawTags = EntryBuilder.unparenthesized(try reader.strings())
            case 7 where JSONReader.equals(key, "ogg_url"): ogg = try reader.string()
            case 7 where JSONReader.equals(key, "mp3_url"): mp3 = try reader.string()
            default: try reader.skip()
            }
        }
        // The Spanish edition's rows of its pronunciation table that are no pronunciation (`other`: "llana" of
        // "acentuación", "bisílaba" of "longitud silábica"), in the Latin script a reading in another (kana) is not.
        if let text = reading, !rawTags.isEmpty, text.utf8.allSatisfy({ $0 < 0xCA }) { reading = nil }
        // A sound with no transcription and no recording (`rhymes`, `homophone`, `hyphenation`: most of a real
        // entry's sounds) gives no pronunciation: not kept.
        guard isObject, ipa != nil || enpr != nil || other != nil || reading != nil || ogg != nil || mp3 != nil else { return nil }
        // `raw_tags`: the accents an edition other than English could not map to a tag ("Österreich").
        self.init(
            ipa: ipa, enpr: enpr, tags: rawTags.isEmpty ? tags : tags + rawTags, audioURL: ogg ?? mp3, other: other, note: note,
            reading: reading, roman: roman
        )
    }
}

extension WiktextractRecord.TranslationData {
    init?(_ reader: inout JSONReader) throws(JSONReader.Malformed) {
        var word: String?, languageCode: String?, oldCode: String?, sense: String?, tags: [String] = [], rawTags: [String] = []
        var roman: String?, senseIndex: String?, alt: String?
        try reader.members { (reader, key) throws(JSONReader.Malformed) in
            switch key.count {
            case 4 where JSONReader.equals(key, "word"): word = try reader.string()
            case 4 where JSONReader.equals(key, "code"): oldCode = try reader.string()
            case 4 where JSONReader.equals(key, "tags"): tags = try reader.strings()
            case 8 where JSONReader.equals(key, "raw_tags"): rawTags = EntryBuilder.unparenthesized(try reader.strings())
            case 11 where JSONReader.equals(key, "sense_index"): senseIndex = try WiktextractRecord.senseIndex(&reader)
            case 5 where JSONReader.equals(key, "sense"): sense = try reader.string()
            case 5 where JSONReader.equals(key, "roman"): roman = try reader.string()
            case 3 where JSONReader.equals(key, "alt"): alt = try reader.string()
            case 9 where JSONReader.equals(key, "lang_code"): languageCode = try reader.string()
            default: try reader.skip()
            }
        }
        guard let word else { return nil }
        // `code` is the deprecated name of `lang_code`; `raw_tags` are the edition's own words for tags ("femenino").
        self.init(
            word: word, code: languageCode ?? oldCode, sense: sense, tags: rawTags.isEmpty ? tags : tags + rawTags, roman: roman,
            senseIndex: senseIndex, alt: alt
        )
    }
}

extension WiktextractRecord.FormData {
    init?(_ reader: inout JSONReader) throws(JSONReader.Malformed) {
        var form: String?, tags: [String] = []
        try reader.members { (reader, key) throws(JSONReader.Malformed) in
            switch key.count {
            case 4 where JSONReader.equals(key, "form"): form = try reader.string()
            case 4 where JSONReader.equals(key, "tags"): tags = try reader.strings()
            default: try reader.skip()
            }
        }
        guard let form else { return nil }
        self.init(form: form, tags: tags)
    }

    /// The form object at the reader when its `form`'s key is `key`, else nil (checked and skipped): a first pass
    /// finds the `form` (the last, if repeated) and compares its bytes with the key, and only a match is read again
    /// as a whole.
    /// (`rules`: the rules `key` was made by, ``DatasetKey/Rules``.)
    init?(_ reader: inout JSONReader, ifKey key: [UInt8], rules: DatasetKey.Rules = .current) throws(JSONReader.Malformed) {
        let start = reader
        var matches = false
        try reader.members { (reader, name) throws(JSONReader.Malformed) in
            if name.count == 4, JSONReader.equals(name, "form") {
                matches = try reader.stringBytes().map { DatasetKey.isKey(key, of: $0, rules: rules) } ?? false
            } else {
                try reader.skip()
            }
        }
        guard matches else { return nil }
        reader = start
        try self.init(&reader)
    }
}
