#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import Logging

/// What the client never shows: secret query values, secret header values, and credential values wherever a
/// server echoes them.
enum Redaction {
    static let placeholder = "<redacted>"

    /// Header names whose values are secrets whatever the request says.
    static let sensitiveHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-secret", "x-api-key",
    ]

    /// Whether a query item or header of this name carries a secret (`key`, `api_key`, `apikey`, `secret`,
    /// `token`, `password`).
    static func isSensitive(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if sensitiveHeaders.contains(lowered) { return true }
        return ["key", "secret", "token", "password", "passwd"].contains { lowered.contains($0) }
    }

    /// `url` with the values of sensitive query items replaced.
    static func url(_ url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let items = url[url.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false)
        let redacted = items.map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = String(item[..<equals])
            return isSensitive(percentDecoded(name)) ? "\(name)=\(placeholder)" : String(item)
        }
        return url[..<mark] + "?" + redacted.joined(separator: "&")
    }

    /// `fields` as `Name: value` with sensitive values (and every credential) replaced.
    static func headers(_ fields: [HTTPField], credentials: Set<String> = []) -> String {
        fields.map { field in
            let secret = isSensitive(field.name) || credentials.contains(field.name.lowercased())
            return "\(field.name): \(secret ? placeholder : field.value)"
        }.joined(separator: ", ")
    }

    /// `text` with every value in `secrets` replaced.
    static func scrub(_ text: String, secrets: [String]) -> String {
        var text = text
        for secret in secrets where !secret.isEmpty && text.contains(secret) {
            text = text.replacing(secret, with: placeholder)
        }
        return text
    }

    private static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The origin of a URL (scheme, host, effective port), and resolving a redirect's `Location` against the URL
/// that was requested.
struct Origin: Hashable, Sendable, CustomStringConvertible {
    var scheme: String
    var host: String
    var port: Int

    init(_ base: BaseURL) {
        scheme = base.scheme
        host = base.host
        port = base.port ?? (base.scheme == "https" ? 443 : 80)
    }

    var description: String { "\(scheme)://\(host):\(port)" }

    /// Loopback hosts, where plain `http` cannot be overheard.
    var isLoopback: Bool { Origin.isLoopback(host) }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "[::1]" || host.hasSuffix(".localhost")
    }

    /// Splits an absolute `http(s)` URL into its base (scheme, host, port) and the rest (path and query);
    /// `nil` for other schemes and for user info.
    static func split(_ url: String) -> (base: BaseURL, rest: String)? {
        guard let separator = url.firstRange(of: "://") else { return nil }
        let afterScheme = url[separator.upperBound...]
        let isDelimiter: (Character) -> Bool = { $0 == "/" || $0 == "?" || $0 == "#" }
        let authorityEnd: Substring.Index = afterScheme.firstIndex(where: isDelimiter) ?? afterScheme.endIndex
        guard let base = BaseURL(String(url[..<authorityEnd])) else { return nil }
        var rest = String(afterScheme[authorityEnd...])
        if let hash = rest.firstIndex(of: "#") { rest = String(rest[..<hash]) }
        if !rest.hasPrefix("/") { rest = "/" + rest }
        return (base, rest)
    }

    /// The absolute URL a `Location` value points to, from the URL that answered with it.
    static func resolve(_ location: String, against current: String) -> String? {
        let location = location.trimmingWhitespace()
        guard !location.isEmpty, let (base, currentRest) = split(current) else { return nil }
        if location.lowercased().hasPrefix("http://") || location.lowercased().hasPrefix("https://") {
            guard let (target, rest) = split(location) else { return nil }
            return target.description + rest
        }
        if location.hasPrefix("//") { return resolve("\(base.scheme):\(location)", against: current) }
        if location.hasPrefix("/") { return base.description + location }
        // Relative to the current path's directory.
        let path = currentRest.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        let directory = path.hasSuffix("/") ? path : String(path[...(path.lastIndex(of: "/") ?? path.startIndex)])
        return base.description + directory + location
    }
}
