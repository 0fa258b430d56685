import Foundation
import LexAggCore
import Testing
@testable import WiktionaryProvider

/// Quotation templates give their source from their documented positional arguments too: `{{quote-journal}}`'s
/// (`[lang]|[year]|[author]|[title]|[journal]|[url]|[page]|[text]|[translation]`, Module:quote) showed nothing, passage
/// and source lost, as `{{quote-book}}`'s once did.
@Suite struct QuotationTemplateTests {
    private func examples(_ body: String) -> [String] {
        let page = "==English==\n===Noun===\n{{en-noun}}\n\n" + body + "\n"
        return WikitextParser.entries(from: WikitextSource(page), headword: "egg", language: nil, provenance: Fixtures.provenance)
            .flatMap(\.allSenses).flatMap(\.examples)
    }

    @Test(arguments: [
        ("# An oval object.\n#* {{quote-journal|en|1897|H. G. Wells|The Crystal Egg|The New Review|https://example.org/x|7|The '''egg''' shone.}}",
         "The egg shone. (1897, H. G. Wells, The Crystal Egg)"),
        // The passage on the lines after the citation.
        ("# An oval object.\n#* {{quote-journal|en|2011|Justin Chang|The Day He Arrives|Variety}}\n#*: An agreeably meandering '''egg'''.",
         "An agreeably meandering egg. (2011, Justin Chang, The Day He Arrives)"),
        // No article title: the journal's.
        ("# An oval object.\n#* {{quote-journal|en|1838||||https://example.org/y|608|A '''egg''' of the season.}}",
         "A egg of the season. (1838)"),
        ("# An oval object.\n#* {{quote-journal|en|1838|||The Quarterly Christian Spectator||608|An '''egg'''.}}",
         "An egg. (1838, The Quarterly Christian Spectator)"),
        // A translation in the ninth place.
        ("# An oval object.\n#* {{quote-journal|de|1900|Anna Muster|Das Ei|Die Zeitschrift|||Das '''Ei''' glänzt.|The egg shines.}}",
         "Das Ei glänzt. ― The egg shines. (1900, Anna Muster, Das Ei)"),
        // Older pages: the language as lang=, the arguments from the first; quote-news is quote-journal's older name.
        ("# An oval object.\n#* {{quote-journal|1897|H. G. Wells|The Crystal Egg|The New Review||7|The '''egg''' shone.|lang=en}}",
         "The egg shone. (1897, H. G. Wells, The Crystal Egg)"),
        ("# An oval object.\n#* {{quote-news|en|1990|Ann Author|Eggs Rise|The Daily Paper||3|The price of an '''egg''' rose.}}",
         "The price of an egg rose. (1990, Ann Author, Eggs Rise)"),
        // Named arguments are read as before, and win.
        ("# An oval object.\n#* {{quote-journal|en|date=2017-08-09|author=Mark Carnall|title=Eggs|journal=Nature|text=An '''egg'''.}}",
         "An egg. (2017-08-09, Mark Carnall, Eggs)"),
        ("# An oval object.\n#* {{quote-book|en|1851|Herman Melville|Moby-Dick||1|Call me '''Ishmael'''.}}",
         "Call me Ishmael. (1851, Herman Melville, Moby-Dick)"),
    ])
    func journalPositionalArguments(body: String, example: String) {
        #expect(examples(body) == [example])
    }

    /// The other quotation templates define no positional arguments (Module:quote aliases numbers for quote-book and
    /// quote-journal only): a stray positional argument is not read as a year or an author.
    @Test func otherQuotationTemplatesReadNamedArgumentsOnly() {
        let web = "# An oval object.\n#* {{quote-web|en|2019|date=2020-01-02|author=A. Blogger|title=On eggs|work=Egg Blog|text=An '''egg''' a day.}}"
        #expect(examples(web) == ["An egg a day. (2020-01-02, A. Blogger, On eggs)"])
        let song = "# An oval object.\n#* {{quote-song|en|1999|year=1967|author=The Beatles|title=I Am the Walrus|album=Magical Mystery Tour|text=I am the '''eggman'''}}"
        #expect(examples(song) == ["I am the eggman (1967, The Beatles, I Am the Walrus)"])
    }
}
