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

/// Why a merged sense ranks where it does: the inputs of its score and the weighted total.
///
/// `total` = `agreement` × `w.agreement` + `providerWeight` × `w.providerWeight` + `orderBonus` × `w.order`,
/// where `w` is the merger's ``SenseMerger/ScoreWeights``.
public struct SenseScore: Sendable, Hashable, Codable {
    /// How many distinct providers gave this sense.
    public var agreement: Int
    /// The highest configured weight among those providers.
    public var providerWeight: Double
    /// `1 / (1 + i)`, where `i` is the sense's best (lowest) position within one provider's part of speech.
    public var orderBonus: Double
    /// The weighted sum the senses are sorted by, highest first.
    public var total: Double

    public init(agreement: Int, providerWeight: Double, orderBonus: Double, total: Double) {
        self.agreement = agreement
        self.providerWeight = providerWeight
        self.orderBonus = orderBonus
        self.total = total
    }
}
