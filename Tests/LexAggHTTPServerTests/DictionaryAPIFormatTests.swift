import Foundation
import LexAggCore
import LexAggDocuments
import LexAggFixtures
import LexAggHTTPServer
import Testing

/// The mapping from lexagg's entries to dictionaryapi.dev's shapes, rule by rule (DictionaryAPIFormat's numbered
/// rules), and the encoded JSON against the recorded real responses.
@Suite struct DictionaryAPIFormatTests {
    static let wiktionary = Provenance(provider: ProviderID("wiktionary")!, source: "https://en.wiktionary.org/wiki/test", retrievedAt: Date(timeIntervalSince1970: 0))
    static let wordnet = Provenance(provider: ProviderID("wordnet")!, source: "/usr/share/dictd/wn", retrievedAt: Date(timeIntervalSince1970: 0))
    static let sources: [ProviderID: DictionaryAPIFormat.SourceInfo] = [
        ProviderID("wiktionary")!: .init(name: "Wiktionary", license: "CC BY-SA 4.0"),
        ProviderID("wordnet")!: .init(name: "WordNet 3.0", license: nil),
    ]

    static func testEntry() -> Entry {
        let p = wiktionary
        return Entry(
            headword: "test", language: .english,
            pronunciations: [
                Pronunciation(text: "/test/", notation: .ipa, accent: "UK", audioURL: "https://example.org/test-uk.mp3", provenance: p),
                Pronunciation(text: "/tɛst/", notation: .ipa, provenance: p),
            ],
            senseGroups: [
                SenseGroup(partOfSpeech: .noun, senses: [
                    Sense(definition: "A challenge, trial.", synonyms: ["trial"], sources: [p]),
                    Sense(definition: "An examination.", examples: ["a maths test", "another"], labels: ["academia"],
                          synonyms: ["examination", "Trial"], antonyms: ["recess"],
                          subsenses: [Sense(definition: "A short quiz.", sources: [p])], sources: [p]),
                ]),
                SenseGroup(partOfSpeech: .verb, senses: [Sense(definition: "To challenge.", sources: [p])]),
            ],
            provenance: p
        )
    }

    @Test func oneElementPerEntryWithItsPhoneticsAndMeanings() throws {
        let elements = DictionaryAPIFormat.elements([Self.testEntry(), Self.testEntry()], sources: Self.sources)
        #expect(elements.count == 2)  // rule 1
        let element = elements[0]
        #expect(element.word == "test")
        #expect(element.phonetic == "/test/")  // rule 2
        #expect(element.phonetics.map(\.audio) == ["https://example.org/test-uk.mp3", ""])
        #expect(element.phonetics.map(\.text) == ["/test/", "/tɛst/"])
        #expect(element.meanings.map(\.partOfSpeech) == ["noun", "verb"])  // rule 3
        let noun = element.meanings[0]
        #expect(noun.definitions.map(\.definition) == ["A challenge, trial.", "(academia) An examination.", "A short quiz."])  // rule 4
        #expect(noun.definitions.map(\.example) == [nil, "a maths test", nil])
        #expect(noun.synonyms == ["trial", "examination"])  // rule 5: once each, ignoring case
        #expect(noun.antonyms == ["recess"])
        #expect(element.license.name == "CC BY-SA 4.0")  // rule 7
        #expect(element.license.url == "https://creativecommons.org/licenses/by-sa/4.0")
        #expect(element.sourceUrls == ["https://en.wiktionary.org/wiki/test"])
    }

    /// A recording with no transcription is a `phonetics` item with its `audio` and no `text`, as dictionaryapi.dev
    /// gives one; `phonetic` is still the first transcription.
    @Test func aRecordingAloneIsAnItemWithAudioOnly() throws {
        var entry = Self.testEntry()
        entry.pronunciations.insert(
            Pronunciation(text: "", notation: .ipa, accent: "US", audioURL: "https://example.org/test-us.ogg", provenance: Self.wiktionary), at: 0
        )
        let element = try #require(DictionaryAPIFormat.elements([entry], sources: Self.sources).first)
        #expect(element.phonetic == "/test/")
        #expect(element.phonetics.map(\.text) == [nil, "/test/", "/tɛst/"])
        #expect(element.phonetics.map(\.audio) == ["https://example.org/test-us.ogg", "https://example.org/test-uk.mp3", ""])
    }

