#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import Testing

private func source(_ provider: String) -> Provenance {
    Provenance(provider: ProviderID(provider)!, source: "test:\(provider)", retrievedAt: Date(timeIntervalSince1970: 0))
}

private func sense(_ definition: String, _ provider: String) -> Sense {
    Sense(definition: definition, sources: [source(provider)])
}

/// An entry of `provider` with one sense group per `(part of speech, definitions)` pair.
private func entry(
    _ provider: String, _ headword: String, language: Language? = .english,
    _ groups: [(PartOfSpeech?, [String])] = [],
    pronunciations: [Pronunciation] = [], translations: [Translation] = [], etymology: String? = nil
) -> Entry {
    Entry(
        headword: headword, language: language, pronunciations: pronunciations,
        senseGroups: groups.map { SenseGroup(partOfSpeech: $0.0, senses: $0.1.map { sense($0, provider) }) },
        translations: translations, etymology: etymology, provenance: source(provider)
    )
}

private func weights(_ weights: [String: Double]) -> SenseMerger.Configuration {
    let byID = weights.map { (ProviderID($0.key)!, $0.value) }
    return SenseMerger.Configuration(providerWeights: Dictionary(uniqueKeysWithValues: byID))
}

/// Merges and checks that the scores run parallel to the entries.
private func merge(
    _ entries: [Entry], query: String, _ configuration: SenseMerger.Configuration = .init()
) -> MergedResult {
    let result = SenseMerger(configuration: configuration).merge(entries, query: query)
    #expect(result.scores.map { $0.map(\.count) } == result.entries.map { $0.senseGroups.map(\.senses.count) })
    return result
}

private func definitions(_ result: MergedResult, entry: Int = 0, group: Int = 0) -> [String] {
    result.entries[entry].senseGroups[group].senses.map(\.definition)
}

