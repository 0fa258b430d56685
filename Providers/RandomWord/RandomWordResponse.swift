import LexAggCore
import LexAggHTTP

/// Reads random-word-api answers (arrays of strings, or HTTP 403 with `{"Error": "…"}`) and cleans word lists.
package enum RandomWordResponse {
    struct WireError: Decodable {
        var error: String

        enum CodingKeys: String, CodingKey { case error = "Error" }
    }

    /// The service's answers: every failure is HTTP 403 with `{"Error": "…"}` — "You hit the rate limit…" is a
    /// rate limit (retry after 5 s, the service's window; it pauses the host), "No translation for this language"
    /// an unsupported language, anything else the service refusing; an HTML page (Heroku's "Application error")
    /// is the client's rule.
    package static func policy(language: Language?) -> ResponsePolicy {
        ResponsePolicy(
            errorBody: .json(WireError.self) { status, body in
                status == 403 ? .failure(failure(message: body.error, language: language)) : nil
            },
            rateLimitPause: .seconds(5)
        )
    }

    static func failure(message: String, language: Language?) -> ResponseFailure {
        let lowered = message.lowercased()
        if lowered.contains("rate limit") {
            return ResponseFailure(
                .rateLimited, "random-word-api allows one request every few seconds; try again shortly",
                retryAfter: .seconds(5)
            )
        }
        if lowered.contains("no translation") {
            let name = language.map { "\($0.englishName) (\($0.code))" } ?? "that language"
            return ResponseFailure(.unsupportedLanguage, "random-word-api has no word list for \(name)")
        }
        return ResponseFailure(.unavailable, "random-word-api refused the request (HTTP 403): \(message)")
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
