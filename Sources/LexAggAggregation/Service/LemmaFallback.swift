import LexAggCore
import Logging
import Synchronization

/// The lemma a lookup followed, and how it was found.
public struct LemmaNote: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable, Codable {
        /// A provider's morphology (WordNet's rules and exception lists): `walked` → `walk`.
        case morphology
        /// A form-of sense of an entry that was found (Wiktionary's `plural of house`).
        case formOf = "form-of"
    }

    /// The lemma and the form the word is of it (`past tense`).
    public var formOf: FormOf
    /// The provider whose morphology or entry named the lemma.
    public var provider: ProviderID
    public var method: Method

    public init(formOf: FormOf, provider: ProviderID, method: Method) {
        self.formOf = formOf
        self.provider = provider
        self.method = method
    }

    /// `past tense of walk`, `a form of go`; a prefix's form leads its base: `re- (again) + occur`, `a form of
    /// reoccur, re- (again) + occur`.
    public var summary: String {
        guard let form = formOf.name else { return "a form of \(formOf.lemma)" }
        return form.hasSuffix("+") ? "\(form) \(formOf.lemma)" : "\(form) of \(formOf.lemma)"
    }
}

extension AggregatedResult {
    /// Adds the answers to a lemma's lookup (or translation), `other`, after these: its entries, but those with the
    /// same senses and translations as one here (WordNet's *ax* and *axe*, both lemmas of `axes`), and each provider
    /// that answered it counts as answering this request, its time added (a stale answer stays marked so). Whether
    /// any entry was added.
    mutating func add(answersOf other: AggregatedResult) -> Bool {
        func same(_ a: Entry, _ b: Entry) -> Bool {
            let senses = a.allSenses.map(\.definition)
            return !senses.isEmpty && senses == b.allSenses.map(\.definition) && a.translations.map(\.text) == b.translations.map(\.text)
        }
        let added = other.entries.filter { entry in !entries.contains { same($0, entry) } }
        guard !added.isEmpty else { return false }
        entries += added
        outcomes = outcomes.map { outcome in
            guard let later = other.outcomes.first(where: { $0.provider == outcome.provider }), case .answered = later.status
            else { return outcome }
            var merged = later
            merged.latency += outcome.latency
            // Its entries in the answer: those it gave before (the first lemma's, when this is the second) and those
            // just added.
            var before = 0
            if case .answered(let entries) = outcome.status { before = entries }
            merged.status = .answered(entries: before + added.count { $0.provenance.provider == outcome.provider })
            return merged
        }
        return true
    }
}

/// The lemmas a lemmatizer gave for a word, each asked once, in its order, and noted with every form the word is
/// of it (`leaves`: plural of *leaf*; plural or third-person singular of *leave*).
struct LemmaCandidates {
    let provider: ProviderID
    private(set) var notes: [LemmaNote] = []
    /// A handful: a list, not a hashed set (hashing a word costs its Unicode normalisation).
    private var asked: [String] = []

    init(provider: ProviderID) { self.provider = provider }

    /// Whether `form`'s lemma is still to be asked; a lemma found already takes its form into its note.
    mutating func isNew(_ form: FormOf) -> Bool {
        if let known = notes.firstIndex(where: { $0.formOf.lemma == form.lemma }) {
            // Each reading once, also when `form` names several itself (`plural or third-person singular`, again:
            // translating `houses` said it twice over).
            if let extra = form.form, let first = notes[known].formOf.form {
                var readings = first.split(separator: " or ").map(String.init)
                for reading in extra.split(separator: " or ").map(String.init) where !readings.contains(reading) {
                    readings.append(reading)
                }
                notes[known].formOf.form = readings.joined(separator: " or ")
            }
            return false
        }
        guard !asked.contains(form.lemma) else { return false }
        asked.append(form.lemma)
        return true
    }

    /// `form`'s lemma was found: noted, after those found before.
    mutating func found(_ form: FormOf) {
        notes.append(LemmaNote(formOf: form, provider: provider, method: .morphology))
    }
}

