/// A source of dictionary data.
///
/// A provider describes itself with a ``descriptor`` and adopts the capability protocols for what it can do:
/// ``DefinitionProviding``, ``TranslationProviding``, ``RandomWordProviding``, ``MatchProviding``.
///
/// ## Implementing a provider
/// - A word the source does not know is an empty ``LookupResult``, never an error.
/// - Every thrown error is a ``ProviderError`` (wrap others with ``ProviderError/wrapping(_:provider:)``).
/// - Keep no global state; everything a provider needs comes through its initialiser.
/// - Honour cancellation: check `Task.isCancelled` in long loops and throw ``ProviderError/Code/cancelled``.
/// - Be cheap to create: open files and connections on first use, not in `init`, so that commands which do
///   not need a provider do not pay for it.
///
/// Run `ProviderConformance.verify` from the provider's test target to prove all of the above.
public protocol DictionaryProvider: Sendable {
    var descriptor: ProviderDescriptor { get }

    /// Whether the provider can be used now (files readable, credentials present), and if not, why.
    func availability() async -> ProviderAvailability

    /// Whether the files the provider opened have been replaced or removed since (a dataset imported again while a
    /// server runs; ``FileIdentity`` tells): a registry that finds one so builds its providers again. Asked at most
    /// once a second, so it may cost a system call, but it must not block (no network) nor use the registry; the
    /// default is false (a provider that opens no file of its own, or reads it anew for each lookup).
    var isOutdated: Bool { get }

    // MARK: The provider as each capability it adopts
    //
    // Each is the provider itself when it adopts the protocol, else nil; the protocols' extensions below supply
    // them, so a provider never implements them. Code that holds `any DictionaryProvider` asks these instead of
    // casting (`provider as? any DefinitionProviding`): a cast makes the Swift runtime scan every protocol
    // conformance record of the binary the first time it meets a type, about a million instructions each in the
    // static binary, and an offline lookup met several (Benchmarks/startup-callgrind.sh). The answer is the same; the
    // conformance kit checks it (`ProviderConformance`). A generic provider whose capability is a conditional
    // conformance must implement the accessor itself.

    /// The provider as a ``DefinitionProviding``, or nil.
    var asDefiner: (any DefinitionProviding)? { get }
    /// The provider as a ``TranslationProviding``, or nil.
    var asTranslator: (any TranslationProviding)? { get }
    /// The provider as a ``RandomWordProviding``, or nil.
    var asRandomSource: (any RandomWordProviding)? { get }
    /// The provider as a ``MatchProviding``, or nil.
    var asMatcher: (any MatchProviding)? { get }
    /// The provider as a ``LemmaProviding``, or nil.
    var asLemmatizer: (any LemmaProviding)? { get }
    /// The provider as a ``StoredAnswerProviding``, or nil.
    var asStoredAnswers: (any StoredAnswerProviding)? { get }
    /// The provider as a ``DescriptorDiscovering``, or nil.
    var asDiscovering: (any DescriptorDiscovering)? { get }
    /// The provider as a ``DescribedProvider``, or nil.
    var asDescribed: (any DescribedProvider)? { get }
}

extension DictionaryProvider {
    public func availability() async -> ProviderAvailability { .available }
    public var isOutdated: Bool { false }

    public var asDefiner: (any DefinitionProviding)? { nil }
    public var asTranslator: (any TranslationProviding)? { nil }
    public var asRandomSource: (any RandomWordProviding)? { nil }
    public var asMatcher: (any MatchProviding)? { nil }
    public var asLemmatizer: (any LemmaProviding)? { nil }
    public var asStoredAnswers: (any StoredAnswerProviding)? { nil }
    public var asDiscovering: (any DescriptorDiscovering)? { nil }
    public var asDescribed: (any DescribedProvider)? { nil }
}

extension DefinitionProviding { public var asDefiner: (any DefinitionProviding)? { self } }
extension TranslationProviding { public var asTranslator: (any TranslationProviding)? { self } }
extension RandomWordProviding { public var asRandomSource: (any RandomWordProviding)? { self } }
extension MatchProviding { public var asMatcher: (any MatchProviding)? { self } }
extension LemmaProviding { public var asLemmatizer: (any LemmaProviding)? { self } }
extension StoredAnswerProviding { public var asStoredAnswers: (any StoredAnswerProviding)? { self } }
extension DescriptorDiscovering { public var asDiscovering: (any DescriptorDiscovering)? { self } }
extension DescribedProvider { public var asDescribed: (any DescribedProvider)? { self } }

/// A provider that defines words.
public protocol DefinitionProviding: DictionaryProvider {
    /// Looks `query` up. Returns an empty result when the word is not known.
    /// - Throws: ``ProviderError`` only.
    func lookup(_ query: LookupQuery) async throws -> LookupResult
}

