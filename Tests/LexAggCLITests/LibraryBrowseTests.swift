import Foundation
import LexAggCore
import RandomWordProvider
import LexAggFixtures
import ProviderConformance
import Testing

/// `random --define/--page/--save` and `suggest`, over a word list of fixture words (plus words no dictionary has).
@Suite struct LibraryBrowseTests {
    let data = TemporaryFiles.directory()
    var environment: [String: String] { ["LEXAGG_DATA_DIR": data] }

    /// Words the fixture databases define, and some they don't (wizard has only translations).
    static let defined = ["house", "bank", "run", "serendipity", "serene", "serenity", "set", "zymurgy"]
    static let undefined = ["qwzxa", "qwzxb", "qwzxc", "wizard"]

    var words: ProviderFactory {
        let list = data + "/words"
        _ = FileManager.default.createFile(atPath: list, contents: Data((Self.defined + Self.undefined).joined(separator: "\n").utf8))
        return ProviderFactory(name: "test-words") { _ in
            .init(providers: [OfflineWordList(configuration: .init(wordLists: [list]))])
        }
    }

    func run(_ arguments: [String], extra: [String: String] = [:]) async -> CLIRun {
        await CLIRun.run(arguments, environment: environment.merging(extra) { $1 }, also: [words])
    }

    func words(in json: String) -> [String] {
        json.split(separator: "\n").filter { $0.contains("\"word\" : ") }.map {
            String($0.split(separator: "\"")[3])
        }
    }

