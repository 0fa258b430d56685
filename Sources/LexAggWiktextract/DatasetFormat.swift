import Foundation
import LexAggCore
import LexAggJSON

/// The layout of an imported dataset: one file, `<name>.lexwk`, read by memory-mapping it.
///
/// ```
/// header   4096 bytes: magic "LXWIKT01", then little-endian UInt64s: entries offset, entries length,
///          table offset, table count, key blob offset, key blob length, metadata offset, metadata length
/// entries  the imported JSON lines' objects, each followed by "\n": members grouped by what reads them since format 2
///          (``RecordLayout``; each member byte for byte, but the members of senses no answer shows, left out: files
///          an earlier importer wrote keep them, and read the same), the lines as they were in format 1
/// table    one 32-byte row per key, sorted by (key bytes, kind, record offset): key offset in the blob (UInt64),
///          record offset in the entries (UInt64), record length (UInt32), key length (UInt16), kind (UInt8), 0,
///          then the key's first 8 bytes (0 after a shorter key's end) since format 3, which decide most comparisons
///          of a binary search without its key bytes (24-byte rows without them before)
/// blob     the keys' bytes: normalised headwords, forms and translations (`DatasetKey.normalise`)
/// metadata JSON (`DatasetMetadata`)
/// ```
public enum DatasetFormat {
    public static let magic = Array("LXWIKT01".utf8)
    public static let headerSize = 4096
    public static let fileExtension = "lexwk"
    /// The format written (``DatasetMetadata/formatVersion``): 2 groups each entry's members (``RecordLayout``), 3
    /// adds each key's first bytes to its row, 4 case-folds the keys (``DatasetKey``: `strasse` finds *Straße*), 5
    /// leaves optional marks out of them (`дома` finds *до́ма*), 6 length and tone marks (`famae` finds *fāmae*).
    public static let version = 6
    /// The size of the rows written.
    public static let rowSize = rowSize(version: version)

    /// The size of a table row in a dataset of format `version`.
    public static func rowSize(version: Int) -> Int { version >= 3 ? 32 : 24 }

    /// The first 8 bytes of `key` (0 after its end) as an integer whose order is theirs (big-endian): a row's key
    /// prefix, compared with the one of a key looked up.
    @inline(__always)
    public static func prefix(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: key.prefix(8))) }
        return UInt64(bigEndian: word)
    }
}

/// What a key row points from.
public enum KeyKind: UInt8, Sendable {
    /// The entry's headword (`word`).
    case headword = 0
    /// One of its inflected or alternative forms (`forms[].form`).
    case form = 1
    /// A translation of it (`translations[].word`), for translating back into the entry's language.
    case translation = 2
}

/// How headwords, forms and queries become keys: white space at either end left out, then Unicode NFC, then lower
/// case, then (``Rules/caseFolded``, datasets of format 4 on) the case folds lower case leaves apart: ß → ss (German *Straße* is
/// found as `strasse`, `STRASSE`), final ς → σ (Greek `ΛΌΓΟΣ` finds *λόγος*), and the dot İ leaves on i (Turkish
/// `istanbul` finds *İstanbul*). ASCII, Latin-1 and basic Cyrillic (most of any dump) take a fast path byte by byte
/// that gives what `String.lowercased()` gives; any other text goes through `String`. A dataset's keys were made
/// by the rules of its format, and a lookup makes its key by the same (``Dataset/keyRules``). Since format 5 the
/// marks a word may be written with or without are left out too (``Rules/unmarked``): wiktextract writes Russian forms
/// and translations with their stress (`до́ма`, `вода́`), which no reader types.
public enum DatasetKey {
    /// Which rules a dataset's keys were made by, by its format.
    public enum Rules: Int, Comparable, Sendable {
        /// Lower case (formats 1–3).
        case lowerCase = 3
        /// Lower case and the case folds: ß → ss, ς → σ, i̇ → i (format 4).
        case caseFolded = 4
        /// Those, and marks a word may be written with or without left out (format 5): the stress marks U+0300 and
        /// U+0301 where NFC leaves them apart from their letter (Russian `до́ма`; Latin `é` is one character and
        /// stays), Arabic harakat (U+064B–U+0652, U+0670) and Hebrew points and cantillation (U+0591–U+05C7 but the
        /// punctuation among them).
        case unmarked = 5
        /// Those, and the length and tone marks Wiktionary leaves out of page names but writes in forms, translations
        /// and head lines (format 6): the macron (U+0304) and breve (U+0306) of Latin `fāmae`, `lēgī` and Ancient
        /// Greek `ᾰ̓γροῦ` (pages *famae*, *legi*, *ἀγροῦ*), Old English `stān`, and Serbo-Croatian's double grave and
        /// inverted breve (U+030F, U+0311: `ȉme`), also where NFC composes them with their letter. The breve of a
        /// Cyrillic letter stays: `й` and `ў` are letters. Where a language writes such a letter as a letter of its
        /// own (Latvian `ā`, Romanian `ă`), the key finds both spellings and the one typed is preferred
        /// (``isFoldable(_:)`` says so).
        case lengthUnmarked = 6