extension LookupService.Definitions {
    /// The lemma fallbacks, within what is left of the deadline:
    /// 1. **Morphology**: providers that did not know the word as typed are asked for its lemmas, most likely first
    ///    (`walked` → `walk`); every lemma of the first lemmatizer whose lemmas they know is added to the answer, in
    ///    its order (`leaves`: *leaf* and *leave*; `bases`: *base* and *basis*). Lemmatizers among those providers
    ///    are asked before the others.
    /// 2. **Form-of**: when the best entry in the word's language is only a form of another word (`plural of
    ///    house`) and that word is not in the answer yet, its entries are added after the form's own.
    ///
    /// With `onlyOwnAsTyped`, only the lemmatizers among the providers that did not know the word are asked, for the
    /// word as typed, and form-of is not followed: the service asks that before looser spellings, when no provider
    /// knew the word. The full fallback that follows them then does not ask those again (`ownAskedAsTyped`).
    func followLemmas(
        of query: LookupQuery, in result: AggregatedResult, matchedAs: String?, onlyOwnAsTyped: Bool = false,
        ownAskedAsTyped: Bool = false, until end: C.Instant
    ) async -> (AggregatedResult, [LemmaNote]) {
        var result = result
        let clock = service.clock
        let (empty, retry) = notFound(in: result)
        if matchedAs == nil, !retry.isEmpty {
            // The word as typed, then its looser spellings: a dictionary without diacritics finds the lemma of
            // `mêlées` and `vicuña's` as `melee` and `vicuna`.
            // A capitalised word stays capitalised in its looser spellings: morphology derives nothing from a
            // name (`Mindy` is not mind + -y), and the looser spelling must not make it a common word.
            // The looser spellings are made only when the word as typed finds no lemma (folding a non-ASCII word
            // goes through Foundation, thousands of instructions; most inflected forms are found as typed).
            lazy var looser: [LookupQuery] = {
                let capitalised = query.term.first?.isUppercase == true
                return Normalization.looserVariants(of: query.term).compactMap {
                    try? LookupQuery(capitalised ? $0.prefix(1).uppercased() + $0.dropFirst() : $0, language: query.language)
                }
            }()
            func spelling(_ index: Int) -> LookupQuery? {
                index == 0 ? query : index - 1 < looser.count ? looser[index - 1] : nil
            }
            // The morphology of a provider that did not know the word comes first: it knows its own words best
            // (an imported dump's `forms` name the lemma it has), and WordNet's rules, which must probe its index
            // for every suffix and compound split, are then asked only when it finds nothing.
            let own = await ownLemmatizers(retry)
            let others = onlyOwnAsTyped ? [] : await lemmatizers.get().filter { !empty.contains($0.descriptor.id) }
            let order = own + others
            for position in order.indices {
                let lemmatizer = order[position]
                var forms: [FormOf] = []
                // The own lemmatizers were asked for the word as typed already (when no provider knew it), unless this
                // is that asking.
                var index = position < own.count && !onlyOwnAsTyped && ownAskedAsTyped ? 1 : 0
                while forms.isEmpty, index == 0 || !onlyOwnAsTyped, let next = spelling(index) {
                    forms = (try? await lemmatizer.lemmas(of: next)) ?? []
                    index += 1
                }
                var candidates = LemmaCandidates(provider: lemmatizer.descriptor.id)
                for form in forms where Self.mayBeInflected(query, as: form) && candidates.isNew(form) {
                    guard let limits = remainingOptions(asking: retry, until: end), let lemmaQuery = try? LookupQuery(form.lemma, language: query.language)
                    else { break }
                    service.logger.info("'\(query.term)' may be the \(form.form ?? "form") of '\(form.lemma)' (\(lemmatizer.descriptor.id)); asking \(retry.map(\.descriptor.id.rawValue).joined(separator: ", "))")
                    let second = await Aggregator(options: limits, clock: clock).define(lemmaQuery, using: retry)
                    guard second.isFound, result.add(answersOf: second) else { continue }
                    candidates.found(form)
                }
                if !candidates.notes.isEmpty { return (result, Self.named(candidates.notes, by: result.entries)) }
            }
        }
        guard !onlyOwnAsTyped, result.isFound, let (form, provider) = Self.formOfTarget(result.entries, query: query),
              let limits = remainingOptions(asking: definers, until: end), let lemmaQuery = try? LookupQuery(form.lemma, language: query.language)
        else { return (result, []) }
        service.logger.info("'\(query.term)' is the \(form.form ?? "form") of '\(form.lemma)' (\(provider)); looking that up too")
        let lemma = await Aggregator(options: limits, clock: clock).define(lemmaQuery, using: definers)
        guard lemma.isFound else { return (result, []) }
        // Counted in each provider's outcome, as the answer's footer shows them (`houses`: its form-of entry and
        // the two of *house*).
        _ = result.add(answersOf: lemma)
        return (result, [LemmaNote(formOf: form, provider: provider, method: .formOf)])
    }

