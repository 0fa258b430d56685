import Foundation
import LexAggCore
import Synchronization

/// A provider that is a separate program speaking the external-provider protocol (docs/external-providers.md).
///
/// Creating one is cheap: the process is started on first use, once per lexagg run, and reused for every request.
/// Until it has answered `initialize` once (and its descriptor is remembered in the cache directory), the descriptor
/// is provisional: the id, with `define`, `suggest` and `random` assumed and any language. A definition or suggestion
/// the program turns out not to give is an empty answer; random words it does not give are
/// ``ProviderError/Code/unsupportedLanguage``, so that `random` moves on to another provider.
///
/// It is described as needing the network whatever the program says: lexagg runs offline providers inline without
/// time limits, and a separate process needs its own task, the deadlines and the cache.
public final class ExternalProgram: DefinitionProviding, TranslationProviding, RandomWordProviding, MatchProviding,
    DescriptorDiscovering, Sendable
{
    /// Where the program is and how long it may take.
    public struct Configuration: Sendable, Hashable {
        /// The id it is registered under; `initialize` must report the same.
        public var id: ProviderID
        public var launch: ProviderProcess.Launch
        /// Identifies this version of the program (path, size, modification time): the key of the remembered
        /// descriptor and part of cache keys.
        public var fingerprint: String
        /// The file that remembers descriptors between runs, if any.
        public var descriptorMemory: String?
        public var initializeTimeout: Duration
        public var requestTimeout: Duration

        public init(
            id: ProviderID, launch: ProviderProcess.Launch, fingerprint: String, descriptorMemory: String? = nil,
            initializeTimeout: Duration = .seconds(5), requestTimeout: Duration = .seconds(10)
        ) {
            self.id = id
            self.launch = launch
            self.fingerprint = fingerprint
            self.descriptorMemory = descriptorMemory
            self.initializeTimeout = initializeTimeout
            self.requestTimeout = requestTimeout
        }
    }

    private struct State {
        var descriptor: ProviderDescriptor
        /// Whether the descriptor came from the program (now or remembered), not assumed.
        var known: Bool
        var process: ProviderProcess?
        var starting: Task<Result<ProviderProcess, ProviderError>, Never>?
        /// Why the descriptor could not be learned, once a listing tried (``discoverDescriptor()``).
        var failure: ProviderError?
        /// The strategies its `match` answers: every standard one assumed until it has said.
        var strategies: [MatchStrategy]
    }

    public let configuration: Configuration
    private let state: Mutex<State>

    /// Creates the provider; `remembered` is its descriptor from an earlier run, if any, and `matchStrategies` the
    /// strategies it said it matches by then.
    public init(configuration: Configuration, remembered: ProviderDescriptor? = nil, matchStrategies: [MatchStrategy] = []) {
        self.configuration = configuration
        let provisional = ProviderDescriptor(
            id: configuration.id, displayName: configuration.id.rawValue,
            capabilities: [.define, .match, .randomWords], requiresNetwork: false,
            source: configuration.launch.label, configurationFingerprint: configuration.fingerprint, runsInline: false
        )
        let usable = remembered.flatMap { $0.id == configuration.id ? $0 : nil }
        self.state = Mutex(State(
            descriptor: usable ?? provisional, known: usable != nil,
            strategies: usable == nil ? MatchStrategy.allCases : matchStrategies
        ))
    }

    public var descriptor: ProviderDescriptor { state.withLock { $0.descriptor } }

    /// Available unless learning the descriptor failed. Never starts the program: choosing providers must not
    /// wait on one (a request starts it, under the lookup's deadline; listings call ``discoverDescriptor()``).
    public func availability() async -> ProviderAvailability {
        state.withLock { $0.failure }.map { .unavailable(reason: $0.message) } ?? .available
    }

    /// Starts the program (if its descriptor is not known yet) to learn its descriptor.
    public func discoverDescriptor() async {
        if state.withLock({ $0.known }) { return }
        if case .failure(let error) = await session() { state.withLock { $0.failure = error } }
    }

    // MARK: Capabilities

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        var params: [String: JSONValue] = ["word": .string(query.term)]
        if let language = query.language { params["language"] = .string(language.code) }
        guard let result = try await request("define", params, needs: .define, as: ExternalProtocol.EntriesResult.self)
        else { return .notFound }
        return LookupResult(entries: try checked(result.entries))
    }

    public func translate(_ query: TranslationQuery) async throws -> LookupResult {
        let params: [String: JSONValue] = [
            "word": .string(query.term), "from": .string(query.pair.source.code), "to": .string(query.pair.target.code),
        ]
        guard let result = try await request("translate", params, needs: .translate, as: ExternalProtocol.EntriesResult.self)
        else {
            throw ProviderError(.unsupportedLanguage, provider: configuration.id, message: "does not translate")
        }
        return LookupResult(entries: try checked(result.entries))
    }

    public func randomWords(_ request: RandomWordRequest) async throws -> [String] {
        var params: [String: JSONValue] = ["count": .number(Double(request.count))]
        if let language = request.language { params["language"] = .string(language.code) }
        guard let result = try await self.request("random", params, needs: .randomWords, as: ExternalProtocol.WordsResult.self)
        else {
            // An error, not an empty list: `random` moves on to the next provider instead of printing nothing.
            throw ProviderError(.unsupportedLanguage, provider: configuration.id, message: "does not give random words")
        }
        return Array(result.words.prefix(request.count))
    }

    public func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        let params: [String: JSONValue] = ["word": .string(query.term), "limit": .number(Double(limit))]
        let words = try await request("suggest", params, needs: .match, as: ExternalProtocol.WordsResult.self)?.words
        return Array((words ?? []).prefix(limit))
    }

    /// The strategies the program listed in `matchStrategies`; until it has answered `initialize`, every standard
    /// one (a strategy it turns out not to have is then an invalid query, as for any provider).
    public var matchStrategies: [MatchStrategy] { state.withLock { $0.strategies } }

    public func match(_ query: MatchQuery) async throws -> [String] {
        var params: [String: JSONValue] = [
            "pattern": .string(query.pattern), "strategy": .string(query.strategy.rawValue),
            "limit": .number(Double(query.limit)),
        ]
        if let language = query.language { params["language"] = .string(language.code) }
        _ = try await session().get()
        guard matchStrategies.contains(query.strategy) else { throw unsupported(query.strategy) }
        let words = try await request("match", params, needs: .match, as: ExternalProtocol.WordsResult.self)?.words
        var seen = Set<String>()
        return (words ?? []).filter { seen.insert($0.lowercased()).inserted }.prefix(query.limit).map { $0 }
    }

    // MARK: Talking to the program

    /// Sends `method` to the running program; nil when the program turns out not to have `capability`.
    private func request<T: Decodable>(
        _ method: String, _ params: [String: JSONValue], needs capability: ProviderCapabilities, as type: T.Type
    ) async throws(ProviderError) -> T? {
        let process = try await session().get()
        guard descriptor.capabilities.contains(capability) else { return nil }
        if Task.isCancelled { throw ProviderError(.cancelled, provider: configuration.id, message: "cancelled") }
        let line: Data
        switch await process.call(method, params: params, timeout: configuration.requestTimeout) {
        case .success(let data): line = data
        case .failure(let failure): throw error(failure)
        }
        do {
            return try ExternalProtocol.result(T.self, of: method, from: line)
        } catch let failure {
            throw error(failure)
        }
    }

    /// The running program, started (and initialised) if it is not running.
    private func session() async -> Result<ProviderProcess, ProviderError> {
        let task = state.withLock { state -> Task<Result<ProviderProcess, ProviderError>, Never>? in
            if let process = state.process, !process.hasEnded { return nil }
            if let starting = state.starting { return starting }
            let starting = Task { await self.launch() }
            state.starting = starting
            return starting
        }
        guard let task else { return .success(state.withLock { $0.process! }) }
        // Starting goes on for every request that waits for it; a cancelled one stops waiting at once.
        let waiter = Waiter()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiter.set(continuation)
                Task { waiter.resume(with: await task.value) }
                if Task.isCancelled { waiter.resume(with: .failure(cancelled)) }
            }
        } onCancel: {
            waiter.resume(with: .failure(cancelled))
        }
    }

    private var cancelled: ProviderError { ProviderError(.cancelled, provider: configuration.id, message: "cancelled") }

    /// One waiter for a start that may be cancelled: the first of the answer and the cancellation resumes it.
    private final class Waiter: Sendable {
        typealias Answer = Result<ProviderProcess, ProviderError>
        private struct State {
            var continuation: CheckedContinuation<Answer, Never>?
            var early: Answer?
            var done = false
        }

        private let state = Mutex(State())

        func set(_ continuation: CheckedContinuation<Answer, Never>) {
            let ready = state.withLock { state -> Answer? in
                if let early = state.early, !state.done {
                    state.done = true
                    return early
                }
                state.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }

        func resume(with answer: Answer) {
            let continuation = state.withLock { state -> CheckedContinuation<Answer, Never>? in
                guard !state.done else { return nil }
                if let continuation = state.continuation {
                    state.done = true
                    state.continuation = nil
                    return continuation
                }
                if state.early == nil { state.early = answer }
                return nil
            }
            continuation?.resume(returning: answer)
        }
    }

    /// Starts the program and asks `initialize`; the answer becomes the descriptor, and is remembered.
    private func launch() async -> Result<ProviderProcess, ProviderError> {
        let result = await start()
        state.withLock { state in
            state.starting = nil
            if case .success(let process) = result { state.process = process }
        }
        return result
    }

    private func start() async -> Result<ProviderProcess, ProviderError> {
        let process: ProviderProcess
        do {
            process = try ProviderProcess.start(configuration.launch)
        } catch let failure {
            return .failure(error(failure))
        }
        let params: [String: JSONValue] = [
            "protocolVersion": .number(Double(ExternalProtocol.version)), "client": .string("lexagg"),
        ]
        let answer = await process.call("initialize", params: params, timeout: configuration.initializeTimeout)
        let descriptor: ProviderDescriptor
        let wire: ExternalProtocol.Descriptor
        let strategies: [MatchStrategy]
        do {
            let line = try answer.get()
            wire = try ExternalProtocol.result(ExternalProtocol.Descriptor.self, of: "initialize", from: line)
            descriptor = try validate(wire)
            strategies = try wire.strategies().get()
        } catch let failure {
            // Ending waits for the process (up to a few hundred ms); that wait must not hold a thread of the
            // cooperative pool, which every other lookup of the process shares.
            Thread.detachNewThread { process.end(grace: .milliseconds(200)) }
            return .failure(error(failure))
        }
        state.withLock { state in
            state.descriptor = descriptor
            state.known = true
            state.strategies = strategies
        }
        if let path = configuration.descriptorMemory {
            DescriptorMemory.remember(wire, key: configuration.fingerprint, in: path)
        }
        return .success(process)
    }

    private func validate(_ wire: ExternalProtocol.Descriptor) throws(ExternalFailure) -> ProviderDescriptor {
        var descriptor = try wire.validated(source: configuration.launch.label).get()
        guard descriptor.id == configuration.id else {
            throw .malformed(
                "initialize reports the id '\(wire.id)', but the provider is registered as '\(configuration.id)'",
                excerpt: nil
            )
        }
        descriptor.configurationFingerprint = configuration.fingerprint
        return descriptor
    }

    /// The entries, if every one says it comes from this provider.
    private func checked(_ entries: [Entry]) throws(ProviderError) -> [Entry] {
        for entry in entries where entry.provenance.provider != configuration.id {
            throw ProviderError(
                .malformedResponse, provider: configuration.id,
                message: "an entry claims to come from '\(entry.provenance.provider)', not '\(configuration.id)'"
            )
        }
        return entries
    }

    /// `failure` as this provider's ``ProviderError``.
    private func error(_ failure: ExternalFailure) -> ProviderError {
        let id = configuration.id
        switch failure {
        case .launch(let message):
            return ProviderError(.unavailable, provider: id, message: "cannot start the external provider: \(message)",
                                 location: configuration.launch.label)
        case .exited:
            return ProviderError(.unavailable, provider: id, message: failure.description, location: configuration.launch.label)
        case .timeout(let message):
            return ProviderError(.timeout, provider: id, message: message + " (the process was ended)")
        case .malformed(let message, let excerpt):
            return ProviderError(.malformedResponse, provider: id, message: message, excerpt: excerpt)
        case .rpcError(let code, let message, let dataCode):
            let mapped = Self.codes.first { $0.0 == dataCode }?.1 ?? .unavailable
            return ProviderError(mapped, provider: id, message: message, underlying: "JSON-RPC error \(code)")
        case .cancelled:
            return ProviderError(.cancelled, provider: id, message: "cancelled")
        }
    }

    /// `data.code` values of a JSON-RPC error, and the provider error each is.
    static let codes: [(String, ProviderError.Code)] = [
        ("invalid-query", .invalidQuery), ("unsupported-language", .unsupportedLanguage), ("credentials", .credentials),
        ("rate-limited", .rateLimited), ("unavailable", .unavailable), ("timeout", .timeout),
        ("malformed-response", .malformedResponse), ("offline", .offline), ("cancelled", .cancelled),
    ]
}
