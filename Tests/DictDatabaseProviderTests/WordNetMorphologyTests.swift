import DictDatabaseProvider
import LexAggCore
import LexAggDictFormats
import Testing

@Suite struct WordNetMorphologyTests {
    static let morphology = WordNetMorphology(exceptionLists: [
        .noun: "children child\nmice mouse\nis is\n",
        .verb: "went go\ngone go\nlying lie\n",
        .adj: "better good well\nbest good\n",
    ])

    func lemmas(_ word: String) -> [String] { Self.morphology.candidates(for: word).map(\.lemma) }

    @Test func detachmentRulesProposeEveryCandidateInMorphysOrder() {
        #expect(lemmas("walked") == ["walke", "walk"], "ed→e before ed→'', as in Morphy; the dictionary decides")
        #expect(lemmas("houses").prefix(2) == ["house", "hous"])
        #expect(lemmas("boxes").contains("box"))
        #expect(lemmas("women").contains("woman"))
        #expect(lemmas("cities").contains("city"))
        #expect(lemmas("readied").contains("ready"))
        #expect(lemmas("taller").contains("tall"))
        #expect(lemmas("largest").contains("large"))
    }

    @Test func comparativesInIerAndDerivationsInLyAndNessFindTheirAdjective() {
        #expect(Self.morphology.candidates(for: "huffiest").contains { $0.lemma == "huffy" && $0.form == "superlative" })
        #expect(lemmas("stubbier").contains("stubby"))
        #expect(Self.morphology.candidates(for: "untiringly").last.map { [$0.lemma, $0.form] } == ["untiring", "adverb"])
        #expect(lemmas("cattily").contains("catty"))
        #expect(lemmas("halfheartedness").contains("halfhearted"))
        #expect(lemmas("fly").isEmpty, "too short to be a derivation")
    }

    @Test func aDoubledConsonantBelongsToTheSuffix() {
        #expect(lemmas("stopped").contains("stop"))
        #expect(lemmas("running").contains("run"))
        #expect(lemmas("bigger").contains("big"))
        #expect(!lemmas("called").contains("cal"), "ll is kept: call, not cal")
    }

    @Test func irregularFormsComeFromTheExceptionListsWithTheirForm() {
        let went = Self.morphology.candidates(for: "went")
        #expect(went.first?.lemma == "go")
        #expect(went.first?.form == "form", "the list does not say which form 'went' is")
        #expect(Self.morphology.candidates(for: "mice").first.map { [$0.lemma, $0.form] } == ["mouse", "plural"])
        #expect(Self.morphology.candidates(for: "better").prefix(2).map(\.lemma) == ["good", "well"])
        #expect(Self.morphology.candidates(for: "better").first?.form == "comparative")
        #expect(Self.morphology.candidates(for: "best").first?.form == "superlative")
        #expect(Self.morphology.candidates(for: "lying").first?.form == "present participle")
    }

    @Test func theWordItselfAndNounsInSsAreNeverCandidates() {
        #expect(!lemmas("is").contains("is"))
        #expect(!lemmas("glass").contains("glas"))
        #expect(lemmas("a").isEmpty)
    }

    @Test func aPossessiveIsItsNounsAndAPluralPossessiveItsNounsPlural() {
        #expect(Self.morphology.candidates(for: "musician's").first.map { [$0.lemma, $0.form] } == ["musician", "possessive"])
        #expect(Self.morphology.candidates(for: "Musicians’").map(\.lemma).prefix(2) == ["musicians", "musician"])
        #expect(Self.morphology.candidates(for: "musicians'").dropFirst().first?.form == "possessive plural")
        #expect(lemmas("children's").prefix(2) == ["children", "child"])
        #expect(Self.morphology.candidates(for: "children's").last?.form == "possessive plural")
        #expect(lemmas("'s").isEmpty)
    }

    /// `dogs's` is no English form: its owner `dogs` is a plural, whose possessive is `dogs'`. Only the owner as
    /// written is proposed (a name in -s: `James's`), never its singular, and a possessive owns only nouns.
    @Test func aPossessiveInSApostropheSIsOnlyItsOwnerAsWritten() {
        #expect(lemmas("dogs's") == ["dogs"])
        #expect(lemmas("James's") == ["james"])
        #expect(lemmas("bus's") == ["bus"])
        #expect(!lemmas("walked's").contains("walk"), "a possessive is a noun's, not a verb's")
        #expect(!lemmas("biggest's").contains("big"))
        #expect(lemmas("Brenton's") == ["brenton"])
    }

