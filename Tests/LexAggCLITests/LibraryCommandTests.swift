import DictDatabaseProvider
import LexAggDictFormats
import Foundation
import LexAggCore
import LexAggLibrary
import RandomWordProvider
import WiktionaryProvider
import LexAggFixtures
import Testing

/// The library commands in-process over the fixture databases, each test with its own data directory.
@Suite struct LibraryCommandTests {
    let data = TemporaryFiles.directory()
    var environment: [String: String] { ["LEXAGG_DATA_DIR": data] }

    func run(_ arguments: [String], data directory: String? = nil) async -> CLIRun {
        await CLIRun.run(arguments, environment: ["LEXAGG_DATA_DIR": directory ?? data])
    }

    /// Ten fixture words; wizard and acute have only translations (FreeDict English–German).
    static let tenWords = ["house", "bank", "run", "serendipity", "serene", "serenity", "set", "zymurgy", "wizard", "acute"]

    @Test func addTenStarTwoSearchPageExportToAnkiAndImportIntoAFreshDirectory() async throws {
        let add = await run(["library", "add"] + Self.tenWords + ["--lang", "en", "--to", "de"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.split(separator: "\n").filter { $0.hasPrefix("added ") }.count == 10)
        #expect(add.stdout.contains("added wizard (en): 0 senses, 6 translations from freedict-eng-deu"))
        #expect(await run(["library", "star", "serendipity"]).status == 0)
        #expect(await run(["library", "star", "Wizard"]).stdout == "★ starred wizard (en)\n", "any case finds the word")

        let search = await run(["library", "search", "hexen"])
        #expect(search.status == 0)
        #expect(search.stdout.hasPrefix("★ wizard (en) — "), "found by its German translation: \(search.stdout)")

        let page = await run(["library", "list", "--sort", "alpha", "--limit", "4", "--page", "3"])
        #expect(page.stdout.split(separator: "\n").count == 3)
        #expect(page.stdout.contains("wizard") && page.stdout.contains("zymurgy"))
        #expect(page.stdout.hasSuffix("Page 3 of 3 · 10 words\n"))
        let favourites = await run(["library", "list", "--favorites", "--sort", "alpha"])
        #expect(favourites.stdout.hasPrefix("★ serendipity (en)  noun — good luck"))
        #expect(favourites.stdout.contains("★ wizard"))

        let file = data + "/words.txt"
        let export = await run(["library", "export", "--format", "anki", "--output", file])
        #expect(export.status == 0 && export.stderr.contains("exported 10 words"))

        let fresh = TemporaryFiles.directory()
        let imported = await run(["library", "import", file], data: fresh)
        #expect(imported.stdout == "imported \(file) (anki): 10 added, 0 merged, 0 already there\n", "\(imported.stderr)")
        let again = await run(["library", "import", file], data: fresh)
        #expect(again.stdout.hasSuffix("0 added, 0 merged, 10 already there\n"))
        #expect(await run(["library", "list", "--favorites"], data: fresh).stdout.contains("2 words"))
        let reexported = await run(["library", "export", "--format", "anki"], data: fresh)
        #expect(reexported.stdout == TemporaryFiles.read(file), "nothing lost or doubled")
        #expect(await run(["library", "search", "HEXENMEISTER"], data: fresh).stdout.contains("wizard (en)"))
    }

    @Test func jsonExportImportsBackExactly() async throws {
        _ = await run(["library", "add", "house", "Haus", "--providers", "wordnet,freedict-deu-eng"])
        _ = await run(["library", "star", "house"])
        let export = await run(["library", "export", "--format", "json"])
        let file = data + "/library.json"
        _ = FileManager.default.createFile(atPath: file, contents: Data(export.stdout.utf8))
        let fresh = TemporaryFiles.directory()
        #expect(await run(["library", "import", file, "--format", "json"], data: fresh).stdout.contains("\"added\" : 2"))
        #expect(await run(["library", "export", "--format", "json"], data: fresh).stdout == export.stdout)
        let csv = await run(["library", "export", "--format", "csv"], data: fresh)
        #expect(csv.stdout.hasPrefix("word,language,starred,added,definition,examples,ipa,translation,sources\r\nhouse,en,yes,"))
    }

    @Test func addingAgainUpdatesAndAnUnknownWordSavesNothing() async throws {
        #expect(await run(["library", "add", "serene"]).stdout.hasPrefix("added serene (en)"))
        #expect(await run(["library", "add", "serene"]).stdout.hasPrefix("updated serene (en)"))
        let unknown = await run(["library", "add", "qwzxv"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("lexagg: error: no entry for 'qwzxv'") && unknown.stderr.contains("nothing saved"))
        let list = await run(["library", "list", "--format", "json"])
        #expect(list.stdout.contains("\"total\" : 1"))
        let json = await run(["library", "add", "bank", "qwzxv", "--format", "json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains("\"status\" : \"added\"") && json.stdout.contains("\"status\" : \"notFound\""))
    }

    @Test func offlineAsksOnlyOfflineDictionariesAndTheCache() async throws {
        // An online provider whose server refuses connections: asked without --offline; with it, only its cached
        // answers count (none here), exactly as `lookup --offline`.
        let online = ["LEXAGG_DATA_DIR": data, "LEXAGG_WIKTIONARY_ENDPOINT": "http://127.0.0.1:9",
                      "LEXAGG_CACHE_DIR": TemporaryFiles.directory()]
        let asked = await CLIRun.run(["library", "add", "serene", "--format", "json"], environment: online, also: [.wiktionary])
        #expect(asked.stdout.contains("\"provider\" : \"wiktionary\""))
        let offline = await CLIRun.run(["library", "add", "serene", "--offline", "--format", "json"], environment: online,
                                       also: [.wiktionary])
        #expect(offline.status == 0)
        #expect(offline.stdout.contains("\"status\" : \"updated\""))
        #expect(!asked.stdout.contains("\"code\" : \"offline\""))
        #expect(offline.stdout.contains("\"code\" : \"offline\""), "wiktionary answers from the cache only")
    }

    @Test func badInputIsAUsageErrorAndSavesNothing() async throws {
        let cases: [([String], String)] = [
            (["library", "add", ""], "the word is empty"),
            (["library", "add", String(repeating: "a", count: 300)], "the limit is 256"),
            (["library", "add", "house", "--lang", "xx"], "no provider defines xx words"),
            (["library", "list", "--page", "0"], "--page must be 1 or more"),
            (["library", "list", "--limit", "0"], "--limit must be between 1 and 1000"),
            (["library", "list", "--limit=-1"], "--limit must be between 1 and 1000"),
            (["library", "list", "--lang", "123"], "not a language code"),
            (["library", "search", "  "], "give some text to search for"),
            (["random", "--page", "0", "--providers", "wordlist"], "--page must be 1 or more"),
            (["suggest", "--date", "2026-13-01"], "--date must be a day as YYYY-MM-DD"),
            (["library", "add", "house", "--lang", "en", "--to", "en"], "source and target language are both en"),
        ]
        for (arguments, message) in cases {
            let result = await CLIRun.run(arguments, environment: environment, also: [.wordlist])
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(await run(["library", "list", "--format", "json"]).stdout.contains("\"total\" : 0"))
        // A direction nothing translates: the word is saved, and the warning says it has no translations.
        let untranslated = await run(["library", "add", "house", "--lang", "en", "--to", "ja"])
        #expect(untranslated.stderr.contains("no provider here translates English → Japanese"), "\(untranslated.stderr)")
    }

    @Test func importRefusesFilesThatAreNotOursAndBrokenCSVWithItsLine() async throws {
        let foreign = data + "/notes.txt"
        _ = FileManager.default.createFile(atPath: foreign, contents: Data("just some notes\n".utf8))
        let refused = await run(["library", "import", foreign])
        #expect(refused.status == 64 && refused.stderr.contains("not a lexagg export"))

        let csv = data + "/broken.csv"
        let text = "word,language,starred,added,definition,examples,ipa,translation,sources\n"
            + "apple,en,no,,fruit,,,,\npear,en,no,,\"a fruit,,,,\n"
        _ = FileManager.default.createFile(atPath: csv, contents: Data(text.utf8))
        let broken = await run(["library", "import", csv])
        #expect(broken.status == 64 && broken.stderr.contains("line 3") && broken.stderr.contains("nothing was imported"))
        #expect(await run(["library", "list"]).stdout.hasPrefix("Your library is empty."))
        #expect(await run(["library", "import", data + "/missing.json"]).status == 64)
    }

    /// `--output -` is standard output (it wrote a file named `-`).
    @Test func exportToDashIsStandardOutput() async throws {
        _ = await run(["library", "add", "zymurgy"])
        let exported = await run(["library", "export", "--format", "csv", "--output", "-"])
        #expect(exported.status == 0 && exported.stdout.hasPrefix("word,language,starred"), "\(exported.stdout)")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }

    @Test func showRemoveAndStarMissingWordsExitWithOne() async throws {
        _ = await run(["library", "add", "zymurgy"])
        let show = await run(["library", "show", "zymurgy"])
        #expect(show.status == 0 && show.stdout.contains("the branch of chemistry concerned with fermentation"))
        let json = await run(["library", "show", "zymurgy", "--format", "json"])
        #expect(json.stdout.contains("\"senseGroups\""))
        for command in ["show", "remove", "star", "unstar"] {
            let missing = await run(["library", command, "nothing"])
            #expect(missing.status == 1, "\(command)")
            #expect(missing.stderr.contains("'nothing' is not in your library"))
        }
        #expect(await run(["library", "remove", "zymurgy"]).stdout == "removed zymurgy (en)\n")
        #expect(await run(["library", "show", "zymurgy"]).status == 1)
        // An inflected form was saved as its lemma: asking for the form says so, and what to type.
        let added = await run(["library", "add", "banks"])
        #expect(added.stdout.hasPrefix("added bank (en)"), "\(added.stdout) \(added.stderr)")
        for command in ["show", "star", "remove"] {
            let form = await run(["library", command, "banks"])
            #expect(form.status == 1, "\(command)")
            #expect(form.stderr.contains("'banks' is saved as 'bank', the word it is a form of: lexagg library \(command) bank"),
                    "\(command): \(form.stderr)")
        }
    }

    /// A dictionary whose entry for the form only names its lemma (GCIDE's `Geese: pl. of {Goose}.`) has no word of
    /// its own there: the form is saved as its lemma as when no dictionary has it (`geese` was saved as `geese`, its
    /// card's meaning "pl. of Goose."), and the lookup says the same.
    @Test func aFormThatADictionaryOnlyNamesAsAFormIsSavedAsItsLemma() async throws {
        let directory = TemporaryFiles.directory("forms")
        let body = "Banks \\Banks\\, n.,\n   pl. of {Bank}.\n   [1913 Webster]\n"
        // A word the dictionary has as a form and as a word of its own (GCIDE's *Went*): saved as typed.
        let houses = "Houses \\Houses\\, n.\n   A row of lodgings of its own.\n\n"
        let housesForm = "Houses \\Houses\\, n.,\n   pl. of {House}.\n\n"
        let leaves = "Leaves \\Leaves\\, n.,\n   pl. of {Leaf}.\n\n"
        let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        func base64(_ value: Int) -> String {
            var value = value, text = ""
            repeat { text = String(digits[value % 64]) + text; value /= 64 } while value > 0
            return text
        }
        _ = FileManager.default.createFile(atPath: directory + "/gcide-forms.dict", contents: Data((body + housesForm + houses + leaves).utf8))
        let index = "banks\t\(base64(0))\t\(base64(body.utf8.count))\n"
            + "houses\t\(base64(body.utf8.count))\t\(base64(housesForm.utf8.count))\n"
            + "houses\t\(base64(body.utf8.count + housesForm.utf8.count))\t\(base64(houses.utf8.count))\n"
            + "leaves\t\(base64(body.utf8.count + housesForm.utf8.count + houses.utf8.count))\t\(base64(leaves.utf8.count))\n"
        _ = FileManager.default.createFile(atPath: directory + "/gcide-forms.index", contents: Data(index.utf8))
        let forms = ProviderFactory(name: "forms") { _ in
            .init(providers: [DictDatabase(
                id: ProviderID("gcide-forms")!, indexPath: directory + "/gcide-forms.index",
                bodyPath: directory + "/gcide-forms.dict", format: .gcide, displayName: "forms"
            )])
        }
        let lookup = await CLIRun.run(["lookup", "banks", "--providers", "wordnet,gcide-forms"], environment: environment, also: [forms])
        #expect(lookup.stdout.hasPrefix("banks: plural"), "\(lookup.stdout.prefix(300)) \(lookup.stderr)")
        let added = await CLIRun.run(["library", "add", "banks", "--providers", "wordnet,gcide-forms"], environment: environment, also: [forms])
        #expect(added.stdout.hasPrefix("added bank (en)"), "\(added.stdout) \(added.stderr)")
        let list = await run(["library", "list"])
        #expect(list.stdout.contains("bank (en)") && !list.stdout.contains("pl. of"), "\(list.stdout)")
        let own = await CLIRun.run(["library", "add", "houses", "--providers", "wordnet,gcide-forms"], environment: environment, also: [forms])
        #expect(own.stdout.hasPrefix("added houses (en)"), "\(own.stdout) \(own.stderr)")
        // A form of several words (the whole WordNet: *leaf* and *leave*) is saved as typed, without the entry that
        // only names one of them (its meaning was "pl. of Leaf.").
        let embedded = DictDatabaseDiscovery.embeddedDirectory()!
        let several = await CLIRun.run(["library", "add", "leaves", "--providers", "wordnet,gcide-forms"], environment: environment,
                                       databases: embedded, also: [forms])
        #expect(several.stdout.hasPrefix("added leaves (en)"), "\(several.stdout) \(several.stderr)")
        let shown = await run(["library", "list"])
        #expect(shown.stdout.contains("leaves (en)") && !shown.stdout.contains("pl. of"), "\(shown.stdout)")
        #expect(shown.stdout.contains("houses (en)  noun — A row of lodgings of its own."), "its own sense: \(shown.stdout)")
    }

    /// A word saved spelled two ways but for case (*Paris*, the city; *paris*, the plant) is not found by a third
    /// spelling (`PARIS`), which cannot choose: the message names both and what to type. It said "not in your library".
    @Test func aWordSavedSpelledSeveralWaysIsNamedNotMissing() async throws {
        let csv = data + "/paris.csv"
        let text = "word,language,starred,added,definition,examples,ipa,translation,sources\n"
            + "Paris,en,no,,capital of France,,,,\nparis,en,no,,a plant,,,,\n"
        _ = FileManager.default.createFile(atPath: csv, contents: Data(text.utf8))
        #expect(await run(["library", "import", csv]).status == 0)
        for command in ["show", "star", "remove"] {
            let several = await run(["library", command, "PARIS"])
            #expect(several.status == 1, "\(command)")
            #expect(several.stderr.contains("'PARIS' is saved spelled several ways: ") && several.stderr.contains("Paris (en)")
                    && several.stderr.contains("paris (en)") && several.stderr.contains("(lexagg library \(command) "), "\(several.stderr)")
        }
        // A script is told too: `spellings` lists them.
        let json = await run(["library", "show", "PARIS", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let spellings = (document?["spellings"] as? [[String: String]])?.compactMap { $0["word"] }
        #expect(json.status == 1 && Set(spellings ?? []) == ["Paris", "paris"], "\(json.stdout)")
        #expect(!(await run(["library", "show", "nothing", "--format", "json"])).stdout.contains("spellings"))
        #expect(await run(["library", "star", "Paris"]).stdout.contains("starred Paris (en)"))
        #expect(await run(["library", "list"]).stdout.contains("paris (en) — a plant"), "nothing was removed")
    }

    @Test func lookupsAreCountedInTheHistory() async throws {
        for _ in 0..<4 { #expect(await run(["lookup", "serendipity"]).status == 0) }
        _ = await run(["lookup", "house", "--providers", "wordnet"])
        _ = await run(["lookup", "qwzxv"])
        let history = await run(["history"])
        #expect(history.status == 0)
        #expect(history.stdout.contains("serendipity — looked up 4 times"))
        #expect(history.stdout.contains("house — looked up once"))
        #expect(!history.stdout.contains("qwzxv"), "only found words are counted")
        let json = await run(["history", "--format", "json"])
        #expect(json.stdout.contains("\"count\" : 4"))
        #expect(await run(["history", "--clear"]).stdout == "forgot 2 words from the history\n")
        let off = await CLIRun.run(["lookup", "serene"], environment: environment.merging(["LEXAGG_NO_HISTORY": "1"]) { $1 })
        #expect(off.status == 0)
        #expect(await run(["history"]).stdout.hasPrefix("No lookups yet."))
    }

    @Test func aCorruptLibraryIsReportedNotReplacedAndLookupsStillWork() async throws {
        let path = data + "/" + Library.fileName
        let garbage = Data("this is not a database, it is a shopping list\n".utf8) + Data(repeating: 0x42, count: 2000)
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        let list = await run(["library", "list"])
        #expect(list.status == 69)
        #expect(list.stderr.contains(path) && list.stderr.contains("lexagg library doctor"))
        let add = await run(["library", "add", "house"])
        #expect(add.status == 69)
        let lookup = await run(["lookup", "serene"])
        #expect(lookup.status == 0)
        #expect(lookup.stderr.components(separatedBy: "warning").count <= 2, "at most one warning")
        let doctor = await run(["library", "doctor"])
        #expect(doctor.status == 69)
        #expect(doctor.stdout.contains("state: corrupt") && doctor.stdout.contains("--repair"))
        #expect(!doctor.stdout.contains("run 'lexagg library doctor' to see"), "the doctor sends the user to itself: \(doctor.stdout)")
        #expect(FileManager.default.contents(atPath: path) == garbage)
        let repair = await run(["library", "doctor", "--repair"])
        #expect(repair.status == 0 && repair.stdout.contains("state: healthy"), "\(repair.stdout)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: data).first { $0.contains(".damaged-") }
        #expect(FileManager.default.contents(atPath: data + "/" + (kept ?? "")) == garbage)
    }

    @Test func noDataDirectoryIsAClearError() async throws {
        let result = await CLIRun.run(["library", "list"])
        #expect(result.status == 64 && result.stderr.contains("set LEXAGG_DATA_DIR"))
    }
}
