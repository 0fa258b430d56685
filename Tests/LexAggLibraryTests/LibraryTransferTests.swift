import Foundation
import LexAggCore
@testable import LexAggLibrary
import Testing

@Suite struct LibraryTransferTests {
    /// A library with words in two languages, one starred, with translations, examples and merged sources.
    func filledLibrary() throws -> Library {
        let library = try Library.open(directory: temporaryDirectory())
        try library.save("house", language: .english, entries: [
            entry("house", definitions: ["a dwelling, \"home\"", "a <firm>"], translations: ["Haus", "Gebäude"]),
            entry("house", definitions: ["a building"], pos: "verb", provider: "gcide"),
        ], at: fixedDate)
        var strasse = entry("Straße", language: .german, definitions: ["road\tway", "street"], translations: ["street"], target: .english,
                            provider: "freedict-deu-eng")
        strasse.senseGroups[0].labels = ["feminine"]
        try library.save("Straße", language: .german, entries: [strasse], at: fixedDate.addingTimeInterval(1))
        try library.save("zymurgy", language: .english, entries: [entry("zymurgy", definitions: ["brewing\nchemistry"])],
                         at: fixedDate.addingTimeInterval(2))
        _ = try library.setStarred(true, "Straße")
        return library
    }

    func roundTrip(_ format: LibraryFormat) throws -> (first: String, second: String, into: Library, summary: ImportSummary) {
        let library = try filledLibrary()
        let exported = LibraryExporter.export(try library.allWords(), as: format)
        let parsed = try LibraryImporter.parse(exported, now: fixedDate)
        #expect(parsed.format == format)
        let fresh = try Library.open(directory: temporaryDirectory())
        let summary = try fresh.importWords(parsed.words, format: parsed.format)
        return (exported, LibraryExporter.export(try fresh.allWords(), as: format), fresh, summary)
    }

    @Test func jsonRoundTripsExactly() throws {
        let library = try filledLibrary()
        let (first, second, fresh, summary) = try roundTrip(.json)
        #expect(first == second)
        #expect(summary.added == 3)
        let original = try library.allWords().map { word -> LibraryWord in var word = word; word.id = nil; return word }
        let copied = try fresh.allWords().map { word -> LibraryWord in var word = word; word.id = nil; return word }
        #expect(original == copied, "every entry, date and star survives")
        // Importing again merges: nothing doubled.
        let again = try fresh.importWords(try LibraryImporter.parse(first).words, format: .json)
        #expect(again.added == 0 && again.merged == 0 && again.unchanged == 3)
        #expect(try fresh.count() == 3)
    }

    /// A JSON export writes its dates as ISO 8601, as every JSON lexagg writes (not Foundation's seconds since 2001),
    /// and an export written before, with numbers, still imports with its dates.
    @Test func jsonExportsWriteISODatesAndOlderExportsStillImport() throws {
        let library = try filledLibrary()
        let exported = LibraryExporter.export(try library.allWords(), as: .json)
        #expect(exported.contains(#""retrievedAt" : "20"#), "\(exported.prefix(600))")
        #expect(exported.firstMatch(of: /"retrievedAt" : [0-9]/) == nil, "a date written as a number")
        let older = exported.replacing(/"retrievedAt" : "[^"]*"/) { _ in #""retrievedAt" : 817560628.875595"# }
        let parsed = try LibraryImporter.parse(older, now: fixedDate)
        #expect(parsed.words.first?.entries.first?.provenance.retrievedAt == Date(timeIntervalSinceReferenceDate: 817560628.875595))
    }

