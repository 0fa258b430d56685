@testable import DictDatabaseProvider
@testable import LexAggDictFormats
import LexAggCore
import LexAggFixtures
import Testing

@Suite struct WordNetFormatTests {
    @Test func groupsSensesByPartOfSpeechWithExamplesAndSynonyms() {
        let text = """
            bank
                n 1: sloping land (especially the slope beside a body of water);
                     "they pulled the canoe up on the bank"; "he sat on the bank
                     of the river and watched the currents"
                2: a financial institution that accepts deposits and channels
                   the money into lending activities; "he cashed a check at the
                   bank" [syn: {depository financial institution}, {bank}, {banking
                   concern}]
                v 1: tip laterally; "the pilot had to bank the aircraft"
                2: put into a bank account [syn: {deposit}, {bank}] [ant: {draw},
                   {take out}]

            """
        let parsed = WordNetFormat.parse(text)
        #expect(parsed.headword == "bank")
        #expect(parsed.groups.map(\.partOfSpeech) == [.noun, .verb])
        #expect(parsed.groups[0].senses == [
            .init(
                definition: "sloping land (especially the slope beside a body of water)",
                examples: ["they pulled the canoe up on the bank", "he sat on the bank of the river and watched the currents"],
                synonyms: [], antonyms: []
            ),
            .init(
                definition: "a financial institution that accepts deposits and channels the money into lending activities",
                examples: ["he cashed a check at the bank"],
                synonyms: ["depository financial institution", "banking concern"], antonyms: []
            ),
        ])
        #expect(parsed.groups[1].senses[1] == .init(
            definition: "put into a bank account", examples: [], synonyms: ["deposit"], antonyms: ["draw", "take out"]
        ))
    }

    @Test(arguments: [
        ("x\n    n 1: only one sense\n", PartOfSpeech.noun, "only one sense"),
        ("x\n    adj 1: very calm; \"a serene sky\"\n", .adjective, "very calm"),
        ("x\n    adv 1: in a serene manner\n", .adverb, "in a serene manner"),
        ("x\n    v 1: an unclosed \"example\n", .verb, "an unclosed"),
    ])
    func readsEachPartOfSpeechMarker(text: String, partOfSpeech: PartOfSpeech, definition: String) {
        let parsed = WordNetFormat.parse(text)
        #expect(parsed.groups.first?.partOfSpeech == partOfSpeech)
        #expect(parsed.groups.first?.senses.first?.definition == definition)
    }

    @Test func anUnclosedQuoteKeepsItsExample() {
        let parsed = WordNetFormat.parse("x\n    v 1: an unclosed \"example\n")
        #expect(parsed.groups[0].senses[0].examples == ["example"])
    }

    @Test func emptyTextHasNoSenses() {
        #expect(WordNetFormat.parse("").groups.isEmpty)
        #expect(WordNetFormat.parse("headword only\n").groups.isEmpty)
    }
}

