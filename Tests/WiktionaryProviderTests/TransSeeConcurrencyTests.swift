import Foundation
import LexAggCore
import ProviderConformance
import Testing
import WiktionaryProvider

/// `translate` reads the pages `{{trans-see}}` references name concurrently, a few at a time, and keeps the page's
/// order: up to twelve went one after another.
@Suite struct TransSeeConcurrencyTests {
    private func page(_ title: String, _ wikitext: String) -> String {
        let body = try! JSONSerialization.data(withJSONObject: ["parse": ["title": title, "pageid": 7, "wikitext": wikitext]])
        return String(decoding: body, as: UTF8.self)
    }

    private func table(_ gloss: String, _ german: String) -> String {
        "==English==\n===Noun===\n# A [[thing]].\n\n====Translations====\n{{trans-top|\(gloss)}}\n* German: {{t+|de|\(german)}}\n{{trans-bottom}}\n"
    }

    @Test func referencedPagesAreReadConcurrentlyInTheirOrder() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        server.route(WiktionaryReplay.path, query: ["page": "pie"], .json(page("pie",
            "==English==\n===Noun===\n{{en-noun}}\n# A [[baked]] [[dish]].\n\n====Translations====\n"
                + "{{trans-see|pizza}}\n{{trans-see|pie chart|pie chart|pie graph}}\n{{trans-see|tart}}\n{{trans-see|pastry}}\n")))
        // The first page answers last: the answers still come in the page's order.
        for (title, german, delay) in [
            ("pizza", "Pizza", 600), ("pie chart", "Tortendiagramm", 300), ("pie graph", "Kreisdiagramm", 300),
            ("tart", "Törtchen", 300), ("pastry", "Gebäck", 100),
        ] {
            server.route(WiktionaryReplay.path, query: ["page": title], .json(page(title, table(title, german))).delayed(by: .milliseconds(delay)))
        }
        let provider = WiktionaryReplay.provider(server)
        let german = try await provider.translate(try TranslationQuery("pie", from: .english, to: .german))
        #expect(german.entries.flatMap(\.translations).map { "\($0.text) \($0.notes)" } == [
            "Pizza [\"see pizza\"]", "Tortendiagramm [\"see pie chart\"]", "Kreisdiagramm [\"see pie graph\"]",
            "Törtchen [\"see tart\"]", "Gebäck [\"see pastry\"]",
        ])
        // Several at once, never more than Wikimedia asks for (three).
        #expect(server.maximumConcurrentRequests > 1)
        #expect(server.maximumConcurrentRequests <= 3)
        #expect(server.requests.count == 6)
    }

    /// A referenced page that is missing or fails adds nothing; the others are still read.
    @Test func aFailingReferencedPageAddsNothing() async throws {
        let server = try await WiktionaryReplay.start()
        defer { Task { await server.shutdown() } }
        server.route(WiktionaryReplay.path, query: ["page": "pie"], .json(page("pie",
            "==English==\n===Noun===\n# A [[dish]].\n\n====Translations====\n{{trans-see|nowhere}}\n{{trans-see|broken}}\n{{trans-see|pizza}}\n")))
        server.route(WiktionaryReplay.path, query: ["page": "broken"], .text("<html>busy</html>", status: 503, contentType: "text/html"))
        server.route(WiktionaryReplay.path, query: ["page": "pizza"], .json(page("pizza", table("pizza", "Pizza"))))
        let provider = WiktionaryReplay.provider(server)
        let german = try await provider.translate(try TranslationQuery("pie", from: .english, to: .german))
        #expect(german.entries.flatMap(\.translations).map(\.text) == ["Pizza"])
    }
}
