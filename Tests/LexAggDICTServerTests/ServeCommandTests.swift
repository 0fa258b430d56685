import Foundation
import LexAggFixtures
import Testing

/// `lexagg serve dict` as a process: it prints the port it bound, serves the real `dict` client, and ends cleanly at
/// SIGTERM.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: BinaryRun.binary) && DictClient.isInstalled))
struct ServeCommandTests {
    @Test func servesUntilSIGTERM() async throws {
        let home = TemporaryFiles.directory()
        let out = home + "/out", err = home + "/err"
        FileManager.default.createFile(atPath: out, contents: nil)
        FileManager.default.createFile(atPath: err, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRun.binary)
        process.arguments = ["serve", "dict", "--port", "0", "--providers", "wordnet"]
        process.environment = ["HOME": home, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        let (ended, end) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { end.yield($0.terminationStatus) }
        try process.run()

        var port: Int?
        for _ in 0..<600 where port == nil {
            let text = TemporaryFiles.read(out)
            if let range = text.range(of: "listening on 127.0.0.1:") {
                port = Int(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        guard let port else {
            process.terminate()
            Issue.record("no 'listening on' line: \(TemporaryFiles.read(out)) \(TemporaryFiles.read(err))")
            return
        }
        let run = try await DictClient.run(["serendipity"], port: port)
        process.terminate() // SIGTERM
        var iterator = ended.makeAsyncIterator()
        let status = await iterator.next()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("From WordNet (r) 3.0 (2006) [wordnet]:"))
        #expect(status == 0, "\(TemporaryFiles.read(err))")
    }

    @Test func refusesABadPortAndABusyOne() async throws {
        let bad = await BinaryRun.run(["serve", "dict", "--port", "70000"], environment: ["HOME": TemporaryFiles.directory()])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--port must be between 0 and 65535"))
        // A port that is taken: the server's own, while it runs.
        let running = try await RunningServer.start([RunningServer.wordnet()])
        let busy = await BinaryRun.run(["serve", "dict", "--port", String(running.port)], environment: ["HOME": TemporaryFiles.directory()])
        try await running.stop()
        #expect(busy.status == 69, "\(busy.stderr)")
        #expect(busy.stderr.contains("could not serve on 127.0.0.1:\(running.port) (DICT): the port is already in use"), "\(busy.stderr)")
    }
}