private func isClose(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Suite struct SenseMergerTests {
    // MARK: Normalisation

    @Test(arguments: [
        ("(academia) A person who teaches at a university.", ["academia"], "A person who teaches at a university.",
         ["person", "teaches", "university"]),
        ("Good luck in making unexpected and fortunate discoveries.", [], nil,
         ["discoveries", "fortunate", "good", "luck", "making", "unexpected"]),
        ("(transitive, informal) To eat greedily", ["transitive", "informal"], "To eat greedily", ["eat", "greedily"]),
        ("(Zool.) (rare) A small bat", ["Zool.", "rare"], "A small bat", ["bat", "small"]),
        ("(of a person) Kind-hearted and gentle.", [], nil, ["gentle", "hearted", "kind", "person"]),
        ("(obsolete)", [], nil, ["obsolete"]),
        ("It is.", [], nil, ["is", "it"]),
        ("Don't, don’t DON'T", [], nil, ["dont"]),
        ("Café au lait; coffee with milk", [], nil, ["au", "café", "coffee", "lait", "milk"]),
    ] as [(String, [String], String?, [String])])
    func normalises(definition: String, labels: [String], text: String?, tokens: [String]) {
        let normalised = DefinitionText.normalise(definition)
        #expect(normalised.labels == labels)
        #expect(normalised.text == text ?? definition)
        #expect(normalised.tokens == tokens)
    }

    // MARK: Similarity

    /// The pairs that justify the default threshold of 0.6, in both directions.
    @Test(arguments: [
        ("A financial institution that accepts deposits", "an institution where one can place and borrow money",
         0.25, false),
        ("good luck in making unexpected and fortunate discoveries",
         "Good luck in making unexpected and fortunate discoveries.", 1.0, true),
        ("(academia) a teacher at a university", "Teacher at a university", 1.0, true),
        ("a small domesticated carnivorous mammal", "A small, domesticated carnivorous animal.", 0.75, true),
        ("alpha beta gamma delta epsilon", "alpha beta gamma zeta eta", 0.6, true),
        ("alpha beta gamma delta epsilon", "alpha beta gamma zeta eta theta", 6.0 / 11.0, false),
        ("the round fruit of a tree", "the round seed of a plant", 1.0 / 3.0, false),
        ("To move swiftly on foot", "To run", 0.0, false),
    ] as [(String, String, Double, Bool)])
    func decidesSimilarity(first: String, second: String, similarity: Double, merges: Bool) {
        let a = DefinitionText.normalise(first).tokens, b = DefinitionText.normalise(second).tokens
        #expect(isClose(DefinitionText.similarity(a, b), similarity))
        #expect(isClose(DefinitionText.similarity(b, a), similarity))
        for (one, other) in [(first, second), (second, first)] {
            let result = merge(
                [entry("alpha", "word", [(.noun, [one])]), entry("beta", "word", [(.noun, [other])])], query: "word"
            )
            #expect(definitions(result).count == (merges ? 1 : 2))
            #expect(result.entries[0].senseGroups[0].senses[0].sources.count == (merges ? 2 : 1))
        }
    }

    @Test func thresholdIsConfigurable() {
        let entries = [
            entry("alpha", "bank", [(.noun, ["the round fruit of a tree"])]),
            entry("beta", "bank", [(.noun, ["the round seed of a plant"])]),
        ]
        #expect(definitions(merge(entries, query: "bank")).count == 2)
        let loose = SenseMerger.Configuration(similarityThreshold: 0.3)
        #expect(definitions(merge(entries, query: "bank", loose)) == ["the round fruit of a tree"])
    }

    // MARK: Clustering

    @Test func clustersAcrossProvidersButNeverWithinOne() {
        let result = merge([
            entry("alpha", "eat", [(.verb, ["to eat food", "to eat food"])]),
            entry("beta", "eat", [(.verb, ["To eat food."])]),
            entry("gamma", "eat", [(.verb, ["to eat food", "To eat food!"])]),
        ], query: "eat")
        #expect(definitions(result) == ["to eat food", "to eat food"])
        let senses = result.entries[0].senseGroups[0].senses
        #expect(senses.map { $0.sources.map(\.provider.rawValue) } == [["alpha", "beta", "gamma"], ["alpha", "gamma"]])
        #expect(result.scores[0][0].map(\.agreement) == [3, 2])
        #expect(result.scores[0][0].map(\.position) == [0, 1])
        #expect(result.scores[0][0].map(\.source.rawValue) == ["alpha", "alpha"])
    }

    @Test func joinsTheMostSimilarCluster() {
        let result = merge([
            entry("alpha", "cat", [(.noun, ["a small domesticated carnivorous mammal", "a small domesticated cat"])]),
            entry("beta", "cat", [(.noun, ["a small domesticated carnivorous cat"])]),
        ], query: "cat")
        // Dice 0.75 with alpha's first sense, 0.86 with its second: the second wins, and stays alpha's second.
        #expect(definitions(result) == ["a small domesticated carnivorous mammal", "a small domesticated cat"])
        #expect(result.entries[0].senseGroups[0].senses.map(\.sources.count) == [1, 2])
    }

    @Test func neverMergesAcrossPartsOfSpeech() {
        let result = merge([
            entry("alpha", "run", [(.noun, ["an act of running"])]),
            entry("beta", "run", [(.verb, ["to run"]), (nil, ["an act of running"]), (.noun, ["An act of running."])]),
        ], query: "run")
        let groups = result.entries[0].senseGroups
        #expect(groups.map(\.partOfSpeech) == [.noun, .verb, nil])
        #expect(groups.map(\.senses.count) == [1, 1, 1])
        #expect(groups[0].senses[0].sources.map(\.provider.rawValue) == ["alpha", "beta"])
    }

    /// The part of speech with the most merged senses first (WordNet's noun beryllium came before *be*'s verb); ties
    /// keep the order of first appearance, and the scores move with their groups.
    @Test func thePartOfSpeechWithTheMostSensesComesFirst() {
        let result = merge([
            entry("alpha", "be", [(.noun, ["beryllium"]), (.verb, ["have the quality of being", "exist"])]),
            entry("beta", "be", [(.verb, ["To exist actually.", "To take place."]), (.adverb, ["so"])]),
        ], query: "be")
        let groups = result.entries[0].senseGroups
        #expect(groups.map(\.partOfSpeech) == [.verb, .noun, .adverb], "3 verb senses, then the tie in first-seen order")
        #expect(groups[0].senses.first?.definition == "have the quality of being")
    }

    // MARK: Wording and sources

    @Test(arguments: [
        ([:], "Good luck in making unexpected and fortunate discoveries"),
        (["beta": 2.0], "good luck in making unexpected and fortunate discoveries."),
        (["alpha": 0.5, "beta": 0.5, "gamma": 0.7], "A fortunate discovery made by luck in making unexpected finds"),
    ] as [([String: Double], String)])
    func keepsTheWordingOfTheHeaviestProvider(providerWeights: [String: Double], definition: String) {
        let result = merge([
            entry("alpha", "serendipity", [(.noun, ["Good luck in making unexpected and fortunate discoveries"])]),
            entry("beta", "serendipity", [(.noun, ["good luck in making unexpected and fortunate discoveries."])]),
            entry("gamma", "serendipity", [(.noun, ["A fortunate discovery made by luck in making unexpected finds"])]),
        ], query: "serendipity", weights(providerWeights))
        #expect(definitions(result) == [definition])
        let providers = result.entries[0].senseGroups[0].senses[0].sources.map(\.provider.rawValue)
        #expect(providers == ["alpha", "beta", "gamma"])
    }

    @Test func unitesExamplesLabelsAndSynonymsAndKeepsEverySource() {
        var first = sense("(academia) a teacher at a university", "alpha")
        first.examples = ["She is a don at Oxford."]
        first.labels = ["UK"]
        first.synonyms = ["professor"]
        first.formOf = FormOf(lemma: "dons")
        var second = sense("Teacher at a university.", "beta")
        second.examples = ["she is a don at oxford.", "Dons dine at high table."]
        second.labels = ["uk", "Academia", "informal"]
        second.synonyms = ["Professor", "fellow"]
        second.antonyms = ["student"]
        second.subsenses = [sense("a head of a college", "beta")]
        second.sources.append(
            Provenance(provider: ProviderID("beta")!, source: "mirror", retrievedAt: Date(timeIntervalSince1970: 1))
        )
        let entries = [
            Entry(
                headword: "don", language: .english, senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [first])],
                provenance: source("alpha")
            ),
            Entry(
                headword: "don", language: .english, senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [second])],
                provenance: source("beta")
            ),
        ]

        let merged = merge(entries, query: "don").entries[0].senseGroups[0].senses
        #expect(merged.count == 1)
        #expect(merged[0].definition == "a teacher at a university")
        #expect(merged[0].examples == ["She is a don at Oxford.", "Dons dine at high table."])
        #expect(merged[0].labels == ["UK", "academia", "informal"])
        #expect(merged[0].synonyms == ["professor", "fellow"])
        #expect(merged[0].antonyms == ["student"])
        #expect(merged[0].formOf == FormOf(lemma: "dons"))
        #expect(merged[0].subsenses.isEmpty)
        #expect(merged[0].sources.map(\.source) == ["test:alpha", "test:beta", "mirror"])

        let preferBeta = merge(entries, query: "don", weights(["beta": 2])).entries[0].senseGroups[0].senses[0]
        #expect(preferBeta.definition == "Teacher at a university.")
        #expect(preferBeta.subsenses.map(\.definition) == ["a head of a college"])
        #expect(preferBeta.formOf == nil)
    }

    @Test func movesALabelPrefixIntoTheLabelsOfASingleSense() {
        let only = merge([entry("alpha", "don", [(.noun, ["(academia) a teacher at a university"])])], query: "don")
        #expect(definitions(only) == ["a teacher at a university"])
        #expect(only.entries[0].senseGroups[0].senses[0].labels == ["academia"])

        var labelled = sense("(Informal, rare) to eat", "alpha")
        labelled.labels = ["informal"]
        let single = Entry(
            headword: "nosh", language: .english, senseGroups: [SenseGroup(partOfSpeech: .verb, senses: [labelled])],
            provenance: source("alpha")
        )
        let result = merge([single], query: "nosh").entries[0].senseGroups[0].senses[0]
        #expect(result.definition == "to eat")
        #expect(result.labels == ["informal", "rare"])
    }

    @Test func fillsInTheEntrysProvenanceForASenseWithoutSources() {
        let bare = Entry(
            headword: "x", language: nil,
            senseGroups: [SenseGroup(partOfSpeech: nil, senses: [Sense(definition: "a letter", sources: [])])],
            provenance: source("alpha")
        )
        #expect(merge([bare], query: "x").entries[0].senseGroups[0].senses[0].sources == [source("alpha")])
    }

    // MARK: Order

    /// Senses that no other source has are not interleaved: alpha's three, then beta's three, each in its order
    /// (the old ranking by agreement + position alternated a1, b1, a2, b2, a3, b3).
    @Test(arguments: [
        (["alpha", "beta"], ["a1 river edge", "a2 money institution", "a3 switch row",
                             "b1 blood stock", "b2 tilt aircraft", "b3 billiards cushion"]),
        (["beta", "alpha"], ["b1 blood stock", "b2 tilt aircraft", "b3 billiards cushion",
                             "a1 river edge", "a2 money institution", "a3 switch row"]),
    ])
    func keepsEachSourceTogetherInItsOwnOrder(priority: [String], expected: [String]) {
        let senses = [
            "alpha": ["a1 river edge", "a2 money institution", "a3 switch row"],
            "beta": ["b1 blood stock", "b2 tilt aircraft", "b3 billiards cushion"],
        ]
        let result = merge(priority.map { entry($0, "bank", [(.noun, senses[$0]!)]) }, query: "bank")
        #expect(definitions(result) == expected)
        #expect(result.scores[0][0].map(\.position) == [0, 1, 2, 0, 1, 2])
        #expect(result.scores[0][0].map(\.sourceRank) == [0, 0, 0, 1, 1, 1])
    }

    /// Alpha: river (0), financial (1, beta agrees), switches (2); beta: financial (0), blood (1). The best source's
    /// senses come in its order, each with the sources that agree; then the next source's senses no better source
    /// had. Best = highest weight, ties in priority order.
    @Test(arguments: [
        ([:], [
            ("the edge of a river", "alpha", 0, 1, 1.0),
            ("a financial institution accepting deposits", "alpha", 1, 2, 1.0),
            ("a row of switches", "alpha", 2, 1, 1.0),
            ("a stock of blood for transfusion", "beta", 1, 1, 1.0),
        ]),
        (["beta": 3.0], [
            ("A financial institution, accepting deposits.", "beta", 0, 2, 3.0),
            ("a stock of blood for transfusion", "beta", 1, 1, 3.0),
            ("the edge of a river", "alpha", 0, 1, 1.0),
            ("a row of switches", "alpha", 2, 1, 1.0),
        ]),
        (["alpha": 0.5], [
            ("A financial institution, accepting deposits.", "beta", 0, 2, 1.0),
            ("a stock of blood for transfusion", "beta", 1, 1, 1.0),
            ("the edge of a river", "alpha", 0, 1, 0.5),
            ("a row of switches", "alpha", 2, 1, 0.5),
        ]),
        (["alpha": 0.0, "beta": 0.0], [
            ("the edge of a river", "alpha", 0, 1, 0.0),
            ("a financial institution accepting deposits", "alpha", 1, 2, 0.0),
            ("a row of switches", "alpha", 2, 1, 0.0),
            ("a stock of blood for transfusion", "beta", 1, 1, 0.0),
        ]),
    ] as [([String: Double], [(String, String, Int, Int, Double)])])
    func ordersByBestSourceThenItsOwnOrder(
        providerWeights: [String: Double], expected: [(String, String, Int, Int, Double)]
    ) {
        let result = merge([
            entry("alpha", "bank", [(.noun, [
                "the edge of a river", "a financial institution accepting deposits", "a row of switches",
            ])]),
            entry("beta", "bank", [(.noun, [
                "A financial institution, accepting deposits.", "a stock of blood for transfusion",
            ])]),
        ], query: "bank", weights(providerWeights))
        #expect(definitions(result) == expected.map(\.0))
        let scores = result.scores[0][0]
        #expect(scores.map(\.source.rawValue) == expected.map(\.1))
        #expect(scores.map(\.position) == expected.map(\.2))
        #expect(scores.map(\.agreement) == expected.map(\.3))
        for (score, row) in zip(scores, expected) {
            #expect(isClose(score.providerWeight, row.4), "\(row.0)")
        }
        let best = expected[0].1
        #expect(scores.map(\.sourceRank) == expected.map { $0.1 == best ? 0 : 1 })
    }

    /// Three sources, each agreeing with the next on one sense: a sense belongs to the best source that has it.
    @Test func aSharedSenseStandsWithItsBestSource() {
        let result = merge([
            entry("alpha", "run", [(.verb, ["to move fast on foot", "to operate a machine"])]),
            entry("beta", "run", [(.verb, ["To operate a machine.", "to flow as a liquid"])]),
            entry("gamma", "run", [(.verb, ["to flow as a liquid!", "to be a candidate for office"])]),
        ], query: "run")
        #expect(definitions(result) == [
            "to move fast on foot", "to operate a machine", "to flow as a liquid", "to be a candidate for office",
        ])
        #expect(result.entries[0].senseGroups[0].senses.map { $0.sources.map(\.provider.rawValue) } == [
            ["alpha"], ["alpha", "beta"], ["beta", "gamma"], ["gamma"],
        ])
        #expect(result.scores[0][0].map(\.sourceRank) == [0, 0, 1, 2])
    }

    @Test func countsPositionsAcrossAProvidersEntries() {
        let result = merge([
            entry("alpha", "bank", [(.noun, ["the edge of a river"])], etymology: "From Old Norse."),
            entry("alpha", "bank", [(.noun, ["a financial institution"])], etymology: "From Italian."),
            entry("beta", "bank", [(.noun, ["a row of switches"])]),
        ], query: "bank")
        #expect(definitions(result) == ["the edge of a river", "a financial institution", "a row of switches"])
        #expect(result.scores[0][0].map(\.position) == [0, 1, 0])
        #expect(result.entries[0].etymology == "From Old Norse.", "ties: the earliest")
        #expect(result.entries[0].provenance == source("alpha"))
    }

    /// A merged entry's etymology is that of the homograph with the most senses: GCIDE's *snow*, the ship (one
    /// sense, "LG. snaue"), came first and headed the frozen water's senses.
    @Test func theEtymologyIsThatOfTheEntryWithTheMostSenses() {
        let result = merge([
            entry("alpha", "snow", [(.noun, ["a square-rigged vessel"])], etymology: "LG. snaue."),
            entry("alpha", "snow", [(.noun, ["frozen water falling in flakes", "a fall of snow"])], etymology: "AS. snāw."),
            entry("beta", "snow", [(.noun, ["precipitation falling as ice crystals", "a layer of snow", "cocaine"])]),
        ], query: "snow")
        #expect(result.entries[0].etymology == "AS. snāw.")
    }

    // MARK: Entries

    @Test(arguments: [
        ("essen", ["essen", "Essen"]),
        ("Essen", ["Essen", "essen"]),
        ("ESSEN", ["Essen", "essen"]),
    ])
    func keepsCaseDistinctHeadwordsOneProviderSeparates(query: String, headwords: [String]) {
        let result = merge([
            entry("wiktionary", "Essen", language: .german, [(.noun, ["food; meal"])]),
            entry("wiktionary", "essen", language: .german, [(.verb, ["to eat"])]),
            entry("pons", "essen", language: .german, [(.verb, ["To eat."])]),
            entry("freedict", "ESSEN", language: .german, [(.noun, ["a city in Germany"])]),
        ], query: query)
        #expect(result.entries.map(\.headword) == headwords)
        let essen = result.entries.first { $0.headword == "essen" }!
        let capitalised = result.entries.first { $0.headword == "Essen" }!
        #expect(essen.senseGroups.map(\.partOfSpeech) == [.verb])
        #expect(essen.senseGroups[0].senses.map { $0.sources.map(\.provider.rawValue) } == [["wiktionary", "pons"]])
        #expect(capitalised.senseGroups[0].senses.map(\.definition) == ["food; meal", "a city in Germany"])
    }

    @Test(arguments: [
        ("serendipity", "serendipity"), ("Serendipity", "Serendipity"), ("SERENDIPITY", "Serendipity"),
    ])
    func mergesHeadwordsThatDifferOnlyByCase(query: String, headword: String) {
        let result = merge([
            entry("alpha", "Serendipity", [(.noun, ["luck in making fortunate discoveries"])]),
            entry("beta", "serendipity", [(.noun, ["Luck in making fortunate discoveries."])]),
        ], query: query)
        #expect(result.entries.map(\.headword) == [headword])
        #expect(result.entries[0].senseGroups[0].senses.map(\.sources.count) == [2])
    }

    @Test func putsExactMatchesFirstThenCaseInsensitiveThenTheRest() {
        let result = merge([
            entry("alpha", "banking", [(.noun, ["the business of a bank"])]),
            entry("alpha", "Bank", [(.noun, ["a surname"])]),
            entry("alpha", "bank", [(.noun, ["the edge of a river"])]),
            entry("beta", "bank", language: Language("nl"), [(.noun, ["a sofa"])]),
            entry("gamma", "bank", language: nil, [(.noun, ["a slope"])]),
            entry("gamma", "banks", [(.noun, ["plural of bank"])]),
        ], query: "bank")
        #expect(result.entries.map(\.headword) == ["bank", "bank", "bank", "Bank", "banking", "banks"])
        #expect(result.entries.map(\.language?.code) == ["en", "nl", nil, "en", "en", "en"])
    }

    @Test func isDeterministic() {
        let entries = [
            entry("alpha", "bank", [(.noun, ["the edge of a river", "a financial institution"]), (.verb, ["to tilt"])]),
            entry("beta", "Bank", [(.noun, ["A financial institution.", "a slope"])]),
        ]
        #expect(merge(entries, query: "bank") == merge(entries, query: "bank"))
        #expect(merge([], query: "bank") == MergedResult(entries: [], scores: []))
    }

    // MARK: Pronunciations and translations

    @Test func deduplicatesPronunciationsByAccentAndTranscription() {
        func ipa(_ text: String, _ accent: String?, _ provider: String) -> Pronunciation {
            Pronunciation(text: text, notation: .ipa, accent: accent, provenance: source(provider))
        }
        let result = merge([
            entry("alpha", "bank", pronunciations: [ipa("/ˈbæŋk/", "UK", "alpha"), ipa("/bæŋk/", "US", "alpha")]),
            entry("beta", "bank", pronunciations: [
                ipa(" ˈbæŋk ", "uk", "beta"), ipa("[ˈbæŋk]", nil, "beta"), ipa("/ bæŋk /", "US", "beta"),
                ipa("/beɪŋk/", "US", "beta"),
            ]),
        ], query: "bank")
        let pronunciations = result.entries[0].pronunciations
        #expect(pronunciations.map(\.text) == ["/ˈbæŋk/", "/bæŋk/", "[ˈbæŋk]", "/beɪŋk/"])
        #expect(pronunciations.map(\.accent) == ["UK", "US", nil, "US"])
        #expect(pronunciations.map(\.provenance.provider.rawValue) == ["alpha", "alpha", "beta", "beta"])
    }

    /// A recording alone (no transcription) is its own pronunciation: two different recordings of one accent are both
    /// kept, the same one from two sources once; before, an empty text made every recording of an accent one.
    @Test func keepsRecordingsAloneOncePerRecording() {
        func recording(_ url: String, _ accent: String?, _ provider: String) -> Pronunciation {
            Pronunciation(text: "", notation: .ipa, accent: accent, audioURL: url, provenance: source(provider))
        }
        let result = merge([
            entry("alpha", "bank", pronunciations: [recording("https://a/bank-us.ogg", "US", "alpha"), recording("https://a/bank-us2.ogg", "US", "alpha")]),
            entry("beta", "bank", pronunciations: [recording("https://a/bank-us.ogg", "us", "beta"), recording("https://a/bank-uk.ogg", "UK", "beta")]),
        ], query: "bank")
        let pronunciations = result.entries[0].pronunciations
        #expect(pronunciations.map(\.audioURL) == ["https://a/bank-us.ogg", "https://a/bank-us2.ogg", "https://a/bank-uk.ogg"])
        let allRecordings = pronunciations.allSatisfy { $0.isRecordingOnly }
        #expect(allRecordings)
    }

    @Test func deduplicatesTranslationsByPairAndText() {
        let enDe = LanguagePair(source: .english, target: .german)
        let enFr = LanguagePair(source: .english, target: .french)
        let result = merge([
            entry("alpha", "bank", translations: [
                Translation(text: "Bank", pair: enDe, notes: ["fem"], provenance: source("alpha")),
                Translation(text: "Ufer", pair: enDe, notes: ["neut"], provenance: source("alpha")),
            ]),
            entry("beta", "bank", translations: [
                Translation(
                    text: "Bank", pair: enDe, notes: ["Fem", "finance"],
                    examples: [TranslatedExample(source: "a bank", target: "eine Bank")], provenance: source("beta")
                ),
                Translation(text: "banque", pair: enFr, provenance: source("beta")),
                Translation(text: "bank", pair: enDe, provenance: source("beta")),
            ]),
        ], query: "bank")
        let translations = result.entries[0].translations
        #expect(translations.map(\.text) == ["Bank", "Ufer", "banque", "bank"])
        #expect(translations[0].notes == ["fem", "finance"])
        #expect(translations[0].examples == [TranslatedExample(source: "a bank", target: "eine Bank")])
        #expect(translations[0].provenance == source("alpha"))
    }
}

