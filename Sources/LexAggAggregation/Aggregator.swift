import LexAggCore

/// Asks several providers at once and gathers their answers and outcomes.
///
/// Every provider runs in its own child task; one provider's failure never hides another's answer.
/// Entries come back in the order the providers were given (their priority), whatever order they finish in.
public struct Aggregator: Sendable {
    private let clock: ContinuousClock

    public init() {
        self.clock = ContinuousClock()
    }

    /// Looks `query` up in every provider of `providers`.
    public func define(_ query: LookupQuery, using providers: [any DefinitionProviding]) async -> AggregatedResult {
        await fanOut(providers.map { provider in (provider.descriptor.id, { try await provider.lookup(query) }) })
    }

    /// Translates `query` with every provider of `providers`.
    public func translate(_ query: TranslationQuery, using providers: [any TranslationProviding]) async
        -> AggregatedResult
    {
        await fanOut(providers.map { provider in (provider.descriptor.id, { try await provider.translate(query) }) })
    }

    private typealias Job = (id: ProviderID, run: @Sendable () async throws -> LookupResult)

    private func fanOut(_ jobs: [Job]) async -> AggregatedResult {
        let clock = self.clock
        let answers = await withTaskGroup(of: (Int, LookupResult?, ProviderOutcome).self) { group in
            for (index, (id, run)) in jobs.enumerated() {
                group.addTask {
                    let start = clock.now
                    do {
                        let result = try await run()
                        let elapsed = clock.now - start
                        let count = result.entries.filter { !$0.isEmpty }.count
                        let status: ProviderOutcome.Status = count == 0 ? .empty : .answered(entries: count)
                        return (index, result, ProviderOutcome(provider: id, status: status, latency: elapsed))
                    } catch {
                        let elapsed = clock.now - start
                        let wrapped = ProviderError.wrapping(error, provider: id)
                        return (index, nil, ProviderOutcome(provider: id, status: .failed(wrapped), latency: elapsed))
                    }
                }
            }
            var collected: [(Int, LookupResult?, ProviderOutcome)] = []
            for await answer in group { collected.append(answer) }
            return collected.sorted { $0.0 < $1.0 }
        }
        return AggregatedResult(
            entries: answers.flatMap { $0.1?.entries.filter { !$0.isEmpty } ?? [] },
            outcomes: answers.map(\.2)
        )
    }
}
