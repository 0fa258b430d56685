#if canImport(Glibc)
import Glibc
#endif
import Foundation
@testable import DictDatabaseProvider
import LexAggCore
import LexAggFixtures
import Testing

/// WordNet linked into the executable (issue 13, item 8): the same bytes as the files in the source tree, read in
/// place, found by discovery, with its exception lists; and a binary copied alone answers offline.
@Suite struct BuiltInWordNetTests {
    @Test(arguments: BuiltInFiles.names)
    func theBuiltInFileIsTheSourceTreesFile(name: String) throws {
        let builtIn = try #require(BuiltInFiles.bytes(atPath: BuiltInFiles.directory + "/" + name), "\(name) is not built in")
        let onDisk = TestDatabases.readBytes(DictDatabaseDiscovery.embeddedDirectory()! + "/" + name)
        #expect(builtIn.count == onDisk.count)
        #expect(Array(builtIn) == onDisk)
    }

    @Test func discoveryUsesTheBuiltInCopyAndItAnswersWithLemmas() async throws {
        #expect(DictDatabaseDiscovery.embeddedWordNet() == BuiltInFiles.directory)
        let databases = try DictDatabaseDiscovery.databases(at: BuiltInFiles.directory).get()
        #expect(databases.map(\.descriptor.id) == [.wordnet])
        let wordnet = try #require(databases.first)
        #expect(wordnet.descriptor.source == "[built in]/wn.dict")

        let serendipity = try await wordnet.lookup(try LookupQuery("serendipity"))
        #expect(serendipity.entries.first?.allSenses.first?.definition.contains("unexpected and fortunate discoveries") == true)
        // `mice` is in noun.exc only: the exception lists come from the executable too.
        let lemmas = try await wordnet.lemmas(of: try LookupQuery("mice"))
        #expect(lemmas.map(\.lemma) == ["mouse"])
        #expect(try await wordnet.match(MatchQuery("serendip", strategy: .prefix, limit: 10)) == ["serendipitous", "serendipity"])

        // The part of speech with the most senses first: WordNet lists the noun first whatever the word (be:
        // beryllium, 1 sense; the verb, 13), and ties keep its order.
        let be = try await wordnet.lookup(try LookupQuery("be"))
        #expect(be.entries.first?.senseGroups.map(\.partOfSpeech?.name) == ["verb", "noun"])
        let house = try await wordnet.lookup(try LookupQuery("house"))
        #expect(house.entries.first?.senseGroups.map(\.partOfSpeech?.name) == ["noun", "verb"])
    }

    @Test func aPathUnderTheBuiltInDirectoryThatIsNotBuiltInIsAClearError() {
        #expect(!isReadableFile(BuiltInFiles.directory + "/gcide.index"))
        #expect(throws: DictFileError.self) { try MappedFile(path: BuiltInFiles.directory + "/gcide.index") }
        #expect(BuiltInFiles.text(atPath: BuiltInFiles.directory + "/nothing.exc") == nil)
    }

    /// The binary copied alone into an empty directory, with no dictionary on the search path and — where this
    /// machine lets the test hide it in a private mount namespace — `/usr/share/dictd` hidden too. "Copied" is a
    /// hard link where the file system allows one: the binary sees only its new path, and a debug build is over 200 MB.
    @Test func aBinaryCopiedAloneAnswersOfflineFromWordNet() async throws {
        let directory = TestDatabases.temporaryDirectory()
        let binary = directory + "/lexagg"
        let (from, to) = (BinaryRun.shellQuote(BinaryRun.binary), BinaryRun.shellQuote(binary))
        try #require(system("ln \(from) \(to) 2>/dev/null || cp \(from) \(to)") == 0)
        let empty = TestDatabases.temporaryDirectory()
        let environment = ["HOME": directory, "LEXAGG_DICT_PATH": empty, "LEXAGG_NO_HISTORY": "1"]
        let plain = await BinaryRun.run(["lookup", "serendipity", "--offline", "--no-pager"], environment: environment, executable: binary)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("unexpected and fortunate discoveries"))

        guard system("unshare -m true 2>/dev/null") == 0 else {
            print("BuiltInWordNetTests: unshare -m is not permitted here; /usr/share/dictd was not hidden")
            return
        }
        let script = directory + "/hidden.sh"
        let command = "mount --bind '\(empty)' /usr/share/dictd 2>/dev/null || mount -t tmpfs none /usr/share/dictd; exec \"$@\""
        try command.write(toFile: script, atomically: true, encoding: .utf8)
        let hidden = await BinaryRun.run(
            ["-m", "sh", script, binary, "providers", "--wide"], environment: environment, executable: "/usr/bin/unshare"
        )
        #expect(hidden.stdout.contains("[built in]/wn.dict"), "\(hidden.stdout) \(hidden.stderr)")
        #expect(!hidden.stdout.contains("/usr/share/dictd/"), "\(hidden.stdout)")
        let answer = await BinaryRun.run(
            ["-m", "sh", script, binary, "lookup", "mice", "--offline", "--no-pager"], environment: environment,
            executable: "/usr/bin/unshare"
        )
        #expect(answer.status == 0, "\(answer.stderr)")
        #expect(answer.stdout.contains("plural of mouse"), "\(answer.stdout)")
    }
}
