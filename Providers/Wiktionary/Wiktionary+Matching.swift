import LexAggCore
import LexAggHTTP

extension Wiktionary: MatchProviding {
    /// The most titles one prefix search returns (the Action API's `pslimit` maximum).
    static let prefixSearchLimit = 500

    /// Prefix search, and exact titles through it (case ignored: `House` and `house` are both pages).
    public var matchStrategies: [MatchStrategy] { [.exact, .prefix] }

    /// Page titles matching `query` by MediaWiki's prefix search (`list=prefixsearch`, the `strict` profile: no typo
    /// correction), kept only when they really start with (or, for `exact`, are) the pattern, ignoring case; titles
    /// that differ only in case (`House`, `house`) count once, as headwords do everywhere in lexagg.
    public func match(_ query: MatchQuery) async throws -> [String] {
        guard matchStrategies.contains(query.strategy) else { throw unsupported(query.strategy) }
        let wanted = query.pattern.lowercased()
        let titles = try await prefixSearch(query.pattern, limit: query.strategy == .exact ? 50 : query.limit, profile: "strict")
        var seen = Set<String>()
        return titles.filter { title in
            let folded = title.lowercased()
            return (query.strategy == .exact ? folded == wanted : folded.hasPrefix(wanted)) && seen.insert(folded).inserted
        }.prefix(query.limit).map { $0 }
    }

    /// "Did you mean" candidates: the prefix search with typo correction (`fuzzy` profile, up to two typos), which
    /// also finds the word meant when the typo is early in it.
    public func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        let typed = query.term.lowercased()
        let titles = try await prefixSearch(query.term, limit: limit, profile: "fuzzy")
        var seen = Set<String>()
        return titles.filter { $0.lowercased() != typed && seen.insert($0.lowercased()).inserted }.prefix(limit).map { $0 }
    }

    /// One `list=prefixsearch` request in the main namespace.
    package func prefixSearch(_ text: String, limit: Int, profile: String) async throws -> [String] {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .wiktionary, message: "the search was cancelled") }
        let request = ServiceRequest(
            Wiktionary.apiPath,
            query: [
                ("action", "query"), ("format", "json"), ("formatversion", "2"), ("list", "prefixsearch"),
                ("psnamespace", "0"), ("psprofile", profile), ("pslimit", String(max(1, min(limit, Self.prefixSearchLimit)))),
                ("pssearch", text),
            ]
        )
        return try await client.fetch(request, as: PrefixSearchResponse.self, policy: ParseResponse.policy)?.titles ?? []
    }
}
