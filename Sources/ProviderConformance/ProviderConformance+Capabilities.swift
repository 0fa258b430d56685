import LexAggCore

extension ProviderConformance {
    // MARK: Translating

    /// A word the provider translates and what its answer must contain.
    public struct KnownTranslation: Sendable {
        public var term: String
        public var pair: LanguagePair
        /// Words that must occur (case-insensitively) in some translation.
        public var mentions: [String]
        /// The least number of translations the answer must have.
        public var minimumItems: Int

        public init(_ term: String, pair: LanguagePair, mentions: [String] = [], minimumItems: Int = 1) {
            self.term = term
            self.pair = pair
            self.mentions = mentions
            self.minimumItems = minimumItems
        }
    }

    /// Checks a translating provider: `.translate` in its descriptor; each known word gives clean translations in
    /// the requested direction with provenance naming `expectedID`; each unknown word gives an empty answer; only
    /// ``ProviderError`` escapes; a cancelled request throws `.cancelled`.
    public static func checkTranslating(
        _ makeProvider: @Sendable () async throws -> any TranslationProviding,
        expectedID: ProviderID, known: [KnownTranslation], unknown: [(String, LanguagePair)]
    ) async -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ rule: String, _ detail: String) { failures.append(ConformanceFailure(rule: rule, detail: detail)) }
        let provider: any TranslationProviding
        do { provider = try await makeProvider() } catch { return [ConformanceFailure(rule: "create", detail: "\(error)")] }
        failures += checkCapabilityViews(provider)
        if provider.descriptor.id != expectedID { fail("descriptor", "id is '\(provider.descriptor.id)'") }
        if !provider.descriptor.capabilities.contains(.translate) { fail("descriptor", "no .translate capability") }
        if known.isEmpty || unknown.isEmpty { fail("fixtures", "known and unknown words are both needed") }

        for word in known {
            guard let query = try? TranslationQuery(word.term, from: word.pair.source, to: word.pair.target) else {
                fail("fixtures", "'\(word.term)' is not a valid query")
                continue
            }
            switch await outcome({ try await provider.translate(query) }) {
            case .failure(let message): fail("known", "'\(word.term)': \(message)")
            case .success(let result):
                let translations = result.entries.flatMap(\.translations)
                if translations.count < word.minimumItems {
                    fail("known", "'\(word.term)': \(translations.count) translations, expected \(word.minimumItems)")
                }
                for entry in result.entries where entry.provenance.provider != expectedID {
                    fail("known", "'\(word.term)': entry provenance names '\(entry.provenance.provider)'")
                }
                for translation in translations {
                    if translation.pair.source.primary != word.pair.source.primary
                        || translation.pair.target.primary != word.pair.target.primary
                    {
                        fail("known", "'\(word.term)': a translation in direction \(translation.pair)")
                    }
                    if let problem = MarkupCheck.problem(in: translation.text) {
                        fail("known", "'\(word.term)': \(problem): \(debugText(translation.text))")
                    }
                }
                let haystack = translations.map(\.text).joined(separator: "\n").lowercased()
                for mention in word.mentions where !haystack.contains(mention.lowercased()) {
                    fail("known", "'\(word.term)': no translation mentions '\(mention)'")
                }
            }
        }
        for (term, pair) in unknown {
            guard let query = try? TranslationQuery(term, from: pair.source, to: pair.target) else { continue }
            switch await outcome({ try await provider.translate(query) }) {
            case .failure(let message): fail("unknown", "'\(term)': \(message)")
            case .success(let result) where !result.isEmpty: fail("unknown", "'\(term)' should give an empty answer")
            case .success: break
            }
        }
        if let word = known.first, let query = try? TranslationQuery(word.term, from: word.pair.source, to: word.pair.target) {
            if let problem = await cancellationProblem({ _ = try await provider.translate(query) }) {
                fail("cancellation", problem)
            }
        }
        return failures
    }

    /// Runs ``checkTranslating(_:expectedID:known:unknown:)``.
    /// - Throws: a ``ConformanceFailure`` listing every broken rule, when there is one.
    public static func verifyTranslating(
        _ makeProvider: @Sendable () async throws -> any TranslationProviding,
        expectedID: ProviderID, known: [KnownTranslation], unknown: [(String, LanguagePair)]
    ) async throws {
        try ConformanceFailure.throwing(
            await checkTranslating(makeProvider, expectedID: expectedID, known: known, unknown: unknown),
            subject: "\(expectedID) translating"
        )
    }

    // MARK: Random words

    /// Checks a random-word provider: `.randomWords` in its descriptor; for each of `counts`, at most that many
    /// words, at least one, each clean and non-empty, none repeated; a count of 0 is an invalid query; only
    /// ``ProviderError`` escapes; a cancelled request throws `.cancelled`.
    public static func checkRandomWords(
        _ makeProvider: @Sendable () async throws -> any RandomWordProviding,
        expectedID: ProviderID, language: Language? = nil, counts: [Int] = [1, 5]
    ) async -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ rule: String, _ detail: String) { failures.append(ConformanceFailure(rule: rule, detail: detail)) }
        let provider: any RandomWordProviding
        do { provider = try await makeProvider() } catch { return [ConformanceFailure(rule: "create", detail: "\(error)")] }
        failures += checkCapabilityViews(provider)
        if provider.descriptor.id != expectedID { fail("descriptor", "id is '\(provider.descriptor.id)'") }
        if !provider.descriptor.capabilities.contains(.randomWords) { fail("descriptor", "no .randomWords capability") }
        for count in counts {
            switch await outcome({ try await provider.randomWords(RandomWordRequest(count: count, language: language)) }) {
            case .failure(let message): fail("random", "\(count) words: \(message)")
            case .success(let words):
                if words.isEmpty || words.count > count { fail("random", "asked for \(count), got \(words.count)") }
                if Set(words.map { $0.lowercased() }).count != words.count { fail("random", "words repeat: \(words)") }
                for word in words where MarkupCheck.problem(in: word) != nil {
                    fail("random", "\(debugText(word)): \(MarkupCheck.problem(in: word) ?? "")")
                }
            }
        }
        switch await outcome({ try await provider.randomWords(RandomWordRequest(count: 0, language: language)) }) {
        case .success: fail("random", "a count of 0 was accepted")
        case .failure(let message) where !message.hasPrefix("threw \(ProviderError.Code.invalidQuery)"):
            fail("random", "a count of 0: \(message), expected invalid-query")
        case .failure: break
        }
        if let problem = await cancellationProblem({
            _ = try await provider.randomWords(RandomWordRequest(count: 1, language: language))
        }) {
            fail("cancellation", problem)
        }
        return failures
    }

    /// Runs ``checkRandomWords(_:expectedID:language:counts:)``.
    /// - Throws: a ``ConformanceFailure`` listing every broken rule, when there is one.
    public static func verifyRandomWords(
        _ makeProvider: @Sendable () async throws -> any RandomWordProviding,
        expectedID: ProviderID, language: Language? = nil, counts: [Int] = [1, 5]
    ) async throws {
        try ConformanceFailure.throwing(
            await checkRandomWords(makeProvider, expectedID: expectedID, language: language, counts: counts),
            subject: "\(expectedID) random words"
        )
    }

    // MARK: Matching

    /// A pattern the provider matches by a strategy, and one headword the answer must hold.
    public struct KnownMatch: Sendable {
        public var pattern: String
        public var strategy: MatchStrategy
        public var expected: String

        public init(_ pattern: String, _ strategy: MatchStrategy, expected: String) {
            self.pattern = pattern
            self.strategy = strategy
            self.expected = expected
        }
    }

    /// Checks a matching provider: `.match` in its descriptor; for each `(query, expected)`, at most `limit`
    /// clean, distinct suggestions that include `expected`; for each pattern, a strategy it lists, at most
    /// `matchLimit` clean distinct headwords that include `expected` (and, for `exact` and `prefix`, only headwords
    /// that are or start with the pattern, case and punctuation aside); every strategy it does not list is refused as
    /// `.invalidQuery`; only ``ProviderError`` escapes; a cancelled request throws `.cancelled`.
    public static func checkMatching(
        _ makeProvider: @Sendable () async throws -> any MatchProviding,
        expectedID: ProviderID, known: [(query: String, expected: String)], limit: Int = 10,
        patterns: [KnownMatch] = [], matchLimit: Int = 200
    ) async -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ rule: String, _ detail: String) { failures.append(ConformanceFailure(rule: rule, detail: detail)) }
        let provider: any MatchProviding
        do { provider = try await makeProvider() } catch { return [ConformanceFailure(rule: "create", detail: "\(error)")] }
        failures += checkCapabilityViews(provider)
        if provider.descriptor.id != expectedID { fail("descriptor", "id is '\(provider.descriptor.id)'") }
        if !provider.descriptor.capabilities.contains(.match) { fail("descriptor", "no .match capability") }
        if known.isEmpty { fail("fixtures", "no known prefixes given") }
        for (term, expected) in known {
            guard let query = try? LookupQuery(term) else { fail("fixtures", "'\(term)' is not a valid query"); continue }
            switch await outcome({ try await provider.suggestions(for: query, limit: limit) }) {
            case .failure(let message): fail("match", "'\(term)': \(message)")
            case .success(let suggestions):
                if suggestions.count > limit { fail("match", "'\(term)': \(suggestions.count) suggestions, limit \(limit)") }
                if Set(suggestions).count != suggestions.count { fail("match", "'\(term)': suggestions repeat") }
                if !suggestions.contains(where: { $0.lowercased() == expected.lowercased() }) {
                    fail("match", "'\(term)': '\(expected)' is not among \(suggestions)")
                }
                for text in suggestions where MarkupCheck.problem(in: text) != nil {
                    fail("match", "'\(term)': \(debugText(text)): \(MarkupCheck.problem(in: text) ?? "")")
                }
            }
        }
        if let (term, _) = known.first, let query = try? LookupQuery(term) {
            if let problem = await cancellationProblem({ _ = try await provider.suggestions(for: query, limit: limit) }) {
                fail("cancellation", problem)
            }
        }
        failures += await checkPatterns(provider, patterns, limit: matchLimit)
        return failures
    }

    /// The `match(_:)` half of ``checkMatching(_:expectedID:known:limit:patterns:matchLimit:)``.
    static func checkPatterns(_ provider: any MatchProviding, _ patterns: [KnownMatch], limit: Int) async -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ detail: String) { failures.append(ConformanceFailure(rule: "match pattern", detail: detail)) }
        guard !patterns.isEmpty else { return [] }
        let strategies = provider.matchStrategies
        func folded(_ text: String) -> String {
            String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        }
        for known in patterns {
            guard strategies.contains(known.strategy) else {
                fail("'\(known.pattern)': \(known.strategy) is not among the strategies it lists (\(strategies))")
                continue
            }
            guard let query = try? MatchQuery(known.pattern, strategy: known.strategy, limit: limit) else {
                fail("'\(known.pattern)' is not a valid pattern")
                continue
            }
            switch await outcome({ try await provider.match(query) }) {
            case .failure(let message): fail("'\(known.pattern)' by \(known.strategy): \(message)")
            case .success(let words):
                let label = "'\(known.pattern)' by \(known.strategy)"
                if words.count > limit { fail("\(label): \(words.count) headwords, limit \(limit)") }
                if Set(words.map { $0.lowercased() }).count != words.count { fail("\(label): headwords repeat") }
                if !words.contains(where: { $0.lowercased() == known.expected.lowercased() }) {
                    fail("\(label): '\(known.expected)' is not among \(words.prefix(20))")
                }
                for word in words where MarkupCheck.problem(in: word) != nil || word.isEmpty || word != word.trimmingWhitespace() {
                    fail("\(label): \(debugText(word)) is not a clean headword")
                }
                let pattern = folded(known.pattern)
                for word in words {
                    let ok = switch known.strategy {
                    case .exact: folded(word) == pattern
                    case .prefix: folded(word).hasPrefix(pattern)
                    default: true
                    }
                    if !ok { fail("\(label): '\(word)' does not match") }
                }
            }
        }
        if let pattern = patterns.first, let unsupported = MatchStrategy.allCases.first(where: { !strategies.contains($0) }),
           let query = try? MatchQuery(pattern.pattern, strategy: unsupported)
        {
            do {
                _ = try await provider.match(query)
                fail("\(unsupported), which it does not list, answered instead of throwing .invalidQuery")
            } catch let error as ProviderError {
                if error.code != .invalidQuery { fail("\(unsupported), which it does not list, threw \(error.code), not .invalidQuery") }
            } catch {
                fail("\(unsupported) threw a non-ProviderError: \(type(of: error))")
            }
        }
        if let pattern = patterns.first, let query = try? MatchQuery(pattern.pattern, strategy: pattern.strategy, limit: limit),
           let problem = await cancellationProblem({ _ = try await provider.match(query) })
        {
            fail("cancellation: \(problem)")
        }
        return failures
    }

    /// Runs ``checkMatching(_:expectedID:known:limit:patterns:matchLimit:)``.
    /// - Throws: a ``ConformanceFailure`` listing every broken rule, when there is one.
    public static func verifyMatching(
        _ makeProvider: @Sendable () async throws -> any MatchProviding,
        expectedID: ProviderID, known: [(query: String, expected: String)], limit: Int = 10,
        patterns: [KnownMatch] = [], matchLimit: Int = 200
    ) async throws {
        try ConformanceFailure.throwing(
            await checkMatching(
                makeProvider, expectedID: expectedID, known: known, limit: limit, patterns: patterns, matchLimit: matchLimit
            ),
            subject: "\(expectedID) matching"
        )
    }

    // MARK: Shared

    enum Outcome<Value> {
        case success(Value)
        case failure(String)
    }

    static func outcome<Value>(_ body: () async throws -> Value) async -> Outcome<Value> {
        do {
            return .success(try await body())
        } catch let error as ProviderError {
            return .failure("threw \(error.code): \(error.message)")
        } catch {
            return .failure("threw a non-ProviderError: \(type(of: error)): \(error)")
        }
    }

    /// Why `body`, run in a cancelled task, did not throw `.cancelled`; `nil` when it did.
    static func cancellationProblem(_ body: @escaping @Sendable () async throws -> Void) async -> String? {
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                try await body()
                return "a cancelled request returned an answer instead of throwing .cancelled"
            } catch let error as ProviderError {
                return error.code == .cancelled ? nil : "a cancelled request threw \(error.code), not .cancelled"
            } catch {
                return "a cancelled request threw a non-ProviderError: \(type(of: error))"
            }
        }.value
    }
}
