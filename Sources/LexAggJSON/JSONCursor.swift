#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a JSON text was refused, and the byte offset where.
public struct JSONMalformed: Error {
    public var message: String
    public var offset: Int

    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }
}

/// The JSON grammar over the bytes of one line, for ``RecordScanner``: whitespace, strings (checked, and decoded
/// into a ``ByteArena`` only when asked), and a validating skip of any value that builds nothing. Loops run over a
/// raw pointer with the position in a local struct, so the hot paths have no allocation, reference counting or
/// exclusivity checks; a value nested in a skipped one costs one call per container, not per member.
public struct JSONCursor {
    public let base: UnsafePointer<UInt8>
    public let count: Int
    public var position = 0
    /// Whether skipping tries the one-loop fast path first (JSONCursor+FastSkip.swift); tests turn it off to compare.
    public var fastSkips = true

    public static let maximumDepth = 256

    public init(_ line: UnsafeRawBufferPointer) {
        // An empty buffer may have no address; any valid one will do, as nothing is read past `count`.
        base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? JSONCursor.empty
        count = line.count
    }

    nonisolated(unsafe) private static let empty = UnsafePointer<UInt8>(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))

    @inlinable
    @inline(__always) public func peek() -> UInt8? { position < count ? base[position] : nil }

    @inlinable
    public func fail(_ message: String) -> JSONMalformed { JSONMalformed(message: message, offset: position) }

    @inlinable
    @inline(__always) public mutating func skipWhitespace() {
        while position < count {
            switch base[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    @inlinable
    public mutating func expect(_ byte: UInt8) throws(JSONMalformed) {
        skipWhitespace()
        guard peek() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    // MARK: Strings

    /// Skips the string that starts at `position` (its opening quote), checking its escapes; returns whether it has
    /// any (then its text needs ``decodeString(from:into:)``; else it is `base[start..<position - 1]` as it is).
    @inlinable
    public mutating func skipString() throws(JSONMalformed) -> Bool {
        switch Self.scanString(base, count, from: position) {
        case .end(let end, let escaped):
            position = end
            return escaped
        case .malformed(let at, let problem):
            position = at
            throw fail(problem.description)
        }
    }

    /// A high bit in each byte of `word` that is `"`, `\` or below 0x20 ("has zero byte" and "has byte less than"
    /// bit tricks). Bits above the lowest one may be false alarms; the lowest is exact.
    @inline(__always)
    @inlinable
    public static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs
    }

    /// Appends the text of the string whose opening quote is at `start`, escapes decoded, to `arena`; returns its
    /// range there. The string was checked by ``skipString()``.
    public func copyString(from start: Int, escaped: Bool, into arena: ByteArena) -> Range<Int> {
        let from = arena.used
        if !escaped {
            arena.append(UnsafeRawPointer(base + start + 1), count: position - start - 2)
            return from..<arena.used
        }
        var index = start + 1
        // A high surrogate waits for the low one that completes it; alone, it is dropped.
        var pendingHigh: UInt32?
        while base[index] != UInt8(ascii: "\"") {
            let byte = base[index]
            guard byte == UInt8(ascii: "\\") else { arena.append(byte); index += 1; pendingHigh = nil; continue }
            let kind = base[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): arena.append(0x08)
            case UInt8(ascii: "f"): arena.append(0x0C)
            case UInt8(ascii: "n"): arena.append(0x0A)
            case UInt8(ascii: "r"): arena.append(0x0D)
            case UInt8(ascii: "t"): arena.append(0x09)
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                for offset in 0..<4 { value = value << 4 | UInt32(Self.hexValue(base[index + offset]) ?? 0) }
                index += 4
                if (0xD800...0xDBFF).contains(value) { pendingHigh = value; continue }
                if (0xDC00...0xDFFF).contains(value), let high = pendingHigh {
                    value = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                }
                pendingHigh = nil
                arena.append(scalar: Unicode.Scalar(value) ?? "\u{FFFD}")
                continue
            default: arena.append(kind)
            }
            pendingHigh = nil
        }
        return from..<arena.used
    }

    @inline(__always)
    @inlinable
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Walking the containers a caller reads

    /// Enters the object at `position` (after whitespace); false when it is empty (and consumed).
    @inlinable
    public mutating func enterObject(depth: Int) throws(JSONMalformed) -> Bool {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return false }
        return true
    }

    /// Reads a member's key and its colon, and stops at the value; returns the key's raw text, or nil when it has
    /// escapes (then it starts at `start`, for ``copyString(from:escaped:into:)``).
    @inlinable
    public mutating func memberKey() throws(JSONMalformed) -> (start: Int, raw: UnsafeRawBufferPointer?) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
        let start = position
        let escaped = try skipString()
        let raw = escaped ? nil : UnsafeRawBufferPointer(start: base + start + 1, count: position - start - 2)
        if position < count && base[position] == UInt8(ascii: ":") { position += 1 } else { try expect(UInt8(ascii: ":")) }
        skipWhitespace()
        return (start, raw)
    }

    /// After a member's value: true when another member follows, false at the object's end (both consumed).
    @inlinable
    public mutating func nextMember() throws(JSONMalformed) -> Bool {
        skipWhitespace()
        guard position < count else { throw fail("the object is not closed") }
        let next = base[position]
        position += 1
        if next == UInt8(ascii: "}") { return false }
        guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object") }
        return true
    }

    /// Enters the array at `position`; false when it is empty (consumed) or is not an array (then skipped).
    @inlinable
    public mutating func enterArray(depth: Int) throws(JSONMalformed) -> Bool {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else { try skipValue(depth: depth); return false }
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return false }
        return true
    }

    /// After an element: true when another follows (and stops at it), false at the array's end (consumed).
    @inlinable
    public mutating func nextElement() throws(JSONMalformed) -> Bool {
        skipWhitespace()
        guard position < count else { throw fail("the array is not closed") }
        let next = base[position]
        position += 1
        if next == UInt8(ascii: "]") { return false }
        guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array") }
        skipWhitespace()
        return true
    }

    // MARK: Skipping values

    /// Skips any value, checking it is well formed; `depth` is the nesting of the value (containers inside it
    /// count one more each, up to ``maximumDepth``).
    @inlinable
    public mutating func skipValue(depth: Int) throws(JSONMalformed) {
        if fastSkips, let end = Self.valueEnd(base, count, from: position, depth: depth) {
            position = end
            return
        }
        try checkValue(depth: depth)
    }

    /// ``skipValue(depth:)`` step by step, saying what is wrong.
    @usableFromInline
    mutating func checkValue(depth: Int) throws(JSONMalformed) {
        skipWhitespace()
        guard position < count else { throw fail("a value is missing") }
        switch base[position] {
        case UInt8(ascii: "\""): _ = try skipString()
        case UInt8(ascii: "{"): try skipObject(depth: depth + 1)
        case UInt8(ascii: "["): try skipArray(depth: depth + 1)
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    /// Skips the object at `position` (its `{`).
    private mutating func skipObject(depth: Int) throws(JSONMalformed) {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            _ = try skipString()
            try expect(UInt8(ascii: ":"))
            try skipValue(depth: depth)
            skipWhitespace()
            guard position < count else { throw fail("the object is not closed") }
            let next = base[position]
            position += 1
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}' in an object") }
        }
    }

    /// Skips the array at `position` (its `[`).
    private mutating func skipArray(depth: Int) throws(JSONMalformed) {
        guard depth < Self.maximumDepth else { throw fail("nested more than \(Self.maximumDepth) levels deep") }
        position += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return }
        while true {
            try skipValue(depth: depth)
            skipWhitespace()
            guard position < count else { throw fail("the array is not closed") }
            let next = base[position]
            position += 1
            if next == UInt8(ascii: "]") { return }
            guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']' in an array") }
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONMalformed) {
        let length = word.utf8CodeUnitCount
        guard position + length <= count else { throw fail("a truncated literal") }
        guard memcmp(base + position, word.utf8Start, length) == 0 else { throw fail("an unknown literal") }
        position += length
    }

    private mutating func number() throws(JSONMalformed) {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integer = position
        let count = digits()
        guard count > 0 else { position = start; throw fail("an unexpected character") }
        // JSON writes no leading zeros: `0`, `0.5`, but not `01`.
        guard count == 1 || base[integer] != UInt8(ascii: "0") else { position = integer; throw fail("a number with a leading zero") }
        if peek() == UInt8(ascii: ".") { position += 1; guard digits() > 0 else { throw fail("a bad number") } }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail("a bad number") }
        }
    }

    private mutating func digits() -> Int {
        let from = position
        while position < count, base[position] >= UInt8(ascii: "0"), base[position] <= UInt8(ascii: "9") { position += 1 }
        return position - from
    }
}

