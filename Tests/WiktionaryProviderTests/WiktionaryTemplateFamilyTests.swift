import Foundation
import LexAggCore
import ProviderConformance
import Testing
import WiktionaryProvider

/// Renders one fragment of wikitext on the page `title`.
private func render(_ text: String, title: String = "test") -> String {
    let source = WikitextSource(text)
    return WikitextRenderer(source: source, title: title).render(0..<source.bytes.count)
}

/// The senses of `page` (a whole page of wikitext), every language.
private func senses(_ page: String, title: String) -> [Sense] {
    WikitextParser.entries(from: WikitextSource(page), headword: title, language: nil, provenance: Fixtures.provenance)
        .flatMap(\.allSenses)
}

/// `{{place}}` as Module:place words it: placetypes with their article and preposition, holonyms with their
/// articles and affixes, the new `<<…>>` syntax, `;` joiners, translations and extra information.
@Suite struct PlaceTemplateTests {
    @Test(arguments: [
        ("{{place|en|city|s/Texas|c/USA}}", "A city in Texas, United States"),
        ("{{place|en|city|c/Netherlands}}", "A city in the Netherlands"),
        ("{{place|city|c/Netherlands|lang=en}}", "A city in the Netherlands"),
        ("{{place|en|town|c/USA}}", "A town in the United States"),
        ("{{place|en|county|s/Virginia|c/US}}", "A county of Virginia, United States"),
        ("{{place|en|river|c/USA|and|c/Canada}}", "A river in the United States and Canada"),
        ("{{place|en|river|c/Ukraine,Belarus,Poland}}", "A river in Ukraine, Belarus and Poland"),
        ("{{place|en|city|in northeastern|s/Pennsylvania|c/United States}}",
         "A city in northeastern Pennsylvania, United States"),
        ("{{place|en|village|raion/Nizhyn|obl/Chernihiv|c/Ukraine}}", "A village in Nizhyn Raion, Chernihiv Oblast, Ukraine"),
        ("{{place|en|village|raion/Nizhyn|obl/Chernihiv|c/Ukraine|founded in 1720}}.",
         "A village in Nizhyn Raion, Chernihiv Oblast, Ukraine, founded in 1720."),
        ("{{place|en|city/county seat|co/Travis County|s/Texas}}", "A city, the county seat of Travis County, Texas"),
        ("{{place|en|capital city|c/France}}", "The capital city of France"),
        ("{{place|en|unincorporated community|s/California}}", "An unincorporated community in California"),
        ("{{place|en|small town|s/Queensland|c/Australia}}", "A small town in Queensland, Australia"),
        ("{{place|en|commune|dept/Gironde|c/France}}", "A commune of the Gironde department, France"),
        ("{{place|en|village|metbor/Wirral|cc/England}}", "A village in the Metropolitan Borough of Wirral, England"),
        ("{{place|en|city/and/county|s/California}}", "A city and county of California"),
        ("{{place|en|island|arch/Cyclades|c/Greece}}", "An island in the Cyclades, Greece"),
        ("{{place|en|city|s/[[Texas]]|c/[[w:United States|USA]]}}", "A city in Texas, USA"),
        // the new syntax: raw text with <<placetype>> and <<holonym>>
        ("{{place|en|A <<town>> in <<p/Manitoba>>, <<c/Canada>>}}", "A town in Manitoba, Canada"),
        ("{{place|en|The <<capital city>> of <<c/Italy>>}}", "The capital city of Italy"),
        ("{{place|en|a <<former>> <<city>> in <<c/USA,Canada>>}}", "a former city in United States and Canada"),
        // several descriptions
        ("{{place|en|city/state capital|s/Texas|c/USA|;|county seat|co/Travis County}}",
         "A city, the state capital of Texas, United States; county seat of Travis County"),
        ("{{place|en|city-state|r/Southern Europe|;,|an <<enclave>> within the city of <<city/Rome>>, <<c/Italy>>}}",
         "A city-state in Southern Europe, an enclave within the city of Rome, Italy"),
        // translations for entries in other languages
        ("{{place|fr|city/state capital|s/Texas|c/USA|t1=Austin}}", "Austin (a city, the state capital of Texas, United States)"),
        ("{{place|de|country|cont/Europe|t=Germany}}", "Germany (a country in Europe)"),
        ("{{place|es|river|t=Ebro,Ebre}}", "Ebro, Ebre (a river)"),
        // extra information
        ("{{place|en|state|c/USA|capital=Austin|largest city=Houston}}",
         "A state of the United States. Capital: Austin. Largest city: Houston"),
        ("{{place|en|county|s/Texas|seat=Austin}}", "A county of Texas. County seat: Austin"),
        ("{{place|en|country|cont/Europe|caplc=Rome}}", "A country in Europe. Capital and largest city: Rome"),
        ("{{place|en|country|cont/Africa|capital=Pretoria,Cape Town,Bloemfontein}}",
         "A country in Africa. Capitals: Pretoria, Cape Town and Bloemfontein"),
        ("{{place|en|city|c/Turkey|modern=Istanbul}}", "A city in Turkey; modern Istanbul"),
        ("{{place|nl|city|p/North Holland|c/Netherlands|t=Amsterdam|capital=x}}",
         "Amsterdam (a city in North Holland, Netherlands; capital: x)"),
        ("{{place|en|city|c/France|def=The City of Light}}", "The City of Light"),
        ("{{place|en|river|a=The|c/Egypt}}", "The river in Egypt"),
        // the new syntax in demonym templates
        ("{{demonym-noun|en|the <<city:pref/Alexandria>>, <<c/Egypt>>}}",
         "A native or inhabitant of the city of Alexandria, Egypt."),
        ("{{demonym-adj|en|<<s/Arizona>>}}", "Of, from, or relating to Arizona."),
    ])
    func renders(input: String, expected: String) {
        #expect(render(input) == expected)
    }

