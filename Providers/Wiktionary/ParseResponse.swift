import LexAggCore
import LexAggHTTP

/// The body of `action=parse&prop=wikitext` (formatversion 2, with the formatversion 1 shapes accepted too), and
/// what the Action API's error bodies mean.
package struct ParseResponse: Decodable {
    var parse: Parse

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

    /// `{"error": {"code": …, "info": …}}`, sent with HTTP 200.
    struct Failure: Decodable {
        var error: APIError
    }

    struct APIError: Decodable {
        var code: String
        var info: String?
    }

    /// The Action API's answers: `missingtitle` and `invalidtitle` are "not found", `ratelimited` a rate limit
    /// (which pauses the host), any other error code the wiki being unavailable; HTML pages, empty bodies and
    /// JSON of another shape are the client's rules.
    package static let policy = ResponsePolicy(
        errorBody: .json(Failure.self) { _, body in verdict(for: body.error) },
        rateLimitPause: .seconds(5)
    )

    static func verdict(for error: APIError) -> ResponsePolicy.Verdict {
        switch error.code {
        case "missingtitle", "invalidtitle":
            return .notFound
        case "ratelimited":
            return .failure(ResponseFailure(.rateLimited, "Wiktionary is rate-limiting us (ratelimited); try again later",
                                                reason: .rateLimited(host: "Wiktionary", retryAfter: nil)))
        default:
            let info = error.info.map { ": \($0)" } ?? ""
            return .failure(ResponseFailure(.unavailable, "Wiktionary reported the error '\(error.code)'\(info)"))
        }
    }
}
