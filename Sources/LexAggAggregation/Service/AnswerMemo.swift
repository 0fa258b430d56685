#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import Synchronization

/// Whole answers kept in memory for a short while, for the long-running consumers (`serve http`, `serve dict`,
/// `mcp`) that are asked the same words again and again.
///
/// The cache of online answers (``AnswerCaching``) saves the network; this memo saves the rest of the work of a
/// repeated request: choosing the providers, reading the offline dictionaries, merging and ranking. It sits in front
/// of ``LookupService/define(_:options:)`` and ``LookupService/translate(_:options:)`` and follows these rules:
/// - the key is the whole request — kind, word, languages and every ``RequestOptions`` field — so two requests share
///   an answer only when the service would have computed the same one;
/// - only complete answers are kept: one in which a provider failed, or a stale cached answer stood in for a failing
///   source, is asked again next time (the source may be back);
/// - `--refresh` requests skip it (they are asked of the sources) and store what they get;
/// - an answer lives `lifetime` at most, so what the sources and the cache say reaches the clients within it;
/// - at most `entries` answers are kept, the least recently used dropped first (two generations: a hit in the older
///   one moves the answer to the newer; when the newer is full, the older is dropped whole).
///
/// An answer served from the memo reports each provider's outcome as coming from the cache, stored when the memo
/// stored the answer, with no latency: the source was not asked.
public final class AnswerMemo<C: Clock>: Sendable where C.Duration == Duration {
    /// How much the memo keeps, and for how long.
    public struct Limits: Sendable, Hashable {
        /// The most answers kept.
        public var entries: Int
        /// How long an answer is served from memory.
        public var lifetime: Duration

        public init(entries: Int = 10_000, lifetime: Duration = .seconds(60)) {
            self.entries = entries
            self.lifetime = lifetime
        }
    }

    /// One request, as far as its answer depends on it.
    struct Key: Hashable, Sendable {
        enum Kind: Hashable, Sendable { case define, translate }
        var kind: Kind
        var term: String
        var language: Language?
        var target: Language?
        var options: RequestOptions

        init(kind: Kind, term: String, language: Language?, target: Language? = nil, options: RequestOptions) {
            self.kind = kind
            self.term = term
            self.language = language
            self.target = target
            self.options = options
        }
    }

    private struct Stored: Sendable {
        var answer: LookupAnswer
        var expires: C.Instant
    }

    private struct Generations: Sendable {
        var current: [Key: Stored] = [:]
        var previous: [Key: Stored] = [:]
    }

    public let limits: Limits
    private let clock: C
    private let state = Mutex(Generations())

    public init(limits: Limits = Limits(), clock: C) {
        self.limits = limits
        self.clock = clock
    }

    /// The answers kept now (both generations).
    public var count: Int { state.withLock { $0.current.count + $0.previous.count } }

    /// The answer kept for `key`, if it has not expired.
    func answer(for key: Key) -> LookupAnswer? {
        let now = clock.now
        return state.withLock { state -> LookupAnswer? in
            if let stored = state.current[key] {
                guard stored.expires > now else {
                    state.current[key] = nil
                    return nil
                }
                return stored.answer
            }
            guard let stored = state.previous.removeValue(forKey: key), stored.expires > now else { return nil }
            insert(stored, for: key, into: &state)
            return stored.answer
        }
    }

    /// Keeps `answer` for `key` when it is complete (see the type's rules); returns whether it was kept.
    @discardableResult
    func store(_ answer: LookupAnswer, for key: Key) -> Bool {
        guard limits.entries > 0, limits.lifetime > .zero, Self.isComplete(answer) else { return false }
        let storedAt = Date()
        var kept = answer
        kept.result.outcomes = answer.result.outcomes.map { outcome in
            var outcome = outcome
            if case .source = outcome.origin { outcome.origin = .cache(storedAt: storedAt) }
            outcome.latency = .zero
            return outcome
        }
        let stored = Stored(answer: kept, expires: clock.now.advanced(by: limits.lifetime))
        state.withLock { insert(stored, for: key, into: &$0) }
        return true
    }

    /// Forgets every answer.
    public func removeAll() {
        state.withLock { $0 = Generations() }
    }

    private func insert(_ stored: Stored, for key: Key, into state: inout Generations) {
        // Each generation holds up to half the entries: the memo holds between half and all of `entries`.
        if state.current[key] == nil && state.current.count >= max(1, limits.entries / 2) {
            state.previous = state.current
            state.current = [:]
        }
        state.current[key] = stored
    }

    /// No provider failed, and no stale answer stood in for a failing one.
    static func isComplete(_ answer: LookupAnswer) -> Bool {
        answer.result.outcomes.allSatisfy { outcome in
            if outcome.error != nil { return false }
            if case .stale = outcome.origin { return false }
            return true
        }
    }
}
