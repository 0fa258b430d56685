import LexAggCore

/// The contract test kit every provider's test target runs.
///
/// Call ``verify(_:expectedID:known:unknown:)`` from one test in the provider's test target: it throws a
/// ``ConformanceFailure`` listing every broken rule, which fails the test. ``check(_:expectedID:known:unknown:)``
/// runs the same checks and returns what it found. The kit imports no test framework, so it builds in release
/// and can be used from any test library; other capabilities have their own verifiers (`verifyTranslating`,
/// `verifyRandomWords`, `verifyMatching`), and ``verifyHTTPFaults(policy:secret:_:)`` runs the HTTP fault table
/// for any online provider.
///
/// The rules:
/// - the descriptor is sane and its id is the expected one;
/// - each known word gives the expected entries, with provenance naming the provider and clean text
///   (no wiki or HTML markup, no stray white space);
/// - each unknown word gives an empty answer, not an error;
/// - bad input (empty, white space only, 10,000 characters, control characters) never reaches the provider:
///   `LookupQuery` rejects it as an invalid query; odd but valid input (percent escapes, path separators,
///   query syntax, right-to-left text, combining marks, emoji) gets an answer or an invalid-query error;
/// - only ``ProviderError`` escapes;
/// - a cancelled lookup throws ``ProviderError/Code/cancelled``.
public enum ProviderConformance {
    /// A word the provider knows and what its answer must contain.
    public struct KnownWord: Sendable {
        public var term: String
        public var language: Language?
        /// The headword every entry must have (compared case-insensitively); `nil` for the term itself.
        public var headword: String?
        /// Words that must occur (case-insensitively) in some definition or translation of the answer.
        public var mentions: [String]
        /// The least number of senses plus translations the answer must have.
        public var minimumItems: Int

        public init(
            _ term: String, language: Language? = nil, headword: String? = nil, mentions: [String] = [],
            minimumItems: Int = 1
        ) {
            self.term = term
            self.language = language
            self.headword = headword
            self.mentions = mentions
            self.minimumItems = minimumItems
        }
    }

    /// One broken rule.
    public typealias Failure = ConformanceFailure

    /// Input that must be rejected before any provider sees it.
    public static let rejectedInputs: [String] = [
        "", "   ", "\t\n", String(repeating: "a", count: 10_000), "abc\u{0}def", "a\u{1B}[31mred",
        "\u{7F}", "bell\u{7}", "zero\u{200B}width",
    ]

    /// Input that is valid text but unusual; the provider must answer or reject it cleanly.
    public static let oddInputs: [String] = [
        "%FF%FE", "%00", "%2F..%2F", "../../etc/passwd", "a/b", "what?", "a&b=c", "#hash", "100%",
        "l'homme", "naïve", "nai\u{0308}ve", "שָׁלוֹם", "日本語", "🙂", "ﬁne", "İstanbul",
        String(repeating: "z", count: LookupQuery.maximumLength),
    ]

    /// Runs every check.
    /// - Throws: a ``ConformanceFailure`` listing every broken rule, when there is one.
    public static func verify(
        _ makeProvider: @Sendable () async throws -> any DefinitionProviding,
        expectedID: ProviderID,
        known: [KnownWord],
        unknown: [String]
    ) async throws {
        try ConformanceFailure.throwing(
            await check(makeProvider, expectedID: expectedID, known: known, unknown: unknown), subject: "\(expectedID)"
        )
    }

