#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Reads random-word-api answers (arrays of strings, or HTTP 403 with `{"Error": "…"}`) and cleans word lists.
package enum RandomWordResponse {
    struct WireError: Decodable {
        var error: String

        enum CodingKeys: String, CodingKey { case error = "Error" }
    }

    /// The strings of a 2xx or 403 response.
    /// - Throws: ``LexAggCore/ProviderError``: `.rateLimited` ("You hit the rate limit…", retry after 5 s, the
    ///   service's window), `.unsupportedLanguage` ("No translation for this language"), `.unavailable` for other
    ///   403s and HTML pages (Heroku's "Application error"), `.malformedResponse` for other bodies.
    package static func strings(from response: HTTPResponseData, url: String, language: Language?) throws -> [String] {
        let body = response.body
        let first = body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        let contentType = response.header("Content-Type")?.lowercased() ?? ""
        if first == UInt8(ascii: "<") || (contentType.contains("html") && first != UInt8(ascii: "[")) {
            throw ProviderError(
                .unavailable, provider: .randomword,
                message: "random-word-api answered with an HTML page instead of JSON (HTTP \(response.status)); "
                    + "the service is probably down",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(body)
            )
        }
        if response.status == 403 {
            let message = (try? JSONDecoder().decode(WireError.self, from: Data(body)))?.error
            throw error403(message: message, url: url, language: language, excerpt: ProviderHTTPClient.excerpt(body))
        }
        guard first == UInt8(ascii: "[") else {
            throw ProviderError(
                .malformedResponse, provider: .randomword,
                message: first == nil
                    ? "random-word-api answered HTTP \(response.status) with an empty body"
                    : "random-word-api answered with something other than a list of words",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(body)
            )
        }
        do {
            return try JSONDecoder().decode([String].self, from: Data(body))
        } catch {
            throw ProviderError(
                .malformedResponse, provider: .randomword,
                message: "random-word-api's answer is not a list of words (truncated or changed format)",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(body),
                underlying: String(describing: error)
            )
        }
    }

    static func error403(message: String?, url: String, language: Language?, excerpt: String) -> ProviderError {
        let lowered = message?.lowercased() ?? ""
        if lowered.contains("rate limit") {
            return ProviderError(
                .rateLimited, provider: .randomword,
                message: "random-word-api allows one request every few seconds; try again shortly",
                retryAfter: .seconds(5), location: url, httpStatus: 403, excerpt: excerpt
            )
        }
        if lowered.contains("no translation") {
            let name = language.map { "\($0.englishName) (\($0.code))" } ?? "that language"
            return ProviderError(
                .unsupportedLanguage, provider: .randomword,
                message: "random-word-api has no word list for \(name)", location: url, httpStatus: 403
            )
        }
        return ProviderError(
            .unavailable, provider: .randomword,
            message: "random-word-api refused the request (HTTP 403)\(message.map { ": \($0)" } ?? "")",
            location: url, httpStatus: 403, excerpt: excerpt
        )
    }

    /// `words` trimmed, without junk and without repeats (ignoring case, first spelling kept).
    package static func cleaned(_ words: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for word in words {
            let trimmed = HTMLText.collapse(word)
            guard isWord(trimmed), seen.insert(trimmed.lowercased()).inserted else { continue }
            result.append(trimmed)
        }
        return result
    }

    /// Whether `text` looks like a word or short phrase: it has a letter; it has only letters, combining marks,
    /// digits, spaces, hyphens and apostrophes (so `a)` and `一. 结论` are out); and it does not mix Latin letters
    /// with another script (the machine-translation leftovers such as `a 尝试`).
    package static func isWord(_ text: String) -> Bool {
        var hasLetter = false, hasLatin = false, hasOtherScript = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter:
                hasLetter = true
                if isLatin(scalar) { hasLatin = true } else { hasOtherScript = true }
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber:
                continue
            default:
                if scalar == " " || scalar == "-" || scalar == "'" || scalar == "\u{2019}" { continue }
                return false
            }
        }
        return hasLetter && !(hasLatin && hasOtherScript)
    }

    private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF:
            return true
        default:
            return false
        }
    }
}
