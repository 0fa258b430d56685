#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// How a lookup uses its providers.
public enum LookupStrategy: String, Sendable, CaseIterable {
    /// Ask providers one at a time in priority order; stop at the first that knows the word. A failed provider
    /// is simply followed by the next.
    case first
    /// Ask all at once; take the first answer that knows the word and stop the others.
    case fastest
    /// Ask all at once and wait for every answer (within the deadline).
    case merge
}

/// How long a lookup may take and which strategy it follows.
public struct AggregationOptions: Sendable, Hashable {
    public var strategy: LookupStrategy
    /// The longest one provider may take.
    public var providerTimeout: Duration
    /// Limits for particular providers, in place of ``providerTimeout`` (from the configuration file).
    public var providerTimeouts: [ProviderID: Duration] = [:]
    /// The longest the whole lookup may take.
    public var deadline: Duration

    public init(strategy: LookupStrategy = .merge, providerTimeout: Duration = .seconds(5), deadline: Duration = .seconds(8)) {
        self.strategy = strategy
        self.providerTimeout = providerTimeout
        self.deadline = deadline
    }
}

/// Asks providers and gathers their answers and outcomes, within time limits.
///
/// - Online providers run concurrently, each in its own child task, each bounded by ``Options/providerTimeout``
///   and all by ``Options/deadline``: a slow or dead source never delays the answer past the deadline; it is
///   cancelled and reported as timed out.
/// - Offline providers (local files, microseconds each) run one after another in the calling task, so an
///   offline lookup never starts the concurrency thread pool.
/// - One provider's failure never hides another's answer. Entries come back in the order the providers were
///   given (their priority), whatever order they finish in; every provider asked has an outcome.
/// - Cancelling the calling task (Ctrl-C) cancels every provider.
public struct Aggregator<C: Clock>: Sendable where C.Duration == Duration {
    public typealias Options = AggregationOptions

    public let options: Options
    private let clock: C

    /// - Parameter clock: measures latency and times out providers; tests pass a clock they advance by hand.
    public init(options: Options = Options(), clock: C) {
        self.options = options
        self.clock = clock
    }

    /// Looks `query` up with `providers`, in their priority order.
    public func define(_ query: LookupQuery, using providers: [any DefinitionProviding]) async -> AggregatedResult {
        await run(providers.map { provider in
            // One copy of the descriptor, not two: a protocol's stored descriptor is copied whole at each access.
            let descriptor = provider.descriptor
            return Job(id: descriptor.id, online: !descriptor.runsInline,
                run: { try await provider.lookup(query) },
                fallback: Self.fallback(provider, .define(query)), fresh: Self.fresh(provider, .define(query)))
        })
    }

    /// Translates `query` with `providers`, in their priority order.
    public func translate(_ query: TranslationQuery, using providers: [any TranslationProviding]) async
        -> AggregatedResult
    {
        await run(providers.map { provider in
            let descriptor = provider.descriptor
            return Job(id: descriptor.id, online: !descriptor.runsInline,
                run: { try await provider.translate(query) },
                fallback: Self.fallback(provider, .translate(query)), fresh: Self.fresh(provider, .translate(query)))
        })
    }

    private struct Job: Sendable {
        var id: ProviderID
        var online: Bool
        var run: @Sendable () async throws -> LookupResult
        /// A stored answer to serve when the source fails (see ``StoredAnswerProviding``).
        var fallback: (@Sendable () async -> LookupResult?)?
        /// A fresh stored answer, if there is one (see ``StoredAnswerProviding``).
        var fresh: (@Sendable () async -> LookupResult?)? = nil
    }

    private static func fallback(_ provider: any DictionaryProvider, _ request: ProviderRequest)
        -> (@Sendable () async -> LookupResult?)?
    {
        guard let stored = provider.asStoredAnswers else { return nil }
        return { await stored.staleAnswer(to: request) }
    }

    private static func fresh(_ provider: any DictionaryProvider, _ request: ProviderRequest)
        -> (@Sendable () async -> LookupResult?)?
    {
        guard let stored = provider.asStoredAnswers else { return nil }
        return { await stored.freshAnswer(to: request) }
    }

