/// How many terminal columns text takes: two for the wide and full-width characters of East Asian scripts (Chinese,
/// Japanese, Korean) and for emoji, one for the others (a letter with its combining accents is one character), so
/// that tables line up whatever the words' scripts.
func displayWidth(_ text: String) -> Int {
    text.reduce(0) { width, character in width + displayWidth(character) }
}

func displayWidth(_ character: Character) -> Int {
    guard let value = character.unicodeScalars.first?.value, value >= 0x1100 else { return 1 }
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
         0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
         0x1F900...0x1F9FF, 0x20000...0x3FFFD:
        return 2
    default:
        return 1
    }
}