    /// A damaged export says where and what in words a person reads, not in Swift's type names.
    @Test(arguments: [
        (#"{"format":"lexagg-library","version":1,"words":[{"word":"x","language":"en","entries":[]}]}"#, "'words.0.starred' is missing"),
        (#"{"format":"lexagg-library","version":1,"words":[{"word":5,"language":"en","starred":false,"entries":[]}]}"#, "words.0.word: expected text"),
    ])
    func aDamagedExportSaysWhereAndWhat(_ json: String, _ expected: String) {
        do {
            _ = try LibraryImporter.parse(json, now: fixedDate)
            Issue.record("a damaged export was read")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(!error.message.contains("CodingKeys"), "\(error.message)")
        }
    }

    /// A CSV line's sources are dated as the line is (its `added`); importing the same Anki file again (no dates)
    /// onto a word that has looked-up entries too doubles nothing.
    @Test func importedLinesAreDatedAsTheFileSaysAndImportingAgainDoublesNothing() throws {
        let parsed = try LibraryImporter.parse(
            "word,language,starred,added,definition,examples,ipa,translation,sources\nzzbar,en,false,2026-03-01T10:00:00Z,a thing,,,,\n",
            now: fixedDate
        )
        #expect(parsed.words.first?.entries.first?.provenance.retrievedAt == LibraryExporter.parseTimestamp("2026-03-01T10:00:00Z"))
        let library = try filledLibrary()
        let anki = "#separator:tab\n#html:true\nhouse\ta home\t\t\t\t\t\n"
        let before = try library.allWords().first { $0.word == "house" }?.entries.count ?? 0
        for day in 0..<3 {
            let words = try LibraryImporter.parse(anki, now: fixedDate.addingTimeInterval(Double(day) * 86_400)).words
            _ = try library.importWords(words, format: .anki)
        }
        let after = try library.allWords().first { $0.word == "house" }?.entries.count ?? 0
        #expect(after == before + 1, "\(before) entries, then \(after)")
    }

    @Test func ankiRoundTripsItsFieldsWithStarsAndLanguages() throws {
        let (first, second, fresh, _) = try roundTrip(.anki)
        #expect(first == second)
        let lines = first.split(separator: "\n")
        #expect(lines.prefix(3) == ["#separator:tab", "#html:true", "#columns:Word\tDefinition\tExamples\tIPA\tTranslation\tSources\tTags"])
        #expect(lines.dropFirst(4).allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 7 })
        #expect(first.contains("a dwelling, &quot;home&quot;<br><i>noun</i> a &lt;firm&gt;"))
        #expect(first.contains("Haus (de)<br>Gebäude (de)"))
        #expect(first.contains("wordnet<br>gcide"))
        #expect(first.contains("lexagg lang::de starred"))
        #expect(try fresh.word("Straße", language: .german)?.starred == true)
        #expect(first.contains("<i>noun, feminine</i> road&#9;way<br><i>noun, feminine</i> street"), "a noun's gender")
        #expect(try fresh.word("Straße", language: .german)?.entries.first?.senseGroups.map(\.labels) == [["feminine"]])
        #expect(try fresh.search("gebaude").map(\.word) == ["house"])
        let again = try fresh.importWords(try LibraryImporter.parse(first).words, format: .anki)
        #expect(again.added == 0 && again.unchanged == 3)
        #expect(LibraryExporter.export(try fresh.allWords(), as: .anki) == first, "nothing doubled")
    }

    @Test func importingAnkiOntoTheFullWordsMergesWithoutDoubling() throws {
        let library = try filledLibrary()
        let before = try library.allWords()
        let anki = LibraryExporter.export(before, as: .anki)
        let summary = try library.importWords(try LibraryImporter.parse(anki).words, format: .anki)
        #expect(summary.unchanged == 3)
        #expect(try library.allWords() == before)
    }

    @Test func csvRoundTripsWithRFC4180Quoting() throws {
        let (first, second, _, _) = try roundTrip(.csv)
        #expect(first == second)
        #expect(first.hasPrefix("word,language,starred,added,definition,examples,ipa,translation,sources\r\n"))
        #expect(first.contains("\"(noun) a dwelling, \"\"home\"\"\n"))
        #expect(first.contains("\"(noun, feminine) road\tway\n(noun, feminine) street\""), "\(first)")
    }

    /// A field a spreadsheet would run as a formula is written with an apostrophe in front, and reads back as it was;
    /// so do fields that start with apostrophes.
    @Test func csvFieldsThatLookLikeFormulasAreNeutralisedAndReadBack() throws {
        let library = try Library.open(directory: temporaryDirectory())
        try library.save("-ism", language: .english, entries: [entry(
            "-ism", definitions: ["a doctrine"], pos: "suffix",
            translations: ["'=quoted", "'tis"]
        )], at: fixedDate)
        try library.save("evil", language: .english, entries: [entry(
            "evil", definitions: ["wicked"], translations: ["=HYPERLINK(\"http://evil.example\",\"x\")"]
        )], at: fixedDate)
        try library.save("@home", language: .english, entries: [entry("@home", definitions: ["+1 at home"])], at: fixedDate)
        // A Windows line break in a field, at its start too (it was one Character, neither "\r" nor "\n", and the
        // field went unquoted: the row broke in two).
        try library.save("crlf", language: .english, entries: [entry("crlf", definitions: ["two\r\nlines"], translations: ["a\r\nb"])], at: fixedDate)
        let csv = LibraryExporter.export(try library.allWords(), as: .csv)
        let rows = csv.components(separatedBy: "\r\n")
        #expect(rows.contains { $0.hasPrefix("'-ism,en,") }, "\(csv)")
        #expect(rows.contains { $0.hasPrefix("'@home,en,") && $0.contains(",(noun) +1 at home,") }, "not at a cell's start")
        #expect(csv.contains(",\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\") (de)\",wordnet"), "\(csv)")
        #expect(csv.contains(",\"''=quoted (de)\n'tis (de)\",wordnet"), "apostrophes before one: one more")
        // No cell begins with a formula character.
        for row in rows.dropFirst() where !row.isEmpty {
            #expect(!"=+-@".contains(row.first!), "\(row)")
        }
        let words = try LibraryImporter.parse(csv).words
        #expect(words.map(\.word).sorted() == ["-ism", "@home", "crlf", "evil"])
        // Its row whole: a cell's lines are its items (senses, translations), as for any cell of several.
        let crlf = try #require(words.first { $0.word == "crlf" })
        #expect(crlf.entries.first?.allSenses.map(\.definition) == ["two", "lines"])
        #expect(crlf.entries.flatMap(\.translations).map(\.text) == ["a", "b"])
        #expect(crlf.entries.first?.provenance.provider.rawValue == "wordnet")
        let ism = try #require(words.first { $0.word == "-ism" })
        #expect(ism.entries.flatMap(\.translations).map(\.text) == ["'=quoted", "'tis"])
        #expect(words.first { $0.word == "evil" }?.entries.flatMap(\.translations).map(\.text)
            == ["=HYPERLINK(\"http://evil.example\",\"x\")"])
        #expect(words.first { $0.word == "@home" }?.entries.first?.allSenses.first?.definition == "+1 at home")
        #expect(LibraryExporter.export(words.filter { $0.word != "crlf" }, as: .csv)
            == LibraryExporter.export(try library.allWords().filter { $0.word != "crlf" }, as: .csv), "read back as written")
    }

