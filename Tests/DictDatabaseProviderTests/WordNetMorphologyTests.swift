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
        #expect(lemmas("walked").prefix(2) == ["walke", "walk"], "ed→e before ed→'', as in Morphy; the dictionary decides")
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
        #expect(Self.morphology.candidates(for: "untiringly").contains { $0.lemma == "untiring" && $0.form == "adverb" })
        #expect(lemmas("cattily").contains("catty"))
        #expect(lemmas("halfheartedness").contains("halfhearted"))
        #expect(lemmas("fly").isEmpty, "too short to be a derivation")
    }

    @Test func aDoubledConsonantBelongsToTheSuffix() {
        #expect(lemmas("stopped").contains("stop"))
        #expect(lemmas("running").contains("run"))
        #expect(lemmas("bigger").contains("big"))
        #expect(lemmas("called").firstIndex(of: "call")! < (lemmas("called").firstIndex(of: "cal") ?? .max), "call before cal")
        #expect(lemmas("travelled").contains("travel"), "British spelling doubles the l")
        #expect(lemmas("backpedalling").contains("backpedal"))
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

    /// A closed compound inflects as its head word does; the exception lists name only the head's forms.
    @Test func aClosedCompoundInflectsLikeItsHeadWord() {
        #expect(Self.morphology.candidates(for: "schoolchildren").first.map { [$0.lemma, $0.form] } == ["schoolchild", "plural"])
        #expect(lemmas("dormice").contains("dormouse"))
        #expect(Self.morphology.candidates(for: "undergone").contains { $0.lemma == "undergo" && $0.form == "past participle" })
        #expect(!lemmas("ice").contains("mouse"), "a head needs something before it")
    }

    /// Classical plurals the lists do not name, after the English rules (the dictionary keeps the ones it knows).
    @Test func classicalPluralsAreTriedAfterTheEnglishRules() {
        #expect(lemmas("aviatrices").contains("aviatrix"))
        #expect(lemmas("vortices").contains("vortex"))
        #expect(lemmas("staccati").contains("staccato"))
        #expect(lemmas("cacti").contains("cactus"))
        #expect(lemmas("stigmata").contains("stigma"))
        #expect(lemmas("criteria").contains("criterion"))
        #expect(lemmas("bacteria").contains("bacterium"))
        #expect(lemmas("larvae").contains("larva"))
        #expect(lemmas("plateaux").contains("plateau"))
        #expect(lemmas("cherubim").contains("cherub"))
        let boxes = lemmas("indices")
        #expect(boxes.firstIndex(of: "indice")! < boxes.firstIndex(of: "index")!, "English rules first")
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
        #expect(Self.morphology.candidates(for: "children's").contains { $0.lemma == "child" && $0.form == "possessive plural" })
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
        #expect(lemmas("Brenton's").first == "brenton")
        #expect(!Self.morphology.candidates(for: "Brenton's").contains { $0.form.contains("plural") }, "a name owns as written")
    }

    /// After the inflections, what the word or one of its forms may be derived from (the dictionary keeps those it
    /// has): a suffix's stem, a prefix's base, a closed compound's open or hyphenated spelling.
    @Test func derivationsComeAfterTheInflectionsAndNameTheFormTheyWentThrough() {
        func form(_ word: String, _ lemma: String) -> String? {
            Self.morphology.candidates(for: word).first { $0.lemma == lemma }?.form
        }
        #expect(form("glitzy", "glitz") == "adjective")
        #expect(form("banjoist", "banjo") == "agent noun")
        #expect(form("multiplexor's", "multiplexer") == "possessive of multiplexor, spelling variant")
        #expect(form("nerdiest", "nerd") == "superlative of nerdy, adjective", "a form, then the derivation of its stem")
        #expect(form("reoccurs", "occur") == "a form of reoccur, re- (again) +", "-s may be a plural or a verb's form")
        #expect(form("preshrinking", "shrink") == "present participle of preshrink, pre- (before) +")
        #expect(form("mistype", "type") == "mis- (wrongly) +")
        #expect(form("gigapixel", "pixel") == "giga- (a billion) +")
        #expect(form("antivirus", "virus") == "anti- (against) +")
        #expect(form("cohosts", "host") == "a form of cohost, co- (together) +")
        #expect(form("wastepaper", "waste paper") == "one-word spelling")
        #expect(form("jellybeans", "jelly-bean") == "a form of jellybean, one-word spelling")
        #expect(form("halfheartedness's", "halfhearted") == "possessive of halfheartedness, noun")
        let walked = lemmas("walked")
        #expect(walked.prefix(2) == ["walke", "walk"], "inflections first")
        #expect(!lemmas("dogs's").contains("dog"))
        #expect(!lemmas("rear").contains("ar"), "a prefix leaves at least three letters")
        #expect(!lemmas("gooey").contains("goo"), "-y leaves at least four")
        #expect(!lemmas("walked out").contains { $0.contains("-") }, "a phrase is only inflected")
        #expect(lemmas("Mindy").isEmpty && lemmas("Renee's") == ["renee"], "a name is not derived from anything")
    }

    /// A dictionary probes the derivations only when it has none of the inflections' lemmas: `jellybeans` is the
    /// plural of `jellybean` where that is known, and none of its compound splits is looked up.
    @Test func derivationsAreOnlyProbedWhenNoInflectionIsKnown() {
        var probed: [String] = []
        let inflected = Self.morphology.knownCandidates(for: "jellybeans") { probed.append($0); return $0 == "jellybean" }
        #expect(inflected.map { [$0.lemma, $0.form] } == [["jellybean", "plural"]])
        #expect(!probed.contains { $0.contains(" ") || $0.contains("-") }, "no compound split probed: \(probed)")
        probed = []
        let derived = Self.morphology.knownCandidates(for: "jellybeans") { probed.append($0); return $0 == "jelly-bean" }
        #expect(derived.map { [$0.lemma, $0.form] } == [["jelly-bean", "a form of jellybean, one-word spelling"]])
        #expect(probed.filter { $0 == "jellybean" }.count == 1, "each lemma is probed once")
        #expect(Self.morphology.knownCandidates(for: "Mindy") { _ in true }.isEmpty, "a name is not derived")
    }

    @Test func phrasesInflectOneWord() {
        #expect(lemmas("walked out").contains("walk out"))
        #expect(lemmas("mice nests").contains("mouse nests"))
    }

    @Test func theEmbeddedWordNetKeepsOnlyLemmasItKnows() async throws {
        let wordnet = DictDatabase(
            id: .wordnet, indexPath: TestDatabases.embeddedWordNet + ".index", bodyPath: TestDatabases.embeddedWordNet + ".dict",
            format: .wordnet, displayName: "WordNet"
        )
        #expect(wordnet.descriptor.capabilities.contains(.lemmas))
        func lemmas(_ word: String) async throws -> [FormOf] { try await wordnet.lemmas(of: LookupQuery(word)) }
        #expect(try await lemmas("walked") == [FormOf(lemma: "walk", form: "past tense")])
        #expect(try await lemmas("houses").first == FormOf(lemma: "house", form: "plural or third-person singular"))
        #expect(try await lemmas("went").first?.lemma == "go", "verb.exc ships beside the embedded WordNet")
        #expect(try await lemmas("children") == [FormOf(lemma: "child", form: "plural")])
        #expect(try await lemmas("mice").first == FormOf(lemma: "mouse", form: "plural"))
        #expect(try await lemmas("grabbed") == [FormOf(lemma: "grab", form: "past tense")])
        #expect(try await lemmas("stopped").isEmpty, "WordNet has the adjective 'stopped'")
        #expect(try await lemmas("serendipity").isEmpty, "a headword is its own lemma")
        #expect(try await lemmas("glasses").isEmpty, "WordNet has 'glasses' (spectacles): not looked up as 'glass'")
        #expect(try await lemmas("xyzzyqqed").isEmpty)
        // Beyond the lists and Morphy's rules: compounds and classical plurals WordNet has the lemma of.
        #expect(try await lemmas("schoolchildren") == [FormOf(lemma: "schoolchild", form: "plural")])
        #expect(try await lemmas("overeaten") == [FormOf(lemma: "overeat", form: "past participle")], "not over- + eaten")
        #expect(try await lemmas("aviatrices") == [FormOf(lemma: "aviatrix", form: "plural")])
        #expect(try await lemmas("staccati") == [FormOf(lemma: "staccato", form: "plural")])
        // Derivations, after everything else.
        #expect(try await lemmas("wastepaper") == [FormOf(lemma: "waste paper", form: "one-word spelling")])
        #expect(try await lemmas("reoccurs").first == FormOf(lemma: "occur", form: "a form of reoccur, re- (again) +"))
        #expect(try await lemmas("glitzy").first == FormOf(lemma: "glitz", form: "adjective"))
        // A form of a part of speech the lemma has, named by each such reading: `lies` is no verb form of the noun
        // *li*, `indices` none of the noun *Indic*; `was` is no plural of *WA*, `has` none of *HA* (they were added
        // as second lemmas); `goes` is the plural (the game) or the third person of *go*.
        #expect(try await lemmas("lies") == [FormOf(lemma: "lie", form: "plural or third-person singular")])
        #expect(try await lemmas("indices") == [FormOf(lemma: "index", form: "plural")])
        #expect(try await lemmas("was").map(\.lemma) == ["be"])
        #expect(try await lemmas("has").map(\.lemma) == ["have"])
        #expect(try await lemmas("goes") == [FormOf(lemma: "go", form: "plural or third-person singular")])
        #expect(try await lemmas("leaves") == [FormOf(lemma: "leaf", form: "plural"), FormOf(lemma: "leave", form: "plural or third-person singular")])
        #expect(try await lemmas("Americans").first?.lemma == "american", "a capitalised lemma of a capitalised word")
        // English spelling: `hoped` and `hoping` are *hope*'s (*hop*'s are hopped, hopping), `wines` *wine*'s (not
        // *win*'s); `goes`, `boxes` keep their -es stems, `visited` its stem.
        #expect(try await lemmas("hoped").map(\.lemma) == ["hope"])
        #expect(try await lemmas("hoping").map(\.lemma) == ["hope"])
        #expect(try await lemmas("wines").map(\.lemma) == ["wine"])
        #expect(try await lemmas("boxes").map(\.lemma).contains("box"))
        #expect(try await lemmas("visited").map(\.lemma) == ["visit"])
    }

    /// GCIDE has headwords WordNet lacks; the same morphology, kept to GCIDE's own headwords, finds them.
    @Test func gcideKeepsTheLemmasItHas() async throws {
        let gcide = TestDatabases.fixture("gcide")
        #expect(gcide.descriptor.capabilities.contains(.lemmas))
        #expect(try await gcide.lemmas(of: LookupQuery("houses")).first == FormOf(lemma: "house", form: "plural"))
        #expect(try await gcide.lemmas(of: LookupQuery("house")).isEmpty, "a headword is its own lemma")
        #expect(try await gcide.lemmas(of: LookupQuery("walked")).isEmpty, "the fixture has no 'walk'")
    }

    /// The eight-bytes-at-a-time check of a list's lines says what the byte-by-byte rule says, for every byte value at
    /// every place in lines of up to 17 bytes (two words and some).
    @Test func printableASCIIIsCheckedAsByteByByte() {
        var wrong: [String] = []
        for length in 0...17 {
            for place in 0..<max(length, 1) {
                for value in 0...255 {
                    var line = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { line[place] = UInt8(value) }
                    let expected = line.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
                    let checked = line.withUnsafeBufferPointer { WordNetExceptionList.SortedLines.isPrintableASCII($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: length) }
                    if checked != expected { wrong.append("\(length)/\(place)/\(value)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    /// A sorted ASCII exception list is searched in place; it must give the lemmas the Characters' reading gives.
    @Test func searchingInPlaceGivesWhatReadingCharactersGives() throws {
        func agree(_ text: String, also more: [String] = [], sorted: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
            let list = WordNetExceptionList(text)
            if case .sorted = list {
                #expect(sorted, "searched in place", sourceLocation: sourceLocation)
            } else {
                #expect(!sorted, "read into a table", sourceLocation: sourceLocation)
            }
            let table = WordNetExceptionList.table(readingCharactersOf: text)
            for form in Array(table.keys) + more {
                #expect(list.lemmas(of: form) == (table[form] ?? []), "\(form)", sourceLocation: sourceLocation)
            }
        }
        let made = "a_b c_ _d _\nalone\nbest good well\nbest better_than_ever\nlay lie\nwent go\nwent gone_by\n"
        agree(made, also: ["a_b", "a  b", " a b", "best ", "x", "", "alone", "zzz", "0"], sorted: true)
        #expect(WordNetExceptionList(made).lemmas(of: "a b") == ["c", "d", ""], "a lone _ is an empty word")
        #expect(WordNetExceptionList(made).lemmas(of: "best") == ["good", "well", "better than ever"])
        agree("went go\nbest good\n", also: ["x"], sorted: false)                // not sorted
        agree("a_ x\nb y\n", also: ["a"], sorted: false)                          // a form ending in _
        agree("a__b x\nb y\n", also: ["a b"], sorted: false)                      // a doubled _
        agree(" a x\nb y\n", also: ["a"], sorted: false)                          // leading space
        agree("a x\r\nb y\r\n", also: ["a", "b"], sorted: false)                 // carriage returns
        agree("a x\u{0B}b y\n", also: ["a", "b"], sorted: false)                  // another line break
        agree("caf\u{E9} caf\u{E9}\nd e\n", also: ["caf\u{E9}"], sorted: false)   // not ASCII
        agree("a x\u{7F}\nb y\n", also: ["a", "b"], sorted: false)                // a control character
        agree("ab x\nab y\nabc z\n", also: ["ab", "abc"], sorted: true)           // a repeated form, a longer one after
        agree("abc x\nab y\n", also: ["ab", "abc"], sorted: false)                 // a longer form before its prefix
        for name in ["noun", "verb", "adj", "adv"] {
            let path = DictDatabaseDiscovery.embeddedDirectory()! + "/\(name).exc"
            agree(String(decoding: TestDatabases.readBytes(path), as: UTF8.self), also: ["walk", "zzz"], sorted: true)
        }
    }
}
