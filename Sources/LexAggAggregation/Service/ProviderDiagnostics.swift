import LexAggCore

/// How one provider is doing right now: usable, reachable, and if not, why and how to fix it. What `lexagg doctor`
/// prints, and what a server's health endpoint can report.
public struct ProviderDiagnosis: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// Usable (and, for an online provider, it answered a request just now).
        case ok
        /// Not set up, or not checked: lookups leave it out; nothing is broken.
        case notice
        /// Set up but not working: a damaged file, an endpoint that does not answer, a refused key.
        case failed
        /// Set up, but its host could not be found or reached while no online source could be: the machine is
        /// offline. Lookups answer from the offline dictionaries and the cache; nothing is broken.
        case unreachable
    }

    public var provider: ProviderID
    public var status: Status
    /// What was found, one line.
    public var message: String
    /// How to fix it, when it is not ok.
    public var hint: String?
    /// Whether a default lookup asks this provider (so its failure matters to `doctor`'s exit status).
    public var usedByDefault: Bool
    /// What was found and what to do, as data, for a consumer that words them itself (the command line, in the
    /// reader's language); `message` and `hint` are the English wording. `nil` where the text is the provider's own.
    public var finding: Finding?
    public var advice: Advice?

    /// What a check found, when the service (not the provider) worded it.
    public enum Finding: Sendable, Hashable {
        case notConfigured
        case ready(source: String)
        case metered(quota: String)
        case reachable(source: String, milliseconds: String)
        /// The provider failed; `reason` is its ``LexAggCore/ProviderError/reason``, for a consumer that phrases it.
        case failed(code: String, message: String, reason: ProviderError.Reason? = nil)
    }

    /// What to do about it, when the service worded it.
    public enum Advice: Sendable, Hashable {
        case checkTheKey
        case didNotAnswerInTime(source: String)
        case throttled
        case checkTheNetwork(source: String)
        case tryALookup(provider: String)
        /// The machine is offline (``Status/unreachable``).
        case offline
    }

    public init(
        provider: ProviderID, status: Status, message: String, hint: String? = nil, usedByDefault: Bool,
        finding: Finding? = nil, advice: Advice? = nil
    ) {
        self.provider = provider
        self.status = status
        self.message = message
        self.hint = hint
        self.usedByDefault = usedByDefault
        self.finding = finding
        self.advice = advice
    }
}

extension LookupService {
    /// Checks every provider concurrently: availability (files, keys), and for online providers one cheap request
    /// (a short lookup, a one-word random list), each within `deadline`. Metered providers are not sent a request
    /// (it would spend their quota); their configuration is checked only. Never touches the cache.
    public func diagnose(deadline: Duration = .seconds(4)) async -> [ProviderDiagnosis] {
        let defaults = Set(configuration.defaultProviders ?? registry.ids)
        return await withTaskGroup(of: (Int, ProviderDiagnosis).self) { group in
            for (index, provider) in registry.providers.enumerated() {
                let usedByDefault = defaults.contains(provider.descriptor.id)
                    && provider.descriptor.capabilities.contains(.define) && !provider.descriptor.quota.isMetered
                group.addTask { @concurrent in
                    (index, await Self.diagnose(provider, usedByDefault: usedByDefault, deadline: deadline, clock: clock))
                }
            }
            var results: [(Int, ProviderDiagnosis)] = []
            for await result in group { results.append(result) }
            return Self.offlineAsUnreachable(results.sorted { $0.0 < $1.0 }.map(\.1))
        }
    }

    /// When no online source answered and those that failed could not find or reach their host, the machine is
    /// offline: they are ``ProviderDiagnosis/Status/unreachable``, not broken. One host not found while another
    /// answers is a wrong endpoint, and stays a failure.
    static func offlineAsUnreachable(_ diagnoses: [ProviderDiagnosis]) -> [ProviderDiagnosis] {
        // (Only a host name that did not resolve: `unreachable` is also a malformed endpoint or a failed TLS exchange.)
        func isOffline(_ diagnosis: ProviderDiagnosis) -> Bool {
            guard case .failed(_, _, let reason) = diagnosis.finding, case .hostNotFound = reason else { return false }
            return true
        }
        // A source that answered at all, even with an HTTP error, reached the network.
        func reached(_ diagnosis: ProviderDiagnosis) -> Bool {
            switch diagnosis.finding {
            case .reachable: return true
            case .failed(_, _, let reason):
                switch reason {
                case .httpStatus, .rateLimited, .credentialsRefused, .htmlPage, .emptyBody, .unexpectedData, .tooLarge,
                     .badRedirect:
                    return true
                default: return false
                }
            default: return false
            }
        }
        let reached = diagnoses.contains(where: reached)
        guard !reached, diagnoses.contains(where: isOffline) else { return diagnoses }
        return diagnoses.map { diagnosis in
            guard isOffline(diagnosis) else { return diagnosis }
            var offline = diagnosis
            offline.status = .unreachable
            offline.hint = "no online source could be reached: without network, lookups use the offline dictionaries "
                + "and cached answers"
            offline.advice = .offline
            return offline
        }
    }