    /// A star that is neither yes nor no (in any usual spelling) is a mistake shown with its line, not a silent no.
    @Test func aCSVStarThatIsNotYesOrNoIsRefused() throws {
        let header = "word,language,starred,added,definition,examples,ipa,translation,sources\n"
        let words = try LibraryImporter.parse(header + "a,en,YES,,x,,,,\nb,en,0,,x,,,,\nc,en,,,x,,,,\n").words
        #expect(words.map(\.starred) == [true, false, false])
        #expect {
            try LibraryImporter.parse(header + "apple,en,no,,fruit,,,,\npear,en,maybe,,fruit,,,,\n")
        } throws: { error in
            (error as? LibraryError)?.message == "CSV line 3: starred is 'maybe', not yes or no; nothing was imported"
        }
    }

    @Test func brokenCSVQuotingNamesTheLineAndImportsNothing() throws {
        let header = "word,language,starred,added,definition,examples,ipa,translation,sources\n"
        let unclosed = header + "apple,en,no,,fruit,,,,\npear,en,no,,\"a fruit,,,,\n"
        #expect {
            try LibraryImporter.parse(unclosed)
        } throws: { error in
            (error as? LibraryError)?.message.contains("line 3") == true
        }
        let stray = header + "apple,en,no,,fruit,,,,\npear,en,no,,a \"fruit\",,,,\n"
        #expect {
            try LibraryImporter.parse(stray)
        } throws: { error in
            (error as? LibraryError)?.message.contains("line 3") == true
        }
        let wrongCount = header + "apple,en,no\n"
        #expect(throws: LibraryError.self) { try LibraryImporter.parse(wrongCount) }
    }

    @Test func filesThatAreNotOursAreRefused() throws {
        for text in ["", "hello\tworld\n", "{\"format\": \"something-else\", \"version\": 1}", "{not json",
                     "{\"format\": \"lexagg-library\", \"version\": 99, \"words\": []}", "a,b,c\n1,2,3\n"] {
            #expect(throws: LibraryError.self, "\(text)") { try LibraryImporter.parse(text) }
        }
    }

    @Test func anAnkiFileWithoutOurTagsUsesTheDefaultLanguage() throws {
        let text = "#separator:tab\n#html:true\nMaus\tmouse\t\t\t\t\t\n"
        let words = try LibraryImporter.parse(text, defaultLanguage: .german).words
        #expect(words.map(\.word) == ["Maus"] && words[0].language == .german)
        #expect(words[0].definitions == ["mouse"])
    }

    /// A deck's own HTML (`#html:true`): its formatting tags are not part of the text, its lines (`<br/>`, `<div>`)
    /// are definitions, its character references are decoded; exported again, nothing of it shows as markup.
    @Test func anAnkiDecksOwnHTMLIsReadAsText() throws {
        let text = "#separator:tab\n#html:true\n<b>zzbar</b>\t<b>bold</b> &amp; <span style=\"color:red\">red</span><div>a caf&#233; &#xE9;t&eacute;</div>\tsaid <i>so</i><br />twice\t\t\t\t\n"
        let word = try #require(try LibraryImporter.parse(text).words.first)
        #expect(word.word == "zzbar")
        #expect(word.definitions == ["bold & red", "a café ét&eacute;"], "\(word.definitions)")
        let examples = word.entries.flatMap(\.allSenses).flatMap(\.examples)
        #expect(Set(examples) == ["said so", "twice"], "\(examples)")
        let exported = LibraryExporter.export([word], as: .anki)
        #expect(exported.contains("bold &amp; red<br>a café ét&amp;eacute;"), "\(exported)")
        #expect(!exported.contains("&lt;b&gt;"), "\(exported)")
        // `<pre>` is no paragraph; with `#html:false` the fields are plain text, a `<` a `<`.
        let pre = try LibraryImporter.parse("#separator:tab\n#html:true\nzzpre\tx <pre>a</pre> y\t\t\t\t\t\n").words
        #expect(pre.first?.definitions == ["x a y"], "\(pre.first?.definitions ?? [])")
        let plain = try LibraryImporter.parse("#separator:tab\n#html:false\nzzlt\ta <b> c &amp; d\t\t\t\t\t\n").words
        #expect(plain.first?.definitions == ["a <b> c &amp; d"], "\(plain.first?.definitions ?? [])")
    }
}
