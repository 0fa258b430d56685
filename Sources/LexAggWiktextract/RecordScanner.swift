#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A validating single-pass scanner for one wiktextract JSON line: it checks the whole line is one well-formed JSON
/// object and takes out only what the index needs (the headword, its language, its inflected forms, its
/// translations), skipping everything else without building values. Far cheaper than decoding the line.
///
/// The fields it reads follow wiktextract's English-edition data model (`WordData`, `FormData`,
/// `TranslationData` in src/wiktextract/extractor/en/type_utils.py); see Fixtures/SOURCES.md.
public struct RecordScanner {
    /// What one line holds for the index.
    public struct Record {
        public var word: [UInt8]?
        public var languageCode: [UInt8]?
        public var languageName: [UInt8]?
        /// Inflected and alternative forms from `forms`, without the table-only ones.
        public var forms: [[UInt8]] = []
        /// `(word, lang_code)` of each translation (`code` in older dumps).
        public var translations: [(word: [UInt8], code: [UInt8])] = []

        mutating func reset() {
            word = nil; languageCode = nil; languageName = nil
            forms.removeAll(keepingCapacity: true)
            translations.removeAll(keepingCapacity: true)
        }
    }

    public struct Malformed: Error {
        public var message: String
        public var offset: Int
    }

    /// `forms` entries with these tags are pieces of inflection tables, not words (wiktextract marks the table's
    /// template name and its header this way).
    static let tableTags: Set<[UInt8]> = Set(["table-tags", "inflection-template", "class"].map { Array($0.utf8) })

