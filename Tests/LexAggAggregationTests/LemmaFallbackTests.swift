#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import Dispatch
import Synchronization
import Testing

/// A morphology from a fixed table, like WordNet's.
struct TableLemmatizer: LemmaProviding {
    let descriptor: ProviderDescriptor
    let table: [String: [FormOf]]

    init(_ id: String, _ table: [String: [FormOf]]) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.lemmas], languages: [.english], requiresNetwork: false,
            source: "test:\(id)"
        )
        self.table = table
    }

    func lemmas(of query: LookupQuery) async throws -> [FormOf] { table[query.term] ?? [] }
}

/// A dictionary with its own morphology, like an imported wiktextract dump: `lemmas(of:)` reads its `forms`.
struct FormsDictionary: DefinitionProviding, LemmaProviding {
    let words: TableProvider
    let forms: [String: [FormOf]]

    init(_ words: TableProvider, forms: [String: [FormOf]]) {
        self.words = words
        self.forms = forms
    }

    var descriptor: ProviderDescriptor {
        var descriptor = words.descriptor
        descriptor.capabilities.insert(.lemmas)
        return descriptor
    }

    func lookup(_ query: LookupQuery) async throws -> LookupResult { try await words.lookup(query) }
    func lemmas(of query: LookupQuery) async throws -> [FormOf] { forms[query.term] ?? [] }
}

/// A dictionary that answers a form with the entry of its headword, as GCIDE does (`walked` → *Walk*).
struct HeadwordOf: DefinitionProviding {
    let descriptor: ProviderDescriptor
    let headwords: [String: String]

    init(_ id: String, _ headwords: [String: String]) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.define], languages: [.english], requiresNetwork: false,
            source: "test:\(id)"
        )
        self.headwords = headwords
    }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        guard let headword = headwords[query.term] else { return .notFound }
        return TableProvider.result(headword, "the entry of \(headword)", descriptor)
    }
}

/// A dictionary that answers a word with entries of its own, each a sense that may be a form of another word (GCIDE's
/// two *Went*: an obsolete noun, and `imp. & p. p. of {Wend}`), and its lemmas' entries.
final class EntriesOf: DefinitionProviding, Sendable {
    let descriptor: ProviderDescriptor
    let senses: [String: [(String, FormOf?)]]
    let lemmas: [String: String]
    private let asked = Mutex<[String]>([])
    var requests: [String] { asked.withLock { $0 } }

    init(_ id: String, _ senses: [String: [(String, FormOf?)]], lemmas: [String: String] = [:]) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.define], languages: [.english], requiresNetwork: false,
            source: "test:\(id)"
        )
        self.senses = senses
        self.lemmas = lemmas
    }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        asked.withLock { $0.append(query.term) }
        if let definition = lemmas[query.term] { return TableProvider.result(query.term, definition, descriptor) }
        guard let entries = senses[query.term] else { return .notFound }
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        return LookupResult(entries: entries.map { definition, formOf in
            let sense = Sense(definition: definition, formOf: formOf, sources: [provenance])
            return Entry(headword: query.term, language: .english, senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [sense])], provenance: provenance)
        })
    }
}

/// A dictionary that answers a word with its own entries and, as GCIDE's index does, an entry of another headword it
/// files the word under (`was`: *Was* and *Be*).
struct FormOfLemmas: DefinitionProviding {
    let descriptor = ProviderDescriptor(
        id: ProviderID("gcide")!, displayName: "gcide", capabilities: [.define], languages: [.english], requiresNetwork: false,
        source: "test:gcide"
    )
    let senses: [String: [(String, FormOf?)]]
    let alias: [String: String]

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        let own = try await EntriesOf("gcide", senses).lookup(query)
        guard let other = alias[query.term] else { return own }
        return LookupResult(entries: own.entries + TableProvider.result(other, "the entry of \(other)", descriptor).entries)
    }
}