    /// One provider's answer and outcome, and its place in the priority order. A struct, not a tuple: a generic
    /// tuple of these was copied through the runtime's value witnesses (`tuple_initializeWithCopy`), element by
    /// element, at each sort and append.
    private struct Answer {
        var index: Int
        var result: LookupResult?
        var outcome: ProviderOutcome

        init(_ index: Int, _ result: LookupResult?, _ outcome: ProviderOutcome) {
            self.index = index
            self.result = result
            self.outcome = outcome
        }
    }

    private func run(_ jobs: [Job]) async -> AggregatedResult {
        let end = clock.now.advanced(by: options.deadline)
        // An online provider with a fresh stored answer is answered inline, like an offline one: a lookup answered
        // from the cache never starts the thread pool (its outcome says `cache`, from the answer's `cachedAt`).
        var jobs = jobs
        for index in jobs.indices where jobs[index].online {
            guard let stored = await jobs[index].fresh?() else { continue }
            jobs[index].online = false
            jobs[index].run = { stored }
        }
        var answers: [Answer] = []
        // Index loops, not `enumerated()`: the first one of a process costs a scan of the binary's conformance records
        // for its iterator's metadata (half a million instructions, callgrind), a tenth of a cached lookup.
        switch options.strategy {
        case .first:
            for index in jobs.indices {
                let job = jobs[index]
                // Each source waiting on the network gets at most an even share of what is left, so one that
                // stalls cannot leave the ones after it no time at all.
                var waiting = 0
                for later in index..<jobs.count where jobs[later].online { waiting += 1 }
                let answer = await perform(job, index: index, until: end, shareOf: max(1, waiting))
                answers.append(answer)
                if answer.result.map({ !$0.isEmpty }) ?? false { break }
            }
        case .fastest:
            // An offline answer arrives in microseconds: ask those first, and the network only if they lack the word.
            for index in jobs.indices where !jobs[index].online {
                let answer = await perform(jobs[index], index: index, until: end)
                answers.append(answer)
                if answer.result.map({ !$0.isEmpty }) ?? false { return result(answers) }
            }
            answers += await concurrently(onlineJobs(jobs), until: end, stopAtFirstAnswer: true)
        case .merge:
            let online = onlineJobs(jobs)
            if online.isEmpty {
                // No child task at all: an offline lookup never starts the thread pool.
                for index in jobs.indices { answers.append(await perform(jobs[index], index: index, until: end)) }
            } else {
                // Online requests go out first, so offline work overlaps with their round trips.
                async let remote = concurrently(online, until: end, stopAtFirstAnswer: false)
                for index in jobs.indices where !jobs[index].online {
                    answers.append(await perform(jobs[index], index: index, until: end))
                }
                answers += await remote
            }
        }
        return result(answers)
    }

    /// The online jobs with their places. Loops, not `filter`: in this generic type the standard library's generic
    /// `filter` is called unspecialised, and its first use costs a scan of every conformance record of the binary.
    private func onlineJobs(_ jobs: [Job]) -> [(offset: Int, element: Job)] {
        var online: [(offset: Int, element: Job)] = []
        for index in jobs.indices where jobs[index].online { online.append((index, jobs[index])) }
        return online
    }

    private func result(_ answers: [Answer]) -> AggregatedResult {
        // Offline answers come in order already (asked one after another): sorted only when they are not.
        // (A loop: see onlineJobs.)
        var inOrder = true
        if answers.count > 1 {
            for position in 1..<answers.count where answers[position - 1].index > answers[position].index { inOrder = false }
        }
        let sorted = inOrder ? answers : answers.sorted { $0.index < $1.index }
        // The entries of each answer but empty ones, in order. An answer with none empty is taken as it is: the first
        // one's array shared, not its entries copied one by one.
        var entries: [Entry] = []
        for index in sorted.indices {
            guard let found = sorted[index].result?.entries else { continue }
            if !found.indices.contains(where: { found[$0].isEmpty }) {
                if entries.isEmpty { entries = found } else { entries += found }
            } else {
                for entry in found.indices where !found[entry].isEmpty { entries.append(found[entry]) }
            }
        }
        return AggregatedResult(entries: entries, outcomes: sorted.map { $0.outcome })
    }

