@testable import DictDatabaseProvider
import LexAggCore
import LexAggFixtures
import Testing

/// Chunks are inflated with libdeflate when the system has it, else with zlib: both must give the same bytes, and a
/// damaged chunk the same error.
@Suite struct DictzipInflationTests {
    /// Every dictzip database these tests can reach: the embedded WordNet and the system's.
    static var bodies: [String] {
        [TestDatabases.embeddedWordNet + ".dict.dz"]
            + ((try? DictDatabaseDiscovery.databases(at: DictDatabaseDiscovery.systemDirectory).get()) ?? [])
            .compactMap(\.bodyPath).filter { $0.hasSuffix(".dz") }
    }

    @Test func libdeflateAndZlibInflateEveryChunkAlike() async throws {
        let libdeflate = try #require(Libdeflate.shared, "needs libdeflate0 (apt-get install libdeflate0)")
        let mismatches = try await offThePool { () throws -> [String] in
            var mismatches: [String] = []
            for path in Self.bodies {
                let body = try DictzipBody(path: path)
                // The first and last chunks, and every 7th (all of them for small files).
                let count = body.chunkOffsets.count - 1
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
        for index in 0..<(body.chunkOffsets.count - 1) {
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
}
