/// A validated value of one configuration key.
public enum ConfigValue: Sendable, Hashable {
    case string(String)
    case strings([String])
    case number(Double)
    case bool(Bool)
    /// A duration in whole seconds.
    case duration(seconds: Int)

    /// The value as TOML source (`"merge"`, `8`, `["en", "de"]`, `"7d"`).
    public var tomlLiteral: String {
        switch self {
        case .string(let text): Self.quoted(text)
        case .strings(let list): "[" + list.map(Self.quoted).joined(separator: ", ") + "]"
        case .number(let number): Self.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .duration(let seconds): Self.quoted(DurationText.format(seconds: seconds))
        }
    }

    /// The value for people (`merge`, `8`, `en, de`, `7d`).
    public var displayText: String {
        switch self {
        case .string(let text): text
        case .strings(let list): list.joined(separator: ", ")
        case .number(let number): Self.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .duration(let seconds): DurationText.format(seconds: seconds)
        }
    }

    var number: Double? { if case .number(let value) = self { value } else { nil } }
    var string: String? { if case .string(let value) = self { value } else { nil } }
    var strings: [String]? { if case .strings(let value) = self { value } else { nil } }
    var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    var seconds: Int? { if case .duration(let value) = self { value } else { nil } }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A TOML basic string with the escapes TOML requires.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
