#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// A JSON value being built by ``FastJSONEncoder``.
///
/// Codable never says when a container is finished, so, as Foundation's encoder does, values are collected in a
/// tree first and written out at the end (objects are written with sorted keys, which needs all of an object's
/// keys). Unlike Foundation's, the tree keeps an object's members in arrays, not a dictionary, and scalars as the
/// bytes they are written as.
enum JSONTreeValue {
    /// A number, `true`, `false` or `null`: written as it is.
    case literal(String)
    case string(String)
    case array(JSONArrayNode)
    case object(JSONObjectNode)
    /// An entry, written by ``JSONTreeWriter/write(entry:depth:)`` straight from its fields (its `Codable`
    /// conformance, through containers and a tree, was most of an offline answer's rendering).
    case entry(Entry)
}

final class JSONArrayNode {
    var values: [JSONTreeValue] = []
}

final class JSONObjectNode {
    var keys: [String] = []
    var values: [JSONTreeValue] = []

    /// Sets `key` (a key encoded twice keeps its last value, as Foundation's encoder does).
    func set(_ key: String, _ value: JSONTreeValue) {
        if let index = keys.lastIndex(of: key) {
            values[index] = value
        } else {
            keys.append(key)
            values.append(value)
        }
    }

    /// The node already stored under `key`, for a nested container asked for twice.
    func node(_ key: String) -> JSONTreeValue? {
        keys.lastIndex(of: key).map { values[$0] }
    }
}

/// Writes a ``JSONTreeValue`` in exactly the bytes Foundation's `JSONEncoder` writes with `.sortedKeys` and
/// `.withoutEscapingSlashes` (and `.prettyPrinted` when asked): keys in UTF-8 byte order, `\b \t \n \f \r` and
/// `\u00XX` (lower-case hex) for the other control characters, everything else (including `/`, DEL and non-ASCII)
/// as it is; pretty output indents by two spaces and writes `"key" : value`.
struct JSONTreeWriter: ~Copyable {
    let pretty: Bool
    /// False: objects' members in the order they were encoded.
    let sortedKeys: Bool
    var bytes: JSONBytes
    /// The date last written by ``write(entry:depth:)`` and its text: an answer's provenances share one date.
    var lastDate: Date?
    var lastDateText = ""
    /// The provenance object last written by ``write(entry:depth:)``, its depth and where its bytes are.
    var lastProvenance: (provenance: Provenance, depth: Int, start: Int, end: Int)?

    init(pretty: Bool, sortedKeys: Bool = true, capacity: Int = 1024) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
        bytes = JSONBytes(capacity: capacity)
    }

    /// What was written.
    consuming func finish() -> [UInt8] {
        bytes.array
    }

    mutating func write(_ value: JSONTreeValue, depth: Int = 0) {
        switch value {
        case .literal(let text):
            bytes.append(utf8: text)
        case .string(let text):
            writeString(text)
        case .array(let node):
            var items = open(UInt8(ascii: "["))
            for value in node.values {
                element(&items, depth)
                write(value, depth: depth + 1)
            }
            close(UInt8(ascii: "]"), depth: depth)
        case .entry(let entry):
            write(entry: entry, depth: depth)
        case .object(let node):
            var members = open(UInt8(ascii: "{"))
            for index in sortedKeys ? sortedOrder(of: node.keys) : Array(node.keys.indices) {
                element(&members, depth)
                writeString(node.keys[index])
                colon()
                write(node.values[index], depth: depth + 1)
            }
            close(UInt8(ascii: "}"), depth: depth)
        }
    }

    /// The key orders met so far, by number of keys: objects of one type list the same keys in the same order, so
    /// an answer's hundreds of senses are sorted once.
    private var orders: [[(keys: [String], order: [Int])]] = []

    /// The indices of `keys` in UTF-8 byte order of the keys.
    private mutating func sortedOrder(of keys: [String]) -> [Int] {
        let count = keys.count
        if count < 2 { return Array(keys.indices) }
        if count < 64 {
            if orders.count <= count { orders += Array(repeating: [], count: count + 1 - orders.count) }
            for cached in orders[count] where cached.keys == keys { return cached.order }
        }
        let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
        if count < 64 && orders[count].count < 8 { orders[count].append((keys, order)) }
        return order
    }

    /// Opens an object or array; the count of its members so far, for ``element(_:_:)``.
    mutating func open(_ bracket: UInt8) -> Int {
        bytes.append(bracket)
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        return 0
    }

    /// The separator and indentation before the next element of a container at `depth`.
    mutating func element(_ count: inout Int, _ depth: Int) {
        if count > 0 { separator() }
        count += 1
        indent(depth + 1)
    }

    /// Between a member's key and its value: `:`, or ` : ` when pretty (as Foundation writes it).
    mutating func colon() {
        if pretty {
            bytes.append(contentsOf: " : ")
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    private mutating func separator() {
        bytes.append(UInt8(ascii: ","))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
    }

    private mutating func indent(_ depth: Int) {
        guard pretty else { return }
        bytes.append(UInt8(ascii: " "), times: 2 * depth)
    }

    /// Foundation writes an empty container as `[`, a line break, then the closing line: `[\n\n]` when pretty.
    mutating func close(_ bracket: UInt8, depth: Int) {
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            indent(depth)
        }
        bytes.append(bracket)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A high bit in each byte of `word` that may need an escape: `"`, `\` or below 0x20 (the lowest flagged byte is
    /// exact; bits above it may be false alarms). The reading side's scan uses the same test.
    @inline(__always)
    private static func mayNeedEscape(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
        return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)) & (ones &* 0x80)
    }

    /// `text` as a JSON string, copied eight bytes at a time up to each byte that needs an escape (an offline
    /// Wiktionary batch writes megabytes of text; a byte at a time, this was 4 % of it).
    mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8Bytes { writeEscaped($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The UTF-8 `utf8` escaped as the inside of a JSON string.
    private mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let count = utf8.count
        var start = 0
        var position = 0
        while position < count {
            while position &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let flagged = Self.mayNeedEscape(word)
                if flagged == 0 { position &+= 8; continue }
                position &+= flagged.trailingZeroBitCount &>> 3
                break
            }
            guard position < count else { break }
            let byte = base[position]
            position &+= 1
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: position - 1 - start))
            start = position
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            default:
                bytes.append(contentsOf: "u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
    }
}

/// Numbers and dates as Foundation's `JSONEncoder` writes them.
enum JSONLiteral {
    /// Swift's shortest round-trip form without a trailing `.0` (`1`, `0.1`, `1e+16`, `2.5e-05`, `-0`).
    static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) throws -> String {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON.")
            )
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `.iso8601`: `2026-11-23T00:20:44Z`, whole seconds (a fraction is dropped), UTC.
    static func iso8601(_ date: Date) -> String {
        CivilDate(date).iso8601
    }
}
