/// The Soundex code of a word (American Soundex, as dictd's `soundex` strategy computes it): its first letter and
/// three digits for the consonant groups that follow, so that words which sound alike share a code
/// (`Robert`, `Rupert` → `R163`; `receive`, `recieve` → `R210`).
public enum Soundex {
    /// The four-character code, or `nil` when `word` has no ASCII letter. Letters outside A–Z are skipped.
    public static func code(_ word: some StringProtocol) -> String? {
        code(utf8: word.utf8)
    }

    /// ``code(_:)`` of UTF-8 bytes, without making a string (scanning an index); bytes of non-ASCII characters are
    /// all 0x80 or above, so they are skipped like the characters.
    public static func code(utf8 bytes: some Sequence<UInt8>) -> String? {
        var letters = bytes.lazy.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - 32
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte
            default: return nil
            }
        }.makeIterator()
        guard let first = letters.next() else { return nil }
        var code = [first]
        var last = digit(first)
        while code.count < 4, let letter = letters.next() {
            let value = digit(letter)
            if value != 0 && value != last { code.append(UInt8(ascii: "0") + value) }
            // H and W do not separate equal codes; vowels do.
            if letter != UInt8(ascii: "H") && letter != UInt8(ascii: "W") { last = value }
        }
        while code.count < 4 { code.append(UInt8(ascii: "0")) }
        return String(decoding: code, as: UTF8.self)
    }

    /// The Soundex digit of an upper-case letter; 0 for vowels, H, W and Y.
    private static func digit(_ letter: UInt8) -> UInt8 {
        switch letter {
        case UInt8(ascii: "B"), UInt8(ascii: "F"), UInt8(ascii: "P"), UInt8(ascii: "V"): 1
        case UInt8(ascii: "C"), UInt8(ascii: "G"), UInt8(ascii: "J"), UInt8(ascii: "K"), UInt8(ascii: "Q"),
             UInt8(ascii: "S"), UInt8(ascii: "X"), UInt8(ascii: "Z"): 2
        case UInt8(ascii: "D"), UInt8(ascii: "T"): 3
        case UInt8(ascii: "L"): 4
        case UInt8(ascii: "M"), UInt8(ascii: "N"): 5
        case UInt8(ascii: "R"): 6
        default: 0
        }
    }
}
