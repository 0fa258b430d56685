import Foundation
import Testing

/// Scans the CLI's sources for text a person reads that does not come from the catalogues
/// (Sources/LexAggLocalization): a string literal with words in it ("not found", "synonyms: ") is text; a literal
/// that is one token (`lookup.providers`, `--format`, `json`, `%04d`, an ANSI code) is not.
///
/// Help text (`abstract:`, `discussion:`, `help:`) is checked separately, file by file, as it is converted.
@Suite struct CatalogueScanTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Files whose messages are not in the catalogues yet: the list only shrinks (a file that is clean must leave it).
    static let pendingMessages: Set<String> = [
    ]

    /// Files whose `--help` text (abstracts, discussions, option help) is not in the catalogues yet.
    static let pendingHelp: Set<String> = []

    /// Literals that are data, not text, though they have a space: JSON `command` values (JSON never changes with the
    /// language) and the like. Each is matched exactly.
    static let dataLiterals: Set<String> = [
        // The `command` of a JSON document (the same in every language).
        "cache stats", "config path", "config show", "data info", "data list", "data import", "data remove", "sorting the index", "library list",
        "library show", "library ", "library doctor", "library import", "provider check", "store copy", "store migrate",
        "quiz stats",
        // Command lines shown as they are typed.
        "lexagg store migrate", " --lang ", "less -FRX",
        // A DICT server's name (`lexagg 0.1.0`) and the log line's prefix (`lexagg: [debug] …`).
        "lexagg ", "lexagg: [] ",
        // A provider's part-of-speech name, matched to its label; the "or" of a provider's gender label, matched to
        // translate it (`masculine or feminine`).
        "proper noun", " or ",
        // The JSON's provider status, matched to its label in the providers table.
        "not configured",
        // Words matched in the providers' own error messages (which are never translated).
        "resolve the host name", "cannot reach", "cannot connect",
        // ArgumentParser's usage error, matched to word it as lexagg's errors read.
        "Error: ", "Usage: ", "  See '", "' for more information.",
    ]

    struct Literal {
        var file: String
        var line: Int
        var text: String
        var lineText: String
        var isHelp: Bool
    }

    static func swiftFiles(under directory: String) -> [String] {
        let base = root.appendingPathComponent(directory).path
        let enumerator = FileManager.default.enumerator(atPath: base)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(directory + "/" + path) }
        }
        return files.sorted()
    }

    /// The string literals of a Swift source, with interpolations and escapes removed, each with its line.
    static func literals(in source: String, file: String) -> [Literal] {
        let characters = Array(source)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var literals: [Literal] = []
        var index = 0, line = 1

        func peek(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }

        /// Reads a literal starting at `index` (at its opening quote); returns its text without interpolations.
        func readLiteral() -> String {
            let multiLine = peek(1) == "\"" && peek(2) == "\""
            index += multiLine ? 3 : 1
            var text = ""
            while index < characters.count {
                let character = characters[index]
                if character == "\n" { line += 1 }
                if character == "\\" {
                    if peek(1) == "(" {
                        // An interpolation: skip to its closing parenthesis, strings inside included.
                        index += 2
                        var depth = 1
                        while index < characters.count && depth > 0 {
                            let inner = characters[index]
                            if inner == "\"" { _ = readLiteral(); continue }
                            if inner == "(" { depth += 1 }
                            if inner == ")" { depth -= 1 }
                            if inner == "\n" { line += 1 }
                            index += 1
                        }
                        continue
                    }
                    if peek(1) == "u" {  // \u{1B}
                        while index < characters.count && characters[index] != "}" { index += 1 }
                        index += 1
                        continue
                    }
                    if peek(1) == "\n" { line += 1 }
                    index += 2
                    text += " "
                    continue
                }
                if character == "\"" {
                    if multiLine {
                        if peek(1) == "\"" && peek(2) == "\"" { index += 3; return text }
                    } else {
                        index += 1
                        return text
                    }
                }
                text.append(character)
                index += 1
            }
            return text
        }

        while index < characters.count {
            let character = characters[index]
            if character == "\n" { line += 1; index += 1; continue }
            if character == "/" && peek(1) == "/" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "/" && peek(1) == "*" {
                while index < characters.count && !(characters[index] == "*" && peek(1) == "/") {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            if character == "\"" || (character == "#" && peek(1) == "\"") {
                if character == "#" { index += 1 }
                let start = line
                let lineText = lines[start - 1]
                let before = lineText.trimmingCharacters(in: .whitespaces)
                let isHelp = ["abstract:", "discussion:", "help:", "ArgumentHelp(", "usage:"].contains { lineText.contains($0) }
                    || before.hasPrefix("\"") && lines[max(0, start - 2)].contains("ArgumentHelp(")
                let text = readLiteral()
                literals.append(Literal(file: file, line: start, text: text, lineText: lineText, isHelp: isHelp))
                continue
            }
            index += 1
        }
        return literals
    }

    /// Whether a literal is text for people: it has a word of letters and is not a single token.
    static func isText(_ literal: String) -> Bool {
        guard literal.range(of: "[A-Za-zА-Яа-яЁё]{2,}", options: .regularExpression) != nil else { return false }
        let token = literal.range(of: #"^[A-Za-z0-9_.\-/:=@*+%,\[\]{}<>#|~^$&]*$"#, options: .regularExpression) != nil
        return !token
    }

    static func findings(in files: [String]) throws -> [Literal] {
        try files.flatMap { file in
            let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            return literals(in: source, file: file).filter { isText($0.text) && !dataLiterals.contains($0.text) }
        }
    }

    static var scannedFiles: [String] {
        swiftFiles(under: "Sources/LexAggCLI") + ["Sources/LexAggQuiz/TextPresenter.swift"]
    }

    @Test func everyMessageComesFromTheCatalogues() throws {
        let found = try Self.findings(in: Self.scannedFiles).filter { !$0.isHelp && !Self.pendingMessages.contains($0.file) }
        #expect(found.isEmpty, """
            text outside the catalogues (put it in Sources/LexAggLocalization and call localized(…)):
            \(found.map { "\($0.file):\($0.line): \"\($0.text)\"" }.joined(separator: "\n"))
            """)
    }

    @Test func everyHelpTextComesFromTheCatalogues() throws {
        let found = try Self.findings(in: Self.scannedFiles).filter { $0.isHelp && !Self.pendingHelp.contains($0.file) }
        #expect(found.isEmpty, """
            help text outside the catalogues:
            \(found.map { "\($0.file):\($0.line): \"\($0.text)\"" }.joined(separator: "\n"))
            """)
    }

    /// The lists of files still to convert only shrink: a file without such text must leave them.
    @Test func thePendingListsNameOnlyFilesThatStillNeedThem() throws {
        let found = try Self.findings(in: Self.scannedFiles)
        for file in Self.pendingMessages {
            #expect(found.contains { $0.file == file && !$0.isHelp }, "\(file) has no message left: take it off the list")
        }
        for file in Self.pendingHelp {
            #expect(found.contains { $0.file == file && $0.isHelp }, "\(file) has no help text left: take it off the list")
        }
    }

    /// The scan itself finds what it should, and only that.
    @Test func theScanTellsTextFromTokens() {
        let source = #"""
            context.fail("no entry for '\(word)' in \(asked)")
            let key = "lookup.providers"  // "a comment is not text"
            let code = "\u{1B}[2K"
            write(localized(.footerNotFound) + " · " + "\(count)")
            let help = ArgumentHelp("Comma-separated ids.", valueName: "ids")
            out += style.dim("synonyms: ")
            """#
        let literals = Self.literals(in: source, file: "x.swift")
        let texts = literals.filter { Self.isText($0.text) }
        #expect(texts.map(\.text) == ["no entry for '' in ", "Comma-separated ids.", "synonyms: "])
        #expect(texts.map(\.isHelp) == [false, true, false])
        #expect(texts.map(\.line) == [1, 5, 6])
    }
}