    @Test func phrasesInflectOneWord() {
        #expect(lemmas("walked out").contains("walk out"))
        #expect(lemmas("mice nests").contains("mouse nests"))
    }

    @Test func theEmbeddedWordNetKeepsOnlyLemmasItKnows() async throws {
        let wordnet = DictDatabase(
            id: .wordnet, indexPath: TestDatabases.embeddedWordNet + ".index", bodyPath: TestDatabases.embeddedWordNet + ".dict.dz",
            format: .wordnet, displayName: "WordNet"
        )
        #expect(wordnet.descriptor.capabilities.contains(.lemmas))
        func lemmas(_ word: String) async throws -> [FormOf] { try await wordnet.lemmas(of: LookupQuery(word)) }
        #expect(try await lemmas("walked") == [FormOf(lemma: "walk", form: "past tense")])
        #expect(try await lemmas("houses").first == FormOf(lemma: "house", form: "plural"))
        #expect(try await lemmas("went").first?.lemma == "go", "verb.exc ships beside the embedded WordNet")
        #expect(try await lemmas("children") == [FormOf(lemma: "child", form: "plural")])
        #expect(try await lemmas("mice").first == FormOf(lemma: "mouse", form: "plural"))
        #expect(try await lemmas("grabbed") == [FormOf(lemma: "grab", form: "past tense")])
        #expect(try await lemmas("stopped").isEmpty, "WordNet has the adjective 'stopped'")
        #expect(try await lemmas("serendipity").isEmpty, "a headword is its own lemma")
        #expect(try await lemmas("glasses").isEmpty, "WordNet has 'glasses' (spectacles): not looked up as 'glass'")
        #expect(try await lemmas("xyzzyqqed").isEmpty)
    }

    /// GCIDE has headwords WordNet lacks; the same morphology, kept to GCIDE's own headwords, finds them.
    @Test func gcideKeepsTheLemmasItHas() async throws {
        let gcide = TestDatabases.fixture("gcide")
        #expect(gcide.descriptor.capabilities.contains(.lemmas))
        #expect(try await gcide.lemmas(of: LookupQuery("houses")).first == FormOf(lemma: "house", form: "plural"))
        #expect(try await gcide.lemmas(of: LookupQuery("house")).isEmpty, "a headword is its own lemma")
        #expect(try await gcide.lemmas(of: LookupQuery("walked")).isEmpty, "the fixture has no 'walk'")
    }

    /// The exception lists are read byte by byte when they are ASCII; that reading must be the Characters' one.
    @Test func readingBytesAndCharactersGiveTheSameTables() throws {
        func both(_ text: String) -> ([String: [String]]?, [String: [String]]) {
            var copy = text
            return (copy.withUTF8(WordNetMorphology.asciiTable), WordNetMorphology.table(readingCharactersOf: text))
        }
        let tricky = "went go\n\nbest  good well \n a__b  c_ _d _\nalone\n\u{0B}lay lie\u{0C}x_y x\nwent gone_by\nlast last"
        let (bytes, characters) = both(tricky)
        #expect(bytes == characters)
        #expect(characters["went"] == ["go", "gone by"])
        #expect(characters["a b"] == ["c", "d", ""], "a lone _ is an empty word, as the Characters' reading has it")
        for name in ["noun", "verb", "adj", "adv"] {
            let path = DictDatabaseDiscovery.embeddedDirectory()! + "/\(name).exc"
            let text = String(decoding: TestDatabases.readBytes(path), as: UTF8.self)
            let (fast, slow) = both(text)
            #expect(fast != nil, "\(name).exc is ASCII")
            #expect(fast == slow, "\(name).exc")
            #expect(slow.count > 0)
        }
        #expect(both("caf\u{E9}s caf\u{E9}").0 == nil, "not ASCII: read by Characters")
        #expect(both("a b\r\nc d").0 == nil, "a carriage return: read by Characters")
    }
}
