import Foundation
import FreeDictionaryProvider
import LexAggCore
import LexAggHTTP
import ProviderConformance
import Testing

struct FreeDictionaryResponseTests {
    @Test(arguments: [
        ("(academia) An examination, given often during the academic term.", ["academia"],
         "An examination, given often during the academic term."),
        ("(normally “Test”) A Test match.", ["normally “Test”"], "A Test match."),
        ("(US, regional, sometimes with “sea”) A fish.", ["US", "regional", "sometimes with “sea”"], "A fish."),
        ("(etc.) A set of keys used to operate a typewriter, computer etc.", ["etc."],
         "A set of keys used to operate a typewriter, computer etc."),
        ("(rare) (figuratively) Something (odd).", ["rare", "figuratively"], "Something (odd)."),
        ("(body building) testosterone", ["body building"], "testosterone"),
        ("A definition (with brackets) inside.", [], "A definition (with brackets) inside."),
        ("(entirely in brackets)", [], "(entirely in brackets)"),
        ("(unbalanced A definition", [], "(unbalanced A definition"),
        ("(a (nested) label) Text.", ["a (nested) label"], "Text."),
        ("(123) 456", [], "(123) 456"),
    ])
    func labelPrefixesBecomeLabels(definition: String, labels: [String], text: String) {
        let split = FreeDictionaryResponse.splitLabels(definition)
        #expect(split.labels == labels)
        #expect(split.text == text)
    }

    struct FixtureCase: Sendable, CustomTestStringConvertible {
        var file: String
        var headwords: [String]
        var groups: [[String]]
        var pronunciations: [[String]]
        var audio: [[String?]]
        var firstDefinition: String
        var testDescription: String { file }
    }

    static let fixtureCases: [FixtureCase] = [
        FixtureCase(
            file: "entries-en-lexicon.json", headwords: ["lexicon"], groups: [["noun"]],
            // The audio-only first item borrows the entry's `phonetic`; the empty-audio repeat is dropped.
            pronunciations: [["/ˈlɛksɪkən/", "/ˈlɛksɪkən/", "/ˈlɛksɪˌkɑn/"]],
            audio: [[
                "https://api.dictionaryapi.dev/media/pronunciations/en/lexicon-au.mp3",
                "https://api.dictionaryapi.dev/media/pronunciations/en/lexicon-uk.mp3", nil,
            ]],
            firstDefinition: "A dictionary that includes or focuses on lexemes."
        ),
        FixtureCase(
            file: "entries-en-bass.json", headwords: ["bass", "bass"], groups: [["noun", "adjective"], ["noun"]],
            pronunciations: [["/beɪs/"], ["/bæs/"]],
            audio: [["https://api.dictionaryapi.dev/media/pronunciations/en/bass-us.mp3"], [
                "https://api.dictionaryapi.dev/media/pronunciations/en/bass-2-uk.mp3",
            ]],
            firstDefinition: "A low spectrum of sound tones."
        ),
    ]

    @Test(arguments: fixtureCases)
    func fixturesMapToEntries(fixture: FixtureCase) async throws {
        let entries = try await entries(fromBody: try Fixtures.bytes(fixture.file))
        #expect(entries.map(\.headword) == fixture.headwords)
        #expect(entries.map { $0.senseGroups.map { $0.partOfSpeech?.name ?? "?" } } == fixture.groups)
        #expect(entries.map { $0.pronunciations.map(\.text) } == fixture.pronunciations)
        #expect(entries.map { $0.pronunciations.map(\.audioURL) } == fixture.audio)
        #expect(entries.first?.definitions.first == fixture.firstDefinition)
        for entry in entries {
            for sense in entry.allSenses {
                #expect(MarkupCheck.problem(in: sense.definition) == nil)
                #expect(!sense.definition.hasPrefix("("), "label left in \(sense.definition)")
            }
        }
    }

