import LexAggCore

extension DictDatabase {
    /// Every strategy: exact and prefix by binary search, the others by one pass over the index.
    public var matchStrategies: [MatchStrategy] { MatchStrategy.allCases }

    public func match(_ query: MatchQuery) async throws -> [String] {
        try checkCancellation()
        let opened = try open()
        do {
            return try opened.index.match(query.pattern, strategy: query.strategy, limit: query.limit)
        } catch {
            throw failure(error)
        }
    }

    /// Close spellings as candidates for "did you mean": completions, and headwords within two edits.
    public func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        try checkCancellation()
        let opened = try open()
        do {
            return try opened.index.suggestions(query.term, limit: limit)
        } catch {
            throw failure(error)
        }
    }

    private func failure(_ error: DictIndex.ScanFailure) -> ProviderError {
        switch error {
        case .cancelled: ProviderError(.cancelled, provider: descriptor.id, message: "cancelled")
        case .invalidPattern(let message): ProviderError(.invalidQuery, provider: descriptor.id, message: message)
        }
    }
}
