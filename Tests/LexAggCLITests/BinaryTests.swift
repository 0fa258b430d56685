import Foundation
import LexAggFixtures
import Testing

/// The built `lexagg` binary, run as a user would: no databases configured, so only the embedded WordNet
/// (and /usr/share/dictd when installed) answer.
@Suite struct BinaryTests {
    @Test func looksUpOfflineWithTheEmbeddedWordNet() async {
        let run = await BinaryRun.run(["lookup", "serendipity", "--providers", "wordnet"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("good luck in making unexpected and fortunate discoveries"))
    }

    @Test func helpVersionAndATypoInAFlag() async {
        let help = await BinaryRun.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: lexagg <subcommand>"))
        let version = await BinaryRun.run(["--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty)
        let typo = await BinaryRun.run(["lookup", "house", "--provders", "wordnet"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Unknown option '--provders'"))
    }

    @Test func anUnreadableDictPathIsReportedAndTheRestStillAnswers() async {
        let run = await BinaryRun.run(["lookup", "serendipity", "--providers", "wordnet"], environment: ["LEXAGG_DICT_PATH": "/nonexistent"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("lexagg: warning: LEXAGG_DICT_PATH entry /nonexistent: cannot read directory"))
    }

    @Test func aProblemWithTheDictPathIsReportedOnceEvenWhenACommandAsksTheServiceTwice() async {
        // suggest asks the lookup service for random words and then for definitions.
        let run = await BinaryRun.run(["suggest", "--lang", "en"], environment: [
            "LEXAGG_DICT_PATH": "/nonexistent", "HOME": TemporaryFiles.directory(),
        ])
        #expect(run.stderr.components(separatedBy: "LEXAGG_DICT_PATH entry /nonexistent").count == 2, "\(run.stderr)")
    }

    @Test func aClosedPipeEndsQuietly() async {
        let run = await BinaryRun.run(["lookup", "run", "--providers", "wordnet", "--all"])
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").count > 50)
    }
}
