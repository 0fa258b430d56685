/// The scheme, host and port of a service: what a `LEXAGG_*_ENDPOINT` variable may override.
public struct BaseURL: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    public let host: String
    public let port: Int?

    /// Parses `http(s)://host[:port]` with an optional trailing `/`; `nil` for anything else (paths, queries,
    /// user info, other schemes).
    public init?(_ text: String) {
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") { scheme = "https" } else if lowered.hasPrefix("http://") {
            scheme = "http"
        } else {
            return nil
        }
        var rest = Substring(text.dropFirst(scheme.count + 3))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        // ASCII text (every endpoint in practice) is checked byte by byte: the same answers, without a search of the
        // forbidden characters for each Character (55,000 instructions for one URL, every online lookup).
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        guard !rest.isEmpty,
              !(ascii ? rest.utf8.contains(where: Self.isForbidden)
                      : rest.contains(where: { "/?#@ \\%".contains($0) || $0.isWhitespace }))
        else { return nil }
        var host = rest
        var port: Int?
        if rest.hasPrefix("[") {
            // IPv6 literal: [::1] or [::1]:8080
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[...close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let value = Int(after.dropFirst()) else { return nil }
                port = value
            }
        } else if let colon = rest.lastIndex(of: ":") {
            guard let value = Int(rest[rest.index(after: colon)...]) else { return nil }
            host = rest[..<colon]
            port = value
        }
        if let port, !(1...65_535).contains(port) { return nil }
        guard !host.isEmpty,
              ascii ? host.utf8.allSatisfy(Self.isHostByte)
                    : host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) })
        else { return nil }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port
    }

    /// `host` or `host:port`: the key for per-host limits.
    public var authority: String { port.map { "\(host):\($0)" } ?? host }

    /// `/ ? # @ space \ %` and ASCII white space (tab, line feed, vertical tab, form feed, carriage return).
    private static func isForbidden(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x09...0x0D, 0x20, UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"),
             UInt8(ascii: "\\"), UInt8(ascii: "%"): true
        default: false
        }
    }

    /// An ASCII letter or digit, or `- . : [ ]`.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"): true
        default: false
        }
    }

    public var description: String { "\(scheme)://\(authority)" }

    /// The absolute URL for `path` (which must start with `/`) and `query`, each value percent-encoded.
    public func url(path: String, query: [(String, String)]) -> String {
        var url = description + path
        if !query.isEmpty {
            url += "?" + query.map { "\(percentEncode($0.0))=\(percentEncode($0.1))" }.joined(separator: "&")
        }
        return url
    }
}

/// Percent-encodes `text` as UTF-8 for use as one query name or value (or one path segment): everything but
/// the RFC 3986 unreserved characters is escaped, so `&`, `=`, `?`, `#`, `/`, `%` and `+` cannot change the
/// meaning of the URL.
public func percentEncode(_ text: String) -> String {
    let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E:
            bytes.append(byte)
        default:
            bytes.append(0x25)
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0x0F)])
        }
    }
    return String(decoding: bytes, as: UTF8.self)
}
