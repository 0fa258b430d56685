import LexAggAggregation
import LexAggCore
import Synchronization
import Testing

/// A random-word source that gives the batches the test scripts, counting requests.
final class ScriptedRandom: RandomWordProviding, Sendable {
    let descriptor: ProviderDescriptor
    private let batches: Mutex<[[String]]>
    private let counts = Mutex<[Int]>([])

    init(_ id: String, _ batches: [[String]]) {
        descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.randomWords], languages: [.english, Language("zh")!],
            requiresNetwork: false, source: "test:\(id)"
        )
        self.batches = Mutex(batches)
    }

    var requested: [Int] { counts.withLock { $0 } }

    func randomWords(_ request: RandomWordRequest) async throws -> [String] {
        counts.withLock { $0.append(request.count) }
        return batches.withLock { $0.isEmpty ? [] : $0.removeFirst() }
    }
}

@Suite struct RandomWordsTests {
    @Test func aShortBatchIsToppedUpFromTheSameProvider() async throws {
        let source = ScriptedRandom("source", [["a", "b", "c", "d"], ["d", "e"]])
        let answer = try await LookupServiceTests.service([source]).randomWords(language: .english).next(5)
        #expect(answer.words == ["a", "b", "c", "d", "e"])
        #expect(source.requested == [5, 1])
        #expect(answer.provider?.rawValue == "source")
    }

    @Test func aProviderThatGivesNoWordsIsFollowedByTheNextAndSaysSo() async throws {
        let empty = ScriptedRandom("empty", [[]])
        let next = ScriptedRandom("next", [["一", "二"]])
        let answer = try await LookupServiceTests.service([empty, next]).randomWords(language: Language("zh")!).next(2)
        #expect(answer.words == ["一", "二"])
        #expect(answer.failures.map(\.message) == ["gave no random Chinese words"])
        let none = try await LookupServiceTests.service([ScriptedRandom("empty", [[]])]).randomWords(language: Language("zh")!).next(2)
        #expect(none.provider == nil, "no words is not an answer")
    }
}

/// A random-word source on the network that never answers (until cancelled).
final class StalledRandom: RandomWordProviding, Sendable {
    let descriptor = ProviderDescriptor(
        id: ProviderID("stalled")!, displayName: "Stalled", capabilities: [.randomWords], languages: [.english],
        requiresNetwork: true, source: "test:stalled"
    )
    private let asked = Mutex(0)
    var requests: Int { asked.withLock { $0 } }

    func randomWords(_ request: RandomWordRequest) async throws -> [String] {
        asked.withLock { $0 += 1 }
        try await Task.sleep(for: .seconds(3600))
        return []
    }
}

@Suite struct RandomWordsDeadlineTests {
    @Test func aStalledServiceTimesOutAtTheRequestsLimitAndTheLocalListAnswers() async throws {
        let clock = ManualClock()
        let stalled = StalledRandom()
        let local = ScriptedRandom("local", [["a", "b", "c"]])
        let service = LookupService(
            registry: try ProviderRegistry([stalled, local]),
            configuration: .init(aggregation: AggregationOptions(providerTimeout: .seconds(5), deadline: .seconds(8))),
            cache: nil, clock: clock, logger: LookupServiceTests.quiet
        )
        let words = try await service.randomWords(language: .english, options: RequestOptions(timeout: .seconds(2)))
        let next = Task { await words.next(3) }
        while clock.sleeperCount == 0 || stalled.requests == 0 { try await Task.sleep(for: .milliseconds(1)) }
        clock.advance(by: .seconds(2))
        let answer = await next.value
        #expect(answer.words == ["a", "b", "c"])
        #expect(answer.provider?.rawValue == "local")
        #expect(answer.failures.map(\.code) == [.timeout])
        #expect(answer.failures.first?.message == "no answer within 2 s", "the request's timeout, not the configured 5 s")
    }
}