/// A provider whose entries are forms of other words (Wiktionary's "plural of house").
struct FormOfProvider: DefinitionProviding {
    let descriptor = ProviderDescriptor(
        id: ProviderID("forms")!, displayName: "forms", capabilities: [.define], languages: [.english], requiresNetwork: false,
        source: "test:forms"
    )
    let forms: [String: FormOf]
    let lemmas: [String: String]
    /// A second sense of a form's entry, in a group of its own: a form of this (nil: a sense of its own).
    var second: [String: FormOf?] = [:]
    /// Whether ``second`` goes in the form's own part of speech instead.
    var sameGroup = false

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        if let form = forms[query.term] {
            let sense = Sense(definition: "\(form.form ?? "form") of \(form.lemma)", formOf: form, sources: [provenance])
            var groups = [SenseGroup(partOfSpeech: .noun, senses: [sense])]
            if let other = second[query.term] {
                let another = Sense(definition: "another sense", formOf: other, sources: [provenance])
                if sameGroup { groups[0].senses.append(another) } else { groups.append(SenseGroup(partOfSpeech: .verb, senses: [another])) }
            }
            return LookupResult(entries: [Entry(headword: query.term, language: .english, senseGroups: groups, provenance: provenance)])
        }
        guard let definition = lemmas[query.term] else { return .notFound }
        return TableProvider.result(query.term, definition, descriptor)
    }
}

@Suite struct LemmaFallbackTests {
    @Test func anInflectedFormIsLookedUpAsItsLemmaInTheProvidersThatDidNotKnowIt() async throws {
        let dictionary = TableProvider("dictionary", words: ["walk": "to move on foot"])
        let other = TableProvider("other", words: ["walked": "moved on foot"])
        let morphology = TableLemmatizer("morphology", ["walked": [FormOf(lemma: "walke", form: "past tense"), FormOf(lemma: "walk", form: "past tense")]])
        let answer = try await LookupServiceTests.service([dictionary, other, morphology]).define(try LookupQuery("walked"))
        #expect(answer.lemma == LemmaNote(formOf: FormOf(lemma: "walk", form: "past tense"), provider: ProviderID("morphology")!, method: .morphology))
        #expect(answer.lemma?.summary == "past tense of walk")
        #expect(dictionary.requests == ["define:walked", "define:walke", "define:walk"], "candidates in order until one is known")
        #expect(other.requests == ["define:walked"], "a provider that knew the form is not asked for the lemma")
        #expect(Set(answer.entries.map(\.headword)) == ["walked", "walk"])
        #expect(answer.result.outcomes.allSatisfy { if case .answered = $0.status { true } else { false } })
    }

    /// A form of several words brings every one the dictionary knows, most likely first, each noted once (`leaves`:
    /// *leaf* and *leave*); a candidate it lacks is left out. It was the first alone: `leaves` had no verb.
    @Test func aFormOfSeveralWordsBringsThemAll() async throws {
        let dictionary = TableProvider("dictionary", words: ["leaf": "a flat green part of a plant", "leave": "to go away"])
        let morphology = TableLemmatizer("morphology", ["leaves": [
            FormOf(lemma: "leaf", form: "plural"), FormOf(lemma: "leafe", form: "plural"),
            FormOf(lemma: "leave", form: "3rd person singular"), FormOf(lemma: "leaf", form: "plural"),
        ]])
        let answer = try await LookupServiceTests.service([dictionary, morphology]).define(try LookupQuery("leaves"))
        #expect(answer.lemmas.map(\.summary) == ["plural of leaf", "3rd person singular of leave"])
        #expect(answer.lemma?.formOf.lemma == "leaf")
        #expect(answer.entries.map(\.headword) == ["leaf", "leave"])
        #expect(dictionary.requests == ["define:leaves", "define:leaf", "define:leafe", "define:leave"], "each lemma asked once")
        #expect(answer.result.outcomes.map(\.status) == [.answered(entries: 2)], "the footer counts both lemmas' entries")
    }

    /// …and is translated as them all when no translator knows it.
    @Test func aFormOfSeveralWordsIsTranslatedAsThemAll() async throws {
        let pair = LanguagePair(source: .english, target: Language("de")!)
        let dictionary = TableProvider("dictionary", words: ["leaf": "Blatt", "leave": "verlassen"], pairs: [pair])
        let morphology = TableLemmatizer("morphology", ["leaves": [FormOf(lemma: "leaf", form: "plural"), FormOf(lemma: "leave", form: "3rd person singular")]])
        let service = try LookupServiceTests.service([dictionary, morphology])
        let answer = try await service.translate(try TranslationQuery("leaves", from: .english, to: Language("de")!))
        #expect(answer.lemmas.map(\.formOf.lemma) == ["leaf", "leave"])
        #expect(answer.entries.flatMap(\.translations).map(\.text) == ["Blatt", "verlassen"], "\(answer.entries)")
        let withTranslations = try await service.definitions(language: .english, translatingTo: Language("de")!)
            .lookUp(try LookupQuery("leaves", language: .english))
        #expect(withTranslations.entries.flatMap(\.translations).map(\.text) == ["Blatt", "verlassen"], "\(withTranslations.entries)")
    }

