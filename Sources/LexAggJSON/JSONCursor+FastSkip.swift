/// The fast path of ``JSONCursor``'s skipping: a value skipped in one loop over local state, strings eight bytes at a
/// time, containers on a bit stack instead of a call per value. It accepts only what the checked path accepts; at
/// anything else (a malformed value, an unusual escape, deep nesting) it gives up, and the caller skips the value
/// again the checked way, which says what is wrong and where. wiktextract lines are ~130 strings and keys and ~50
/// containers each, most of them skipped: a call per value, its prologue and its position kept in memory, were most
/// of the scan.
extension JSONCursor {
    /// What ``scanString(_:_:from:)`` found: where the string ends (after its closing quote) and whether it has
    /// escapes, or where and what is wrong with it.
    public enum StringScan {
        case end(Int, escaped: Bool)
        case malformed(at: Int, StaticString)
    }

    /// The string whose opening quote is at `start`, eight bytes at a time up to the first quote, backslash or
    /// control character, escapes checked: the one scan of strings, for ``skipString()`` and the fast path.
    @inlinable @inline(__always)
    public static func scanString(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> StringScan {
        var position = start &+ 1
        var escaped = false
        while true {
            while position &+ 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let special = specialBytes(word)
                if special == 0 { position &+= 8; continue }
                position &+= special.trailingZeroBitCount &>> 3
                break
            }
            guard position < count else { return .malformed(at: position, "a string is not closed") }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { return .end(position &+ 1, escaped: escaped) }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position &+= 1
                guard position < count else { return .malformed(at: position, "a string is not closed") }
                switch base[position] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position &+= 1
                case UInt8(ascii: "u"):
                    guard position &+ 4 < count else { return .malformed(at: position, "a truncated \\u escape") }
                    for offset in 1...4 where hexValue(base[position &+ offset]) == nil {
                        return .malformed(at: position, "a bad \\u escape")
                    }
                    position &+= 5
                default:
                    return .malformed(at: position, "an unknown escape in a string")
                }
                continue
            }
            if byte < 0x20 { return .malformed(at: position, "a control character in a string") }
            position &+= 1
        }
    }

    /// Where the value at `start` (or after white space there) ends, skipped as ``skipValue(depth:)`` skips it; nil
    /// when the checked path must look at it.
    public static func valueEnd(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int, depth: Int) -> Int? {
        var position = start
        // Bit `level` is 1 for an object, 0 for an array; `level` containers are open.
        var objects: UInt64 = 0
        var level = 0
        @inline(__always) func skipWhitespace() {
            while position < count {
                switch base[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position &+= 1
                default: return
                }
            }
        }
        @inline(__always) func open(object: Bool) -> Bool {
            // The checked path refuses a container at `maximumDepth`; well before that, this one hands over.
            guard level < 63, depth &+ level &+ 1 < maximumDepth else { return false }
            if object { objects |= 1 &<< UInt64(level) } else { objects &= ~(1 &<< UInt64(level)) }
            level &+= 1
            position &+= 1
            return true
        }
        /// 0: a value is next; 1: a member (its key) is next; 2: a value ended.
        var state = 0
        while true {
            switch state {
            case 0:
                skipWhitespace()
                guard position < count else { return nil }
                switch base[position] {
                case UInt8(ascii: "\""):
                    guard case .end(let end, _) = scanString(base, count, from: position) else { return nil }
                    position = end
                    state = 2
                case UInt8(ascii: "{"):
                    guard open(object: true) else { return nil }
                    skipWhitespace()
                    if position < count && base[position] == UInt8(ascii: "}") {
                        position &+= 1
                        level &-= 1
                        state = 2
                    } else {
                        state = 1
                    }
                case UInt8(ascii: "["):
                    guard open(object: false) else { return nil }
                    skipWhitespace()
                    if position < count && base[position] == UInt8(ascii: "]") {
                        position &+= 1
                        level &-= 1
                        state = 2
                    }
                case UInt8(ascii: "t"):
                    guard literal(base, count, at: position, "true") else { return nil }
                    position &+= 4
                    state = 2
                case UInt8(ascii: "f"):
                    guard literal(base, count, at: position, "false") else { return nil }
                    position &+= 5
                    state = 2
                case UInt8(ascii: "n"):
                    guard literal(base, count, at: position, "null") else { return nil }
                    position &+= 4
                    state = 2
                default:
                    guard let end = numberEnd(base, count, from: position) else { return nil }
                    position = end
                    state = 2
                }
            case 1:
                skipWhitespace()
                guard position < count, base[position] == UInt8(ascii: "\""),
                      case .end(let end, _) = scanString(base, count, from: position)
                else { return nil }
                position = end
                skipWhitespace()
                guard position < count, base[position] == UInt8(ascii: ":") else { return nil }
                position &+= 1
                state = 0
            default:
                if level == 0 { return position }
                skipWhitespace()
                guard position < count else { return nil }
                let next = base[position]
                position &+= 1
                let inObject = objects & (1 &<< UInt64(level &- 1)) != 0
                if next == UInt8(ascii: ",") {
                    state = inObject ? 1 : 0
                } else if next == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    level &-= 1
                } else {
                    return nil
                }
            }
        }
    }

    @inline(__always)
    private static func literal(_ base: UnsafePointer<UInt8>, _ count: Int, at position: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard position &+ length <= count else { return false }
        for index in 0..<length where base[position &+ index] != word.utf8Start[index] { return false }
        return true
    }

    /// The end of the number at `start`, as the checked path reads numbers; nil if it is not one.
    private static func numberEnd(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int? {
        var position = start
        @inline(__always) func digits() -> Bool {
            let from = position
            while position < count, base[position] &- UInt8(ascii: "0") < 10 { position &+= 1 }
            return position != from
        }
        if base[position] == UInt8(ascii: "-") { position &+= 1 }
        let integer = position
        guard digits() else { return nil }
        guard position == integer &+ 1 || base[integer] != UInt8(ascii: "0") else { return nil }  // no leading zeros
        if position < count && base[position] == UInt8(ascii: ".") {
            position &+= 1
            guard digits() else { return nil }
        }
        if position < count && (base[position] == UInt8(ascii: "e") || base[position] == UInt8(ascii: "E")) {
            position &+= 1
            if position < count && (base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-")) { position &+= 1 }
            guard digits() else { return nil }
        }
        return position
    }
}
