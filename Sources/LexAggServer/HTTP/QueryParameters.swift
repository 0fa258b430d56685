import Foundation
import LexAggAggregation
import LexAggCore

/// A request's query string, read the way HTML forms and Python's `urlencode` write it (`+` is a space), with
/// errors that say which parameter is wrong and what it accepts.
struct QueryParameters {
    private var values: [String: String] = [:]

    /// - Throws: ``APIError`` (400) for a name or value whose percent-encoding is not UTF-8 (`%ff%fe`) or is
    ///   broken (`%zz`): it would otherwise be looked up as the literal text.
    init(_ query: String?) throws(APIError) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try Self.decode(parts[0])
            guard !key.isEmpty, values[key] == nil else { continue }
            values[key] = parts.count > 1 ? try Self.decode(parts[1]) : ""
        }
    }

    static func decode(_ text: Substring) throws(APIError) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard spaced.utf8.contains(UInt8(ascii: "%")) else { return spaced }
        guard let decoded = spaced.removingPercentEncoding else {
            throw APIError(.invalidRequest, "'\(text.prefix(64))' in the query string is not percent-encoded UTF-8")
        }
        return decoded
    }

    /// The value, `nil` when absent or empty.
    subscript(_ name: String) -> String? {
        values[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    func required(_ name: String, example: String) throws(APIError) -> String {
        guard let value = self[name] else {
            throw APIError(.invalidRequest, "the query parameter '\(name)' is required, e.g. \(example)")
        }
        return value
    }

    func language(_ name: String) throws(APIError) -> Language? {
        guard let text = self[name] else { return nil }
        guard let language = Language(text) else {
            throw APIError(.invalidRequest, "'\(text)' is not a language code for '\(name)'; use an ISO 639 code such as en, de, fr, es")
        }
        return language
    }

    func strategy() throws(APIError) -> LookupStrategy? {
        guard let text = self["strategy"] else { return nil }
        guard let strategy = LookupStrategy(rawValue: text.lowercased()) else {
            throw APIError(.invalidRequest, "'strategy' is one of \(LookupStrategy.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        return strategy
    }

    /// `timeout` in seconds (above 0, at most 600), as the CLI's `--timeout`.
    func timeout() throws(APIError) -> Duration? {
        guard let text = self["timeout"] else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 600 else {
            throw APIError(.invalidRequest, "'timeout' is a number of seconds above 0 and at most 600, not '\(text)'")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    func flag(_ name: String) throws(APIError) -> Bool {
        guard let text = self[name]?.lowercased() else { return values[name] != nil }
        switch text {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: throw APIError(.invalidRequest, "'\(name)' is true or false, not '\(text)'")
        }
    }

    func integer(_ name: String, default value: Int, range: ClosedRange<Int>) throws(APIError) -> Int {
        guard let text = self[name] else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw APIError(.invalidRequest, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// `providers=a,b` as names, in order.
    var providers: [String]? {
        self["providers"].map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// The request options every lookup route shares.
    func requestOptions(suggest: Bool = true) throws(APIError) -> RequestOptions {
        RequestOptions(
            providers: providers, strategy: try strategy(), timeout: try timeout(), offline: try flag("offline"),
            noCache: try flag("no_cache"), refresh: try flag("refresh"), suggest: suggest
        )
    }
}
