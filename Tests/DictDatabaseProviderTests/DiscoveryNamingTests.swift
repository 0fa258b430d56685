@testable import DictDatabaseProvider
import LexAggCore
import Testing

/// Discovery names every database at every start, so its naming has byte-level fast paths; they must give what the
/// Character-level definitions give.
@Suite struct DiscoveryNamingTests {
    /// The definition: lower case, every character but an ASCII letter or digit made `-`, a Character at a time.
    static func reference(_ name: String) -> String {
        var sanitized = ""
        for character in name.lowercased() {
            sanitized.append(character.isASCII && (character.isLetter || character.isNumber) ? character : "-")
        }
        return sanitized
    }

    @Test(arguments: [
        "wn", "WordNet", "freedict-eng-deu", "FD-ENG-DEU", "my_dict.v2", "a b", "gcide", "MiXeD123", "@[`{/:",
        "ümlaut", "e\u{301}t\u{301}e", "x\r\ny", "cr\ronly", "tab\tname", "", "---", "İstanbul", "日本語-dict",
    ])
    func sanitizedIDsAreTheDefinitions(_ name: String) {
        #expect(DictDatabaseDiscovery.sanitizedID(name) == Self.reference(name))
    }

    @Test func aDatabaseIsNamedAfterItsFile() {
        #expect(DictDatabaseDiscovery.database(indexPath: "/usr/share/dictd/wn.index").descriptor.id == .wordnet)
        let freedict = DictDatabaseDiscovery.database(indexPath: "/x/freedict-eng-deu.index").descriptor
        #expect(freedict.id == ProviderID("freedict-eng-deu"))
        #expect(freedict.displayName == "FreeDict English–German")
        #expect(DictDatabaseDiscovery.database(indexPath: "relative.index").descriptor.displayName == "relative")
        #expect(DictDatabaseDiscovery.database(indexPath: "/a/b/My_Dict.index").descriptor.id == ProviderID("my-dict"))
    }

    /// FreeDict's three-letter codes take a shortcut in `Language`; the general path (reached here through white
    /// space it trims) must agree, for codes lexagg maps to two letters and for codes it does not.
    @Test func threeLetterCodesAreReadAsTheGeneralPathReadsThem() {
        for code in ["eng", "deu", "ger", "fra", "fre", "spa", "ita", "nld", "por", "rus", "swe", "jpn", "zho", "ara", "xyz", "abc"] {
            #expect(Language(code) == Language(" \(code) "), "\(code)")
            #expect(Language(code)?.primary == Language(code)?.code)
        }
        #expect(Language("en-GB")?.primary == "en")
        #expect(Language("zh-Hant-TW")?.primary == "zh")
    }
}