    @Test func aProviderWithItsOwnFormsIsAskedForTheLemmaBeforeOtherMorphologies() async throws {
        // An imported dump lists `walked` among `walk`'s forms; WordNet's rules, registered first, would guess `walke`.
        let dump = FormsDictionary(TableProvider("dump", words: ["walk": "to move on foot"]), forms: ["walked": [FormOf(lemma: "walk", form: "past")]])
        let rules = TableLemmatizer("rules", ["walked": [FormOf(lemma: "walke", form: "past tense")]])
        let answer = try await LookupServiceTests.service([rules, dump]).define(try LookupQuery("walked"))
        #expect(answer.lemma == LemmaNote(formOf: FormOf(lemma: "walk", form: "past"), provider: ProviderID("dump")!, method: .morphology))
        #expect(dump.words.requests == ["define:walked", "define:walk"], "the other morphology's guess is never looked up")
    }

    /// A dictionary with its own morphology (WordNet) that lacks the form is asked for it as typed also when another
    /// provider found it only under another headword (GCIDE lists `Walked`, and answers with its entry *Walk*): its
    /// lemma's entry joins the answer.
    @Test func aDictionarysOwnMorphologyIsAskedWhenAnotherProviderKnewTheForm() async throws {
        let wordnet = FormsDictionary(TableProvider("wordnet", words: ["walk": "to move on foot"]), forms: ["walked": [FormOf(lemma: "walk", form: "past tense")]])
        let gcide = HeadwordOf("gcide", ["walked": "Walk"])
        let answer = try await LookupServiceTests.service([wordnet, gcide]).define(try LookupQuery("walked"))
        #expect(answer.lemma == LemmaNote(formOf: FormOf(lemma: "walk", form: "past tense"), provider: ProviderID("wordnet")!, method: .morphology))
        #expect(wordnet.words.requests == ["define:walked", "define:walk"])
        let sources = Set(answer.entries.flatMap(\.allSenses).flatMap(\.sources).map(\.provider.rawValue))
        #expect(sources == ["wordnet", "gcide"], "\(answer.entries)")
    }

    /// A translator that files a form under its lemma's headword (FreeDict's index sends `went` to *go*): the answer
    /// says what the word is of it, as the morphology names it; it came headed *go* with no word of why.
    @Test func aTranslationFiledUnderTheLemmaSaysWhatTheWordIsOfIt() async throws {
        struct Filed: TranslationProviding {
            let descriptor = ProviderDescriptor(
                id: ProviderID("filed")!, displayName: "filed", capabilities: [.translate], languages: [.english],
                translationPairs: [LanguagePair(source: .english, target: Language("de")!)], requiresNetwork: false, source: "test:filed"
            )
            func translate(_ query: TranslationQuery) async throws -> LookupResult {
                let headword = ["went": "go", "go": "go", "Gone": "go"][query.term] ?? query.term
                let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
                return LookupResult(entries: [Entry(
                    headword: headword, language: .english,
                    translations: [Translation(text: "gehen", pair: query.pair, provenance: provenance)], provenance: provenance
                )])
            }
        }
        let morphology = TableLemmatizer("morphology", ["went": [FormOf(lemma: "wend", form: "past tense"), FormOf(lemma: "go", form: "form")]])
        let service = try LookupServiceTests.service([Filed(), morphology])
        let went = try await service.translate(try TranslationQuery("went", from: .english, to: Language("de")!))
        #expect(went.lemmas.map(\.formOf.lemma) == ["go"], "only the lemma the answer is headed by")
        #expect(went.lemma?.summary == "a form of go")
        let go = try await service.translate(try TranslationQuery("go", from: .english, to: Language("de")!))
        #expect(go.lemmas.isEmpty, "headed as typed")
    }