        /// The rules a new import keys by.
        public static let current = Rules.lengthUnmarked

        /// The rules of a dataset of format `version`.
        public init(formatVersion version: Int) {
            self = version >= 6 ? .lengthUnmarked : version == 5 ? .unmarked : version == 4 ? .caseFolded : .lowerCase
        }

        public static func < (left: Rules, right: Rules) -> Bool { left.rawValue < right.rawValue }
    }

    /// Whether `scalar` is a mark ``Rules/unmarked`` leaves out.
    @inline(__always)
    static func isOptionalMark(_ value: UInt32) -> Bool {
        switch value {
        case 0x300, 0x301, 0x64B...0x652, 0x670, 0x591...0x5BD, 0x5BF, 0x5C1, 0x5C2, 0x5C4, 0x5C5, 0x5C7: true
        default: false
        }
    }

    /// `bytes` without ASCII white space at either end: a translation written `"Katze "` is found as `Katze` (queries
    /// are trimmed), and one of white space alone gives no key.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = bytes.first, let last = bytes.last, isSpace(first) || isSpace(last) else { return bytes }
        var start = 0, end = bytes.count
        while start < end && isSpace(bytes[start]) { start += 1 }
        while end > start && isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// Writes the key of `bytes` into `output` (replacing what it held; its storage is reused).
    public static func normalise(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8], rules: Rules = .current) {
        let bytes = trimmed(bytes)
        let count = bytes.count
        if output.count != count { output = [UInt8](repeating: 0, count: count) }
        if count == 0 || output.withUnsafeMutableBufferPointer({ normaliseFast(bytes, to: $0.baseAddress!, rules: rules) }) { return }
        normaliseSlow(bytes, into: &output, rules: rules)
    }

    /// Appends the key of `bytes` to `arena`, and returns where it is: the importer's scanning threads write keys
    /// this way, straight into their batch's arena.
    static func normalise(_ bytes: UnsafeRawBufferPointer, into arena: ByteArena, rules: Rules = .current) -> Range<Int> {
        let bytes = trimmed(bytes)
        let start = arena.count
        let count = bytes.count
        if count > 0 {
            arena.reserve(count)
            if normaliseFast(bytes, to: arena.base + start, rules: rules) {
                arena.count = start + count
            } else {
                var output: [UInt8] = []
                normaliseSlow(bytes, into: &output, rules: rules)
                output.withUnsafeBytes { arena.append($0.baseAddress!, count: $0.count) }
            }
        }
        return start..<arena.count
    }

    /// The fast path: the key of `bytes` written at `destination` (room for `bytes.count` bytes; the key is exactly
    /// as long) when every character is ASCII, Latin-1 or basic Cyrillic, and true; false when Unicode's rules are
    /// needed (`destination` then holds a part of the key), or ß is to be folded (its key is longer).
    static func normaliseFast(_ bytes: UnsafeRawBufferPointer, to destination: UnsafeMutablePointer<UInt8>, rules: Rules = .current) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                destination[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                index &+= 1
                continue
            }
            guard index &+ 1 < count, bytes[index &+ 1] & 0xC0 == 0x80 else { return false }
            let next = bytes[index &+ 1]
            switch byte {
            case 0xC2:
                // U+0080–U+00BF: no letter here changes case.
                destination[index] = byte; destination[index &+ 1] = next
            case 0xC3:
                // U+00C0–U+00DE except × (U+00D7): capitals, 0x20 below their small letters; ß (U+00DF) folds to ss.
                if rules >= .caseFolded && next == 0x9F { return false }
                destination[index] = byte; destination[index &+ 1] = next <= 0x9E && next != 0x97 ? next &+ 0x20 : next
            case 0xD0:
                // U+0400–U+040F (Ѐ–Џ) → U+0450–U+045F; U+0410–U+041F (А–П) → U+0430–U+043F; U+0420–U+042F (Р–Я) →
                // U+0440–U+044F; U+0430–U+043F are small already.
                switch next {
                case 0x80...0x8F: destination[index] = 0xD1; destination[index &+ 1] = next &+ 0x10
                case 0x90...0x9F: destination[index] = 0xD0; destination[index &+ 1] = next &+ 0x20
                case 0xA0...0xAF: destination[index] = 0xD1; destination[index &+ 1] = next &- 0x20
                default: destination[index] = byte; destination[index &+ 1] = next
                }
            case 0xD1 where next <= 0x9F:
                // U+0440–U+045F: small letters.
                destination[index] = byte; destination[index &+ 1] = next
            default:
                return false
            }
            index &+= 2
        }
        return true
    }

    /// Unicode's own rules, for any text: NFC when needed, then `lowercased()`, then (``Rules/caseFolded``) ß → ss, ς → σ, and
    /// i without the combining dot above that lower-casing İ leaves (U+0069 U+0307).
    static func normaliseSlow(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8], rules: Rules = .current) {
        let count = bytes.count
        // Anything else: Unicode's own rules. Combining marks U+0300–U+036F (lead bytes 0xCC, 0xCD) and Hangul jamo
        // U+1100–U+11FF (0xE1 0x84–0x87) are what NFC composes in practice; text without them is left as it is
        // (dumps are NFC already).
        var decomposable = false
        for index in 0..<count {
            let byte = bytes[index]
            if byte == 0xCC || byte == 0xCD || (byte == 0xE1 && index + 1 < count && (0x84...0x87).contains(bytes[index + 1])) {
                decomposable = true
                break
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        output.removeAll(keepingCapacity: true)
        var lower = (decomposable ? text.precomposedStringWithCanonicalMapping : text).lowercased()
        if rules >= .lengthUnmarked, mayHaveLengthMark(bytes) { lower = withoutLengthMarks(lower) }
        guard rules >= .caseFolded else {
            output.append(contentsOf: lower.utf8)
            return
        }
        let unmarked = rules >= .unmarked
        var previous: Unicode.Scalar?
        for scalar in lower.unicodeScalars {
            defer { previous = scalar }
            switch scalar.value {
            case 0xDF: output.append(contentsOf: [UInt8(ascii: "s"), UInt8(ascii: "s")])
            case 0x3C2: output.append(contentsOf: [0xCF, 0x83])  // σ
            case 0x307 where previous == "i": continue
            case let value where unmarked && isOptionalMark(value): continue
            default: output.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// Whether `bytes` may have a length or tone mark (``Rules/lengthUnmarked``), alone or composed with its letter: a
    /// byte scan for the blocks that have them (Latin Extended-A and -B, Cyrillic's U+04C0–U+04FF and izhitsa with
    /// double grave (U+0476, U+0477), Latin Extended
    /// Additional, Greek Extended's U+1F80–U+1FFF) and for the combining marks themselves.
    static func mayHaveLengthMark(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var index = 0
        while index + 1 < count {
            let byte = bytes[index]
            index += 1
            if byte >= 0xC4, startsLengthMark(byte, bytes[index]) { return true }
        }
        return false
    }

    /// Whether the UTF-8 sequence led by `lead`, `next` may be a length or tone mark or a letter with one
    /// (``mayHaveLengthMark(_:)``, ``isFoldable(_:)``).
    @inline(__always)
    static func startsLengthMark(_ lead: UInt8, _ next: UInt8) -> Bool {
        switch (lead, next) {
        case (0xC4...0xC9, _), (0xD3, _), (0xD1, 0xB6...0xB7), (0xCC, 0x84), (0xCC, 0x86), (0xCC, 0x8F), (0xCC, 0x91),
             (0xE1, 0xB8...0xBB), (0xE1, 0xBE...0xBF):
            true
        default: false
        }
    }

    /// `text` (NFC) without its length and tone marks (``Rules/lengthUnmarked``), NFC again: decomposed, the marks
    /// left out but a breve on a Cyrillic letter, composed.
    static func withoutLengthMarks(_ text: String) -> String {
        let decomposed = text.decomposedStringWithCanonicalMapping.unicodeScalars
        guard decomposed.contains(where: { [0x304, 0x306, 0x30F, 0x311].contains($0.value) }) else { return text }
        var kept = String.UnicodeScalarView()
        var base: UInt32 = 0
        for scalar in decomposed {
            switch scalar.value {
            case 0x304, 0x30F, 0x311: continue
            case 0x306 where !(0x400...0x4FF).contains(base): continue
            case 0x300...0x36F: break
            default: base = scalar.value
            }
            kept.append(scalar)
        }
        return String(kept).precomposedStringWithCanonicalMapping
    }

    /// Whether folding may make the key of `text` other than its lower case: it has ß, ẞ, ς, İ, a combining dot
    /// above (U+0307) or an optional mark (``isOptionalMark(_:)``) — a byte scan, no key made; the characters ``normaliseSlow(_:into:rules:)`` folds, and those
    /// lower case turns into them (a test holds the two together).
    public static func isFoldable(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            // Eight ASCII bytes at a time (most words are ASCII): none starts a sequence.
            if let base = bytes.baseAddress {
                while index + 8 <= count,
                      UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
            }
            while index + 1 < count {
                let byte = bytes[index]
                index += 1
                // ASCII, Latin-1 but ß, and continuation bytes: most of any word.
                guard byte >= 0xC3 else { continue }
                switch (byte, bytes[index]) {
                case (0xC3, 0x9F), (0xCF, 0x82), (0xC4, 0xB0), (0xCC, 0x87): return true
                // Letters with length and tone marks, and the marks.
                case let (lead, next) where startsLengthMark(lead, next): return true
                case (0xE1, 0xBA) where index + 1 < count && bytes[index + 1] == 0x9E: return true
                // The optional marks (``isOptionalMark(_:)``): U+0300, U+0301 (and U+0340, U+0341, U+0344, which NFC
                // makes them); U+064B–U+0652, U+0670; U+0591–U+05C7.
                case (0xCC, 0x80), (0xCC, 0x81), (0xCD, 0x80), (0xCD, 0x81), (0xCD, 0x84), (0xD9, 0x8B...0x92), (0xD9, 0xB0), (0xD6, 0x91...0xBD), (0xD6, 0xBF),
                     (0xD7, 0x81), (0xD7, 0x82), (0xD7, 0x84), (0xD7, 0x85), (0xD7, 0x87):
                    return true
                default: continue
                }
            }
            return false
        }
    }

    public static func normalise(_ bytes: [UInt8], rules: Rules = .current) -> [UInt8] {
        var output: [UInt8] = []
        bytes.withUnsafeBytes { normalise($0, into: &output, rules: rules) }
        return output
    }

    public static func normalise(_ text: String, rules: Rules = .current) -> [UInt8] {
        var text = text  // (its UTF-8 in place: no array of it first)
        return text.withUTF8 { utf8 in
            var output: [UInt8] = []
            normalise(UnsafeRawBufferPointer(utf8), into: &output, rules: rules)
            return output
        }
    }

    /// Whether the key of `bytes` is `key` (`normalise(bytes) == key`), without allocating for text the fast path
    /// reads: the lemma fallback compares each of a lemma's forms with the word looked up this way.
    public static func isKey(_ key: [UInt8], of bytes: UnsafeRawBufferPointer, rules: Rules = .current) -> Bool {
        let bytes = trimmed(bytes)
        let count = bytes.count
        guard count > 0 else { return key.isEmpty }
        let fast: Bool? = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            guard normaliseFast(bytes, to: buffer.baseAddress!, rules: rules) else { return nil }
            return key.count == count && key.withUnsafeBytes { memcmp($0.baseAddress!, buffer.baseAddress!, count) == 0 }
        }
        if let fast { return fast }
        var output: [UInt8] = []
        normaliseSlow(bytes, into: &output, rules: rules)
        return output == key
    }
}

/// What `data info` and the provider's descriptor show, stored at the end of the dataset file.
public struct DatasetMetadata: Codable, Sendable, Hashable {
    public var formatVersion: Int
    /// The dataset's name, which is its provider id.
    public var name: String
    /// The dump it was imported from, as an absolute path.
    public var sourceFile: String
    public var sourceBytes: Int
    /// The dump file's modification time: the date of the dump as downloaded.
    public var sourceDate: Date
    public var importedAt: Date
    /// The languages kept (`--languages`); empty for all.
    public var languageFilter: [String]
    public var entries: Int
    public var keys: Int
    public var lines: Int
    public var malformedLines: Int
    /// Entries per language code, and each code's name as the dump spells it.
    public var languages: [String: Int]
    public var languageNames: [String: String]
    /// Translations per entry language and target language: `["en": ["de": 1200]]`.
    public var translations: [String: [String: Int]]

    public init(
        name: String, sourceFile: String, sourceBytes: Int, sourceDate: Date, importedAt: Date, languageFilter: [String],
        entries: Int, keys: Int, lines: Int, malformedLines: Int, languages: [String: Int],
        languageNames: [String: String], translations: [String: [String: Int]]
    ) {
        self.formatVersion = DatasetFormat.version
        self.name = name
        self.sourceFile = sourceFile
        self.sourceBytes = sourceBytes
        self.sourceDate = sourceDate
        self.importedAt = importedAt
        self.languageFilter = languageFilter
        self.entries = entries
        self.keys = keys
        self.lines = lines
        self.malformedLines = malformedLines
        self.languages = languages
        self.languageNames = languageNames
        self.translations = translations
    }
}

/// Where datasets live: the `datasets` directory in lexagg's data directory (the library's): `$LEXAGG_DATA_DIR/datasets`,
/// else `$XDG_DATA_HOME/lexagg/datasets`, else `~/.local/share/lexagg/datasets`.
public enum DatasetLocation {
    public static func directory(in environment: [String: String]) -> String? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        if let directory = value("LEXAGG_DATA_DIR") { return directory + "/datasets" }
        if let xdg = value("XDG_DATA_HOME"), xdg.hasPrefix("/") { return xdg + "/lexagg/datasets" }
        if let home = value("HOME") { return home + "/.local/share/lexagg/datasets" }
        return nil
    }

    /// The dataset files in `directory`, by name, sorted.
    public static func datasets(in directory: String) -> [(name: String, path: String)] {
        // Not FileManager: see DirectoryListing (every full lookup lists this directory).
        let names = (try? DirectoryListing.names(directory).get()) ?? []
        return names.filter { $0.hasSuffix("." + DatasetFormat.fileExtension) }.map {
            (String($0.dropLast(DatasetFormat.fileExtension.count + 1)), directory + "/" + $0)
        }
    }

    public static func path(of name: String, in directory: String) -> String {
        directory + "/" + name + "." + DatasetFormat.fileExtension
    }
}