    private static func diagnose(
        _ provider: any DictionaryProvider, usedByDefault: Bool, deadline: Duration, clock: C
    ) async -> ProviderDiagnosis {
        if let discovering = provider.asDiscovering { await discovering.discoverDescriptor() }
        let descriptor = provider.descriptor
        func diagnosis(
            _ status: ProviderDiagnosis.Status, _ message: String, hint: String? = nil,
            finding: ProviderDiagnosis.Finding? = nil, advice: ProviderDiagnosis.Advice? = nil
        ) -> ProviderDiagnosis {
            ProviderDiagnosis(provider: descriptor.id, status: status, message: message, hint: hint,
                              usedByDefault: usedByDefault && status != .notice, finding: finding, advice: advice)
        }
        switch await provider.availability() {
        case .notConfigured(let hint):
            return diagnosis(.notice, "not configured", hint: hint, finding: .notConfigured)
        case .unavailable(let reason):
            return diagnosis(.failed, reason)
        case .available:
            break
        }
        guard !descriptor.runsInline else {
            return diagnosis(.ok, "ready (\(descriptor.source))", finding: .ready(source: descriptor.source))
        }
        if case .metered(let quota) = descriptor.quota {
            return diagnosis(.notice, "configured; not sent a request (metered: \(quota))",
                             hint: "check it with a lookup: --providers \(descriptor.id)",
                             finding: .metered(quota: "\(quota)"), advice: .tryALookup(provider: descriptor.id.rawValue))
        }
        let start = clock.now
        do {
            try await Aggregator<C>.withTimeout(deadline, clock: clock, provider: descriptor.id) {
                try await probe(provider)
            }
            let elapsed = start.duration(to: clock.now)
            return diagnosis(.ok, "reachable at \(descriptor.source) (\(elapsed.milliseconds) ms)",
                             finding: .reachable(source: descriptor.source, milliseconds: "\(elapsed.milliseconds)"))
        } catch {
            let failure = ProviderError.wrapping(error, provider: descriptor.id)
            return diagnosis(.failed, "\(failure.code): \(failure.message)", hint: hint(for: failure, descriptor),
                             finding: .failed(code: "\(failure.code)", message: failure.message, reason: failure.reason),
                             advice: advice(for: failure, descriptor))
        }
    }

    /// One cheap request: a short word looked up (found or not, an answer proves the source works), else one
    /// random word, else one translation in its first direction.
    private static func probe(_ provider: any DictionaryProvider) async throws {
        let language = provider.descriptor.languages.first
        if let definer = provider.asDefiner {
            _ = try await definer.lookup(try LookupQuery("a", language: language))
        } else if let random = provider.asRandomSource {
            _ = try await random.randomWords(RandomWordRequest(count: 1, language: language))
        } else if let translator = provider.asTranslator, let pair = provider.descriptor.translationPairs.first {
            _ = try await translator.translate(try TranslationQuery("a", from: pair.source, to: pair.target))
        }
    }

    private static func advice(for failure: ProviderError, _ descriptor: ProviderDescriptor) -> ProviderDiagnosis.Advice {
        switch failure.code {
        case .credentials: .checkTheKey
        case .timeout: .didNotAnswerInTime(source: descriptor.source)
        case .rateLimited: .throttled
        default: .checkTheNetwork(source: descriptor.source)
        }
    }

    private static func hint(for failure: ProviderError, _ descriptor: ProviderDescriptor) -> String {
        switch failure.code {
        case .credentials: "check the key (lexagg config show) or get a new one"
        case .timeout: "\(descriptor.source) did not answer in time: check the network or the endpoint"
        case .rateLimited: "the source is throttling requests; wait and try again"
        default:
            "check the network and the endpoint (\(descriptor.source)); without network, lookups use offline "
                + "dictionaries and cached answers"
        }
    }
}
