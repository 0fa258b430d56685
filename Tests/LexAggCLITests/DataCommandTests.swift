import Foundation
import LexAggFixtures
import LexAggLocalization
@testable import LexAggWiktextract
import Testing

/// `lexagg data` and the imported provider through the real binary, with no network: the issue's "done when" on the
/// project's wiktextract-shaped fixture.
@Suite struct DataCommandTests {
    let home = TemporaryFiles.directory()
    var environment: [String: String] { ["HOME": home, "LEXAGG_DATA_DIR": home + "/data"] }

    func run(_ arguments: [String]) async -> BinaryRun { await BinaryRun.run(arguments, environment: environment) }

    func imported() async throws {
        let run = await run(["data", "import", "wiktextract", FixtureStore.path("wiktextract/sample.jsonl")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("imported 11 entries (en 6"), "\(run.stdout)")
        #expect(run.stdout.contains("1 skipped"), "\(run.stdout)")
        // No terminal: no progress bar.
        #expect(!run.stderr.contains("MB/s"), "\(run.stderr)")
    }

    /// `-` imports standard input: a download piped in (gzip, then xz through its program), with no file to name the
    /// dump by; nothing piped in imports nothing.
    @Test func importFromStandardInput() async throws {
        let sample = FixtureStore.path("wiktextract/sample.jsonl")
        let piped = await BinaryRun.shell(
            [BinaryRun.binary, "data", "import", "wiktextract", "-", "--name", "piped"], environment: environment,
            input: "gzip -c \(BinaryRun.shellQuote(sample))"
        )
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.contains("imported 11 entries (en 6"), "\(piped.stdout)")
        let ran = await run(["lookup", "ran", "--providers", "piped", "--offline"])
        #expect(ran.status == 0 && ran.stdout.contains("ran: past tense of run"), "\(ran.stdout) \(ran.stderr)")
        #expect(ran.stdout.contains("(standard input, "), "the dump's name in the provenance: \(ran.stdout)")
        let info = await run(["data", "info", "piped"])
        #expect(info.stdout.contains("source:       standard input"), "\(info.stdout)")
        let xz = await BinaryRun.shell(
            [BinaryRun.binary, "data", "import", "wiktextract", "-", "--name", "xz"], environment: environment,
            input: "xz -c \(BinaryRun.shellQuote(sample))"
        )
        #expect(xz.status == 0 && xz.stdout.contains("imported 11 entries"), "\(xz.stdout) \(xz.stderr)")
        let cut = await BinaryRun.shell(
            [BinaryRun.binary, "data", "import", "wiktextract", "-", "--name", "cut"], environment: environment,
            input: "xz -c \(BinaryRun.shellQuote(sample)) | head -c 600"
        )
        #expect(cut.status == 69 && cut.stderr.contains("xz could not decompress standard input"), "\(cut.stderr)")
        let nothing = await BinaryRun.shell(
            [BinaryRun.binary, "data", "import", "wiktextract", "-", "--name", "nothing"], environment: environment
        )
        #expect(nothing.status == 69 && nothing.stderr.contains("no word entries in standard input"), "\(nothing.stderr)")

        // The dataset records standard input and a pipe (`/dev/fd/0`) by their English names; a reader in Russian
        // sees them in Russian, in `data list` and `data info`.
        let fd = await BinaryRun.shell(
            [BinaryRun.binary, "data", "import", "wiktextract", "/dev/fd/0", "--name", "fd"], environment: environment,
            input: "cat \(BinaryRun.shellQuote(sample))"
        )
        #expect(fd.status == 0, "\(fd.stderr)")
        let russian = environment.merging(["LC_ALL": "ru_RU.UTF-8"]) { $1 }
        let list = await BinaryRun.run(["data", "list"], environment: russian)
        #expect(list.stdout.contains("стандартный ввод (") && list.stdout.contains("канал ("), "\(list.stdout)")
        #expect(!list.stdout.contains("standard input (") && !list.stdout.contains("pipe ("), "\(list.stdout)")
        let russianInfo = await BinaryRun.run(["data", "info", "piped"], environment: russian)
        #expect(russianInfo.stdout.contains("стандартный ввод ("), "\(russianInfo.stdout)")
    }

