import Foundation
import LexAggCore
import ProviderConformance
import Testing
import WiktionaryProvider

/// Renders one fragment of wikitext.
private func render(_ text: String) -> String {
    let source = WikitextSource(text)
    return WikitextRenderer(source: source).render(0..<source.bytes.count)
}

/// Parses a one-language page made of `body` under `==English==\n===Noun===`.
private func senses(_ body: String) -> [Sense] {
    let page = "==English==\n===Noun===\n{{en-noun}}\n\n" + body + "\n"
    let entries = WikitextParser.entries(
        from: WikitextSource(page), headword: "test", language: nil, provenance: Fixtures.provenance
    )
    return entries.flatMap(\.allSenses)
}

@Suite struct WikitextRendererTests {
    @Test(arguments: [
        ("[[cat]]", "cat"), ("[[cat|cats]]", "cats"), ("[[cat]]s", "cats"), ("[[#English|house]]", "house"),
        ("[[w:Emma Orczy|Baroness Orczy]]", "Baroness Orczy"), ("[[Thesaurus:animal]]", "animal"),
        ("a [[File:Cat.jpg|thumb|A [[cat]] sleeping]] b", "a b"), ("x [[Category:en:Cats]]", "x"),
        ("[[fr:chat]]y", "y"), ("{{l|en|plant|plants}}", "plants"), ("{{l|en|fungi}}", "fungi"),
        ("{{m|la|anima|t=breath, spirit}}", "anima (“breath, spirit”)"), ("{{m|ang|hūs||dwelling}}", "hūs (“dwelling”)"),
        ("{{w|Henry Petroski}}", "Henry Petroski"), ("{{w|Acts of the Apostles|Acts}}", "Acts"),
        ("{{inh|en|enm|animal}}", "Middle English animal"), ("{{der|en|la|animal}}", "Latin animal"),
        ("{{bor|ast|la|animal}}", "Latin animal"), ("{{cog|ang|dēor|t=animal}}", "Old English dēor (“animal”)"),
        ("{{etyl|enm|en}} {{m|enm|hous}}", "Middle English hous"), ("{{der|en|gem-pro|*bankô}}", "Proto-Germanic *bankô"),
        ("{{compound|en|stomach|ache}}", "stomach + ache"), ("{{gloss|genre of music}}", "(genre of music)"),
        ("{{q|in compounds}}", "(in compounds)"), ("{{qualifier|verb}}", "(verb)"),
        ("{{ux|en|A cat is an '''animal'''.}}", "A cat is an animal."),
        ("{{usex|fi|'''Kissa''' nukkuu.|The cat sleeps.}}", "Kissa nukkuu. ― The cat sleeps."),
        ("{{ja-usex|[[誰]]'''大%切'''な[[人]]|だれ|the most important person}}", "誰大切な人 ― the most important person"),
        ("'''bold''' and ''italic'' and '''''both'''''", "bold and italic and both"),
        // Four: an apostrophe and bold (it was eaten: "the heads office").
        ("the '''head''''s office", "the head's office"),
        ("a<ref>{{R:OneLook}}</ref> b", "a b"), ("a<ref name=\"x\"/> b", "a b"), ("a <!-- hidden\ncomment --> b", "a b"),
        ("from 9<sup>th</sup>c.", "from 9thc."), ("path&nbsp;{{nb...}}.", "path […]."), ("a&amp;b &#39;c&#x27;", "a&b 'c'"),
        ("[http://example.org Mr. Pratt's Patients]", "Mr. Pratt's Patients"), ("see [http://example.org]", "see"),
        ("{{unknown template|en|x}} word", "x word"), ("{{defdate|from 10th c.}}", ""), ("{{senseid|en|genre}}", ""),
        ("{{plural of|en|cat}}", "plural of cat"), ("{{inflection of|la|tālus||dat|s}}", "dative singular of tālus"),
        ("{{infl of|en|swab||ing-form}}", "present participle of swab"), ("{{past of|en|walk}}", "past tense of walk"),
        ("{{alternative form of|en|colour}}", "Alternative form of colour"), ("{{alt form|en|color}}", "Alternative form of color"),
        ("{{plural of|cat|lang=en}}", "plural of cat"), ("{{es-verb form of|hablar}}", "verb form of hablar"),
        ("{{n-g|Used to express surprise.}}", "Used to express surprise."), ("{{taxlink|Felis catus|species}}", "Felis catus"),
        ("x {{lb|en|informal}}", "x (informal)"), ("unclosed {{l|en|x", "unclosed x"),
        ("stray }} and ]] and [[", "stray and and"), ("a <span class=\"x\">b</span> c", "a b c"),
        ("&lt;b&gt;not a tag&lt;/b&gt;", "not a tag"), ("{{onomatopoeic|en}}.", "Onomatopoeic."),
        ("{{unk|en|nocap=1}} origin", "unknown origin"), ("{{back-formation|en|burglar}}", "Back-formation from burglar"),
        ("Probably an {{glossary|onomatopoeia|onomatopoeic}} word", "Probably an onomatopoeic word"),
        ("{{doublet|en|bench}}", "Doublet of bench"), ("x {{...}}y", "x […]y"), ("__NOTOC__word", "word"),
        // Affixes and doublets as Wiktionary shows them; older pages name the language with `lang=` (their first part was
        // taken for the language: "io", "men"); `notext=1` leaves out a phrase, not the language.
        ("{{suffix|escritor|gloss1=writer|io|gloss2=ium|lang=pt}}", "escritor (“writer”) + -io (“ium”)"),
        ("{{suffix|lang=cmn|wo|men}}", "wo + -men"), ("{{prefix|en|un|happy}}", "un- + happy"),
        ("{{blend|vikio|enciklopedio|lang=eo}}", "Blend of vikio + enciklopedio"), ("{{doublet|fr|aumaille|notext=1}}", "aumaille"),
        ("{{lbor|en|la|aggravātus|notext=1}}", "Latin aggravātus"),
        // A word given by its transliteration alone, a literal meaning, a cognate's language alone.
        ("{{cog|ae||tr=spaka-|t=dog-like}}", "Avestan (spaka-, “dog-like”)"), ("{{m|la|quid pro quō|lit=something for something}}",
         "quid pro quō (literally “something for something”)"), ("{{cog|da|-}}, {{cog|sv|-}} and {{cog|no|fri}}", "Danish, Swedish and Norwegian fri"),
        ("{{ja-kanjitab|や|yomi=k}}", ""),
        // zh-x's marks are not the sentence's: readings, simplified forms, capitals, word spaces.
        ("{{zh-x|^儒家|Confucian school}}", "儒家 ― Confucian school"),
        ("{{zh-x|我 的 家 就 在 這裡[这里]。|My home is right here.}}", "我的家就在這裡。 ― My home is right here."),
        ("{{zh-x|姑娘{niang}-家 穿 著[着]{zhe}|a girl wears}}", "姑娘家穿著 ― a girl wears"),
        ("{{quote-book|en|by=Arthur Schopenhauer|type=translation|author=R. B. Haldane|year=1844|title=The World|passage=Quid pro quo.}}",
         "Quid pro quo. (1844, Arthur Schopenhauer, The World)"),
        ("The adjective is {{etydate|1471|nocap=1}} in Middle English", "The adjective is first attested in 1471 in Middle English"),
        ("{{etydate|c|1400}}.", "First attested c. 1400."),
        // issue 14: old etymology templates, self-announcing etymology templates, dates
        ("From {{proto|Germanic|drinkanan|to drink|lang=en}}.", "From Proto-Germanic *drinkanan (“to drink”)."),
        ("{{recons|dōnan||to do|lang=gem-pro}}", "*dōnan (“to do”)"), ("{{term|Wasser||water|lang=de}}", "Wasser (“water”)"),
        ("{{etyl|nl|en}} {{term|water|lang=nl}}, {{etyl|de|en}} {{term|Wasser|lang=de}}", "Dutch water, German Wasser"),
        ("{{lbor|en|la|animal}}", "Learned borrowing from Latin animal"), ("{{inh+|en|enm|hous}}", "Inherited from Middle English hous"),
        ("{{der|en|urj-fin-pro|*peütä}}", "Proto-Finnic *peütä"), ("{{der|en|gem|-}}", "Germanic"),
        ("{{C.|19}} usage", "19th c. usage"), ("{{PIE root|en|wed}}", ""), ("{{borrowing|en|waulk|lang=gv}}", "English waulk"),
        ("{{taxon|genus|family|Felidae|cats}}", "A taxonomic genus within the family Felidae – cats."),
        ("{{&lit|en|rain|cats}}", "Used other than figuratively or idiomatically: see rain, cats."),
        ("{{soplink|golf|club}}", "golf club"), ("{{ISO 639|1|Belarusian}}", "ISO 639-1 language code for Belarusian."),
        ("{{IUPAC-1|glycine}}", "IUPAC 1-letter abbreviation for glycine"), ("{{zh-mw|m:個}}", "Classifier: 個"),
        ("{{q-lite|rare}} {{gloss-lite|a gloss}}", "(rare) (a gloss)"), ("See {{cap|autumn}}.", "See Autumn."),
        ("{{def-date|1850}} A thing.", "A thing."), ("{{univerbation|en|all|right}}", "Univerbation of all + right"),
        ("{{named-after|en|Lewis Carroll|nationality=English|occupation=writer|born=1832|died=1898}}",
         "Named after English writer Lewis Carroll (1832–1898)"), ("{{named-after|en|Ada}}", "Named after Ada"),
    ])
    func renders(input: String, expected: String) {
        #expect(render(input) == expected)
    }

