#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// The body of `action=parse&prop=wikitext` (formatversion 2, with the formatversion 1 shapes accepted too).
package enum ParseResponse {
    package enum Outcome: Equatable {
        /// The page does not exist (`missingtitle`, HTTP 200) or cannot exist (`invalidtitle`).
        case missing
        /// The page's title (after redirects) and wikitext.
        case page(title: String, wikitext: String)
    }

    struct Envelope: Decodable {
        var parse: Parse?
        var error: APIError?
    }

    struct Parse: Decodable {
        var title: String
        var wikitext: Wikitext
    }

    /// `"wikitext": "…"` (formatversion 2) or `"wikitext": {"*": "…"}` (formatversion 1).
    struct Wikitext: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.text = text
                return
            }
            let container = try decoder.container(keyedBy: StarKey.self)
            self.text = try container.decode(String.self, forKey: .star)
        }

        enum StarKey: String, CodingKey {
            case star = "*"
        }
    }

    struct APIError: Decodable {
        var code: String
        var info: String?
    }

    /// Interprets a 2xx response.
    /// - Throws: ``LexAggCore/ProviderError``: `.unavailable` for HTML pages and API errors, `.rateLimited` for
    ///   `ratelimited`, `.malformedResponse` for bodies that are not the expected JSON.
    package static func decode(_ response: HTTPResponseData, url: String) throws -> Outcome {
        let body = response.body
        let first = body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        let contentType = response.header("Content-Type")?.lowercased() ?? ""
        if first == UInt8(ascii: "<") || contentType.contains("html") {
            throw ProviderError(
                .unavailable, provider: .wiktionary,
                message: "Wiktionary answered with an HTML page instead of JSON (HTTP \(response.status))",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(body)
            )
        }
        guard first != nil else {
            throw ProviderError(
                .malformedResponse, provider: .wiktionary, message: "Wiktionary answered with an empty body",
                location: url, httpStatus: response.status
            )
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: Data(body))
        } catch {
            throw ProviderError(
                .malformedResponse, provider: .wiktionary,
                message: "Wiktionary's answer is not the JSON expected (truncated or changed format)",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(body),
                underlying: String(describing: error)
            )
        }
        if let error = envelope.error {
            switch error.code {
            case "missingtitle", "invalidtitle":
                return .missing
            case "ratelimited":
                throw ProviderError(
                    .rateLimited, provider: .wiktionary,
                    message: "Wiktionary is rate-limiting us (ratelimited); try again later",
                    location: url, httpStatus: response.status
                )
            default:
                let info = error.info.map { ": \($0)" } ?? ""
                throw ProviderError(
                    .unavailable, provider: .wiktionary,
                    message: "Wiktionary reported the error '\(error.code)'\(info)",
                    location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(body)
                )
            }
        }
        guard let parse = envelope.parse else {
            throw ProviderError(
                .malformedResponse, provider: .wiktionary,
                message: "Wiktionary's answer has neither 'parse' nor 'error'",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(body)
            )
        }
        return .page(title: parse.title, wikitext: parse.wikitext.text)
    }
}
