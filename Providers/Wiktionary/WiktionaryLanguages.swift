import LexAggCore

/// en.wiktionary's language codes and names: the level-2 section names (`==English==`), the names etymology
/// templates show for language, etymology-language and family codes (`{{der|en|gem-pro|…}}` → Proto-Germanic),
/// and the codes of section names: ``LexAggCore/LanguageCatalogue`` (generated from Wiktionary's own language data),
/// with a few overrides on top.
package enum WiktionaryLanguages {
    /// The section name for a query language, by ISO code (`en` → English, `hr` → Serbo-Croatian); `nil` when
    /// unknown or not a language with sections of its own.
    package static func sectionName(forCode code: String) -> String? {
        queryOverrides[code] ?? tables.sections[code]
    }

    /// The code of a section name (`English` → `en`; older names too: `Romansch` → `rm`), when known.
    package static func code(forSectionName name: String) -> String? {
        sectionOverrides[name] ?? tables.codes[name]
    }

    /// The display name of a language, etymology-language or family code in etymology text (`enm` → Middle
    /// English, `la-lat` → Late Latin, `gem` → Germanic).
    package static func displayName(forCode code: String) -> String? {
        tables.names[code] ?? etymologyOverrides[code]
    }

    /// How many codes the table names (languages, etymology languages and families).
    package static var count: Int { tables.names.count }

    static var tables: LanguageCatalogue.Tables { LanguageCatalogue.tables }

    /// Query codes that Wiktionary folds into one language, and the macrolanguage codes lexagg accepts.
    static let queryOverrides: [String: String] = [
        "hr": "Serbo-Croatian", "sr": "Serbo-Croatian", "bs": "Serbo-Croatian", "cnr": "Serbo-Croatian",
        "ku": "Kurdish", "no": "Norwegian",
    ]

    /// Section names whose code the table gives differently from what a reader asks by.
    static let sectionOverrides: [String: String] = ["Serbo-Croatian": "sh", "Norwegian": "no"]

    /// Codes older pages use that the current data no longer has.
    static let etymologyOverrides: [String: String] = [
        "fiu-fin-pro": "Proto-Finnic", "ML.": "Medieval Latin", "LL.": "Late Latin", "VL.": "Vulgar Latin",
        "NL.": "New Latin", "EL.": "Ecclesiastical Latin", "CL.": "Classical Latin", "OL.": "Old Latin",
    ]
}
