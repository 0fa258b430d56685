import LexAggCore
import LexAggDictFormats

/// A dictd `.index` file: one line per entry, `headword TAB base64-offset TAB base64-length`, sorted.
///
/// The file is memory-mapped and searched in place: a lookup is a binary search over byte positions
/// (O(log n) line comparisons), then a short forward scan over the equal keys. Nothing is parsed up front.
struct DictIndex: Sendable {
    /// One index line: where its text lives in the body.
    struct Location: Sendable, Hashable {
        var headword: String
        var offset: Int
        var length: Int
        /// Byte position of the line in the index (identifies the entry).
        var line: Int
    }

    let file: MappedFile
    let order: IndexOrder
    /// Whether some headword's key starts with a space (see ``lookup(_:)``); when none does, a lookup searches once.
    let hasSpaceLedKeys: Bool
    var path: String { file.path }

    init(path: String) throws(DictFileError) {
        let file = try MappedFile(path: path)
        let bytes = file.bytes
        // A valid index starts with a headword line: `word\toffset\tlength\n`.
        guard let firstNewline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? (bytes.count < 4096 ? bytes.count : nil),
              bytes[..<firstNewline].filter({ $0 == UInt8(ascii: "\t") }).count == 2
        else {
            throw DictFileError(path: path, problem: "not a dictd index: the first line is not 'headword<TAB>offset<TAB>length'")
        }
        if bytes.last != UInt8(ascii: "\n") {
            // A partial last line means the file was cut short; refuse it rather than guess.
            let tail = bytes.lastIndex(of: UInt8(ascii: "\n")).map { bytes.count - $0 - 1 } ?? bytes.count
            if DictIndex.parse(line: bytes[(bytes.count - tail)...]) == nil {
                throw DictFileError(path: path, problem: "truncated: the last line is incomplete")
            }
        }
        self.file = file
        let bytewise = DictIndex(file: file, order: .allchars)
        let folded = DictIndex(file: file, order: .legacy)
        func declares(_ flag: String) -> Bool {
            !bytewise.find(key: Array("00-database-\(flag)".utf8)).isEmpty
                || !bytewise.find(key: Array("00database\(flag)".utf8)).isEmpty
                || !folded.find(key: Array("00database\(flag)".utf8)).isEmpty
        }
        self.order = declares("allchars") ? .allchars : declares("utf8") ? .utf8 : .legacy
        // The first key not below " " starts with a space if any key does (they sort before every other).
        let probe = DictIndex(file: file, order: order)
        let first = probe.lowerBound([UInt8(ascii: " ")])
        self.hasSpaceLedKeys = first < bytes.count
            && order.foldHeadword(probe.headwordBytes(first, probe.lineEnd(from: first))).first == UInt8(ascii: " ")
    }

    private init(file: MappedFile, order: IndexOrder) {
        self.file = file
        self.order = order
        self.hasSpaceLedKeys = true
    }

    /// Every entry whose headword equals `word` under the index's folding (so case-insensitively).
    ///
    /// dictfmt leaves some headwords with a leading space once punctuation is removed (FreeDict's
    /// "… and a half" is indexed as " and a half"); those are found too.
    func lookup(_ word: String) -> [Location] {
        let key = order.foldQuery(word)
        guard !key.isEmpty else { return [] }
        var found = find(key: key)
        if hasSpaceLedKeys, key.first != UInt8(ascii: " ") {
            found += find(key: [UInt8(ascii: " ")] + key)
        }
        return found.filter { !DictIndex.isMetadata($0.headword) }
    }

    /// Entries whose key starts with `word`'s key, in index order, at most `limit`.
    func prefixMatches(_ word: String, limit: Int) -> [Location] {
        let key = order.foldQuery(word)
        guard !key.isEmpty else { return [] }
        var results: [Location] = []
        var position = lowerBound(key)
        let bytes = file.bytes
        while position < bytes.count, results.count < limit {
            let end = lineEnd(from: position)
            guard let location = DictIndex.parse(line: bytes[position..<end], at: position) else { position = end + 1; continue }
            let headwordKey = order.foldHeadword(headwordBytes(position, end))
            guard headwordKey.starts(with: key) else { break }
            if !DictIndex.isMetadata(location.headword) { results.append(location) }
            position = end + 1
        }
        return results
    }