    @Test(arguments: [
        "{{quote-book|en|year=1913|author={{w|Joseph C. Lincoln}}|chapter=1\n|title=[http://x.org Mr. Pratt's Patients]\n|passage=Pretty soon I struck into a sort of path&nbsp;{{nb...}}. It was the '''house'''.}}",
        "{{RQ:Browne Pseudodoxia Epidemica|book=3|passage=It is a very abſtemious '''animall'''}}",
        "{{picdic|image=x.jpg\n|detail1=\n{{picdicimg|en|image=y.jpg|link=organism}}\n}}",
        "{{trans-top|of animals}}\n* Albanian: {{t+|sq|kafshë}}\n{{trans-bottom}}",
        "<span style=\"color:red\">[[red]]</span> {{unknown|{{nested|[[deep|deeper]]}}}}",
        "''The car is '''housed''' in the garage.''", "[[a|b]] [[c]] '''d''' {{e}} <br/> <sup>f</sup>",
    ])
    func outputNeverContainsMarkup(input: String) {
        let text = render(input)
        #expect(MarkupCheck.problem(in: text.isEmpty ? "empty-but-clean" : text) == nil, "\(text)")
    }
}

@Suite struct SenseLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var wikitext: String
        var definition: String
        var labels: [String] = []
        var lemma: String?
        var form: String?
        var examples: [String] = []
        var synonyms: [String] = []
        var antonyms: [String] = []
        var testDescription: String { wikitext }
    }

    static let cases: [Case] = [
        Case(wikitext: "# {{lb|en|figuratively}} A person who behaves wildly.", definition: "A person who behaves wildly.",
             labels: ["figuratively"]),
        Case(wikitext: "# {{lb|en|chess|now|rare}} A [[square]] on a [[chessboard]].", definition: "A square on a chessboard.",
             labels: ["chess", "now rare"]),
        // Words that qualify the label after them join it (they were labels of their own: "now, chiefly, colloquial").
        Case(wikitext: "# {{lb|en|now|chiefly|colloquial|;|often|proscribed|;|see usage notes}} To [[annoy]].",
             definition: "To annoy.", labels: ["now chiefly colloquial", "often proscribed", "see usage notes"]),
        Case(wikitext: "# {{lb|en|usually|in the plural}} A [[ledger]].", definition: "A ledger.", labels: ["usually in the plural"]),
        Case(wikitext: "# {{lb|en|slang|chiefly|_|US}} A [[dollar]].", definition: "A dollar.", labels: ["slang", "chiefly US"]),
        Case(wikitext: "# {{lb|en|transitive|_|of a person}} To house.", definition: "To house.",
             labels: ["transitive of a person"]),
        Case(wikitext: "# {{context|transitive|astrology|lang=en}} To dwell within.", definition: "To dwell within.",
             labels: ["transitive", "astrology"]),
        Case(wikitext: "# {{plural of|en|cat}}", definition: "plural of cat", lemma: "cat", form: "plural"),
        Case(wikitext: "# {{inflection of|la|tālus||dat|s}}", definition: "dative singular of tālus", lemma: "tālus",
             form: "dative singular"),
        Case(wikitext: "# {{infl of|en|swab||ing-form}}", definition: "present participle of swab", lemma: "swab",
             form: "present participle"),
        Case(wikitext: "# {{past of|en|walk}}", definition: "past tense of walk", lemma: "walk", form: "past tense"),
        Case(wikitext: "# {{en-past of|walk}}", definition: "simple past tense and past participle of walk", lemma: "walk",
             form: "simple past tense and past participle"),
        Case(wikitext: "# {{lb|en|archaic}} {{alternative form of|en|[[shew]]}}", definition: "Alternative form of shew",
             labels: ["archaic"], lemma: "shew", form: "alternative form"),
        Case(wikitext: "# A [[building]]. {{defdate|from 10<sup>th</sup>c.}}\n#: {{ux|en|A guest '''house'''.}}",
             definition: "A building.", examples: ["A guest house."]),
        Case(wikitext: "# [[beast]]\n#: {{syn|en|brute|monster|Thesaurus:brute}}\n#: {{ant|en|angel}}",
             definition: "beast", synonyms: ["brute", "monster"], antonyms: ["angel"]),
        Case(wikitext: "# Old style.\n#: ''to '''house''' the upper spars''", definition: "Old style.",
             examples: ["to house the upper spars"]),
        Case(wikitext: "# Quoted.\n#* '''1598''', {{w|Ben Jonson}}, ''Every Man''\n#*: Like a pestilence, it doth infect / The '''houses''' of the brain.",
             definition: "Quoted.", examples: ["Like a pestilence, it doth infect / The houses of the brain. (1598, Ben Jonson, Every Man)"]),
        Case(wikitext: "# Multi-line.\n#* {{quote-book|en|year=1905|author=[[w:Emma Orczy|Baroness Orczy]]\n|title=The Affair\n|passage=It brings down the '''house''', nightly.}}",
             definition: "Multi-line.", examples: ["It brings down the house, nightly. (1905, Baroness Orczy, The Affair)"]),
        Case(wikitext: "# German.\n#: {{ux|de|Ich bin '''müde'''.|I am tired.}}", definition: "German.",
             examples: ["Ich bin müde. ― I am tired."]),
        Case(wikitext: "# {{given name|en|male}}", definition: "A male given name"),
        Case(wikitext: "# {{place|en|city/county seat|s/Texas|c/USA}}.", definition: "A city, the county seat of Texas, United States."),
        Case(wikitext: "# {{place|en|island}}", definition: "An island"),
        Case(wikitext: "# {{surname|en}}", definition: "A surname"),
        Case(wikitext: "# {{mystery template|en|readable words}}", definition: "readable words"),
        // issue 14: the -lite family, inline labels, joiners, tags, language-specific form-of families
        Case(wikitext: "# {{n-g-lite|Used to mark the past tense}}.", definition: "Used to mark the past tense."),
        Case(wikitext: "# The letter zeta, called {{l-lite|it|zeta}} in Italian.",
             definition: "The letter zeta, called zeta in Italian."),
        Case(wikitext: "# {{lb|en|rather|_|rare}} A [[finger]].", definition: "A finger.", labels: ["rather rare"]),
        Case(wikitext: "# {{lb|en|US|or|UK}} A [[lift]].", definition: "A lift.", labels: ["US or UK"]),
        Case(wikitext: "# One of the digits of the hand, {{lb|en|often}} exclusive of the thumb.",
             definition: "One of the digits of the hand, (often) exclusive of the thumb."),
        Case(wikitext: "# {{transitive}} {{countable|lang=en}} To [[grow]].", definition: "To grow.",
             labels: ["transitive", "countable"]),
        Case(wikitext: "# {{adj form of|it|bono||f|p}}", definition: "feminine plural of bono", lemma: "bono",
             form: "feminine plural"),
        Case(wikitext: "# {{inflection of|cōnsultō||3|p|pres|actv|indc|lang=la}}",
             definition: "third-person plural present active indicative of cōnsultō", lemma: "cōnsultō",
             form: "third-person plural present active indicative"),
        Case(wikitext: "# {{infl of|el|γράφω||3s|spast}}", definition: "third-person singular simple past of γράφω",
             lemma: "γράφω", form: "third-person singular simple past"),
        Case(wikitext: "# {{pt-verb-form-of|casar|ar|indicative|present|singular|third}}",
             definition: "third-person singular present indicative of casar", lemma: "casar",
             form: "third-person singular present indicative"),
        Case(wikitext: "# {{it-adj form of|bello|f|pl}}", definition: "feminine plural of bello", lemma: "bello",
             form: "feminine plural"),
        Case(wikitext: "# {{ca-verb form of|p=3|n=sg|t=pres|m=ind|fer}}",
             definition: "third-person singular present indicative of fer", lemma: "fer",
             form: "third-person singular present indicative"),
        Case(wikitext: "# {{nl-verb-form|p=123|n=sg|t=pres|m=ind|planten}}",
             definition: "first-, second- and third-person singular present indicative of planten", lemma: "planten",
             form: "first-, second- and third-person singular present indicative"),
        Case(wikitext: "# {{nl-noun form of|pl|raaf}}", definition: "plural of raaf", lemma: "raaf", form: "plural"),
        Case(wikitext: "# {{given name|male|from=Latin}} borne by an early pope.",
             definition: "A male given name from Latin borne by an early pope."),
        Case(wikitext: "# {{eo-form of|hundo}}", definition: "form of hundo", lemma: "hundo", form: "form"),
        Case(wikitext: "# {{form of|en|imperative|plant}}", definition: "imperative of plant", lemma: "plant",
             form: "imperative"),
        Case(wikitext: "# {{alt case form of|en|Bee}}", definition: "Alternative case form of Bee", lemma: "Bee",
             form: "alternative case form"),
        Case(wikitext: "# {{only used in|en|[[hoi polloi]]}}", definition: "Only used in hoi polloi"),
        Case(wikitext: "# {{lb|en|transitive}} {{+obj|de|dat}} To [[help]].", definition: "[+ dative] To help.",
             labels: ["transitive"]),
        Case(wikitext: "# A [[sixteenth]], {{frac|1|16}}.", definition: "A sixteenth, 1⁄16."),
        Case(wikitext: "# The sound {{IPAfont|/b/}}.", definition: "The sound /b/."),
        Case(wikitext: "# {{Latn-def|en|letter|2|b}}",
             definition: "The second letter of the English alphabet, called bee and written in the Latin script."),
        Case(wikitext: "# {{Latn-def-lite|nl|letter|6}}",
             definition: "The sixth letter of the Dutch alphabet, written in the Latin script."),
        Case(wikitext: "# [[cat]]\n#: {{ja-x|[[猫]]%が[[好き]]|ねこ%が すき|I like cats.}}", definition: "cat",
             examples: ["猫が好き ― I like cats."]),
        Case(wikitext: "# [[dog]]\n#: {{uxi|fr|un '''chien'''|t=a dog}}", definition: "dog",
             examples: ["un chien ― a dog"]),
    ]

    @Test(arguments: cases)
    func parses(sample: Case) throws {
        let parsed = senses(sample.wikitext)
        let sense = try #require(parsed.first)
        #expect(parsed.count == 1)
        #expect(sense.definition == sample.definition)
        #expect(sense.labels == sample.labels)
        #expect(sense.formOf?.lemma == sample.lemma)
        #expect(sense.formOf?.form == sample.form)
        #expect(sense.examples == sample.examples)
        #expect(sense.synonyms == sample.synonyms)
        #expect(sense.antonyms == sample.antonyms)
        #expect(sense.sources == [Fixtures.provenance])
    }

    @Test func subsensesNestUnderTheirSense() throws {
        let parsed = senses("""
            # Top one.
            ## Sub one.
            ##: {{ux|en|sub example}}
            ### Sub-sub.
            ## Sub two.
            # Top two.
            #: {{ux|en|top example}}
            """)
        #expect(parsed.map(\.definition) == ["Top one.", "Top two."])
        #expect(parsed[0].subsenses.map(\.definition) == ["Sub one.", "Sub two."])
        #expect(parsed[0].subsenses[0].examples == ["sub example"])
        #expect(parsed[0].subsenses[0].subsenses.map(\.definition) == ["Sub-sub."])
        #expect(parsed[1].examples == ["top example"])
    }

    @Test func unclosedTemplateDoesNotSwallowTheRest() {
        let page = """
            ==English==
            ===Noun===
            # A {{l|en|broken
            # Second sense.
            ===Verb===
            # To verb.
            ==French==
            ===Noun===
            # [[chose]]
            """
        let entries = WikitextParser.entries(
            from: WikitextSource(page), headword: "x", language: nil, provenance: Fixtures.provenance
        )
        #expect(entries.map { $0.language?.code } == ["en", "fr"])
        #expect(entries.first?.senseGroups.map { $0.senses.map(\.definition) } == [["A broken", "Second sense."], ["To verb."]])
        for sense in entries.flatMap(\.allSenses) { #expect(MarkupCheck.problem(in: sense.definition) == nil) }
    }

    /// A template left unclosed (`{{l|en|house` and no `}}` before the line ends) is read as closed at the line's end:
    /// the words after it stay (the line stopped at its `{{`: "A"), a `{{` opening no template is text, and the lines
    /// after it are their own (a translation row under it was read as part of its line, and lost).
    @Test func anUnclosedTemplateKeepsTheRestOfItsLine() throws {
        #expect(senses("# A {{l|en|building]] for people to live in, {{q|usually}} with a roof.").map(\.definition)
            == ["A building for people to live in, (usually) with a roof."])
        #expect(senses("# {{lb|en|informal}} A {{l|en|home, often a small one.").map { "\($0.labels) \($0.definition)" }
            == ["[\"informal\"] A home, often a small one."])
        #expect(senses("# Braces {{ left open, and {{}} an empty pair.").map(\.definition)
            == ["Braces left open, and an empty pair."])
        let page = "==English==\n===Noun===\n# A [[building]].\n\n====Translations====\n{{trans-top|building}}\n"
            + "* German: {{t+|de|Haus|n}}, {{t|de|Gebäude|n\n* French: {{t+|fr|maison|f}}\n{{trans-bottom}}\n"
        let entries = WikitextParser.entries(
            from: WikitextSource(page), headword: "house", language: nil, provenance: Fixtures.provenance, translations: true
        )
        #expect(entries.flatMap(\.translations).map { "\($0.pair.target.code) \($0.text)" } == ["de Haus", "de Gebäude", "fr maison"])
    }

    /// A line of labels alone shows as its labels, and its `##` sub-senses stay under it (issue 14); a line
    /// holding only a request for a definition shows nothing.
    @Test func labelOnlyDefinitionsKeepTheirSubsenses() {
        #expect(senses("# {{rfdef|en}}").isEmpty)
        let parsed = senses("# A first sense.\n# {{lb|en|transitive}}\n## To carry.\n## To hold.\n# {{lb|en|obsolete}}")
        #expect(parsed.map(\.definition) == ["A first sense.", "(transitive)", "(obsolete)"])
        #expect(parsed.first?.subsenses.isEmpty == true)
        #expect(parsed.dropFirst().first?.subsenses.map(\.definition) == ["To carry.", "To hold."])
    }
}