    @Test func sensesCarryLabelsExamplesAndDeduplicatedSynonyms() async throws {
        let entries = try await entries(fromBody: try Fixtures.bytes("entries-en-lexicon.json"))
        let senses = try #require(entries.first?.allSenses)
        #expect(senses.map(\.labels) == [[], ["linguistics"], ["linguistics", "computing"], ["figuratively"]])
        #expect(senses[1].examples == ["The lexicon of sailors is full of words for ropes."])
        #expect(senses[1].synonyms == ["vocabulary", "wordstock"])
        // Meaning-level synonyms, de-duplicated, minus those a definition already lists, belong to the part of
        // speech as a whole: no one sense of several gets them (sense 1 is "A dictionary that includes lexemes").
        #expect(senses[0].synonyms.isEmpty)
        #expect(entries.first?.senseGroups.first?.synonyms == ["dictionary", "wordbook"])
        #expect(entries.first?.pronunciations.first?.accent == "AU")
        #expect(entries.first?.pronunciations.dropFirst().first?.accent == "UK")
    }

    @Test func antonymsAreDeduplicated() async throws {
        let entries = try await entries(fromBody: try Fixtures.bytes("entries-en-bass.json"))
        let nounGroup = try #require(entries.first?.senseGroups.first)
        let nouns = nounGroup.senses
        // The noun meaning's "treble, treble" is the part of speech's, not its first sense's.
        #expect(nouns[0].antonyms.isEmpty)
        #expect(nounGroup.antonyms == ["treble"])
        #expect(nouns[2].synonyms == ["bass guitar"])
        #expect(nouns[0].synonyms.isEmpty)
        let adjective = try #require(entries.first?.senseGroups.last?.senses.first)
        #expect(adjective.antonyms == ["high", "treble"])
        // A meaning with one definition: its meaning-level synonyms are that sense's ("bast").
        let fish = try #require(entries.last?.senseGroups.last)
        #expect(fish.senses.last?.synonyms == ["bast"])
        #expect(fish.synonyms.isEmpty)
    }

