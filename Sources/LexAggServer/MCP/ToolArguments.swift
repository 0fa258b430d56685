import Foundation
import LexAggCore
import MCP

/// Why a tool call cannot be answered: a bad argument, a request the lookup service refuses, a failed lookup. The
/// client gets it as a tool error (`isError: true`, the message as text), never as a protocol error.
struct ToolFailure: Error, Sendable {
    var message: String
    /// The document to send beside the message, when there is one (the outcomes of a failed lookup).
    var structured: Value?

    init(_ message: String, structured: Value? = nil) {
        self.message = message
        self.structured = structured
    }
}

/// A tool call's arguments, read with errors that say what was expected.
struct ToolArguments {
    let tool: String
    private let values: [String: Value]

    /// Checks that every argument is one `tool` takes (`accepted`), so a misspelt name is an error, not ignored.
    init(tool: String, _ values: [String: Value]?, accepted: [String]) throws(ToolFailure) {
        self.tool = tool
        self.values = values ?? [:]
        for name in self.values.keys.sorted() where !accepted.contains(name) {
            throw ToolFailure(
                "unknown argument '\(name)' for \(tool); it takes " + accepted.map { "'\($0)'" }.joined(separator: ", ")
            )
        }
    }

    /// A string argument; `nil` when absent or null.
    func string(_ name: String) throws(ToolFailure) -> String? {
        guard let value = values[name], !value.isNull else { return nil }
        guard let text = value.stringValue else {
            throw ToolFailure("'\(name)' must be a string, not \(Self.kind(of: value))")
        }
        return text
    }

    /// A string argument that must be given.
    func requiredString(_ name: String, example: String) throws(ToolFailure) -> String {
        guard let text = try string(name) else {
            throw ToolFailure("\(tool) needs '\(name)' (e.g. \"\(name)\": \"\(example)\")")
        }
        return text
    }

    /// A language code (ISO 639), validated.
    func language(_ name: String) throws(ToolFailure) -> Language? {
        guard let text = try string(name) else { return nil }
        guard let language = Language(text) else {
            throw ToolFailure("'\(text)' is not a language code for '\(name)'; use an ISO 639 code such as en, de, fr, es")
        }
        return language
    }

    /// Provider ids: `"wordnet,wiktionary"` or `["wordnet", "wiktionary"]`.
    func providers(_ name: String = "providers") throws(ToolFailure) -> [String]? {
        guard let value = values[name], !value.isNull else { return nil }
        let names: [String]
        if let text = value.stringValue {
            names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        } else if let array = value.arrayValue {
            var collected: [String] = []
            for item in array {
                guard let text = item.stringValue else {
                    throw ToolFailure("'\(name)' must list provider ids as strings, not \(Self.kind(of: item))")
                }
                collected.append(text)
            }
            names = collected
        } else {
            throw ToolFailure("'\(name)' must be provider ids, as a list or comma-separated, not \(Self.kind(of: value))")
        }
        guard !names.isEmpty else { throw ToolFailure("'\(name)' names no provider") }
        return names
    }

    /// A whole number in `range`; `default` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(ToolFailure) -> Int {
        guard let value = values[name], !value.isNull else { return fallback }
        let number: Int?
        switch value {
        case .int(let int): number = int
        case .double(let double) where double.rounded() == double && abs(double) < 1e15: number = Int(double)
        default: number = nil
        }
        guard let number else { throw ToolFailure("'\(name)' must be a whole number, not \(Self.kind(of: value))") }
        guard range.contains(number) else {
            throw ToolFailure("'\(name)' must be between \(range.lowerBound) and \(range.upperBound), not \(number)")
        }
        return number
    }

    /// A true/false argument; `false` when absent.
    func flag(_ name: String) throws(ToolFailure) -> Bool {
        guard let value = values[name], !value.isNull else { return false }
        guard let flag = value.boolValue else { throw ToolFailure("'\(name)' must be true or false, not \(Self.kind(of: value))") }
        return flag
    }

    /// One of `cases`' raw values.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, of type: T.Type) throws(ToolFailure) -> T?
    where T.RawValue == String {
        guard let text = try string(name) else { return nil }
        guard let choice = T(rawValue: text.lowercased()) else {
            throw ToolFailure("'\(text)' is not a \(name); use one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return choice
    }

    private static func kind(of value: Value) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .int(let number): "the number \(number)"
        case .double(let number): "the number \(number)"
        case .string(let text): "the text \"\(text)\""
        case .data: "data"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