@Suite struct PronunciationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var expected: [String]  // "notation text accent"
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "* {{IPA|en|/haʊs/|/haʊz/}}", expected: ["ipa /haʊs/ -", "ipa /haʊz/ -"]),
        Case(line: "* {{IPA|/haʊs/|lang=en}}", expected: ["ipa /haʊs/ -"]),
        Case(line: "* {{a|UK}} {{IPA|en|/ˈbɑːθ/}}", expected: ["ipa /ˈbɑːθ/ UK"]),
        Case(line: "* {{a|UK|US}} {{enPR|ăn'ĭməl}}, {{IPA|en|/ˈænɪməl/}}", expected: ["enPR ăn'ĭməl UK, US", "ipa /ˈænɪməl/ UK, US"]),
        Case(line: "* {{a|en|US}} {{IPA|en|/bæθ/}}", expected: ["ipa /bæθ/ US"]),
        Case(line: "* {{IPA|en|/tə.ˈmeɪ.toʊ/|a=GA}}", expected: ["ipa /tə.ˈmeɪ.toʊ/ General American"]),
        // A recording alone: a pronunciation with no text (``RecordingOnlyPronunciationTests``), of its label's accent.
        Case(line: "* {{audio|en|en-us-house.ogg|Audio (US)}}", expected: ["ipa  US"]),
        // What a transcription is for (they read alike without it: house's noun /haʊs/ and verb /haʊz/).
        Case(line: "* {{sense|noun}} {{a|UK}} {{IPA|en|/haʊs/}}", expected: ["ipa /haʊs/ UK, noun"]),
        Case(line: "* {{IPA|en|/ˈæɡ.ɹə.veɪt/<q:verb>|/ˈæɡ.ɹə.vət/<q:adjective><a:UK>}}",
             expected: ["ipa /ˈæɡ.ɹə.veɪt/ verb", "ipa /ˈæɡ.ɹə.vət/ UK, adjective"]),
        Case(line: "* {{fi-pronunciation}}", expected: []),
        Case(line: "* {{rhymes|en|aʊs}}", expected: []),
    ]

    @Test func recordingsJoinTheirPronunciation() throws {
        let page = """
            ==English==
            ===Pronunciation===
            * {{a|UK}} {{IPA|en|/bɑːθ/}}
            * {{a|US}} {{IPA|en|/bæθ/}}
            * {{audio|en|en-us-bath.ogg|Audio (US)}}
            * {{IPA|en|/baθ/}} {{audio|en|En bath north.ogg|Audio (Northern England)}}
            * {{audio|en-uk-bath.ogg|Audio (UK)}}
            ===Noun===
            # [[thing]]
            """
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: "bath", language: nil, provenance: Fixtures.provenance).first
        )
        #expect(entry.pronunciations.map(\.audioURL) == [
            // The oldest form names no language: its first argument is the file (it was read as the caption,
            // `Special:FilePath/Audio_(UK)`).
            "https://commons.wikimedia.org/wiki/Special:FilePath/en-uk-bath.ogg",
            "https://commons.wikimedia.org/wiki/Special:FilePath/en-us-bath.ogg",
            "https://commons.wikimedia.org/wiki/Special:FilePath/En_bath_north.ogg",
        ])
    }

    /// A quotation gives its source also when `{{quote-book}}` has it in its documented positions
    /// (`[lang]|[year]|[author]|[title]|[url]|[page]|[text]`) and when an `{{RQ:…}}` template names its work in its name:
    /// both showed the passage alone, as an example sentence anyone wrote.
    @Test(arguments: [
        ("# A sense.\n#* {{quote-book|en|1851|Herman Melville|Moby-Dick||1|Call me '''Ishmael'''.}}",
         "Call me Ishmael. (1851, Herman Melville, Moby-Dick)"),
        ("# A sense.\n#* {{quote-book|en|1590|Edmund Spenser|The Faerie Queene}}\n#*: A gentle knight was pricking on the plaine",
         "A gentle knight was pricking on the plaine (1590, Edmund Spenser, The Faerie Queene)"),
        ("# A sense.\n#* {{quote-book|1851|Herman Melville|Moby-Dick|lang=en|passage=Call me Ishmael.}}",
         "Call me Ishmael. (1851, Herman Melville, Moby-Dick)"),
        ("# A sense.\n#* {{RQ:Browne Pseudodoxia Epidemica|book=3|passage=a very abſtemious '''animall'''}}",
         "a very abſtemious animall (Browne Pseudodoxia Epidemica)"),
        ("# A sense.\n#* {{RQ:Orwell Animal Farm|6}}\n#*: Mr. Whymper would visit the farm every Monday morning.",
         "Mr. Whymper would visit the farm every Monday morning. (Orwell Animal Farm)"),
        ("# A sense.\n#* {{RQ:ga-Finck|II|1|passage=wil nə fatī xō mŭȧ}}", "wil nə fatī xō mŭȧ (Finck)"),
        ("# A sense.\n#* {{RQ:Mlry MrtDrthr|20.17|2|passage=and there he '''dealt''' his blows}}", "and there he dealt his blows"),
        ("# A sense.\n#* {{RQ:sga-gloss|Wb|14|passage=Is i persin Crist}}", "Is i persin Crist"),
    ])
    func quotationsGiveTheirSource(body: String, example: String) {
        #expect(senses(body).flatMap(\.examples) == [example])
    }

    /// Items after a `{{checktrans-top}}` table are checked again from the next Translations header, or from the table's
    /// `{{checktrans-bottom}}`: rows written without a table (`* French: {{t+|fr|garer}}`) were all "to be checked".
    @Test func aTableToBeCheckedEndsWithItsSectionOrBottom() {
        let page = """
            ==English==
            ===Noun===
            # A [[cat]].

            ====Translations====
            {{checktrans-top}}
            * German: {{t|de|Mieze|f}}

            ===Verb===
            # To [[mew]].

            ====Translations====
            * German: {{t+|de|miauen}}
            {{checktrans-top}}
            * German: {{t|de|mauzen}}
            {{checktrans-bottom}}
            * French: {{t+|fr|miauler}}
            """
        let entries = WikitextParser.entries(
            from: WikitextSource(page), headword: "cat", language: nil, provenance: Fixtures.provenance, translations: true
        )
        #expect(entries.flatMap(\.translations).map { "\($0.text) \($0.notes)" } == [
            "Mieze [\"feminine\", \"to be checked\"]", "miauen []", "mauzen [\"to be checked\"]", "miauler []",
        ])
    }

    /// Each recording is kept: a second one of a transcription that has one goes on a copy of it (the second was
    /// dropped), and a recording under a `{{sense|noun}}` line goes with the noun's transcription (its qualifier was
    /// taken for an accent the label had to name, and the recording was dropped).
    @Test func everyRecordingIsKept() throws {
        func pronunciations(_ lines: String, _ title: String) throws -> [String] {
            let page = "==English==\n===Pronunciation===\n" + lines + "\n===Noun===\n# [[thing]]\n"
            let entry = try #require(
                WikitextParser.entries(from: WikitextSource(page), headword: title, language: nil, provenance: Fixtures.provenance).first
            )
            return entry.pronunciations.map { "\($0.text) \($0.accent ?? "-") \($0.audioURL.map { String($0.split(separator: "/").last!) } ?? "-")" }
        }
        #expect(try pronunciations("""
            * {{IPA|en|/kaʊ/}}
            * {{audio|en|en-us-cow.ogg|Audio (US)}}
            * {{audio|en|En-uk-cow.ogg|Audio (UK)}}
            * {{a|Scotland}} {{IPA|en|/kuː/}} {{audio|en|En-sc-cow.ogg|Audio (Scotland)}} {{audio|en|En-sc-coo.ogg|Audio (Scotland)}}
            """, "cow") == [
            "/kaʊ/ - en-us-cow.ogg", "/kaʊ/ UK En-uk-cow.ogg", "/kuː/ Scotland En-sc-cow.ogg", "/kuː/ Scotland En-sc-coo.ogg",
        ])
        #expect(try pronunciations("""
            * {{sense|noun}}
            ** {{IPA|/haʊs/|lang=en}}
            ** {{audio|en-us-house-noun.ogg|Audio (US)|lang=en}}
            * {{sense|verb}}
            ** {{IPA|/haʊz/|lang=en}}
            ** {{audio|en-us-house-verb.ogg|Audio (US)|lang=en}}
            """, "house") == ["/haʊs/ noun en-us-house-noun.ogg", "/haʊz/ verb en-us-house-verb.ogg"])
    }

    /// A qualifier alone on its line goes for the lines nested under it (house's noun and verb transcriptions).
    @Test func aQualifierLineGoesForTheLinesUnderIt() throws {
        let page = "==English==\n===Pronunciation===\n* {{sense|noun}}\n** {{enPR|hous}}, {{IPA|/haʊs/|lang=en}}\n"
            + "* {{sense|verb}}\n** {{IPA|/haʊz/|lang=en}}\n* {{IPA|en|/hæʊs/}}\n===Noun===\n# [[thing]]\n"
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: "house", language: nil, provenance: Fixtures.provenance).first
        )
        #expect(entry.pronunciations.map { "\($0.text) \($0.accent ?? "-")" } == ["hous noun", "/haʊs/ noun", "/haʊz/ verb", "/hæʊs/ -"])
    }

    @Test(arguments: cases)
    func parses(sample: Case) throws {
        let page = "==English==\n===Pronunciation===\n\(sample.line)\n===Noun===\n# [[thing]]\n"
        let entries = WikitextParser.entries(
            from: WikitextSource(page), headword: "x", language: nil, provenance: Fixtures.provenance
        )
        let entry = try #require(entries.first)
        #expect(entry.pronunciations.map { "\($0.notation.rawValue) \($0.text) \($0.accent ?? "-")" } == sample.expected)
    }
}

@Suite struct PageParserTests {
    private func parse(_ name: String, language: String? = nil) throws -> [Entry] {
        WikitextParser.entries(
            from: try Fixtures.page(name), headword: name, language: language, provenance: Fixtures.provenance
        )
    }

    @Test func etymologiesBecomeEntriesAndSharedPronunciationIsKept() throws {
        let english = try parse("bank", language: "English")
        #expect(english.count == 3)
        #expect(english.allSatisfy { $0.pronunciations.contains { $0.text == "/bæŋk/" } })
        #expect(english[0].senseGroups.first?.senses[2].subsenses.map(\.definition) == [
            "An incline in a railway.", "The ground at the top of a shaft.",
        ])
        #expect(english[2].etymology == "From Middle English bank, from Old French banc, from the same Germanic source as Etymology 2.")
    }

    @Test func translationTablesAndListsDoNotLeak() throws {
        let entries = try parse("bank")
        let texts = entries.flatMap { entry in entry.allSenses.flatMap { [$0.definition] + $0.examples + $0.synonyms } }
        for foreign in ["oewer", "ضَفَّة", "Ufer", "pankki", "bankroll", "trans-top", "ławica", "moneylender's table”) ("] {
            #expect(!texts.contains { $0.contains(foreign) }, "leaked \(foreign)")
        }
        #expect(entries.first?.allSenses.count == 10)
    }

    @Test func relationSectionsUseTheirSenseQualifier() throws {
        let english = try parse("bank", language: "English")
        let noun = try #require(english[1].senseGroups.first)
        #expect(noun.senses[0].synonyms == ["credit union", "savings and loan"])
        #expect(noun.senses[2].synonyms == ["store", "stockpile", "reserve"])
        #expect(noun.senses[2].antonyms == ["deficit"])
    }

    @Test func noEnglishSection() throws {
        #expect(try parse("kissa", language: "English").isEmpty)
        #expect(try parse("kissa").map { $0.language?.code } == ["fi", "izh"])
        #expect(WikitextParser.languageSections(in: try Fixtures.page("kissa")) == ["Finnish", "Ingrian"])
    }

    @Test(arguments: ["bank", "cats", "gadzooks", "kissa", "stomachache"])
    func fixturePagesGiveCleanText(name: String) throws {
        let entries = try parse(name)
        #expect(!entries.isEmpty)
        assertClean(entries, page: name)
    }

    @Test(.enabled(if: Fixtures.hasReferenceSamples, "../shared/reference-samples is absent"))
    func referenceSamplesGiveCleanTextAndTheirLanguages() throws {
        let pages = Fixtures.referencePages()
        for page in pages {
            var bytes = page.bytes
            // wiktextract's copies start with "TITLE: …" and a licence comment; both are harmless.
            if bytes.starts(with: Array("TITLE:".utf8)) { bytes = Array(bytes.drop { $0 != 0x0A }) }
            let entries = WikitextParser.entries(
                from: WikitextSource(bytes), headword: page.name, language: nil, provenance: Fixtures.provenance
            )
            #expect(!entries.isEmpty, "\(page.name)")
            assertClean(entries, page: page.name)
        }
        if let talo = pages.first(where: { $0.name.contains("talo") }) {
            let source = WikitextSource(talo.bytes)
            #expect(WikitextParser.entries(from: source, headword: "talo", language: "English", provenance: Fixtures.provenance).isEmpty)
            let latin = WikitextParser.entries(from: source, headword: "talo", language: "Latin", provenance: Fixtures.provenance)
            #expect(latin.flatMap(\.allSenses).compactMap(\.formOf?.lemma) == ["tālus", "tālus"])
        }
        if let house = pages.first(where: { $0.name.contains("house") }) {
            let english = WikitextParser.entries(
                from: WikitextSource(house.bytes), headword: "house", language: "English", provenance: Fixtures.provenance
            )
            #expect(english.count == 2)
            #expect(english[0].pronunciations.map(\.text).contains("/haʊs/"))
            #expect(english[0].senseGroups.map { $0.partOfSpeech?.name } == ["noun", "verb"])
            #expect(english[0].allSenses.first?.definition == "A structure built or serving as an abode of human beings.")
        }
    }

    /// The 2015 `walk` sample is a whole `action=query&prop=revisions` reply (formatversion 1): its wikitext sits
    /// in `query.pages.<id>.revisions[0]["*"]`.
    @Test(.enabled(if: Fixtures.hasReferenceSamples, "../shared/reference-samples is absent"))
    func referenceQueryRevisionsSample() throws {
        let url = Fixtures.referenceSamples.appendingPathComponent("action-query-revisions-walk-2015.json")
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) as? [String: Any]
        let pages = try #require((object?["query"] as? [String: Any])?["pages"] as? [String: Any])
        let page = try #require(pages.values.first as? [String: Any])
        let revision = try #require((page["revisions"] as? [[String: Any]])?.first)
        let wikitext = try #require(revision["*"] as? String)
        let entries = WikitextParser.entries(
            from: WikitextSource(wikitext), headword: "walk", language: "English", provenance: Fixtures.provenance
        )
        #expect(entries.count >= 1)
        #expect(Set(entries.flatMap { $0.senseGroups.compactMap(\.partOfSpeech?.name) }) == ["verb", "noun"])
        #expect(entries.flatMap(\.allSenses).count >= 20)
        assertClean(entries, page: "walk")
    }

    private func assertClean(_ entries: [Entry], page: String) {
        for entry in entries {
            for sense in entry.allSenses + entry.allSenses.flatMap(\.subsenses) {
                for text in [sense.definition] + sense.examples + sense.labels + sense.synonyms + sense.antonyms {
                    if let problem = MarkupCheck.problem(in: text) {
                        Issue.record("\(page): \(problem) in \(String(reflecting: text))")
                    }
                }
            }
            // (A recording alone has no text: `{{fr-IPA}}` then `{{audio|fr|…}}`.)
            let transcriptions = entry.pronunciations.filter { !$0.isRecordingOnly }.map(\.text)
            for text in [entry.etymology].compactMap({ $0 }) + transcriptions {
                if let problem = MarkupCheck.problem(in: text) {
                    Issue.record("\(page): \(problem) in \(String(reflecting: text))")
                }
            }
        }
    }
}

@Suite struct WiktionaryFixtureTests {
    /// The generated responses carry exactly their page files (re-run make-responses.py after editing a page).
    @Test(arguments: [
        ("parse-gadzooks", "gadzooks"), ("parse-bank", "bank"), ("parse-kissa", "kissa"), ("parse-cats", "cats"), ("parse-b", "b"),
        ("parse-stomach-ache-redirect", "stomachache"), ("parse-Austin", "Austin"), ("parse-kilometre", "kilometre"),
    ])
    func responsesMatchTheirPages(response: String, page: String) throws {
        let data = Data(try Fixtures.bytes("responses/\(response).json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let parse = try #require(object?["parse"] as? [String: Any])
        #expect(parse["wikitext"] as? String == (try Fixtures.text("pages/\(page).wikitext")))
        #expect(parse["title"] as? String == page)
    }

    /// SOURCES.md says which real shape each fixture follows: every page and response has its row (the first column
    /// names it), so a fixture is not added without saying what it follows (`pages/maison.wikitext` was).
    @Test func everyFixtureSaysWhatItFollows() throws {
        let sources = try Fixtures.text("SOURCES.md")
        let named = Set(sources.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { row -> [String] in
            let first = row.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
            return first.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        })
        var missing: [String] = []
        for folder in ["pages", "responses"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.appendingPathComponent(folder).path)
            for file in files.sorted() where !file.hasPrefix(".") && !named.contains("\(folder)/\(file)") {
                missing.append("\(folder)/\(file)")
            }
        }
        #expect(missing == [])
    }
}

/// Synonyms sections: a line goes to the sense its `{{sense|…}}` names, else to the part of speech as a whole
/// (issue 13 item 6: finger's "bloke, lad, boy" landed on its first sense).
@Suite struct RelationsSectionTests {
    static let page = """
        ==English==
        ===Noun===
        {{en-noun}}
        # One of the long extremities of the [[hand]].
        # {{lb|en|slang}} A small amount of liquor.
        # A [[man]] or fellow.

        ====Synonyms====
        * {{sense|extremity of the hand}} {{l|en|digit}}
        * {{sense|small amount of drink}} {{l|en|nip}}, {{l|en|tot}}
        * {{sense|someone}} {{l|en|bloke}}, {{l|en|lad}}
        * {{l|en|dactyl}}

        ====Antonyms====
        * {{l|en|thumb}}
        """

    @Test func aLineGoesToTheSenseItsGlossNamesElseToThePartOfSpeech() throws {
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(Self.page), headword: "finger", language: nil, provenance: Fixtures.provenance).first
        )
        let group = try #require(entry.senseGroups.first)
        #expect(group.senses[0].synonyms == ["digit"], "every longer word of the gloss is in the first definition")
        #expect(group.senses[1].synonyms.isEmpty, "'small amount of drink' is not in 'A small amount of liquor'")
        #expect(group.senses[2].synonyms.isEmpty)
        #expect(group.synonyms == ["nip (small amount of drink)", "tot (small amount of drink)", "bloke (someone)", "lad (someone)", "dactyl"],
                "unmatched and unqualified lines stay at the part of speech, an unmatched one with its gloss")
        #expect(group.antonyms == ["thumb"])
    }

    /// A gloss that starts with its sense's labels (`derogatory: despicable woman`) names the sense by the rest: the
    /// line's synonyms were shown for the whole noun (*bitch* for the animal).
    @Test func aGlossWithLabelsBeforeAColonNamesItsSense() throws {
        let page = """
            ==English==
            ===Noun===
            # A female domesticated [[ox]].
            # {{lb|en|British|derogatory}} A [[woman]] who is considered despicable in some way.
            # {{lb|en|informal}} Anything that is annoyingly difficult.

            ====Synonyms====
            * {{sense|derogatory: despicable woman}} [[bitch]]
            * {{sense|informal: anything annoyingly difficult}} [[bastard]], [[bugger]] {{qualifier|UK}}
            """
        let group = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: "cow", language: nil, provenance: Fixtures.provenance).first?.senseGroups.first
        )
        #expect(group.senses.map(\.synonyms) == [[], ["bitch"], ["bastard", "bugger"]])
        #expect(group.synonyms.isEmpty)
    }

    /// A quotation of several lines, and its translation on the lines after (`#*::`), is one example with its source
    /// (each line was an example of its own, the source on the first alone).
    @Test func aQuotationOfSeveralLinesIsOneExample() throws {
        let page = """
            ==Middle English==
            ===Adjective===
            # [[open]]
            #* '''c. 1390''', Geoffrey Chaucer, ''The Canterbury Tales''
            #*: The dore was '''open''' wyde,
            #*: And in he went.
            #*:: The door was wide open,
            #*:: And in he went.
            # [[public]]
            #*: A second sense's example.
            """
        let entry = try #require(WikitextParser.entries(from: WikitextSource(page), headword: "open", language: nil, provenance: Fixtures.provenance).first)
        #expect(entry.allSenses.map(\.examples) == [
            ["The dore was open wyde / And in he went. ― The door was wide open / And in he went. (c. 1390, Geoffrey Chaucer, The Canterbury Tales)"],
            ["A second sense's example."],
        ])
    }

    /// A gloss whose words fit two definitions names the one sharing the longest run of its text (shut up's list
    /// for "to stop talking or making noise" went to the transitive sense before the intransitive one).
    @Test func aGlossFittingTwoSensesNamesTheCloserOne() throws {
        let page = """
            ==English==
            ===Verb===
            # {{lb|en|transitive}} To stop (a person) from talking or (a person or thing) making noise.
            # {{lb|en|intransitive}} Of a person, to stop talking or (of a person or thing) making noise.

            ====Synonyms====
            * {{sense|to stop talking or making noise}} be [[quiet]], [[hush]]
            """
        let group = try #require(WikitextParser.entries(from: WikitextSource(page), headword: "shut up", language: nil, provenance: Fixtures.provenance).first?.senseGroups.first)
        #expect(group.senses.map(\.synonyms) == [[], ["be quiet", "hush"]])
    }

    /// A sense's gloss on a line of its own goes for the lines nested under it (`sotilaspoliisi` was a synonym of
    /// "dog"); a "See" before a word is not part of it.
    @Test func aGlossLineGoesForTheLinesUnderIt() throws {
        let page = """
            ==Finnish==
            ===Noun===
            # [[dog]]
            # {{lb|fi|slang}} [[military police]]

            ====Synonyms====
            * {{sense|military police}}
            ** {{l|fi|sotilaspoliisi}}
            * {{l|fi|hauva}}
            * {{sense|1949–1990}} ''See'' [[West Germany]]
            """
        let group = try #require(WikitextParser.entries(from: WikitextSource(page), headword: "koira", language: nil, provenance: Fixtures.provenance).first?.senseGroups.first)
        #expect(group.senses.map(\.synonyms) == [[], ["sotilaspoliisi"]])
        #expect(group.synonyms == ["hauva", "West Germany (1949–1990)"])
    }

    /// An etymology written in points is read without the list's markers (it showed "* From Middle English …").
    @Test func anEtymologyInPointsLosesItsMarkers() throws {
        let page = "==English==\n===Etymology===\n* From {{inh|en|enm|abandounen}}.\n* Displaced {{inh|en|enm|forleten}}.\n===Verb===\n# To [[give up]].\n"
        let entry = try #require(WikitextParser.entries(from: WikitextSource(page), headword: "abandon", language: nil, provenance: Fixtures.provenance).first)
        #expect(entry.etymology == "From Middle English abandounen. Displaced Middle English forleten.")
    }

    /// A section under an older name of the language asked for is read (`==Romansch==` for Romansh: `--lang rm` said
    /// "no entry").
    @Test func aSectionUnderAnotherNameOfTheLanguageIsRead() throws {
        let page = "==English==\n===Noun===\n# An organ.\n\n==Romansch==\n===Adjective===\n# [[long]]\n"
        let entries = WikitextParser.entries(from: WikitextSource(page), headword: "lung", language: "Romansh", provenance: Fixtures.provenance)
        #expect(entries.map(\.language?.code) == ["rm"])
        #expect(entries.first?.allSenses.map(\.definition) == ["long"])
    }

    /// An item is read whole, not its linked word alone (`[[lock]] in` is "lock in", not "lock"); old link templates
    /// with the language in their name count (`{{l/de|gratis}}` vanished); qualifiers are left out.
    @Test func aLinesItemsAreReadWhole() throws {
        let page = """
            ==English==
            ===Verb===
            {{en-verb}}
            # To [[enclose]] in a room.

            ====Synonyms====
            * [[lock]] in, [[seal]] in; be [[quiet]], [[fall]] silent {{q|informal}}
            * [[account]]s, {{l/de|gratis}}, stash away
            * {{syn|en|hush|quieten}}, {{l|en|shush}}
            * (''in the imperative''): be quiet!, [[shut it]]! {{italbrac|impolite}}
            """
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: "shut up", language: nil, provenance: Fixtures.provenance).first
        )
        #expect(entry.allSenses.first?.synonyms == [
            "lock in", "seal in", "be quiet", "fall silent", "accounts", "gratis", "stash away", "hush", "quieten", "shush",
            "be quiet!", "shut it!",
        ])
    }

    @Test func groupRelationsSurviveTheCacheAndOlderDocumentsReadWithout() throws {
        let group = SenseGroup(partOfSpeech: .noun, senses: [], synonyms: ["digit"])
        let data = try JSONEncoder().encode(group)
        #expect(try JSONDecoder().decode(SenseGroup.self, from: data) == group)
        let old = try JSONDecoder().decode(SenseGroup.self, from: Data(#"{"partOfSpeech":"noun","senses":[]}"#.utf8))
        #expect(old.synonyms.isEmpty && old.antonyms.isEmpty)
        #expect(!String(decoding: try JSONEncoder().encode(old), as: UTF8.self).contains("synonyms"))
    }
}

/// Chinese pronunciation templates: the readings written in their arguments, labelled (they showed nothing: the IPA
/// is Lua's). The Japanese ones are in JapaneseReadingTests.swift.
@Suite struct CJKPronunciationTests {
    private func pronunciations(_ page: String, title: String) throws -> [String] {
        let entry = try #require(
            WikitextParser.entries(from: WikitextSource(page), headword: title, language: nil, provenance: Fixtures.provenance).first
        )
        return entry.pronunciations.map { "\($0.text) (\($0.accent ?? "-"))" }
    }

    @Test func chineseReadingsInPinyinAndJyutping() throws {
        let page = """
            ==Chinese==
            ===Etymology 1===
            ====Pronunciation 1====
            {{zh-pron
            |m=jiā,jia
            |ma=y
            |m-s=
            |c=gaa1
            |h=pfs=kâ;gd=ga1
            |mn=ke/ka
            |cat=n,suf,cls,pron
            }}
            =====Definitions=====
            {{zh-hanzi}}
            # [[home]]
            """
        #expect(try pronunciations(page, title: "家") == [
            "jiā (Mandarin, Pinyin)", "jia (Mandarin, Pinyin)", "gaa1 (Cantonese, Jyutping)",
        ])
    }
}