    private var bytes: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)
    private var position = 0
    private var scratch: [UInt8] = []
    public var record = Record()
    static let maximumDepth = 256

    public init() {}

    /// Scans `line`; afterwards ``record`` holds what it found.
    public mutating func scan(_ line: UnsafeRawBufferPointer) throws(Malformed) {
        bytes = line
        position = 0
        record.reset()
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else { throw fail("the line is not a JSON object") }
        try object(depth: 0) { scanner, key throws(Malformed) in
            switch key {
            case .word: scanner.record.word = try scanner.stringValue()
            case .languageCode: scanner.record.languageCode = try scanner.stringValue()
            case .language: scanner.record.languageName = try scanner.stringValue()
            case .forms: try scanner.forms()
            case .translations: try scanner.translations()
            default: try scanner.skipValue(depth: 1)
            }
        }
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected text after the JSON object") }
    }

    // MARK: The fields the index needs

    private mutating func forms() throws(Malformed) {
        try array(depth: 1) { scanner throws(Malformed) in
            guard scanner.peek() == UInt8(ascii: "{") else { try scanner.skipValue(depth: 2); return }
            var form: [UInt8]?
            var table = false
            try scanner.object(depth: 2) { scanner, key throws(Malformed) in
                switch key {
                case .form: form = try scanner.stringValue()
                case .tags:
                    try scanner.array(depth: 3) { scanner throws(Malformed) in
                        if let tag = try scanner.stringValue(), RecordScanner.tableTags.contains(tag) { table = true }
                    }
                default: try scanner.skipValue(depth: 3)
                }
            }
            if let form, !table, !form.isEmpty { scanner.record.forms.append(form) }
        }
    }

    private mutating func translations() throws(Malformed) {
        try array(depth: 1) { scanner throws(Malformed) in
            guard scanner.peek() == UInt8(ascii: "{") else { try scanner.skipValue(depth: 2); return }
            var word: [UInt8]?
            var code: [UInt8]?
            try scanner.object(depth: 2) { scanner, key throws(Malformed) in
                switch key {
                case .word: word = try scanner.stringValue()
                case .languageCode: code = try scanner.stringValue()
                case .code: if code == nil { code = try scanner.stringValue() } else { try scanner.skipValue(depth: 3) }
                default: try scanner.skipValue(depth: 3)
                }
            }
            if let word, let code, !word.isEmpty, !code.isEmpty { scanner.record.translations.append((word, code)) }
        }
    }

    // MARK: JSON grammar

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private func fail(_ message: String) -> Malformed { Malformed(message: message, offset: position) }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Malformed) {
        skipWhitespace()
        guard peek() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    /// The keys the scanner looks for; every other key is `.other`.
    enum Key {
        case word, languageCode, language, forms, translations, form, tags, code, other

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
            case 9: self = equals("lang_code") ? .languageCode : .other
            case 12: self = equals("translations") ? .translations : .other
            default: self = .other
            }
        }
    }

    /// Walks an object, handing each key to `member`, which must consume the value.
    private mutating func object(depth: Int, _ member: (inout RecordScanner, Key) throws(Malformed) -> Void) throws(Malformed) {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let key = try keyText()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            guard let next = peek() else { throw fail("the object is not closed") }
            position += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object") }
        }
    }

    private mutating func array(depth: Int, _ element: (inout RecordScanner) throws(Malformed) -> Void) throws(Malformed) {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else { try skipValue(depth: depth); return }
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            guard let next = peek() else { throw fail("the array is not closed") }
            position += 1
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array") }
        }
    }

    /// A key: short and almost never escaped.
    private mutating func keyText() throws(Malformed) -> Key {
        let start = position + 1
        if let raw = try skipString() { return Key(raw) }
        return decodeString(from: start).withUnsafeBytes { Key($0) }
    }

    /// A string value's bytes (escapes decoded), or nil for `null`; any other value is skipped and gives nil.
    private mutating func stringValue() throws(Malformed) -> [UInt8]? {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { try skipValue(depth: 1); return nil }
        let start = position + 1
        if let raw = try skipString() { return Array(raw) }
        return decodeString(from: start)
    }

    /// Skips a string; returns its raw bytes when it has no escapes, else nil (decode it with `decodeString`).
    private mutating func skipString() throws(Malformed) -> UnsafeRawBufferPointer? {
        position += 1
        let start = position
        var escaped = false
        let base = bytes.baseAddress!
        while position + 8 <= bytes.count {
            // Eight bytes at a time: stop at a quote, a backslash or a control character.
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            if !Self.hasSpecialByte(word) { position += 8 } else { break }
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return escaped ? nil : UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
                guard position < bytes.count else { break }
                switch bytes[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    guard position + 4 < bytes.count else { throw fail("a truncated \\u escape") }
                    for offset in 1...4 where hexValue(bytes[position + offset]) == nil { throw fail("a bad \\u escape") }
                    position += 5
                default:
                    throw fail("an unknown escape in a string")
                }
                continue
            }
            if byte < 0x20 { throw fail("a control character in a string") }
            position += 1
        }
        throw fail("a string is not closed")
    }

    /// Whether any byte of `word` is `"`, `\\` or below 0x20 (bit tricks: "has zero byte" and "has byte less than").
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let zeroQuote = (quote &- ones) & ~quote & highs
        let zeroBackslash = (backslash &- ones) & ~backslash & highs
        let control = (word &- ones &* 0x20) & ~word & highs
        return (zeroQuote | zeroBackslash | control) != 0
    }

    /// Decodes the escaped string that starts at `start` (already validated by `skipString`).
    private mutating func decodeString(from start: Int) -> [UInt8] {
        scratch.removeAll(keepingCapacity: true)
        var index = start
        var pendingHigh: UInt32?
        while bytes[index] != UInt8(ascii: "\"") {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else { scratch.append(byte); index += 1; pendingHigh = nil; continue }
            let kind = bytes[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                for offset in 0..<4 { value = value << 4 | UInt32(hexValue(bytes[index + offset]) ?? 0) }
                index += 4
                if (0xD800...0xDBFF).contains(value) { pendingHigh = value; continue }
                if (0xDC00...0xDFFF).contains(value), let high = pendingHigh {
                    value = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                }
                pendingHigh = nil
                let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                scratch.append(contentsOf: Array(String(Character(scalar)).utf8))
                continue
            default: scratch.append(kind)
            }
            pendingHigh = nil
        }
        return scratch
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Skips any value, checking it is well formed.
    private mutating func skipValue(depth: Int) throws(Malformed) {
        skipWhitespace()
        guard let byte = peek() else { throw fail("a value is missing") }
        switch byte {
        case UInt8(ascii: "\""): _ = try skipString()
        case UInt8(ascii: "{"): try object(depth: depth + 1) { scanner, _ throws(Malformed) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try array(depth: depth + 1) { scanner throws(Malformed) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw fail("a truncated literal") }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { throw fail("an unknown literal") }
        position += count
    }

    private mutating func number() throws(Malformed) {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        func digits(_ scanner: inout RecordScanner) -> Int {
            let from = scanner.position
            while let byte = scanner.peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { scanner.position += 1 }
            return scanner.position - from
        }
        guard digits(&self) > 0 else { position = start; throw fail("an unexpected character") }
        if peek() == UInt8(ascii: ".") { position += 1; guard digits(&self) > 0 else { throw fail("a bad number") } }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw fail("a bad number") }
        }
    }
}
