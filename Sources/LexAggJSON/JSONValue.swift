/// A JSON value parsed straight from bytes with the import's scanner grammar: what the offline provider reads a
/// dataset's line into, far cheaper than `JSONDecoder` (no `Data` copy, no `Decoder` machinery).
///
/// Objects keep their members in order; a repeated key answers with its last value, as a decoder does.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number's text as written (`12`, `-1.5e3`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value of one JSON text (whitespace around it allowed), or nil when it is not well-formed JSON. With
    /// `keeping`, object members whose key is not in it are checked but left out (at every depth): a reader that
    /// asks for a few keys does not pay for building the rest.
    public static func parse(_ bytes: UnsafeRawBufferPointer, keeping: Set<String>? = nil) -> JSONValue? {
        var parser = JSONValueParser(cursor: JSONCursor(bytes), keeping: keeping)
        do throws(JSONMalformed) {
            let value = try parser.value(depth: 0)
            parser.cursor.skipWhitespace()
            return parser.cursor.position == parser.cursor.count ? value : nil
        } catch {
            return nil
        }
    }

    public static func parse(_ text: String) -> JSONValue? {
        var text = text
        return text.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
    }

    /// The member `key` of an object (its last value if repeated); nil for a missing key or a value not an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    public var string: String? { if case .string(let text) = self { text } else { nil } }
    public var array: [JSONValue]? { if case .array(let items) = self { items } else { nil } }
    public var isObject: Bool { if case .object = self { true } else { false } }

    /// An array whose elements are all strings (as decoding `[String]` requires), else nil.
    public var strings: [String]? {
        guard case .array(let items) = self else { return nil }
        var result: [String] = []
        result.reserveCapacity(items.count)
        for item in items {
            guard case .string(let text) = item else { return nil }
            result.append(text)
        }
        return result
    }

    /// A number that is a whole `Int` (`2`, `2.0`, `2e0`), else nil.
    public var int: Int? {
        guard case .number(let text) = self else { return nil }
        if let value = Int(text) { return value }
        guard let value = Double(text), value.rounded() == value, abs(value) < 9e18 else { return nil }
        return Int(value)
    }
}

/// Builds ``JSONValue``s over a ``JSONCursor``.
public struct JSONValueParser {
    public var cursor: JSONCursor
    public let keeping: Set<String>?
    private let arena = ByteArena(capacity: 256)

    public init(cursor: JSONCursor, keeping: Set<String>? = nil) {
        self.cursor = cursor
        self.keeping = keeping
    }

    public mutating func value(depth: Int) throws(JSONMalformed) -> JSONValue {
        cursor.skipWhitespace()
        guard let byte = cursor.peek() else { throw cursor.fail("a value is missing") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"):
            var members: [(key: String, value: JSONValue)] = []
            guard try cursor.enterObject(depth: depth + 1) else { return .object(members) }
            repeat {
                cursor.skipWhitespace()
                guard cursor.peek() == UInt8(ascii: "\"") else { throw cursor.fail("expected a quoted key") }
                let key = try string()
                try cursor.expect(UInt8(ascii: ":"))
                if let keeping, !keeping.contains(key) {
                    try cursor.skipValue(depth: depth + 1)
                    continue
                }
                members.append((key, try value(depth: depth + 1)))
            } while try cursor.nextMember()
            return .object(members)
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            guard try cursor.enterArray(depth: depth + 1) else { return .array(items) }
            repeat { items.append(try value(depth: depth + 1)) } while try cursor.nextElement()
            return .array(items)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = cursor.position
            try cursor.skipValue(depth: depth)
            switch cursor.base[start] {
            case UInt8(ascii: "t"): return .bool(true)
            case UInt8(ascii: "f"): return .bool(false)
            default: return .null
            }
        default:
            let start = cursor.position
            try cursor.skipValue(depth: depth)
            return .number(String(decoding: UnsafeRawBufferPointer(start: cursor.base + start, count: cursor.position - start), as: UTF8.self))
        }
    }

    private mutating func string() throws(JSONMalformed) -> String {
        let start = cursor.position
        let escaped = try cursor.skipString()
        if !escaped {
            return String(decoding: UnsafeRawBufferPointer(start: cursor.base + start + 1, count: cursor.position - start - 2), as: UTF8.self)
        }
        arena.removeAll()
        let range = cursor.copyString(from: start, escaped: true, into: arena)
        return String(decoding: arena.bytes(range), as: UTF8.self)
    }
}
