import TOMLKit

/// A TOML value as plain Swift data, so nothing of the TOML library leaves this module.
enum TOMLData: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case double(Double)
    case bool(Bool)
    case array([TOMLData])
    case table([(key: String, value: TOMLData)])
    /// Dates and times: lexagg has no key of these types, so only the type's name is kept.
    case other(String)

    static func == (lhs: TOMLData, rhs: TOMLData) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.table(let a), .table(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case (.other(let a), .other(let b)): a == b
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value): hasher.combine(value)
        case .integer(let value): hasher.combine(value)
        case .double(let value): hasher.combine(value)
        case .bool(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .table(let pairs): for pair in pairs { hasher.combine(pair.key); hasher.combine(pair.value) }
        case .other(let name): hasher.combine(name)
        }
    }

    /// The TOML type, for "expected …, found …" reasons.
    var valueType: ConfigError.ValueType {
        switch self {
        case .string: .string
        case .integer: .integer
        case .double: .float
        case .bool: .boolean
        case .array: .array
        case .table: .table
        case .other("a date"): .date
        case .other("a time"): .time
        case .other: .dateTime
        }
    }

    /// The TOML type's name, for "expected …, found …" messages.
    var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .double: "a floating-point number"
        case .bool: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .other(let name): name
        }
    }

    /// The lines of `text`, ended by LF or CRLF (a Swift Character of its own, which splitting on "\n" misses: a
    /// configuration saved on Windows was one long line holding U+A).
    private static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// Parses a TOML document.
    /// - Throws: ``ConfigError`` of kind `syntax`, with the parser's line and column.
    static func parse(_ text: String, location: String) throws(ConfigError) -> [(key: String, value: TOMLData)] {
        // TOML allows no control character but tab and line breaks, anywhere: refused here, before toml++, whose
        // parser trips an assertion on some (a NUL in a table header: found by Fuzz/run.sh toml-config).
        for (index, line) in lines(of: text).enumerated() {
            if let bad = line.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0 != "\t" && $0 != "\r") || $0.value == 0x7F
            }) {
                let name = "U+" + String(bad.value, radix: 16, uppercase: true)
                throw ConfigError(
                    .syntax, location: location, line: index + 1, column: nil,
                    message: "the control character \(name) is not allowed in TOML", reason: .controlCharacter(name)
                )
            }
        }
        switch assertionTrap(in: text) {
        case nil: break
        case (let line, .badTableHeaderStart(let found))?:
            let detail = "a table header's name must start with a letter, a digit, '-', '_' or a quote, not \(found)"
            throw ConfigError(.syntax, location: location, line: line, column: nil,
                              message: "not valid TOML: \(detail)", reason: .syntax(detail: detail))
        case (let line, .closingBraceWhereAValueMustStart)?:
            let detail = "expected a value, saw '}'"
            throw ConfigError(.syntax, location: location, line: line, column: nil,
                              message: "not valid TOML: \(detail)", reason: .syntax(detail: detail))
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            var message = error.description
            // A parser message may quote the text it choked on ("saw 'fi'"): on a line holding a secret, say less,
            // and elsewhere drop any quoted fragment that also appears on a secret's line.
            let lines = lines(of: text)
            let secretLines = lines.filter { $0.lowercased().contains("secret") }
            if line >= 1, line <= lines.count, lines[line - 1].lowercased().contains("secret") {
                message = "this line holds a secret, so the parser's message is not shown"
            } else if !secretLines.isEmpty {
                let parts = message.split(separator: "'", omittingEmptySubsequences: false)
                message = parts.enumerated().map { index, part in
                    index % 2 == 1 && secretLines.contains { $0.contains(part) } ? "…" : String(part)
                }.joined(separator: "'")
            }
            throw ConfigError(.syntax, location: location, line: line, column: error.source.begin.column,
                              message: "not valid TOML: \(message)", reason: .syntax(detail: message))
        } catch {
            throw ConfigError(.syntax, location: location, message: "not valid TOML", reason: .syntax(detail: nil))
        }
        return convertTable(table)
    }

    /// What follows `[` (or `[[`) where a line starts a table header, when it cannot start a key: toml++ checks that
    /// only in an assertion (an abort in debug builds, undefined behaviour in release ones), for `[é]`, `[=]` or a `[`
    /// that ends its line (found by Fuzz/run.sh toml-config). A line of a multi-line array that starts with `[{` is
    /// refused too, though TOML allows it: no lexagg setting is an array of arrays.
    static func badTableHeaderStart(_ line: Substring) -> String? {
        var rest = line.unicodeScalars.drop { $0 == " " || $0 == "\t" }
        guard rest.first == "[" else { return nil }
        rest = rest.dropFirst()
        if rest.first == "[" { rest = rest.dropFirst() }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard let first = rest.first else { return "the end of the line" }
        let isKeyStart = first.isASCII
            && (first.properties.isAlphabetic || ("0"..."9").contains(first) || "-_\"']".unicodeScalars.contains(first))
        guard !isKeyStart else { return nil }
        guard first.value < 0x21 || first.value >= 0x7F else { return "'\(first)'" }
        let hex = String(first.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// What toml++ checks only in an assertion (an abort in debug builds, undefined behaviour in release ones), found
    /// by Fuzz/run.sh toml-config: a table header whose name cannot start a key (see ``badTableHeaderStart(_:)``), and
    /// a `}` where an array's next value must start (after `[` or `,`, past blanks, line breaks and comments;
    /// parse_value, crash-21a07861). TOML allows neither.
    enum AssertionTrap: Equatable {
        /// What follows the `[`, as ``badTableHeaderStart(_:)`` names it.
        case badTableHeaderStart(String)
        case closingBraceWhereAValueMustStart
    }

    /// The first ``AssertionTrap`` in `text` and its line, from one scan that skips strings and comments: a line that
    /// starts inside a multi-line string is text, not a table header, whatever it starts with.
    static func assertionTrap(in text: String) -> (line: Int, trap: AssertionTrap)? {
        let bytes = Array(text.utf8)
        let count = bytes.count
        var line = 1
        // toml++ skips a byte order mark that starts the text, so a header can follow it (crash-58b66469).
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var expectingValue = false  // after `[` or `,` with only blanks, line breaks and comments since
        func isQuoteRun(_ quote: UInt8, at position: Int) -> Bool {
            position + 2 < count && bytes[position] == quote && bytes[position + 1] == quote
                && bytes[position + 2] == quote
        }
        /// The header check of the line that starts at `start` (outside any string).
        func badHeader(at start: Int) -> String? {
            var first = start
            while first < count, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
            guard first < count, bytes[first] == UInt8(ascii: "[") else { return nil }
            let end = bytes[first...].firstIndex(of: UInt8(ascii: "\n")) ?? count
            return badTableHeaderStart(Substring(String(decoding: bytes[first..<end], as: UTF8.self)))
        }
        if let found = badHeader(at: index) { return (line, .badTableHeaderStart(found)) }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                if let found = badHeader(at: index) { return (line, .badTableHeaderStart(found)) }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "#"):
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "}") where expectingValue:
                return (line, .closingBraceWhereAValueMustStart)
            case UInt8(ascii: "["), UInt8(ascii: ","):
                expectingValue = true
                index += 1
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // A string: skipped whole, its line breaks counted (a multi-line one ends at a run of 3 to 5 quotes).
                let escapes = byte == UInt8(ascii: "\"")
                expectingValue = false
                if isQuoteRun(byte, at: index) {
                    index += 3
                    while index < count {
                        if escapes, bytes[index] == UInt8(ascii: "\\") {
                            index += 1
                            if index < count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                            index += 1
                        } else if isQuoteRun(byte, at: index) {
                            while index < count, bytes[index] == byte { index += 1 }
                            break
                        } else {
                            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                            index += 1
                        }
                    }
                } else {
                    index += 1
                    while index < count, bytes[index] != byte, bytes[index] != UInt8(ascii: "\n") {
                        index += escapes && bytes[index] == UInt8(ascii: "\\") && index + 1 < count
                            && bytes[index + 1] != UInt8(ascii: "\n") ? 2 : 1
                    }
                    if index < count, bytes[index] == byte { index += 1 }
                }
            default:
                expectingValue = false
                index += 1
            }
        }
        return nil
    }

    private static func convertTable(_ table: TOMLTable) -> [(key: String, value: TOMLData)] {
        var pairs: [(key: String, value: TOMLData)] = []
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            pairs.append((key, convertValue(value)))
        }
        return pairs
    }

    private static func convertValue(_ value: any TOMLValueConvertible) -> TOMLData {
        switch value.type {
        case .string: return .string(value.string ?? "")
        case .int: return .integer(value.int ?? 0)
        case .double: return .double(value.double ?? 0)
        case .bool: return .bool(value.bool ?? false)
        case .array: return .array(value.array.map { $0.map(convertValue) } ?? [])
        case .table: return .table(value.table.map(convertTable) ?? [])
        case .date: return .other("a date")
        case .time: return .other("a time")
        case .dateTime: return .other("a date-time")
        }
    }
}
