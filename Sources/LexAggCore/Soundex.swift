/// The Soundex code of a word (American Soundex, as dictd's `soundex` strategy computes it): its first letter and
/// three digits for the consonant groups that follow, so that words which sound alike share a code
/// (`Robert`, `Rupert` → `R163`; `receive`, `recieve` → `R210`).
public enum Soundex {
    /// The four-character code, or `nil` when `word` has no ASCII letter. Letters outside A–Z are skipped.
    public static func code(_ word: some StringProtocol) -> String? {
        code(utf8: word.utf8)
    }

    /// ``code(_:)`` of UTF-8 bytes; bytes of non-ASCII characters are all 0x80 or above, so they are skipped like the
    /// characters.
    public static func code(utf8 bytes: some Sequence<UInt8>) -> String? {
        packed(utf8: bytes).map { packed in
            String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: packed >> (24 - 8 * $0)) }, as: UTF8.self)
        }
    }

    /// The code's four ASCII bytes in one integer (the first the highest), nil as for ``code(_:)``: scanning an index
    /// compares these, without making an array and a string for each of its headwords (a `soundex` match over
    /// every installed dictionary took six seconds).
    public static func packed(utf8 bytes: some Sequence<UInt8>) -> UInt32? {
        var code: UInt32 = 0
        var count = 0
        var last: UInt8 = 0
        for byte in bytes {
            let letter: UInt8
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): letter = byte - 32
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): letter = byte
            default: continue
            }
            let value = digit(letter)
            if count == 0 {
                code = UInt32(letter)
                count = 1
                last = value
                continue
            }
            if value != 0 && value != last {
                code = code << 8 | UInt32(UInt8(ascii: "0") + value)
                count += 1
                if count == 4 { return code }
            }
            // H and W do not separate equal codes; vowels do.
            if letter != UInt8(ascii: "H") && letter != UInt8(ascii: "W") { last = value }
        }
        guard count > 0 else { return nil }
        while count < 4 { code = code << 8 | UInt32(UInt8(ascii: "0")); count += 1 }
        return code
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
