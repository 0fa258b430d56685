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
/// - answers made before the registry replaced outdated providers (a dataset imported again or removed while a server
///   runs: ``ProviderRegistry/replacements``) are forgotten;
/// - at most `entries` answers are kept, the least recently used dropped first (two generations: a hit in the older
///   one moves the answer to the newer; when the newer is full, the older is dropped whole).
///
/// An answer served from the memo reports each provider's outcome as coming from the cache, stored when the memo
/// stored the answer, with no latency: the source was not asked.
///
/// Beside each answer it keeps the consumers' renderings of it (``AnswerRendering``: the HTTP API's response bodies),
/// made once per kept answer and gone with it — the same lifetime, eviction and `refresh` rules, so a rendering is
/// never older than the answer it renders.
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
        /// Which stored answer this is: a rendering is attached only to the answer it was made from.
        var serial: UInt64
        /// Renderings of `answer`, by ``AnswerRendering/name``.
        var renderings: [String: any Sendable] = [:]
    }

    private struct Generations: Sendable {
        var current: [Key: Stored] = [:]
        var previous: [Key: Stored] = [:]
        var stored: UInt64 = 0
        /// How many times the registry had replaced outdated providers (``ProviderRegistry/replacements``) when the
        /// answers were made.
        var providers = 0
    }

    /// A kept answer, with the rendering asked for when the memo has it.
    struct Kept: Sendable {
        var answer: LookupAnswer
        var rendering: (any Sendable)?
        var serial: UInt64
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

    /// The answer kept for `key`, if it has not expired. `providers` is the registry's count of replacements now:
    /// answers made before a later one are forgotten (a dataset imported again or removed).
    func answer(for key: Key, providers: Int) -> LookupAnswer? {
        let now = clock.now
        return state.withLock { lookUp(key, in: &$0, now: now, providers: providers)?.answer }
    }

    /// The answer kept for `key`, if it has not expired, with its rendering `name` when one was attached.
    func kept(for key: Key, rendering name: String, providers: Int) -> Kept? {
        let now = clock.now
        return state.withLock { state -> Kept? in
            guard let stored = lookUp(key, in: &state, now: now, providers: providers) else { return nil }
            return Kept(answer: stored.answer, rendering: stored.renderings[name], serial: stored.serial)
        }
    }

    /// Keeps `rendering` beside the answer it renders (the one numbered `serial`), unless that answer is gone or
    /// was replaced meanwhile.
    func attach(_ rendering: any Sendable, named name: String, to key: Key, serial: UInt64) {
        state.withLock { state in
            guard state.current[key]?.serial == serial else { return }
            state.current[key]?.renderings[name] = rendering
        }
    }

    private func lookUp(_ key: Key, in state: inout Generations, now: C.Instant, providers: Int) -> Stored? {
        if state.providers != providers {
            // A request that began before the providers changed finds nothing; one after forgets the older answers.
            if providers > state.providers { state = Generations(stored: state.stored, providers: providers) }
            return nil
        }
        if let stored = state.current[key] {
            guard stored.expires > now else {
                state.current[key] = nil
                return nil
            }
            return stored
        }
        guard let stored = state.previous.removeValue(forKey: key), stored.expires > now else { return nil }
        insert(stored, for: key, into: &state)
        return stored
    }

    /// Keeps `answer` for `key` when it is complete (see the type's rules) and was made by providers no older than
    /// the memo's answers (`providers`: the registry's count of replacements, read before the answer was made);
    /// returns whether it was kept.
    @discardableResult
    func store(_ answer: LookupAnswer, for key: Key, providers: Int) -> Bool {
        guard limits.entries > 0, limits.lifetime > .zero, Self.isComplete(answer) else { return false }
        let storedAt = Date()
        var kept = answer
        kept.result.outcomes = answer.result.outcomes.map { outcome in
            var outcome = outcome
            if case .source = outcome.origin { outcome.origin = .cache(storedAt: storedAt) }
            outcome.latency = .zero
            return outcome
        }
        let expires = clock.now.advanced(by: limits.lifetime)
        return state.withLock { state in
            if state.providers != providers {
                guard providers > state.providers else { return false }  // made before the providers changed
                state = Generations(stored: state.stored, providers: providers)
            }
            state.stored &+= 1
            insert(Stored(answer: kept, expires: expires, serial: state.stored), for: key, into: &state)
            return true
        }
    }

    /// Forgets every answer.
    public func removeAll() {
        // The serial goes on counting: a rendering of a forgotten answer must not attach to a new one.
        state.withLock { $0 = Generations(stored: $0.stored, providers: $0.providers) }
    }

    private func insert(_ stored: Stored, for key: Key, into state: inout Generations) {
        // Each generation holds up to half the entries: the memo holds between half and all of `entries`.
        if state.current[key] == nil && state.current.count >= max(1, limits.entries / 2) {
            state.previous = state.current
            state.current = [:]
        }
        state.current[key] = stored
    }

    /// No provider failed, and no stale answer stood in for a failing one. An online provider left out because the
    /// request was offline (`offline=true`) did not fail: asking again leaves it out again (a server asked offline
    /// lookups, or one on a machine configured offline, kept none of its answers, each lookup 14 ms against 2).
    static func isComplete(_ answer: LookupAnswer) -> Bool {
        answer.result.outcomes.allSatisfy { outcome in
            if let error = outcome.error, error.code != .offline { return false }
            if case .stale = outcome.origin { return false }
            return true
        }
    }
}
