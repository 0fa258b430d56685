/// Collapses white space, tidies punctuation left behind by removed markup, and removes any markup the
/// renderer could not interpret, so output never contains `{{`, `}}`, `[[`, `]]`, `'''` or HTML tags.
enum TextCleaner {
    static func clean(_ input: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var pendingSpace = false
        var index = 0
        let count = input.count
        while index < count {
            var byte = input[index]
            // Non-breaking space (U+00A0) counts as a space.
            if byte == 0xC2, index + 1 < count, input[index + 1] == 0xA0 {
                byte = Ascii.space
                index += 1
            }
            if Ascii.isSpace(byte) {
                pendingSpace = !output.isEmpty
                index += 1
                continue
            }
            // Stray markup pairs and runs of apostrophes.
            if (byte == Ascii.openBrace || byte == Ascii.closeBrace || byte == Ascii.openBracket
                || byte == Ascii.closeBracket), index + 1 < count, input[index + 1] == byte
            {
                index += 2
                continue
            }
            if byte == Ascii.apostrophe, index + 1 < count, input[index + 1] == Ascii.apostrophe {
                while index < count, input[index] == Ascii.apostrophe { index += 1 }
                continue
            }
            if byte == Ascii.lessThan, let end = tagEnd(input, at: index) {
                index = end
                continue
            }
            // No space before closing punctuation, none after an opening parenthesis.
            let closing = byte == Ascii.comma || byte == Ascii.period || byte == Ascii.semicolon
                || byte == Ascii.closeParen || byte == Ascii.colon || byte == 0x21 || byte == 0x3F
            if pendingSpace, !closing, output.last != Ascii.openParen { output.append(Ascii.space) }
            pendingSpace = false
            // An empty pair of parentheses (all of whose content vanished) goes.
            if byte == Ascii.closeParen, output.last == Ascii.openParen {
                output.removeLast()
                while output.last == Ascii.space { output.removeLast() }
                index += 1
                continue
            }
            output.append(byte)
            index += 1
        }
        // Trailing separators left behind by a vanished ending ("foo, " → "foo").
        while let last = output.last, last == Ascii.comma || last == Ascii.semicolon || last == Ascii.space {
            output.removeLast()
        }
        var start = 0
        while start < output.count, output[start] == Ascii.comma || output[start] == Ascii.semicolon
            || output[start] == Ascii.space
        {
            start += 1
        }
        return String(decoding: output[start...], as: UTF8.self)
    }

    private static func tagEnd(_ input: [UInt8], at index: Int) -> Int? {
        var cursor = index + 1
        if cursor < input.count, input[cursor] == Ascii.slash { cursor += 1 }
        let nameStart = cursor
        while cursor < input.count, Ascii.isLetter(input[cursor]) { cursor += 1 }
        guard cursor > nameStart, cursor < input.count else { return nil }
        if input[cursor] == Ascii.greaterThan { return cursor + 1 }
        guard input[cursor] == Ascii.space || input[cursor] == Ascii.slash else { return nil }
        while cursor < input.count, cursor - index < 400, input[cursor] != Ascii.lessThan {
            if input[cursor] == Ascii.greaterThan { return cursor + 1 }
            cursor += 1
        }
        return nil
    }
}

/// HTML character references.
enum Entities {
    static func decode(_ bytes: [UInt8], at index: Int, limit: Int) -> ([UInt8], Int)? {
        var cursor = index + 1
        let upper = min(limit, index + 12)
        while cursor < upper, bytes[cursor] != Ascii.semicolon {
            let byte = bytes[cursor]
            guard Ascii.isAlphanumeric(byte) || byte == Ascii.hash else { return nil }
            cursor += 1
        }
        guard cursor < upper, cursor > index + 1 else { return nil }
        let name = String(decoding: bytes[(index + 1)..<cursor], as: UTF8.self)
        let end = cursor + 1
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") || digits.hasPrefix("X") {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits)
            }
            guard let value, let scalar = Unicode.Scalar(value), value >= 0x20 || value == 0x0A else { return nil }
            return (Array(String(Character(scalar)).utf8), end)
        }
        guard let text = named[name] else { return nil }
        return (Array(text.utf8), end)
    }

    static let named: [String: String] = [
        "nbsp": " ", "ensp": " ", "emsp": " ", "thinsp": " ", "amp": "&", "lt": "<", "gt": ">", "quot": "\"",
        "apos": "'", "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "laquo": "«", "raquo": "»", "middot": "·", "times": "×", "deg": "°", "minus": "−",
        "shy": "", "zwj": "\u{200D}", "zwnj": "\u{200C}", "copy": "©", "reg": "®", "sect": "§", "para": "¶",
        "eacute": "é", "egrave": "è", "aacute": "á", "agrave": "à", "uuml": "ü", "ouml": "ö", "auml": "ä",
        "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "oelig": "œ", "aelig": "æ", "prime": "′", "Prime": "″",
    ]
}