    /// Whether `query` may be a form of `form`'s lemma as a morphology says. An English function word is a form only
    /// of another (`has` of *have*, `is` of *be*): closed classes inflect by heart, not by rule, and WordNet's rules
    /// made `his` the plural of *hi* (Hawaii), which headed the answer.
    static func mayBeInflected(_ query: LookupQuery, as form: FormOf) -> Bool {
        guard query.language.map({ $0.matches(.english) }) ?? true else { return true }
        let word = query.term.lowercased()
        guard EnglishFunctionWords.all.contains(word) else { return true }
        return EnglishFunctionWords.all.contains(form.lemma.lowercased())
    }

    /// `notes` with a form a morphology could not name (WordNet's exception lists say `was` is of *be*, not which
    /// form) named as an entry of the answer names it (GCIDE's *Was*: first- and third-person singular past of *be*).
    static func named(_ notes: [LemmaNote], by entries: [Entry]) -> [LemmaNote] {
        guard notes.contains(where: { $0.formOf.name == nil }) else { return notes }
        return notes.map { note in
            guard note.formOf.name == nil else { return note }
            let lemma = note.formOf.lemma.lowercased()
            for entry in entries {
                for group in entry.senseGroups {
                    for sense in group.senses {
                        if let form = sense.formOf, form.name != nil, form.lemma.lowercased() == lemma {
                            var named = note
                            named.formOf.form = form.form
                            return named
                        }
                    }
                }
            }
            return note
        }
    }

    /// The providers that said "not found" in `result`, by id and themselves in priority order: the ones the fallbacks
    /// (a lemma, a looser spelling) ask again. A handful: lists, no hashing.
    func notFound(in result: AggregatedResult) -> (ids: [ProviderID], providers: [any DefinitionProviding]) {
        let ids = result.outcomes.filter { $0.status == .empty }.map { $0.provider }
        return (ids, definers.filter { ids.contains($0.descriptor.id) })
    }

    /// The options for asking `providers` within what is left of the deadline `end`; nil once it has passed, unless
    /// every one of them is offline (they answer at once and are asked anyway: see Aggregator).
    func remainingOptions(asking providers: [any DefinitionProviding], until end: C.Instant) -> AggregationOptions? {
        let left = max(.zero, service.clock.now.duration(to: end))
        guard left > .zero || providers.allSatisfy({ $0.descriptor.runsInline }) else { return nil }
        var remaining = options
        remaining.deadline = left
        remaining.providerTimeout = min(remaining.providerTimeout, left)
        return remaining
    }

    /// The lemmatizers among `providers` (those that did not know the word), in the order they were asked: taken
    /// from them, not from every lemmatizer the registry has, which builds every provider (a dictd directory listed
    /// and every dataset opened, for `lookup houses --providers en-wiktionary`) where most inflected forms need only
    /// the dictionary's own.
    func ownLemmatizers(_ providers: [any DefinitionProviding]) async -> [any LemmaProviding] {
        var own: [any LemmaProviding] = []
        for provider in providers where provider.descriptor.capabilities.contains(.lemmas) && (language.map(provider.descriptor.gives) ?? true) {
            // One behind the cache (a program that says it has lemmas and needs the network): the registry's own.
            guard let lemmatizer = provider.asLemmatizer else {
                let ids = providers.map(\.descriptor.id)
                return await lemmatizers.get().filter { ids.contains($0.descriptor.id) }
            }
            if await lemmatizer.availability().isAvailable { own.append(lemmatizer) }
        }
        return own
    }

