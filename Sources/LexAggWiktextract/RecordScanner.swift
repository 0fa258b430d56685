#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggJSON

/// A validating single-pass scanner for one wiktextract JSON line: it checks the whole line is one well-formed JSON
/// object and takes out only what the index needs (the headword, its language, its inflected forms, its
/// translations), skipping everything else without building values. Far cheaper than decoding the line: the strings
/// it keeps are copied into one arena reused from line to line, so a line costs no allocation.
///
/// The fields it reads follow wiktextract's English-edition data model (`WordData`, `FormData`,
/// `TranslationData` in src/wiktextract/extractor/en/type_utils.py); see Fixtures/SOURCES.md.
public struct RecordScanner {
    /// What one line holds for the index: ranges of ``arena`` (read them with ``bytes(_:)``), valid until the next
    /// ``scan(_:)``.
    public struct Record {
        public var word: Range<Int>?
        public var languageCode: Range<Int>?
        public var languageName: Range<Int>?
        /// Inflected and alternative forms from `forms`, without the table-only ones.
        public var forms: [Range<Int>] = []
        /// `(word, lang_code)` of each translation (`code` in older dumps).
        public var translations: [(word: Range<Int>, code: Range<Int>)] = []
        /// The line's top-level members, in order: their bytes in the line (key to end of value), their group
        /// (``RecordLayout``), and for a `senses` member whose senses have members no answer shows, the range of
        /// ``pieces`` that writes it without them.
        public var members: [Member] = []
        /// The parts of the members written in parts.
        public var pieces: [RecordLayout.Piece] = []

        mutating func reset() {
            word = nil; languageCode = nil; languageName = nil
            forms.removeAll(keepingCapacity: true)
            translations.removeAll(keepingCapacity: true)
            members.removeAll(keepingCapacity: true)
            pieces.removeAll(keepingCapacity: true)
        }
    }

    public typealias Malformed = JSONMalformed
    public typealias Member = (range: Range<Int>, group: RecordLayout.Group, pieces: Range<Int>?)

    public private(set) var record = Record()
    /// The decoded text of the strings kept from the line last scanned.
    public let arena = ByteArena()

    /// Whether values are skipped through the fast path first (the checked path alone is the reference in tests).
    let fastSkips: Bool

    public init() { fastSkips = true }

    /// A scanner that skips values only the checked way, step by step: what the fast path must agree with.
    package init(fastSkips: Bool) { self.fastSkips = fastSkips }

    /// The bytes of a range of ``record``, valid until the next scan.
    public func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer { arena.bytes(range) }

    /// The text of a range of ``record`` as an array (for tests and messages; the import reads ``bytes(_:)``).
    public func array(_ range: Range<Int>?) -> [UInt8]? { range.map { Array(arena.bytes($0)) } }