    @Test func pagesNeverRepeatAWordOfTheSessionAndSkipWordsWithoutDefinitions() async throws {
        let first = await run(["random", "--define", "--page", "1", "--count", "3", "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let page1 = words(in: first.stdout)
        #expect(page1.count == 3)
        #expect(Set(page1).isSubset(of: Self.defined))
        #expect(first.stdout.contains("\"definition\" : "))

        let second = await run(["random", "--define", "--page", "2", "--count", "3", "--format", "json"])
        let page2 = words(in: second.stdout)
        #expect(page2.count == 3 && Set(page2).isSubset(of: Self.defined))
        #expect(Set(page1).isDisjoint(with: page2))

        let third = await run(["random", "--define", "--page", "3", "--count", "3"])
        #expect(third.status == 0)
        let page3 = third.stdout.split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(page3.count == 2, "only two defined words are left")
        #expect(Set(page3).isDisjoint(with: page1 + page2))
        #expect(third.stderr.contains("found only 2 of 3 new words with a definition"))
        #expect(third.stderr.contains("more: lexagg random --page 4 --lang en --count 3 --define"),
                "following the hint keeps the language and the count")

        let restart = await run(["random", "--define", "--page", "1", "--count", "8", "--format", "json"])
        #expect(Set(words(in: restart.stdout)) == Set(Self.defined), "page 1 starts a new session")
    }

    @Test func saveAddsTheShownWordsToTheLibrary() async throws {
        let saved = await run(["random", "--save", "--count", "3"])
        #expect(saved.status == 0, "\(saved.stderr)")
        let shown = saved.stdout.split(separator: "\n")
        #expect(shown.count == 3 && shown.allSatisfy { $0.hasSuffix("(saved)") })
        let list = await run(["library", "list", "--format", "json"])
        #expect(list.stdout.contains("\"total\" : 3"))
        for line in shown { #expect(list.stdout.contains("\"word\" : \"\(line.split(separator: " ")[0])\"")) }
    }

    /// `--to`: a word no dictionary defines but one translates (`wizard`, in the fixture English–German only) is shown
    /// with its translations instead of being skipped (German words offline, which only FreeDict's German–English
    /// has, were all skipped: `random --lang de --define --offline` found none and exited 1). Without `--to`, the
    /// warning about skipped words names it when a dictionary here translates into the reader's language.
    @Test func toShowsTranslationsOfWordsNothingDefines() async throws {
        let json = await run(["random", "--to", "de", "--count", "9", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(Set(words(in: json.stdout)) == Set(Self.defined + ["wizard"]), "\(json.stdout)")
        let wizard = try #require(json.stdout.range(of: "\"word\" : \"wizard\""))
        let before = json.stdout[..<wizard.lowerBound]
        let object = before[(before.lastIndex(of: "{") ?? before.startIndex)...]
        #expect(object.contains("\"definition\" : \"Genie, Leuchte, Hexenmeister\""), "its translations as its meaning: \(object)")
        // What was skipped (as drawn) is only what nothing defines or translates.
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let skipped = try #require(document["skipped"] as? [String])
        #expect(Set(skipped).isSubset(of: ["qwzxa", "qwzxb", "qwzxc"]), "\(skipped)")

        let same = await run(["random", "--to", "en", "--count", "2"])
        #expect(same.status == 64 && same.stderr.contains("both en"), "\(same.stderr)")
        let none = await run(["random", "--to", "fr", "--count", "2", "--define"])
        #expect(none.stderr.contains("no provider here translates English → French"), "\(none.stderr)")

        let hinted = await run(["random", "--define", "--count", "9"], extra: ["LEXAGG_LANGUAGES": "de"])
        #expect(hinted.stderr.contains("found only 8 of 9 new words with a definition")
                && hinted.stderr.contains("; --to de shows words with their translations into German"), "\(hinted.stderr)")
        let noTranslator = await run(["random", "--define", "--count", "9"], extra: ["LEXAGG_LANGUAGES": "fr"])
        #expect(noTranslator.stderr.contains("found only 8 of 9") && !noTranslator.stderr.contains("--to"), "\(noTranslator.stderr)")
    }

    @Test func plainRandomIsUnchanged() async throws {
        let plain = await run(["random", "--count", "12", "--providers", "wordlist"])
        #expect(Set(plain.stdout.split(separator: "\n").map(String.init)) == Set(Self.defined + Self.undefined))
    }

    @Test func suggestGivesUpOnAStalledServiceAtItsTimeout() async throws {
        let server = try await ReplayServer.start(fallback: ReplayResponse.json("[]").with(.stall))
        defer { Task { await server.shutdown() } }
        let run = await CLIRun.run(["suggest", "--date", "2026-03-02", "--timeout", "1", "--format", "json"],
                                   environment: environment.merging(["LEXAGG_RANDOMWORD_ENDPOINT": server.baseURL]) { $1 },
                                   also: [.randomword, words])
        #expect(run.status == 0, "\(run.stderr)")
        let word = try #require(words(in: run.stdout).first, "\(run.stdout)")
        #expect(Self.defined.contains(word), "a word the list has and a dictionary defines")
        #expect(server.requests.count == 1, "asked once, then the local list answered")
    }

    @Test func theWordOfTheDayStaysAllDayHasADefinitionAndIsNotSaved() async throws {
        _ = await run(["library", "add", "house", "bank", "run", "serene"])
        let first = await run(["suggest", "--date", "2026-03-01", "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        let word = try #require(words(in: first.stdout).first)
        #expect(Self.defined.contains(word) && !["house", "bank", "run", "serene"].contains(word))
        #expect(first.stdout.contains("\"definition\" : "))
        for _ in 0..<3 {
            #expect(words(in: await run(["suggest", "--date", "2026-03-01", "--format", "json"]).stdout) == [word])
        }
        let text = await run(["suggest", "--date", "2026-03-01"])
        #expect(text.stdout.hasPrefix("Word of the day (2026-03-01): \(word)\n"))
        #expect(text.stdout.contains("Add it: lexagg library add \(word)"))
        _ = await run(["library", "add", word])
        #expect(await run(["suggest", "--date", "2026-03-01"]).stdout.contains("It is in your library."))
        let next = words(in: await run(["suggest", "--date", "2026-03-02", "--format", "json"]).stdout)
        #expect(next.count == 1 && next != [word], "a saved word is not suggested again")
        // A day that does not exist is refused, not shown as a title; in Russian the day is written as Russians do.
        let bad = await run(["suggest", "--date", "2026-02-30"])
        #expect(bad.status == 64 && bad.stderr.contains("'2026-02-30'"), "\(bad.stderr)")
        let russian = await run(["suggest", "--date", "2026-03-01"], extra: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.stdout.contains("(01.03.2026)"), "\(russian.stdout)")
    }

    @Test func theLearnersLanguagesChooseTheLanguageOfTheWord() async throws {
        // German has no random-word provider here, so of the learner's languages only English can be suggested.
        let json = await run(["suggest", "--date", "2026-03-01", "--format", "json"], extra: ["LEXAGG_LANGUAGES": "de,en"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("\"language\" : \"en\""))
        let german = await run(["suggest"], extra: ["LEXAGG_LANGUAGES": "de"])
        #expect(german.status == 64 && german.stderr.contains("German words"), "\(german.stderr)")
    }

    @Test func notifySendsTheWordWithNotifySendWhenInstalled() async throws {
        let bin = TemporaryFiles.directory()
        let log = bin + "/log"
        let script = "#!/bin/sh\nprintf '%s\\n' \"$@\" > \(log)\n"
        TemporaryFiles.writeExecutable(bin + "/notify-send", script)
        let sent = await run(["suggest", "--notify", "--format", "json"], extra: ["PATH": bin])
        #expect(sent.status == 0 && sent.stdout.contains("\"notified\" : true"), "\(sent.stderr)")
        let word = try #require(words(in: sent.stdout).first)
        #expect(TemporaryFiles.read(log).contains("Word of the day: \(word)"))

        let missing = await run(["suggest", "--notify"], extra: ["PATH": data + "/nowhere"])
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("notify-send is not installed"))
    }
}
