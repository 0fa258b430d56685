/// One dictionary entry: a headword in one language as one source describes it.
///
/// Sources that split a word by etymology (Wiktionary, Free Dictionary) produce one entry per etymology.
public struct Entry: Sendable, Hashable, Codable {
    /// The headword as the source spells it.
    public var headword: String
    /// The language of the headword, when the source says.
    public var language: Language?
    /// Pronunciations, in source order.
    public var pronunciations: [Pronunciation]
    /// Senses grouped by part of speech, in source order.
    public var senseGroups: [SenseGroup]
    /// Translations of the headword, for bilingual sources.
    public var translations: [Translation]
    /// The etymology text, when the source has one.
    public var etymology: String?
    /// Where the entry came from.
    public var provenance: Provenance

    public init(
        headword: String,
        language: Language?,
        pronunciations: [Pronunciation] = [],
        senseGroups: [SenseGroup] = [],
        translations: [Translation] = [],
        etymology: String? = nil,
        provenance: Provenance
    ) {
        self.headword = headword
        self.language = language
        self.pronunciations = pronunciations
        self.senseGroups = senseGroups
        self.translations = translations
        self.etymology = etymology
        self.provenance = provenance
    }

    /// All senses of the entry, in order, ignoring grouping.
    public var allSenses: [Sense] { senseGroups.flatMap(\.senses) }

    /// Whether the entry says nothing (no senses and no translations).
    /// (Without collecting ``allSenses``, and with a closure, not a key path, which costs a generic metadata lookup
    /// a call: answers ask it of every entry several times. Inlinable: called across modules, it took a copy of the
    /// whole entry each time.)
    @inlinable
    public var isEmpty: Bool {
        guard translations.isEmpty else { return false }
        for index in senseGroups.indices where !senseGroups[index].senses.isEmpty { return false }
        return true
    }
}

/// The senses of one part of speech.
public struct SenseGroup: Sendable, Hashable, Codable {
    /// The part of speech, when the source gives one.
    public var partOfSpeech: PartOfSpeech?
    public var senses: [Sense]
    /// Synonyms of the word in this part of speech that the source ties to no one sense (Wiktionary's
    /// `====Synonyms====` lines without a `{{sense}}` that names a definition).
    public var synonyms: [String]
    public var antonyms: [String]
    /// What the source says of the word itself in this part of speech, true of every sense: its grammatical gender
    /// (`neuter`), number (`plural only`), aspect (`perfective`), … — the labels of a German noun's or a Russian
    /// verb's head line (wiktextract's word-level `tags`), where a sense's ``Sense/labels`` say where one meaning is
    /// used.
    public var labels: [String]

    public init(
        partOfSpeech: PartOfSpeech?, senses: [Sense], synonyms: [String] = [], antonyms: [String] = [], labels: [String] = []
    ) {
        self.partOfSpeech = partOfSpeech
        self.senses = senses
        self.synonyms = synonyms
        self.antonyms = antonyms
        self.labels = labels
    }

    private enum CodingKeys: String, CodingKey { case partOfSpeech, senses, synonyms, antonyms, labels }

    /// Entries saved before groups had synonyms or labels (the cache, the library) read as groups without them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        partOfSpeech = try container.decodeIfPresent(PartOfSpeech.self, forKey: .partOfSpeech)
        senses = try container.decode([Sense].self, forKey: .senses)
        synonyms = try container.decodeIfPresent([String].self, forKey: .synonyms) ?? []
        antonyms = try container.decodeIfPresent([String].self, forKey: .antonyms) ?? []
        labels = try container.decodeIfPresent([String].self, forKey: .labels) ?? []
    }

    /// `noun (neuter)`: the part of speech's name and the labels in parentheses, either alone; nil without both.
    public var heading: String? {
        let labels = labels.isEmpty ? nil : "(" + labels.joined(separator: ", ") + ")"
        switch (partOfSpeech?.name, labels) {
        case (let name?, let labels?): return name + " " + labels
        case (let name, let labels): return name ?? labels
        }
    }

    /// Empty relations and labels are left out, so documents without them read as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(partOfSpeech, forKey: .partOfSpeech)
        try container.encode(senses, forKey: .senses)
        if !synonyms.isEmpty { try container.encode(synonyms, forKey: .synonyms) }
        if !antonyms.isEmpty { try container.encode(antonyms, forKey: .antonyms) }
        if !labels.isEmpty { try container.encode(labels, forKey: .labels) }
    }
}

