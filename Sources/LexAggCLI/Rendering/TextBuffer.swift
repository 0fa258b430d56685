import LexAggCore

/// Text for people being built, as UTF-8 bytes: appending a string's bytes to an array is one copy (~150
/// instructions a piece), where `String.append` took ~330 for each of the ~350 pieces of a one-word answer
/// (callgrind, a cached lookup of "bank": 2.345 -> 2.300 million instructions).
struct TextBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: String) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// The text built (the bytes are UTF-8 by construction: only strings were appended).
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