    /// Runs every check and returns the failures found (empty when the provider conforms).
    public static func check(
        _ makeProvider: @Sendable () async throws -> any DefinitionProviding,
        expectedID: ProviderID,
        known: [KnownWord],
        unknown: [String]
    ) async -> [Failure] {
        var failures: [Failure] = []
        func fail(_ rule: String, _ detail: String) { failures.append(Failure(rule: rule, detail: detail)) }

        let provider: any DefinitionProviding
        do {
            provider = try await makeProvider()
        } catch {
            return [Failure(rule: "create", detail: "the provider could not be created: \(error)")]
        }

        failures += checkCapabilityViews(provider)

        // Descriptor.
        let descriptor = provider.descriptor
        if descriptor.id != expectedID { fail("descriptor", "id is '\(descriptor.id)', expected '\(expectedID)'") }
        if descriptor.displayName.trimmingWhitespace().isEmpty { fail("descriptor", "display name is empty") }
        if descriptor.source.trimmingWhitespace().isEmpty { fail("descriptor", "source is empty") }
        if descriptor.capabilities.isDisjoint(with: [.define, .translate]) {
            fail("descriptor", "a DefinitionProviding provider has neither .define nor .translate")
        }
        if Set(descriptor.languages).count != descriptor.languages.count { fail("descriptor", "languages repeat") }
        if descriptor.formatVersion < 1 { fail("descriptor", "formatVersion must be at least 1") }
        if known.isEmpty { fail("fixtures", "no known words given: the kit cannot check answers") }
        if unknown.isEmpty { fail("fixtures", "no unknown words given: the kit cannot check 'not found'") }

        // Known words.
        for word in known {
            let query: LookupQuery
            do { query = try LookupQuery(word.term, language: word.language) } catch {
                fail("fixtures", "known word '\(word.term)' is not a valid query: \(error)")
                continue
            }
            switch await attempt(provider, query) {
            case .failure(let message):
                fail("known", "'\(word.term)': \(message)")
            case .success(let result):
                failures += answerFailures(result, for: word, provider: expectedID)
            }
        }

        // Unknown words.
        for term in unknown {
            guard let query = try? LookupQuery(term) else {
                fail("fixtures", "unknown word '\(term)' is not a valid query")
                continue
            }
            switch await attempt(provider, query) {
            case .failure(let message): fail("unknown", "'\(term)': \(message)")
            case .success(let result) where !result.isEmpty:
                fail("unknown", "'\(term)' should give an empty answer, got \(result.entries.count) entries")
            case .success: break
            }
        }

        // Bad input never becomes a query.
        for input in rejectedInputs {
            do {
                _ = try LookupQuery(input)
                fail("bad-input", "\(debugText(input)) was accepted as a query")
            } catch {
                let wrapped = ProviderError.wrapping(error, provider: expectedID)
                if wrapped.code != .invalidQuery { fail("bad-input", "\(debugText(input)) maps to \(wrapped.code)") }
            }
        }

        // Odd but valid input gets an answer or a clean invalid-query error.
        for input in oddInputs {
            guard let query = try? LookupQuery(input) else { continue }
            do {
                _ = try await provider.lookup(query)
            } catch let error as ProviderError {
                if error.code != .invalidQuery {
                    fail("odd-input", "\(debugText(input)) failed with \(error.code): \(error.message)")
                }
            } catch {
                fail("error-type", "\(debugText(input)) threw a non-ProviderError: \(type(of: error)): \(error)")
            }
        }

        // Nothing it opened has changed under it: a provider that said it was outdated would be built again by a
        // server's registry every second (``DictionaryProvider/isOutdated``).
        if provider.isOutdated { fail("outdated", "says it is outdated though nothing it opened has changed") }

        // Cancellation.
        if let word = known.first, let query = try? LookupQuery(word.term, language: word.language) {
            let outcome = await Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await attempt(provider, query, expectCancellation: true)
            }.value
            if case .failure(let message) = outcome { fail("cancellation", message) }
        }
        return failures
    }

    private enum Attempt {
        case success(LookupResult)
        case failure(String)
    }

    private static func attempt(
        _ provider: any DefinitionProviding, _ query: LookupQuery, expectCancellation: Bool = false
    ) async -> Attempt {
        do {
            let result = try await provider.lookup(query)
            return expectCancellation
                ? .failure("a lookup in a cancelled task returned an answer instead of throwing .cancelled")
                : .success(result)
        } catch let error as ProviderError {
            if expectCancellation {
                return error.code == .cancelled
                    ? .success(.notFound) : .failure("a cancelled lookup threw \(error.code), not .cancelled")
            }
            return .failure("threw \(error.code): \(error.message)")
        } catch {
            return .failure("threw a non-ProviderError: \(type(of: error)): \(error)")
        }
    }

    private static func answerFailures(_ result: LookupResult, for word: KnownWord, provider: ProviderID) -> [Failure] {
        var failures: [Failure] = []
        func fail(_ detail: String) { failures.append(Failure(rule: "known", detail: "'\(word.term)': \(detail)")) }
        let entries = result.entries.filter { !$0.isEmpty }
        if entries.isEmpty { fail("empty answer for a known word"); return failures }

        let expectedHeadword = (word.headword ?? word.term).lowercased()
        var texts: [String] = []
        var items = 0
        for entry in entries {
            if entry.headword.lowercased() != expectedHeadword {
                fail("headword '\(entry.headword)', expected '\(word.headword ?? word.term)'")
            }
            if entry.provenance.provider != provider { fail("entry provenance names '\(entry.provenance.provider)'") }
            for sense in entry.allSenses + entry.allSenses.flatMap(\.subsenses) {
                items += 1
                texts.append(sense.definition)
                texts += sense.examples
                if !sense.sources.contains(where: { $0.provider == provider }) {
                    fail("a sense lacks provenance for '\(provider)'")
                }
                for text in [sense.definition] + sense.examples + sense.labels + sense.synonyms {
                    if let problem = MarkupCheck.problem(in: text) { fail("\(problem): \(debugText(text))") }
                }
            }
            for translation in entry.translations {
                items += 1
                texts.append(translation.text)
                if translation.provenance.provider != provider { fail("a translation lacks provenance") }
                if let problem = MarkupCheck.problem(in: translation.text) {
                    fail("\(problem): \(debugText(translation.text))")
                }
            }
            // A recording alone is a pronunciation without text; one with neither is empty.
            for pronunciation in entry.pronunciations
            where pronunciation.text.trimmingWhitespace().isEmpty && !pronunciation.isRecordingOnly {
                fail("an empty pronunciation")
            }
        }
        if items < word.minimumItems { fail("\(items) senses and translations, expected at least \(word.minimumItems)") }
        let haystack = texts.joined(separator: "\n").lowercased()
        for mention in word.mentions where !haystack.contains(mention.lowercased()) {
            fail("no definition or translation mentions '\(mention)'")
        }
        return failures
    }

    static func debugText(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…(\(text.count) chars)" : text
        return String(reflecting: shown)
    }
}

