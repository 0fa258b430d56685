import Foundation
import LexAggCore
import LexAggFixtures
import LexAggWiktextract
import Testing

/// The streaming import on the project's wiktextract-shaped fixtures (Fixtures/wiktextract, see SOURCES.md).
@Suite struct ImporterTests {
    static func options(_ name: String = "wiktionary-offline") -> WiktextractImporter.Options {
        var options = WiktextractImporter.Options(name: name)
        options.sync = false
        return options
    }

    func keys(_ dataset: Dataset, _ word: String) -> [KeyKind] {
        dataset.rows(for: DatasetKey.normalise(word)).map(\.kind)
    }

    @Test func importsEveryWordEntryAndIndexesFormsAndTranslations() throws {
        let directory = TemporaryFiles.directory()
        let summary = try WiktextractImporter(options: Self.options()).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: directory
        )
        // 12 lines: 11 word entries and one redirect record, which has no word.
        #expect(summary.metadata.entries == 11)
        #expect(summary.skippedLines == 1)
        #expect(summary.metadata.malformedLines == 0)
        #expect(summary.metadata.languages["en"] == 6)
        #expect(summary.metadata.languageNames["de"] == "German")
        #expect(summary.metadata.translations["en"]?["de"] == 4)
        let dataset = try Dataset(path: summary.path)
        #expect(keys(dataset, "house") == [.headword, .headword])
        // `houses` is its own entry, and a form of both the noun and the verb (one row per record).
        #expect(keys(dataset, "Houses").sorted { $0.rawValue < $1.rawValue } == [.headword, .form, .form])
        #expect(keys(dataset, "ran") == [.form])
        // Table-only forms are not keys; translations are, in their own spelling, case folded.
        #expect(keys(dataset, "no-table-tags").isEmpty && keys(dataset, "en-conj").isEmpty)
        #expect(keys(dataset, "haus") == [.headword, .translation])
        #expect(keys(dataset, "HÄUSER") == [.form])
        // Escaped (\u00ef) and raw UTF-8 spellings give the same keys.
        #expect(keys(dataset, "naïve") == [.headword])
        #expect(keys(dataset, "家") == [.headword, .translation])
        #expect(keys(dataset, "いえ") == [.form])
        // Each entry is its line's object with the members grouped (RecordLayout): what an answer reads first, each
        // member byte for byte, nothing lost but the members nothing reads (`lang`, `categories`, templates).
        #expect(dataset.membersGrouped && dataset.metadata.formatVersion == DatasetFormat.version)
        let record = try #require(dataset.rows(for: DatasetKey.normalise("serendipity")).first.flatMap(dataset.record))
        #expect(String(decoding: record, as: UTF8.self).hasPrefix("{\"pos\": \"noun\",\"word\": \"serendipity\",\"lang_code\": \"en\""))
        let text = try String(contentsOfFile: FixtureStore.path("wiktextract/sample.jsonl"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"word\": \"serendipity\"") })
        let stored = try JSONSerialization.jsonObject(with: Data(record)) as? [String: Any]
        let original = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let read = original.filter { key, _ in Array(key.utf8).withUnsafeBytes { RecordLayout.group(of: $0) } != .other }
        #expect(original.keys.contains("lang") && !read.keys.contains("lang"))
        #expect(stored.map { NSDictionary(dictionary: $0) } == NSDictionary(dictionary: read))
    }

    @Test func malformedLinesAreCountedByLineNumberAndSkipped() throws {
        let directory = TemporaryFiles.directory()
        let summary = try WiktextractImporter(options: Self.options()).run(
            sourcePath: FixtureStore.path("wiktextract/damaged.jsonl"), directory: directory
        )
        #expect(summary.problems.map(\.line) == [2, 4, 6, 8, 10])
        #expect(!summary.problems[0].message.isEmpty)
        #expect(summary.problems[2].message.contains("after the JSON object"))
        #expect(summary.problems[3].message.contains("escape"))
        #expect(summary.metadata.malformedLines == 5)
        #expect(summary.skippedLines == 2)
        #expect(summary.metadata.entries == 4)
        let dataset = try Dataset(path: summary.path)
        // The CRLF line and the unterminated last line are whole entries; odd field types do not stop the forms.
        for word in ["alpha", "eta", "zeta", "theta"] { #expect(keys(dataset, word) == [.headword], "\(word)") }
        #expect(keys(dataset, "zetas") == [.form])
        #expect(keys(dataset, "beta").isEmpty && keys(dataset, "gamma").isEmpty)
    }

    @Test func everyKindOfMalformedLineIsReportedByItsNumber() throws {
        let directory = TemporaryFiles.directory()
        let good = #"{"word": "fine", "lang_code": "en", "senses": [{"glosses": ["ok \"quoted\" \u00e9"]}]}"#
        let bad = [
            #"{"word": "a", "senses": [{"glosses": ["unclosed]}]}"#, #"{"word": "b", "x": [1, 2,]}"#,
            "{\"word\": \"c\tcontrol\"}", #"{"word": "d", "x": {"y": tru}}"#, #"{"word": "e"}}"#,
            #"{"word": "f", "x": "\ud83d\uZZZZ"}"#,
        ]
        var lines: [String] = []
        for line in bad { lines += [good, line] }
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/bad.jsonl", atomically: true, encoding: .utf8)
        let summary = try WiktextractImporter(options: Self.options()).run(sourcePath: directory + "/bad.jsonl", directory: directory)
        #expect(summary.problems.map(\.line) == [2, 4, 6, 8, 10, 12])
        #expect(summary.metadata.malformedLines == 6)
        #expect(summary.metadata.entries == 6)
        #expect(summary.problems.allSatisfy { $0.message.contains(" at byte ") })

        // A word that is not UTF-8 (a byte cut from a character): a problem of its line too, not a skipped line.
        var bytes = Array(#"{"word": "caf"#.utf8) + [0xC3] + Array(#"", "lang_code": "fr", "senses": [{"glosses": ["x"]}]}"#.utf8)
        bytes = Array((good + "\n").utf8) + bytes + [0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/utf8.jsonl"))
        let utf8 = try WiktextractImporter(options: Self.options("utf8")).run(sourcePath: directory + "/utf8.jsonl", directory: directory)
        #expect(utf8.problems.map(\.line) == [2] && utf8.problems.first?.message == "the word is not valid UTF-8")
        #expect(utf8.metadata.malformedLines == 1 && utf8.skippedLines == 0)
    }

    @Test func tooManyMalformedLinesStopTheImportAndKeepThePreviousDataset() throws {
        let directory = TemporaryFiles.directory()
        let first = try WiktextractImporter(options: Self.options()).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: directory
        )
        var strict = Self.options()
        strict.maximumMalformedLines = 3
        #expect {
            try WiktextractImporter(options: strict).run(sourcePath: FixtureStore.path("wiktextract/damaged.jsonl"), directory: directory)
        } throws: { error in
            "\(error)".contains("more than 3 malformed lines") && "\(error)".contains("line 2:")
        }
        // The old dataset is untouched and no temporary file is left behind.
        let dataset = try Dataset(path: first.path)
        #expect(dataset.metadata.entries == 11)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == [".wiktionary-offline.lock", "wiktionary-offline.lexwk"])
    }

    @Test func hugeLinesAreSkippedWithoutHoldingThem() throws {
        let directory = TemporaryFiles.directory()
        let path = directory + "/huge.jsonl"
        // Longer than the reader's 2 MiB buffer, so it is skipped while it streams past.
        let gloss = String(repeating: "x", count: 3_000_000)
        let text = """
            {"word": "small", "lang_code": "en", "senses": [{"glosses": ["little"]}]}
            {"word": "big", "lang_code": "en", "senses": [{"glosses": ["\(gloss)"]}]}
            {"word": "after", "lang_code": "en", "senses": [{"glosses": ["later"]}]}

            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var options = Self.options()
        options.maximumLineBytes = 100_000
        let summary = try WiktextractImporter(options: options).run(sourcePath: path, directory: directory + "/out")
        #expect(summary.problems.map(\.line) == [2])
        #expect(summary.problems.first?.message.contains("longer than the limit of 100000") == true)
        #expect(summary.metadata.entries == 2)
        let dataset = try Dataset(path: summary.path)
        #expect(keys(dataset, "after") == [.headword])
    }

    /// `-` reads standard input: a stream, told apart by its first bytes (there is no name): gzip is inflated, bzip2
    /// and xz go through their programs, plain text is read as it is (the bytes looked at handed out first).
    @Test func aStreamIsReadPlainOrGzipByItsFirstBytes() throws {
        let directory = TemporaryFiles.directory()
        let plain = directory + "/sample.jsonl"
        try FileManager.default.copyItem(atPath: FixtureStore.path("wiktextract/sample.jsonl"), toPath: plain)
        let original = try Data(contentsOf: URL(fileURLWithPath: plain))
        func streamed(_ bytes: Data) throws(ImportError) -> (Data, any ByteSource) {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0 && bytes.count < 60_000)  // within a pipe's buffer: written before reading
            bytes.withUnsafeBytes { _ = write(ends[1], $0.baseAddress, $0.count) }
            close(ends[1])
            defer { close(ends[0]) }
            let source = try openStream(descriptor: ends[0], name: "the pipe")
            var read = Data()
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 7, alignment: 1)  // small: every boundary
            defer { buffer.deallocate() }
            while true {
                let count = try source.read(into: buffer)
                if count == 0 { break }
                read.append(contentsOf: buffer[..<count])
            }
            return (read, source)
        }
        let (asIs, plainSource) = try streamed(original)
        #expect(asIs == original && plainSource is StreamSource && plainSource.consumed == original.count)
        #expect(try streamed(Data()).0.isEmpty)
        #expect(try streamed(Data("{}".utf8)).0 == Data("{}".utf8), "shorter than what is looked at")
        for (program, suffix) in [("gzip", "gz"), ("bzip2", "bz2"), ("xz", "xz")] {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)") else { continue }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
            process.arguments = ["-k", "-f", plain]
            try process.run()
            process.waitUntilExit()
            let compressed = try Data(contentsOf: URL(fileURLWithPath: plain + "." + suffix))
            let (inflated, source) = try streamed(compressed)
            #expect(inflated == original, "\(program)")
            if program == "gzip" {
                #expect(source is GzipSource && source.consumed == compressed.count)
            } else {
                #expect(source is PipeSource)
            }
            #expect(throws: ImportError.self, "a cut \(program) stream") { try streamed(compressed.prefix(compressed.count / 2)) }
        }
    }

    @Test func readsGzipAndTheDecompressorsOfBzip2AndXz() throws {
        let directory = TemporaryFiles.directory()
        let plain = directory + "/sample.jsonl"
        try FileManager.default.copyItem(atPath: FixtureStore.path("wiktextract/sample.jsonl"), toPath: plain)
        for (program, suffix) in [("gzip", "gz"), ("bzip2", "bz2"), ("xz", "xz")] {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)") else { continue }
            let compressed = plain + "." + suffix
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/\(program)")
            process.arguments = ["-k", "-f", plain]
            try process.run()
            process.waitUntilExit()
            var reports: [WiktextractImporter.Progress] = []
            let summary = try WiktextractImporter(options: Self.options("from-\(suffix)")).run(
                sourcePath: compressed, directory: directory + "/out", progress: { reports.append($0) }
            )
            #expect(summary.metadata.entries == 11, "\(suffix)")
            // The bar never goes back, and is full once the file is read (a program's position was 0 once it exited).
            let read = reports.map(\.fileBytesRead)
            #expect(read == read.sorted() && reports.last?.fileBytesRead == reports.last?.fileBytes && read.last ?? 0 > 0, "\(suffix): \(read)")
            // Every byte of the decompressed dump (the fixture's size, whatever it grows to).
            let size = try FileManager.default.attributesOfItem(atPath: plain)[.size] as? Int
            #expect(summary.bytesRead == size, "\(suffix)")
            // Told by its first bytes as a stream is: without its extension, or under another's name.
            for misnamed in ["sample-\(suffix)", "sample-\(suffix).\(suffix == "gz" ? "xz" : "gz")"] {
                try FileManager.default.copyItem(atPath: compressed, toPath: directory + "/" + misnamed)
                let again = try WiktextractImporter(options: Self.options("misnamed")).run(
                    sourcePath: directory + "/" + misnamed, directory: directory + "/out"
                )
                #expect(again.metadata.entries == 11, "\(misnamed)")
            }
        }
        // A plain dump named as a compressed one is read as it is.
        try FileManager.default.copyItem(atPath: plain, toPath: directory + "/plain.jsonl.gz")
        #expect(try WiktextractImporter(options: Self.options("plain")).run(
            sourcePath: directory + "/plain.jsonl.gz", directory: directory + "/out"
        ).metadata.entries == 11)
        // A truncated gzip file is an error, not a short import.
        if FileManager.default.fileExists(atPath: plain + ".gz") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: plain + ".gz"))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: directory + "/cut.jsonl.gz"))
            #expect(throws: ImportError.self) {
                try WiktextractImporter(options: Self.options("cut")).run(sourcePath: directory + "/cut.jsonl.gz", directory: directory + "/out")
            }
        }
    }

    /// Keys a real dump can hold that were lost: a byte order mark before the first line (the line was malformed),
    /// white space around a translation or a form (a key no query reaches; white space alone, a key of nothing), a
    /// headword longer than 400 bytes (134 CJK characters: imported, never found).
    @Test func aByteOrderMarkSpacesAroundKeysAndLongHeadwordsAreKept() throws {
        let directory = TemporaryFiles.directory()
        let path = directory + "/edge.jsonl"
        let long = String(repeating: "漢", count: 140)
        let lines = [
            "\u{FEFF}" + #"{"word": "bom", "lang_code": "en", "senses": [{"glosses": ["x"]}], "translations": [{"word": "Katze ", "lang_code": "de"}, {"word": "  ", "lang_code": "fr"}], "forms": [{"form": " boms"}, {"form": " "}]}"#,
            #"{"word": "\#(long)", "lang_code": "zh", "senses": [{"glosses": ["long"]}]}"#,
        ]
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let summary = try WiktextractImporter(options: Self.options()).run(sourcePath: path, directory: directory + "/out")
        #expect(summary.problems.isEmpty, "\(summary.problems)")
        #expect(summary.metadata.entries == 2)
        let dataset = try Dataset(path: summary.path)
        #expect(keys(dataset, "bom") == [.headword])
        #expect(keys(dataset, "katze") == [.translation])
        #expect(keys(dataset, "boms") == [.form])
        #expect(keys(dataset, " ").isEmpty && keys(dataset, "").isEmpty)
        #expect(keys(dataset, long) == [.headword])
        #expect(DatasetKey.normalise(" Katze\t") == DatasetKey.normalise("katze"))
        #expect(DatasetKey.isKey(DatasetKey.normalise("katze"), of: UnsafeRawBufferPointer(start: nil, count: 0)) == false)
    }

    @Test func keepsOnlyTheLanguagesAskedFor() throws {
        var options = Self.options()
        options.languages = ["de", "fr"]
        let summary = try WiktextractImporter(options: options).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: TemporaryFiles.directory()
        )
        #expect(summary.metadata.entries == 3)
        #expect(Set(summary.metadata.languages.keys) == ["de", "fr"])
        #expect(summary.metadata.languageFilter == ["de", "fr"])

        // A code in capitals is the same language: kept by the filter, counted with the others.
        let directory = TemporaryFiles.directory()
        let lines = [#"{"word": "Haus", "lang_code": "DE", "senses": [{"glosses": ["house"]}]}"#,
                     #"{"word": "Baum", "lang_code": "de", "senses": [{"glosses": ["tree"]}]}"#]
        try (lines.joined(separator: "\n") + "\n").write(toFile: directory + "/case.jsonl", atomically: true, encoding: .utf8)
        let upper = try WiktextractImporter(options: options).run(sourcePath: directory + "/case.jsonl", directory: directory)
        #expect(upper.metadata.languages == ["de": 2])
    }

    @Test func aSmallSortBufferMergesManyRunsIntoTheSameIndex() throws {
        let directory = TemporaryFiles.directory()
        let path = directory + "/many.jsonl"
        var text = ""
        for index in stride(from: 3000, to: 0, by: -1) {
            text += "{\"word\": \"w\(index)\", \"lang_code\": \"en\", \"forms\": [{\"form\": \"w\(index)s\"}, {\"form\": \"w\(index)s\"}], "
                + "\"senses\": [{\"glosses\": [\"number \(index)\"]}]}\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var small = Self.options("small")
        small.sortBufferBytes = 1 << 16
        let summary = try WiktextractImporter(options: small).run(sourcePath: path, directory: directory + "/out")
        let dataset = try Dataset(path: summary.path)
        // 3,000 headwords and 3,000 forms (the repeated form is one row), in order.
        #expect(dataset.rowCount == 6000)
        var previous: [UInt8] = []
        for index in 0..<dataset.rowCount {
            let key = Array(dataset.key(at: index))
            #expect(!key.lexicographicallyPrecedes(previous))
            previous = key
        }
        #expect(keys(dataset, "w1234s") == [.form])
    }

    /// Batches are scanned on two threads in whatever order they finish, and written in the order they were read:
    /// a file cut into hundreds of small batches makes the same dataset, problems and counts as one batch does.
    @Test func batchesScannedOnTwoThreadsMakeTheSameDatasetAsOneBatch() async throws {
        let directory = TemporaryFiles.directory()
        let path = directory + "/mixed.jsonl"
        var text = ""
        var perLanguage: [String: Int] = [:]
        for index in 0..<1500 {
            switch index % 10 {
            case 3: text += "{\"word\": \"broken\(index)\", \"lang_code\": \"en\", \"senses\": [\n"
            case 5: text += "{\"word\": \"long\(index)\", \"lang_code\": \"en\", \"senses\": [{\"glosses\": [\"" + String(repeating: "y", count: 600) + "\"]}]}\n"
            case 7: text += "{\"redirect\": \"w\(index)\"}\n"
            default:
                let language = index % 4 == 0 ? "de" : "en"
                perLanguage[language, default: 0] += 1
                text += "{\"word\": \"w\(index % 700)\", \"lang\": \"L\(language)\", \"lang_code\": \"\(language)\", "
                    + "\"forms\": [{\"form\": \"w\(index)s\"}], \"translations\": [{\"lang_code\": \"fr\", \"word\": \"t\(index % 50)\"}], "
                    + "\"senses\": [{\"glosses\": [\"number \(index)\"]}]}\n"
            }
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (one, oneDataset) = try await offThePool { try Self.importing(path, into: directory, batchBytes: 1 << 20, name: "one") }
        let (many, manyDataset) = try await offThePool { try Self.importing(path, into: directory, batchBytes: 2048, name: "many") }
        #expect(one.metadata.entries == 1050)
        // Lines of both languages in alternating runs: each counted, each language named by its first line.
        #expect(one.metadata.languages == perLanguage)
        #expect(one.metadata.languageNames == ["de": "Lde", "en": "Len"])
        #expect(one.problems.map(\.line) == [4, 6, 14, 16, 24, 26, 34, 36, 44, 46, 54, 56, 64, 66, 74, 76, 84, 86, 94, 96])
        #expect(many.problems == one.problems)
        #expect(many.skippedLines == one.skippedLines && one.skippedLines == 150)
        var (a, b) = (one.metadata, many.metadata)
        (a.name, a.importedAt, b.name, b.importedAt) = ("", .distantPast, "", .distantPast)
        #expect(a == b)
        #expect(manyDataset.rowCount == oneDataset.rowCount)
        for index in 0..<oneDataset.rowCount {
            let (rowA, rowB) = (oneDataset.row(at: index), manyDataset.row(at: index))
            #expect(Array(oneDataset.key(at: index)) == Array(manyDataset.key(at: index)))
            #expect(rowA == rowB)
            #expect(oneDataset.record(rowA).map(Array.init) == manyDataset.record(rowB).map(Array.init))
        }
    }

    static func importing(
        _ path: String, into directory: String, batchBytes: Int, name: String
    ) throws -> (WiktextractImporter.Summary, Dataset) {
        var options = Self.options(name)
        options.maximumLineBytes = 500
        options.batchBytes = batchBytes
        let summary = try WiktextractImporter(options: options).run(sourcePath: path, directory: directory + "/out")
        return (summary, try Dataset(path: summary.path))
    }

    @Test func whatAKilledImportLeftBehindIsRemovedByTheNextImport() throws {
        let directory = TemporaryFiles.directory()
        // A process id that cannot be running (above the kernel's pid_max limit of 2^22).
        let abandoned = directory + "/.other.importing-9999999"
        try "partial".write(toFile: abandoned, atomically: false, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: abandoned + ".runs", withIntermediateDirectories: false)
        _ = try WiktextractImporter(options: Self.options()).run(
            sourcePath: FixtureStore.path("wiktextract/sample.jsonl"), directory: directory
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [".wiktionary-offline.lock", "wiktionary-offline.lexwk"])
    }

    /// One import into a name at a time: a second one while the first runs is refused (both said "imported", and the
    /// one that finished last won); another name imports meanwhile.
    @Test func aSecondImportIntoTheSameNameIsRefusedWhileOneRuns() throws {
        let directory = TemporaryFiles.directory()
        let sample = FixtureStore.path("wiktextract/sample.jsonl")
        _ = try WiktextractImporter(options: Self.options()).run(sourcePath: sample, directory: directory)
        // Held as a running import holds it (flock: another open file description conflicts, in this process too).
        let held = open(directory + "/.wiktionary-offline.lock", O_RDWR | O_CLOEXEC)  // not inherited by other tests' children
        #expect(held >= 0 && flock(held, LOCK_EX | LOCK_NB) == 0)
        #expect {
            try WiktextractImporter(options: Self.options()).run(sourcePath: sample, directory: directory)
        } throws: { ($0 as? ImportError)?.reason == .importRunning("wiktionary-offline") }
        #expect(try WiktextractImporter(options: Self.options("other")).run(sourcePath: sample, directory: directory).metadata.entries == 11)
        close(held)
        #expect(try WiktextractImporter(options: Self.options()).run(sourcePath: sample, directory: directory).metadata.entries == 11)
    }

    @Test func anEmptyOrForeignFileIsAClearError() throws {
        let directory = TemporaryFiles.directory()
        try "".write(toFile: directory + "/empty.jsonl", atomically: true, encoding: .utf8)
        #expect {
            try WiktextractImporter(options: Self.options()).run(sourcePath: directory + "/empty.jsonl", directory: directory)
        } throws: { "\($0)".contains("no word entries") }
        // A file whose only line cannot be read says why (it said only "1 lines, 1 malformed").
        try "{\"word\": \"x\", \"lang_code\": \"en\"\n".write(toFile: directory + "/broken.jsonl", atomically: true, encoding: .utf8)
        #expect {
            try WiktextractImporter(options: Self.options()).run(sourcePath: directory + "/broken.jsonl", directory: directory)
        } throws: { "\($0)".contains("(1 line, 1 malformed, 0 skipped); nothing was imported — line 1: ") }
        #expect {
            try WiktextractImporter(options: Self.options()).run(sourcePath: directory + "/missing.jsonl", directory: directory)
        } throws: { "\($0)".contains("cannot open") }
        // Binary data is refused at once (`/dev/zero` was read as one endless line).
        // (A PNG's signature, then its first chunk's length: the first NUL is the ninth byte.)
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]).write(to: URL(fileURLWithPath: directory + "/image.jsonl"))
        for path in [directory + "/image.jsonl", "/dev/zero", "/bin/sh"] {
            #expect {
                try WiktextractImporter(options: Self.options()).run(sourcePath: path, directory: directory)
            } throws: { ($0 as? ImportError)?.reason == .notText(path) }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(left == [".wiktionary-offline.lock", "broken.jsonl", "empty.jsonl", "image.jsonl"])
    }
}