    @Test func aPlaceSenseKeepsItsLabelAndFullStop() {
        let found = senses(
            "==English==\n===Proper noun===\n{{en-prop}}\n\n# {{lb|en|US}} {{place|en|city|s/Texas|c/USA}}.\n",
            title: "Austin")
        #expect(found.map(\.definition) == ["A city in Texas, United States."])
        #expect(found.first?.labels == ["US"])
    }
}

/// `{{given name}}` and `{{surname}}` in the current wording of Module:names.
@Suite struct NameTemplateTests {
    @Test(arguments: [
        ("{{given name|en|male}}", "A male given name"),
        ("{{given name|en|male|from=Hebrew}}", "A male given name from Hebrew"),
        ("{{given name|en|male,female}}", "A male or female given name"),
        ("{{given name|en|unisex|from=surnames}}", "A unisex given name transferred from the surname"),
        ("{{given name|en|female|dimof=Elizabeth}}", "A diminutive of the female given name Elizabeth"),
        ("{{given name|en|male|dimof=Barnabas,Bernard}}", "A diminutive of the male given names Barnabas or Bernard"),
        ("{{given name|en|female|from=Hebrew|m=Daniel}}", "A female given name from Hebrew, masculine equivalent Daniel"),
        ("{{given name|en|male|from=la:Marcus}}", "A male given name from Latin Marcus"),
        ("{{given name|en|female|meaning=grace}}", "A female given name meaning “grace”"),
        ("{{given name|en|male|from=Irish,Scottish Gaelic}}", "A male given name from Irish or Scottish Gaelic"),
        ("{{given name|en|male|from=Old Norse < Proto-Germanic}}",
         "A male given name from Old Norse [in turn from Proto-Germanic]"),
        ("{{given name|en|female|from=the Bible}}", "A female given name originating from the Bible"),
        ("{{given name|de|male|eq=John}}", "a male given name, equivalent to English John"),
        ("{{given name|pl|female|eq=Mary,fr:Marie}}", "a female given name, equivalent to English Mary or French Marie"),
        ("{{given name|ja|female}}", "a female given name"),
        ("{{given name|en}}", "An unknown-gender given name"),
        ("{{given name|en|dog}}", "A given name for a dog"),
        ("{{given name|male|lang=en}}", "A male given name"),
        ("{{given name|female|lang=en|from=Latin}}", "A female given name from Latin"),
        ("{{given name|en|male|usage=rare}}", "A male given name of rare usage"),
        ("{{given name|en|male|varform=Jon,Jonny}}", "A male given name; variant forms Jon, Jonny"),
        ("{{surname|en}}", "A surname"),
        ("{{surname|en|from=Irish}}", "A surname from Irish"),
        ("{{surname|en|English}}", "An English surname"),
        ("{{surname|en|occupational|from=Middle English}}", "An occupational surname from Middle English"),
        ("{{surname|en|g=m|from=Irish}}", "A male surname from Irish"),
        ("{{surname|en|from=patronymics}}", "A surname originating as a patronymic"),
        ("{{surname|en|from=occupations}}", "A surname originating as an occupation"),
        ("{{surname|en|from=Slavic languages}}", "A surname from the Slavic languages"),
        ("{{surname|pl|g=m|f=Kowalska}}", "a male surname, feminine equivalent Kowalska"),
        ("{{surname|ru|g=m|parent=Ivan}}", "a male surname meaning “son of Ivan”"),
        ("{{surname|lang=en}}", "A surname"),
        ("{{surname|en|A=An|Anglo-Norman}}", "An Anglo-Norman surname"),
        ("{{patronymic|ru|m|parent=Ivan}}", "a male patronymic meaning “son of Ivan”"),
        ("{{name translit|en|ru|Ива́н|type=male given name}}", "Transliteration of the Russian male given name Ива́н"),
        ("{{name translit|en|pl|type=surname}}", "Transliteration of a Polish surname"),
        ("{{name translit|en|ar|type=male given name}}", "Transliteration of an Arabic male given name"),
        ("{{name translit|en|ru,uk|Ива́н|type=male given name}}",
         "Transliteration of the Russian or Ukrainian male given name Ива́н"),
    ])
    func renders(input: String, expected: String) {
        #expect(render(input) == expected)
    }
}

