import Foundation
@testable import LexAggConfig
import Testing

/// Inputs Fuzz/run.sh found crashing a parser, kept so that they never do again.
@Suite struct ConfigFuzzRegressionTests {
    /// toml-config, crash-bcce982d: a NUL and other control bytes in a table header tripped an assertion in toml++'s
    /// parse_key (an abort in debug builds). Now a syntax error naming the line and the character.
    @Test func controlCharactersInATableHeaderAreASyntaxError() throws {
        let bytes: [UInt8] = [
            0x5B, 0x3C, 0x70, 0x72, 0x00, 0x10, 0x69, 0x6F, 0x6F, 0x74, 0x2E, 0x6F, 0x72, 0x67, 0x3A, 0x01,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x32, 0x36, 0x32, 0x38, 0x22, 0x0A, 0x64, 0x61, 0x74,
            0x61, 0x62, 0x61, 0x73, 0x65, 0x20, 0x3D, 0x20, 0x65, 0x6E, 0x22, 0x0A, 0x5B, 0x6C, 0x6F, 0x6F,
            0x6B, 0x75, 0x70, 0x5D, 0x0A, 0x64, 0x20,
        ]
        // Written as bytes (TestFiles.config writes a C string, which would stop at the NUL).
        let path = TestFiles.directory() + "/config.toml"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ConfigError.self) {
            try ConfigFile.load(ConfigLocation(path: path, source: .lexaggConfig))
        }
        #expect(error?.kind == .syntax)
        #expect(error?.line == 1)
        #expect(error?.message.contains("U+0") == true)
    }

    /// toml-config, crash-597886e7: a table header whose name starts with a character that cannot start a key (here
    /// U+FFFD, from bytes that are not UTF-8) tripped toml++'s assertion in parse_key; so did `[é]`, `[=]` and a `[`
    /// that ends its line, and after a byte order mark (crash-58b66469). Now a syntax error on that line.
    @Test(arguments: [
        "[\u{FFFD}\u{FFFD}<providers = [\"wordnet\"]\n", "[é]\n", "[=]\n", "[\nx = 1\n", "[[ #]]\n", "a = 1\n  [ .b]\n",
        // crash-58b66469: after the byte order mark toml++ skips (0xFB bytes, not UTF-8, read as U+FFFD)
        "\u{FEFF}[  " + String(repeating: "\u{FFFD}", count: 36) + " H", "\u{FEFF}[é]\n",
    ])
    func aTableHeaderThatCannotStartAKeyIsASyntaxError(text: String) {
        let error = #expect(throws: ConfigError.self) { try TOMLData.parse(text, location: "fuzz.toml") }
        #expect(error?.kind == .syntax)
        #expect(error?.line == (text.hasPrefix("a = 1") ? 2 : 1))
        #expect(error?.message.contains("table header") == true)
    }

    @Test(arguments: [
        "[lookup]\n", "[[a]]\n", "  [ \"quoted key\" ]\n", "['literal']\n", "[providers.wordnet]\n", "[-_9]\n",
        "\u{FEFF}[lookup]\n",
    ])
    func tableHeadersThatStartAKeyStillParse(text: String) throws {
        _ = try TOMLData.parse(text, location: "fuzz.toml")
    }

    /// toml-config, crash-21a07861 and crash-5fb738b9: an array whose next value starts with `}` (after `[` or
    /// `,`, past blanks, line breaks and comments) tripped toml++'s assertion in parse_value. Now a syntax error on
    /// the `}`'s line.
    @Test(arguments: [
        "[providers.wiktionary]\nendpoint = \"http://127.0.0.1:8080\"\nweight = 2.5\n[providers.dict-server]\n"
            + "endpoint = \"dict.org:2628\"\ndatabase = \"wn\"\n[lookup]\nproviders = [}wordnet\", \"*cide\""
            + "[providers.wiktionary]\nendpointtimeout = 0.5\n]\ntimeout = 0.5\n",
        // crash-5fb738b9: `}` after a comma
        "[providers.dict-server]\nendpoint = \"dt.org:2628\"\ndataodsirev = [\"woeiget\",}\n"
            + "providers = [\"wordnet\"]\n",
        "a = [}]\n", "a = [ 1, } ]\n", "a = [\n\n  # a comment, then\n  }\n]\n", "a = [[1], [ }]]\n",
    ])
    func anArrayValueStartingWithAClosingBraceIsASyntaxError(text: String) {
        let error = #expect(throws: ConfigError.self) { try TOMLData.parse(text, location: "fuzz.toml") }
        #expect(error?.kind == .syntax)
        let line = text.hasPrefix("[providers.wiktionary") ? 8 : text.hasPrefix("[providers") ? 3
            : text.contains("comment") ? 4 : 1
        #expect(error?.line == line)
        #expect(error?.message.contains("saw '}'") == true)
    }

    /// A `}` in strings (of all four kinds, escaped quotes and a multi-line string's closing run of quotes
    /// included), in comments and closing inline tables is no such value.
    @Test(arguments: [
        "a = [\"}\", '[}', \"\\\", }\"]\n", "a = \"\"\"\nx, [ }\\\"\"\"\"\"\nb = [1]\n", "a = \'\'\'x, }\n, }\'\'\'\n",
        "a = [1] # , }\n", "a = { b = [1, 2] }\n", "a = [ { b = 1 }, { c = [] } ]\n", "\"k, }\" = [ 1 ]\n",
    ])
    func closingBracesThatStartNoValueStillParse(text: String) throws {
        #expect(TOMLData.assertionTrap(in: text) == nil)
        _ = try TOMLData.parse(text, location: "fuzz.toml")
    }

    /// A line inside a multi-line string (basic or literal, after a line-ending backslash too) is text, whatever it
    /// starts with: the table header check was line by line and refused these valid documents.
    @Test(arguments: [
        "a = \"\"\"\n[=]\n\"\"\"\n", "a = '''\n  [é\n'''\n", "a = \"\"\"x \\\n[\n\"\"\"\n", "a = '''\n[[ #]]'''\n",
        "[t]\nb = \"\"\"\r\n[\r\n\"\"\"\r\n",
    ])
    func aLineInAMultiLineStringIsNoTableHeader(text: String) throws {
        #expect(TOMLData.assertionTrap(in: text) == nil)
        let table = try TOMLData.parse(text, location: "fuzz.toml")
        #expect(table.map(\.key) == [text.hasPrefix("[t]") ? "t" : "a"])
    }

    /// After a multi-line string closes, lines are headers again (a `[` ending its line, CRLF or not, included).
    @Test(arguments: [
        ("a = \"\"\"\n[x\n\"\"\"\n[=]\n", 4), ("a = '''\n'''\n  [ \r\n", 3), ("a = \"\"\"x\"\"\"\n[é]\n", 2),
    ])
    func aTableHeaderAfterAMultiLineStringIsChecked(text: String, line: Int) {
        let error = #expect(throws: ConfigError.self) { try TOMLData.parse(text, location: "fuzz.toml") }
        #expect(error?.line == line)
        #expect(error?.message.contains("table header") == true)
    }

    /// Found beside the fuzzing: "\r\n" is one Swift Character, so splitting on "\n" left a file saved with Windows
    /// line ends one long line holding U+A, refused as a control character. It reads as the same file with LF ends.
    @Test func aConfigurationWithWindowsLineEndsReadsAsWithLFEnds() throws {
        let text = "[lookup]\ntimeout = 12\nsenses = 3\n\n[providers.wordnet]\nweight = 2.0\n"
        let crlf = try TOMLData.parse(text.replacingOccurrences(of: "\n", with: "\r\n"), location: "windows.toml")
        let lf = try TOMLData.parse(text, location: "unix.toml")
        #expect(crlf.map(\.key) == ["lookup", "providers"])
        #expect(crlf.map(\.value) == lf.map(\.value))
        // A bad line is still named by its number.
        let error = #expect(throws: ConfigError.self) { try TOMLData.parse("a = 1\r\n[=]\r\n", location: "windows.toml") }
        #expect(error?.line == 2)
    }
}