    /// An inflected form no translator knows is translated as its lemma, and the answer says which.
    @Test func anInflectedFormIsTranslatedAsItsLemma() async throws {
        let pair = LanguagePair(source: .english, target: Language("de")!)
        let dictionary = TableProvider("dictionary", words: ["walk": "gehen"], pairs: [pair])
        let morphology = TableLemmatizer("morphology", ["walked": [FormOf(lemma: "walk", form: "past tense")]])
        let service = try LookupServiceTests.service([dictionary, morphology])
        let answer = try await service.translate(try TranslationQuery("walked", from: .english, to: Language("de")!))
        #expect(answer.isFound)
        #expect(answer.lemma == LemmaNote(formOf: FormOf(lemma: "walk", form: "past tense"), provider: ProviderID("morphology")!, method: .morphology))
        #expect(dictionary.requests == ["translate:walked", "translate:walk"])
        let unknown = try await service.translate(try TranslationQuery("qqzx", from: .english, to: Language("de")!))
        #expect(!unknown.isFound && unknown.lemma == nil)
        // A lookup with translations (`library add walked --to de`) gets the lemma's when the form has none.
        let withTranslations = try await service.definitions(language: .english, translatingTo: Language("de")!)
            .lookUp(try LookupQuery("walked", language: .english))
        #expect(withTranslations.entries.flatMap(\.translations).map(\.text) == ["gehen"], "\(withTranslations.entries)")
    }

    /// An English function word is a form only of another by a morphology's rules: `his` is no plural of *hi*
    /// (WordNet's Hawaii, which headed the answer as "his: plural of hi"); `has` is still of *have*.
    @Test func aFunctionWordIsNoRegularFormOfAContentWord() async throws {
        let dictionary = TableProvider("dictionary", words: ["hi": "Hawaii", "have": "to own"])
        let morphology = TableLemmatizer("morphology", [
            "his": [FormOf(lemma: "hi", form: "plural")], "has": [FormOf(lemma: "have", form: "third-person singular")],
        ])
        let service = try LookupServiceTests.service([dictionary, morphology])
        let his = try await service.define(try LookupQuery("his"))
        #expect(his.lemma == nil && !his.isFound, "\(his.entries.map(\.headword))")
        #expect(dictionary.requests.filter { $0.hasPrefix("define:") } == ["define:his"], "hi was looked up")
        let has = try await service.define(try LookupQuery("has"))
        #expect(has.lemma?.summary == "third-person singular of have")
    }

    /// …but not when another provider has the word as a headword of its own: WordNet's *savings* is not GCIDE's
    /// morphology's plural of *saving* (README's `glasses`).
    @Test func aHeadwordOfAnotherDictionaryIsNotTakenForAForm() async throws {
        let gcide = FormsDictionary(TableProvider("gcide", words: ["saving": "a reduction"]), forms: ["savings": [FormOf(lemma: "saving", form: "plural")]])
        let wordnet = TableProvider("wordnet", words: ["savings": "money saved"])
        let answer = try await LookupServiceTests.service([wordnet, gcide]).define(try LookupQuery("savings"))
        #expect(answer.lemma == nil)
        #expect(gcide.words.requests == ["define:savings"], "the morphology's lemma was looked up")
        #expect(answer.entries.map(\.headword) == ["savings"])
    }

