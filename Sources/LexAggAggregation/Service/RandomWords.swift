import LexAggCore
import Logging

extension LookupService {
    /// Random words of one language from the providers chosen for it, in order (see ``randomWords(language:options:)``).
    public struct RandomWords: Sendable {
        public let language: Language
        public let sources: [any RandomWordProviding]
        /// The request's time limits: each call of ``next(_:)`` gets the deadline, each online source its own limit
        /// within it; a local source (a word list on disk) answers at once and is never cut off.
        let limits: AggregationOptions
        let clock: C
        let logger: Logger

        /// `count` random words from the first provider that gives them; a failing one is followed by the next
        /// (the online service, then the local word list). Random word lists are never cached.
        ///
        /// A provider that gives fewer words than asked (it drops junk, or repeats itself) is asked again for the
        /// rest, a few times; one that gives none counts as failed, and the next is tried. A stalled online source
        /// is a timeout after its limit, so the local list still answers.
        public func next(_ count: Int) async -> RandomWordsAnswer {
            var failures: [ProviderError] = []
            let end = clock.now.advanced(by: limits.deadline)
            for provider in sources {
                let id = provider.descriptor.id
                let inline = provider.descriptor.runsInline
                let left = clock.now.duration(to: end)
                let limit = min(limits.providerTimeouts[id] ?? limits.providerTimeout, left)
                if !inline && limit <= .zero {
                    failures.append(.notAsked(id, deadline: limits.deadline))
                    continue
                }
                let providerEnd = clock.now.advanced(by: limit)
                var words: [String] = []
                var seen = Set<String>()
                var rounds = 0
                do {
                    while words.count < count && rounds < 4 {
                        rounds += 1
                        let request = RandomWordRequest(count: count - words.count, language: language)
                        let batch = inline
                            ? try await provider.randomWords(request)
                            : try await Aggregator<C>.withTimeout(clock.now.duration(to: providerEnd), clock: clock, provider: id) {
                                try await provider.randomWords(request)
                            }
                        let fresh = batch.filter { seen.insert($0).inserted }
                        if fresh.isEmpty { break }
                        words += fresh
                    }
                } catch {
                    let failure = ProviderError.wrapping(error, provider: id)
                    logger.info("random: \(id) failed: \(failure.logDescription)")
                    // Words already given are kept; a failure before any word moves on to the next provider.
                    if words.isEmpty {
                        failures.append(failure)
                        continue
                    }
                }
                guard !words.isEmpty else {
                    logger.info("random: \(id) gave no words")
                    failures.append(ProviderError(.unavailable, provider: id, message: "gave no random \(language.englishName) words"))
                    continue
                }
                logger.info("random: \(words.count) words from \(id) in \(rounds) request\(rounds == 1 ? "" : "s")")
                return RandomWordsAnswer(language: language, words: Array(words.prefix(count)), provider: id, failures: failures)
            }
            return RandomWordsAnswer(language: language, words: [], provider: nil, failures: failures)
        }
    }
}