    /// The lemma of the first part of speech, in an entry in the word's language (any language when it is not given),
    /// whose senses are all forms of one word, unless the answer already has an entry for that word: a whole entry
    /// (`houses`: plural of *house*) or one part of speech of it (`aborted`: an adjective, and the verb's past tense
    /// of *abort*; `casa`: a noun, and a form of the verb *casar*). An obsolete form is not followed when the word has
    /// an entry of its own (GCIDE's *Red*: `obs. imp. & p. p. of {Read}`, then the adjective).
    static func formOfTarget(_ entries: [Entry], query: LookupQuery) -> (FormOf, ProviderID)? {
        let language = query.language
        // By index: iterating the entries and gathering their senses copied every entry and sense of the answer.
        for index in entries.indices where language.map({ entries[index].language?.matches($0) ?? true }) ?? true {
            let groups = entries[index].senseGroups
            // The first part of speech every sense of which is a form of one lemma: the first sense's.
            var found: FormOf?
            for group in groups.indices where !groups[group].senses.isEmpty {
                var first: FormOf?
                var agree = true
                for sense in groups[group].senses.indices {
                    guard let formOf = groups[group].senses[sense].formOf, first.map({ $0.lemma == formOf.lemma }) ?? true
                    else { agree = false; break }
                    if first == nil { first = formOf }
                }
                if agree, let first { found = first; break }
            }
            guard let first = found else { continue }
            // An obsolete form is followed only when the word has no entry of its own: GCIDE puts `Red: obs. imp. &
            // p. p. of {Read}` before the adjective.
            if isObsolete(first, in: groups), Self.hasEntryOfItsOwn(entries[index].headword, in: entries) { continue }
            let lemma = first.lemma.lowercased()
            guard lemma != query.term.lowercased(), !entries.indices.contains(where: { entries[$0].headword.lowercased() == lemma })
            else { return nil }
            return (first, entries[index].provenance.provider)
        }
        return nil
    }
}

/// Whether a form (`obsolete past participle`), or the senses that give it (`Obs.`, `archaic`), are marked out of use.
func isObsolete(_ form: FormOf, in groups: [SenseGroup]) -> Bool {
    let marks = ["obsolete", "obs.", "archaic"]
    if let name = form.form?.lowercased(), marks.contains(where: { name.contains($0) }) { return true }
    return groups.contains { group in
        group.senses.contains { sense in sense.labels.contains { marks.contains($0.lowercased()) } }
    }
}

extension LookupService.Definitions {
    /// Whether `entries` have one headed `headword` (case aside) with a sense that is no form of another word.
    static func hasEntryOfItsOwn(_ headword: String, in entries: [Entry]) -> Bool {
        let lowered = headword.lowercased()
        return entries.contains { entry in
            entry.headword.lowercased() == lowered && entry.senseGroups.contains { $0.senses.contains { $0.formOf == nil } }
        }
    }
}

/// The providers that find lemmas, found on first use: most lookups find the word as typed and never need them, and
/// making sure each is available opens its files (GCIDE's index and text, for a `lookup --providers wordnet`).
///
/// It keeps the selection, not a closure: calling an `async` closure leaves the caller's executor for the global one
/// (four threads started for a `lookup --offline`), a method does not.
final class LazyLemmatizers: Sendable {
    private let selection: ProviderSelection
    private let language: Language?
    private let found = Mutex<[any LemmaProviding]?>(nil)

    init(_ selection: ProviderSelection, language: Language?) {
        self.selection = selection
        self.language = language
    }

    func get() async -> [any LemmaProviding] {
        if let known = found.withLock({ $0 }) { return known }
        let providers = await selection.lemmatizers(language: language)
        return found.withLock { found in
            if found == nil { found = providers }
            return found!
        }
    }
}

extension ProviderSelection {
    /// The providers that find lemmas of words of `language` (local ones: they answer at once), if available.
    func lemmatizers(language: Language?) async -> [any LemmaProviding] {
        var found: [any LemmaProviding] = []
        // The descriptor first: most providers find no lemmas.
        for candidate in registry.providers {
            let descriptor = candidate.descriptor
            guard descriptor.capabilities.contains(.lemmas), language.map(descriptor.gives) ?? true else { continue }
            guard let provider = candidate.asLemmatizer else { continue }
            if await provider.availability().isAvailable { found.append(provider) }
        }
        return found
    }
}
