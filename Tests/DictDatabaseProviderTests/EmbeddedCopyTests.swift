@testable import DictDatabaseProvider
import LexAggCore
import Testing

/// The system's WordNet is read from the embedded plain copy when it is that very WordNet (Debian's `dict-wn`), and
/// as it is otherwise.
@Suite struct EmbeddedCopyTests {
    /// A directory holding `wn.index` (the embedded one, changed by `index`) and `wn.dict` or, with `dictzip`, the
    /// rechunked `wn.dict.dz`.
    private func system(index: (inout [UInt8]) -> Void = { _ in }, text: (([UInt8]) -> [UInt8])? = nil, dictzip: String? = nil) -> String {
        let directory = TestDatabases.temporaryDirectory()
        var bytes = TestDatabases.readBytes(TestDatabases.embeddedWordNet + ".index")
        index(&bytes)
        TestDatabases.write(bytes, to: "\(directory)/wn.index")
        if let dictzip {
            TestDatabases.write(TestDatabases.readBytes(dictzip), to: "\(directory)/wn.dict.dz")
        } else {
            let plain = TestDatabases.readBytes(TestDatabases.embeddedWordNet + ".dict")
            TestDatabases.write(text?(plain) ?? plain, to: "\(directory)/wn.dict")
        }
        return directory
    }

    private func wordnet(_ products: ProviderFactory.Products) -> DictDatabase? {
        products.providers.first { $0.descriptor.id == .wordnet } as? DictDatabase
    }

    @Test func theSameFilesAreTheEmbeddedCopy() async {
        #expect(DictDatabaseDiscovery.isEmbeddedCopy(
            indexPath: TestDatabases.embeddedWordNet + ".index", bodyPath: TestDatabases.embeddedWordNet + ".dict"
        ))
        // Debian's layout: the same text in dictzip chunks (here 2 KB ones).
        let dictzip = system(dictzip: await TestDatabases.rechunkedWordNet)
        #expect(DictDatabaseDiscovery.isEmbeddedCopy(indexPath: "\(dictzip)/wn.index", bodyPath: "\(dictzip)/wn.dict.dz"))
    }

    @Test func anyDifferenceIsNot() {
        func check(_ directory: String) -> Bool {
            DictDatabaseDiscovery.isEmbeddedCopy(indexPath: "\(directory)/wn.index", bodyPath: "\(directory)/wn.dict")
        }
        #expect(check(system()))
        #expect(!check(system(index: { $0[$0.count / 2] ^= 0x20 })), "a byte of the middle of the index")
        #expect(!check(system(index: { $0[0] ^= 0x20 })), "the first byte")
        #expect(!check(system(index: { $0[$0.count - 2] ^= 0x20 })), "the last line")
        #expect(!check(system(index: { $0.append(0x0A) })), "a longer index")
        #expect(!check(system(text: { Array($0.dropLast()) })), "a shorter text")
        #expect(!DictDatabaseDiscovery.isEmbeddedCopy(indexPath: "\(system())/wn.index", bodyPath: nil))
        #expect(!DictDatabaseDiscovery.isEmbeddedCopy(indexPath: "/nonexistent/wn.index", bodyPath: "/nonexistent/wn.dict"))
    }

    /// Discovery reads the system directory's copy from the binary, the same answers; a different WordNet there, or
    /// the same files on LEXAGG_DICT_PATH (the user's explicit choice), as they are.
    @Test func discoveryReadsTheSystemsCopyFromTheBinary() async throws {
        let same = system(dictzip: await TestDatabases.rechunkedWordNet)
        let none = ProviderEnvironment(variables: [:])
        for products in [
            DictDatabaseDiscovery.discover(environment: none, system: same),
            DictDatabaseDiscovery.discover(environment: none, only: .wordnet, system: same),
        ] {
            let database = try #require(wordnet(products))
            #expect(database.indexPath == BuiltInFiles.directory + "/wn.index")
            let result = try await database.lookup(try LookupQuery("serendipity"))
            #expect(result.entries.first?.allSenses.first?.definition == "good luck in making unexpected and fortunate discoveries")
        }
        let other = system(index: { $0[$0.count / 2] ^= 0x20 })
        #expect(wordnet(DictDatabaseDiscovery.discover(environment: none, system: other))?.indexPath == "\(other)/wn.index")
        let chosen = ProviderEnvironment(variables: [:], databasePaths: [same])
        #expect(wordnet(DictDatabaseDiscovery.discover(environment: chosen, system: same))?.indexPath == "\(same)/wn.index")
    }
}