    /// A file name's control characters show in an import's error, never act: an escape sequence in the name of a
    /// dump that is not what its suffix says reached the terminal as it was.
    @Test func aFileNamesControlCharactersDoNotReachTheTerminal() async throws {
        let directory = TemporaryFiles.directory()
        for suffix in ["gz", "xz"] {
            let path = directory + "/a\u{1B}[31mb.jsonl." + suffix
            try Data("not compressed\n".utf8).write(to: URL(fileURLWithPath: path))
            let run = await run(["data", "import", "wiktextract", path])
            #expect(run.status != 0)
            #expect(!run.stderr.contains("\u{1B}"), "\(run.stderr)")
            #expect(run.stderr.contains("a\u{FFFD}[31mb.jsonl." + suffix), "\(run.stderr)")
        }
    }

    /// Where there is no network (a container, `unshare -n`), an xz or bzip2 dump imports with nothing on standard
    /// error: the decompressor was started through Foundation's `Process`, whose run loop could not make its wakeup
    /// socket pair there and printed "Could not create wakeup socket pair for CFSocket!!!". (Skipped where the user
    /// namespace that `unshare -rn` needs is not allowed.)
    @Test func compressedImportWithoutNetworkIsQuiet() async throws {
        guard await BinaryRun.sh("unshare -rn true 2>/dev/null") == 0 else { return }
        let sample = FixtureStore.path("wiktextract/sample.jsonl")
        for (program, suffix) in [("xz", "xz"), ("bzip2", "bz2")] {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)") else { continue }
            let compressed = home + "/sample.jsonl." + suffix
            try #require(await BinaryRun.sh("\(program) -c \(BinaryRun.shellQuote(sample)) > \(BinaryRun.shellQuote(compressed))") == 0)
            let run = await BinaryRun.run(
                ["-rn", BinaryRun.binary, "data", "import", "wiktextract", compressed, "--name", suffix],
                environment: environment, executable: "/usr/bin/unshare"
            )
            #expect(run.status == 0 && run.stdout.contains("imported 11 entries"), "\(program): \(run.stdout) \(run.stderr)")
            #expect(run.stderr.isEmpty, "\(program): \(run.stderr)")
        }
    }

    /// A pipe by name is read as it comes, as `-` is: a FIFO, or a shell's `<(zcat dump.jsonl.gz)` (`/dev/fd/63`,
    /// named `pipe` in the dataset). It was refused as "not a regular file", with 69.
    @Test func importFromANamedPipe() async throws {
        let sample = FixtureStore.path("wiktextract/sample.jsonl")
        let fifo = home + "/dump.fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let run = await BinaryRun.shell(
            [BinaryRun.binary, "data", "import", "wiktextract", fifo, "--name", "fifo"], environment: environment,
            input: "{ gzip -c \(BinaryRun.shellQuote(sample)) > \(BinaryRun.shellQuote(fifo)) & }"
        )
        #expect(run.status == 0 && run.stdout.contains("imported 11 entries (en 6"), "\(run.stdout) \(run.stderr)")
        let info = await self.run(["data", "info", "fifo"])
        #expect(info.stdout.contains("source:       \(fifo)"), "\(info.stdout)")
        #expect(WiktextractImporter.isUnnamedPipe("/dev/fd/63") && WiktextractImporter.isUnnamedPipe("/proc/self/fd/12"))
        #expect(!WiktextractImporter.isUnnamedPipe(fifo))
    }

    /// The import's own failures in the reader's language: they were English in the Russian interface.
    @Test func importFailuresAreWordedInTheReadersLanguage() async throws {
        let bad = home + "/bad.jsonl"
        try "{\"x\": 1}\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let russian = environment.merging(["LC_ALL": "ru_RU.UTF-8"]) { $1 }
        let none = await BinaryRun.run(["data", "import", "wiktextract", bad, "--name", "bad"], environment: russian)
        #expect(none.status == 69 && none.stderr.contains("\(bad): нет словарных статей (строк: 1, с ошибками: 0, пропущено: 1)"),
                "\(none.stderr)")
        let english = await run(["data", "import", "wiktextract", bad, "--name", "bad"])
        #expect(english.stderr.contains("no word entries in \(bad) (1 line, 0 malformed, 1 skipped); nothing was imported"), "\(english.stderr)")
        let cut = home + "/cut.jsonl.gz"
        let made = await BinaryRun.sh("gzip -c \(BinaryRun.shellQuote(FixtureStore.path("wiktextract/sample.jsonl"))) | head -c 300 > \(BinaryRun.shellQuote(cut))")
        try #require(made == 0)
        let truncated = await BinaryRun.run(["data", "import", "wiktextract", cut, "--name", "cut"], environment: russian)
        #expect(truncated.status == 69 && truncated.stderr.contains("обрывается посреди данных gzip"), "\(truncated.stderr)")
        let piped = await BinaryRun.shell(
            [BinaryRun.binary, "data", "import", "wiktextract", "-", "--name", "nothing"], environment: russian
        )
        #expect(piped.stderr.contains("стандартный ввод: нет словарных статей"), "\(piped.stderr)")
    }

    @Test func importThenLookUpOfflineAWordAnInflectedFormAndATranslation() async throws {
        try await imported()
        let house = await run(["lookup", "house", "--providers", "wiktionary-offline", "--offline"])
        #expect(house.status == 0, "\(house.stderr)")
        #expect(house.stdout.contains("A structure built or serving as an abode of human beings."), "\(house.stdout)")
        #expect(house.stdout.contains("/haʊs/"), "\(house.stdout)")
        #expect(house.stdout.contains("Middle English hous"), "\(house.stdout)")
        let ran = await run(["lookup", "ran", "--providers", "wiktionary-offline", "--offline"])
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.contains("To move swiftly on foot."), "\(ran.stdout)")
        // The dump's own forms name it (`ran` is run's `past`), before WordNet's exception list (`a form of run`).
        #expect(ran.stdout.contains("ran: past tense of run"), "\(ran.stdout)")
        let haus = await run(["translate", "house", "--from", "en", "--to", "de", "--providers", "wiktionary-offline", "--offline"])
        #expect(haus.status == 0, "\(haus.stderr)")
        #expect(haus.stdout.contains("Haus") && haus.stdout.contains("Geschlecht"), "\(haus.stdout)")
        let back = await run(["translate", "Haus", "--from", "de", "--to", "en", "--providers", "wiktionary-offline", "--format", "json"])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("\"text\" : \"house\"") || back.stdout.contains("\"text\":\"house\""), "\(back.stdout)")
        let match = await run(["match", "hou", "--strategy", "prefix", "--providers", "wiktionary-offline"])
        #expect(match.stdout.contains("houses"), "\(match.stdout)\(match.stderr)")
        // A dataset matches by prefix and exactly: no looser strategy to try is named.
        let none = await run(["match", "qqzz", "--strategy", "prefix", "--providers", "wiktionary-offline"])
        #expect(none.status == 1 && none.stderr == "no headword matches 'qqzz' by prefix\n", "\(none.stderr)")
    }

    /// A German-edition noun's gender (its record's word-level `tags`) is shown with its part of speech, in text and
    /// in JSON.
    @Test func aNounIsShownWithItsGender() async throws {
        let dump = home + "/de.jsonl"
        try (#"{"word": "Haus", "lang_code": "de", "lang": "Deutsch", "pos": "noun", "tags": ["neuter"], "#
            + #""senses": [{"glosses": ["Gebäude, das Menschen zum Wohnen dient"], "sense_index": "1"}]}"# + "\n"
            + #"{"word": "dom", "lang_code": "pl", "pos": "noun", "tags": ["masculine", "inanimate"], "senses": [{"glosses": ["budynek"]}]}"#
            + "\n").write(toFile: dump, atomically: false, encoding: .utf8)
        let imported = await run(["data", "import", "wiktextract", dump, "--name", "dewiki"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = await run(["lookup", "Haus", "--providers", "dewiki", "--offline"])
        #expect(text.status == 0 && text.stdout.contains("  noun (neuter)\n"), "\(text.stdout) \(text.stderr)")
        let json = await run(["lookup", "Haus", "--providers", "dewiki", "--offline", "--format", "json"])
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let groups = (document?["entries"] as? [[String: Any]])?.first?["senseGroups"] as? [[String: Any]]
        #expect(groups?.first?["labels"] as? [String] == ["neuter"], "\(json.stdout)")
        // In Russian, as Russian dictionaries abbreviate them; a label no catalogue knows stays as the source wrote it.
        var russian = environment
        russian["LANG"] = "ru_RU.UTF-8"
        let haus = await BinaryRun.run(["lookup", "Haus", "--providers", "dewiki", "--offline"], environment: russian)
        #expect(haus.stdout.contains("  существительное (ср. р.)\n"), "\(haus.stdout) \(haus.stderr)")
        let dom = await BinaryRun.run(["lookup", "dom", "--providers", "dewiki", "--offline"], environment: russian)
        #expect(dom.stdout.contains("  существительное (м. р., неодуш.)\n"), "\(dom.stdout) \(dom.stderr)")
    }

    /// A dump's text that carries escape sequences (a colour lexagg also uses, a window title) shows them as U+FFFD
    /// in the text output — before lexagg adds its own colours, so the terminal filter cannot mistake them for
    /// lexagg's — and JSON escapes them.
    @Test func aSourcesEscapeSequencesNeverReachTheTerminal() async throws {
        let dump = home + "/ctl.jsonl"
        try (#"{"word": "esc", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["has bell \u001b[31mred\u001b[0m \u001b]0;PWNED\u0007 end"]}]}"#
            + "\n").write(toFile: dump, atomically: false, encoding: .utf8)
        #expect(await run(["data", "import", "wiktextract", dump, "--name", "ctl"]).status == 0)
        let text = await run(["lookup", "esc", "--providers", "ctl", "--offline"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains("\u{1B}") && !text.stdout.contains("\u{07}"), "\(text.stdout.debugDescription)")
        #expect(text.stdout.contains("has bell \u{FFFD}[31mred\u{FFFD}[0m \u{FFFD}]0;PWNED\u{FFFD} end"), "\(text.stdout.debugDescription)")
        let json = await run(["lookup", "esc", "--providers", "ctl", "--offline", "--format", "json"])
        #expect(json.stdout.contains("\\u001b[31mred"), "\(json.stdout)")

        // A headword and the dump's file name: in `match`, `data list` and `data info` too.
        let named = home + "/evil\u{1B}[31mX.jsonl"
        try (#"{"word": "esc\u001b]0;PWNED\u0007red", "lang_code": "en", "pos": "noun", "senses": [{"glosses": ["x"]}]}"#
            + "\n").write(toFile: named, atomically: false, encoding: .utf8)
        let imported = await run(["data", "import", "wiktextract", named, "--name", "evil"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\n  1 line: 0 skipped") && imported.stdout.contains("; 1 index key\n"), "\(imported.stdout)")
        for arguments in [["match", "esc", "--strategy", "prefix", "--providers", "evil"], ["data", "list"], ["data", "info", "evil"]] {
            let shown = await run(arguments)
            #expect(shown.status == 0, "\(arguments): \(shown.stderr)")
            #expect(!shown.stdout.contains("\u{1B}") && !shown.stdout.contains("\u{07}"), "\(arguments): \(shown.stdout.debugDescription)")
        }
        #expect(await run(["match", "esc", "--strategy", "prefix", "--providers", "evil"]).stdout.contains("evil\u{FFFD}[31mX.jsonl"))
    }

    /// In the Russian interface a sense's usage labels and a pronunciation's accent are abbreviated as Russian
    /// dictionaries do (`перен.`, `перех.`, `брит., амер.`); one the table does not know stays as written; JSON keeps
    /// the source's words.
    @Test func russianReadersSeeUsageLabelsAsTheirDictionariesAbbreviateThem() async throws {
        try await imported()
        var russian = environment
        russian["LANG"] = "ru_RU.UTF-8"
        let house = await BinaryRun.run(["lookup", "house", "--providers", "wiktionary-offline", "--offline"], environment: russian)
        #expect(house.stdout.contains("/haʊs/ (брит., амер.)"), "\(house.stdout) \(house.stderr)")
        #expect(house.stdout.contains("2. (перен., генеал.) A noble family; a dynasty."), "\(house.stdout)")
        #expect(house.stdout.contains("1. (перех.) To keep within a structure or container."), "\(house.stdout)")
        let english = await run(["lookup", "house", "--providers", "wiktionary-offline", "--offline"])
        #expect(english.stdout.contains("2. (figuratively, genealogy) A noble family"), "\(english.stdout)")
        let json = await BinaryRun.run(
            ["lookup", "house", "--providers", "wiktionary-offline", "--offline", "--format", "json"], environment: russian
        )
        #expect(json.stdout.contains("\"figuratively\""), "\(json.stdout)")
        // What an inflected form is of its lemma, too.
        let walked = await BinaryRun.run(["lookup", "walked", "--providers", "wordnet", "--offline"], environment: russian)
        #expect(walked.stdout.hasPrefix("walked: прош. вр. от walk\n"), "\(walked.stdout)")
        // A possessive, several readings, and a dump's tags in their own order (they were English).
        for (word, line) in [("janitor's", "janitor's: притяж. ф. от janitor\n"), ("goes", "goes: мн. ч. или 3-е л. ед. ч. от go\n")] {
            let form = await BinaryRun.run(["lookup", word, "--providers", "wordnet", "--offline"], environment: russian)
            #expect(form.stdout.hasPrefix(line), "\(form.stdout)")
        }
        #expect(SenseLabels.text("present singular third-person", in: .russian) == "наст. вр. ед. ч. 3-е л.")
    }

    /// A write that fails mid-import (a file-size limit, as a full disk would) stops the import with the reason, and
    /// the dataset imported before answers as it did; nothing of the failed import is left.
    @Test func aWriteThatFailsMidImportKeepsThePreviousDataset() async throws {
        try await imported()
        // 3 MB of lines, past the 128 KB limit while the entries are written.
        let dump = home + "/big.jsonl"
        var text = ""
        for index in 0..<3000 {
            text += "{\"word\": \"big\(index)\", \"lang_code\": \"en\", \"senses\": [{\"glosses\": [\""
                + String(repeating: "g", count: 1000) + "\"]}]}\n"
        }
        try text.write(toFile: dump, atomically: true, encoding: .utf8)
        let command = "trap '' XFSZ; ulimit -f 256; exec " + BinaryRun.shellQuote(BinaryRun.binary)
            + " data import wiktextract " + BinaryRun.shellQuote(dump) + " --name wiktionary-offline"
        let failed = await BinaryRun.run(["-c", command], environment: environment, executable: "/bin/sh")
        #expect(failed.status == 69, "\(failed.stdout)\(failed.stderr)")
        #expect(failed.stderr.contains("cannot write") && failed.stderr.contains("File too large"), "\(failed.stderr)")
        let house = await run(["lookup", "house", "--providers", "wiktionary-offline", "--offline"])
        #expect(house.status == 0 && house.stdout.contains("A structure built or serving as an abode"), "\(house.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: home + "/data/datasets").sorted()
        #expect(left == [".wiktionary-offline.lock", "wiktionary-offline.lexwk"], "\(left)")
    }

    /// Ctrl-C (or SIGTERM) while an import waits for more of its dump removes what it had written, at once, and
    /// leaves the previous dataset: killed by the signal, it left a dataset's worth of partial file behind.
    @Test(arguments: ["INT", "TERM"]) func anInterruptedImportRemovesItsPartialFiles(signal: String) async throws {
        try await imported()
        let datasets = home + "/data/datasets"
        // Job control (`set -m`): a script's background job otherwise starts with SIGINT ignored, which lexagg keeps.
        let script = """
            set -m
            mkfifo "$H/fifo"
            (exec 3>"$H/fifo"; head -c 3000 "$DUMP" >&3; sleep 60) &
            writer=$!
            "$LEXAGG" data import wiktextract - --name wiktionary-offline < "$H/fifo" > "$H/out" 2> "$H/err" &
            pid=$!
            for i in $(seq 300); do ls -a "$DATASETS" | grep -q importing && break; sleep 0.1; done
            kill -\(signal) $pid; wait $pid; echo $? > "$H/status"
            kill $writer
            """
        let variables = environment.merging([
            "H": home, "DUMP": FixtureStore.path("wiktextract/sample.jsonl"), "LEXAGG": BinaryRun.binary, "DATASETS": datasets,
        ]) { $1 }
        _ = await BinaryRun.run(["-c", script], environment: variables, executable: "/bin/bash")
        #expect(TemporaryFiles.read(home + "/status").trimmingCharacters(in: .whitespacesAndNewlines) == (signal == "INT" ? "130" : "143"))
        #expect(TemporaryFiles.read(home + "/err").contains("interrupted: nothing was imported and the partial files are removed"),
                "\(TemporaryFiles.read(home + "/err"))")
        let left = try FileManager.default.contentsOfDirectory(atPath: datasets).sorted()
        #expect(left == [".wiktionary-offline.lock", "wiktionary-offline.lexwk"], "\(left)")
        let house = await run(["lookup", "house", "--providers", "wiktionary-offline", "--offline"])
        #expect(house.status == 0, "the previous dataset answers: \(house.stderr)")
    }

    @Test func listInfoAndRemove() async throws {
        try await imported()
        let list = await run(["data", "list"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("wiktionary-offline") && list.stdout.contains("sample.jsonl"), "\(list.stdout)")
        let info = await run(["data", "info", "wiktionary-offline", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        let dataset = try #require(document["dataset"] as? [String: Any])
        let metadata = try #require(dataset["metadata"] as? [String: Any])
        #expect(metadata["entries"] as? Int == 11)
        #expect((metadata["sourceFile"] as? String)?.hasSuffix("Fixtures/wiktextract/sample.jsonl") == true)
        let providers = await run(["providers"])
        #expect(providers.stdout.contains("wiktionary-offline"), "\(providers.stdout)")
        // Not while an import into the name holds its lock (the import's end would bring the dataset back).
        let lockPath = home + "/data/datasets/.wiktionary-offline.lock"
        let held = open(lockPath, O_RDWR | O_CLOEXEC)
        #expect(held >= 0 && flock(held, LOCK_EX | LOCK_NB) == 0)
        let refused = await run(["data", "remove", "wiktionary-offline"])
        close(held)
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(refused.stderr.contains("an import into 'wiktionary-offline' is running"), "\(refused.stderr)")
        let removed = await run(["data", "remove", "wiktionary-offline", "--format", "json"])
        #expect(removed.status == 0, "\(removed.stderr)")
        // Nothing of the name is left: the dataset and its lock file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/data/datasets").isEmpty)
        let gone = try #require(try JSONSerialization.jsonObject(with: Data(removed.stdout.utf8)) as? [String: Any])
        #expect(gone["command"] as? String == "data remove" && gone["removed"] as? Bool == true, "\(removed.stdout)")
        #expect((gone["path"] as? String)?.hasSuffix("/datasets/wiktionary-offline.lexwk") == true)
        let again = await run(["data", "info", "wiktionary-offline"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("no dataset named 'wiktionary-offline'"), "\(again.stderr)")
    }

    /// A dataset an earlier lexagg wrote is read, and `data info` says what importing the dump again would bring.
    @Test func anEarlierFormatSaysToImportTheDumpAgain() async throws {
        try await imported()
        let current = await run(["data", "info", "wiktionary-offline"])
        #expect(current.status == 0 && !current.stdout.contains("format:"), "\(current.stdout)")
        let path = home + "/data/datasets/wiktionary-offline.lexwk"
        var bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        let field = Array(#""formatVersion":\#(DatasetFormat.version)"#.utf8)
        let at = try #require((0...(bytes.count - field.count)).last { Array(bytes[$0..<($0 + field.count)]) == field })
        bytes[at + field.count - 1] = UInt8(ascii: "3")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let earlier = await run(["data", "info", "wiktionary-offline"])
        #expect(earlier.status == 0 && earlier.stdout.contains("format:       3, an earlier lexagg's: import the dump again"), "\(earlier.stdout)")
        let house = await run(["lookup", "house", "--providers", "wiktionary-offline", "--offline"])
        #expect(house.status == 0, "still read: \(house.stderr)")

        // Cut short, the dataset named is still the provider asked for: the lookup fails with why (69), not with
        // "unknown provider" (64).
        try Data(bytes.prefix(5000)).write(to: URL(fileURLWithPath: path))
        let damaged = await run(["lookup", "house", "--providers", "wiktionary-offline", "--offline"])
        #expect(damaged.status == 69, "\(damaged.stderr)")
        #expect(damaged.stderr.contains("wiktionary-offline.lexwk is not a lexagg dataset or is damaged; import the dump again")
            && !damaged.stderr.contains("unknown provider"), "\(damaged.stderr)")
        // So do match and translate (they said it "cannot match", "cannot translate", 64).
        for arguments in [["match", "hou", "--strategy", "prefix"], ["translate", "house", "--from", "en", "--to", "de"]] {
            let refused = await run(arguments + ["--providers", "wiktionary-offline", "--offline"])
            #expect(refused.status == 69 && refused.stderr.contains("is not a lexagg dataset or is damaged"), "\(arguments): \(refused.stderr)")
        }
    }

    @Test func malformedLinesAreReportedAndBadInputIsAClearError() async {
        let damaged = await run(["data", "import", "wiktextract", FixtureStore.path("wiktextract/damaged.jsonl"), "--name", "damaged"])
        #expect(damaged.status == 0, "\(damaged.stderr)")
        #expect(damaged.stdout.contains("5 malformed") && damaged.stdout.contains("line 4:"), "\(damaged.stdout)")
        let strict = await run(["data", "import", "wiktextract", FixtureStore.path("wiktextract/damaged.jsonl"), "--max-malformed", "2"])
        #expect(strict.status == 69)
        #expect(strict.stderr.contains("more than 2 malformed lines"), "\(strict.stderr)")
        let badName = await run(["data", "import", "wiktextract", "x.jsonl", "--name", "Not An Id"])
        #expect(badName.status == 64)
        let builtIn = await run(["data", "import", "wiktextract", FixtureStore.path("wiktextract/sample.jsonl"), "--name", "wordnet"])
        #expect(builtIn.status == 64, "\(builtIn.stderr)")
        // A file that is not there, or a directory, is a wrong argument (64), as for the other commands' files.
        let missing = await run(["data", "import", "wiktextract", home + "/nothing.jsonl"])
        #expect(missing.status == 64 && missing.stderr.contains("cannot read \(home)/nothing.jsonl: No such file"), "\(missing.stderr)")
        let directory = await run(["data", "import", "wiktextract", home])
        #expect(directory.status == 64 && directory.stderr.contains("Is a directory"), "\(directory.stderr)")
        // --languages takes codes in any case (dumps write them in lower case); a word that is no code is refused,
        // where it imported nothing.
        let upper = await run(["data", "import", "wiktextract", FixtureStore.path("wiktextract/sample.jsonl"), "--name", "upper", "--languages", "EN"])
        #expect(upper.status == 0 && upper.stdout.contains("imported 6 entries (en 6)"), "\(upper.stdout)\(upper.stderr)")
        let word = await run(["data", "import", "wiktextract", FixtureStore.path("wiktextract/sample.jsonl"), "--languages", "english"])
        #expect(word.status == 64 && word.stderr.contains("'english' is not a language code"), "\(word.stderr)")
        let empty = await run(["data", "import", "wiktextract", FixtureStore.path("wiktextract/sample.jsonl"), "--languages", ""])
        #expect(empty.status == 64 && empty.stderr.contains("'' is not a language code for --languages"), "an unset variable: \(empty.stderr)")
    }
}