/// The byte-by-byte readings of variables agree with the Unicode definitions they replace.
@Suite struct VariableReadingTests {
    /// A control character is general category Cc (but a tab), whatever the bytes around it.
    @Test func controlCharactersAreThoseOfUnicode() {
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.generalCategory == .control && scalar != "\t"
            #expect("a\(scalar)é".hasControlCharacter == expected, "U+\(String(value, radix: 16))")
        }
        #expect(!"ÂÂ".hasControlCharacter)  // 0xC3 0x82: 0x82 after a lead byte other than 0xC2
    }

    @Test func pathListsAndProviderVariablesReadAsBefore() throws {
        let environment = ["LEXAGG_DICT_PATH": "/x::/y/é:", "LEXAGG_DICT_SERVER_ENDPOINT": "dict.org", "PATH": "/bin"]
        let settings = try #require(Settings.environmentOnly(environment))
        #expect(settings.databasePaths == ["/x", "/y/é"])
        #expect(ConfigSchema.providerKey(forVariable: "LEXAGG_DICT_SERVER_ENDPOINT") == "providers.dict-server.endpoint")
        #expect(ConfigSchema.providerSetting(forVariable: "LEXAGG_DICT_SERVER_ENDPOINT")
                == ConfigSchema.key(named: "providers.dict-server.endpoint"))
        #expect(ConfigSchema.providerKey(forVariable: "LEXAGG_DICT-SERVER_ENDPOINT") == nil)
        #expect(ConfigSchema.providerKey(forVariable: "PATH") == nil)
    }
}