/// The SI-unit templates: the power of ten of the prefix, the plural, the symbol, and "(metrology)" as a label.
@Suite struct SIUnitTemplateTests {
    @Test(arguments: [
        ("{{SI-unit|en|kilo|metre|length}}", "An SI unit of length equal to 10³ metres. Symbol: km"),
        ("{{SI-unit|en|micro|meter}}", "An SI unit of length equal to 10⁻⁶ meters. Symbol: μm"),
        ("{{SI-unit|en|peta|second|time}}", "An SI unit of time equal to 10¹⁵ seconds. Symbol: Ps"),
        ("{{SI-unit|en|milli|henry|inductance}}", "An SI unit of inductance equal to 10⁻³ henries. Symbol: mH"),
        ("{{SI-unit|kilo|gram|mass|lang=en}}", "An SI unit of mass equal to 10³ grams. Symbol: kg"),
        ("{{SI-unit-np|en|kilo|hertz|frequency}}", "An SI unit of frequency equal to 10³ hertz. Symbol: kHz"),
        ("{{SI-unit-np|en|nano|gauss|magnetism}}", "An SI unit of magnetism equal to 10⁻⁹ gauss"),
        ("{{SI-unit-abb|femto|mole|amount of substance}}",
         "Symbol for femtomole, an SI unit of amount of substance equal to 10⁻¹⁵ moles"),
        ("{{SI-unit-2|peta|meter|length|metre}}", "An SI unit of length equal to 10¹⁵ meters; alternative spelling of petametre"),
    ])
    func renders(input: String, expected: String) {
        #expect(render(input) == expected)
    }

