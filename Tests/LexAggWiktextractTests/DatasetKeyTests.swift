import Foundation
import LexAggFixtures
@testable import LexAggJSON
@testable import LexAggWiktextract
import Testing

/// Keys: the byte-by-byte fast path gives what Unicode's rules (through `String`) give, and the index built from
/// merged sort runs is the one built in memory.
@Suite struct DatasetKeyTests {
    /// The rule as `String` applies it: ASCII white space at either end left out, NFC where combining marks or Hangul
    /// jamo are present, then lower case, then (format 4 on) ß → ss, ς → σ and i̇ → i, and (format 5) the optional
    /// marks left out.
    static func reference(_ text: String, rules: DatasetKey.Rules = .current) -> [UInt8] {
        let spaces: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]
        let trimmed = Array(text.utf8).drop { spaces.contains($0) }.reversed().drop { spaces.contains($0) }.reversed()
        let text = String(decoding: Array(trimmed), as: UTF8.self)
        let bytes = Array(text.utf8)
        let decomposable = bytes.indices.contains { index in
            bytes[index] == 0xCC || bytes[index] == 0xCD
                || (bytes[index] == 0xE1 && index + 1 < bytes.count && (0x84...0x87).contains(bytes[index + 1]))
        }
        var lower = (decomposable ? text.precomposedStringWithCanonicalMapping : text).lowercased()
        if rules >= .lengthUnmarked {
            // Macron, breve (but on a Cyrillic letter), double grave and inverted breve, in NFD; NFC again.
            var kept = String.UnicodeScalarView()
            var cyrillic = false
            var removed = false
            for scalar in lower.decomposedStringWithCanonicalMapping.unicodeScalars {
                if !(0x300...0x36F).contains(scalar.value) { cyrillic = (0x400...0x4FF).contains(scalar.value) }
                if [0x304, 0x30F, 0x311].contains(scalar.value) || (scalar.value == 0x306 && !cyrillic) { removed = true; continue }
                kept.append(scalar)
            }
            if removed { lower = String(kept).precomposedStringWithCanonicalMapping }
        }
        guard rules >= .caseFolded else { return Array(lower.utf8) }
        let folded = lower.replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ς", with: "σ")
            .replacingOccurrences(of: "i\u{0307}", with: "i", options: .literal)
        guard rules >= .unmarked else { return Array(folded.utf8) }
        // Stress marks, Arabic harakat, Hebrew points and cantillation (not the punctuation among them).
        let marks = Set<UInt32>([0x300, 0x301, 0x670, 0x5BF, 0x5C1, 0x5C2, 0x5C4, 0x5C5, 0x5C7])
            .union(0x64B...0x652).union(0x591...0x5BD)
        var unmarked = String.UnicodeScalarView()
        unmarked.append(contentsOf: folded.unicodeScalars.filter { !marks.contains($0.value) })
        return Array(String(unmarked).utf8)
    }

    @Test func everyScalarUpToU07FFNormalisesAsUnicodeSays() {
        for value in UInt32(0)...0x7FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "A\(scalar)b", "\(scalar)É", "Ж\(scalar)", "\(scalar)\(scalar)Z"] {
                #expect(DatasetKey.normalise(text) == Self.reference(text), "U+\(String(value, radix: 16)) in \(text)")
                #expect(DatasetKey.normalise(text, rules: .lowerCase) == Self.reference(text, rules: .lowerCase), "U+\(String(value, radix: 16)) in \(text), format 3")
                #expect(DatasetKey.normalise(text, rules: .caseFolded) == Self.reference(text, rules: .caseFolded), "U+\(String(value, radix: 16)) in \(text), format 4")
                #expect(DatasetKey.normalise(text, rules: .unmarked) == Self.reference(text, rules: .unmarked), "U+\(String(value, radix: 16)) in \(text), format 5")
            }
        }
    }

    @Test func wordsOfManyScriptsNormaliseAsUnicodeSays() {
        let words = [
            "HOUSE", "Häuser", "ÆSIR", "Straße", "ΣΟΦΙΑ", "Ὀδυσσεύς", "İstanbul", "МОСКВА", "Ёлка", "Ѣ", "ǅ", "ﬁ",
            "Cafe\u{0301}", "\u{1100}\u{1161}", "家", "שלום", "ÿ", "Ÿ", "µ", "×÷", "KELVIN\u{212A}", "ⅫⅩ", "Ａｂｃ",
            "FĀMAE", "lēgī", "ᾰ̓γροῦ", "ἈΓΡΟΎΣ", "ȉme", "ǖ", "Ӣ", "ӂ", "māja", "căsă", "dağ", "Ḗ", "ᾹΙ",
        ]
        for word in words + ["ẞ", "ΛΌΓΟΣ", "λόγος", "i\u{0307}", "Işık", "STRASSE", "Fuß", "до́ма", "ДОМА́", "вода̀", "كُتُب", "שָׁלוֹם", "בְּרֵאשִׁ֖ית"] {
            #expect(DatasetKey.normalise(word) == Self.reference(word), "\(word)")
            #expect(DatasetKey.normalise(word, rules: .lowerCase) == Self.reference(word, rules: .lowerCase), "\(word), format 3")
            #expect(DatasetKey.normalise(word, rules: .caseFolded) == Self.reference(word, rules: .caseFolded), "\(word), format 4")
            #expect(DatasetKey.normalise(word, rules: .unmarked) == Self.reference(word, rules: .unmarked), "\(word), format 5")
        }
    }

    /// `isFoldable`, the byte scan that spares most words a second key, misses no text whose folded key is not its
    /// lower-cased one (it may say yes for more: a dot above not after i).
    @Test func everyTextFoldingChangesIsFoldable() {
        var changed = 0
        for value in UInt32(0)...0x7FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "A\(scalar)b", "i\(scalar)", "\(scalar)\u{0307}", "İ\(scalar)ẞ"] where
                DatasetKey.normalise(text) != DatasetKey.normalise(text, rules: .lowerCase) {
                changed += 1
                #expect(DatasetKey.isFoldable(text), "U+\(String(value, radix: 16)) in \(text)")
            }
        }
        for word in ["Straße", "STRAẞE", "λόγος", "İstanbul", "I\u{0307}stanbul", "Fuß", "до́ма", "كُتُب", "שָׁלוֹם"] {
            #expect(DatasetKey.isFoldable(word) && DatasetKey.normalise(word) != DatasetKey.normalise(word, rules: .lowerCase), "\(word)")
        }
        #expect(changed > 2000 && !DatasetKey.isFoldable("strasse") && !DatasetKey.isFoldable("ΛΌΓΟΣ"))
    }

    /// Format 5 leaves out the marks a word is written with or without: Russian stress (wiktextract's forms and
    /// translations carry it), Arabic harakat, Hebrew points; a letter NFC composes with its accent (é) keeps it, and
    /// so does a format 4 key.
    @Test func keysLeaveOutStressMarksHarakatAndPoints() {
        for (marked, plain) in [("до́ма", "дома"), ("ДОМА́", "дома"), ("вода́", "вода"), ("ё́лка", "ёлка"), ("كُتُب", "كتب"),
                                ("שָׁלוֹם", "שלום")] {
            #expect(DatasetKey.normalise(marked) == DatasetKey.normalise(plain), "\(marked)")
            #expect(DatasetKey.normalise(marked, rules: .caseFolded) != DatasetKey.normalise(plain, rules: .caseFolded), "\(marked), format 4")
        }
        #expect(DatasetKey.normalise("Cafe\u{0301}") == Array("café".utf8))
        #expect(DatasetKey.normalise("й") == Array("й".utf8) && DatasetKey.normalise("и\u{0306}") == Array("й".utf8), "a letter, not a mark")
        #expect(DatasetKey.normalise("מָה־זֶּה") == Array("מה־זה".utf8), "the maqaf is punctuation")
        #expect(Array("до́ма".utf8).withUnsafeBytes { DatasetKey.isKey(Array("дома".utf8), of: $0) })
    }

    /// Format 6 leaves out the length and tone marks Wiktionary writes in forms and translations but not in page
    /// names: Latin `fāmae` and `lēgī` are found as `famae` and `legi`, Ancient Greek `ᾰ̓γροῦ` as `ἀγροῦ` (its page),
    /// Serbo-Croatian `ȉme` as `ime`; a Cyrillic breve is a letter's (`й`), and other accents stay (`é`, `ü`, `ő`).
    @Test func keysLeaveOutLengthAndToneMarks() {
        for (marked, plain) in [("fāmae", "famae"), ("LĒGĪ", "legi"), ("ᾰ̓γροῦ", "ἀγροῦ"), ("ȉme", "ime"), ("stān", "stan"),
                                ("a\u{0304}mo", "amo"), ("ǖ", "ü"), ("ӣ", "и")] {
            #expect(DatasetKey.normalise(marked) == DatasetKey.normalise(plain), "\(marked)")
            #expect(DatasetKey.normalise(marked, rules: .unmarked) != DatasetKey.normalise(plain, rules: .unmarked), "\(marked), format 5")
            #expect(DatasetKey.isFoldable(marked), "\(marked): the spelling as typed is preferred")
            #expect(Array(marked.utf8).withUnsafeBytes { DatasetKey.isKey(DatasetKey.normalise(plain), of: $0) }, "\(marked)")
        }
        for kept in ["й", "ў", "ӂ", "é", "ő", "ñ", "č"] {
            #expect(DatasetKey.normalise(kept) == Array(kept.utf8), "\(kept)")
        }
        #expect(DatasetKey.Rules(formatVersion: 6) == .lengthUnmarked && DatasetKey.Rules(formatVersion: 5) == .unmarked)
    }

    /// Format 4 folds what lower case leaves apart: German ß and ss, Greek final and medial sigma, Turkish İ and i
    /// (each way a reader may type them); format 3's keys, only lower-cased, are still made for its datasets.
    @Test func keysFoldSharpSFinalSigmaAndDottedCapitalI() {
        let same = [["Straße", "STRASSE", "strasse", "STRAẞE"], ["λόγος", "ΛΌΓΟΣ", "λόγοσ"], ["İstanbul", "istanbul", "ISTANBUL"]]
        for words in same {
            #expect(Set(words.map { DatasetKey.normalise($0) }).count == 1, "\(words)")
        }
        #expect(DatasetKey.normalise("Straße") == Array("strasse".utf8))
        #expect(DatasetKey.normalise("Straße", rules: .lowerCase) == Array("straße".utf8))
        #expect(DatasetKey.normalise("ΛΌΓΟΣ", rules: .lowerCase) != DatasetKey.normalise("λόγος", rules: .lowerCase))
        // The fast path hands ß to the slow one; the comparison of the lemma fallback folds as the keys do.
        #expect(Array("Fuß".utf8).withUnsafeBytes { DatasetKey.isKey(Array("fuss".utf8), of: $0) })
        #expect(Array("Fuß".utf8).withUnsafeBytes { DatasetKey.isKey(Array("fuß".utf8), of: $0, rules: .lowerCase) })
        #expect(!Array("Fuß".utf8).withUnsafeBytes { DatasetKey.isKey(Array("fuß".utf8), of: $0) })
    }

    /// The importer's scanning threads write keys straight into their batch's arena, one after another: each is the
    /// key the array form gives, fast path or not, and the keys before it stay as they were.
    @Test func keysWrittenIntoAnArenaAreTheKeys() {
        let arena = ByteArena(capacity: 8)
        var written: [(Range<Int>, [UInt8])] = []
        let texts = ["HOUSE", "Häuser", "", "Straße", "МОСКВА", "Cafe\u{0301}", "家", "ΣΟΦΙΑ", String(repeating: "Ä", count: 300)]
        for text in texts + texts.reversed() {
            let bytes = Array(text.utf8)
            let range = bytes.withUnsafeBytes { DatasetKey.normalise($0, into: arena) }
            written.append((range, DatasetKey.normalise(bytes)))
        }
        for (range, expected) in written { #expect(Array(arena.bytes(range)) == expected) }
        #expect(arena.count == written.map(\.0.count).reduce(0, +))
        // The array form reuses its storage whatever the lengths before.
        var output: [UInt8] = Array("leftover from a longer key".utf8)
        for text in texts {
            Array(text.utf8).withUnsafeBytes { DatasetKey.normalise($0, into: &output) }
            #expect(output == DatasetKey.normalise(text), "\(text)")
        }
    }

    @Test func brokenUTF8IsRepairedAsStringRepairsIt() {
        let cases: [[UInt8]] = [[0x41, 0xC3], [0xC3, 0x41], [0xA9, 0x42], [0xD0, 0xFF], [0xC3, 0xA9, 0xA9], [0xF0, 0x9F]]
        for bytes in cases {
            let expected = Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8)
            #expect(DatasetKey.normalise(bytes) == expected, "\(bytes)")
        }
    }

    @Test func mergedSortRunsBuildTheSameIndexAsOneInMemory() throws {
        let directory = TemporaryFiles.directory()
        let path = directory + "/mixed.jsonl"
        var text = ""
        for index in 0..<2500 {
            let word = ["Haus", "house", "Ёлка", "naïve", "家"][index % 5] + "\(index % 700)"
            text += "{\"word\": \"\(word)\", \"lang_code\": \"\(["en", "de"][index % 2])\", \"forms\": [{\"form\": \"\(word)S\"}, "
                + "{\"form\": \"\(word)\"}, {\"form\": \"\(word)s\"}], \"translations\": [{\"word\": \"T\(index % 300)\", "
                + "\"lang_code\": \"fr\"}, {\"word\": \"T\(index % 300)\", \"code\": \"fr\"}]}\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var inMemory = ImporterTests.options("memory")
        inMemory.sync = false
        var runs = ImporterTests.options("runs")
        runs.sortBufferBytes = 1 << 16
        let one = try Dataset(path: WiktextractImporter(options: inMemory).run(sourcePath: path, directory: directory + "/a").path)
        let many = try Dataset(path: WiktextractImporter(options: runs).run(sourcePath: path, directory: directory + "/b").path)
        #expect(one.rowCount == many.rowCount)
        #expect(one.rowCount > 5000)
        for index in 0..<min(one.rowCount, many.rowCount) {
            #expect(Array(one.key(at: index)) == Array(many.key(at: index)))
            #expect(one.row(at: index) == many.row(at: index))
        }
    }

    /// Keys that share 8, 16 or more bytes (stems and their forms), end at those lengths, or differ only in kind and
    /// record: the rows come out in (key bytes, shorter first; kind; record offset) order, in memory and from runs.
    @Test func rowsSharingLongPrefixesAreInKeyKindAndRecordOrder() throws {
        let directory = TemporaryFiles.directory()
        let path = directory + "/stems.jsonl"
        let stems = ["abcdefg", "abcdefgh", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopqrstu", "zz"]
        let endings = ["", "s", "ed", "ing", "h", "hi", "hijklmnop", "hijklmnopq", "x"]
        var text = ""
        for index in 0..<1200 {
            let word = stems[index % stems.count] + endings[(index / stems.count) % endings.count]
            let other = stems[(index + 1) % stems.count] + endings[index % endings.count]
            text += "{\"word\": \"\(word)\", \"lang_code\": \"en\", \"forms\": [{\"form\": \"\(other)\"}, "
                + "{\"form\": \"\(word)es\"}], \"translations\": [{\"word\": \"\(other)\", \"lang_code\": \"de\"}]}\n"
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var runs = ImporterTests.options("runs")
        runs.sortBufferBytes = 1 << 16
        for options in [ImporterTests.options("memory"), runs] {
            let dataset = try Dataset(path: WiktextractImporter(options: options).run(sourcePath: path, directory: directory + "/" + options.name).path)
            #expect(dataset.rowCount > 3000)
            let rows = (0..<dataset.rowCount).map { (key: Array(dataset.key(at: $0)), row: dataset.row(at: $0)) }
            for (a, b) in zip(rows, rows.dropFirst()) {
                let ordered = a.key != b.key ? a.key.lexicographicallyPrecedes(b.key)
                    : a.row.kind != b.row.kind ? a.row.kind.rawValue < b.row.kind.rawValue
                    : a.row.recordOffset < b.row.recordOffset
                #expect(ordered, "\(String(decoding: a.key, as: UTF8.self)) \(a.row) before \(String(decoding: b.key, as: UTF8.self)) \(b.row)")
            }
        }
    }
}

/// The end of the import on two threads: a failure writing the lower half's rows (a full disk) is reported, after the
/// other thread, which reads the sorter's buffer, is done with it.
@Suite struct KeySorterFailureTests {
    @Test func aFullDiskWhileWritingTheRowsIsAnErrorNotACrash() throws {
        let directory = TemporaryFiles.directory()
        for _ in 0..<3 {
            let sorter = KeySorter(directory: directory, runBytes: 64 << 20)
            for index in 0..<120_000 {
                let key = Array("key\(index % 9_973)-\(index)".utf8)
                try key.withUnsafeBytes { try sorter.add(key: $0, kind: .headword, offset: index * 10, length: 10) }
            }
            let table = try FileWriter(path: "/dev/full")
            let blob = try FileWriter(path: directory + "/blob")
            #expect(throws: ImportError.self) { _ = try sorter.merge(table: table, blob: blob) }
        }
    }

    /// With sort runs, each half of every run is a file, and the upper half's rows are made in files too: a failure
    /// is reported after the other thread is done, and no run or half file is left behind.
    @Test func aFullDiskWhileMergingRunsIsAnErrorAndLeavesNoRunFiles() throws {
        let directory = TemporaryFiles.directory()
        let runs = directory + "/runs"
        try FileManager.default.createDirectory(atPath: runs, withIntermediateDirectories: true)
        let sorter = KeySorter(directory: runs, runBytes: 1 << 18)
        // 2.9 MB of rows: more than the table writer's buffer holds, so the full disk shows before the end.
        for index in 0..<120_000 {
            let key = Array("key\(index % 997)-\(index)".utf8)
            try key.withUnsafeBytes { try sorter.add(key: $0, kind: .headword, offset: index * 10, length: 10) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: runs).count > 4)
        let table = try FileWriter(path: "/dev/full")
        let blob = try FileWriter(path: directory + "/blob")
        #expect(throws: ImportError.self) { _ = try sorter.merge(table: table, blob: blob) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: runs) == [])
    }

    /// Keys that all share their first two bytes put every key in one half of every run (the other half is empty):
    /// the rows are still every distinct record once, in order.
    @Test func runsWithAnEmptyHalfMergeIntoOrderedRows() throws {
        let directory = TemporaryFiles.directory()
        let sorter = KeySorter(directory: directory, runBytes: 1 << 16)
        var expected: Set<String> = []
        for index in 0..<12_000 {
            let key = "zz\((index * 7_919) % 5_000)"
            expected.insert(key)
            try Array(key.utf8).withUnsafeBytes { try sorter.add(key: $0, kind: .form, offset: 7, length: 3) }
        }
        let table = try FileWriter(path: directory + "/table")
        let blob = try FileWriter(path: directory + "/blob")
        let rows = try sorter.merge(table: table, blob: blob)
        try table.finish(sync: false)
        try blob.finish(sync: false)
        #expect(rows == expected.count)
        let keys = try Data(contentsOf: URL(fileURLWithPath: directory + "/blob"))
        let tableBytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/table"))
        var read: [String] = []
        for row in stride(from: 0, to: tableBytes.count, by: DatasetFormat.rowSize) {
            let offset = tableBytes[row..<(row + 8)].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
            let length = Int(tableBytes[row + 20]) | Int(tableBytes[row + 21]) << 8
            read.append(String(decoding: keys[offset..<(offset + length)], as: UTF8.self))
        }
        #expect(read == expected.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }
}

/// The two-byte prefix that splits the keys in halves between the cores, counted by first byte and then by second
/// within it: the same as counting every two-byte prefix (the definition, below) for keys spread or bunched.
@Suite struct KeySorterBoundaryTests {
    static func definition(_ positions: [KeySorter.Position]) -> Int {
        var counts = [Int](repeating: 0, count: 1 << 16)
        for element in positions { counts[Int(element.prefix >> 48)] += 1 }
        var boundary = 0, below = 0
        while boundary < counts.count && below < positions.count / 2 {
            below += counts[boundary]
            boundary += 1
        }
        return boundary
    }

    @Test func theBoundaryIsTheTwoBytePrefixBelowWhichHalfTheKeysAre() {
        var generator = SystemRandomNumberGenerator()
        func position(_ first: UInt8, _ second: UInt8) -> KeySorter.Position {
            (UInt64(first) << 56 | UInt64(second) << 48 | UInt64.random(in: 0..<(1 << 48), using: &generator), 0)
        }
        var cases: [[KeySorter.Position]] = [[], [position(7, 7)], [position(1, 2), position(3, 4)]]
        cases.append((0..<1_000).map { _ in position(.random(in: 0...255), .random(in: 0...255)) })  // spread
        cases.append((0..<1_000).map { _ in position(0x68, .random(in: 0...255)) })  // one first byte
        cases.append((0..<1_001).map { _ in position(0x68, 0x6F) })  // one two-byte prefix
        cases.append((0..<999).map { (index: Int) -> KeySorter.Position in  // the ends
            let byte: UInt8 = index < 500 ? 0x00 : 0xFF
            return position(byte, byte)
        })
        cases.append((0..<2_000).map { (index: Int) -> KeySorter.Position in
            let first = UInt8(0x61 + index % 3)
            let second: UInt8 = index % 7 == 0 ? 0xFF : 0x61
            return position(first, second)
        })
        for positions in cases {
            #expect(KeySorter.boundary(of: positions) == Self.definition(positions), "\(positions.count) keys")
        }
    }
}
