import Foundation
import LexAggAggregation
import LexAggCore
import LexAggLibrary

/// Adding words to the library: each word looked up through the lookup service as `lookup` would look it up, and
/// what the dictionaries said saved with it. The one implementation behind `library add` and the MCP server's
/// `library_add`; they only parse their arguments and render the ``SavedWordOutcome``s.
///
/// A word no provider knows is not saved; adding a word again replaces its entries with the fresh lookup (its star
/// and the date it was first added stay). Each word is saved in its own transaction.
public struct WordSaver<C: Clock>: Sendable where C.Duration == Duration {
    /// The providers asked, chosen once for a batch of words, and the notes on those left out.
    public let definitions: LookupService<C>.Definitions
    /// Whether entries in every language are saved, not only the word's.
    public let allLanguages: Bool

    /// Chooses the providers for words of `language` (and, with `target`, for translating them) once.
    ///
    /// - Parameters:
    ///   - language: the words' language; `nil`: what the dictionaries say, else English.
    ///   - target: also save translations into this language (needs `language`).
    ///   - options: the consumer's request options (with the reader's languages, which come first); close spellings
    ///     are never looked for (nothing is saved then).
    ///   - allLanguages: save entries in every language a dictionary gave, not only the word's (its language is
    ///     `language`, else that of the first entry, which the reader's languages put first).
    /// - Throws: ``LookupServiceError`` when no provider can answer at all.
    public init(
        service: LookupService<C>, language: Language?, translatingTo target: Language? = nil,
        options: RequestOptions = .init(), allLanguages: Bool = false
    ) async throws(LookupServiceError) {
        self.allLanguages = allLanguages
        var options = options
        options.suggest = false
        definitions = try await service.definitions(language: language, translatingTo: target, options: options)
    }

    /// Looks `query` up and saves what was found in `library`.
    /// - Throws: ``LibraryError`` when the library cannot be written.
    public func save(_ query: LookupQuery, in library: any LibraryStore) async throws(LibraryError) -> SavedWordOutcome {
        let answer = await definitions.lookUp(query)
        let entries = answer.entries
        guard !entries.isEmpty else {
            return SavedWordOutcome(
                status: answer.allFailed ? .failed : .notFound, term: query.term, language: definitions.language,
                word: nil, answer: answer
            )
        }
        let language = definitions.language ?? entries.compactMap(\.language).first ?? .english
        // The word's language only (a Wiktionary page's Czech "gosling" is not an English card), unless asked.
        let kept = allLanguages ? entries : entries.filter { $0.language.map(language.matches) ?? true }
        // An inflected form that no dictionary has as a word of its own is saved as its lemma (`walked` → `walk`;
        // GCIDE's `Geese: pl. of {Goose}` only names it); a form of several words is saved as typed, with the entries
        // of them all (`leaves`: *leaf* and *leave*).
        var word = query.term
        var saving = kept
        let form = query.term.lowercased()
        // An entry headed by the word that has a sense of its own, not only "a form of" (GCIDE's obsolete noun *went*,
        // "Course; way; path"): the word is saved as typed, with it.
        let ownSense = kept.contains { entry in
            entry.headword.lowercased() == form && entry.senseGroups.contains { $0.senses.contains { $0.formOf == nil } }
        }
        if answer.lemmas.count == 1, let lemma = answer.lemma, lemma.method == .morphology, !ownSense {
            word = lemma.formOf.lemma
        }
        // The entries that only say the word is a form of another (an entry without senses, a bilingual
        // dictionary's translations, is none).
        func onlyForm(_ entry: Entry) -> Bool {
            entry.headword.lowercased() == form && !entry.senseGroups.allSatisfy(\.senses.isEmpty)
                && entry.senseGroups.allSatisfy { $0.senses.allSatisfy { $0.formOf != nil } }
        }
        if !answer.lemmas.isEmpty {
            // Without them, as the lemmas' entries are there (the card's meaning was "pl. of Goose.", and for a form
            // of several words saved as typed, `leaves`, "pl. of Leaf.").
            saving.removeAll(where: onlyForm)
            if saving.isEmpty { saving = kept }
        } else {
            // After the word's own (its card's meaning is the first sense: `houses`, "pl. of House." before a sense
            // of its own).
            saving = saving.filter { !onlyForm($0) } + saving.filter(onlyForm)
        }
        // And in an entry of the word that has both (merged), its own senses first.
        for index in saving.indices where saving[index].headword.lowercased() == form && !onlyForm(saving[index]) {
            for group in saving[index].senseGroups.indices {
                let senses = saving[index].senseGroups[group].senses
                saving[index].senseGroups[group].senses = senses.filter { $0.formOf == nil } + senses.filter { $0.formOf != nil }
            }
        }
        let (outcome, saved) = try await library.save(word, language: language, entries: saving, at: Date())
        return SavedWordOutcome(
            status: outcome == .added ? .added : .updated, term: saved.word, language: language, word: saved,
            answer: answer, lemma: word == query.term ? nil : answer.lemma
        )
    }
}

/// What became of one word given to ``WordSaver``.
public struct SavedWordOutcome: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// Saved for the first time.
        case added
        /// Already saved: its entries were replaced with the fresh lookup.
        case updated
        /// No provider knows it; nothing saved.
        case notFound
        /// Every provider failed; nothing saved.
        case failed
    }

    public var status: Status
    /// The word as saved, or as asked when nothing was saved.
    public var term: String
    /// The language it was saved in (the one asked for when nothing was saved).
    public var language: Language?
    /// The saved word, with its entries.
    public var word: LibraryWord?
    /// The lookup service's answer: its outcomes say which provider answered or failed, and why.
    public var answer: LookupAnswer
    /// When the word asked is an inflected form saved as its lemma, the lemma and the form (`walked`: past tense of
    /// `walk`).
    public var lemma: LemmaNote?

    public init(
        status: Status, term: String, language: Language?, word: LibraryWord?, answer: LookupAnswer, lemma: LemmaNote? = nil
    ) {
        self.lemma = lemma
        self.status = status
        self.term = term
        self.language = language
        self.word = word
        self.answer = answer
    }

    /// Whether the word is in the library now.
    public var isSaved: Bool { word != nil }

    /// How many senses were saved.
    public var senses: Int { word?.entries.reduce(0) { $0 + $1.allSenses.count } ?? 0 }

    /// How many translations were saved.
    public var translations: Int { word?.entries.reduce(0) { $0 + $1.translations.count } ?? 0 }

    /// The providers whose entries were saved.
    public var sources: [ProviderID] { word?.sources ?? [] }

    /// "1 sense, 2 translations".
    public var countsDescription: String {
        var counts = ["\(senses) sense\(senses == 1 ? "" : "s")"]
        if translations > 0 { counts.append("\(translations) translation\(translations == 1 ? "" : "s")") }
        return counts.joined(separator: ", ")
    }
}
