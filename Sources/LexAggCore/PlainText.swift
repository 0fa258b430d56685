/// Byte tests that let most text skip Unicode property lookups, Foundation's normalisation and `Character`
/// splitting, which cost thousands of instructions a word (a 1,000-word offline Wiktionary batch spent more on them
/// than on reading its dataset's index). Whatever they do not vouch for takes the exact, slower path.
package enum PlainText {
    /// Whether `byte` is the lead byte of a scalar in U+00C0–U+02FF (Latin-1's letters, Latin Extended-A and -B,
    /// IPA, spacing modifier letters) or basic Cyrillic (U+0400–U+047F, U+04C0–U+04FF): scalars that are assigned,
    /// not white space, not control or format characters, of canonical combining class 0, their own NFC, and that
    /// neither extend nor prepend to a grapheme cluster (`PlainTextTests` checks every one of them).
    @inline(__always)
    package static func isPlainLead(_ byte: UInt8) -> Bool {
        byte &- 0xC3 < 9 || byte == 0xD0 || byte == 0xD1 || byte == 0xD3
    }

    /// Whether `scalar` is ASCII other than white space (U+0009–U+000D, U+0020) or one that ``isPlainLead(_:)``
    /// vouches for: a scalar that is certainly not Unicode `White_Space`.
    @inline(__always)
    package static func isPlainNonWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return value != 0x20 && !(0x09...0x0D).contains(value) }
        return (0xC0...0x2FF).contains(value) || (0x400...0x47F).contains(value) || (0x4C0...0x4FF).contains(value)
    }
}
