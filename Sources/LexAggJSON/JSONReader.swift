#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pull reader over one JSON text's bytes, for a decoder that builds its own values as it walks (the offline
/// provider's records) instead of a ``JSONValue`` tree first: keys are looked at as raw bytes, strings become
/// `String`s only when asked for, and everything else is skipped — checked, as ``JSONValue/parse(_:keeping:)``
/// checks it, so a line is accepted or refused exactly as that parser would.
///
/// Nesting is counted as ``JSONValueParser`` counts it: a container read or skipped inside `n` containers is at
/// depth `n + 1`, up to ``JSONCursor/maximumDepth``.
public struct JSONReader {
    public typealias Malformed = JSONMalformed

    public enum Kind { case object, array, string, other }

    private var cursor: JSONCursor
    private var depth = 0
    /// The decoded text of an escaped key or string, valid until the next one.
    private let arena = ByteArena(capacity: 256)

    public init(_ bytes: UnsafeRawBufferPointer) {
        cursor = JSONCursor(bytes)
    }

    /// The kind of the value at the cursor (after white space).
    public mutating func kind() -> Kind {
        cursor.skipWhitespace()
        switch cursor.peek() {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        default: return .other
        }
    }

    /// Enters the object at the cursor (``kind()`` must be `.object`); false when it is empty (and consumed).
    public mutating func enterObject() throws(Malformed) -> Bool {
        depth += 1
        guard try cursor.enterObject(depth: depth) else { depth -= 1; return false }
        return true
    }

    /// A member's key, raw (decoded if it had escapes); valid until the next key or string is read. The cursor then
    /// stands at the member's value, which the caller reads or skips.
    public mutating func key() throws(Malformed) -> UnsafeRawBufferPointer {
        let (start, raw) = try cursor.memberKey()
        if let raw { return raw }
        arena.removeAll()
        return arena.bytes(cursor.copyString(from: start, escaped: true, into: arena))
    }

    /// After a member's value: true when another member follows, false at the object's end (then left).
    public mutating func nextMember() throws(Malformed) -> Bool {
        if try cursor.nextMember() { return true }
        depth -= 1
        return false
    }

    /// Enters the array at the cursor; false when it is empty (consumed) or is not an array (then skipped).
    public mutating func enterArray() throws(Malformed) -> Bool {
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: "[") else { try skip(); return false }
        depth += 1
        guard try cursor.enterArray(depth: depth) else { depth -= 1; return false }
        return true
    }

    /// After an element: true when another follows, false at the array's end (then left).
    public mutating func nextElement() throws(Malformed) -> Bool {
        if try cursor.nextElement() { return true }
        depth -= 1
        return false
    }

    /// The string at the cursor; any other value is skipped and gives nil.
    public mutating func string() throws(Malformed) -> String? {
        try stringBytes().map { String(decoding: $0, as: UTF8.self) }
    }

    /// The string at the cursor as UTF-8, its escapes decoded, valid until the next key or string is read (for a
    /// reader that compares it before making it a `String`, if at all); any other value is skipped and gives nil.
    public mutating func stringBytes() throws(Malformed) -> UnsafeRawBufferPointer? {
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: "\"") else { try skip(); return nil }
        let start = cursor.position
        let escaped = try cursor.skipString()
        return contents(from: start, to: cursor.position, escaped: escaped)
    }

    /// The contents of the string literal at `start..<end` (quotes included), its escapes decoded into the arena when
    /// it has any; valid until the next key or string is read.
    @inline(__always)
    private func contents(from start: Int, to end: Int, escaped: Bool) -> UnsafeRawBufferPointer {
        if !escaped { return UnsafeRawBufferPointer(start: cursor.base + start + 1, count: end - start - 2) }
        arena.removeAll()
        return arena.bytes(cursor.copyString(from: start, escaped: true, into: arena))
    }

    /// The last element of the array at the cursor when every element is a string, made a `String` (the others are
    /// checked and skipped, never built); nil when the array is empty or holds anything else, and for any other value
    /// (skipped).
    public mutating func lastString() throws(Malformed) -> String? {
        try lastStringAndCount().last
    }

    /// ``lastString()``, and how many strings the array holds (0 unless every element is one).
    public mutating func lastStringAndCount() throws(Malformed) -> (last: String?, count: Int) {
        guard try enterArray() else { return (nil, 0) }
        var last: (start: Int, end: Int, escaped: Bool)?
        var all = true
        var count = 0
        repeat {
            cursor.skipWhitespace()
            if all, cursor.peek() == UInt8(ascii: "\"") {
                let start = cursor.position
                let escaped = try cursor.skipString()
                last = (start, cursor.position, escaped)
                count += 1
            } else {
                all = false
                try skip()
            }
        } while try nextElement()
        guard all, let last else { return (nil, 0) }
        return (String(decoding: contents(from: last.start, to: last.end, escaped: last.escaped), as: UTF8.self), count)
    }

    /// The number at the cursor as it is written; any other value is skipped and gives nil.
    public mutating func number() throws(Malformed) -> String? {
        cursor.skipWhitespace()
        guard let byte = cursor.peek(), byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else {
            try skip()
            return nil
        }
        let start = cursor.position
        try cursor.skipValue(depth: depth)
        return String(decoding: UnsafeRawBufferPointer(start: cursor.base + start, count: cursor.position - start), as: UTF8.self)
    }

    /// Whether the value at the cursor is `null` (then read); any other value is left where it is.
    public mutating func null() throws(Malformed) -> Bool {
        cursor.skipWhitespace()
        guard cursor.peek() == UInt8(ascii: "n") else { return false }
        try cursor.skipValue(depth: depth)
        return true
    }

    /// Skips the value at the cursor, checking it.
    public mutating func skip() throws(Malformed) {
        try cursor.skipValue(depth: depth)
    }

    /// Whether nothing but white space is left.
    public mutating func atEnd() -> Bool {
        cursor.skipWhitespace()
        return cursor.position == cursor.count
    }

    /// Whether raw key bytes are `name`.
    @inlinable @inline(__always)
    public static func equals(_ raw: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        raw.count == name.utf8CodeUnitCount && (raw.count == 0 || memcmp(raw.baseAddress!, name.utf8Start, raw.count) == 0)
    }
}
