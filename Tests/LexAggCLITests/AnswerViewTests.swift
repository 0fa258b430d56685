import Foundation
@testable import LexAggCLI
import LexAggCore
import LexAggFixtures
import ProviderConformance
import Testing
import WiktionaryProvider

/// The concise, language-aware text view of `lookup` (issue 13 items 1 and 2).
@Suite struct AnswerViewTests {
    /// The real en.wiktionary page of "house" (recorded in ../shared/reference-samples), served as the parse API does.
    static func housePage() async throws -> ReplayServer? {
        guard let samples = FixtureStore.referenceSamples,
              let wikitext = try? String(contentsOfFile: samples + "/wiktionary/wikitext-en-house-2015.wikitext", encoding: .utf8)
        else { return nil }
        let body = try JSONSerialization.data(withJSONObject: ["parse": ["title": "house", "pageid": 1, "redirects": [], "wikitext": wikitext]])
        let server = try await ReplayServer.start(fallback: .json(#"{"error":{"code":"missingtitle","info":"The page you specified doesn't exist."}}"#))
        server.route("/w/api.php", query: ["action": "parse", "page": "house"], .json(Array(body)))
        return server
    }

    @Test func theRealHousePageShowsTheEnglishEntryConciselyAndNamesEveryOtherLanguageOnce() async throws {
        guard let server = try await Self.housePage() else { return }  // the shared samples are not beside this clone
        defer { Task { await server.shutdown() } }
        let environment = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LANG": "C.UTF-8"]
        let run = await CLIRun.run(["lookup", "house", "--timeout", "60"], environment: environment, also: [.wiktionary])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 60, "\(lines.count) lines")
        let also = lines.filter { $0.hasPrefix("also in: ") }
        #expect(also.count == 1)
        #expect(also.first?.contains("Czech") == true)
        #expect(!run.stdout.contains("gosling"), "the Czech sense is folded, not shown")
        #expect(run.stdout.contains("— English · "))
        #expect(run.stdout.contains("more senses: --senses"))

        let all = await CLIRun.run(["lookup", "house", "--all", "--timeout", "60"], environment: environment, also: [.wiktionary])
        #expect(all.stdout.contains("gosling"))
        #expect(all.stdout.contains("— Czech · Wiktionary"))
        #expect(!all.stdout.contains("also in: "))
        #expect(all.stdout.split(separator: "\n").count > lines.count)

        let czech = await CLIRun.run(["lookup", "house", "--lang", "cs", "--providers", "wiktionary", "--timeout", "60"], environment: environment, also: [.wiktionary])
        #expect(czech.stdout.contains("gosling"))
    }

    @Test func sensesArePerPartOfSpeechAndTheRestIsCountedWithTheFlagThatShowsThem() async {
        let five = await CLIRun.run(["lookup", "bank", "--providers", "wordnet"])
        #expect(five.status == 0)
        #expect(five.stdout.contains("    5. "))
        #expect(!five.stdout.contains("    6. "))
        #expect(five.stdout.contains("more senses: --senses 10 or --all shows them"))
        let two = await CLIRun.run(["lookup", "bank", "--providers", "wordnet", "--senses", "2"])
        #expect(!two.stdout.contains("    3. "))
        let all = await CLIRun.run(["lookup", "bank", "--providers", "wordnet", "--all"])
        #expect(all.stdout.contains("   10. "))
        #expect(!all.stdout.contains("more senses"))
        let configured = await CLIRun.run(["lookup", "bank", "--providers", "wordnet"], environment: ["LEXAGG_SENSES": "3"])
        #expect(configured.stdout.contains("    3. ") && !configured.stdout.contains("    4. "))
        let bad = await CLIRun.run(["lookup", "bank", "--senses", "0"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--senses must be 1 or more"))
    }

    /// A merged entry cut to a few senses still names every provider whose text it shows (a pronunciation).
    @Test func aCutMergedEntryNamesTheProvidersOfWhatItShows() async {
        let all = await CLIRun.run(["lookup", "house", "--providers", "wordnet,gcide", "--all"])
        let one = await CLIRun.run(["lookup", "house", "--providers", "wordnet,gcide", "--senses", "1"])
        let header = { (text: String) in text.split(separator: "\n").first.map(String.init) ?? "" }
        #expect(header(all.stdout).contains("wordnet, gcide"), "\(all.stdout)")
        #expect(header(one.stdout) == header(all.stdout), "\(one.stdout)")
    }

    @Test func jsonIsNeverCut() async throws {
        let run = await CLIRun.run(["lookup", "bank", "--providers", "wordnet", "--format", "json", "--senses", "1"])
        #expect(run.stdout.components(separatedBy: "\"definition\"").count - 1 == 18)
    }

    @Test func theReadersLanguageComesFromTheConfigurationElseTheLocale() async {
        let context = { (environment: [String: String]) in
            CommandContext(environment: environment, factories: [], output: CapturedOutput()).readerLanguages.map(\.code)
        }
        #expect(context([:]) == ["en"])
        #expect(context(["LANG": "ru_RU.UTF-8"]) == ["ru"])
        #expect(context(["LANG": "ru_RU.UTF-8", "LC_ALL": "de_DE.UTF-8"]) == ["de"])
        #expect(context(["LANG": "C"]) == ["en"])
        #expect(context(["LANG": "ru_RU.UTF-8", "LEXAGG_LANGUAGES": "fi,sv"]) == ["fi", "sv"])
    }
}
