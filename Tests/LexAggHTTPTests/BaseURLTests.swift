import LexAggCore
import LexAggHTTP
import Testing

/// `BaseURL` checks ASCII text byte by byte; it must answer as the Character-by-Character parse it replaced, kept
/// here as the reference, on every shape of endpoint.
@Suite struct BaseURLTests {
    /// The parse before the byte-by-byte checks: (scheme, host, port), or nil.
    static func reference(_ text: String) -> (String, String, Int?)? {
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") { scheme = "https" } else if lowered.hasPrefix("http://") { scheme = "http" } else { return nil }
        var rest = Substring(text.dropFirst(scheme.count + 3))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains(where: { "/?#@ \\%".contains($0) || $0.isWhitespace }) else { return nil }
        var host = rest
        var port: Int?
        if rest.hasPrefix("[") {
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
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) })
        else { return nil }
        return (scheme, host.lowercased(), port)
    }

    @Test func asciiEndpointsParseAsTheCharacterParseDid() {
        let pieces = ["http://", "https://", "HTTP://", "ftp://", "example.org", "EXAMPLE.org", "127.0.0.1", "[::1]",
                      ":8080", ":0", ":65536", ":+80", ":x", "/", "/path", "?q", "#f", "user@", " ", "\t", "\r\n",
                      "%20", "\\", "-", ".", "_", "[", "]", "a", "Z", "9", ""]
        var random = SeededGenerator(seed: 2229)
        var checked = 0
        for _ in 0..<20_000 {
            // Mostly a scheme first, then up to four pieces: most of them valid or nearly.
            let scheme = ["http://", "https://", "HTTPS://", ""].randomElement(using: &random)!
            let text = scheme + (0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let parsed = BaseURL(text).map { ($0.scheme, $0.host, $0.port) }
            let expected = Self.reference(text)
            #expect(parsed?.0 == expected?.0 && parsed?.1 == expected?.1 && parsed?.2 == expected?.2, "\(text.debugDescription)")
            if expected != nil { checked += 1 }
        }
        #expect(checked > 2_000)  // the pieces make enough valid endpoints for the comparison to mean something
    }
}
