import LexAggCore

/// Random words from a service, falling back to a local list when the service is down or rate-limiting, and
/// saying which one answered.
///
/// The fallback is used when the primary fails with `.unavailable`, `.rateLimited`, `.timeout` or
/// `.malformedResponse`. Other errors (`.unsupportedLanguage`, `.invalidQuery`, `.cancelled`) are the answer and
/// are thrown as they are. When the fallback fails too, the primary's error is thrown, its message extended with
/// why the fallback could not help (for a language other than English: no offline list exists for it).
public struct RandomWordFallback: Sendable {
    /// Who produced the words.
    public enum Source: Sendable, Hashable {
        /// The primary provider answered.
        case service(ProviderID)
        /// The primary failed with `reason`; `provider` (the local list) answered instead.
        case fallback(provider: ProviderID, reason: ProviderError)
    }

    /// Words and where they came from.
    public struct Outcome: Sendable, Hashable {
        public var words: [String]
        public var source: Source

        public init(words: [String], source: Source) {
            self.words = words
            self.source = source
        }

        /// Whether the words came from the fallback.
        public var isFallback: Bool {
            if case .fallback = source { return true }
            return false
        }
    }

    public let primary: any RandomWordProviding
    public let fallback: any RandomWordProviding

    public init(primary: any RandomWordProviding, fallback: any RandomWordProviding) {
        self.primary = primary
        self.fallback = fallback
    }

    /// The usual pair: random-word-api, then the local English word list.
    public init(service: RandomWord, local: OfflineWordList = OfflineWordList()) {
        self.init(primary: service, fallback: local)
    }

    /// Whether a failure of the primary warrants the fallback.
    public static func fallsBack(on error: ProviderError) -> Bool {
        [.unavailable, .rateLimited, .timeout, .malformedResponse].contains(error.code)
    }

    /// Asks the primary, then the fallback if the primary is down.
    /// - Throws: ``LexAggCore/ProviderError`` only.
    public func randomWords(_ request: RandomWordRequest) async throws -> Outcome {
        let primaryID = primary.descriptor.id
        do {
            let words = try await primary.randomWords(request)
            return Outcome(words: words, source: .service(primaryID))
        } catch {
            let reason = ProviderError.wrapping(error, provider: primaryID)
            guard RandomWordFallback.fallsBack(on: reason), !Task.isCancelled else { throw reason }
            do {
                let words = try await fallback.randomWords(request)
                return Outcome(words: words, source: .fallback(provider: fallback.descriptor.id, reason: reason))
            } catch {
                let fallbackError = ProviderError.wrapping(error, provider: fallback.descriptor.id)
                if fallbackError.code == .cancelled { throw fallbackError }
                var combined = reason
                combined.message += "; the local word list cannot help: \(fallbackError.message)"
                throw combined
            }
        }
    }
}
