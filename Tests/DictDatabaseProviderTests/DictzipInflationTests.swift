@testable import DictDatabaseProvider
import LexAggCore
import LexAggFixtures
import Testing

/// Chunks are inflated with libdeflate when the system has it, else with zlib: both must give the same bytes, and a
/// damaged chunk the same error.
@Suite struct DictzipInflationTests {
    /// Every dictzip database these tests can reach: the fixture, the embedded WordNet's text in 2 KB chunks (written
    /// by Scripts/rechunk-dictzip.py), and the system's.
    static func bodies() async -> [String] {
        [FixtureStore.path("dictdb/wn.dict.dz"), await TestDatabases.rechunkedWordNet]
            + ((try? DictDatabaseDiscovery.databases(at: DictDatabaseDiscovery.systemDirectory).get()) ?? [])
            .compactMap(\.bodyPath).filter { $0.hasSuffix(".dz") }
    }

    @Test func libdeflateAndZlibInflateEveryChunkAlike() async throws {
        let libdeflate = try #require(Libdeflate.shared, "needs libdeflate0 (apt-get install libdeflate0)")
        let bodies = await Self.bodies()
        let mismatches = try await offThePool { () throws -> [String] in
            var mismatches: [String] = []
            for path in bodies {
                let body = try DictzipBody(path: path)
                // The first and last chunks, and every 7th (all of them for small files).
                let count = body.chunkCount
                let chunks = Set(stride(from: 0, to: count, by: count > 70 ? 7 : 1)).union([0, count - 1])
                for index in chunks.sorted() where try body.inflated(chunk: index, with: libdeflate) != body.inflated(chunk: index, with: nil) {
                    mismatches.append("\(path) chunk \(index)")
                }
            }
            return mismatches
        }
        #expect(mismatches.isEmpty)
    }

    @Test func aDamagedChunkGetsZlibsDiagnosisEitherWay() throws {
        let libdeflate = try #require(Libdeflate.shared, "needs libdeflate0 (apt-get install libdeflate0)")
        let directory = TestDatabases.temporaryDirectory()
        TestDatabases.copy("wn", to: directory, body: { bytes in
            var copy = bytes
            for i in (copy.count / 3)..<(copy.count / 3 + 64) { copy[i] ^= 0x5A }
            return copy
        })
        let body = try DictzipBody(path: directory + "/wn.dict.dz")
        for index in 0..<body.chunkCount {
            var messages: [String?] = []
            for inflater in [libdeflate, nil] as [Libdeflate?] {
                do {
                    _ = try body.inflated(chunk: index, with: inflater)
                    messages.append(nil)
                } catch {
                    messages.append(error.description)
                }
            }
            #expect(messages[0] == messages[1], "chunk \(index)")
        }
    }

    /// Scripts/rechunk-dictzip.py (which the benchmarks use to serve the embedded WordNet from dictd in Debian's
    /// chunks) lays a file out as dictzip(1) writes it: every chunk, the last one too, ends in a full flush (an empty
    /// stored block, `00 00 FF FF`), and the block that ends the deflate stream follows the last chunk, outside the
    /// table. dictd inflates a chunk expecting more to follow and refused the last one of a file whose last chunk
    /// ended the stream (its words answered nothing). The text is the plain file's, byte for byte.
    @Test func theScriptsDictzipEndsItsChunksAsDictzipDoes() async throws {
        let path = await TestDatabases.rechunkedWordNet
        let body = try DictzipBody(path: path)
        let file = try RandomAccessFile(path: path)
        let count = body.chunkCount
        #expect(body.chunkLength == 2048 && count == 15_117)
        let plain = try PlainDictBody(path: TestDatabases.embeddedWordNet + ".dict")
        for offset in [0, 2047, 2048, 1_000_000, body.uncompressedSize - 5000] {
            #expect(try body.read(offset: offset, length: 5000) == plain.read(offset: offset, length: 5000))
        }
        for index in [0, count / 2, count - 1] {
            let end = body.chunkOffset(index + 1)
            #expect(try file.read(offset: end - 4, count: 4) == [0x00, 0x00, 0xFF, 0xFF], "chunk \(index)")
        }
        let tail = body.chunkOffset(count)
        #expect(try file.read(offset: tail, count: file.size - 8 - tail) == [0x03, 0x00])
        #expect(try body.read(offset: body.uncompressedSize - 10, length: 10).count == 10)
    }
}
