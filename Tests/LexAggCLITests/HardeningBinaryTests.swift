import Foundation
import LexAggFixtures
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 17 on the real binary: files named with `--output`, write errors on standard output, terminal escapes in
/// untrusted text, and the word validation of `library import`.
@Suite(.serialized) struct HardeningBinaryTests {
    /// Runs `arguments` with the given data directory, standard output to `redirection` (e.g. `>/dev/full`) if any.
    func shell(_ arguments: [String], data: String, redirection: String? = nil, environment: [String: String] = [:]) async
        -> BinaryRun
    {
        let variables = ["PATH": "/usr/bin:/bin", "LEXAGG_DATA_DIR": data, "LEXAGG_NO_HISTORY": "1", "HOME": data]
        return await BinaryRun.shell([BinaryRun.binary] + arguments, environment: variables.merging(environment) { $1 },
                                     output: redirection, limit: 120)
    }

    /// A library with one word, imported from CSV (no network, no dictionaries needed).
    func library(definition: String = "a small house") async throws -> String {
        let data = TemporaryFiles.directory()
        let csv = "word,language,starred,added,definition,examples,ipa,translation,sources\n"
            + "cottage,en,no,,\(definition),,,,\n"
        try csv.write(toFile: data + "/words.csv", atomically: true, encoding: .utf8)
        let run = await shell(["library", "import", data + "/words.csv"], data: data)
        try #require(run.status == 0, "\(run.stderr)")
        return data
    }


    // MARK: 2. --output

