import Foundation
import LexAggFixtures
@testable import LexAggWiktextract
import Testing

/// The dataset writer with write-behind (`sync`, as the command line imports): windows of the file are handed to the
/// disk as it grows, synced on a thread of their own while writing goes on and, once synced, dropped from the page
/// cache; the file holds every byte all the same.
@Suite struct FileWriterTests {
    @Test func writingBehindAndDroppingBehindKeepsEveryByte() throws {
        let path = TemporaryFiles.directory() + "/written"
        let writer = try FileWriter(path: path, capacity: 4096, writeBehind: 8192)
        var expected: [UInt8] = []
        var generator = SplitMix(seed: 19)
        // Pieces of every size around the buffer's and the window's, some written straight through, and the header
        // rewritten at the start once the rest is written (as the importer does).
        for round in 0..<400 {
            let count = [1, 7, 100, 2047, 2048, 4096, 5000, 9000][round % 8] + Int(generator.next() % 300)
            let piece = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            try writer.write(piece)
            expected += piece
        }
        let header = [UInt8](repeating: 0xAB, count: 64)
        try writer.write(header, at: 0)
        expected.replaceSubrange(0..<64, with: header)
        #expect(writer.position == expected.count)
        try writer.finish(sync: true)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    /// A small deterministic generator, so that a failure repeats.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
