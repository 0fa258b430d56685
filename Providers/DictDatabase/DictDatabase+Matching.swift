import LexAggCore

extension DictDatabase {
    /// Every strategy: exact and prefix by binary search, the others by one pass over the index.
    public var matchStrategies: [MatchStrategy] { MatchStrategy.allCases }

    public func match(_ query: MatchQuery) async throws -> [String] {
        try checkCancellation()
        let index = try open().index
        let result: Result<[String], DictIndex.ScanFailure>
        switch query.strategy {
        case .exact, .prefix:
            // Binary searches, done in microseconds.
            result = Result { () throws(DictIndex.ScanFailure) in
                try index.match(query.pattern, strategy: query.strategy, limit: query.limit)
            }
        case .substring, .suffix, .soundex, .lev, .regex:
            // A pass over every headword: milliseconds, off the cooperative pool (see `offThePool`).
            result = await offThePool { cancellation in
                Result { () throws(DictIndex.ScanFailure) in
                    try index.match(query.pattern, strategy: query.strategy, limit: query.limit, cancellation: cancellation)
                }
            }
        }
        do { return try result.get() } catch { throw failure(error) }
    }

    /// Close spellings as candidates for "did you mean": completions, and headwords within two edits.
    public func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        try checkCancellation()
        let index = try open().index
        // A pass over every headword: off the cooperative pool (see `offThePool`).
        let result = await offThePool { cancellation in
            Result { () throws(DictIndex.ScanFailure) in try index.suggestions(query.term, limit: limit, cancellation: cancellation) }
        }
        do { return try result.get() } catch { throw failure(error) }
    }

    private func failure(_ error: DictIndex.ScanFailure) -> ProviderError {
        switch error {
        case .cancelled: ProviderError(.cancelled, provider: descriptor.id, message: "cancelled")
        case .invalidPattern(let message): ProviderError(.invalidQuery, provider: descriptor.id, message: message)
        }
    }
}