/// A part of speech's labels (a noun's gender) when several sources or etymologies meet in one merged entry.
@Suite struct GroupLabelMergingTests {
    static func labelled(_ provider: String, _ definitions: [String], labels: [String], etymology: String? = nil) -> Entry {
        Entry(
            headword: "Band", language: Language("de"),
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: definitions.map { sense($0, provider) }, labels: labels)],
            etymology: etymology, provenance: source(provider)
        )
    }

    @Test func sourcesThatAgreeGiveTheGroupTheirLabelsOnce() {
        let result = merge([
            Self.labelled("alpha", ["ribbon"], labels: ["neuter"]), Self.labelled("beta", ["a ribbon of cloth"], labels: ["neuter"]),
            Self.labelled("gamma", ["strip"], labels: []),
        ], query: "Band")
        let group = result.entries[0].senseGroups[0]
        #expect(group.labels == ["neuter"], "a source that says nothing does not disagree")
        #expect(group.senses.allSatisfy { $0.labels.isEmpty })
    }

    /// German *Band* is neuter (ribbon), masculine (volume) and feminine (music band), one etymology each: merged
    /// with another source, the noun cannot be all three; each sense keeps its own.
    @Test func labelsThatDifferGoOnTheirOwnSenses() {
        let result = merge([
            Self.labelled("alpha", ["ribbon"], labels: ["neuter"], etymology: "a"),
            Self.labelled("alpha", ["volume (book)"], labels: ["masculine"], etymology: "b"),
            Self.labelled("beta", ["music group"], labels: ["feminine", "colloquial"]),
        ], query: "Band")
        let group = result.entries[0].senseGroups[0]
        #expect(group.labels.isEmpty)
        #expect(Dictionary(uniqueKeysWithValues: group.senses.map { ($0.definition, $0.labels) })
                == ["ribbon": ["neuter"], "volume (book)": ["masculine"], "music group": ["feminine", "colloquial"]])
    }

    @Test func whatDifferingGroupsShareStaysWithTheGroup() {
        let result = merge([
            Self.labelled("alpha", ["lion"], labels: ["masculine", "animate"]), Self.labelled("beta", ["big cat"], labels: ["masculine"]),
        ], query: "Band")
        let group = result.entries[0].senseGroups[0]
        #expect(group.labels == ["masculine"])
        #expect(group.senses.map(\.labels) == [["animate"], []])
    }
}
