#if canImport(Glibc)
import Glibc
#endif
@testable import DictDatabaseProvider
@testable import LexAggDictFormats
import LexAggCore
import LexAggFixtures
import Testing

/// Broken files give one clear line naming the file and the problem, never a crash or a hang.
@Suite struct DictDatabaseErrorTests {
    private func lookupError(_ directory: String, _ name: String = "wn") async -> ProviderError? {
        let database = DictDatabaseDiscovery.database(indexPath: "\(directory)/\(name).index")
        do {
            _ = try await database.lookup(try LookupQuery("serendipity"))
            return nil
        } catch let error as ProviderError {
            return error
        } catch {
            Issue.record("non-ProviderError: \(error)")
            return nil
        }
    }

    @Test func theFixturesThemselvesWork() async throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.copy("wn", to: directory)
        #expect(await lookupError(directory) == nil)
    }

    /// Ways to damage a `.dict.dz`, each with the words its error must contain.
    enum BodyDamage: CaseIterable, Sendable {
        case notGzip, plainGzip, truncatedHalf, fiveBytes, wrongTableVersion, scrambledChunk

        var expected: String {
            switch self {
            case .notGzip: "no gzip signature"
            case .plainGzip: "plain gzip without a random-access table"
            case .truncatedHalf: "truncated"
            case .fiveBytes: "only 5 bytes"
            case .wrongTableVersion: "random-access table version"
            case .scrambledChunk: "does not inflate"
            }
        }

        func apply(_ bytes: [UInt8]) -> [UInt8] {
            var copy = bytes
            switch self {
            case .notGzip: copy[0] = 0; copy[1] = 0
            case .plainGzip: copy[3] &= ~0x04
            case .truncatedHalf: copy = Array(bytes.prefix(bytes.count / 2))
            case .fiveBytes: copy = Array(bytes.prefix(5))
            case .wrongTableVersion: copy[16] = 9
            case .scrambledChunk: for i in (copy.count / 3)..<(copy.count / 3 + 64) { copy[i] ^= 0x5A }
            }
            return copy
        }
    }

    @Test(arguments: BodyDamage.allCases)
    func corruptDictzipIsAClearError(damage: BodyDamage) async throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.copy("wn", to: directory, body: damage.apply)
        let error = try #require(await lookupError(directory))
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("wn.dict.dz"))
        #expect(error.message.contains(damage.expected), "\(error.message)")
        #expect(!error.message.contains("\n"))
    }

    /// Ways to damage a `.index`, each with the words its error must contain.
    enum IndexDamage: CaseIterable, Sendable {
        case cutMidLine, empty, htmlPage, offsetPastEnd

        var expected: String {
            switch self {
            case .cutMidLine: "the last line is incomplete"
            case .empty: "the file is empty"
            case .htmlPage: "not a dictd index"
            case .offsetPastEnd: "past the"
            }
        }

        func apply(_ bytes: [UInt8]) -> [UInt8] {
            switch self {
            case .cutMidLine: return Array(bytes.dropLast(3))
            case .empty: return []
            case .htmlPage: return Array("<html>\n<body>not found</body>\n".utf8)
            case .offsetPastEnd:
                // serendipity's offset (whatever it is) becomes one far past the end of the .dict.
                let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                return Array(lines.map { line in
                    guard line.hasPrefix("serendipity\t") else { return String(line) }
                    let fields = line.split(separator: "\t")
                    return [String(fields[0]), "D////", String(fields[2])].joined(separator: "\t")
                }.joined(separator: "\n").utf8)
            }
        }
    }

    @Test(arguments: IndexDamage.allCases)
    func brokenIndexIsAClearError(damage: IndexDamage) async throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.copy("wn", to: directory, index: damage.apply)
        let error = try #require(await lookupError(directory))
        #expect(error.message.contains("wn."))
        #expect(error.message.contains(damage.expected), "\(error.message)")
    }

    @Test func aMissingBodyMakesTheProviderUnavailable() async throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.write(TestDatabases.readBytes(FixtureStore.path("dictdb/wn.index")), to: "\(directory)/wn.index")
        let database = DictDatabaseDiscovery.database(indexPath: "\(directory)/wn.index")
        guard case .unavailable(let reason) = await database.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("wn.dict.dz or"))
        #expect(await lookupError(directory)?.code == .unavailable)
    }

    /// A database whose files are replaced (a package upgrade renames new ones over them) or removed after it opened
    /// them says it is outdated, so that a server builds it again; one not opened yet is not.
    @Test func replacedOrRemovedFilesMakeTheDatabaseOutdated() async throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.copy("wn", to: directory)
        let database = DictDatabaseDiscovery.database(indexPath: "\(directory)/wn.index")
        #expect(!database.isOutdated)
        _ = try await database.lookup(try LookupQuery("serendipity"))
        #expect(!database.isOutdated, "the files it opened are still there")

        // The text replaced by a new file renamed over it.
        TestDatabases.write(TestDatabases.readBytes("\(directory)/wn.dict.dz"), to: "\(directory)/new.dict.dz")
        #expect(rename("\(directory)/new.dict.dz", "\(directory)/wn.dict.dz") == 0)
        #expect(database.isOutdated)
        let reopened = DictDatabaseDiscovery.database(indexPath: "\(directory)/wn.index")
        _ = try await reopened.lookup(try LookupQuery("serendipity"))
        #expect(!reopened.isOutdated)
        // The index removed.
        #expect(unlink("\(directory)/wn.index") == 0)
        #expect(reopened.isOutdated)

        // Written over in place (the same inode, another size).
        let other = TestDatabases.temporaryDirectory()
        TestDatabases.copy("wn", to: other)
        let inPlace = DictDatabaseDiscovery.database(indexPath: "\(other)/wn.index")
        _ = try await inPlace.lookup(try LookupQuery("serendipity"))
        TestDatabases.write(TestDatabases.readBytes("\(other)/wn.index") + Array("zzz\tA\tB\n".utf8), to: "\(other)/wn.index")
        #expect(inPlace.isOutdated)
    }

    /// A database whose files could not be opened (its text not there yet, half-way through an upgrade) is outdated
    /// once what is at its paths changes, so that a server opens it again; until then it is not.
    @Test func aDatabaseThatCouldNotBeOpenedIsOutdatedOnceItsFilesChange() async throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.write(TestDatabases.readBytes(FixtureStore.path("dictdb/wn.index")), to: "\(directory)/wn.index")
        let database = DictDatabaseDiscovery.database(indexPath: "\(directory)/wn.index")
        #expect(await lookupError(directory)?.code == .unavailable)
        _ = await database.availability()
        #expect(!database.isOutdated)
        TestDatabases.write(TestDatabases.readBytes(FixtureStore.path("dictdb/wn.dict.dz")), to: "\(directory)/wn.dict.dz")
        #expect(database.isOutdated)
    }

    @Test func anUncompressedDictBodyWorks() async throws {
        let directory = TestDatabases.temporaryDirectory()
        let compressed = try DictzipBody(path: FixtureStore.path("dictdb/wn.dict.dz"))
        TestDatabases.write(try compressed.read(offset: 0, length: compressed.uncompressedSize), to: "\(directory)/wn.dict")
        TestDatabases.write(TestDatabases.readBytes(FixtureStore.path("dictdb/wn.index")), to: "\(directory)/wn.index")
        let database = DictDatabaseDiscovery.database(indexPath: "\(directory)/wn.index")
        #expect(database.bodyPath?.hasSuffix("wn.dict") == true)
        let result = try await database.lookup(try LookupQuery("serendipity"))
        #expect(result.entries.first?.allSenses.first?.definition == "good luck in making unexpected and fortunate discoveries")
    }

    @Test func oneBrokenDatabaseDoesNotStopTheOthers() async throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.copy("wn", to: directory, body: { Array($0.prefix(40)) })
        TestDatabases.copy("gcide", to: directory)
        let environment = ProviderEnvironment(variables: [:], databasePaths: [directory])
        let products = DictDatabaseDiscovery.discover(environment: environment)
        let gcide = try #require(products.providers.first { $0.descriptor.id.rawValue == "gcide" } as? DictDatabase)
        let result = try await gcide.lookup(try LookupQuery("house"))
        #expect(result.entries.count == 3)
    }

    @Test func unreadablePathEntriesAreReportedNotFatal() {
        let environment = ProviderEnvironment(
            variables: [:], databasePaths: ["/nonexistent/lexagg", FixtureStore.dictDatabases, "/etc/hostname.index"]
        )
        let products = DictDatabaseDiscovery.discover(environment: environment)
        #expect(products.problems.count == 2)
        #expect(products.problems[0] == "LEXAGG_DICT_PATH entry /nonexistent/lexagg: cannot read directory: No such file or directory")
        #expect(products.problems[1].contains("/etc/hostname.index"))
        // The fixture databases come first and win over the system's and the embedded ones.
        let wordnet = products.providers.first { $0.descriptor.id == .wordnet } as? DictDatabase
        #expect(wordnet?.indexPath == FixtureStore.path("dictdb/wn.index"))
    }

    /// `--providers wordnet` finds WordNet alone: the same database the whole discovery gives that id (the search
    /// path's first), the same problem lines, and no other database built.
    @Test func wordNetAloneIsTheOneTheWholeDiscoveryPicks() throws {
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.copy("gcide", to: directory)
        let paths = ["/nonexistent/lexagg", directory, FixtureStore.dictDatabases]
        let environment = ProviderEnvironment(variables: [:], databasePaths: paths)
        let all = DictDatabaseDiscovery.discover(environment: environment)
        let alone = DictDatabaseDiscovery.discover(environment: environment, only: .wordnet)
        #expect(alone.providers.map(\.descriptor.id) == [.wordnet])
        let wordnet = try #require(alone.providers.first as? DictDatabase)
        #expect(wordnet.indexPath == FixtureStore.path("dictdb/wn.index"))
        #expect(wordnet.indexPath == (all.providers.first { $0.descriptor.id == .wordnet } as? DictDatabase)?.indexPath)
        #expect(alone.problems == all.problems)
        #expect(alone.problems.count == 1)
        // Without the fixtures on the path, the system's or the embedded one: again whatever the whole list has.
        let fallback = ProviderEnvironment(variables: [:], databasePaths: [directory])
        let fallbackAll = DictDatabaseDiscovery.discover(environment: fallback)
        let fallbackAlone = DictDatabaseDiscovery.discover(environment: fallback, only: .wordnet)
        #expect((fallbackAlone.providers.first as? DictDatabase)?.indexPath
            == (fallbackAll.providers.first { $0.descriptor.id == .wordnet } as? DictDatabase)?.indexPath)
        #expect(fallbackAlone.providers.count == 1)
        // A name no database has: nothing, and nothing built.
        #expect(DictDatabaseDiscovery.discover(environment: fallback, only: ProviderID("nothing-here")!).providers.isEmpty)
    }

    @Test func databaseIDsFollowTheirFileNames() {
        #expect(DictDatabaseDiscovery.id(named: "wn") == .wordnet)
        #expect(DictDatabaseDiscovery.id(named: "WordNet") == .wordnet)
        #expect(DictDatabaseDiscovery.id(named: "wnx").rawValue == "wnx")
        #expect(DictDatabaseDiscovery.id(named: "freedict-eng-deu").rawValue == "freedict-eng-deu")
        #expect(DictDatabaseDiscovery.id(named: "GCIDE").rawValue == "gcide")
        for name in ["wn", "WordNet", "gcide", "freedict-deu-eng", "My_Dict"] {
            #expect(DictDatabaseDiscovery.id(named: name) == DictDatabaseDiscovery.identify(name).0)
        }
    }

    @Test func theEmbeddedWordNetIsFound() throws {
        let directory = try #require(DictDatabaseDiscovery.embeddedDirectory())
        #expect(directory.hasSuffix("Providers/DictDatabase/Embedded"))
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
