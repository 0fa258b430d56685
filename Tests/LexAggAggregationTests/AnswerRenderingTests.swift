@testable import LexAggAggregation
import LexAggCore
import Synchronization
import Testing

/// Consumers' renderings of answers (the HTTP API's bodies), kept by the memo beside the answers they render.
@Suite struct AnswerRenderingTests {
    /// A rendering that counts how often it runs.
    final class Counting: Sendable {
        private let calls = Mutex(0)
        var count: Int { calls.withLock { $0 } }

        func rendering(_ name: String = "test") -> AnswerRendering<String> {
            AnswerRendering(name: name) { [self] answer in
                calls.withLock { $0 += 1 }
                return "\(name): " + answer.entries.flatMap(\.allSenses).map(\.definition).joined(separator: "; ")
            }
        }
    }

    @Test func aKeptAnswerIsRenderedOnceAndTheRenderingGoesWithIt() async throws {
        let clock = ManualClock()
        let table = TableProvider("table", words: ["house": "a building"])
        let service = try AnswerMemoTests.service([table], clock: clock, limits: .init(entries: 100, lifetime: .seconds(60)))
        let counting = Counting()
        let body = counting.rendering()
        let query = try LookupQuery("house")

        let fresh = try await service.define(query, rendering: body)
        #expect(fresh.output == "test: a building")
        #expect(counting.count == 1, "a fresh answer is rendered as it is")
        let kept = try await service.define(query, rendering: body)
        #expect(counting.count == 2, "the kept answer is rendered once…")
        for _ in 0..<3 {
            let again = try await service.define(query, rendering: body)
            #expect(again.output == kept.output)
            guard case .cache = again.answer.result.outcomes.first?.origin else {
                Issue.record("the answer with a kept rendering is not the memo's: \(again.answer.result.outcomes)")
                return
            }
        }
        #expect(counting.count == 2, "…and its rendering is sent again")
        #expect(table.requests == ["define:house"])

        // Another rendering of the same answer is made and kept on its own.
        let other = counting.rendering("other")
        #expect(try await service.define(query, rendering: other).output == "other: a building")
        _ = try await service.define(query, rendering: other)
        #expect(counting.count == 3)

        // The rendering lives as long as its answer: when the answer expires or is forgotten, both are made again.
        clock.advance(by: .seconds(61))
        _ = try await service.define(query, rendering: body)
        _ = try await service.define(query, rendering: body)
        #expect(table.requests.count == 2)
        #expect(counting.count == 5, "rendered fresh, then the new kept answer once")
        service.memo?.removeAll()
        _ = try await service.define(query, rendering: body)
        #expect(table.requests.count == 3)
        #expect(counting.count == 6)

        // `refresh` asks the sources every time, so every answer is rendered.
        for _ in 0..<2 { _ = try await service.define(query, options: RequestOptions(refresh: true), rendering: body) }
        #expect(table.requests.count == 5)
        #expect(counting.count == 8)
    }

    @Test func translationsAreRenderedOncePerKeptAnswerToo() async throws {
        let table = TableProvider("table", words: ["house": "Haus"], pairs: [LanguagePair(source: .english, target: .german)])
        let service = try AnswerMemoTests.service([table], clock: ManualClock())
        let counting = Counting()
        let query = try TranslationQuery("house", from: .english, to: .german)
        for _ in 0..<4 { _ = try await service.translate(query, rendering: counting.rendering()) }
        #expect(table.requests == ["translate:house"])
        #expect(counting.count == 2)
    }

    @Test func withoutAMemoEveryAnswerIsRendered() async throws {
        let table = TableProvider("table", words: ["house": "a building"])
        let service = LookupService(
            registry: try ProviderRegistry([table]), cache: nil, clock: ManualClock(), logger: LookupServiceTests.quiet
        )
        let counting = Counting()
        for _ in 0..<3 { _ = try await service.define(try LookupQuery("house"), rendering: counting.rendering()) }
        #expect(counting.count == 3)
        #expect(table.requests.count == 3)
    }

    /// A rendering made from an answer that was replaced (or forgotten) while it was being made is not kept with the
    /// new answer: it would be a rendering of something else.
    @Test func aRenderingOfAReplacedAnswerIsNotKept() async throws {
        let clock = ManualClock()
        let table = TableProvider("table", words: ["house": "a building"])
        let service = try AnswerMemoTests.service([table], clock: clock)
        let memo = try #require(service.memo)
        let answer = try await service.define(try LookupQuery("house"))
        let key = AnswerMemo<ManualClock>.Key(kind: .define, term: "house", language: nil, options: RequestOptions())

        let first = try #require(memo.kept(for: key, rendering: "body", providers: 0))
        #expect(first.rendering == nil)
        memo.store(answer, for: key, providers: 0)  // replaced while "body" was being made
        memo.attach("stale", named: "body", to: key, serial: first.serial)
        let second = try #require(memo.kept(for: key, rendering: "body", providers: 0))
        #expect(second.rendering == nil)
        #expect(second.serial != first.serial)

        memo.attach("current", named: "body", to: key, serial: second.serial)
        #expect(memo.kept(for: key, rendering: "body", providers: 0)?.rendering as? String == "current")

        // Forgetting everything does not reuse serials: an old rendering cannot land on a new answer.
        memo.removeAll()
        memo.store(answer, for: key, providers: 0)
        memo.attach("old", named: "body", to: key, serial: second.serial)
        #expect(memo.kept(for: key, rendering: "body", providers: 0)?.rendering == nil)
    }
}