    @Test func absentFieldsAreOmittedAndEmptyListsKept() throws {
        let entry = Entry(
            headword: "aaa", language: .english,
            senseGroups: [SenseGroup(partOfSpeech: nil, senses: [Sense(definition: "An alloy.", sources: [Self.wordnet])])],
            provenance: Self.wordnet
        )
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(DictionaryAPIFormat.elements([entry], sources: Self.sources))) as? [[String: Any]])
        let element = try #require(json.first)
        #expect(element["phonetic"] == nil)  // like `hello`: no top-level phonetic
        #expect((element["phonetics"] as? [Any])?.isEmpty == true)  // like `aaa`: an empty list, not absent
        #expect((element["sourceUrls"] as? [Any])?.isEmpty == true)  // a local file is not exposed
        let meaning = try #require((element["meanings"] as? [[String: Any]])?.first)
        #expect(meaning["partOfSpeech"] as? String == "")
        let definition = try #require((meaning["definitions"] as? [[String: Any]])?.first)
        #expect(definition["example"] == nil)
        #expect(definition["synonyms"] as? [String] == [])
        #expect(Set(definition.keys) == ["definition", "synonyms", "antonyms"])
        let license = try #require(element["license"] as? [String: String])
        #expect(license["name"] == "WordNet 3.0 licence")
        #expect(license["url"] == "https://wordnet.princeton.edu/license-and-commercial-use")
    }

    /// A merged entry credits every source whose text it shows, not only the first: their licences joined by `; `,
    /// the address of the first lexagg recognises.
    @Test func aMergedEntryNamesTheLicenceOfEverySource() throws {
        let gcide = Provenance(provider: ProviderID("gcide")!, source: "/usr/share/dictd/gcide", retrievedAt: Date(timeIntervalSince1970: 0))
        var sources = Self.sources
        sources[ProviderID("gcide")!] = .init(name: "GCIDE", license: "GPL 3.0 or later (GCIDE)")
        let entry = Entry(
            headword: "house", language: .english,
            pronunciations: [Pronunciation(text: "hous", notation: .ipa, provenance: gcide)],
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [
                Sense(definition: "a dwelling", sources: [Self.wordnet, Self.wiktionary]),
            ])],
            provenance: Self.wordnet
        )
        let element = try #require(DictionaryAPIFormat.elements([entry], sources: sources).first)
        #expect(element.license.name == "WordNet 3.0 licence; CC BY-SA 4.0; GPL 3.0 or later (GCIDE)")
        #expect(element.license.url == "https://wordnet.princeton.edu/license-and-commercial-use")
        #expect(element.sourceUrls == ["https://en.wiktionary.org/wiki/test"])
    }

    @Test func aBilingualEntryGivesItsTranslationsAsDefinitions() {
        let p = Self.wordnet
        let pair = LanguagePair(source: .english, target: Language("de")!)
        let entry = Entry(
            headword: "house", language: .english,
            translations: [
                Translation(text: "Haus", pair: pair, notes: ["neut"], partOfSpeech: .noun, provenance: p),
                Translation(text: "unterbringen", pair: pair, partOfSpeech: .verb, provenance: p),
                Translation(text: "Gebäude", pair: pair, partOfSpeech: .noun, provenance: p),
            ],
            provenance: p
        )
        let element = DictionaryAPIFormat.elements([entry], sources: Self.sources)[0]  // rule 6
        #expect(element.meanings.map(\.partOfSpeech) == ["noun", "verb"])
        #expect(element.meanings[0].definitions.map(\.definition) == ["Haus (neut)", "Gebäude"])
    }

    /// A sense with no text of its own gives its subsenses alone: GCIDE's *set* had `"definition": ""` items.
    @Test func aSenseWithoutTextGivesOnlyItsSubsenses() {
        let p = Self.wordnet
        let entry = Entry(
            headword: "set", language: .english,
            senseGroups: [SenseGroup(partOfSpeech: .verb, senses: [
                Sense(definition: "", subsenses: [Sense(definition: "To put.", sources: [p]), Sense(definition: "To fix.", sources: [p])], sources: [p]),
                Sense(definition: " ", sources: [p]),
                Sense(definition: "To sink.", sources: [p]),
            ])],
            provenance: p
        )
        let element = DictionaryAPIFormat.elements([entry], sources: Self.sources)[0]
        #expect(element.meanings[0].definitions.map(\.definition) == ["To put.", "To fix.", "To sink."])
    }

    @Test func entriesThatSayNothingAreLeftOut() {
        let empty = Entry(headword: "x", language: .english, provenance: Self.wordnet)
        #expect(DictionaryAPIFormat.elements([empty], sources: Self.sources).isEmpty)
    }

    /// The body's members come in the real API's order (`word, phonetic, phonetics, meanings, license, sourceUrls`;
    /// `text, audio`; `partOfSpeech, definitions, synonyms, antonyms`; `definition, synonyms, antonyms, example`), as
    /// every recorded response has them: a client that reads the body as text or compares it (a test's recorded
    /// reply) sees what the real API sends. Keys were sorted (`license, meanings, phonetic, …`).
    @Test func membersComeInTheRealAPIsOrder() throws {
        let body = JSONOutput.encodeCompactInOrder(DictionaryAPIFormat.elements([Self.testEntry()], sources: Self.sources))
        #expect(body.hasPrefix(#"[{"word":"test","phonetic":"/test/","phonetics":[{"text":"/test/","audio":"https://example.org/test-uk.mp3"},"#))
        #expect(body.contains(#""meanings":[{"partOfSpeech":"noun","definitions":[{"definition":"A challenge, trial.","synonyms":["trial"],"antonyms":[]},"#))
        #expect(body.contains(#"{"definition":"(academia) An examination.","synonyms":["examination","Trial"],"antonyms":["recess"],"example":"a maths test"}"#))
        #expect(body.hasSuffix(#""license":{"name":"CC BY-SA 4.0","url":"https://creativecommons.org/licenses/by-sa/4.0"},"sourceUrls":["https://en.wiktionary.org/wiki/test"]}]"#))
        // The error bodies byte for byte as recorded (title, message, resolution: JSON.stringify of the API's object).
        let notFound = JSONOutput.encodeCompactInOrder(DictionaryAPIError.noDefinitionsFound)
        #expect(notFound.hasPrefix(#"{"title":"No Definitions Found","message":"Sorry pal, "#))
        guard let samples = FixtureStore.referenceSamples else { return }
        for (name, error) in [("error-404-no-definitions", DictionaryAPIError.noDefinitionsFound), ("error-500-something-went-wrong", .somethingWentWrong)] {
            let recorded = try String(contentsOfFile: samples + "/dictionaryapi/\(name).json", encoding: .utf8)
            #expect(JSONOutput.encodeCompactInOrder(error) == recorded.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// The encoded element decodes as the real responses do: every key the recorded bodies always carry is there,
    /// with the same JSON types, and no key they never have.
    @Test func theEncodedShapeIsTheRecordedOne() throws {
        guard let samples = FixtureStore.referenceSamples else { return }
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(DictionaryAPIFormat.elements([Self.testEntry()], sources: Self.sources)))
        var recorded: Set<String> = []
        for name in ["en-hello", "en-test", "en-keyboard", "en-spell", "en-aaa", "en-positive"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: samples + "/dictionaryapi/\(name).json"))
            recorded.formUnion(JSONShape.paths(of: try JSONSerialization.jsonObject(with: data)))
        }
        // Documented (api-formats.md section 2) as a list of words like `synonyms`, though no recorded body has one.
        recorded.insert("[].meanings[].definitions[].antonyms[]:string")
        let ours = JSONShape.paths(of: encoded)
        #expect(ours.subtracting(recorded).isEmpty, "keys or types the real API never has: \(ours.subtracting(recorded).sorted())")
        for required in ["[].word:string", "[].phonetics:array", "[].meanings[].partOfSpeech:string", "[].meanings[].definitions[].definition:string",
                         "[].meanings[].definitions[].synonyms:array", "[].meanings[].synonyms:array", "[].license.name:string",
                         "[].license.url:string", "[].sourceUrls:array", "[].phonetics[].audio:string"] {
            #expect(ours.contains(required), "missing \(required)")
        }
    }

    @Test func theErrorObjectsHaveTheRealTexts() throws {
        guard let samples = FixtureStore.referenceSamples else { return }
        for (file, error) in [("error-404-no-definitions", DictionaryAPIError.noDefinitionsFound), ("error-500-something-went-wrong", .somethingWentWrong)] {
            let data = try Data(contentsOf: URL(fileURLWithPath: samples + "/dictionaryapi/\(file).json"))
            #expect(try JSONDecoder().decode(DictionaryAPIError.self, from: data) == error)
        }
        let text = try String(contentsOfFile: samples + "/dictionaryapi/error-429-rate-limited.txt", encoding: .utf8)
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == DictionaryAPIError.rateLimitedText)
    }
}

/// The set of `path:type` of a JSON value (`[].meanings[].definitions[].definition:string`), arrays merged.
enum JSONShape {
    static func paths(of value: Any, at path: String = "") -> Set<String> {
        switch value {
        case let array as [Any]:
            var result: Set<String> = [path + ":array"]
            for item in array { result.formUnion(paths(of: item, at: path + "[]")) }
            return path.isEmpty ? result.subtracting([":array"]) : result
        case let object as [String: Any]:
            var result: Set<String> = path.isEmpty ? [] : [path + ":object"]
            for (key, item) in object { result.formUnion(paths(of: item, at: path + "." + key)) }
            return result
        case is String: return [path + ":string"]
        case is NSNumber: return [path + ":number"]
        default: return [path + ":null"]
        }
    }
}