    /// The `00-database-NAME` metadata entry, if present.
    func metadata(_ name: String) -> Location? {
        let probe = DictIndex(file: file, order: .allchars)
        return probe.find(key: Array("00-database-\(name)".utf8)).first
            ?? probe.find(key: Array("00database\(name)".utf8)).first
            ?? (order == .legacy ? find(key: IndexOrder.foldLegacy(Array("00-database-\(name)".utf8)[...])).first : nil)
    }

    // MARK: Binary search

    /// All lines whose folded headword equals `key`.
    private func find(key: [UInt8]) -> [Location] {
        var results: [Location] = []
        var position = lowerBound(key)
        let bytes = file.bytes
        while position < bytes.count {
            let end = lineEnd(from: position)
            guard compareHeadword(at: position, end: end, key) == 0 else { break }
            if let location = DictIndex.parse(line: bytes[position..<end], at: position) { results.append(location) }
            position = end + 1
        }
        return results
    }

    /// The position of the first line whose key is not less than `key`.
    func lowerBound(_ key: [UInt8]) -> Int {
        lowerBoundCountingProbes(key).position
    }

    /// ``lowerBound(_:)``, also saying how many lines it compared (tests check the search is logarithmic).
    func lowerBoundCountingProbes(_ key: [UInt8]) -> (position: Int, probes: Int) {
        var low = 0
        var high = file.bytes.count
        var probes = 0
        while low < high {
            let start = lineStart(containing: low + (high - low) / 2)
            let end = lineEnd(from: start)
            probes += 1
            if compareHeadword(at: start, end: end, key) < 0 {
                low = end + 1
            } else {
                high = start
            }
        }
        return (low, probes)
    }

    /// The order of the headword of the line at `start..<end` (up to its first tab; folded, in a legacy index) against
    /// `key`, read in place: a lookup probes some 20 lines, and copying and folding each headword into arrays was
    /// most of a lemma request's cost (every candidate lemma of a word is looked up).
    private func compareHeadword(at start: Int, end: Int, _ key: [UInt8]) -> Int {
        let bytes = file.bytes
        let legacy = order == .legacy
        return key.withUnsafeBufferPointer { wanted in
            var position = start
            var index = 0
            while true {
                // The headword's next byte as its key has it (folded, for a legacy index), nil at its end.
                var next: UInt8?
                while position < end {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\t") { position = end; break }
                    position += 1
                    if !legacy { next = byte; break }
                    switch byte {
                    case UInt8(ascii: "A")...UInt8(ascii: "Z"): next = byte + 32
                    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): next = byte
                    case UInt8(ascii: " "), 0x0B, 0x0C, 0x0D: next = UInt8(ascii: " ")
                    default: continue
                    }
                    break
                }
                guard let a = next else { return index == wanted.count ? 0 : -1 }
                guard index < wanted.count else { return 1 }
                let b = wanted[index]
                if a != b { return a < b ? -1 : 1 }
                index += 1
            }
        }
    }

    func lineStart(containing position: Int) -> Int {
        var p = position
        let bytes = file.bytes
        while p > 0 && bytes[p - 1] != UInt8(ascii: "\n") { p -= 1 }
        return p
    }

    func lineEnd(from position: Int) -> Int {
        file.bytes.firstOffset(of: UInt8(ascii: "\n"), from: position, to: file.bytes.count) ?? file.bytes.count
    }

    /// Where the headword of the line `start..<end` ends (its tab).
    func headwordEnd(_ start: Int, _ end: Int) -> Int {
        file.bytes.firstOffset(of: UInt8(ascii: "\t"), from: start, to: end) ?? end
    }

    func headwordBytes(_ start: Int, _ end: Int) -> ArraySlice<UInt8> {
        ArraySlice(file.bytes[start..<headwordEnd(start, end)])
    }

    // MARK: Lines

    static func parse(line: Slice<UnsafeRawBufferPointer>, at position: Int = 0) -> Location? {
        let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 3, omittingEmptySubsequences: false)
        guard fields.count == 3 || fields.count == 4,   // dictfmt may add a 4th field (the original headword)
              let offset = DictBase64.decode(ArraySlice(fields[1])),
              let length = DictBase64.decode(ArraySlice(fields[2].prefix { $0 != UInt8(ascii: "\r") }))
        else { return nil }
        return Location(headword: String(decoding: fields[0], as: UTF8.self), offset: offset, length: length, line: position)
    }

    static func isMetadata(_ headword: String) -> Bool {
        headword.hasPrefix("00-database-") || headword.hasPrefix("00database")
    }
}