/// Detects markup that must never reach users: wiki templates and links, bold quotes, HTML tags.
public enum MarkupCheck {
    /// A description of the first problem in `text`, or `nil` when it is clean.
    public static func problem(in text: String) -> String? {
        if text.trimmingWhitespace().isEmpty { return "empty text" }
        if text != text.trimmingWhitespace() { return "leading or trailing white space" }
        for token in ["{{", "}}", "[[", "]]", "'''"] where text.contains(token) { return "markup '\(token)'" }
        if containsHTMLTag(text) { return "an HTML tag" }
        return nil
    }

    static func containsHTMLTag(_ text: String) -> Bool {
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "<" else { continue }
            var name = ""
            while let next = iterator.next() {
                if next.isLetter || (next == "/" && name.isEmpty) { name.append(next); continue }
                if (next == ">" || next == " ") && name.contains(where: \.isLetter) {
                    let bare = name.lowercased().filter(\.isLetter)
                    if htmlTags.contains(bare) { return true }
                }
                break
            }
        }
        return false
    }

    static let htmlTags: Set<String> = [
        "a", "b", "i", "u", "s", "em", "strong", "span", "div", "p", "br", "sup", "sub", "ref", "small", "big",
        "ol", "ul", "li", "style", "script", "link", "acronym", "abbr", "font", "table", "tr", "td", "th", "code",
        "nowiki", "math", "gallery",
    ]
}
