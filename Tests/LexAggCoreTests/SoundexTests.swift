import LexAggCore
import Testing

/// American Soundex as dictd computes it, from the packed code a scan compares as from the string.
@Suite struct SoundexTests {
    @Test(arguments: [
        ("Robert", "R163"), ("Rupert", "R163"), ("Rubin", "R150"), ("Ashcraft", "A261"), ("Ashcroft", "A261"),
        ("Tymczak", "T522"), ("Pfister", "P236"), ("Honeyman", "H555"), ("receive", "R210"), ("recieve", "R210"),
        ("a", "A000"), ("Lee", "L000"), ("Gutierrez", "G362"), ("Jackson", "J250"), ("hous", "H200"), ("house", "H200"),
        ("Müller", "M460"), ("O'Hara", "O600"),
    ])
    func codes(word: String, code: String) {
        #expect(Soundex.code(word) == code)
        let bytes = Array(code.utf8).map(UInt32.init)
        #expect(Soundex.packed(utf8: word.utf8) == bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3])
    }

    @Test func aWordWithoutLettersHasNoCode() {
        #expect(Soundex.code("123 -") == nil && Soundex.packed(utf8: "äöü".utf8) == nil)
    }
}