extension SenseGroup {
    /// The order of `groups` with the part of speech that has the most senses first — the word's main use, where a
    /// source lists its parts of speech in a fixed order (WordNet's noun, verb, adjective, adverb: *be* began with
    /// beryllium) — ties in their order; nil when they are in it already (most words: one part of speech).
    package static func mostSensesFirst(_ groups: [SenseGroup]) -> [Int]? {
        guard groups.indices.dropFirst().contains(where: { groups[$0].senses.count > groups[$0 - 1].senses.count }) else { return nil }
        return groups.indices.sorted { (groups[$0].senses.count, $1) > (groups[$1].senses.count, $0) }
    }
}

/// One meaning of a headword.
public struct Sense: Sendable, Hashable, Codable {
    /// The definition as clean text (no markup).
    public var definition: String
    /// Usage examples and quotations, as clean text.
    public var examples: [String]
    /// Labels such as `informal`, `botany`, `UK`.
    public var labels: [String]
    public var synonyms: [String]
    public var antonyms: [String]
    /// Narrower meanings nested under this one.
    public var subsenses: [Sense]
    /// When the sense is an inflected form of another word ("plural of cat"), that word.
    public var formOf: FormOf?
    /// Where this sense came from (more than one once senses from several sources are merged).
    public var sources: [Provenance]

    public init(
        definition: String,
        examples: [String] = [],
        labels: [String] = [],
        synonyms: [String] = [],
        antonyms: [String] = [],
        subsenses: [Sense] = [],
        formOf: FormOf? = nil,
        sources: [Provenance]
    ) {
        self.definition = definition
        self.examples = examples
        self.labels = labels
        self.synonyms = synonyms
        self.antonyms = antonyms
        self.subsenses = subsenses
        self.formOf = formOf
        self.sources = sources
    }
}

/// The lemma an inflected form points to, so it can be looked up in turn.
public struct FormOf: Sendable, Hashable, Codable {
    /// The word this is a form of (`cat` for `cats`).
    public var lemma: String
    /// What kind of form it is (`plural`, `past tense`), when known.
    public var form: String?

    public init(lemma: String, form: String? = nil) {
        self.lemma = lemma
        self.form = form
    }

    /// The form's name, nil when it has none: WordNet's morphology calls one it cannot name `form` (its exception
    /// lists say `was` is of *be*, not which form).
    public var name: String? { form == "form" ? nil : form }
}

/// How a headword is pronounced: a transcription, with a recording when the source has one, or a recording alone
/// (``isRecordingOnly``: Wiktionary's `{{audio}}` beside a transcription its templates compute, dictionaryapi.dev's
/// `phonetics` items with `audio` and no `text`).
public struct Pronunciation: Sendable, Hashable, Codable {
    public enum Notation: String, Sendable, Hashable, Codable {
        case ipa
        case enPR
        case other
    }

    /// The transcription (`/haʊs/`); empty for a recording alone, whose `audioURL` is then set.
    public var text: String
    public var notation: Notation
    /// The accent or variety (`UK`, `US`), when given.
    public var accent: String?
    /// A URL of a recording, when the source has one.
    public var audioURL: String?
    public var provenance: Provenance

    public init(text: String, notation: Notation, accent: String? = nil, audioURL: String? = nil, provenance: Provenance) {
        self.text = text
        self.notation = notation
        self.accent = accent
        self.audioURL = audioURL
        self.provenance = provenance
    }

    /// A recording with no transcription: nothing to show as text, a sound to play.
    public var isRecordingOnly: Bool {
        !text.contains { !$0.isWhitespace } && audioURL.map { !$0.isEmpty } == true
    }
}

/// A translation of a headword into another language.
public struct Translation: Sendable, Hashable, Codable {
    /// The translated text (`Haus`).
    public var text: String
    /// The direction: the headword's language and the translation's language.
    public var pair: LanguagePair
    /// Grammatical notes such as gender (`neut`) or domain (`comp.`).
    public var notes: [String]
    /// The word class of the headword this translates, when the source says.
    public var partOfSpeech: PartOfSpeech?
    /// Which sense of the headword this translates, when the source says.
    public var context: String?
    /// Usage examples with their translations.
    public var examples: [TranslatedExample]
    public var provenance: Provenance

    public init(
        text: String,
        pair: LanguagePair,
        notes: [String] = [],
        partOfSpeech: PartOfSpeech? = nil,
        context: String? = nil,
        examples: [TranslatedExample] = [],
        provenance: Provenance
    ) {
        self.text = text
        self.pair = pair
        self.notes = notes
        self.partOfSpeech = partOfSpeech
        self.context = context
        self.examples = examples
        self.provenance = provenance
    }
}

/// An example phrase and its translation.
public struct TranslatedExample: Sendable, Hashable, Codable {
    public var source: String
    public var target: String

    public init(source: String, target: String) {
        self.source = source
        self.target = target
    }
}