    /// Runs `jobs` concurrently; with `stopAtFirstAnswer`, the others are cancelled once one knows the word.
    private func concurrently(
        _ jobs: [(offset: Int, element: Job)], until end: C.Instant, stopAtFirstAnswer: Bool
    ) async -> [Answer] {
        guard !jobs.isEmpty else { return [] }
        return await withTaskGroup(of: Answer.self) { group in
            for (index, job) in jobs {
                group.addTask { @concurrent in await self.perform(job, index: index, until: end) }
            }
            var answers: [Answer] = []
            for await answer in group {
                answers.append(answer)
                if stopAtFirstAnswer, answer.result.map({ !$0.isEmpty }) ?? false {
                    group.cancelAll()
                }
            }
            return answers
        }
    }

    /// Runs one provider within its own timeout and the overall deadline; every outcome is reported.
    /// - Parameter shareOf: the number of sources still to be asked in turn; this one may use its share of the time
    ///   left (`first`).
    private func perform(_ job: Job, index: Int, until end: C.Instant, shareOf sources: Int = 1) async -> Answer {
        let start = clock.now
        let left = start.duration(to: end)
        let limit = min(options.providerTimeouts[job.id] ?? options.providerTimeout, sources > 1 ? left / sources : left)
        func outcome(_ status: ProviderOutcome.Status, origin: ProviderOutcome.Origin = .source) -> ProviderOutcome {
            ProviderOutcome(provider: job.id, status: status, latency: start.duration(to: clock.now), origin: origin)
        }
        func answered(_ result: LookupResult, origin: ProviderOutcome.Origin) -> Answer {
            var count = 0  // counted, not filtered: a filtered array copied each entry
            for entry in result.entries.indices where !result.entries[entry].isEmpty { count += 1 }
            return Answer(index, result, outcome(count == 0 ? .empty : .answered(entries: count), origin: origin))
        }
        // An offline source answers at once from local files: it is asked even when the deadline has passed (the
        // deadline bounds waiting on the network), so an offline answer does not depend on how loaded the machine is.
        guard limit > .zero || !job.online else {
            let error = ProviderError.notAsked(job.id, deadline: options.deadline)
            return Answer(index, nil, outcome(.failed(error)))
        }
        do {
            let result: LookupResult
            if job.online {
                result = try await Self.withTimeout(limit, clock: clock, provider: job.id) { try await job.run() }
            } else {
                result = try await job.run()
            }
            return answered(result, origin: result.cachedAt.map { .cache(storedAt: $0) } ?? .source)
        } catch {
            let failure = ProviderError.wrapping(error, provider: job.id)
            // The source failed: a stored answer, however old, beats none (marked stale).
            if failure.code.isTransient, let fallback = job.fallback, let stored = await fallback() {
                return answered(stored, origin: .stale(storedAt: stored.cachedAt ?? .distantPast, error: failure))
            }
            return Answer(index, nil, outcome(.failed(failure)))
        }
    }

    /// Runs `body`, cancelling it and throwing ``ProviderError/Code/timeout`` when it takes longer than `limit`.
    static func withTimeout<T: Sendable>(
        _ limit: Duration, clock: C, provider: ProviderID, _ body: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { @concurrent in try await body() }
            group.addTask { @concurrent in
                try await clock.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            guard let result = first else {
                throw ProviderError(.timeout, provider: provider, message: "no answer within \(formatSeconds(limit))",
                                    reason: .noAnswerWithin(seconds: limit))
            }
            return result
        }
    }
}

extension Aggregator where C == ContinuousClock {
    public init(options: Options = Options()) {
        self.init(options: options, clock: ContinuousClock())
    }
}

extension ProviderError {
    /// A source whose turn came after the request's deadline: not asked at all.
    static func notAsked(_ provider: ProviderID, deadline: Duration) -> ProviderError {
        ProviderError(.timeout, provider: provider, message: "not asked: the \(deadline) deadline had passed",
                      reason: .deadlinePassed)
    }
}

/// `2 s`, `0.5 s`.
func formatSeconds(_ duration: Duration) -> String {
    secondsText(duration) + " s"
}
