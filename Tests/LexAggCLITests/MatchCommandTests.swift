import DictDatabaseProvider
import Foundation
@testable import LexAggCLI
import LexAggCore
import LexAggFixtures
import Testing
import WiktionaryProvider

/// `lexagg match` and "did you mean", in process over the embedded WordNet alone and over the fixture databases, and
/// the built binary once.
@Suite struct MatchCommandTests {
    /// The embedded WordNet (147,311 headwords) as the only provider.
    static func wordNet(_ arguments: [String]) async -> CLIRun {
        await CLIRun.run(arguments, databases: DictDatabaseDiscovery.embeddedDirectory()!)
    }

    @Test func prefixListsHouseAndHouseholdUnderTheProvider() async {
        let run = await Self.wordNet(["match", "hous", "--strategy", "prefix"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("wordnet — WordNet 3.0: 100 headwords") == true, "\(lines.first ?? "")")
        #expect(lines.contains("  house"))
        #expect(lines.contains("  household"))
        #expect(run.stderr.isEmpty)
    }

    @Test func prefixIsTheDefaultAndLimitCaps() async {
        let run = await Self.wordNet(["match", "hous", "--limit", "3"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count == 4)
    }

    @Test func eachStrategyFromTheCommandLine() async {
        #expect(await Self.wordNet(["match", "^col(o|ou)r$", "--strategy", "regex"]).stdout.hasSuffix("  color\n  colour\n"))
        #expect(await Self.wordNet(["match", "ndipity", "--strategy", "suffix"]).stdout.contains("  serendipity\n"))
        #expect(await Self.wordNet(["match", "recieve", "--strategy", "lev"]).stdout.contains("  receive\n"))
        #expect(await Self.wordNet(["match", "recieve", "--strategy", "soundex"]).stdout.contains("  receive\n"))
        #expect(await Self.wordNet(["match", "HOUSE", "--strategy", "exact"]).stdout.hasSuffix(": 1 headword\n  house\n"))
    }

    @Test func jsonIsTheMatchDocument() async throws {
        let run = await Self.wordNet(["match", "househ", "--format", "json"])
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["command"] as? String == "match")
        #expect(document["strategy"] as? String == "prefix")
        #expect(document["found"] as? Bool == true)
        #expect((document["words"] as? [String])?.contains("household") == true)
        let matches = try #require(document["matches"] as? [[String: Any]])
        #expect(matches.first?["provider"] as? String == "wordnet")
    }

    @Test func nothingMatchingExitsWithOne() async {
        let run = await Self.wordNet(["match", "qqqzzxx"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("no headword matches 'qqqzzxx' by prefix; try --strategy substring or lev\n"))
    }

    @Test(arguments: [
        (["match", "hous", "--strategy", "fuzzy"], "--strategy"),
        (["match", "hou(se", "--strategy", "regex"], "'hou(se' is not a valid POSIX extended regular expression"),
        (["match", ""], "invalid pattern"),
        (["match", "hous", "--limit", "0"], "--limit must be between 1 and 1000"),
        (["match", "hous", "--providers", "wordnt"], "unknown provider 'wordnt'"),
        (["match", "hous", "--lang", "english"], "'english' is not a language code"),
    ])
    func badStrategyOrPatternIsAUsageError(arguments: [String], message: String) async {
        let run = await Self.wordNet(arguments)
        #expect(run.status == 64, "\(arguments): \(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func aProviderThatCannotMatchByTheStrategyIsNamed() async {
        let run = await CLIRun.run(["match", "hous", "--providers", "wordnet", "--strategy", "regex"])
        #expect(run.status == 0 || run.status == 1, "the fixture WordNet matches by every strategy: \(run.stderr)")
        let wiktionary = await CLIRun.run(
            ["match", "^hous", "--strategy", "regex", "--providers", "wiktionary"], also: [.wiktionary]
        )
        #expect(wiktionary.status == 64)
        #expect(wiktionary.stderr.contains("wiktionary cannot match by regex; it can: exact, prefix"), "\(wiktionary.stderr)")
    }

    @Test func didYouMeanRanksTheWordMeantFirstWithWordNetAlone() async {
        for (typed, meant) in [("recieve", "receive"), ("acommodate", "accommodate"), ("teh", "the")] {
            let run = await Self.wordNet(["lookup", typed, "--offline"])
            #expect(run.status == 1)
            #expect(run.stderr.contains("Did you mean: \(meant)"), "\(typed): \(run.stderr)")
        }
    }

    @Test func theBinaryMatchesOffline() async {
        let run = await BinaryRun.run(["match", "hous", "--strategy", "prefix", "--offline", "--providers", "wordnet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  house\n") && run.stdout.contains("  household\n"))
        let bad = await BinaryRun.run(["match", "hous", "--strategy", "nope"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("nope"))
    }
}