    /// …but a dictionary that has the word both as a word of its own and as a form of another (GCIDE's obsolete noun
    /// *went* and its `imp. & p. p. of Wend`) says it is a form too: the others' morphology is asked (`went` → *go*,
    /// which a learner looking `went` up needs; it was GCIDE's entries alone).
    @Test func aWordOneDictionaryHasAlsoAsAFormIsAskedOfTheOthersMorphology() async throws {
        let gcide = EntriesOf("gcide", ["went": [("Course; way; path.", nil), ("imp. & p. p. of Wend.", FormOf(lemma: "Wend", form: "past tense"))]])
        let wordnet = FormsDictionary(TableProvider("wordnet", words: ["go": "to move"]), forms: ["went": [FormOf(lemma: "go", form: "past tense")]])
        let answer = try await LookupServiceTests.service([wordnet, gcide]).define(try LookupQuery("went"))
        #expect(answer.lemma == LemmaNote(formOf: FormOf(lemma: "go", form: "past tense"), provider: ProviderID("wordnet")!, method: .morphology))
        #expect(wordnet.words.requests == ["define:went", "define:go"])
        #expect(answer.entries.map(\.headword).contains("go"), "\(answer.entries.map(\.headword))")
        // A dictionary that files the word under another headword too (GCIDE answers `was` with *Was* and *Be*).
        let filed = FormOfLemmas(senses: ["was": [("The first and third persons singular of the verb be.", nil)]], alias: ["was": "Be"])
        let rules = FormsDictionary(TableProvider("wordnet", words: ["be": "have the quality of being"]), forms: ["was": [FormOf(lemma: "be", form: "form")]])
        let was = try await LookupServiceTests.service([rules, filed]).define(try LookupQuery("was"))
        #expect(rules.words.requests == ["define:was", "define:be"])
        #expect(was.lemma?.formOf.lemma == "be")
        // A form of itself (GCIDE's `Read: imp. & p. p. of {Read}`) or an obsolete form does not make the word a form.
        for (definition, lemma) in [("imp. & p. p. of Read.", FormOf(lemma: "Read", form: "past tense")),
                                    ("obs. p. p. of Reave.", FormOf(lemma: "reave", form: "obsolete past participle"))] {
            let gcide = EntriesOf("gcide", ["read": [("To look at writing.", nil), (definition, lemma)]])
            let wordnet = FormsDictionary(TableProvider("wordnet", words: ["rea": "a thing"]), forms: ["read": [FormOf(lemma: "rea", form: "past tense")]])
            let read = try await LookupServiceTests.service([wordnet, gcide]).define(try LookupQuery("read"))
            #expect(wordnet.words.requests == ["define:read"], "\(definition): the morphology was asked")
            #expect(read.lemma == nil)
        }
        // A form-of entry alone (GCIDE's `mice`, `pl. of {Mouse}`) is no word of its own either.
        let mice = EntriesOf("gcide", ["mice": [("pl. of Mouse.", FormOf(lemma: "Mouse", form: "plural"))]], lemmas: ["Mouse": "a rodent"])
        let morphology = FormsDictionary(TableProvider("wordnet", words: ["mouse": "a small rodent"]), forms: ["mice": [FormOf(lemma: "mouse", form: "plural")]])
        let plural = try await LookupServiceTests.service([morphology, mice]).define(try LookupQuery("mice"))
        #expect(plural.lemma?.formOf.lemma == "mouse")
        #expect(morphology.words.requests == ["define:mice", "define:mouse"])
    }

    /// An obsolete form is not followed when the word has an entry of its own, wherever it comes: GCIDE puts
    /// `Red \Red\, obs. imp. & p. p. of {Read}` before the adjective, and `red` was looked up as *read*; a current
    /// form still is followed.
    @Test func anObsoleteFormOfAWordWithItsOwnEntryIsNotFollowed() async throws {
        let obsolete = EntriesOf("gcide", ["red": [("p. p. of Read.", FormOf(lemma: "read", form: "obsolete past participle")), ("Of the color of blood.", nil)]],
                                 lemmas: ["read": "to look at and understand writing"])
        let red = try await LookupServiceTests.service([obsolete]).define(try LookupQuery("red"))
        #expect(red.entries.map(\.headword) == ["red", "red"])
        #expect(obsolete.requests == ["red"])
        // The obsolete form alone (no entry of its own) is still followed.
        let alone = EntriesOf("gcide", ["gnow": [("obs. imp. of Gnaw.", FormOf(lemma: "gnaw", form: "obsolete past tense"))]],
                              lemmas: ["gnaw": "to bite persistently"])
        let gnow = try await LookupServiceTests.service([alone]).define(try LookupQuery("gnow"))
        #expect(gnow.entries.map(\.headword) == ["gnow", "gnaw"])
        let current = EntriesOf("gcide", ["saw": [("A cutting tool.", nil), ("imp. of See.", FormOf(lemma: "see", form: "past tense"))]],
                                lemmas: ["see": "to perceive with the eyes"])
        let saw = try await LookupServiceTests.service([current]).define(try LookupQuery("saw"))
        #expect(saw.entries.map(\.headword).last == "see")
        #expect(current.requests == ["saw", "see"])
    }