@Suite struct FreeDictFormatTests {
    @Test func readsHeadwordPronunciationTranslationsExamplesAndNotes() {
        let text = """
            Essen /ˈɛsən/ <neut, n, sg>
            food <n>, tucker <n> [Austr.]
                  "Essen und Trinken"  - food and drink
               Synonym: {Nahrung}

             see: {Sommeressen}, {Buschnahrung}

                     Note: Mittag- oder Abendessen

            """
        let parsed = FreeDictFormat.parse(text)
        #expect(parsed.headword == "Essen")
        #expect(parsed.pronunciation == "/ˈɛsən/")
        #expect(parsed.partOfSpeech == .noun)
        #expect(parsed.translations == [
            .init(
                text: "food", notes: ["n"], context: "Mittag- oder Abendessen",
                examples: [.init(source: "Essen und Trinken", target: "food and drink")]
            ),
            .init(text: "tucker", notes: ["n", "Austr."], context: "Mittag- oder Abendessen", examples: []),
        ])
        #expect(parsed.synonyms == ["Nahrung"])
    }

    @Test(arguments: [
        ("1. mégère, peau de vache, rosse", ["mégère", "peau de vache", "rosse"]),
        ("Geschlecht <neut>, Familie <fem>", ["Geschlecht", "Familie"]),
        (" [Am.] öffnende runde Klammer(", ["öffnende runde Klammer("]),
        ("Ding (a, b), Sache", ["Ding (a, b)", "Sache"]),
        ("<fem>", []),
    ])
    func splitsTranslationLines(line: String, expected: [String]) {
        #expect(FreeDictFormat.translationLine(Substring(line)).map(\.text) == expected)
    }

    @Test(arguments: [
        ("house /hˈaʊs/", "house", "/hˈaʊs/"),
        ("… and a half /and ɐ hˈɑːf/", "… and a half", "/and ɐ hˈɑːf/"),
        ("dollar sign /dˈɒlə sˈaɪn/ ($)", "dollar sign", "/dˈɒlə sˈaɪn/"),
        ("plain headword", "plain headword", nil),
        // espeak's language switches around a loanword go (`/(en)hˈaʊs(de)/` was shown for German *House*); a lone
        // parenthesis is an optional sound and stays.
        ("House /(en)hˈaʊs(de)/ <fem, n, sg>", "House", "/hˈaʊs/"),
        ("Iles de la Reine-Elisabeth /ˈil də- la- ʁˈɛn (en)ɪlˈɪzəbəθ(fr)/ <n>", "Iles de la Reine-Elisabeth", "/ˈil də- la- ʁˈɛn ɪlˈɪzəbəθ/"),
        ("5α-Dihydrotestosteron /fˈynf (el)ˈalfa(de) dˈiːydɾˌoːtɛstˌɔsteːrˌoːn/ <neut, n, sg>", "5α-Dihydrotestosteron",
         "/fˈynf ˈalfa dˈiːydɾˌoːtɛstˌɔsteːrˌoːn/"),
        ("Jésus-Christ /ʒezykʀi(st)/ <n>", "Jésus-Christ", "/ʒezykʀi(st)/"),
        ("vaste /vast(ə)/ <adj>", "vaste", "/vast(ə)/"),
    ])
    func readsHeadLines(line: String, headword: String, pronunciation: String?) {
        let (parsedHeadword, parsedPronunciation, _) = FreeDictFormat.headLine(line)
        #expect(parsedHeadword == headword)
        #expect(parsedPronunciation == pronunciation)
    }

    /// dictfmt wraps WordNet's text after the hyphen of a hyphenated word; the two lines join without a space
    /// (`how-do-you-do`, not `how- do-you-do`), both ways of reading. A hyphen after a space is a dash, and stays apart.
    @Test func aWordWrappedAfterItsHyphenIsJoinedWhole() throws {
        let text = "hello\n    n 1: an expression of greeting [syn: {hullo}, {how-\n         do-you-do}]; (one ten-\n         thousandth) -\n         see also\n"
        for parsed in [try #require(WordNetFormat.parseASCII(text)), WordNetFormat.parseCharacters(text), WordNetFormat.parseCharacters(text + "é")] {
            let sense = try #require(parsed.groups.first?.senses.first)
            #expect(sense.synonyms == ["hullo", "how-do-you-do"], "\(sense)")
            #expect(sense.definition.contains("(one ten-thousandth) - see also"), "\(sense.definition)")
        }
    }

    /// WordNet marks an adjective's position in its lists (`{big(a)}` before a noun, `{great(p)}` as a predicate,
    /// `(ip)` right after one): the synonyms are the words (`with child(p)` was shown as it stood); one that is the
    /// headword so marked is left out like the headword.
    @Test func adjectivePositionMarkersAreNotPartOfTheSynonyms() throws {
        let text = "big\n    adj 1: in an advanced stage of pregnancy [syn: {big(p)}, {enceinte},\n           {great(p)}, {with child(p)}, {elect(ip)}, {(a)}]\n"
        for parsed in [try #require(WordNetFormat.parseASCII(text)), WordNetFormat.parseCharacters(text)] {
            #expect(parsed.groups.first?.senses.first?.synonyms == ["enceinte", "great", "with child", "elect", "(a)"])
        }
    }

    /// ASCII entries are read byte by byte; that reading must give what reading Characters gives, on WordNet's own text
    /// and on layouts WordNet does not have.
    @Test func readingBytesGivesWhatReadingCharactersGives() async throws {
        let made = [
            "bank\n    n 1: a; \"one\"; \"two\n     three\" [syn: {Bank}, {x  y}] [ant: {z}] [also: {w}]\n    2: b ;  :\n",
            "x\n  n: odd marker [syn: {a}\n    3 4: two numbers\n    q 9: \"unclosed\n    : empty marker\n    no colon\n",
            "", "\n\n", "word\n    v 1: [ant: {a}, {b] \"\" \" \" ;;\n      [syn: {c}]\n   adj 2: x\n",
        ]
        for text in made {
            #expect(WordNetFormat.parseASCII(text) == WordNetFormat.parseCharacters(text), "\(text)")
        }
        #expect(WordNetFormat.parseASCII("caf\u{E9}\n    n 1: x\n") == nil, "not ASCII: read by Characters")
        #expect(WordNetFormat.parseASCII("a\r\n    n 1: x\r\n") == nil, "a carriage return: read by Characters")
        // Every 97th entry of the embedded WordNet (about 1,500), both ways.
        let mismatches = try await offThePool { () throws -> [String] in
            let index = try DictIndex(path: TestDatabases.embeddedWordNet + ".index")
            let body = try PlainDictBody(path: TestDatabases.embeddedWordNet + ".dict")
            let lines = String(decoding: TestDatabases.readBytes(TestDatabases.embeddedWordNet + ".index"), as: UTF8.self)
                .split(separator: "\n")
            var mismatches: [String] = []
            for line in stride(from: 0, to: lines.count, by: 97).map({ lines[$0] }) {
                let headword = String(line.split(separator: "\t")[0])
                for location in index.lookup(headword) {
                    let text = String(decoding: try body.read(offset: location.offset, length: location.length), as: UTF8.self)
                    let bytes = WordNetFormat.parseASCII(text)
                    if bytes != nil && bytes != WordNetFormat.parseCharacters(text) { mismatches.append(headword) }
                }
            }
            return mismatches
        }
        #expect(mismatches.isEmpty)
    }
}

