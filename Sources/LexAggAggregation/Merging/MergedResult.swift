import LexAggCore

/// The entries of several providers merged into one ranked answer, with each sense's score.
///
/// ``scores`` runs parallel to ``entries``: `scores[e][g][s]` explains
/// `entries[e].senseGroups[g].senses[s]`, so a renderer can print the breakdown beside each sense (`--explain`).
public struct MergedResult: Sendable, Hashable, Codable {
    /// The merged entries, exact matches of the query first.
    public var entries: [Entry]
    /// The score of every sense, indexed like ``entries``, their sense groups and their senses.
    public var scores: [[[SenseScore]]]

    public init(entries: [Entry], scores: [[[SenseScore]]]) {
        self.entries = entries
        self.scores = scores
    }

    /// The score of `entries[entry].senseGroups[group].senses[sense]`.
    public func score(entry: Int, group: Int, sense: Int) -> SenseScore {
        scores[entry][group][sense]
    }
}

/// Why a merged sense stands where it does (see ``SenseMerger`` rule 5): the source whose wording it took, that
/// source's rank among the entry's sources, the sense's position in that source, and how many sources agree.
///
/// Senses are ordered by `sourceRank`, then `position`.
public struct SenseScore: Sendable, Hashable, Codable {
    /// How many distinct providers gave this sense.
    public var agreement: Int
    /// The configured weight of the source whose wording the sense took (the highest among its providers).
    public var providerWeight: Double
    /// The provider whose wording the sense took.
    public var source: ProviderID
    /// That provider's rank among the merged entry's sources: 0 for the best (highest weight, ties in priority order).
    public var sourceRank: Int
    /// The sense's position (from 0) among that provider's senses of this part of speech in the merged entry.
    public var position: Int

    public init(agreement: Int, providerWeight: Double, source: ProviderID, sourceRank: Int, position: Int) {
        self.agreement = agreement
        self.providerWeight = providerWeight
        self.source = source
        self.sourceRank = sourceRank
        self.position = position
    }
}
