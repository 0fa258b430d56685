import LexAggCore
import LexAggHTTP
import ProviderConformance
import Testing
import WiktionaryProvider

@Suite struct ParseResponseTests {
    enum Outcome: Equatable {
        case missing
        case page(title: String, wikitext: String)
    }

    /// What the provider makes of `body` through the HTTP client (in memory).
    private func decode(_ body: String, status: Int = 200, contentType: String = "application/json; charset=utf-8")
        async throws -> Outcome
    {
        let transport = FixtureTransport(
            fallback: ReplayResponse(status: status, headers: [("Content-Type", contentType)], body: Array(body.utf8))
        )
        let page = try await Wiktionary(endpoint: transport.baseURL, transport: transport).page("x")
        return page.map { .page(title: $0.title, wikitext: $0.wikitext) } ?? .missing
    }

    @Test(arguments: [
        (#"{"parse":{"title":"cat","pageid":1,"redirects":[],"wikitext":"==English=="}}"#, "cat", "==English=="),
        (#"{"parse":{"title":"red","pageid":3654,"wikitext":{"*":"{{also|Red}}"}}}"#, "red", "{{also|Red}}"),
        (#"{"parse":{"title":"stomachache","redirects":[{"from":"stomach ache","to":"stomachache"}],"wikitext":"x"}}"#,
         "stomachache", "x"),
        (#"  {"warnings":{"main":{"*":"Unrecognized parameter"}},"parse":{"title":"a","wikitext":""}}"#, "a", ""),
    ])
    func pages(body: String, title: String, wikitext: String) async throws {
        #expect(try await decode(body) == .page(title: title, wikitext: wikitext))
    }

    @Test(arguments: [
        #"{"error":{"code":"missingtitle","info":"The page you specified doesn't exist.","docref":"See …"},"servedby":"mw1"}"#,
        #"{"error":{"code":"missingtitle","info":"The page you specified doesn't exist.","*":"See …"}}"#,
        ##"{"error":{"code":"invalidtitle","info":"Bad title \"#hash\"."}}"##,
    ])
    func missing(body: String) async throws {
        #expect(try await decode(body) == .missing)
    }

    @Test(arguments: [
        (#"{"error":{"code":"maxlag","info":"Waiting for a database server"}}"#, "application/json", ProviderError.Code.unavailable),
        (#"{"error":{"code":"ratelimited","info":"slow down"}}"#, "application/json", .rateLimited),
        ("<!DOCTYPE html><html><title>Wikimedia Error</title></html>", "text/html", .unavailable),
        (#"{"parse":{"title":"a","wikitext":"unterminated"#, "application/json", .malformedResponse),
        (#"{"batchcomplete":true}"#, "application/json", .malformedResponse),
        (#"{"parse":{"title":"a"}}"#, "application/json", .malformedResponse),
        ("", "application/json", .malformedResponse),
        ("[1,2,3]", "application/json", .malformedResponse),
    ])
    func failures(body: String, contentType: String, code: ProviderError.Code) async {
        do {
            _ = try await decode(body, contentType: contentType)
            Issue.record("decoded \(body)")
        } catch let error as ProviderError {
            #expect(error.code == code)
            #expect(error.provider == .wiktionary)
            #expect(!error.message.isEmpty)
        } catch {
            Issue.record("non-ProviderError \(error)")
        }
    }
}

@Suite struct LanguageSectionTests {
    @Test(arguments: [
        ("en", "English"), ("es", "Spanish"), ("fr", "French"), ("de", "German"), ("it", "Italian"),
        ("pt", "Portuguese"), ("nl", "Dutch"), ("ro", "Romanian"), ("zh", "Chinese"), ("ja", "Japanese"),
        ("ru", "Russian"), ("fi", "Finnish"), ("mul", "Translingual"), ("sh", "Serbo-Croatian"),
    ])
    func codesNameTheirSection(code: String, name: String) {
        #expect(WiktionaryLanguages.sectionName(forCode: code) == name)
        #expect(WiktionaryLanguages.code(forSectionName: name) == code)
    }
}