@Suite struct PlainTextFormatTests {
    @Test func tidiesIndentationAndBlankLines() {
        let text = "House \\House\\, n.\n   1. A structure.   \n\n\n      [1913 Webster]\n\n"
        #expect(PlainTextFormat.tidy(text) == "House \\House\\, n.\n   1. A structure.\n\n      [1913 Webster]")
    }

    @Test(arguments: [
        ("House \\House\\ (hous), n.", "house", IndexOrder.legacy, "House"),
        ("… and a half /and/", " and a half", .utf8, "… and a half"),
        ("ice cream", "ice cream", .allchars, "ice cream"),
        ("Something else", "house", .legacy, nil),
    ] as [(String, String, IndexOrder, String?)])
    func findsTheDisplayHeadword(line: String, key: String, order: IndexOrder, expected: String?) {
        #expect(PlainTextFormat.displayHeadword(firstLine: Substring(line), indexKey: Array(key.utf8), order: order) == expected)
    }
}

@Suite struct HeadwordLineWordsTests {
    /// The byte-wise split of ASCII lines gives what splitting Characters at spaces gives; other lines take that split.
    @Test(arguments: [
        "", " ", "house", "  ice  cream ", "a b c", "House \\House\\ (hous), n.", "tab\there", "crlf\r\n x",
        "… and a half /and/", "e\u{301} x", " \u{301}combining after a space", "日本 語",
    ])
    func splitsAsCharactersDo(line: String) {
        let expected = Substring(line).split(separator: " ", omittingEmptySubsequences: true)
        #expect(PlainTextFormat.words(Substring(line)) == expected)
        // Inside a longer string, as entries hand it over.
        let longer = "x\n" + line + "\ny"
        let slice = longer.split(separator: "\n", omittingEmptySubsequences: false)[1]
        #expect(PlainTextFormat.words(slice) == slice.split(separator: " ", omittingEmptySubsequences: true))
    }
}
