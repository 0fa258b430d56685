/// en.wiktionary's language codes and names, generated from its language data (LanguageCatalogueData.swift, by
/// Scripts/generate-wiktionary-languages.py): the name of every language, etymology-only language and family code
/// (`xno` Anglo-Norman, `gem` Germanic), the section name of each language that has sections (`==English==`), and
/// the code of each name. ``Language/englishName`` falls back to it for the codes its own short list lacks; the
/// Wiktionary provider reads sections by it.
package enum LanguageCatalogue {
    package struct Tables: Sendable {
        /// Every code's name.
        package var names: [String: String] = [:]
        /// Codes of languages with sections, to their section name.
        package var sections: [String: String] = [:]
        /// Section names (and other names of those languages, then etymology-language and family names) to codes.
        package var codes: [String: String] = [:]
    }

    /// The generated table, read once (at the first name looked up that the short lists lack).
    package static let tables: Tables = {
        var tables = Tables()
        var others: [(String, String)] = []
        var lesser: [(String, String)] = []
        tables.names.reserveCapacity(10_500)
        for line in generatedTable.utf8.split(separator: 0x0A) {
            let fields = line.split(separator: 0x7C, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let code = String(decoding: fields[0].drop { $0 == 0x20 }, as: UTF8.self)
            let name = String(decoding: fields[1], as: UTF8.self)
            switch fields[2].first {
            case 0x4C:  // L
                tables.names[code] = name
                tables.sections[code] = name
                tables.codes[name] = code
            case 0x41:  // A
                others.append((name, code))
            default:  // E, F
                tables.names[code] = name
                lesser.append((name, code))
            }
        }
        for (name, code) in others + lesser where tables.codes[name] == nil { tables.codes[name] = code }
        return tables
    }()
}