    @Test func exportThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() async throws {
        let data = try await library()
        let target = data + "/target.json", link = data + "/link.json"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        #expect(symlink(target, link) == 0)
        let run = await shell(["library", "export", "--output", link], data: data)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileMode.type(link) == .typeSymbolicLink, "the link was replaced")
        #expect(TemporaryFiles.read(target).contains("cottage"))
    }

    /// Needs root (mknod); a device node of our own, so that today's code replacing it harms nothing.
    @Test(.enabled(if: getuid() == 0)) func exportToADeviceWritesIntoItAndLeavesTheNode() async throws {
        let data = try await library()
        let node = data + "/null"
        try #require(system("mknod \(node) c 1 3 2>/dev/null") == 0, "mknod needs root")
        let run = await shell(["library", "export", "--output", node], data: data)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileMode.type(node) == .typeCharacterSpecial, "the device node was replaced by a regular file")
    }

    @Test func anExportedFileIsPrivateAndAFIFOIsRefused() async throws {
        let data = try await library()
        let file = data + "/backup.json"
        let run = await shell(["library", "export", "--output", file], data: data)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileMode.permissions(file) == 0o600)
        let fifo = data + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let refused = await shell(["library", "export", "--output", fifo], data: data)
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("FIFO"))
        #expect(FileMode.type(fifo) != .typeRegular)
        // A dangling link is refused too, as README says (64; it was 74, an I/O error).
        #expect(symlink(data + "/nowhere/backup.json", data + "/dangling") == 0)
        let dangling = await shell(["library", "export", "--output", data + "/dangling"], data: data)
        #expect(dangling.status == 64, "\(dangling.stderr)")
    }

    // MARK: 3. Write errors

    @Test func aFullDiskOnStandardOutputIsAnIOError() async throws {
        let data = try await library()
        let export = await shell(["library", "export"], data: data, redirection: ">/dev/full")
        #expect(export.status == 74)
        #expect(export.stderr.contains("cannot write standard output"))
        let list = await shell(["library", "list"], data: data, redirection: ">/dev/full")
        #expect(list.status == 74)
        let lookup = await shell(["lookup", "house", "--providers", "wordnet"], data: data, redirection: ">/dev/full")
        #expect(lookup.status == 74)
        // A batch's NDJSON is written as bytes, not text: the same check.
        try "house\nwalked\n".write(toFile: data + "/words", atomically: true, encoding: .utf8)
        let batch = await shell(["lookup", "--batch", data + "/words", "--providers", "wordnet", "--format", "json"], data: data, redirection: ">/dev/full")
        #expect(batch.status == 74)
        #expect(batch.stderr.contains("cannot write standard output"), "\(batch.stderr)")
    }

    @Test func aBatchStopsAtAClosedPipe() async throws {
        let data = TemporaryFiles.directory()
        let words = (0..<400).map { _ in "house" }.joined(separator: "\n") + "\n"
        try words.write(toFile: data + "/words", atomically: true, encoding: .utf8)
        // `head -c 1` closes the pipe at once; 400 answers are far more than a pipe holds, so the batch meets the
        // closed pipe and must end there (EX_IOERR) instead of answering every word for nobody and exiting 0.
        let status = data + "/status"
        let command = "env -i PATH=/usr/bin:/bin LEXAGG_DATA_DIR=\(data) HOME=\(data) LEXAGG_NO_HISTORY=1 "
            + "\(BinaryRun.binary) lookup --batch \(data)/words --providers wordnet 2>/dev/null | head -c 1 >/dev/null; "
            + "echo ${PIPESTATUS[0]} >\(status)"
        _ = await BinaryRun.sh("timeout -k 10 120 bash -c \(BinaryRun.shellQuote(command)) </dev/null")
        #expect(TemporaryFiles.read(status).trimmingCharacters(in: .whitespacesAndNewlines) == "74")
    }

    // MARK: 4. Terminal escapes

    /// Runs `arguments` in a pseudo-terminal (`script`) and returns the raw bytes it wrote.
    func inTerminal(_ arguments: [String], data: String) async -> String {
        let directory = TemporaryFiles.directory()
        let command = "env -i PATH=/usr/bin:/bin TERM=dumb NO_COLOR=1 LEXAGG_DATA_DIR=\(BinaryRun.shellQuote(data)) "
            + "HOME=\(BinaryRun.shellQuote(data)) LEXAGG_NO_HISTORY=1 PAGER=cat "
            + ([BinaryRun.binary] + arguments).map(BinaryRun.shellQuote).joined(separator: " ")
        _ = await BinaryRun.sh("timeout -k 10 120 script -qec \(BinaryRun.shellQuote(command)) /dev/null </dev/null >\(directory)/out 2>&1")
        return TemporaryFiles.read(directory + "/out")
    }

    @Test func importedTextCannotDriveTheTerminal() async throws {
        let data = try await library(definition: "small\u{1B}]0;pwned\u{07}\u{1B}]52;c;ZWNobyBoaQ==\u{07}\u{1B}[2J\u{9B}H house")
        let shown = await inTerminal(["library", "show", "cottage"], data: data)
        #expect(shown.contains("small"))
        #expect(!shown.contains("\u{1B}]"), "an OSC sequence reached the terminal")
        #expect(!shown.contains("\u{1B}[2J"), "a screen clear reached the terminal")
        #expect(!shown.contains("\u{07}"))
        #expect(!shown.unicodeScalars.contains("\u{9B}"))
        // Piped (`library list | less` reaches a terminal too), list and search replace them as show does.
        for arguments in [["library", "list"], ["library", "search", "cottage"], ["library", "show", "cottage"]] {
            let piped = await shell(arguments, data: data)
            #expect(piped.stdout.contains("small"), "\(arguments): \(piped.stdout.debugDescription)")
            #expect(!piped.stdout.unicodeScalars.contains { [0x1B, 0x07, 0x9B].contains($0.value) }, "\(arguments): \(piped.stdout.debugDescription)")
        }
        // An export to the terminal is read there: no colour of the source's either; to a pipe, the entry as saved.
        let colour = try await library(definition: "small \u{1B}[31mred\u{1B}[0m house")
        let exported = await inTerminal(["library", "export", "--format", "csv"], data: colour)
        #expect(exported.contains("red") && !exported.contains("\u{1B}[31m"), "\(exported.debugDescription)")
        let kept = await shell(["library", "export", "--format", "csv"], data: colour)
        #expect(kept.stdout.contains("\u{1B}[31mred"), "\(kept.stdout.debugDescription)")
        // A script reading JSON still gets the text, escaped.
        let json = await shell(["library", "show", "cottage", "--format", "json"], data: data)
        #expect(json.stdout.lowercased().contains("\\u001b]0;pwned"))
    }

    @Test func historyTextCannotDriveTheTerminal() async throws {
        let data = try await library()
        let line = "1700000000000\ten\tevil\u{1B}]0;pwned\u{07}\u{1B}[2J\n"
        try line.write(toFile: data + "/history.log", atomically: true, encoding: .utf8)
        let shown = await inTerminal(["history"], data: data)
        #expect(!shown.contains("\u{1B}]"), "an OSC sequence reached the terminal: \(shown.debugDescription)")
        #expect(!shown.contains("\u{1B}[2J"))
    }

    @Test func aTornHistoryLineDoesNotSwallowTheNextRecord() async throws {
        let data = try await library()
        let journal = "1700000000000\ten\tcott" + "1700000000001\ten\tmanor\n" + "1700000000002\ten\tvilla\n"
        try journal.write(toFile: data + "/history.log", atomically: true, encoding: .utf8)
        let history = await shell(["history", "--format", "json"], data: data)
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("\"manor\""), "\(history.stdout)")
        #expect(history.stdout.contains("\"villa\""))
        #expect(!history.stdout.contains("cott"))
    }

    @Test func aTimeoutBelowAMillisecondIsRefused() async throws {
        let run = await shell(["lookup", "house", "--providers", "wordnet", "--timeout", "0.0001"], data: TemporaryFiles.directory())
        #expect(run.status == 64, "\(run.status) \(run.stderr)")
        #expect(run.stderr.contains("0.001"))
    }

    // MARK: 5. One word validation

    @Test func importRefusesWordsAddWouldRefuse() async throws {
        let data = TemporaryFiles.directory()
        let header = "word,language,starred,added,definition,examples,ipa,translation,sources\n"
        let cases = [
            "nul\u{0}word": "control character U+0000",
            "bell\u{07}": "control character U+0007",
            String(repeating: "w", count: 300): "300 characters",
        ]
        for (word, message) in cases {
            try (header + "\"\(word)\",en,no,,a definition,,,,\n").write(toFile: data + "/in.csv", atomically: true, encoding: .utf8)
            let run = await shell(["library", "import", data + "/in.csv"], data: data)
            #expect(run.status == 64, "accepted \(word.prefix(20).debugDescription)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.utf8.count < 400, "the message echoes the whole input")
        }
        let list = await shell(["library", "list", "--format", "json"], data: data)
        #expect(!list.stdout.contains("nul"))
    }

    @Test func combiningMarksCountTowardsTheLengthLimit() async throws {
        let data = TemporaryFiles.directory()
        let word = "e" + String(repeating: "\u{301}", count: 2000)
        let run = await shell(["lookup", word, "--providers", "wordnet"], data: data)
        #expect(run.status == 64)
        #expect(run.stderr.contains("2000 characters"), "\(run.stderr.prefix(200))")   // é (NFC) + 1999 marks
    }
}