/// A provider that translates words in a given direction.
public protocol TranslationProviding: DictionaryProvider {
    /// Translates `query` in its direction. Returns an empty result when the word is not known.
    /// - Throws: ``ProviderError`` only; ``ProviderError/Code/unsupportedLanguage`` for a direction it lacks.
    func translate(_ query: TranslationQuery) async throws -> LookupResult
}

/// A request for random words.
public struct RandomWordRequest: Sendable, Hashable {
    public var count: Int
    public var language: Language?

    public init(count: Int, language: Language? = nil) {
        self.count = count
        self.language = language
    }
}

/// A provider that produces random words.
public protocol RandomWordProviding: DictionaryProvider {
    func randomWords(_ request: RandomWordRequest) async throws -> [String]
}

/// A provider that finds headwords: those close to a word ("did you mean") and those matching a pattern by a
/// ``MatchStrategy``.
///
/// ## Implementing matching
/// - ``suggestions(for:limit:)`` gives candidates, not a verdict: the lookup service ranks the candidates of every
///   provider together (edit distance, keyboard and sound), so give the close spellings you know (a dictd database
///   gives those within two edits), not only the very closest.
/// - ``matchStrategies`` lists only what ``match(_:)`` really answers, without starting anything: the service asks a
///   provider for a strategy only when it is listed here. An empty list is fine for a provider that only suggests.
/// - No match is an empty list; a pattern the strategy rejects (a malformed regular expression) is
///   ``ProviderError/Code/invalidQuery`` with a message that says what is wrong with it.
public protocol MatchProviding: DictionaryProvider {
    /// Up to `limit` headwords that start with, or are spelled close to, `query.term`, best first.
    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String]

    /// The strategies ``match(_:)`` answers; the lookup service asks a provider only for these.
    var matchStrategies: [MatchStrategy] { get }

    /// Up to `query.limit` headwords matching `query.pattern` by `query.strategy`, in the provider's order (exact
    /// and alphabetical for an index, relevance for a search service). None is an empty list, not an error.
    /// - Throws: ``ProviderError`` only; ``ProviderError/Code/invalidQuery`` for a pattern the strategy rejects (a
    ///   malformed regular expression) or a strategy not in ``matchStrategies``.
    func match(_ query: MatchQuery) async throws -> [String]
}

extension MatchProviding {
    /// The error for a strategy the provider does not list in ``matchStrategies``.
    public func unsupported(_ strategy: MatchStrategy) -> ProviderError {
        let can = matchStrategies.map(\.rawValue)
        return ProviderError(
            .invalidQuery, provider: descriptor.id,
            message: "\(descriptor.id) does not match by \(strategy)"
                + (can.isEmpty ? "" : "; it can: \(can.joined(separator: ", "))")
        )
    }
}

/// One request to a provider, as a value: what the cache keys on and the strategy layer falls back with.
public enum ProviderRequest: Sendable, Hashable {
    case define(LookupQuery)
    case translate(TranslationQuery)
}

/// A provider that keeps stored answers: the cache decorator.
///
/// - Before fanning out, the strategy layer takes fresh stored answers inline, like an offline provider's, so a
///   lookup answered from the cache never waits on the network path (nor starts the thread pool).
/// - After a failure a stored answer can stand in for (the network, a timeout, a rate limit, a malformed
///   response), it asks for a stale answer and marks what it gets as stale.
public protocol StoredAnswerProviding: DictionaryProvider {
    /// The stored answer to `request` if it is still fresh (with `cachedAt` set), else nil. Asynchronous for a
    /// shared store (PostgreSQL); a local one (SQLite) answers without suspending.
    func freshAnswer(to request: ProviderRequest) async -> LookupResult?
    /// The stored answer to `request`, however old, or nil when there is none.
    func staleAnswer(to request: ProviderRequest) async -> LookupResult?
}

/// A provider whose full descriptor (capabilities, languages) is known only once it has been started: an external
/// program. Until then its descriptor is provisional and it counts as available, so choosing providers never
/// starts anything; listings (`providers`, `doctor`) ask it to describe itself.
public protocol DescriptorDiscovering: DictionaryProvider {
    /// Starts the provider, within its own time limit, to learn its descriptor; afterwards ``descriptor`` is the
    /// real one, or ``availability()`` says why it could not be learned.
    func discoverDescriptor() async
}

/// A provider that can describe its data in one line (a dictd database's `00-database-short`), for listings and
/// the DICT server's `SHOW DB`.
public protocol DescribedProvider: DictionaryProvider {
    func shortDescription() -> String?
}
