/// Finds where keys and tables are written in a TOML document, for messages that name a line and for
/// editing the file in place.
///
/// The TOML library reports positions only for syntax errors, so this scanner walks the (already valid)
/// text: table headers, `key = value` lines (dotted and quoted keys), and values spanning several lines
/// (arrays, inline tables, multi-line strings).
struct KeyLocator {
    /// Where one key's assignment is written.
    struct Assignment: Hashable {
        /// 1-based first and last line of `key = value`.
        var firstLine: Int
        var lastLine: Int
        /// The key as written (`strategy`, `"pons".secret`), and the table header it sits under, if any.
        var keyText: String
        var indentation: String
        /// A comment after a one-line value (`# …`), kept when the value is replaced.
        var trailingComment: String?
    }

    /// Full dotted paths (`["lookup", "strategy"]`) of keys, to where they are assigned.
    private(set) var assignments: [[String]: Assignment] = [:]
    /// Tables opened by a `[header]` (or `[[header]]`), to the header's line.
    private(set) var headers: [[String]: Int] = [:]
    /// Tables defined only by dotted keys or inline tables, to their first line.
    private(set) var implicitTables: [[String]: Int] = [:]
    /// Each explicit table's last line holding one of its keys (or its header's line).
    private(set) var lastLineOfTable: [[String]: Int] = [:]

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        var table: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            let trimmed = line.trimmingWhitespace()
            index += 1
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                let isArray = trimmed.hasPrefix("[[")
                let inner = Self.headerText(trimmed, array: isArray)
                table = Self.splitKey(inner)
                headers[table] = headers[table] ?? number
                lastLineOfTable[table] = number
                continue
            }
            guard let equals = Self.firstUnquoted("=", in: line) else { continue }
            let keyText = String(line[..<equals]).trimmingWhitespace()
            let path = table + Self.splitKey(keyText)
            for length in (table.count + 1)..<max(path.count, table.count + 1) where implicitTables[Array(path.prefix(length))] == nil {
                implicitTables[Array(path.prefix(length))] = number
            }
            // Follow the value to its end: brackets and multi-line strings.
            var scanner = ValueScanner()
            var value = String(line[line.index(after: equals)...])
            var last = number
            var comment = scanner.scan(value)
            while !scanner.isComplete && index < lines.count {
                value = lines[index]
                index += 1
                last = index
                comment = scanner.scan(value)
            }
            let indentation = String(line.prefix { $0 == " " || $0 == "\t" })
            assignments[path] = Assignment(
                firstLine: number, lastLine: last, keyText: keyText, indentation: indentation,
                trailingComment: last == number ? comment : nil
            )
            if headers[table] != nil { lastLineOfTable[table] = last }
        }
    }

    /// The line where `path` is written, or else where its nearest enclosing table is.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let assignment = assignments[path] { return assignment.firstLine }
            if let header = headers[path] { return header }
            if let implicit = implicitTables[path] { return implicit }
            path.removeLast()
        }
        return nil
    }

    /// `[a.b]` → `a.b`; `[[a]]` → `a`; a trailing comment is dropped.
    private static func headerText(_ line: String, array: Bool) -> String {
        let inner = String(line.dropFirst(array ? 2 : 1))
        guard let close = firstUnquoted("]", in: inner) else { return inner.trimmingWhitespace() }
        return String(inner[..<close]).trimmingWhitespace()
    }

    /// Splits a dotted key, honouring quotes: `providers."my.id".weight` → `providers`, `my.id`, `weight`.
    static func splitKey(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quote: Character?
        var quoted = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                quoted = true
            } else if character == "." {
                parts.append(quoted ? current : current.trimmingWhitespace())
                current = ""
                quoted = false
            } else if !(character.isWhitespace && quoted) {
                current.append(character)
            }
        }
        parts.append(quoted ? current : current.trimmingWhitespace())
        return parts
    }

    /// The first `target` outside quotes, before any comment.
    static func firstUnquoted(_ target: Character, in text: String) -> String.Index? {
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == "\\" && open == "\"" {
                    index = text.index(after: index)
                    if index == text.endIndex { break }
                } else if character == open {
                    quote = nil
                }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" {
                return nil
            } else if character == target {
                return index
            }
            index = text.index(after: index)
        }
        return nil
    }
}

/// Follows a TOML value across lines: open brackets and braces, and multi-line strings.
private struct ValueScanner {
    private var depth = 0
    private var multiline: String?

    var isComplete: Bool { depth == 0 && multiline == nil }

    /// Scans one line of the value; returns a trailing comment (`# …`) found outside strings, if any.
    mutating func scan(_ line: String) -> String? {
        let characters = Array(line)
        var index = 0
        while index < characters.count {
            if let delimiter = multiline {
                if characters[index] == "\\" && delimiter == "\"\"\"" { index += 2; continue }
                if String(characters[index..<min(index + 3, characters.count)]) == delimiter {
                    multiline = nil
                    index += 3
                } else {
                    index += 1
                }
                continue
            }
            let character = characters[index]
            switch character {
            case "\"", "'":
                let triple = String(repeating: character, count: 3)
                if String(characters[index..<min(index + 3, characters.count)]) == triple {
                    multiline = triple
                    index += 3
                    continue
                }
                index += 1
                while index < characters.count && characters[index] != character {
                    if characters[index] == "\\" && character == "\"" { index += 1 }
                    index += 1
                }
                index += 1
            case "[", "{":
                depth += 1
                index += 1
            case "]", "}":
                depth -= 1
                index += 1
            case "#":
                return String(characters[index...])
            default:
                index += 1
            }
        }
        return nil
    }
}
