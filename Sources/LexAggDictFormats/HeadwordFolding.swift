/// How a dictd index is ordered, and so how headwords and queries are folded before comparing.
///
/// dictd (index.c) knows three orders, and `dictfmt` writes indexes to match:
/// - `utf8`: the index holds headwords already folded (lower-case, only letters, digits and spaces) and
///   sorted by bytes; the query is folded the same way (`tolower_alnumspace_utf8`).
/// - `allchars`: headwords are lower-cased but keep punctuation; sorted by bytes (WordNet's index).
/// - `legacy`: headwords are stored as written, sorted like `sort -df` (ignore all but letters, digits and
///   blanks; fold case); both sides are folded while comparing (`compare_alnumspace`, GCIDE's index).
///
/// A database declares the first two with `00-database-utf8` / `00-database-allchars` entries
/// (`00databaseutf8`, `00databaseallchars` once dictfmt has folded them).
package enum IndexOrder: String, Sendable {
    case utf8
    case allchars
    case legacy

    /// The key that index entries are compared by, for a user's query.
    package func foldQuery(_ text: String) -> [UInt8] {
        switch self {
        case .allchars:
            return Array(Self.fold(text, keepAll: true).utf8)
        case .utf8:
            return Array(Self.fold(text, keepAll: false).utf8)
        case .legacy:
            return Self.foldLegacy(Array(text.utf8)[...])
        }
    }

    /// The key of an index headword (its raw bytes as stored).
    package func foldHeadword(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        switch self {
        case .allchars, .utf8: Array(bytes)
        case .legacy: Self.foldLegacy(bytes)
        }
    }

    /// dictd's `tolower_alnumspace_utf8`: white space becomes a space, letters and digits are lower-cased,
    /// everything else is dropped (unless `keepAll`, dictd's allchars mode).
    package static func fold(_ text: String, keepAll: Bool) -> String {
        // ASCII (nearly every query, and every probe of WordNet's morphology) byte by byte: looking up Unicode
        // properties a scalar at a time was 5 % of a 1,000-word batch. `DictIndexTests` compares the two.
        var text = text
        if let folded = text.withUTF8({ foldASCII($0, keepAll: keepAll) }) { return folded }
        return foldScalars(text, keepAll: keepAll)
    }

    /// ``fold(_:keepAll:)`` of ASCII text, or nil when `utf8` has a byte that is not ASCII. In ASCII, white space
    /// (Unicode's White_Space) is tab to carriage return and space, letters are A–Z and a–z, numbers 0–9.
    static func foldASCII(_ utf8: UnsafeBufferPointer<UInt8>, keepAll: Bool) -> String? {
        for byte in utf8 where byte >= 0x80 { return nil }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            var count = 0
            for byte in utf8 {
                switch byte {
                case 0x09...0x0D, UInt8(ascii: " "): buffer[count] = UInt8(ascii: " ")
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): buffer[count] = byte + 32
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): buffer[count] = byte
                default:
                    guard keepAll else { continue }
                    buffer[count] = byte
                }
                count += 1
            }
            return count
        }
    }

    /// ``fold(_:keepAll:)`` a scalar at a time, by Unicode's properties.
    package static func foldScalars(_ text: String, keepAll: Bool) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.isWhitespace {
                result.append(" ")
            } else if keepAll || properties.isAlphabetic || properties.numericType != nil {
                result.append(simpleLowercase(scalar))
            }
        }
        return String(result)
    }

    /// Whether `headword`, which an index found for `query`, writes the punctuation between the query's letters as
    /// the query does: dictd's `utf8` and `legacy` orders set punctuation aside, so `c#at` finds *cat* and `U.S.`
    /// finds *Us* — another word. Hyphens may be left out (`tomorrow` is GCIDE's *To-morrow*), punctuation at either
    /// end too (`and a half`, FreeDict's *… and a half*; `Mr`, *Mr.*), and the periods of an abbreviation in capitals
    /// (`U.S.`, *U. S.*, *US*); case and letters are the index's to compare.
    package static func punctuationAgrees(_ query: String, _ headword: String) -> Bool {
        // Most words are ASCII letters and digits alone, on both sides: nothing to compare. (The shapes' Character
        // properties cost WordNet's 1,000-word batch 25 M instructions, a fifth of it.)
        func isPlain(_ text: String) -> Bool {
            text.utf8.allSatisfy { ($0 | 0x20) &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10 }
        }
        if isPlain(query) && isPlain(headword) { return true }
        let (asked, found) = (punctuationShape(query), punctuationShape(headword))
        if asked == found { return true }
        func capitals(_ text: String) -> Bool { !text.contains { $0.isLetter && !$0.isUppercase } }
        return asked.filter { $0 != "." } == found.filter { $0 != "." } && capitals(query) && capitals(headword)
    }

    /// `text` with every letter and digit as `a`, white space as one space (none beside other punctuation), hyphens
    /// left out, typographic apostrophes straight, and the periods, ellipses, quotation and exclamation marks at
    /// either end dropped: `U. S.` → `a.a`, `c#at` → `a#aa`, `O’Neill` → `a'aaaaa`.
    static func punctuationShape(_ text: String) -> String {
        var shape = ""
        var space = false
        for character in text {
            if character.isLetter || character.isNumber {
                if space, shape.last == "a" { shape.append(" ") }
                shape.append("a")
                space = false
            } else if character.isWhitespace {
                space = true
            } else if character != "-" && character != "\u{2010}" {
                shape.append(character == "\u{2019}" || character == "\u{2018}" || character == "\u{2BC}" ? "'" : character)
                space = false
            }
        }
        while let first = shape.first, shapeEdges.contains(first) { shape.removeFirst() }
        while let last = shape.last, shapeEdges.contains(last) { shape.removeLast() }
        return shape
    }

    /// The marks ``punctuationShape(_:)`` drops at either end.
    private static let shapeEdges: Set<Character> = [".", "\u{2026}", "\"", "'", "\u{201C}", "\u{201D}", "\u{201E}", "!", "?"]

    /// The one-to-one lower-case mapping (like C's `towlower`), or the scalar itself.
    static func simpleLowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.properties.changesWhenLowercased else { return scalar }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first! : scalar
    }

    /// dictd's 8-bit `compare_alnumspace` key: ASCII letters and digits lower-cased, ASCII white space kept,
    /// every other byte skipped.
    package static func foldLegacy(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var key: [UInt8] = []
        key.reserveCapacity(bytes.count)
        for byte in bytes {
            if let kept = legacyKeyByte(byte) { key.append(kept) }
        }
        return key
    }

    /// What the legacy key keeps of `byte`: letters lower-cased, digits, white space as a space; nil for the rest.
    @inline(__always)
    static func legacyKeyByte(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): byte
        case UInt8(ascii: " "), 0x0B, 0x0C, 0x0D: UInt8(ascii: " ")
        default: nil
        }
    }

    /// The length of `foldLegacy(bytes)` and its ``EditDistance/presence(_:)``, without making it: the scan for close
    /// spellings rules most headwords out with these alone.
    package static func legacyKeyShape(_ bytes: UnsafeRawBufferPointer) -> (count: Int, presence: UInt64) {
        var count = 0
        var presence: UInt64 = 0
        for byte in bytes {
            guard let kept = legacyKeyByte(byte) else { continue }
            count += 1
            presence |= 1 << UInt64(kept & 63)
        }
        return (count, presence)
    }
}

/// dictd's base64 numbers: digits `A–Z a–z 0–9 + /`, most significant first.
package enum DictBase64 {
    package static func decode(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 10 else { return nil }
        var value = 0
        for byte in bytes {
            let digit: Int
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit = Int(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): digit = Int(byte - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): digit = 62
            case UInt8(ascii: "/"): digit = 63
            default: return nil
            }
            value = value * 64 + digit
        }
        return value
    }
}
