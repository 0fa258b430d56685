import Foundation
import LexAggCore

/// The export formats.
public enum LibraryFormat: String, Sendable, CaseIterable {
    /// lexagg's own versioned JSON: every entry in full; importing it round-trips exactly.
    case json
    /// RFC 4180 CSV with a header line: the flat fields (word, language, star, date, definition, examples, IPA,
    /// translation, sources).
    case csv
    /// Anki's tab-separated text import (`#separator:tab`, `#html:true`, `#columns:`): word, definition, examples,
    /// IPA, translation, sources, tags.
    case anki
}

/// A word reduced to the flat fields of the CSV and Anki formats.
struct FlatWord: Hashable {
    struct SenseLine: Hashable {
        var partOfSpeech: String?
        /// The part of speech's labels (a noun's gender), written after its name: `(noun, neuter) house`.
        var labels: [String] = []
        var definition: String

        /// `noun, neuter`: what the CSV writes in parentheses and Anki in italics before the definition; nil without
        /// a part of speech (labels alone would read back as one).
        var heading: String? { partOfSpeech.map { ([$0] + labels).joined(separator: ", ") } }

        /// The line whose heading is `heading` (as ``heading`` writes it) and definition `definition`.
        init(heading: String?, definition: String) {
            let parts = heading.map { $0.components(separatedBy: ", ") } ?? []
            self.init(partOfSpeech: parts.first, labels: Array(parts.dropFirst()), definition: definition)
        }

        init(partOfSpeech: String?, labels: [String] = [], definition: String) {
            self.partOfSpeech = partOfSpeech
            self.labels = labels
            self.definition = definition
        }
    }

    struct TranslationText: Hashable {
        var text: String
        var language: String
    }

    var word: String
    var language: Language
    var starred: Bool
    var added: Date?
    var senses: [SenseLine]
    var examples: [String]
    var ipa: [String]
    var translations: [TranslationText]
    var sources: [String]

    init(_ word: LibraryWord) {
        self.word = word.word
        language = word.language
        starred = word.starred
        added = word.added
        senses = Self.unique(word.entries.flatMap { entry in
            entry.senseGroups.flatMap { group in
                group.senses.map { SenseLine(partOfSpeech: group.partOfSpeech?.name, labels: group.labels, definition: $0.definition) }
            }
        }.filter { !$0.definition.isEmpty })
        examples = Self.unique(
            word.entries.flatMap(\.allSenses).flatMap(\.examples)
                + word.entries.flatMap(\.translations).flatMap(\.examples).map { "\($0.source) — \($0.target)" }
        )
        ipa = Self.unique(word.entries.flatMap(\.pronunciations).filter { !$0.isRecordingOnly }.map(\.text))
        translations = Self.unique(word.entries.flatMap(\.translations).map {
            TranslationText(text: $0.text, language: $0.pair.target.code)
        })
        sources = word.sources.map(\.rawValue)
    }

    init(
        word: String, language: Language, starred: Bool, added: Date?, senses: [SenseLine], examples: [String],
        ipa: [String], translations: [TranslationText], sources: [String]
    ) {
        self.word = word
        self.language = language
        self.starred = starred
        self.added = added
        self.senses = senses
        self.examples = examples
        self.ipa = ipa
        self.translations = translations
        self.sources = sources
    }

    /// The dictionary content only (what merging compares).
    var content: [String] {
        senses.map { "\($0.partOfSpeech ?? "")\u{1}\($0.definition)" } + ["\u{2}"] + examples + ["\u{2}"] + ipa
            + ["\u{2}"] + translations.map { "\($0.text)\u{1}\($0.language)" } + ["\u{2}"] + sources
    }

    static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }

    /// The word rebuilt as one entry (the CSV/Anki fields are all that is known of it).
    func libraryWord(now: Date) -> LibraryWord {
        let date = added ?? now
        let providers = sources.compactMap(ProviderID.init)
        let provenances = (providers.isEmpty ? [ProviderID("import")!] : providers).map {
            // The line's own date when it has one (CSV's `added`), else a fixed one: importing the same file again
            // must give the same entry, which the merge recognises (the time of the import would make it new).
            Provenance(provider: $0, source: "imported", retrievedAt: added ?? Date(timeIntervalSince1970: 0))
        }
        var groups: [SenseGroup] = []
        for line in senses {
            let sense = Sense(definition: line.definition, sources: provenances)
            if let last = groups.last, last.partOfSpeech?.name == line.partOfSpeech, last.labels == line.labels {
                groups[groups.count - 1].senses.append(sense)
            } else {
                groups.append(SenseGroup(partOfSpeech: line.partOfSpeech.map(PartOfSpeech.init), senses: [sense], labels: line.labels))
            }
        }
        if !examples.isEmpty {
            if groups.isEmpty { groups = [SenseGroup(partOfSpeech: nil, senses: [Sense(definition: "", sources: provenances)])] }
            groups[0].senses[0].examples = examples
        }
        let entry = Entry(
            headword: word, language: language,
            pronunciations: ipa.map { Pronunciation(text: $0, notation: .ipa, provenance: provenances[0]) },
            senseGroups: groups,
            translations: translations.map {
                Translation(
                    text: $0.text,
                    pair: LanguagePair(source: language, target: Language($0.language) ?? Language("und")!),
                    provenance: provenances[0]
                )
            },
            provenance: provenances[0]
        )
        return LibraryWord(word: word, language: language, entries: [entry], starred: starred, added: date)
    }
}