/// A growable byte buffer reused from line to line: the decoded strings of one record.
public final class ByteArena {
    // Other modules go through `base` and `count`, computed: a class's stored property accessed from another module is
    // checked for exclusive access at run time (`@exclusivity(unchecked)` does not travel), which cost the import 3 %
    // of its instructions. This module uses the storage itself.
    @exclusivity(unchecked) @usableFromInline private(set) var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var capacity: Int
    @exclusivity(unchecked) var used = 0

    /// The start of the bytes, valid until the arena next grows.
    public var base: UnsafeMutablePointer<UInt8> { storage }

    /// How many bytes it holds; set it lower to drop the last ones, or higher after writing past it (after ``reserve(_:)``).
    public var count: Int {
        get { used }
        set { used = newValue }
    }

    public init(capacity: Int = 4096) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    public func removeAll() { used = 0 }

    /// The bytes of `range`, valid until the arena next grows or is cleared.
    @inlinable
    public func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + range.lowerBound, count: range.count)
    }

    @inline(__always) public func append(_ byte: UInt8) {
        if used == capacity { grow(to: used + 1) }
        storage[used] = byte
        used += 1
    }

    public func append(_ bytes: UnsafeRawPointer, count length: Int) {
        if used + length > capacity { grow(to: used + length) }
        UnsafeMutableRawPointer(storage + used).copyMemory(from: bytes, byteCount: length)
        used += length
    }

    /// Makes room for `extra` more bytes past `count`.
    public func reserve(_ extra: Int) {
        if used + extra > capacity { grow(to: used + extra) }
    }

    public func append(scalar: Unicode.Scalar) {
        for byte in UTF8.encode(scalar)! { append(byte) }
    }

    private func grow(to needed: Int) {
        var bigger = capacity * 2
        while bigger < needed { bigger *= 2 }
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        new.update(from: storage, count: used)
        storage.deallocate()
        storage = new
        capacity = bigger
    }
}