    @Test func theSenseIsLabelledMetrology() {
        let found = senses("==English==\n===Noun===\n{{en-noun}}\n\n# {{SI-unit|en|kilo|metre|length}}.\n", title: "kilometre")
        #expect(found.map(\.definition) == ["An SI unit of length equal to 10³ metres. Symbol: km."])
        #expect(found.first?.labels == ["metrology"])
    }
}

/// `{{zh-see}}` and `{{ja-see}}`: a line of their own stands for the definitions; it becomes the sense a reader
/// sees, wherever the page puts it (under the language header, under Definitions or a part of speech).
@Suite struct SoftRedirectTemplateTests {
    @Test func chineseSeeUnderDefinitions() {
        let found = senses("==Chinese==\n===Glyph origin===\nx\n\n===Definitions===\n{{zh-see|臺}}\n", title: "台")
        #expect(found.map(\.definition)
            == ["For pronunciation and definitions of 台 – see 臺. (This character is the simplified form of 臺)."])
    }

    @Test func chineseSeeRightUnderTheLanguage() {
        let entries = WikitextParser.entries(
            from: WikitextSource("==Chinese==\n{{zh-see|群|v}}\n\n==Japanese==\n===Kanji===\n# [[flock]]\n"),
            headword: "羣", language: nil, provenance: Fixtures.provenance)
        #expect(entries.count == 2)
        #expect(entries.first?.language == Language("zh"))
        #expect(entries.first?.allSenses.map(\.definition)
            == ["For pronunciation and definitions of 羣 – see 群. (This character is a variant form of 群)."])
        #expect(entries.last?.allSenses.map(\.definition) == ["flock"])
    }

    @Test func chineseSeeWithAGlossOnATerm() {
        #expect(render("{{zh-see|台灣|s|Taiwan}}", title: "台湾")
            == "For pronunciation and definitions of 台湾 – see 台灣 (“Taiwan”). (This term is the simplified form of 台灣).")
    }

    @Test func japaneseSeeUnderAPartOfSpeechAndAnEtymology() {
        let found = senses(
            "==Japanese==\n\n===Etymology 1===\n{{ja-see|大切}}\n\n===Etymology 2===\n===Noun===\n{{ja-see|大切|大雪}}\n",
            title: "たいせつ")
        #expect(found.map(\.definition) == [
            "For pronunciation and definitions of たいせつ – see the following entry: 大切.",
            "For pronunciation and definitions of たいせつ – see the following entries: 大切, 大雪.",
        ])
    }

    @Test func fixturePagesReadAsThePageDoes() throws {
        let tai = WikitextParser.entries(
            from: try Fixtures.page("zh-see-tai"), headword: "台", language: nil, provenance: Fixtures.provenance)
        #expect(tai.compactMap(\.language?.code) == ["mul", "zh", "ja"])
        #expect(tai[1].senseGroups.map(\.partOfSpeech?.name) == [nil], "a Definitions header names no part of speech")
        #expect(tai[1].definitions
            == ["For pronunciation and definitions of 台 – see 臺. (This character is the simplified form of 臺)."])
        #expect(tai[2].definitions == ["stand, platform"])
        let taisetsu = WikitextParser.entries(
            from: try Fixtures.page("ja-see-taisetsu"), headword: "たいせつ", language: nil,
            provenance: Fixtures.provenance)
        #expect(taisetsu.count == 1)
        #expect(taisetsu.first?.senseGroups.map(\.partOfSpeech?.name) == ["adjectival noun", "noun"])
        #expect(taisetsu.first?.definitions == [
            "For pronunciation and definitions of たいせつ – see the following entry: 大切.",
            "For pronunciation and definitions of たいせつ – see the following entries: 大切, 大雪.",
        ])
    }

    @Test func otherTemplatesUnderTheLanguageHeaderMakeNoSense() {
        let found = senses("==English==\n{{wikipedia}}\n{{zh-forms|s=x}}\n===Noun===\n# a thing\n", title: "x")
        #expect(found.map(\.definition) == ["a thing"])
    }
}
