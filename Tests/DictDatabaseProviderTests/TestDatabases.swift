#if canImport(Glibc)
import Glibc
#endif
@testable import DictDatabaseProvider
@testable import LexAggDictFormats
import LexAggCore
import LexAggFixtures

/// Helpers shared by the DICT-database tests.
enum TestDatabases {
    static func fixture(_ name: String) -> DictDatabase {
        DictDatabaseDiscovery.database(indexPath: FixtureStore.path("dictdb/\(name).index"))
    }

    static func index(_ name: String) throws -> DictIndex {
        try DictIndex(path: FixtureStore.path("dictdb/\(name).index"))
    }

    /// The embedded WordNet, which the repository always carries.
    static var embeddedWordNet: String {
        DictDatabaseDiscovery.embeddedDirectory()! + "/wn"
    }

    /// The embedded WordNet's text as a dictzip file in 2 KB chunks, written by Scripts/rechunk-dictzip.py (python3)
    /// into a temporary directory once per test process (three suites read it, none changes it); its path.
    static var rechunkedWordNet: String {
        get async { await rechunking.value }
    }

    private static let rechunking = Task<String, Never> {
        let directory = temporaryDirectory()
        let root = DictDatabaseDiscovery.embeddedDirectory()! + "/../../.."
        let output = "\(directory)/wn.dict.dz"
        let status = await BinaryRun.sh(
            "python3 \(BinaryRun.shellQuote(root + "/Scripts/rechunk-dictzip.py")) \(BinaryRun.shellQuote(embeddedWordNet + ".dict")) "
                + "\(BinaryRun.shellQuote(output)) --chunk 2048 >/dev/null"
        )
        precondition(status == 0, "Scripts/rechunk-dictzip.py failed (\(status))")
        return output
    }

    /// A real system database, when installed (CI installs them; skip otherwise).
    static func system(_ name: String) -> String? {
        let path = "\(DictDatabaseDiscovery.systemDirectory)/\(name).index"
        return isReadableFile(path) ? "\(DictDatabaseDiscovery.systemDirectory)/\(name)" : nil
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() -> String {
        TemporaryFiles.directory("test")
    }

    static func readBytes(_ path: String) -> [UInt8] {
        let file = try! RandomAccessFile(path: path)
        return try! file.read(offset: 0, count: file.size)
    }

    static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(fd >= 0)
        bytes.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Copies the fixture database `name` into `directory`, letting `mutate` change the index and body bytes.
    static func copy(
        _ name: String, to directory: String,
        index mutateIndex: ([UInt8]) -> [UInt8] = { $0 },
        body mutateBody: ([UInt8]) -> [UInt8] = { $0 }
    ) {
        write(mutateIndex(readBytes(FixtureStore.path("dictdb/\(name).index"))), to: "\(directory)/\(name).index")
        write(mutateBody(readBytes(FixtureStore.path("dictdb/\(name).dict.dz"))), to: "\(directory)/\(name).dict.dz")
    }

    /// Every line of an index as (headword, line position), metadata and empty headwords left out.
    static func headwords(of index: DictIndex) async -> [(String, Int)] {
        var result: [(String, Int)] = []
        var start = 0
        let bytes = index.file.bytes
        var lines = 0
        while start < bytes.count {
            lines += 1
            // Whole real indexes are half a million lines: yield now and then, so the two-thread test pool
            // keeps serving the tests that run meanwhile.
            if lines % 5_000 == 0 { await Task.yield() }
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if let location = DictIndex.parse(line: bytes[start..<end], at: start),
               !DictIndex.isMetadata(location.headword), !location.headword.trimmingWhitespace().isEmpty
            {
                result.append((location.headword, start))
            }
            start = end + 1
        }
        return result
    }
}
