import Foundation
import LexAggCore
import LexAggLibrary
import LexAggFixtures
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The library's data-safety promises, tested on the real binary: processes killed mid-write, and eight processes
/// writing at once. Words come from the embedded WordNet (no network, no system dictionaries needed).
@Suite(.serialized) struct LibraryBinaryTests {
    /// Distinct single words of the embedded WordNet index, spread over the alphabet.
    static let wordNetWords: [String] = {
        let index = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Providers/DictDatabase/Embedded/wn.index").path
        let words = TemporaryFiles.read(index).split(separator: "\n").compactMap { line -> String? in
            let word = line.prefix { $0 != "\t" }
            return (4...10).contains(word.count) && word.allSatisfy({ $0 >= "a" && $0 <= "z" }) ? String(word) : nil
        }
        var seen = Set<String>()
        let unique = words.filter { seen.insert($0).inserted }
        let step = max(1, unique.count / 4000)
        return stride(from: 0, to: unique.count, by: step).map { unique[$0] }
    }()

    /// Starts the binary with `arguments`, standard output to `output`; returns the process.
    func start(_ arguments: [String], data: String, output: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRun.binary)
        process.arguments = arguments
        process.environment = ["LEXAGG_DATA_DIR": data, "PATH": "/usr/bin:/bin"]
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        return process
    }

    /// Every word is whole: its entries decode, have senses, and the search index has it.
    func checkIntegrity(_ library: Library, acknowledged: Set<String>) throws {
        let words = try library.allWords()
        let saved = Set(words.map(\.word))
        #expect(acknowledged.isSubset(of: saved), "acknowledged but lost: \(acknowledged.subtracting(saved).sorted().prefix(5))")
        for word in words {
            #expect(!word.definitions.isEmpty, "half-written: \(word.word)")
        }
        for word in words.prefix(50) {
            #expect(try library.search(word.word).contains { $0.word == word.word }, "not indexed: \(word.word)")
        }
    }

    @Test func killingAddAtRandomPointsLosesNothingAcknowledged() async throws {
        #expect(Self.wordNetWords.count > 2000)
        let data = TemporaryFiles.directory()
        var generator = SystemRandomNumberGenerator()
        var acknowledged = Set<String>()
        var interrupted = 0
        for round in 0..<6 {
            let batch = Array(Self.wordNetWords[(round * 330)..<(round * 330 + 330)])
            let output = data + "/out-\(round)"
            let process = try start(["library", "add"] + batch + ["--providers", "wordnet"], data: data, output: output)
            if round % 2 == 1 {
                // Every other run is killed soon after its first acknowledgement, however slow the machine is, so
                // some runs are surely cut in the middle of their words; the others at a random time from the start.
                let started = ContinuousClock.now
                while process.isRunning, !TemporaryFiles.read(output).contains("\n"), started.duration(to: .now) < .seconds(60) {
                    try await Task.sleep(for: .milliseconds(2))
                }
                try await Task.sleep(for: .microseconds(Int.random(in: 0...50_000, using: &generator)))
            } else {
                try await Task.sleep(for: .microseconds(Int.random(in: 30_000...600_000, using: &generator)))
            }
            kill(process.processIdentifier, SIGKILL)
            await process.exited()
            let lines = TemporaryFiles.read(output).split(separator: "\n")
            for line in lines where line.hasPrefix("added ") && line.hasSuffix("from wordnet") {
                acknowledged.insert(String(line.split(separator: " ")[1]))
            }
            if process.terminationReason == .uncaughtSignal && !lines.isEmpty && lines.count < batch.count { interrupted += 1 }
            let library = try Library.open(directory: data)
            try checkIntegrity(library, acknowledged: acknowledged)
            library.close()
            await Task.yield()
        }
        #expect(!acknowledged.isEmpty)
        #expect(interrupted > 0, "at least one run was killed in the middle of its words")
        #expect(Library.diagnose(path: data + "/" + Library.fileName).state == .healthy)
    }

    /// The same without timing: the binary is killed (by strace, where installed) at the Nth call of each system call
    /// that changes the files, for every N up to the end of a first run, so every step of creating the library and of
    /// its first writes is hit, the switch to WAL mode (whose hot rollback journal a read-only inspection could not
    /// recover) included.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")))
    func killingAFirstRunAtEveryFileWriteLeavesALibraryThatOpens() async throws {
        for call in ["pwrite64", "fdatasync", "fsync", "unlink", "ftruncate"] {
            for nth in 1...60 {
                let data = TemporaryFiles.directory()
                let run = await BinaryRun.shell(
                    ["/usr/bin/strace", "-f", "-o", "/dev/null", "-e", "trace=\(call)", "-e",
                     "inject=\(call):signal=SIGKILL:when=\(nth)", BinaryRun.binary,
                     "library", "add", "house", "cat", "tree", "--providers", "wordnet"],
                    environment: ["LEXAGG_DATA_DIR": data, "PATH": "/usr/bin:/bin"]
                )
                let acknowledged = Set(run.stdout.split(separator: "\n")
                    .filter { $0.hasPrefix("added ") }.map { String($0.split(separator: " ")[1]) })
                let library = try Library.open(directory: data)
                #expect(acknowledged.isSubset(of: Set(try library.allWords().map(\.word))), "\(call) #\(nth)")
                library.close()
                if run.status == 0 { break }  // the run ended before its Nth call
            }
        }
    }

    @Test func killingImportLeavesAllOrNothing() async throws {
        // A 600-word export to import.
        let source = TemporaryFiles.directory()
        let words = Array(Self.wordNetWords[2000..<2600])
        let added = await BinaryRun.run(["library", "add"] + words + ["--providers", "wordnet"], environment: ["LEXAGG_DATA_DIR": source])
        #expect(added.status == 0)
        let file = source + "/export.json"
        #expect(await BinaryRun.run(["library", "export", "--output", file], environment: ["LEXAGG_DATA_DIR": source]).status == 0)

        var generator = SystemRandomNumberGenerator()
        var outcomes: Set<Int> = []
        for round in 0..<5 {
            let data = TemporaryFiles.directory()
            let process = try start(["library", "import", file], data: data, output: data + "/out")
            try await Task.sleep(for: .microseconds(Int.random(in: 50_000...550_000, using: &generator)))
            kill(process.processIdentifier, SIGKILL)
            await process.exited()
            let acknowledged = TemporaryFiles.read(data + "/out").contains("600 added")
            guard FileManager.default.fileExists(atPath: data + "/" + Library.fileName) else {
                #expect(!acknowledged)
                outcomes.insert(0)
                continue
            }
            let library = try Library.open(directory: data)
            let count = try library.count()
            #expect(count == 0 || count == 600, "round \(round): \(count) words, a partial import")
            if acknowledged { #expect(count == 600) }
            outcomes.insert(count)
            library.close()
            await Task.yield()
        }
        #expect(!outcomes.isEmpty)
    }

    @Test func eightProcessesAddingAHundredWordsEachKeepAll800() async throws {
        let data = TemporaryFiles.directory()
        let words = Array(Self.wordNetWords[3000..<3800])
        #expect(Set(words).count == 800)
        var processes: [Process] = []
        for index in 0..<8 {
            let batch = Array(words[(index * 100)..<(index * 100 + 100)])
            processes.append(try start(["library", "add"] + batch + ["--providers", "wordnet"], data: data,
                                       output: data + "/out-\(index)"))
        }
        for process in processes {
            while process.isRunning { try await Task.sleep(for: .milliseconds(2)) }
            #expect(process.terminationStatus == 0)
        }
        let library = try Library.open(directory: data)
        #expect(try library.count() == 800)
        #expect(Set(try library.allWords().map(\.word)) == Set(words))
        #expect(try library.search(words[799]).first?.word == words[799])
    }

    @Test func aCorruptLibraryFileIsLeftAsItIs() async throws {
        let data = TemporaryFiles.directory()
        let path = data + "/" + Library.fileName
        let garbage = Data(repeating: 0x5A, count: 10_000)
        _ = FileManager.default.createFile(atPath: path, contents: garbage)
        let add = await BinaryRun.run(["library", "add", "serendipity", "--providers", "wordnet"], environment: ["LEXAGG_DATA_DIR": data])
        #expect(add.status == 69)
        #expect(add.stderr.hasPrefix("lexagg: error: the library file \(path) is damaged"))
        #expect(FileManager.default.contents(atPath: path) == garbage)
        let doctor = await BinaryRun.run(["library", "doctor"], environment: ["LEXAGG_DATA_DIR": data])
        #expect(doctor.status == 69 && doctor.stdout.contains("doctor --repair"))
    }
}
