#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
@testable import LexAggCLI
import DictDatabaseProvider
import LexAggCore
import LexAggDictFormats
import Testing
import WiktionaryProvider

@Suite struct LookupCommandTests {
    @Test func printsSensesGroupedByPartOfSpeechWithTheirSource() async {
        let run = await CLIRun.run(["lookup", "bank", "--providers", "wordnet"])
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("bank  — English · WordNet 3.0 [wordnet]\n  noun\n    1. sloping land"))
        #expect(run.stdout.contains("  verb\n    1. tip laterally\n"))
        #expect(run.stdout.contains("“they pulled the canoe up on the bank”"))
        #expect(run.stdout.contains("synonyms: depository financial institution, banking concern"))
        #expect(run.stdout.contains("sources: wordnet ✓ 1 entry"))
        #expect(run.stderr.isEmpty)
    }

    @Test func askesEveryDefiningProviderByDefault() async {
        let run = await CLIRun.run(["lookup", "house"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("[wordnet]"))
        #expect(run.stdout.contains("[gcide]"))
        // Bilingual databases translate; they are not asked for definitions unless named.
        #expect(!run.stdout.contains("freedict"))
    }

    @Test func sensesFromSeveralProvidersAreMergedRankedAndExplained() async throws {
        // The same WordNet twice, under two ids, agrees with itself sense for sense.
        let copy = ProviderFactory(name: "copy") { _ in
            .init(providers: [DictDatabase(
                id: ProviderID("wordnet-copy")!, indexPath: LexAggFixturesPath.wnIndex,
                bodyPath: LexAggFixturesPath.wnIndex.replacingSuffix(".index", ".dict.dz"), format: .wordnet,
                displayName: "WordNet again"
            )])
        }
        let run = await CLIRun.run(["lookup", "serendipity", "--providers", "wordnet,wordnet-copy", "--explain"], also: [copy])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("serendipity  — English · wordnet, wordnet-copy"))
        #expect(run.stdout.contains("1. good luck in making unexpected and fortunate discoveries [wordnet, wordnet-copy]"))
        #expect(run.stdout.contains("sense 1 of wordnet (source 1); 2 sources agree, weight 1.0"))
        let json = await CLIRun.run(["lookup", "serendipity", "--providers", "wordnet,wordnet-copy", "--explain", "--format", "json"],
                                    also: [copy])
        let document = try JSONSerializationFree.object(json.stdout)
        let scores = try #require(document["scores"] as? [Any])
        #expect(scores.count == 1)
        let score = try #require(((scores.first as? [Any])?.first as? [Any])?.first as? [String: Any])
        #expect(score["source"] as? String == "wordnet")
        #expect(score["sourceRank"] as? Int == 0)
        #expect(score["position"] as? Int == 0)
        #expect(score["agreement"] as? Int == 2)
        #expect((document["entries"] as? [Any])?.count == 1)
    }

    @Test func notFoundSuggestsSpellingsAndExitsWithOne() async {
        let run = await CLIRun.run(["lookup", "serendipty", "--providers", "wordnet"])
        #expect(run.status == ExitStatus.notFound.rawValue)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no entry for 'serendipty' in wordnet"))
        #expect(run.stderr.contains("Did you mean: serendipity"))
        // Offline, the online sources are not reached: "no entry" names only the dictionaries that answered.
        let offline = await BinaryRun.run(
            ["lookup", "qqzzxxv", "--offline", "--providers", "wordnet,wiktionary"],
            environment: ["HOME": TemporaryFiles.directory(), "PATH": "/usr/bin:/bin"]
        )
        #expect(offline.status == ExitStatus.notFound.rawValue, "\(offline.stderr)")
        let line = offline.stderr.split(separator: "\n").first { $0.contains("no entry for") } ?? ""
        #expect(line == "no entry for 'qqzzxxv' in wordnet", "\(offline.stderr)")
    }

    @Test(arguments: [
        (["lookup", "house", "--providers", "wordnt"], "unknown provider 'wordnt'; did you mean 'wordnet'?"),
        (["lookup", ""], "invalid word: the word is empty"),
        (["lookup", "   "], "invalid word: the word is empty"),
        (["lookup", String(repeating: "a", count: 10_000)], "the limit is 256"),
        (["lookup", "bad\u{1B}[31m"], "control character U+001B"),
        (["lookup", "house", "--lang", "english"], "'english' is not a language code"),
        (["lookup", "house", "--lang", "ja"], "no provider defines Japanese words"),
        (["lookup", "house", "--lang", "xx", "--providers", "wordnet"], "no provider covers the language 'xx' (is it an ISO 639 code?"),
        (["lookup"], "give a word to look up"),
        (["lookup", "house", "--format", "xml"], "--format"),
        (["lookup", "house", "--providrs", "wordnet"], "--providrs"),
        (["lokup", "house"], "lokup"),
        (["lookup", "house", "--strategy", "best"], "--strategy"),
        (["lookup", "house", "--timeout=-1"], "--timeout must be a number of seconds above 0"),
        (["lookup", "house", "--timeout", "-1"], "--timeout"),
        (["lookup", "house", "--timeout", "0"], "--timeout must be a number of seconds above 0"),
        (["lookup", "house", "--timeout", "soon"], "--timeout"),
    ])
    func usageErrorsAreClearAndExitWith64(arguments: [String], message: String) async {
        await Self.expectUsageError(arguments, message)
    }

    /// A code that names no language, offline: the online sources were not asked, and the offline ones refused it —
    /// the code is the problem (it said "nothing is cached … try again without --offline", 69).
    @Test func anUnknownLanguageOfflineIsStillAUsageError() async {
        let run = await CLIRun.run(["lookup", "hello", "--lang", "zz", "--offline", "--providers", "wordnet,wiktionary"],
                                   environment: ["LEXAGG_CACHE_DIR": TemporaryFiles.directory()], also: [.wiktionary])
        #expect(run.status == ExitStatus.usage.rawValue, "\(run.stderr)")
        #expect(run.stderr.contains("no provider covers the language 'zz' (is it an ISO 639 code?"), "\(run.stderr)")
        // With the default providers, those that do not cover the language are left out unasked: only the online
        // one fails ("not cached").
        let defaults = await CLIRun.run(["lookup", "hello", "--lang", "zz", "--offline"],
                                        environment: ["LEXAGG_CACHE_DIR": TemporaryFiles.directory()], also: [.wiktionary])
        #expect(defaults.status == ExitStatus.usage.rawValue, "\(defaults.stderr)")
        #expect(defaults.stderr.contains("is it an ISO 639 code?"), "\(defaults.stderr)")
    }

    static func expectUsageError(_ arguments: [String], _ message: String) async {
        let run = await CLIRun.run(arguments)
        #expect(run.status == ExitStatus.usage.rawValue)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// A language no provider covers that the user did not type says where it came from.
    @Test func aConfiguredLanguageNoProviderCoversNamesItsSetting() async {
        let run = await CLIRun.run(["lookup", "cat", "--providers", "wordnet"], environment: ["LEXAGG_LANG": "xx"])
        #expect(run.status == ExitStatus.usage.rawValue)
        #expect(run.stderr.contains("the language is lookup.language (env LEXAGG_LANG): give --lang"), "\(run.stderr)")
        let typed = await CLIRun.run(["lookup", "cat", "--providers", "wordnet", "--lang", "xx"], environment: ["LEXAGG_LANG": "xx"])
        #expect(!typed.stderr.contains("lookup.language"), "typed: \(typed.stderr)")
    }

    @Test func jsonCarriesTheSchemaVersionProvenanceAndOutcomes() async throws {
        let run = await CLIRun.run(["lookup", "serendipity", "--format", "json"])
        #expect(run.status == 0)
        let document = try JSONSerializationFree.object(run.stdout)
        #expect(document["schemaVersion"] as? Int == 2)
        #expect(document["found"] as? Bool == true)
        let entries = try #require(document["entries"] as? [[String: Any]])
        let provenance = try #require(entries.first?["provenance"] as? [String: Any])
        #expect(provenance["provider"] as? String == "wordnet")
        #expect((provenance["source"] as? String)?.hasSuffix("dictdb/wn.dict.dz") == true)
        #expect(provenance["retrievedAt"] is String)
        let groups = try #require(entries.first?["senseGroups"] as? [[String: Any]])
        #expect(groups.first?["partOfSpeech"] as? String == "noun")
        let outcomes = try #require(document["outcomes"] as? [[String: Any]])
        #expect(outcomes.map { $0["provider"] as? String } == ["wordnet", "gcide"])
        #expect(outcomes.map { $0["status"] as? String } == ["answered", "empty"])
    }

    @Test func jsonForNotFoundStillPrintsADocument() async throws {
        let run = await CLIRun.run(["lookup", "serendipty", "--format", "json", "--providers", "wordnet"])
        #expect(run.status == 1)
        let document = try JSONSerializationFree.object(run.stdout)
        #expect(document["found"] as? Bool == false)
        #expect((document["suggestions"] as? [String])?.contains("serendipity") == true)
    }

    @Test func colourOnlyOnATerminalAndNeverWithNoColor() async {
        let plain = await CLIRun.run(["lookup", "serendipity"], terminal: false)
        #expect(!plain.stdout.contains("\u{1B}["))
        let coloured = await CLIRun.run(["lookup", "serendipity"], terminal: true)
        #expect(coloured.stdout.contains("\u{1B}[1mserendipity\u{1B}[0m"))
        let noColor = await CLIRun.run(["lookup", "serendipity"], environment: ["NO_COLOR": "1"], terminal: true)
        #expect(!noColor.stdout.contains("\u{1B}["))
    }

    @Test func everyProviderFailingExitsWith69() async {
        let directory = TemporaryFiles.directory()
        // An index whose body is missing: the provider exists but cannot answer.
        _ = system("cp '\(LexAggFixturesPath.wnIndex)' '\(directory)/wn.index'")
        let run = await CLIRun.run(["lookup", "serendipity", "--providers", "wordnet"], databases: directory)
        #expect(run.status == ExitStatus.unavailable.rawValue)
        #expect(run.stderr.contains("wordnet: "))
        #expect(run.stderr.contains("wn.dict.dz or"))
        let defaults = await CLIRun.run(["lookup", "serendipity"], databases: directory)
        #expect(defaults.status == ExitStatus.unavailable.rawValue)
        #expect(defaults.stderr.contains("no dictionary is usable"))
    }

    @Test func aLegacyIndexDoesNotTurnAccentedWordsIntoOthers() async {
        // GCIDE's order ignores non-ASCII bytes: "naïve" must not find "nave".
        let run = await CLIRun.run(["lookup", "naïve", "--providers", "gcide"])
        #expect(run.status == ExitStatus.notFound.rawValue)
        #expect(run.stdout.isEmpty)
        let house = await CLIRun.run(["lookup", "HOUSE", "--providers", "gcide"])
        #expect(house.status == 0)
    }

    @Test func translatesInTheChosenDirection() async {
        let run = await CLIRun.run(["translate", "house", "--from", "en", "--to", "de"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("English → German"))
        #expect(run.stdout.contains("→ Haus (neut)"))
        let reverse = await CLIRun.run(["translate", "Haus", "--from", "de", "--to", "en"])
        #expect(reverse.status == 0)
        #expect(reverse.stdout.contains("German → English"))
        let missing = await CLIRun.run(["translate", "house", "--from", "en", "--to", "fr"])
        #expect(missing.status == ExitStatus.usage.rawValue)
        #expect(missing.stderr.contains("available directions: de→en, en→de"))
        // A named provider that cannot: said of it, with the ones that can.
        let named = await CLIRun.run(["translate", "house", "--from", "en", "--to", "de", "--providers", "wordnet"])
        #expect(named.status == ExitStatus.usage.rawValue)
        #expect(named.stderr.contains("wordnet cannot translate English → German; these can: freedict-eng-deu"), "\(named.stderr)")
        let random = await CLIRun.run(["random", "--providers", "wordnet"])
        #expect(random.status == ExitStatus.usage.rawValue)
        #expect(random.stderr.contains("wordnet cannot give random English words"), "\(random.stderr)")
    }

    @Test func providersListsCapabilitiesAndStatus() async throws {
        let run = await CLIRun.run(["providers"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("wordnet"))
        #expect(run.stdout.contains("en→de"))
        #expect(run.stdout.contains("ready"))
        let longest = run.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest <= 80, "the table fits 80 columns: \(longest)")
        #expect(!run.stdout.contains("WordNet 3.0"), "names are for --wide")
        let wide = await CLIRun.run(["providers", "--wide"])
        #expect(wide.stdout.contains("WordNet 3.0"))
        #expect(wide.stdout.contains("sources:"))
        let json = await CLIRun.run(["providers", "--format", "json"])
        let document = try JSONSerializationFree.object(json.stdout)
        let providers = try #require(document["providers"] as? [[String: Any]])
        #expect(providers.map { $0["id"] as? String } == ["wordnet", "gcide", "freedict-deu-eng", "freedict-eng-deu"])
        #expect(providers.first?["mode"] as? String == "offline")
        #expect(providers.first?["description"] as? String == "WordNet (r) 3.0 (2006)")
    }

    @Test func helpTeachesWithExamplesAndVersionPrints() async {
        let help = await CLIRun.run(["lookup", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("lexagg lookup serendipity"))
        let root = await CLIRun.run(["--help"])
        #expect(root.stdout.contains("Exit codes: 0 found, 1 not found, 64 usage error"))
        let version = await CLIRun.run(["--version"])
        #expect(version.stdout == LexAggCLI.version + "\n")
        // `--version` is answered before ArgumentParser runs; it must print what ArgumentParser would.
        #expect(throws: (any Error).self) { _ = try LexAgg.parseAsRoot(["--version"]) }
        do { _ = try LexAgg.parseAsRoot(["--version"]) } catch { #expect(LexAgg.fullMessage(for: error) + "\n" == version.stdout) }
    }
}

/// The fast path and ArgumentParser must agree on every command line the fast path accepts.
@Suite struct FastLookupParserTests {
    @Test(arguments: [
        ["lookup", "serendipity"], ["lookup", "ice", "cream"], ["lookup", "bank", "--providers", "wordnet,gcide"],
        ["lookup", "--lang", "en", "house"], ["lookup", "house", "--format", "json", "--lang", "de"],
        ["lookup", "house", "--strategy", "first", "--timeout", "2.5"], ["lookup", "--strategy", "fastest", "x"],
        ["lookup", "serendipity", "--offline"], ["lookup", "x", "--no-cache", "--explain", "--all", "--no-pager"],
        ["lookup", "--refresh", "x", "--senses", "3"], ["lookup", "--batch", "words.txt", "--providers", "wordnet", "--format", "json"],
        ["lookup", "--batch", "words.txt", "--jobs", "4", "--offline"],
    ])
    func agreesWithArgumentParser(arguments: [String]) throws {
        let fast = try #require(FastLookupParser.parse(arguments))
        let parsed = try #require(try LexAgg.parseAsRoot(arguments) as? LookupCommand)
        #expect(fast == parsed.options)
    }

    @Test(arguments: [
        ["lookup"], ["lookup", "--help"], ["lookup", "x", "-h"], ["lookup", "x", "--providers"], ["lookup", "x", "--format", "xml"],
        ["lookup", "x", "--providers=wordnet"], ["lookup", "x", "--lang", "en", "--lang", "de"], ["lookup", "--", "-x"],
        ["translate", "x"], ["lookup", "x", "--verbose"], ["lookup", "x", "--strategy", "best"], ["lookup", "x", "--timeout", "soon"], ["lookup", "--timeout", "-1", "x"],
        ["lookup", "x", "--offline", "--offline"], ["lookup", "--batch", "words.txt", "x"], ["lookup", "--batch", "-"],
        ["lookup", "--batch", "a", "--jobs", "many"], ["lookup", "x", "--senses", "-2"], ["lookup", "--jobs", "2"],
    ])
    func leavesEverythingElseToArgumentParser(arguments: [String]) {
        #expect(FastLookupParser.parse(arguments) == nil)
    }
}

import LexAggFixtures

enum LexAggFixturesPath {
    static var wnIndex: String { FixtureStore.path("dictdb/wn.index") }
}

extension String {
    func replacingSuffix(_ suffix: String, _ replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}

/// Minimal JSON object reading for tests (FoundationEssentials has no JSONSerialization): decodes into `Any`.
enum JSONSerializationFree {
    struct Failure: Error {}

    static func object(_ text: String) throws -> [String: Any] {
        guard let value = try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8)).value as? [String: Any] else {
            throw Failure()
        }
        return value
    }

    struct AnyJSON: Decodable {
        let value: Any

        init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                var values: [Any] = []
                while !array.isAtEnd { values.append(try array.decode(AnyJSON.self).value) }
                value = values
            } else if let object = try? decoder.container(keyedBy: Key.self) {
                var values: [String: Any] = [:]
                for key in object.allKeys { values[key.stringValue] = try object.decode(AnyJSON.self, forKey: key).value }
                value = values
            } else {
                let single = try decoder.singleValueContainer()
                if single.decodeNil() { value = NSNullFree() }
                else if let bool = try? single.decode(Bool.self) { value = bool }
                else if let int = try? single.decode(Int.self) { value = int }
                else if let double = try? single.decode(Double.self) { value = double }
                else { value = try single.decode(String.self) }
            }
        }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct NSNullFree {}
}

@Suite struct LookupNormalizationTests {
    @Test func aWordWithDiacriticsFallsBackToThePlainSpellingAndSaysSo() async throws {
        let run = await CLIRun.run(["lookup", "Cafe\u{301}", "--providers", "wordnet", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try JSONSerializationFree.object(run.stdout)
        let query = try #require(document["query"] as? [String: Any])
        #expect(query["term"] as? String == "Caf\u{E9}", "the query is NFC")
        #expect((query["matchedAs"] as? String)?.lowercased() == "cafe")
        let text = await CLIRun.run(["lookup", "Café", "--providers", "wordnet"])
        #expect(text.stderr.contains("no entry for 'Café' as typed; showing"))
        #expect(text.stdout.hasPrefix("cafe"))
    }

    /// On a terminal the answer's long lines are wrapped to its width, under their own text; in a pipe, not.
    @Test func aTerminalsLongLinesAreWrappedAPipesAreNot() async {
        let terminal = await CLIRun.run(["lookup", "serendipity", "--providers", "wordnet", "--no-pager"], environment: ["COLUMNS": "30"], terminal: true)
        let lines = terminal.stdout.split(separator: "\n").map { TerminalWrap.visibleWidth($0) }
        #expect(terminal.status == 0 && !lines.isEmpty && lines.allSatisfy { $0 <= 30 }, "\(terminal.stdout)")
        #expect(terminal.stdout.contains("\n       "), "a sense goes on under its text: \(terminal.stdout)")
        let pipe = await CLIRun.run(["lookup", "serendipity", "--providers", "wordnet"], environment: ["COLUMNS": "30"])
        #expect(pipe.stdout.contains("1. good luck in making unexpected and fortunate discoveries\n"), "\(pipe.stdout)")
    }

    /// GCIDE has *Café* as typed, WordNet only *cafe*: both are shown, and the note does not say there is no entry
    /// as typed (Debian's dict-gcide, which `.ci/run` installs).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/dictd/gcide.dict.dz"), "needs Debian's dict-gcide"))
    func aWordSomeDictionariesHaveAsTypedIsNotSaidToBeMissing() async throws {
        let directory = TemporaryFiles.directory()
        for file in ["gcide.index", "gcide.dict.dz"] {
            try FileManager.default.createSymbolicLink(atPath: directory + "/" + file, withDestinationPath: "/usr/share/dictd/" + file)
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: FixtureStore.dictDatabases) where file.hasPrefix("wn.") {
            try FileManager.default.createSymbolicLink(atPath: directory + "/" + file, withDestinationPath: FixtureStore.dictDatabases + "/" + file)
        }
        let run = await CLIRun.run(["lookup", "café", "--providers", "wordnet,gcide"], databases: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Café") && run.stdout.contains("cafe"), "\(run.stdout)")
        #expect(!run.stderr.contains("no entry for 'café' as typed; showing"), "\(run.stderr)")
        #expect(run.stderr.contains("also showing 'cafe', where a dictionary has no entry for 'café' as typed"), "\(run.stderr)")
    }

    @Test func theExactSpellingComesFirstAndBothCasesStay() async throws {
        for (typed, other) in [("essen", "Essen"), ("Essen", "essen")] {
            let run = await CLIRun.run(["lookup", typed, "--providers", "freedict-deu-eng", "--format", "json"])
            let document = try JSONSerializationFree.object(run.stdout)
            let headwords = try #require(document["entries"] as? [[String: Any]]).compactMap { $0["headword"] as? String }
            #expect(headwords.first == typed)
            #expect(headwords.contains(other), "case-distinct entries are both kept: \(headwords)")
            let firstOther = try #require(headwords.firstIndex(of: other))
            #expect(headwords[..<firstOther].allSatisfy { $0 == typed }, "\(headwords)")
        }
    }
}

@Suite struct UnknownCommandTests {
    @Test func aMistypedCommandSuggestsTheNearestOne() async {
        let run = await CLIRun.run(["libary", "list"])
        #expect(run.status == ExitStatus.usage.rawValue)
        #expect(run.stderr.contains("unknown command 'libary'; did you mean 'library'?"))
        let far = await CLIRun.run(["frobnicate"])
        #expect(far.stderr.contains("the commands are lookup, translate"))
        let help = await CLIRun.run(["help"])
        #expect(help.status == 0)
    }

    /// A mistyped subcommand, or a mistyped command after `help`, is named with the nearest one, not run as the
    /// default subcommand with an argument (nor answered with the top-level help and 0).
    @Test(arguments: [
        (["config", "sett", "x"], "unknown command 'config sett'; did you mean 'config set'?"),
        (["data", "imprt", "x.jsonl"], "unknown command 'data imprt'; did you mean 'data import'?"),
        (["library", "ad", "house"], "unknown command 'library ad'; did you mean 'library add'?"),
        (["help", "lookupp"], "unknown command 'lookupp'; did you mean 'lookup'?"),
        // A command of its own after another: the MCP server is `lexagg mcp`, not `serve mcp`.
        (["serve", "mcp"], "unknown command 'serve mcp'; did you mean 'mcp'?"),
        // A subcommand's own: the format of `data import`, misspelt or left out before the file.
        (["data", "import", "wiktextrct", "x.jsonl"], "unknown command 'data import wiktextrct'; did you mean 'data import wiktextract'?"),
        (["data", "import", "dump.jsonl", "--name", "en"],
         "'data import' needs a subcommand before 'dump.jsonl'; did you mean 'data import wiktextract dump.jsonl --name en'?"),
        (["data", "import", "-"], "'data import' needs a subcommand before '-'; did you mean 'data import wiktextract -'?"),
    ])
    func aMistypedSubcommandSuggestsTheNearestOne(_ arguments: [String], _ message: String) async {
        let run = await CLIRun.run(arguments)
        #expect(run.status == ExitStatus.usage.rawValue, "\(arguments): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
    }

    @Test func realSubcommandsAndArgumentsAreNotTypos() async {
        #expect(await CLIRun.run(["help", "lookup"]).status == 0)
        #expect(await CLIRun.run(["config", "show"]).status == 0)
        #expect(await CLIRun.run(["data", "list"]).status != ExitStatus.usage.rawValue)
    }
}