    /// *positive* (adjective, 21 definitions) lists "certain, sure" and "bad, evil" for the meaning: sense 1 "Not
    /// negative or neutral" must not claim them.
    @Test func meaningLevelRelationsBelongToThePartOfSpeech() async throws {
        let body = Array(#"""
        [{"word":"positive","phonetic":"/ˈpɒzɪtɪv/","phonetics":[],"meanings":[
          {"partOfSpeech":"adjective","definitions":[
            {"definition":"Not negative or neutral.","synonyms":[],"antonyms":[]},
            {"definition":"Certain; sure.","synonyms":[],"antonyms":["unsure"]}],
           "synonyms":["certain","sure"],"antonyms":["bad","evil","unsure"]},
          {"partOfSpeech":"adjective","definitions":[
            {"definition":"Greater than zero.","synonyms":[],"antonyms":[]}],
           "synonyms":[],"antonyms":["negative"]}],
         "license":{"name":"CC BY-SA 3.0","url":"https://creativecommons.org/licenses/by-sa/3.0"},
         "sourceUrls":["https://en.wiktionary.org/wiki/positive"]}]
        """#.utf8)
        let group = try #require(try await entries(fromBody: body).first?.senseGroups.first)
        #expect(group.senses.map(\.definition) == ["Not negative or neutral.", "Certain; sure.", "Greater than zero."])
        #expect(group.senses[0].synonyms.isEmpty)
        #expect(group.senses[0].antonyms.isEmpty)
        #expect(group.senses[1].antonyms == ["unsure"])
        #expect(group.synonyms == ["certain", "sure"])
        #expect(group.antonyms == ["bad", "evil"])
        // The second meaning's one definition carries its own antonym.
        #expect(group.senses[2].antonyms == ["negative"])
    }

    /// A body in the service's shape with `phonetics` (`[text, audio]`, `nil` text for an audio-only item).
    static func body(word: String, phonetic: String? = nil, phonetics: [(String?, String)]) -> [UInt8] {
        let items = phonetics.map { text, audio in
            (text.map { #"{"text":"\#($0)","audio":"\#(audio)"}"# } ?? #"{"audio":"\#(audio)","sourceUrl":"https://commons.wikimedia.org/w/index.php?curid=1"}"#)
        }
        let head = phonetic.map { #""phonetic":"\#($0)","# } ?? ""
        return Array(#"""
        [{"word":"\#(word)",\#(head)"phonetics":[\#(items.joined(separator: ","))],"meanings":[{"partOfSpeech":"verb",\#
        "definitions":[{"definition":"To move swiftly.","synonyms":[],"antonyms":[]}],"synonyms":[],"antonyms":[]}],\#
        "license":{"name":"CC BY-SA 3.0","url":"https://creativecommons.org/licenses/by-sa/3.0"},\#
        "sourceUrls":["https://en.wiktionary.org/wiki/\#(word)"]}]
        """#.utf8)
    }

    static let media = "https://api.dictionaryapi.dev/media/pronunciations/en/"

    /// `run`'s phonetics: a bare /ɹʌn/ and then /ɹʌn/ with its US recording are one pronunciation, not two; the
    /// Australian recording, which could be either transcription, is a recording alone.
    @Test func aTranscriptionWithItsRecordingIsListedOnce() async throws {
        let body = Self.body(word: "run", phonetics: [
            (nil, Self.media + "run-au.mp3"), ("/ɹʊn/", ""), ("/ɹʌn/", ""), ("/ɹʌn/", Self.media + "run-us.mp3"),
        ])
        let pronunciations = try #require(try await entries(fromBody: body).first?.pronunciations)
        #expect(pronunciations.map(\.text) == ["/ɹʊn/", "/ɹʌn/", ""])
        #expect(pronunciations.map(\.audioURL) == [nil, Self.media + "run-us.mp3", Self.media + "run-au.mp3"])
        #expect(pronunciations.map(\.accent) == [nil, "US", "AU"])
        #expect(pronunciations.map(\.isRecordingOnly) == [false, false, true])
    }

    /// A recording with no transcription to go with is kept as a recording alone: `prickly` has one item, audio and
    /// no text, and no `phonetic`; `hello` has hello-au.mp3 beside /həˈləʊ/ (UK) and /həˈloʊ/. Both were dropped,
    /// and prickly had no pronunciation at all.
    @Test func aRecordingWithNoTranscriptionToGoWithIsARecordingAlone() async throws {
        let prickly = Self.body(word: "prickly", phonetics: [(nil, Self.media + "prickly.mp3")])
        let alone = try #require(try await entries(fromBody: prickly).first?.pronunciations)
        #expect(alone.map(\.text) == [""])
        #expect(alone.map(\.audioURL) == [Self.media + "prickly.mp3"])
        #expect(alone.map(\.accent) == [nil])
        let hello = Self.body(word: "hello", phonetics: [
            (nil, Self.media + "hello-au.mp3"), ("/həˈləʊ/", Self.media + "hello-uk.mp3"), ("/həˈloʊ/", ""),
        ])
        let three = try #require(try await entries(fromBody: hello).first?.pronunciations)
        #expect(three.map(\.text) == ["/həˈləʊ/", "/həˈloʊ/", ""])
        #expect(three.map(\.accent) == ["UK", nil, "AU"])
        #expect(three.last?.audioURL == Self.media + "hello-au.mp3")
        // The same recording twice is one.
        let twice = Self.body(word: "prickly", phonetics: [(nil, Self.media + "prickly.mp3"), (nil, Self.media + "prickly.mp3")])
        #expect(try await entries(fromBody: twice).first?.pronunciations.count == 1)
        // The recorded body, when ../shared/reference-samples is there.
        guard let recorded = Fixtures.corpusSample("en-prickly.json") else { return }
        #expect(try await entries(fromBody: recorded).first?.pronunciations.map(\.isRecordingOnly) == [true])
    }

    /// A recording without `text` (the first item of most answers) is kept with the entry's only transcription.
    @Test func aRecordingWithoutTextGoesWithTheOnlyTranscription() async throws {
        let body = Self.body(word: "prickle", phonetics: [(nil, Self.media + "prickle-au.mp3"), ("/ˈpɹɪkəl/", "")])
        let pronunciations = try #require(try await entries(fromBody: body).first?.pronunciations)
        #expect(pronunciations.map(\.text) == ["/ˈpɹɪkəl/"])
        #expect(pronunciations.map(\.audioURL) == [Self.media + "prickle-au.mp3"])
        #expect(pronunciations.map(\.accent) == ["AU"])
        // Its transcription already has a recording: the other is listed beside it.
        let two = Self.body(word: "prickle", phonetics: [
            (nil, Self.media + "prickle-au.mp3"), ("/ˈpɹɪkəl/", Self.media + "prickle-uk.mp3"),
        ])
        let both = try #require(try await entries(fromBody: two).first?.pronunciations)
        #expect(both.map(\.text) == ["/ˈpɹɪkəl/", "/ˈpɹɪkəl/"])
        #expect(both.map(\.accent) == ["UK", "AU"])
    }

    /// The v1 shape (`meaning` an object keyed by part of speech, empty `{}` definitions), as the service still
    /// serves it and as issue #40 of 2019 shows it for zinc: its definitions, not "no entry".
    @Test func version1BodiesAreRead() async throws {
        let body = Array(#"""
        [{"word":"zinc","phonetic":"/zɪŋk/","origin":"Mid 17th century from German Zink, of unknown origin.",
          "meaning":{"noun":[{}],
                     "verb":[{"definition":"Coat (iron) with zinc or a zinc compound to prevent rust.",
                              "example":"the street lamps are adorned with tiny zinced crowns"}]}}]
        """#.utf8)
        let entry = try #require(try await entries(fromBody: body).first)
        #expect(entry.headword == "zinc")
        #expect(entry.senseGroups.map { $0.partOfSpeech?.name } == ["verb"])
        #expect(entry.definitions == ["Coat (iron) with zinc or a zinc compound to prevent rust."])
        #expect(entry.allSenses.first?.examples == ["the street lamps are adorned with tiny zinced crowns"])
        #expect(entry.pronunciations.map(\.text) == ["/zɪŋk/"])
        #expect(entry.etymology == "Mid 17th century from German Zink, of unknown origin.")
        // The recorded body, when ../shared/reference-samples is there.
        guard let recorded = Fixtures.corpusSample("legacy-v1-zinc-issue40-2019.json") else { return }
        #expect(try await entries(fromBody: recorded).first?.definitions == entry.definitions)
    }

    /// The service merges redirect targets into one element; the entry's page is the word's own, not the first.
    @Test(arguments: [
        ("run", ["https://en.wiktionary.org/wiki/rin", "https://en.wiktionary.org/wiki/run"],
         "https://en.wiktionary.org/wiki/run"),
        ("tv", ["https://en.wiktionary.org/wiki/TV", "https://en.wiktionary.org/wiki/tax%20value",
                "https://en.wiktionary.org/wiki/television", "https://en.wiktionary.org/wiki/tv"],
         "https://en.wiktionary.org/wiki/tv"),
        ("tax value", ["https://en.wiktionary.org/wiki/TV", "https://en.wiktionary.org/wiki/tax%20value"],
         "https://en.wiktionary.org/wiki/tax%20value"),
        ("aaa", ["https://en.wiktionary.org/wiki/aaa", "https://en.wiktionary.org/wiki/amalgam"],
         "https://en.wiktionary.org/wiki/aaa"),
        ("rin", ["https://en.wiktionary.org/wiki/TV"], "https://en.wiktionary.org/wiki/TV"),
    ])
    func theEntrysPageIsTheWordsOwn(word: String, urls: [String], expected: String) async throws {
        let quoted = urls.map { "\"\($0)\"" }.joined(separator: ",")
        let body = Array(#"""
        [{"word":"\#(word)","phonetics":[],"meanings":[{"partOfSpeech":"noun","definitions":[\#
        {"definition":"Something.","synonyms":[],"antonyms":[]}],"synonyms":[],"antonyms":[]}],\#
        "license":{"name":"CC BY-SA 3.0","url":"https://creativecommons.org/licenses/by-sa/3.0"},"sourceUrls":[\#(quoted)]}]
        """#.utf8)
        let entry = try #require(try await entries(fromBody: body).first)
        #expect(entry.provenance.source == expected)
        #expect(entry.allSenses.first?.sources.first?.source == expected)
    }

    @Test(arguments: ["error-404-no-definitions.json"])
    func noDefinitionsObjectIsNotFound(file: String) async throws {
        #expect(try await entries(fromBody: try Fixtures.bytes(file), status: 404).isEmpty)
    }

    // MARK: Reference samples (skipped when ../shared/reference-samples is absent)

    @Test(arguments: Fixtures.referenceSamples(prefix: "en-") + Fixtures.referenceSamples(prefix: "legacy-"))
    func referenceSamplesParse(name: String) async throws {
        let entries = try await entries(fromBody: try Fixtures.referenceSample(name))
        #expect(!entries.isEmpty, "\(name) gave no entries")
        for entry in entries {
            #expect(!entry.isEmpty)
            #expect(!entry.headword.isEmpty)
            for sense in entry.allSenses {
                #expect(MarkupCheck.problem(in: sense.definition) == nil, "\(name): \(sense.definition)")
                for label in sense.labels { #expect(MarkupCheck.problem(in: label) == nil) }
            }
            for pronunciation in entry.pronunciations { #expect(!pronunciation.text.isEmpty || pronunciation.isRecordingOnly) }
            #expect(entry.pronunciations.allSatisfy { $0.audioURL.map { !$0.isEmpty && !$0.hasPrefix("//") } ?? true })
        }
    }

    @Test func referenceErrorSamplesMap() async throws {
        guard !Fixtures.referenceSamples(prefix: "error-").isEmpty else { return }
        let notFound = try Fixtures.referenceSample("error-404-no-definitions.json")
        #expect(try await entries(fromBody: notFound, status: 404).isEmpty)
    }

    @Test func referenceSampleDetails() async throws {
        guard Fixtures.referenceSamples(prefix: "en-").contains("en-test.json") else { return }
        let test = try await entries(fromBody: try Fixtures.referenceSample("en-test.json"))
        #expect(test.count == 3)
        let academia = test[0].allSenses.first { $0.labels == ["academia"] }
        #expect(academia?.definition == "An examination, given often during the academic term.")
        let hello = try await entries(fromBody: try Fixtures.referenceSample("en-hello.json"))
        // The first item has audio but no text and the entry has no `phonetic`: a recording alone. `audio: ""` → no URL.
        #expect(hello.first?.pronunciations.map(\.text) == ["/həˈləʊ/", "/həˈloʊ/", ""])
        #expect(hello.first?.pronunciations.map(\.audioURL) == [
            "https://api.dictionaryapi.dev/media/pronunciations/en/hello-uk.mp3", nil,
            "https://api.dictionaryapi.dev/media/pronunciations/en/hello-au.mp3",
        ])
        let spell = try await entries(fromBody: try Fixtures.referenceSample("en-spell.json"))
        #expect(spell.count == 4)
        #expect(spell[0].allSenses[0].synonyms == ["cantrip", "incantation"])
        let positive = try await entries(fromBody: try Fixtures.referenceSample("en-positive.json"))
        let adjective = try #require(positive.first?.senseGroups.first { $0.partOfSpeech?.name == "adjective" })
        #expect(adjective.senses[0].synonyms.isEmpty && adjective.senses[0].antonyms.isEmpty)
        #expect(adjective.synonyms.starts(with: ["certain", "sure"]))
    }
}
