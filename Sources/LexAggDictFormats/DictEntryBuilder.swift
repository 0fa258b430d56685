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
    ///   - term: the word looked up, when the entry was found by it: GCIDE files a phrase inside another word's entry
    ///     (*ice cream* in *Ice*'s), and the entry is then the phrase's senses alone (``phrase(_:in:)``).
    package static func entry(
        text: String, headword: String, format: DictTextFormat, language: Language?, provenance: Provenance,
        term: String? = nil
    ) -> Entry {
        switch format {
        case .wordnet:
            let parsed = WordNetFormat.parse(text)
            var groups = parsed.groups.map { group in
                SenseGroup(partOfSpeech: group.partOfSpeech, senses: group.senses.map {
                    Sense(
                        definition: $0.definition, examples: $0.examples, synonyms: $0.synonyms,
                        antonyms: $0.antonyms, sources: [provenance]
                    )
                })
            }
            // WordNet lists noun, verb, adjective, adverb whatever the word: its main use first.
            if let order = SenseGroup.mostSensesFirst(groups) { groups = order.map { groups[$0] } }
            return Entry(
                headword: parsed.headword.isEmpty ? headword : parsed.headword, language: .english, senseGroups: groups,
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
            let entry = Entry(
                headword: parsed.headword.isEmpty ? headword : parsed.headword,
                language: .english,
                pronunciations: parsed.pronunciation.map {
                    [Pronunciation(text: $0, notation: .other, provenance: provenance)]
                } ?? [],
                senseGroups: senses.isEmpty ? [] : [SenseGroup(partOfSpeech: parsed.partOfSpeech, senses: senses)],
                etymology: parsed.etymology,
                provenance: provenance
            )
            return term.flatMap { phrase($0, in: entry) } ?? entry
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

    /// The entry of `term`, a phrase that `entry` (of another headword) defines among its senses as `Phrase:
    /// definition` (GCIDE's `{Ice cream}` in *Ice*: `lookup "ice cream"` showed all of *Ice*, 27 senses, and a card
    /// saved it so): those senses alone, headed by the phrase as the entry spells it, without the word's
    /// pronunciation and etymology. Nil when `entry` is the term's own or defines no such phrase.
    static func phrase(_ term: String, in entry: Entry) -> Entry? {
        func folded(_ text: Substring) -> String {
            text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: " ")
        }
        let wanted = folded(Substring(term))
        guard wanted.contains(" "), folded(Substring(entry.headword)) != wanted else { return nil }
        var spelled: String?
        var groups: [SenseGroup] = []
        for group in entry.senseGroups {
            var senses: [Sense] = []
            for sense in group.senses {
                let definition = sense.definition
                guard let colon = definition.prefix(81).indices.first(where: {
                    definition[$0] == ":" && definition[definition.index(after: $0)...].first == " "
                }) else { continue }
                let names = definition[..<colon].split(separator: " or ", omittingEmptySubsequences: true)
                guard let name = names.first(where: { folded($0) == wanted }) else { continue }
                var own = sense
                own.definition = String(definition[definition.index(colon, offsetBy: 2)...])
                senses.append(own)
                spelled = spelled ?? String(name).trimmingWhitespace()
            }
            if !senses.isEmpty { groups.append(SenseGroup(partOfSpeech: group.partOfSpeech, senses: senses)) }
        }
        guard let spelled else { return nil }
        return Entry(headword: spelled, language: entry.language, senseGroups: groups, provenance: entry.provenance)
    }

    private static func sense(from parsed: GCIDEFormat.ParsedSense, provenance: Provenance) -> Sense {
        Sense(
            definition: parsed.definition, examples: parsed.examples, labels: parsed.labels, synonyms: parsed.synonyms,
            subsenses: parsed.subsenses.map { sense(from: $0, provenance: provenance) }, formOf: parsed.formOf,
            sources: [provenance]
        )
    }
}
