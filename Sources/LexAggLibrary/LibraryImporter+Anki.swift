import Foundation
import LexAggCore

/// Anki's tab-separated text files (`#separator:tab`, `#html:true`, `#columns:`): what `library export --format anki`
/// writes, and a deck's own, whose fields are HTML.
extension LibraryImporter {
    static func anki(_ text: String, defaultLanguage: Language, now: Date) throws(LibraryError) -> [LibraryWord] {
        var columns = LibraryExporter.ankiColumns
        var separator: Character = "\t"
        // `#html:false`: the fields are plain text (a `<` is a `<`); HTML is Anki's default.
        var html = true
        func fieldLines(_ text: String) -> [String] { html ? htmlLines(text) : (text.isEmpty ? [] : [text]) }
        func fieldText(_ text: String) -> String { html ? plain(text) : text.trimmingCharacters(in: .whitespaces) }
        var words: [LibraryWord] = []
        var number = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let line = String(rawLine)
            if line.hasPrefix("#") {
                let header = line.dropFirst()
                if header.lowercased().hasPrefix("separator:") {
                    switch header.dropFirst("separator:".count).lowercased() {
                    case "tab": separator = "\t"
                    case "comma": separator = ","
                    case "semicolon": separator = ";"
                    case "pipe": separator = "|"
                    default:
                        throw LibraryError(.invalidInput, "Anki file line \(number): unsupported separator '\(header)'",
                                           reason: .ankiSeparator(line: number, header: String(header)))
                    }
                } else if header.lowercased().hasPrefix("html:") {
                    html = header.dropFirst("html:".count).lowercased() != "false"
                } else if header.lowercased().hasPrefix("columns:") {
                    columns = header.dropFirst("columns:".count).split(separator: separator, omittingEmptySubsequences: false)
                        .map { String($0) }
                }
                continue
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let fields = line.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
            func field(_ name: String) -> String {
                guard let index = columns.firstIndex(where: { $0.lowercased() == name.lowercased() }),
                      index < fields.count
                else { return "" }
                return fields[index]
            }
            let wordIndex = columns.firstIndex { $0.lowercased() == "word" } ?? 0
            guard wordIndex < fields.count else { continue }
            let word = fieldText(fields[wordIndex])
            guard !Library.key(word).isEmpty else {
                throw LibraryError(.invalidInput, "Anki file line \(number): the word is empty; nothing was imported",
                                   reason: .ankiEmptyWord(line: number))
            }
            let tags = field("Tags").split(separator: " ").map(String.init)
            let language = tags.first { $0.hasPrefix("lang::") }.flatMap { Language(String($0.dropFirst(6))) }
                ?? defaultLanguage
            let senses = fieldLines(field("Definition")).map { line -> FlatWord.SenseLine in
                if line.hasPrefix("<i>"), let close = line.range(of: "</i> ") {
                    return .init(
                        heading: fieldText(String(line[line.index(line.startIndex, offsetBy: 3)..<close.lowerBound])),
                        definition: fieldText(String(line[close.upperBound...]))
                    )
                }
                return .init(partOfSpeech: nil, definition: fieldText(line))
            }.filter { !$0.definition.isEmpty }
            let flat = FlatWord(
                word: word, language: language, starred: tags.contains("starred"), added: nil, senses: senses,
                examples: fieldLines(field("Examples")).map(fieldText), ipa: fieldLines(field("IPA")).map(fieldText),
                translations: fieldLines(field("Translation")).map { translation(fieldText($0)) },
                sources: fieldLines(field("Sources")).map(fieldText)
            )
            words.append(flat.libraryWord(now: now))
        }
        return words
    }

    /// A field's lines: Anki's editor breaks them with `<br>` (`<br/>`, `<br />`) or wraps them in `<div>`s.
    static func htmlLines(_ text: String) -> [String] {
        guard text.contains("<") else { return text.isEmpty ? [] : [text] }
        let broken = text.replacing(/(?i)<br\s*\/?>|<\/?div(\s[^>]*)?>|<\/?p(\s[^>]*)?>/, with: "\u{0}")
        return broken.split(separator: "\u{0}").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// A line of a field as plain text: its tags (a deck's own `<b>`, `<span style=…>`) left out, its character
    /// references decoded, white space around it trimmed.
    static func plain(_ html: String) -> String {
        let text = html.contains("<") ? html.replacing(/<[^>]*>/, with: "") : html
        return unescape(text).trimmingCharacters(in: .whitespaces)
    }

    /// HTML's character references: the named ones Anki writes, and numeric ones (`&#233;`, `&#xE9;`).
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let named = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: " ")
        let numeric = named.replacing(/&#([xX][0-9A-Fa-f]{1,6}|[0-9]{1,7});/) { match -> String in
            let digits = match.output.1
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? String(match.output.0)
        }
        return numeric.replacingOccurrences(of: "&amp;", with: "&")
    }
}
