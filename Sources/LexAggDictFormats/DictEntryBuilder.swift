import LexAggCore

/// How the text of a DICT entry is laid out; the same whether it comes from a file or a DICT server.
public enum DictTextFormat: Sendable, Hashable {
    /// WordNet (dictd's `wn`): senses by part of speech, examples, `[syn: …]`.
    case wordnet
    /// A FreeDict bilingual database: translations in one direction.
    case freedict(LanguagePair)
    /// GCIDE (1913 Webster, English): headword, pronunciation, part of speech, etymology and numbered senses.
    case gcide
    /// Any other database; its language when known.
    case plain(Language?)

    /// The format a database name implies: `wn` is WordNet, `freedict-eng-deu` or dict.org's `fd-eng-deu`
    /// are FreeDict, `gcide` is GCIDE, anything else plain text.
    public static func forDatabase(named name: String) -> DictTextFormat {
        let lower = name.lowercased()
        if lower == "wn" || lower == "wordnet" { return .wordnet }
        let parts = lower.split(separator: "-")
        if parts.count == 3, parts[0] == "freedict" || parts[0] == "fd", let source = Language(String(parts[1])),
           let target = Language(String(parts[2]))
        {
            return .freedict(LanguagePair(source: source, target: target))
        }
        return lower == "gcide" ? .gcide : .plain(nil)
    }
}

/// Turns the text of one DICT entry into an ``Entry``, by its database's format.
package enum DictEntryBuilder {
    /// - Parameters:
    ///   - text: the entry's text as the database stores it.
    ///   - headword: the headword to use when the text does not name one (plain databases).
    ///   - language: the language of plain databases' headwords, when known.
    package static func entry(
        text: String, headword: String, format: DictTextFormat, language: Language?, provenance: Provenance
    ) -> Entry {
        switch format {
        case .wordnet:
            let parsed = WordNetFormat.parse(text)
            return Entry(
                headword: parsed.headword.isEmpty ? headword : parsed.headword,
                language: .english,
                senseGroups: parsed.groups.map { group in
                    SenseGroup(partOfSpeech: group.partOfSpeech, senses: group.senses.map {
                        Sense(
                            definition: $0.definition, examples: $0.examples, synonyms: $0.synonyms,
                            antonyms: $0.antonyms, sources: [provenance]
                        )
                    })
                },
                provenance: provenance
            )
        case .freedict(let pair):
            let parsed = FreeDictFormat.parse(text)
            return Entry(
                headword: parsed.headword.isEmpty ? headword : parsed.headword,
                language: pair.source,
                pronunciations: parsed.pronunciation.map {
                    [Pronunciation(text: $0, notation: .ipa, provenance: provenance)]
                } ?? [],
                translations: parsed.translations.map {
                    Translation(
                        text: $0.text, pair: pair, notes: $0.notes, partOfSpeech: parsed.partOfSpeech,
                        context: $0.context, examples: $0.examples, provenance: provenance
                    )
                },
                provenance: provenance
            )
        case .gcide:
            let parsed = GCIDEFormat.parse(text)
            let senses = parsed.senses.map { sense(from: $0, provenance: provenance) }
            return Entry(
                headword: parsed.headword.isEmpty ? headword : parsed.headword,
                language: .english,
                pronunciations: parsed.pronunciation.map {
                    [Pronunciation(text: $0, notation: .other, provenance: provenance)]
                } ?? [],
                senseGroups: senses.isEmpty ? [] : [SenseGroup(partOfSpeech: parsed.partOfSpeech, senses: senses)],
                etymology: parsed.etymology,
                provenance: provenance
            )
        case .plain(let plainLanguage):
            let tidy = PlainTextFormat.tidy(text)
            return Entry(
                headword: headword,
                language: plainLanguage ?? language,
                senseGroups: tidy.isEmpty
                    ? [] : [SenseGroup(partOfSpeech: nil, senses: [Sense(definition: tidy, sources: [provenance])])],
                provenance: provenance
            )
        }
    }

    private static func sense(from parsed: GCIDEFormat.ParsedSense, provenance: Provenance) -> Sense {
        Sense(
            definition: parsed.definition, examples: parsed.examples, labels: parsed.labels, synonyms: parsed.synonyms,
            subsenses: parsed.subsenses.map { sense(from: $0, provenance: provenance) }, formOf: parsed.formOf,
            sources: [provenance]
        )
    }
}