    /// The dictionary named with --providers lists the form itself: its lemma is found without building the other
    /// lemmatizers (every dictd database, every dataset); a form it does not list still finds theirs.
    @Test func aDictionarysOwnFormNeedsNoOtherProviderBuilt() async throws {
        let runs = RegistryTests.Runs()
        let dump = FormsDictionary(TableProvider("dump", words: ["walk": "to move on foot", "run": "to go fast"]),
                                   forms: ["walked": [FormOf(lemma: "walk", form: "past")]])
        let factories = [
            ProviderFactory(name: "rules") { _ in
                runs.add("rules")
                return .init(providers: [TableLemmatizer("rules", ["running": [FormOf(lemma: "run", form: "present participle")]])])
            },
            ProviderFactory(name: "dump", ids: [ProviderID("dump")!], onlyDeclared: true) { _ in
                runs.add("dump")
                return .init(providers: [dump])
            },
        ]
        let service = LookupService(
            registry: ProviderRegistry(factories: factories, environment: ProviderEnvironment(variables: [:])),
            configuration: .init(aggregation: AggregationOptions(strategy: .merge, providerTimeout: .seconds(600), deadline: .seconds(600))),
            cache: nil, logger: LookupServiceTests.quiet
        )
        let walked = try await service.define(try LookupQuery("walked"), options: RequestOptions(providers: ["dump"]))
        #expect(walked.lemma == LemmaNote(formOf: FormOf(lemma: "walk", form: "past"), provider: ProviderID("dump")!, method: .morphology))
        #expect(runs.all == ["dump": 1], "the other lemmatizers are not built")
        let running = try await service.define(try LookupQuery("running"), options: RequestOptions(providers: ["dump"]))
        #expect(running.lemma?.provider == ProviderID("rules")!)
        #expect(runs.all == ["dump": 1, "rules": 1])
    }

    /// A form the dictionary lists itself is the word as typed: its lemma comes before a looser spelling, which is
    /// another word (`mangé`, a form of French `manger`; `mange`, an English noun). A dictionary without the form
    /// still finds the looser spelling.
    @Test func aDictionarysOwnFormComesBeforeALooserSpelling() async throws {
        let words = TableProvider("dump", words: ["manger": "to eat", "mange": "a skin disease of mammals"])
        let dump = FormsDictionary(words, forms: ["mangé": [FormOf(lemma: "manger", form: "past participle")]])
        let answer = try await LookupServiceTests.service([dump]).define(try LookupQuery("mangé"))
        #expect(answer.entries.map(\.headword) == ["manger"])
        #expect(answer.lemma?.summary == "past participle of manger")
        #expect(answer.matchedAs == nil)
        #expect(words.requests == ["define:mangé", "define:manger"], "the looser spelling is never asked")

        let plain = TableProvider("plain", words: ["mange": "a skin disease of mammals"])
        let withoutForms = FormsDictionary(plain, forms: [:])
        let looser = try await LookupServiceTests.service([withoutForms]).define(try LookupQuery("mangé"))
        #expect(looser.entries.map(\.headword) == ["mange"])
        #expect(looser.matchedAs == "mange")
        #expect(looser.lemma == nil)
    }

    @Test func aWordNoProviderKnowsIsFoundThroughItsLemma() async throws {
        let dictionary = TableProvider("dictionary", words: ["mouse": "a small rodent"])
        let morphology = TableLemmatizer("morphology", ["mice": [FormOf(lemma: "mouse", form: "plural")]])
        let answer = try await LookupServiceTests.service([dictionary, morphology]).define(try LookupQuery("mice"))
        #expect(answer.isFound)
        #expect(answer.entries.map(\.headword) == ["mouse"])
        #expect(answer.lemma?.summary == "plural of mouse")
        #expect(answer.suggestions.isEmpty)
    }

    @Test func noLemmaIsTriedWhenNoRuleApplies() async throws {
        let dictionary = TableProvider("dictionary", words: ["walk": "to move on foot"])
        let morphology = TableLemmatizer("morphology", [:])
        let answer = try await LookupServiceTests.service([dictionary, morphology]).define(try LookupQuery("xyzzy"))
        #expect(!answer.isFound)
        #expect(answer.lemma == nil)
        #expect(dictionary.requests.filter { $0.hasPrefix("define:") } == ["define:xyzzy"])
    }

