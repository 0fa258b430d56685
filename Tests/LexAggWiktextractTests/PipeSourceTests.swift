import Foundation
import LexAggFixtures
@testable import LexAggWiktextract
import Testing

/// The decompressing programs (`xz -dc`, `bzip2 -dc`) an import reads through: started with `posix_spawn`, reaped
/// with `waitpid`.
@Suite struct PipeSourceTests {
    /// A compressed file of `megabytes` of JSON lines, made by `program`.
    func compressed(_ program: String, megabytes: Int) async throws -> String {
        let directory = TemporaryFiles.directory()
        let plain = directory + "/big.jsonl"
        let line = "{\"word\": \"pipe\", \"lang_code\": \"en\", \"pos\": \"noun\", \"senses\": [{\"glosses\": [\"A tube.\"]}]}\n"
        try String(repeating: line, count: megabytes * 1_000_000 / line.utf8.count).write(toFile: plain, atomically: true, encoding: .utf8)
        try #require(await BinaryRun.sh("\(program) -1 -k \(BinaryRun.shellQuote(plain))") == 0)
        return plain + (program == "xz" ? ".xz" : ".bz2")
    }

    /// A source closed before its end (an import given up, or stopped by a malformed line) stops its program and
    /// reaps it: nothing is left running, and no zombie stays behind.
    @Test(arguments: ["xz", "bzip2"])
    func closingBeforeTheEndStopsAndReapsTheProgram(program: String) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)") else { return }
        let path = try await compressed(program, megabytes: 8)
        let source = try #require(try openByteSource(path: path) as? PipeSource)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        let count = try source.read(into: buffer)
        #expect(count > 0 && buffer.starts(with: Array("{\"word\": \"pipe\"".utf8)))
        // Megabytes more to write than a pipe holds: the program is still there, waiting for us.
        #expect(kill(source.pid, 0) == 0)
        source.close()
        #expect(kill(source.pid, 0) == -1 && errno == ESRCH, "the program was reaped")
        source.close()  // twice: nothing happens (the descriptor is not closed again)
    }

    /// Read to its end, a source gives every byte the program wrote, and the program has exited and been reaped.
    @Test func readToTheEndGivesEveryByte() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xz") else { return }
        let path = try await compressed("xz", megabytes: 1)
        let expected = try Data(contentsOf: URL(fileURLWithPath: String(path.dropLast(3)))).count
        let source = try #require(try openByteSource(path: path) as? PipeSource)
        defer { source.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = try source.read(into: buffer)
            if count == 0 { break }
            total += count
        }
        #expect(total == expected)
        #expect(kill(source.pid, 0) == -1 && errno == ESRCH)
        #expect(try source.read(into: buffer) == 0, "the end stays the end")
    }

    /// A program killed by a signal is a failed decompression (status 128 + the signal), not a short file.
    @Test func aProgramKilledBySignalIsAFailure() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xz") else { return }
        let path = try await compressed("xz", megabytes: 8)
        let source = try #require(try openByteSource(path: path) as? PipeSource)
        defer { source.close() }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        defer { buffer.deallocate() }
        _ = try source.read(into: buffer)
        #expect(kill(source.pid, SIGKILL) == 0)
        do {
            while try source.read(into: buffer) > 0 {}
            Issue.record("the read ended as if the file had")
        } catch {
            #expect(error.reason == .decompressionFailed(program: "xz", source: path, status: 128 + SIGKILL, piped: false), "\(error)")
        }
    }
}
