import Foundation
import LexAggFixtures
import DictDatabaseProvider
@testable import LexAggCLI
import Testing

/// Inflected forms: the lookup service's lemma fallback, as `lookup` shows it (issue 13 item 3), with the embedded
/// WordNet and the exception lists beside it.
@Suite struct LemmaCommandTests {
    static let embedded = DictDatabaseDiscovery.embeddedDirectory()!

    @Test(arguments: [
        ("walked", "past tense of walk", "use one's feet to advance"),
        ("houses", "plural or third-person singular of house", "a dwelling that serves as living quarters"),
        ("went", "a form of go", "change location"),
        ("children", "plural of child", "a young person of either sex"),
        ("mice", "plural of mouse", "any of numerous small rodents"),
        // Beyond WordNet's lists and rules: a compound's head, a classical plural, and a spelling WordNet has
        // without its diacritics (the lemma of the looser spelling).
        ("schoolchildren", "plural of schoolchild", "a young person attending school"),
        ("staccati", "plural of staccato", "separating the notes; in music"),
        ("mêlées", "plural of melee", "a noisy riotous fight"),
        ("vicuña's", "possessive of vicuna", "small wild cud-chewing Andean animal"),
        // Derivations, when no inflection is known: a prefix's base, a compound written open.
        ("reoccurs", "a form of reoccur, re- (again) + occur", "come to pass"),
        ("wastepaper", "one-word spelling of waste paper", "paper discarded after use"),
    ])
    func anInflectedFormShowsItsLemmasWordNetSensesWithTheFormNoted(word: String, note: String, sense: String) async {
        let run = await CLIRun.run(["lookup", word, "--providers", "wordnet"], databases: Self.embedded)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\(word): \(note)\n"), "\(run.stdout.prefix(200))")
        #expect(run.stdout.contains(sense))
    }

    @Test func jsonSaysWhichLemmaWasFollowedAndHow() async throws {
        let run = await CLIRun.run(["lookup", "walked", "--providers", "wordnet", "--format", "json"], databases: Self.embedded)
        #expect(run.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let query = document?["query"] as? [String: Any]
        let lemma = query?["lemma"] as? [String: String]
        #expect(lemma == ["word": "walk", "form": "past tense", "foundBy": "morphology", "provider": "wordnet"])
        #expect(query?["term"] as? String == "walked")
    }

    /// A form of two words shows them both, each once; JSON lists them in `lemmas`.
    @Test func aFormOfSeveralWordsShowsThemAll() async throws {
        let run = await CLIRun.run(["lookup", "leaves", "--providers", "wordnet"], databases: Self.embedded)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("leaves: plural of leaf; plural or third-person singular of leave\n"), "\(run.stdout.prefix(200))")
        #expect(run.stdout.contains("the main organ of photosynthesis"), "leaf's noun")
        #expect(run.stdout.contains("go away from a place"), "leave's verb, missing before")
        let json = await CLIRun.run(["lookup", "bases", "--providers", "wordnet", "--format", "json"], databases: Self.embedded)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let query = document?["query"] as? [String: Any]
        #expect((query?["lemma"] as? [String: String])?["word"] == "base")
        #expect((query?["lemmas"] as? [[String: String]])?.compactMap { $0["word"] } == ["base", "basis"])
        let headwords = (document?["entries"] as? [[String: Any]])?.compactMap { $0["headword"] as? String }
        #expect(headwords == ["base", "basis"])
        let single = await CLIRun.run(["lookup", "walked", "--providers", "wordnet", "--format", "json"], databases: Self.embedded)
        #expect(!single.stdout.contains("\"lemmas\""), "one lemma: `lemma` alone")
    }

    @Test func aCapitalisedWordIsNotDerivedFromACommonOne() async {
        let run = await CLIRun.run(["lookup", "Mindy", "--providers", "wordnet"], databases: Self.embedded)
        #expect(run.status == 1, "Mindy is a name, not mind + -y: \(run.stdout.prefix(200))")
        let common = await CLIRun.run(["lookup", "mindy", "--providers", "wordnet"], databases: Self.embedded)
        #expect(common.stdout.hasPrefix("mindy: adjective of mind\n"), "written small, the derivation is tried")
    }

    @Test func aWordThatIsItsOwnHeadwordIsNotTakenForAForm() async {
        let run = await CLIRun.run(["lookup", "glasses", "--providers", "wordnet"], databases: Self.embedded)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("glasses  — English · WordNet"))
    }
}

/// `library add` with inflected forms and with pages in many languages (issue 13 items 1 and 3).
@Suite struct LibraryAddLemmaTests {
    @Test func anInflectedFormIsSavedAsItsLemmaWithTheFormNoted() async throws {
        let home = TemporaryFiles.directory()
        let environment = ["LEXAGG_DATA_DIR": home]
        let run = await CLIRun.run(["library", "add", "walked", "--providers", "wordnet"], environment: environment,
                                   databases: LemmaCommandTests.embedded)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("added walk (en): "), "\(run.stdout)")
        #expect(run.stdout.contains("walked: past tense of walk"))
        let list = await CLIRun.run(["library", "list", "--format", "json"], environment: environment)
        #expect(list.stdout.contains("\"word\" : \"walk\""))
        #expect(!list.stdout.contains("\"word\" : \"walked\""))
        let json = await CLIRun.run(["library", "add", "mice", "--providers", "wordnet", "--format", "json"],
                                    environment: environment, databases: LemmaCommandTests.embedded)
        #expect(json.stdout.contains("\"asked\" : \"mice\""))
        #expect(json.stdout.contains("\"word\" : \"mouse\""))
    }

    /// A form of several words is saved as typed, with them all: saving `leaves` as *leaf* would have filed *leave*'s
    /// senses under *leaf*.
    @Test func aFormOfSeveralWordsIsSavedAsTyped() async throws {
        let environment = ["LEXAGG_DATA_DIR": TemporaryFiles.directory()]
        let run = await CLIRun.run(["library", "add", "leaves", "--providers", "wordnet"], environment: environment,
                                   databases: LemmaCommandTests.embedded)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("added leaves (en): "), "\(run.stdout)")
        let show = await CLIRun.run(["library", "show", "leaves"], environment: environment)
        #expect(show.stdout.contains("the main organ of photosynthesis") && show.stdout.contains("go away from a place"), "\(show.stdout)")
    }
}
