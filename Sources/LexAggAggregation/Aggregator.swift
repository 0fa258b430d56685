import LexAggCore

/// Asks several providers and gathers their answers and outcomes.
///
/// Online providers run concurrently, each in its own child task; offline ones (local files, microseconds
/// each) run one after another in the calling task, so an offline lookup never starts the concurrency thread
/// pool. One provider's failure never hides another's answer. Entries come back in the order the providers
/// were given (their priority), whatever order they finish in.
public struct Aggregator: Sendable {
    private let clock: ContinuousClock

    public init() {
        self.clock = ContinuousClock()
    }

    /// Looks `query` up in every provider of `providers`.
    public func define(_ query: LookupQuery, using providers: [any DefinitionProviding]) async -> AggregatedResult {
        await fanOut(providers.map { provider in
            Job(id: provider.descriptor.id, online: provider.descriptor.requiresNetwork) { try await provider.lookup(query) }
        })
    }

    /// Translates `query` with every provider of `providers`.
    public func translate(_ query: TranslationQuery, using providers: [any TranslationProviding]) async
        -> AggregatedResult
    {
        await fanOut(providers.map { provider in
            Job(id: provider.descriptor.id, online: provider.descriptor.requiresNetwork) { try await provider.translate(query) }
        })
    }

    private struct Job: Sendable {
        var id: ProviderID
        var online: Bool
        var run: @Sendable () async throws -> LookupResult
    }

    private func fanOut(_ jobs: [Job]) async -> AggregatedResult {
        let clock = self.clock
        @Sendable func perform(_ job: Job) async -> (LookupResult?, ProviderOutcome) {
            let start = clock.now
            do {
                let result = try await job.run()
                let count = result.entries.filter { !$0.isEmpty }.count
                let status: ProviderOutcome.Status = count == 0 ? .empty : .answered(entries: count)
                return (result, ProviderOutcome(provider: job.id, status: status, latency: clock.now - start))
            } catch {
                let wrapped = ProviderError.wrapping(error, provider: job.id)
                return (nil, ProviderOutcome(provider: job.id, status: .failed(wrapped), latency: clock.now - start))
            }
        }

        var answers: [(Int, LookupResult?, ProviderOutcome)] = []
        let online = jobs.enumerated().filter { $0.element.online }
        if !online.isEmpty {
            answers = await withTaskGroup(of: (Int, LookupResult?, ProviderOutcome).self) { group in
                for (index, job) in online {
                    group.addTask { @concurrent in
                        let (result, outcome) = await perform(job)
                        return (index, result, outcome)
                    }
                }
                var collected: [(Int, LookupResult?, ProviderOutcome)] = []
                for await answer in group { collected.append(answer) }
                return collected
            }
        }
        for (index, job) in jobs.enumerated() where !job.online {
            let (result, outcome) = await perform(job)
            answers.append((index, result, outcome))
        }
        answers.sort { $0.0 < $1.0 }
        return AggregatedResult(
            entries: answers.flatMap { $0.1?.entries.filter { !$0.isEmpty } ?? [] },
            outcomes: answers.map(\.2)
        )
    }
}