/// Writes the library in an export format.
public enum LibraryExporter {
    /// The identifier of lexagg's JSON export.
    public static let jsonFormatName = "lexagg-library"
    public static let jsonVersion = 1
    static let csvHeader = ["word", "language", "starred", "added", "definition", "examples", "ipa", "translation", "sources"]
    static let ankiColumns = ["Word", "Definition", "Examples", "IPA", "Translation", "Sources", "Tags"]

    /// The words in `format`, as text.
    public static func export(_ words: [LibraryWord], as format: LibraryFormat) -> String {
        switch format {
        case .json: json(words)
        case .csv: csv(words)
        case .anki: anki(words)
        }
    }

    struct Document: Codable {
        var format: String
        var version: Int
        var words: [Word]
    }

    struct Word: Codable {
        var word: String
        var language: Language
        var starred: Bool
        var added: String
        var updated: String
        var entries: [Entry]
    }

    static func json(_ words: [LibraryWord]) -> String {
        let document = Document(format: jsonFormatName, version: jsonVersion, words: words.map {
            Word(
                word: $0.word, language: $0.language, starred: $0.starred, added: timestamp($0.added),
                updated: timestamp($0.updated), entries: $0.entries
            )
        })
        return String(decoding: try! LibraryCoding.exportEncoder.encode(document), as: UTF8.self) + "\n"
    }

    static func csv(_ words: [LibraryWord]) -> String {
        var lines = [csvHeader.joined(separator: ",")]
        for word in words.map(FlatWord.init) {
            let fields = [
                word.word, word.language.code, word.starred ? "yes" : "no", word.added.map(timestamp) ?? "",
                word.senses.map { ($0.heading.map { "(\($0)) " } ?? "") + $0.definition }.joined(separator: "\n"),
                word.examples.joined(separator: "\n"), word.ipa.joined(separator: "\n"),
                word.translations.map { "\($0.text) (\($0.language))" }.joined(separator: "\n"),
                word.sources.joined(separator: "\n"),
            ]
            lines.append(fields.map { csvQuote(neutralisingFormula($0)) }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A field a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab or a carriage
    /// return: a definition or translation from a hostile source could be `=HYPERLINK(…)`) gets an apostrophe in
    /// front, which spreadsheets show as text; so does one that already starts with apostrophes before such a
    /// character, so that ``restoringFormula(_:)`` takes exactly one off and every field reads back as it was.
    static func neutralisingFormula(_ field: String) -> String {
        startsLikeFormula(field.drop { $0 == "'" }) ? "'" + field : field
    }

    /// The field ``neutralisingFormula(_:)`` wrote, as it was.
    static func restoringFormula(_ field: String) -> String {
        field.hasPrefix("'") && startsLikeFormula(field.drop { $0 == "'" }) ? String(field.dropFirst()) : field
    }

    private static func startsLikeFormula(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return ["=", "+", "-", "@", "\t", "\r"].contains(first)
    }

    static func csvQuote(_ field: String) -> String {
        // By bytes: a line break "\r\n" is one Character, equal to neither "\r" nor "\n", and went unquoted.
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) || field.hasPrefix(" ")
            || field.hasSuffix(" ")
        else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func anki(_ words: [LibraryWord]) -> String {
        var lines = [
            "#separator:tab", "#html:true", "#columns:" + ankiColumns.joined(separator: "\t"),
            "#tags column:\(ankiColumns.count)",
        ]
        for word in words.map(FlatWord.init) {
            let definition = word.senses.map { line in
                (line.heading.map { "<i>\(html($0))</i> " } ?? "") + html(line.definition)
            }.joined(separator: "<br>")
            let tags = ["lexagg", "lang::\(word.language.code)"] + (word.starred ? ["starred"] : [])
            let fields = [
                html(word.word), definition, word.examples.map(html).joined(separator: "<br>"),
                word.ipa.map(html).joined(separator: "<br>"),
                word.translations.map { "\(html($0.text)) (\(html($0.language)))" }.joined(separator: "<br>"),
                word.sources.map(html).joined(separator: "<br>"), tags.joined(separator: " "),
            ]
            lines.append(fields.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// HTML-escapes text for Anki; tabs and line breaks (which would break the record) become spaces and `<br>`.
    static func html(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t": result += "&#9;"
            case "\n", "\r\n", "\r": result += "&#10;"
            default: result.append(character)
            }
        }
        return result
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func parseTimestamp(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