    /// Offline providers answer at once, on the caller's executor: the lemma fallback must not leave it (an `async`
    /// closure that found the lemmatizers hopped to the global executor and started four threads for every
    /// `lookup --offline` whose providers did not all know the word).
    @Test func anOfflineLemmaLookupStaysOnItsCallersExecutor() async throws {
        let dictionary = TableProvider("dictionary", words: ["walk": "to move on foot"])
        let lemmatizer = WhereLemmatizer()
        let service = try LookupServiceTests.service([dictionary, lemmatizer])
        let (answer, stillOnCaller) = try await QueueCaller().define(try LookupQuery("walked"), with: service)
        #expect(answer.lemma?.formOf.lemma == "walk")
        #expect(stillOnCaller)
        let asked = lemmatizer.onCaller.withLock { $0 }
        #expect(asked.count == 2, "its availability, then its lemmas")
        #expect(asked.allSatisfy { $0 }, "\(asked)")
    }

    /// A morphology that cannot name the form (WordNet's exception lists: `is` is of *be*) is named as an entry of the
    /// answer names it (GCIDE's *Is*: third-person singular present of *be*).
    @Test func aFormTheMorphologyCannotNameIsNamedByAnEntry() async throws {
        let forms = FormOfProvider(forms: ["is": FormOf(lemma: "be", form: "third-person singular present")], lemmas: [:])
        let dictionary = TableProvider("dictionary", words: ["be": "to exist"])
        let morphology = TableLemmatizer("morphology", ["is": [FormOf(lemma: "be", form: "form")], "ran": [FormOf(lemma: "run")]])
        let service = try LookupServiceTests.service([forms, dictionary, morphology])
        let answer = try await service.define(try LookupQuery("is"))
        #expect(answer.lemma?.formOf == FormOf(lemma: "be", form: "third-person singular present"))
        #expect(answer.lemma?.provider.rawValue == "morphology" && answer.entries.map(\.headword).contains("be"))
        // Nothing names it: unnamed it stays.
        let ran = try await LookupServiceTests.service([TableProvider("dictionary", words: ["run": "to move fast"]), morphology])
            .define(try LookupQuery("ran"))
        #expect(ran.lemma?.formOf == FormOf(lemma: "run"))
    }

    @Test func aFormOfEntryBringsItsLemmasEntriesAfterItsOwn() async throws {
        let forms = FormOfProvider(forms: ["houses": FormOf(lemma: "house", form: "plural")], lemmas: ["house": "a building to live in"])
        let answer = try await LookupServiceTests.service([forms]).define(try LookupQuery("houses"))
        #expect(answer.entries.map(\.headword) == ["houses", "house"])
        #expect(answer.lemma == LemmaNote(formOf: FormOf(lemma: "house", form: "plural"), provider: ProviderID("forms")!, method: .formOf))
        #expect(answer.result.outcomes.map(\.status) == [.answered(entries: 2)], "the lemma's entry counted with the form's")
    }

    /// An entry is followed to its lemma when every sense of one of its parts of speech is a form of that one word:
    /// the whole entry (`houses`), or one part of speech beside others of the word's own (`aborted`: an adjective,
    /// and the past tense of *abort*, whose entries did not come).
    @Test func aFormOfEntryIsFollowedWhenAllSensesOfAPartOfSpeechAreFormsOfOneWord() async throws {
        func follows(_ second: FormOf?, sameGroup: Bool = false) async throws -> Bool {
            var forms = FormOfProvider(forms: ["houses": FormOf(lemma: "house", form: "plural")], lemmas: ["house": "a building"])
            forms.second = ["houses": second]
            forms.sameGroup = sameGroup
            return try await LookupServiceTests.service([forms]).define(try LookupQuery("houses")).lemma?.method == .formOf
        }
        #expect(try await follows(FormOf(lemma: "house", form: "third-person singular")))
        #expect(try await follows(FormOf(lemma: "housing")), "the first part of speech's word")
        #expect(try await follows(nil), "a part of speech of its own beside")
        #expect(try await follows(FormOf(lemma: "house", form: "third-person singular"), sameGroup: true))
        #expect(try await !follows(FormOf(lemma: "housing"), sameGroup: true), "one part of speech, forms of two words")
        #expect(try await !follows(nil, sameGroup: true), "one part of speech with a sense of its own")
    }

