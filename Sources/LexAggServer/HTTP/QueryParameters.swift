import Foundation
import LexAggAggregation
import LexAggCore

/// A request's query string, read the way HTML forms and Python's `urlencode` write it (`+` is a space), with
/// errors that say which parameter is wrong and what it accepts.
struct QueryParameters {
    private var values: [String: String] = [:]
    /// Values whose percent-encoding is not UTF-8 (`%ff%fe`) or is broken (`%zz`), as sent: an error when a route
    /// reads one (it would otherwise be looked up as the literal text), ignored when none does (`utm=%E9`).
    private var undecodable: [String: String] = [:]

    init(_ query: String?) {
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = Self.decode(parts[0]), !key.isEmpty, values[key] == nil, undecodable[key] == nil else { continue }
            let raw = parts.count > 1 ? parts[1] : ""
            if let value = Self.decode(raw) { values[key] = value } else { undecodable[key] = String(raw) }
        }
    }

    /// `text` with `+` as a space and percent-decoded; nil when that is not UTF-8.
    static func decode(_ text: Substring) -> String? {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard spaced.utf8.contains(UInt8(ascii: "%")) else { return spaced }
        return spaced.removingPercentEncoding
    }

    /// The value of `name`, `nil` when absent or empty.
    /// - Throws: ``APIError`` (400) when it was sent but is not percent-encoded UTF-8.
    func text(_ name: String) throws(APIError) -> String? {
        if let raw = undecodable[name] {
            throw APIError(.invalidRequest, "'\(name)=\(raw.prefix(64))' in the query string is not percent-encoded UTF-8")
        }
        return values[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    func required(_ name: String, example: String) throws(APIError) -> String {
        guard let value = try text(name) else {
            throw APIError(.invalidRequest, "the query parameter '\(name)' is required, e.g. \(example)")
        }
        return value
    }

    func language(_ name: String) throws(APIError) -> Language? {
        guard let text = try text(name) else { return nil }
        guard let language = Language(text) else {
            throw APIError(.invalidRequest, "'\(text)' is not a language code for '\(name)'; use an ISO 639 code such as en, de, fr, es")
        }
        return language
    }

    func strategy() throws(APIError) -> LookupStrategy? {
        guard let text = try text("strategy") else { return nil }
        guard let strategy = LookupStrategy(rawValue: text.lowercased()) else {
            throw APIError(.invalidRequest, "'strategy' is one of \(LookupStrategy.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        return strategy
    }

    /// `timeout` in seconds (above 0, at most 600), as the CLI's `--timeout`.
    func timeout() throws(APIError) -> Duration? {
        guard let text = try text("timeout") else { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 600 else {
            throw APIError(.invalidRequest, "'timeout' is a number of seconds above 0 and at most 600, not '\(text)'")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    func flag(_ name: String) throws(APIError) -> Bool {
        guard let text = try text(name)?.lowercased() else { return values[name] != nil }
        switch text {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default: throw APIError(.invalidRequest, "'\(name)' is true or false, not '\(text)'")
        }
    }

    func integer(_ name: String, default value: Int, range: ClosedRange<Int>) throws(APIError) -> Int {
        guard let text = try text(name) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw APIError(.invalidRequest, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// `providers=a,b` as names, in order.
    func providers() throws(APIError) -> [String]? {
        try text("providers").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
    }

    /// The request options every lookup route shares.
    func requestOptions(suggest: Bool = true) throws(APIError) -> RequestOptions {
        RequestOptions(
            providers: try providers(), strategy: try strategy(), timeout: try timeout(), offline: try flag("offline"),
            noCache: try flag("no_cache"), refresh: try flag("refresh"), suggest: suggest
        )
    }
}
