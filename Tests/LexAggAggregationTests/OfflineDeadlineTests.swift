#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import Testing

/// An offline provider that knows nothing and takes `cost` of the test's clock to say so (a loaded machine).
private struct SlowOfflineProvider: DefinitionProviding {
    let descriptor = ProviderDescriptor(
        id: ProviderID("slow-offline")!, displayName: "slow", capabilities: [.define], languages: [.english],
        requiresNetwork: false, source: "test:slow"
    )
    let clock: ManualClock
    let cost: Duration

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        clock.advance(by: cost)
        return .notFound
    }
}

/// The deadline bounds waiting on the network. Offline sources answer at once from local files, so they are asked
/// even once it has passed: an offline answer must not depend on how loaded the machine is (a batch of 1,000 words on
/// a busy machine lost 2–3 % of its answers, lemmas included, to "not asked: the deadline had passed").
@Suite struct OfflineDeadlineTests {
    @Test func offlineProvidersAreAskedAfterTheDeadlineAndOnlineOnesAreNot() async throws {
        let clock = ManualClock()
        let providers: [any DefinitionProviding] = [
            SlowOfflineProvider(clock: clock, cost: .seconds(10)),
            ScriptedProvider("offline", .answer("a definition")),
            ScriptedProvider("online", .answer("from the network"), online: true),
        ]
        let options = AggregationOptions(strategy: .merge, providerTimeout: .seconds(5), deadline: .seconds(8))
        let result = await Aggregator(options: options, clock: clock).define(try LookupQuery("word"), using: providers)
        let status = Dictionary(uniqueKeysWithValues: result.outcomes.map { ($0.provider.rawValue, $0.status) })
        #expect(status["slow-offline"] == .empty)
        #expect(status["offline"] == .answered(entries: 1))
        guard case .failed(let error) = status["online"] else {
            Issue.record("the online provider should have been refused by the deadline: \(String(describing: status["online"]))")
            return
        }
        #expect(error.code == .timeout)
    }

    @Test func anOfflineLemmaIsFollowedAfterTheDeadline() async throws {
        let dictionary = TableProvider("dictionary", words: ["mouse": "a small rodent"])
        let morphology = TableLemmatizer("morphology", ["mice": [FormOf(lemma: "mouse", form: "plural")]])
        // A deadline that has passed before the first provider is asked.
        let service = try LookupServiceTests.service([dictionary, morphology], deadline: .nanoseconds(1))
        let answer = try await service.define(try LookupQuery("mice"))
        #expect(answer.isFound)
        #expect(answer.entries.map(\.headword) == ["mouse"])
        #expect(answer.lemma?.summary == "plural of mouse")
    }

    /// A lemma named twice, each time with several readings, names each reading once (`translate houses` said
    /// "plural or third-person singular or plural or third-person singular of house").
    @Test func aLemmasReadingsAreNamedOnce() async throws {
        let dictionary = TableProvider("dictionary", words: ["house": "a building"])
        let morphology = TableLemmatizer("morphology", ["houses": [
            FormOf(lemma: "house", form: "plural or third-person singular"), FormOf(lemma: "house", form: "third-person singular or plural"),
            FormOf(lemma: "house", form: "plural"),
        ]])
        let answer = try await LookupServiceTests.service([dictionary, morphology]).define(try LookupQuery("houses"))
        #expect(answer.lemma?.summary == "plural or third-person singular of house", "\(String(describing: answer.lemma))")
    }

    @Test func anOfflineLooserSpellingIsTriedAfterTheDeadline() async throws {
        let dictionary = TableProvider("dictionary", words: ["serendipity": "luck in finding"])
        let service = try LookupServiceTests.service([dictionary], deadline: .nanoseconds(1))
        let answer = try await service.define(try LookupQuery("Serendipity"))
        #expect(answer.isFound)
        #expect(answer.matchedAs == "serendipity")
    }
}