    @Test func aFormOfEntryIsNotFollowedToItselfNorToALemmaAlreadyShown() async throws {
        let loop = FormOfProvider(forms: ["house": FormOf(lemma: "House")], lemmas: [:])
        #expect(try await LookupServiceTests.service([loop]).define(try LookupQuery("house")).lemma == nil)
        let forms = FormOfProvider(forms: ["houses": FormOf(lemma: "house", form: "plural")], lemmas: ["house": "a building"])
        let shown = TableProvider("shown", words: ["houses": "more than one house", "house": "a home"])
        let answer = try await LookupServiceTests.service([forms, shown]).define(try LookupQuery("houses"))
        #expect(answer.lemma?.method == .formOf, "the answer had no entry for 'house' yet")
        #expect(shown.requests == ["define:houses", "define:house"])
    }
}

/// Runs its jobs on one serial dispatch queue, which code can recognise by the queue's specific value.
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
    static let key = DispatchSpecificKey<Int>()
    let queue = DispatchQueue(label: "lexagg.test.caller")

    init() { queue.setSpecific(key: Self.key, value: 1) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == 1 }
}

/// A caller on a ``QueueExecutor``.
actor QueueCaller {
    let executor = QueueExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func define(_ query: LookupQuery, with service: LookupService<ContinuousClock>) async throws -> (LookupAnswer, Bool) {
        let answer = try await service.define(query)
        return (answer, QueueExecutor.isCurrent)
    }
}

/// A lemmatizer that notes whether it was asked on the ``QueueExecutor``.
final class WhereLemmatizer: LemmaProviding, Sendable {
    let descriptor = ProviderDescriptor(
        id: ProviderID("where")!, displayName: "where", capabilities: [.lemmas], languages: [.english], requiresNetwork: false,
        source: "test:where"
    )
    let onCaller = Mutex<[Bool]>([])

    func availability() async -> ProviderAvailability {
        onCaller.withLock { $0.append(QueueExecutor.isCurrent) }
        return .available
    }

    func lemmas(of query: LookupQuery) async throws -> [FormOf] {
        onCaller.withLock { $0.append(QueueExecutor.isCurrent) }
        return query.term == "walked" ? [FormOf(lemma: "walk", form: "past tense")] : []
    }
}

/// A 1913-style dictionary that answers a plural with two entries, the plural's and its singular's (GCIDE's
/// `children` gives `Children` and `Child`).
private struct PluralAndSingularProvider: DefinitionProviding {
    let descriptor = ProviderDescriptor(
        id: ProviderID("old")!, displayName: "old", capabilities: [.define], languages: [.english], requiresNetwork: false,
        source: "test:old"
    )

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        guard query.term == "children" else { return .notFound }
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        func entry(_ headword: String, _ definition: String) -> Entry {
            Entry(
                headword: headword, language: .english,
                senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: definition, sources: [provenance])])],
                provenance: provenance
            )
        }
        return LookupResult(entries: [entry("Children", "plural of child"), entry("Child", "offspring; issue; progeny")])
    }
}

@Suite struct LemmaMergeOrderTests {
    /// The lemma's entry from the first provider arrives after the second provider's entries; merged, the first
    /// provider is still the best source and its senses come first.
    @Test func aLemmasEntryKeepsItsProvidersPriorityInTheMerge() async throws {
        let first = TableProvider("first", words: ["child": "a young person of either sex"])
        let morphology = TableLemmatizer("morphology", ["children": [FormOf(lemma: "child", form: "plural")]])
        let service = try LookupServiceTests.service([first, PluralAndSingularProvider(), morphology])
        let answer = try await service.define(try LookupQuery("children"))
        #expect(answer.lemma?.summary == "plural of child")
        let child = try #require(answer.entries.first { $0.headword.lowercased() == "child" })
        #expect(child.senseGroups.first?.senses.map(\.definition) == ["a young person of either sex", "offspring; issue; progeny"])
        #expect(answer.entries.first?.headword == "Children", "the form's own entry comes first")
    }
}