    /// Scans `line`; afterwards ``record`` holds what it found.
    public mutating func scan(_ line: UnsafeRawBufferPointer) throws(Malformed) {
        record.reset()
        arena.removeAll()
        var cursor = JSONCursor(line)
        cursor.fastSkips = fastSkips
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: "{") else { throw cursor.fail("the line is not a JSON object") }
        if try cursor.enterObject(depth: 0) {
            repeat {
                cursor.skipWhitespace()
                let start = cursor.position
                let key = try key(&cursor, topLevel: true)
                switch key.name {
                case .word: record.word = try stringValue(&cursor)
                case .languageCode: record.languageCode = try stringValue(&cursor)
                case .language: record.languageName = try stringValue(&cursor)
                case .forms: try forms(&cursor)
                case .translations: try translations(&cursor)
                case .senses:
                    let parts = try senses(&cursor, member: start)
                    record.members.append((start..<cursor.position, key.group, parts))
                    continue
                default: try cursor.skipValue(depth: 1)
                }
                record.members.append((start..<cursor.position, key.group, nil))
            } while try cursor.nextMember()
        }
        cursor.skipWhitespace()
        guard cursor.position == cursor.count else { throw cursor.fail("unexpected text after the JSON object") }
    }

    // MARK: The fields the index needs

    /// `forms` entries with these tags are pieces of inflection tables, not words (wiktextract marks the table's
    /// template name and its header this way).
    static func isTableTag(_ tag: UnsafeRawBufferPointer) -> Bool {
        func equals(_ name: StaticString) -> Bool {
            name.utf8CodeUnitCount == tag.count && memcmp(tag.baseAddress!, name.utf8Start, tag.count) == 0
        }
        switch tag.count {
        case 5: return equals("class")
        case 10: return equals("table-tags")
        case 19: return equals("inflection-template")
        default: return false
        }
    }

    /// Whether a `forms` entry is an inflection table's placeholder, not a word: a cell with no letter or digit (`-`,
    /// `—`: no such form) or a note written in a cell (`See the possessive forms below.`: a sentence, four words or
    /// more ending in a full stop). Finnish tables give both; as keys they made `lookup -` a form of *iso* and *pää*.
    static func isPlaceholder(_ form: UnsafeRawBufferPointer) -> Bool {
        var spaces = 0
        var wordCharacter = false
        var index = 0
        let count = form.count
        while index < count {
            let byte = form[index]
            if byte == 0x20 { spaces += 1 }
            if byte >= 0x80 {
                // A dash (U+2010–U+2015) or minus (U+2212) is punctuation; anything else is a letter, as far as this goes.
                let isDash = byte == 0xE2 && index + 2 < count
                    && ((form[index + 1] == 0x80 && (0x90...0x95).contains(form[index + 2])) || (form[index + 1] == 0x88 && form[index + 2] == 0x92))
                if !isDash { wordCharacter = true }
                index += isDash ? 3 : 1
                continue
            }
            if (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 { wordCharacter = true }
            index += 1
        }
        return !wordCharacter || (spaces >= 3 && form.last == UInt8(ascii: "."))
    }

    private mutating func forms(_ cursor: inout JSONCursor) throws(Malformed) {
        guard try cursor.enterArray(depth: 1) else { return }
        repeat {
            guard cursor.peek() == UInt8(ascii: "{") else { try cursor.skipValue(depth: 2); continue }
            var form: Range<Int>?
            var table = false
            if try cursor.enterObject(depth: 2) {
                repeat {
                    switch try key(&cursor).name {
                    case .form: form = try stringValue(&cursor)
                    case .tags:
                        guard try cursor.enterArray(depth: 3) else { break }
                        repeat {
                            let mark = arena.count
                            if let tag = try stringValue(&cursor), Self.isTableTag(arena.bytes(tag)) { table = true }
                            arena.count = mark  // a tag is only looked at, not kept
                        } while try cursor.nextElement()
                    default: try cursor.skipValue(depth: 3)
                    }
                } while try cursor.nextMember()
            }
            if let form, !table, !form.isEmpty, !Self.isPlaceholder(arena.bytes(form)) { record.forms.append(form) }
        } while try cursor.nextElement()
    }

    /// Walks the `senses` value of the member that starts at `start` (checking it as skipping it would); when a sense
    /// object has members no answer shows (``RecordLayout/isShownSenseKey(_:)``), the pieces that write the member
    /// without them (the key and `[`, each element, each sense's shown members, separators) and returns their range
    /// in ``Record/pieces``; else nil (the member is kept as it is).
    private mutating func senses(_ cursor: inout JSONCursor, member start: Int) throws(Malformed) -> Range<Int>? {
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: "[") else { try cursor.skipValue(depth: 1); return nil }
        let first = record.pieces.count
        record.pieces.append(.line(start..<cursor.position + 1))
        var trimmed = false
        if try cursor.enterArray(depth: 1) {
            var element = 0
            repeat {
                if element > 0 { record.pieces.append(.byte(UInt8(ascii: ","))) }
                element += 1
                let from = cursor.position
                guard cursor.peek() == UInt8(ascii: "{") else {
                    try cursor.skipValue(depth: 2)
                    record.pieces.append(.line(from..<cursor.position))
                    continue
                }
                record.pieces.append(.byte(UInt8(ascii: "{")))
                if try cursor.enterObject(depth: 2) {
                    var shown = 0
                    repeat {
                        cursor.skipWhitespace()
                        let memberStart = cursor.position
                        let (_, raw) = try cursor.memberKey()
                        try cursor.skipValue(depth: 3)
                        // An escaped key (never in practice) is kept: the reader decodes it before comparing.
                        guard raw.map(RecordLayout.isShownSenseKey) ?? true else { trimmed = true; continue }
                        if shown > 0 { record.pieces.append(.byte(UInt8(ascii: ","))) }
                        shown += 1
                        record.pieces.append(.line(memberStart..<cursor.position))
                    } while try cursor.nextMember()
                }
                record.pieces.append(.byte(UInt8(ascii: "}")))
            } while try cursor.nextElement()
        }
        record.pieces.append(.byte(UInt8(ascii: "]")))
        guard trimmed else {
            record.pieces.removeSubrange(first...)
            return nil
        }
        return first..<record.pieces.count
    }

    private mutating func translations(_ cursor: inout JSONCursor) throws(Malformed) {
        guard try cursor.enterArray(depth: 1) else { return }
        repeat {
            guard cursor.peek() == UInt8(ascii: "{") else { try cursor.skipValue(depth: 2); continue }
            var word: Range<Int>?
            var code: Range<Int>?
            if try cursor.enterObject(depth: 2) {
                repeat {
                    switch try key(&cursor).name {
                    case .word: word = try stringValue(&cursor)
                    case .languageCode: code = try stringValue(&cursor)
                    case .code: if code == nil { code = try stringValue(&cursor) } else { try cursor.skipValue(depth: 3) }
                    default: try cursor.skipValue(depth: 3)
                    }
                } while try cursor.nextMember()
            }
            if let word, let code, !word.isEmpty, !code.isEmpty { record.translations.append((word, code)) }
        } while try cursor.nextElement()
    }

    /// A string value's text (escapes decoded) in the arena, or nil for `null`; any other value is skipped and
    /// gives nil.
    private func stringValue(_ cursor: inout JSONCursor) throws(Malformed) -> Range<Int>? {
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: "\"") else { try cursor.skipValue(depth: 1); return nil }
        let start = cursor.position
        let escaped = try cursor.skipString()
        return cursor.copyString(from: start, escaped: escaped, into: arena)
    }

    /// The key of the member at the cursor, which then stands at its value.
    /// (`topLevel`: a member of the line's object, whose group is wanted.)
    private func key(_ cursor: inout JSONCursor, topLevel: Bool = false) throws(Malformed) -> Key {
        let (start, raw) = try cursor.memberKey()
        if let raw { return Key(raw, topLevel: topLevel) }
        // An escaped key (never in practice): decoded into the arena, looked at, and dropped.
        let mark = arena.count
        let range = cursor.copyString(from: start, escaped: true, into: arena)
        defer { arena.count = mark }
        return Key(arena.bytes(range), topLevel: topLevel)
    }

    /// A key as the scanner knows it: one it looks for, or any other with its group (``RecordLayout``) when it is
    /// a top-level member.
    struct Key {
        var name: Name
        var group: RecordLayout.Group

        init(_ raw: UnsafeRawBufferPointer, topLevel: Bool) {
            name = Name(raw)
            group = topLevel ? RecordLayout.group(of: raw) : .other
        }
    }

    /// The keys the scanner looks for; every other key is `.other`.
    enum Name {
        case word, languageCode, language, forms, translations, senses, form, tags, code, other

        init(_ raw: UnsafeRawBufferPointer) {
            guard let base = raw.baseAddress else { self = .other; return }
            func equals(_ name: StaticString) -> Bool {
                name.utf8CodeUnitCount == raw.count && memcmp(base, name.utf8Start, raw.count) == 0
            }
            switch raw.count {
            case 4:
                self = equals("word") ? .word : equals("lang") ? .language : equals("form") ? .form
                    : equals("tags") ? .tags : equals("code") ? .code : .other
            case 5: self = equals("forms") ? .forms : .other
            case 6: self = equals("senses") ? .senses : .other
            case 9: self = equals("lang_code") ? .languageCode : .other
            case 12: self = equals("translations") ? .translations : .other
            default: self = .other
            }
        }
    }
}
