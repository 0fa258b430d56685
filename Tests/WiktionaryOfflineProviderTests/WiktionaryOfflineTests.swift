import Foundation
import LexAggCore
import LexAggFixtures
import LexAggWiktextract
import ProviderConformance
import Testing
import WiktionaryOfflineProvider

/// The provider over a dataset imported from the project's wiktextract-shaped fixture (Fixtures/wiktextract).
@Suite struct WiktionaryOfflineTests {
    /// Imported once per process; each test opens its own provider.
    static let datasetPath: String = {
        var options = WiktextractImporter.Options(name: "wiktionary-offline")
        options.sync = false
        let summary = try! WiktextractImporter(options: options).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: TemporaryFiles.directory()
        )
        return summary.path
    }()

    static func provider() throws -> WiktionaryOffline { try WiktionaryOffline(path: datasetPath) }

    /// A dump of `lines` the test writes, imported under `name` into a directory of its own; the dataset's path.
    static func imported(_ lines: [String], name: String = "wiktionary-offline") throws -> String {
        let directory = TemporaryFiles.directory()
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/dump.jsonl", atomically: false, encoding: .utf8)
        var options = WiktextractImporter.Options(name: name)
        options.sync = false
        return try WiktextractImporter(options: options).run(sourcePath: directory + "/dump.jsonl", directory: directory + "/data").path
    }

    let english = Language("en")!, german = Language("de")!, french = Language("fr")!

    @Test func conforms() async throws {
        try await ProviderConformance.verify(
            { try Self.provider() }, expectedID: .wiktionaryOffline,
            known: [
                .init("house", mentions: ["abode of human beings", "dynasty", "within a structure"], minimumItems: 4),
                .init("HOUSE", headword: "house", mentions: ["branch of such a family"]),
                .init("serendipity", mentions: ["by chance"]),
                .init("Haus", language: german, mentions: ["house"]),
                .init("naïve", mentions: ["worldly experience"]),
                .init("家", mentions: ["house, home"]),
                .init("שלום", mentions: ["peace"]),
            ],
            unknown: ["qqqqzzzz", "housex", "ran", "Housing"]
        )
    }

    /// What `serve dict`'s SHOW DB and `providers` say of a dataset, in English numbers ("1 entries in 1 languages").
    @Test func theDescriptionCountsEntriesAndLanguages() throws {
        let one = try WiktionaryOffline(path: try Self.imported([#"{"word": "x", "lang_code": "en", "senses": [{"glosses": ["y"]}]}"#]))
        #expect(one.shortDescription()?.hasPrefix("Wiktionary via wiktextract: 1 entry in 1 language, from dump.jsonl") == true, "\(String(describing: one.shortDescription()))")
        #expect(try Self.provider().shortDescription()?.contains(" entries in ") == true)
    }

    @Test func translatesBothWays() async throws {
        try await ProviderConformance.verifyTranslating(
            { try Self.provider() }, expectedID: .wiktionaryOffline,
            known: [
                .init("house", pair: LanguagePair(source: english, target: german), mentions: ["Haus", "Geschlecht"], minimumItems: 2),
                .init("run", pair: LanguagePair(source: english, target: german), mentions: ["laufen", "rennen"]),
                .init("maison", pair: LanguagePair(source: french, target: english), mentions: ["house"]),
                .init("Haus", pair: LanguagePair(source: german, target: english), mentions: ["house"]),
            ],
            unknown: [("qqqqzzzz", LanguagePair(source: english, target: german)), ("Haus", LanguagePair(source: english, target: german))]
        )
    }

    @Test func matchesByPrefixAndSuggestsCloseSpellings() async throws {
        try await ProviderConformance.verifyMatching(
            { try Self.provider() }, expectedID: .wiktionaryOffline,
            known: [(query: "serendip", expected: "serendipity"), (query: "serendipty", expected: "serendipity"), (query: "hous", expected: "house")],
            patterns: [
                .init("hou", .prefix, expected: "houses"),
                .init("HOUSE", .exact, expected: "house"),
            ]
        )
    }

    @Test func entriesCarrySensesLabelsExamplesPronunciationsAndEtymology() async throws {
        let result = try await Self.provider().lookup(LookupQuery("house"))
        let entry = try #require(result.entries.first)
        #expect(result.entries.count == 1)
        #expect(entry.language == english)
        #expect(entry.senseGroups.map(\.partOfSpeech) == [.noun, .verb])
        let noun = entry.senseGroups[0].senses
        // The `no-gloss` sense is left out; a nested sense is its parent's subsense, with its own gloss.
        #expect(noun.map(\.definition) == ["A structure built or serving as an abode of human beings.", "A noble family; a dynasty."])
        #expect(noun[1].subsenses.map(\.definition) == ["A branch of such a family."])
        #expect(noun[0].examples == ["This is my house and my family's ancestral home."])
        #expect(noun[0].synonyms == ["abode", "dwelling"])
        #expect(noun[1].labels == ["figuratively", "genealogy"])
        #expect(entry.senseGroups[1].senses[0].labels == ["transitive"])
        #expect(entry.pronunciations.map(\.text) == ["/haʊs/", "hous", "/haʊz/"])
        #expect(entry.pronunciations.first?.accent == "UK, US")
        #expect(entry.pronunciations[1].notation == .enPR)
        // The dump's US recording goes with the UK and US transcription.
        #expect(entry.pronunciations.map(\.audioURL) == [
            "https://upload.wikimedia.org/wikipedia/commons/8/8d/En-us-house.ogg", nil, nil,
        ])
        #expect(entry.etymology?.hasPrefix("From Middle English hous") == true)
        #expect(entry.provenance.source == "sample.jsonl (wiktextract dump of \(Self.day()))")
        let haus = try await Self.provider().lookup(LookupQuery("Haus", language: german))
        #expect(haus.entries.first?.allSenses.first?.examples == ["Das Haus ist groß. — The house is big."])
    }

    /// wiktextract sorts a form's tags alphabetically; the form is named in English order (`housing: participle
    /// present of house` was shown).
    @Test(arguments: [
        (["participle", "present"], "present participle"), (["present", "singular", "third-person"], "third-person singular present"),
        (["indicative", "present", "singular", "third-person"], "third-person singular present indicative"),
        (["past"], "past tense"), (["participle", "past"], "past participle"), (["nominative", "plural"], "nominative plural"),
        (["plural", "nominative"], "nominative plural"), (["comparative"], "comparative"), (["feminine", "singular"], "feminine singular"),
        (["accusative", "nominative", "plural"], "nominative/accusative plural"),
        (["first-person", "present", "singular", "subjunctive", "third-person"], "first/third-person singular present subjunctive"),
    ])
    func aFormsTagsAreNamedInEnglishOrder(tags: [String], name: String) {
        #expect(WiktionaryOffline.formName(tags) == name)
    }

    /// A form's tag sets that say one reading twice name it once: `päät` was "nominative plural or accusative
    /// nominative plural or accusative genitive plural", はしる "terminative or attributive or stem terminative or
    /// attributive stem", `brought` seven readings, a conjugation table's row for each person among them.
    @Test func aReadingIsNamedOnce() {
        #expect(WiktionaryOffline.readings([["nominative", "plural"], ["accusative", "nominative", "plural"], ["accusative", "genitive", "plural"]])
            == ["nominative/accusative plural", "accusative/genitive plural"])
        #expect(WiktionaryOffline.readings([["terminative"], ["attributive"], ["stem", "terminative"], ["attributive", "stem"]])
            == ["terminative", "attributive"])
        #expect(WiktionaryOffline.readings([
            ["past"], ["participle", "past"], ["first-person", "past", "singular"], ["past", "second-person", "singular"],
            ["past", "singular", "third-person"], ["past", "plural"], ["past", "subjunctive"], ["participle", "past"],
        ]) == ["past tense", "past participle"])
        #expect(WiktionaryOffline.readings([["romanization"], ["nominative", "singular"]]) == ["romanization", "nominative singular"])
    }

    @Test func inflectedFormsLeadToTheirLemmas() async throws {
        let provider = try Self.provider()
        #expect(try await provider.lemmas(of: LookupQuery("ran")) == [FormOf(lemma: "run", form: "past tense")])
        #expect(try await provider.lemmas(of: LookupQuery("Häuser")) == [FormOf(lemma: "Haus", form: "nominative plural")])
        #expect(try await provider.lemmas(of: LookupQuery("housing")) == [FormOf(lemma: "house", form: "present participle")])
        // After the lookup that did not find it (whose rows the provider keeps for this), and after another's.
        #expect(try await provider.lookup(LookupQuery("ran")).entries.isEmpty)
        #expect(try await provider.lemmas(of: LookupQuery("ran")) == [FormOf(lemma: "run", form: "past tense")])
        #expect(try await provider.lemmas(of: LookupQuery("housing")) == [FormOf(lemma: "house", form: "present participle")])
        // A word with its own entry has no lemma to fall back to; its entry says what it is a form of.
        #expect(try await provider.lemmas(of: LookupQuery("houses")).isEmpty)
        let houses = try await provider.lookup(LookupQuery("houses"))
        #expect(houses.entries.first?.allSenses.first?.formOf == FormOf(lemma: "house", form: "plural"))
        #expect(provider.descriptor.capabilities.contains(.lemmas))
        // Languages by entries, those with as many in code order: the same list on every run.
        #expect(provider.descriptor.languages.map(\.code) == ["en", "fr", "de", "he", "ja"])
    }

    /// The service looks a lemma up right after the lemma fallback names it: the lemma's line, read whole by the
    /// fallback, is not read again. Seen here by damaging the line in between: the lookup still answers from what the
    /// fallback read, where a provider that did not read it before finds the damaged line and leaves it out.
    @Test func aLemmaTheFallbackReadIsNotReadAgain() async throws {
        var options = WiktextractImporter.Options(name: "wiktionary-offline")
        options.sync = false
        let path = try WiktextractImporter(options: options).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: TemporaryFiles.directory()
        ).path
        let provider = try WiktionaryOffline(path: path)
        let before = try await provider.lookup(LookupQuery("run"))
        #expect(!before.entries.isEmpty)
        #expect(try await provider.lemmas(of: LookupQuery("ran")) == [FormOf(lemma: "run", form: "past tense")])

        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let contents = try handle.readToEnd() ?? Data()
        let name = Data(#""word": "run""#.utf8)
        let found = try #require(contents.range(of: name))
        try handle.seek(toOffset: UInt64(found.lowerBound - contents.startIndex))
        try handle.write(contentsOf: Data(#""word": ?run""#.utf8))
        try handle.close()

        #expect(try await provider.lookup(LookupQuery("run")) == before)
        #expect(try await WiktionaryOffline(path: path).lookup(LookupQuery("run")).entries.isEmpty)
    }

    /// Some of a lemma's lines list the form and are kept by the fallback, the others are read by the lookup of the
    /// lemma that follows: its entries come in the dump's order all the same (noun, verb, adjective; the noun and the
    /// adjective list `alphae`, the verb does not).
    @Test func aLemmaPartlyReadByTheFallbackKeepsItsOrder() async throws {
        let lines = [
            #"{"word": "alpha", "lang_code": "en", "pos": "noun", "forms": [{"form": "alphae", "tags": ["plural"]}], "senses": [{"glosses": ["the first letter"]}]}"#,
            #"{"word": "alpha", "lang_code": "en", "pos": "verb", "senses": [{"glosses": ["to lead a group"]}]}"#,
            #"{"word": "alpha", "lang_code": "en", "pos": "adj", "forms": [{"form": "alphae", "tags": ["plural"]}], "senses": [{"glosses": ["dominant"]}]}"#,
        ]
        let path = try Self.imported(lines)
        let fresh = try await WiktionaryOffline(path: path).lookup(LookupQuery("alpha"))
        let glosses = fresh.entries.flatMap(\.senseGroups).flatMap(\.senses).map(\.definition)
        #expect(glosses == ["the first letter", "to lead a group", "dominant"])

        let provider = try WiktionaryOffline(path: path)
        #expect(try await provider.lemmas(of: LookupQuery("alphae")) == [FormOf(lemma: "alpha", form: "plural")])
        #expect(try await provider.lookup(LookupQuery("alpha")) == fresh)
    }

    @Test func aForeignWordKnownOnlyFromTranslationTablesIsAnswered() async throws {
        let result = try await Self.provider().lookup(LookupQuery("Geschlecht"))
        let entry = try #require(result.entries.first)
        #expect(entry.headword == "Geschlecht")
        #expect(entry.language == german)
        #expect(entry.translations.map(\.text) == ["house"])
        #expect(entry.translations.first?.context == "dynasty")
        #expect(entry.translations.first?.pair == LanguagePair(source: german, target: english))
    }

    @Test func theDescriptorComesFromTheDataset() throws {
        let descriptor = try Self.provider().descriptor
        #expect(descriptor.id == .wiktionaryOffline)
        #expect(!descriptor.requiresNetwork && descriptor.runsInline)
        #expect(descriptor.languages.first == english)
        #expect(descriptor.translationPairs.contains(LanguagePair(source: english, target: german)))
        #expect(descriptor.translationPairs.contains(LanguagePair(source: Language("ja")!, target: english)))
        #expect(descriptor.source.hasSuffix("Fixtures/wiktextract/sample.jsonl"))
    }

    /// A copy of the dataset at `path` as an earlier importer wrote it: format `version`'s 24-byte rows, without
    /// their keys' first bytes (each row moved down in place: the header locates the table's rows by their size, and
    /// the blob and the metadata by their offsets), and `version` in the metadata.
    static func earlierFormat(_ version: Int, of path: String = datasetPath) throws -> String {
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        func field(_ index: Int) -> Int {
            bytes.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8 + index * 8, as: UInt64.self))) }
        }
        let table = field(2), rows = field(3)
        // Rows of 24 bytes before format 3 (format 3 differs from 4 in its keys alone: the fixture's are the same).
        for row in 0..<rows where version < 3 {
            bytes.replaceSubrange(
                (table + row * 24)..<(table + row * 24 + 24), with: bytes[(table + row * 32)..<(table + row * 32 + 24)]
            )
        }
        let current = Array(#""formatVersion":\#(DatasetFormat.version)"#.utf8)
        let at = try #require((0...(bytes.count - current.count)).last { Array(bytes[$0..<($0 + current.count)]) == current })
        bytes[at + current.count - 1] = UInt8(ascii: "0") + UInt8(version)
        let copy = TemporaryFiles.directory() + "/format\(version).lexwk"
        try Data(bytes).write(to: URL(fileURLWithPath: copy))
        return copy
    }

    /// A dataset of format 1 (imported before entries were grouped) is still read, to the end of each entry: its
    /// answers, lemmas and translations are those of the same dump in the current format.
    @Test func aFormatOneDatasetAnswersAsTheCurrentOneDoes() async throws {
        let path = try Self.earlierFormat(1)
        let old = try WiktionaryOffline(path: path), new = try Self.provider()
        #expect(try Dataset(path: path).membersGrouped == false)
        for word in ["house", "Haus", "serendipity", "houses", "Geschlecht", "家", "qqqqzzzz"] {
            #expect(try await old.lookup(LookupQuery(word)).entries == new.lookup(LookupQuery(word)).entries, "\(word)")
        }
        for word in ["ran", "Häuser", "housing"] {
            #expect(try await old.lemmas(of: LookupQuery(word)) == new.lemmas(of: LookupQuery(word)), "\(word)")
        }
        let pair = TranslationQuery.self
        let query = try pair.init("house", from: english, to: german)
        #expect(try await old.translate(query).entries == new.translate(query).entries)
        #expect(try await !new.translate(query).entries.isEmpty)
    }

    /// Format 3's rows hold their keys' first 8 bytes, which decide the binary search's comparisons: every key and
    /// prefix of the dataset, and keys around the 8-byte boundary (shorter, as long, longer, sharing the first 8
    /// bytes, a NUL byte where the row pads with zeros), find the same rows as in format 2, which compares key bytes.
    @Test(arguments: [false, true])
    func keysFindTheSameRowsWithAndWithoutTheirFirstBytesInTheRows(generated: Bool) throws {
        var path = Self.datasetPath
        if generated {
            // Many keys sharing their first 7, 8 or 9 bytes, some ending in a NUL byte or a multi-byte letter.
            let words = ["abcdefg", "abcdefgh", "abcdefgi", "abcdefghab"].flatMap { base in
                ["", "a", "b", "ab", "zz", "\\u0000", "\\u0000a", "é"].map { base + $0 }
            } + ["a", "ab", "abc\\u0000", "abcdefgh\\u0000\\u0000"]
            let lines = words.map { #"{"word": "\#($0)", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["x"]}]}"# }
            path = try Self.imported(lines)
        }
        let current = try Dataset(path: path), earlier = try Dataset(path: Self.earlierFormat(2, of: path))
        #expect(current.rowCount == earlier.rowCount && current.rowCount > 20)
        var probes: [[UInt8]] = []
        for index in 0..<current.rowCount {
            let key = Array(current.key(at: index))
            probes += [key, Array(key.prefix(8)), Array(key.prefix(7)), key + [0], key + [0x7A], Array(key.dropLast())]
        }
        for text in ["", "a", "house", "housebo", "housebot", "houseboat", "houseboats", "zzzzzzzzz", "\u{0}", "hou\u{0}se"] {
            probes.append(Array(text.utf8))
        }
        for probe in probes {
            #expect(current.lowerBound(probe) == earlier.lowerBound(probe), "\(probe)")
            #expect(current.rows(for: probe) == earlier.rows(for: probe), "\(probe)")
        }
        let found = probes.filter { !current.rows(for: $0).isEmpty }.count
        #expect(found >= current.rowCount, "every key is found")
    }

    @Test func aDamagedDatasetIsUnavailableNotACrash() async throws {
        let directory = TemporaryFiles.directory()
        try FileManager.default.createDirectory(atPath: directory + "/datasets", withIntermediateDirectories: true)
        let path = directory + "/datasets/broken.lexwk"
        try Data("LXWIKT01 but nothing else".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ProviderError.self) { try WiktionaryOffline(path: path) }
        let products = ProviderFactory.wiktionaryOffline.make(ProviderEnvironment(variables: ["LEXAGG_DATA_DIR": directory]))
        #expect(products.providers.isEmpty)
        // The file is named once (the warning named it twice: the factory's prefix and the dataset's own words).
        #expect(products.problems == ["\(path) is not a lexagg dataset (too short); import the dump again"])
        // Asked for it alone (`--providers broken`): a provider that answers every lookup with why.
        let alone = try #require(ProviderFactory.wiktionaryOffline.makeOne?(ProviderID("broken")!, ProviderEnvironment(variables: ["LEXAGG_DATA_DIR": directory])))
        let broken = try #require(alone.providers.first?.asDefiner)
        #expect(alone.providers.count == 1 && broken.descriptor.id.rawValue == "broken")
        await #expect(throws: ProviderError.self) { try await broken.lookup(LookupQuery("house")) }
        #expect(await broken.availability() == .unavailable(reason: "\(path) is not a lexagg dataset (too short); import the dump again"))
    }

    /// A dataset's id is its file's name, as `data list` shows it (a file renamed by hand keeps the name it was
    /// imported under inside): the whole list and a lookup that names it alone find it under that name, and a name
    /// no file has is known to be none without opening any.
    @Test func aDatasetsIdIsItsFilesName() throws {
        let directory = TemporaryFiles.directory()
        try FileManager.default.createDirectory(atPath: directory + "/datasets", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.datasetPath, toPath: directory + "/datasets/renamed.lexwk")
        let environment = ProviderEnvironment(variables: ["LEXAGG_DATA_DIR": directory])
        #expect(ProviderFactory.wiktionaryOffline.make(environment).providers.map(\.descriptor.id.rawValue) == ["renamed"])
        let alone = try #require(ProviderFactory.wiktionaryOffline.makeOne?(ProviderID("renamed")!, environment))
        #expect(alone.providers.map(\.descriptor.id.rawValue) == ["renamed"])
        let none = try #require(ProviderFactory.wiktionaryOffline.makeOne?(.wiktionaryOffline, environment))
        #expect(none.providers.isEmpty && none.problems.isEmpty)
    }

    /// wiktextract puts a `====Synonyms====` section's lines in the word's own `synonyms` and `antonyms`, each with
    /// the gloss its `{{sense|…}}` named: an answer shows each on the sense that gloss names (as the online provider
    /// places the section's lines), else on the only sense, else on the part of speech as a whole, with its gloss.
    @Test func wordLevelSynonymsGoToTheSenseTheirGlossNames() async throws {
        let path = try Self.imported([
            #"{"word": "happy", "lang_code": "en", "pos": "adj", "senses": [{"glosses": ["Having a feeling arising from a consciousness of well-being."]}, "#
                + #"{"glosses": ["Favored by luck or fortune; lucky."]}], "categories": ["x"], "synonyms": [{"word": "cheerful", "sense": "feeling"}, "#
                + #"{"word": "fortunate", "sense": "favoured by luck", "_dis1": "0 0"}, {"word": "lucky", "sense": "fortune"}, {"word": "glad"}, "#
                + #"{"word": "content", "sense": "no such sense"}, {"word": "cheerful", "sense": "feeling"}], "antonyms": [{"word": "sad", "sense": "well-being"}, {"word": "unhappy"}]}"#,
            #"{"word": "glad", "lang_code": "en", "pos": "adj", "senses": [{"glosses": ["Pleased, happy, gratified."]}], "antonyms": [{"word": "sorry"}]}"#,
        ], name: "linkages")
        let provider = try WiktionaryOffline(path: path)
        let happy = try #require(try await provider.lookup(LookupQuery("happy")).entries.first?.senseGroups.first)
        #expect(happy.senses[0].synonyms == ["cheerful"])
        #expect(happy.senses[1].synonyms == ["lucky"], "\"favoured by luck\" names no definition by its words (favored)")
        #expect(happy.senses[0].antonyms == ["sad"])
        // A gloss that names no sense goes with its word: read alone, it was a synonym of every sense.
        #expect(happy.synonyms == ["fortunate (favoured by luck)", "glad", "content (no such sense)"])
        #expect(happy.antonyms == ["unhappy"])
        // One sense: a linkage without a gloss is that sense's.
        let glad = try #require(try await provider.lookup(LookupQuery("glad")).entries.first?.senseGroups.first)
        #expect(glad.senses[0].antonyms == ["sorry"] && glad.antonyms.isEmpty)
    }

    /// A sense wiktextract marks as an alternative form (`alt_of`, "Alternative spelling of colour") is a form of
    /// that word, as the online provider makes `{{alt sp}}`: the lemma fallback then adds the word's entries. The
    /// importer keeps `alt_of` in the senses it trims.
    @Test func anAlternativeSpellingIsAFormOfItsWord() async throws {
        let path = try Self.imported([
            #"{"word": "color", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["Alternative spelling of colour"], "#
                + #""tags": ["alt-of", "alternative", "US"], "alt_of": [{"word": "colour"}], "links": [["colour", "colour"]], "id": "x"}]}"#,
            #"{"word": "colour", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["The spectral composition of visible light."]}]}"#,
        ], name: "alt")
        let provider = try WiktionaryOffline(path: path)
        let sense = try #require(try await provider.lookup(LookupQuery("color")).entries.first?.allSenses.first)
        #expect(sense.formOf == FormOf(lemma: "colour", form: "alternative spelling"))
        #expect(sense.labels == ["US"], "not 'alternative': the gloss says it")
    }

    /// A headword that does not answer does not hide the word's forms: Finnish "talon" (genitive of talo) is found
    /// through its lemma when asked in Finnish, though the dump has an English "talon"; "ketun", whose only entry has
    /// no gloss (no definition), is found as a form too. Asked without a language, "talon" is the English noun.
    @Test func aHeadwordThatDoesNotAnswerLeavesTheWordToItsForms() async throws {
        let path = try Self.imported([
            #"{"word": "talo", "lang_code": "fi", "pos": "noun", "forms": [{"form": "talon", "tags": ["genitive", "singular"]}, {"form": "ketun", "tags": ["genitive"]}], "senses": [{"glosses": ["house"]}]}"#,
            #"{"word": "talon", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A claw of a bird of prey."]}]}"#,
            #"{"word": "ketun", "lang_code": "fi", "pos": "noun", "senses": [{"tags": ["no-gloss"]}]}"#,
        ], name: "forms")
        let finnish = Language("fi")!
        for remembered in [true, false] {
            // After the lookup that did not answer (as the service asks), and on its own.
            let provider = try WiktionaryOffline(path: path)
            if remembered { #expect(try await provider.lookup(LookupQuery("talon", language: finnish)).entries.isEmpty) }
            #expect(try await provider.lemmas(of: LookupQuery("talon", language: finnish)) == [FormOf(lemma: "talo", form: "genitive singular")])
            if remembered { #expect(try await provider.lookup(LookupQuery("ketun")).entries.isEmpty) }
            #expect(try await provider.lemmas(of: LookupQuery("ketun")) == [FormOf(lemma: "talo", form: "genitive")])
        }
        let provider = try WiktionaryOffline(path: path)
        let english = try await provider.lookup(LookupQuery("talon"))
        #expect(english.entries.first?.allSenses.first?.definition == "A claw of a bird of prey.")
        #expect(try await provider.lemmas(of: LookupQuery("talon")) == [], "it has an entry of its own")
        // Remembered for Finnish, asked without a language: the English entry answers.
        _ = try await provider.lookup(LookupQuery("talon", language: finnish))
        #expect(try await provider.lemmas(of: LookupQuery("talon")) == [])
    }

    /// A translation written with white space around it (`"Katze "`) is found, and shown, without it.
    @Test func aPaddedTranslationIsFoundAndShownTrimmed() async throws {
        let path = try Self.imported(
            [#"{"word": "cat", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["A feline."]}], "translations": [{"word": " Katze ", "lang_code": "de"}]}"#],
            name: "padded"
        )
        let entry = try #require(try await WiktionaryOffline(path: path).lookup(LookupQuery("Katze")).entries.first)
        #expect(entry.headword == "Katze")
        #expect(entry.translations.map(\.text) == ["cat"])
    }

    static func day() -> String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: FixtureStore.path("wiktextract/sample.jsonl"))
        let date = attributes?[.modificationDate] as? Date ?? Date()
        return ISO8601DateFormatter.string(from: date, timeZone: .gmt, formatOptions: [.withFullDate])
    }
}
