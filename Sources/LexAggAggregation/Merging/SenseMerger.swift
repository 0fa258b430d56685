import LexAggCore

/// Merges the entries several providers gave for one query into ranked entries, folding duplicate senses together.
///
/// A pure, deterministic function of its input and ``Configuration``: no clock, no I/O, no randomness. The entries
/// come in provider priority order (as ``AggregatedResult/entries`` has them); "earlier" below means earlier in
/// that order.
///
/// ## Rules
/// 1. **Entries.** Entries with the same language (`nil` is a language of its own) and the same headword up to case
///    become one merged entry, spelled like the query when one of them is, else like the earliest. Exception: when
///    one provider itself returned several spellings as separate entries (German *Essen* and *essen*), each of
///    those spellings stays its own merged entry, and other providers' entries join the one spelled exactly like
///    them, else the earliest. Merged entries whose headword equals the query (same case) come first, then those
///    equal up to case, then the rest; each tier keeps priority order. The etymology is that of the entry with the
///    most senses among those that give one (ties: the earliest), the entry's provenance the earliest entry's.
/// 2. **Parts of speech.** Within a merged entry, senses are grouped by part of speech; senses without a part of
///    speech form a group of their own. The group with the most (merged) senses comes first, the word's main use
///    (sources list parts of speech in a fixed order: WordNet's *be* began with the noun beryllium); ties keep the
///    order of first appearance.
/// 3. **Duplicate senses.** A definition is normalised: a leading parenthesised label prefix such as `(academia)`
///    is moved into the labels, the rest is lower-cased, split into words at punctuation and stripped of English
///    stop words (see ``DefinitionText``). Two senses in the same part of speech are the same sense when their
///    word sets have a Dice similarity (2·shared / (size₁ + size₂)) of at least
///    ``Configuration/similarityThreshold``. Senses are clustered greedily in priority order: each joins the most
///    similar existing cluster (its best match among the cluster's senses; ties: the earlier cluster) that has no
///    sense from its provider yet, else starts a new one. Two senses of the same provider are never merged.
/// 4. **Conflicting fields.** A merged sense takes its definition, subsenses and form-of from the sense of the
///    highest-weight provider (ties: the earliest). Examples, labels, synonyms and antonyms are the union of all
///    the clustered senses', de-duplicated ignoring case and surrounding white space, in order of first
///    appearance. `sources` lists the provenance of every clustered sense (an entry's own provenance stands in for
///    a sense that has none). A part of speech's labels (a noun's gender) are those all its groups that have any
///    agree on; a group's others go on its own senses (``sharedGroupLabels(_:of:)``).
/// 5. **Order.** Within a part of speech the senses read like one dictionary, source by source: each merged sense
///    belongs to the source whose wording it took (rule 4), the sources come best first — highest configured weight,
///    ties in priority order — and each source's senses keep that source's own order. So the best source's senses
///    come first, in its order, each carrying the other sources that agree with it; then the next source's senses
///    that no better source had, in its order; and so on. (Senses are never interleaved source by source: a
///    dictionary's second sense is not put between another's first and second.) ``SenseScore`` records the source,
///    its rank, the sense's position in it and the agreement.
/// 6. **Pronunciations** are de-duplicated by accent (ignoring case) and transcription (ignoring surrounding
///    `/ /` or `[ ]` and all white space); the earliest of a duplicate set is kept whole, provenance included.
/// 7. **Translations** are de-duplicated by language pair and exact text; the earliest is kept, with the notes
///    (ignoring case) and examples of its duplicates added.
public struct SenseMerger: Sendable {
    /// What the merger may be tuned with.
    public struct Configuration: Sendable, Hashable {
        /// Weights of providers, for choosing a merged sense's wording and the order of sources; absent providers
        /// weigh 1.
        public var providerWeights: [ProviderID: Double]
        /// The Dice similarity from which two definitions count as the same sense; 0.6 by default.
        ///
        /// At 0.6, definitions that differ only in case, punctuation, stop words or a label prefix merge (1.0),
        /// as do ones sharing 3 of 5 content words each; definitions sharing one content word of four do not
        /// ("A financial institution that accepts deposits" and "an institution where one can place and borrow
        /// money" score 0.25).
        public var similarityThreshold: Double

        public init(providerWeights: [ProviderID: Double] = [:], similarityThreshold: Double = 0.6) {
            self.providerWeights = providerWeights
            self.similarityThreshold = similarityThreshold
        }

        /// The configured weight of `provider`, 1 when none is configured.
        public func weight(of provider: ProviderID) -> Double {
            providerWeights[provider] ?? 1
        }
    }

    public var configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Merges and ranks `entries`, given in provider priority order, for the lookup of `query`.
    ///
    /// - Parameters:
    ///   - entries: The entries of every provider that answered, in provider priority order.
    ///   - query: The term looked up; decides which merged entries come first.
    /// - Returns: The merged entries and, parallel to them, every sense's score.
    public func merge(_ entries: [Entry], query: String) -> MergedResult {
        let query = query.trimmingWhitespace()
        var merged: [Entry] = []
        var scores: [[[SenseScore]]] = []
        merged.reserveCapacity(entries.count)
        scores.reserveCapacity(entries.count)
        for bucket in buckets(of: entries, query: query) {
            let (entry, entryScores) = mergeEntry(bucket, of: entries)
            merged.append(entry)
            scores.append(entryScores)
        }
        return MergedResult(entries: merged, scores: scores)
    }

    // MARK: - Rule 1: which entries merge

    /// The entries (indices, ascending) that make one merged entry, and its spelling.
    private struct Bucket {
        var headword: String
        var members: [Int]
    }

    private struct FoldKey: Hashable {
        var language: Language?
        var folded: String
    }

    private func buckets(of entries: [Entry], query: String) -> [Bucket] {
        var foldIndex: [FoldKey: Int] = [:]
        var folds: [[Int]] = []
        for (index, entry) in entries.enumerated() {
            let key = FoldKey(language: entry.language, folded: entry.headword.lowercased())
            if let fold = foldIndex[key] {
                folds[fold].append(index)
            } else {
                foldIndex[key] = folds.count
                folds.append([index])
            }
        }

        var buckets: [Bucket] = []
        for fold in folds {
            // Spellings that some provider itself keeps apart, in order of first appearance.
            var spellingsByProvider: [(provider: ProviderID, spellings: [String])] = []
            for index in fold {
                let entry = entries[index]
                if let known = spellingsByProvider.firstIndex(where: { $0.provider == entry.provenance.provider }) {
                    if !spellingsByProvider[known].spellings.contains(entry.headword) {
                        spellingsByProvider[known].spellings.append(entry.headword)
                    }
                } else {
                    spellingsByProvider.append((entry.provenance.provider, [entry.headword]))
                }
            }
            var distinct: [String] = []
            for index in fold where !distinct.contains(entries[index].headword) {
                let provider = entries[index].provenance.provider
                if spellingsByProvider.contains(where: { $0.provider == provider && $0.spellings.count > 1 }) {
                    distinct.append(entries[index].headword)
                }
            }

            if distinct.isEmpty {
                let spelling = fold.contains { entries[$0].headword == query } ? query : entries[fold[0]].headword
                buckets.append(Bucket(headword: spelling, members: fold))
            } else {
                let first = buckets.count
                buckets += distinct.map { Bucket(headword: $0, members: []) }
                for index in fold {
                    buckets[first + (distinct.firstIndex(of: entries[index].headword) ?? 0)].members.append(index)
                }
            }
        }

        let foldedQuery = query.lowercased()
        func tier(_ bucket: Bucket) -> Int {
            if bucket.headword == query { return 0 }
            return bucket.headword.lowercased() == foldedQuery ? 1 : 2
        }
        return buckets.map { (tier($0), $0) }
            .sorted { ($0.0, $0.1.members[0]) < ($1.0, $1.1.members[0]) }
            .map(\.1)
    }

    // MARK: - Rules 2–7: one merged entry

    /// A sense ready for clustering.
    private struct Candidate {
        /// The sense with its label prefix moved into its labels and its sources filled in.
        var sense: Sense
        /// The content words of the definition as numbers from the merged entry's vocabulary, sorted.
        var tokens: [Int]
        /// The entry's provider first, then any other provider among the sense's sources.
        var providers: [ProviderID]
        var weight: Double
        /// The sense's position among its provider's senses of this part of speech in the merged entry.
        var position: Int
    }

    private struct PositionKey: Hashable {
        var group: Int
        var provider: ProviderID
    }

    private func mergeEntry(_ bucket: Bucket, of entries: [Entry]) -> (Entry, [[SenseScore]]) {
        let first = entries[bucket.members[0]]
        var groups: [(partOfSpeech: PartOfSpeech?, candidates: [Candidate], synonyms: [String], antonyms: [String], labels: [String])] = []
        var nextPosition: [PositionKey: Int] = [:]
        var pronunciations = PronunciationSet()
        var translations = TranslationSet()
        var etymology: String?
        var etymologySenses = 0
        // Words are numbered once per merged entry, so that comparing definitions compares integers.
        var vocabulary: [String: Int] = [:]
        // The entry's providers in priority order (the order of their first entry).
        var providers: [ProviderID] = []
        let shared = sharedGroupLabels(bucket, of: entries)

        for index in bucket.members {
            let entry = entries[index]
            let provider = entry.provenance.provider
            if !providers.contains(provider) { providers.append(provider) }
            // The etymology of the entry with the most senses (ties: the earliest): a dictionary's homographs merge
            // into one entry, and the first to have one (GCIDE's *snow*, the ship: "LG. snaue") headed every sense.
            if let text = entry.etymology, !text.isEmpty {
                let senses = entry.senseGroups.reduce(0) { $0 + $1.senses.count }
                if etymology == nil || senses > etymologySenses { (etymology, etymologySenses) = (text, senses) }
            }
            for pronunciation in entry.pronunciations { pronunciations.insert(pronunciation) }
            for translation in entry.translations { translations.insert(translation) }
            for group in entry.senseGroups {
                let groupIndex: Int
                if let known = groups.firstIndex(where: { $0.partOfSpeech == group.partOfSpeech }) {
                    groupIndex = known
                } else {
                    groupIndex = groups.count
                    groups.append((group.partOfSpeech, [], [], [], shared[group.partOfSpeech] ?? []))
                }
                for term in group.synonyms where !groups[groupIndex].synonyms.contains(term) { groups[groupIndex].synonyms.append(term) }
                for term in group.antonyms where !groups[groupIndex].antonyms.contains(term) { groups[groupIndex].antonyms.append(term) }
                // Labels of this group the merged one does not show (they differ from another's): its senses'.
                let own = shared[group.partOfSpeech].map { shared in group.labels.filter { !shared.contains($0) } } ?? []
                for var sense in group.senses {
                    if !own.isEmpty { sense.labels = own + sense.labels.filter { !own.contains($0) } }
                    let key = PositionKey(group: groupIndex, provider: provider)
                    let position = nextPosition[key, default: 0]
                    nextPosition[key] = position + 1
                    groups[groupIndex].candidates.append(
                        candidate(sense, of: entry, provider: provider, position: position, vocabulary: &vocabulary)
                    )
                }
            }
        }

        // Rule 5: the best source first — highest weight, ties in priority order (a stable sort keeps that order).
        let sources = providers.enumerated()
            .sorted { (-configuration.weight(of: $0.element), $0.offset) < (-configuration.weight(of: $1.element), $1.offset) }
            .map(\.element)
        var senseGroups: [SenseGroup] = []
        var groupScores: [[SenseScore]] = []
        senseGroups.reserveCapacity(groups.count)
        groupScores.reserveCapacity(groups.count)
        for group in groups {
            let ranked = rank(cluster(group.candidates), of: group.candidates, sources: sources)
            senseGroups.append(SenseGroup(
                partOfSpeech: group.partOfSpeech, senses: ranked.map(\.sense), synonyms: group.synonyms, antonyms: group.antonyms,
                labels: group.labels
            ))
            groupScores.append(ranked.map(\.score))
        }
        // Rule 2: the part of speech with the most senses first, ties in their order.
        if let order = SenseGroup.mostSensesFirst(senseGroups) {
            senseGroups = order.map { senseGroups[$0] }
            groupScores = order.map { groupScores[$0] }
        }

        let entry = Entry(
            headword: bucket.headword,
            language: first.language,
            pronunciations: pronunciations.items,
            senseGroups: senseGroups,
            translations: translations.items,
            etymology: etymology,
            provenance: first.provenance
        )
        return (entry, groupScores)
    }

    /// What the merged part of speech says of the word (rule 4 for the groups' labels, a noun's gender): by part of
    /// speech, the labels every group of it that has any has — all of them when those groups agree (a source that
    /// says nothing does not disagree); when they differ (German *Band*: masculine, neuter and feminine, by meaning,
    /// in three etymologies; or two sources' wordings), only what they share, and each group's others go on its own
    /// senses. Empty when no group has labels (most answers: nothing to compute).
    private func sharedGroupLabels(_ bucket: Bucket, of entries: [Entry]) -> [PartOfSpeech?: [String]] {
        guard bucket.members.contains(where: { entries[$0].senseGroups.contains { !$0.labels.isEmpty } }) else { return [:] }
        var shared: [PartOfSpeech?: [String]] = [:]
        for index in bucket.members {
            for group in entries[index].senseGroups where !group.senses.isEmpty && !group.labels.isEmpty {
                shared[group.partOfSpeech] = shared[group.partOfSpeech].map { $0.filter(group.labels.contains) } ?? group.labels
            }
        }
        return shared
    }

    private func candidate(
        _ sense: Sense, of entry: Entry, provider: ProviderID, position: Int, vocabulary: inout [String: Int]
    ) -> Candidate {
        let normalised = DefinitionText.normalise(sense.definition)
        var tokens: [Int] = []
        tokens.reserveCapacity(normalised.tokens.count)
        for word in normalised.tokens {
            if let number = vocabulary[word] {
                tokens.append(number)
            } else {
                let number = vocabulary.count
                vocabulary[word] = number
                tokens.append(number)
            }
        }
        tokens.sort()
        var cleaned = sense
        if !normalised.labels.isEmpty {
            cleaned.definition = normalised.text
            for label in normalised.labels
            where !cleaned.labels.contains(where: { $0.lowercased() == label.lowercased() }) {
                cleaned.labels.append(label)
            }
        }
        if cleaned.sources.isEmpty { cleaned.sources = [entry.provenance] }
        var providers = [provider]
        for source in cleaned.sources where !providers.contains(source.provider) {
            providers.append(source.provider)
        }
        let weight = providers.map(configuration.weight(of:)).max() ?? 1
        return Candidate(
            sense: cleaned, tokens: tokens, providers: providers, weight: weight, position: position
        )
    }

    // MARK: Rule 3: clustering

    /// Clusters of candidate indices, each in priority order, the clusters in order of first appearance.
    private func cluster(_ candidates: [Candidate]) -> [[Int]] {
        var clusters: [[Int]] = []
        var clusterProviders: [[ProviderID]] = []
        let threshold = configuration.similarityThreshold
        for (index, candidate) in candidates.enumerated() {
            var best: Int?
            var bestSimilarity = 0.0
            for (clusterIndex, members) in clusters.enumerated()
            where !clusterProviders[clusterIndex].contains(where: candidate.providers.contains) {
                var similarity = 0.0
                for member in members {
                    similarity = max(similarity, DefinitionText.similarity(candidate.tokens, candidates[member].tokens))
                }
                if similarity >= threshold, best == nil || similarity > bestSimilarity {
                    best = clusterIndex
                    bestSimilarity = similarity
                }
            }
            if let best {
                clusters[best].append(index)
                clusterProviders[best] += candidate.providers.filter { !clusterProviders[best].contains($0) }
            } else {
                clusters.append([index])
                clusterProviders.append(candidate.providers)
            }
        }
        return clusters
    }

    // MARK: Rules 4 and 5: wording and order

    /// The merged senses of one part of speech in reading order: by the rank of the source whose wording each took
    /// among `sources` (best first), then by its position among that source's senses.
    private func rank(
        _ clusters: [[Int]], of candidates: [Candidate], sources: [ProviderID]
    ) -> [(sense: Sense, score: SenseScore)] {
        var scored: [(sense: Sense, score: SenseScore)] = []
        scored.reserveCapacity(clusters.count)
        for members in clusters {
            var chosen = members[0]
            var providers: [ProviderID] = []
            for member in members {
                if candidates[member].weight > candidates[chosen].weight { chosen = member }
                for provider in candidates[member].providers where !providers.contains(provider) {
                    providers.append(provider)
                }
            }

            var sense = candidates[chosen].sense
            if members.count > 1 {
                let senses = members.map { candidates[$0].sense }
                sense.examples = unionIgnoringCase(senses.map(\.examples))
                sense.labels = unionIgnoringCase(senses.map(\.labels))
                sense.synonyms = unionIgnoringCase(senses.map(\.synonyms))
                sense.antonyms = unionIgnoringCase(senses.map(\.antonyms))
                var sources: [Provenance] = []
                for source in senses.lazy.flatMap(\.sources) where !sources.contains(source) {
                    sources.append(source)
                }
                sense.sources = sources
            }

            let source = candidates[chosen].providers[0]
            let score = SenseScore(
                agreement: providers.count, providerWeight: candidates[chosen].weight, source: source,
                sourceRank: sources.firstIndex(of: source) ?? sources.count, position: candidates[chosen].position
            )
            scored.append((sense, score))
        }
        // No two senses share a key: a source's senses never cluster together, so each has its own position.
        return scored.sorted { ($0.score.sourceRank, $0.score.position) < ($1.score.sourceRank, $1.score.position) }
    }

    private func unionIgnoringCase(_ lists: [[String]]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for list in lists {
            for item in list {
                let key = item.trimmingWhitespace().lowercased()
                if !key.isEmpty, seen.insert(key).inserted { result.append(item) }
            }
        }
        return result
    }
}

// MARK: - Rules 6 and 7

/// Pronunciations in order, the first of each (accent, transcription) kept; a recording alone is kept once per
/// (accent, recording).
private struct PronunciationSet {
    private struct Key: Hashable {
        var accent: String?
        var text: String
    }

    private(set) var items: [Pronunciation] = []
    private var seen: Set<Key> = []

    mutating func insert(_ pronunciation: Pronunciation) {
        let accent = pronunciation.accent.map { $0.trimmingWhitespace().lowercased() }
        let text = pronunciation.isRecordingOnly ? "\u{0}" + (pronunciation.audioURL ?? "") : Self.transcription(pronunciation.text)
        let key = Key(accent: accent?.isEmpty == true ? nil : accent, text: text)
        if seen.insert(key).inserted { items.append(pronunciation) }
    }

    /// The transcription without surrounding `/ /` or `[ ]` and without white space.
    static func transcription(_ text: String) -> String {
        var slice = Substring(text.trimmingWhitespace())
        if let first = slice.first, let last = slice.last, slice.count >= 2,
            (first == "/" && last == "/") || (first == "[" && last == "]")
        {
            slice = slice.dropFirst().dropLast()
        }
        return String(slice.filter { !$0.isWhitespace })
    }
}

/// Translations in order, the first of each (pair, text) kept, with its duplicates' notes and examples added.
private struct TranslationSet {
    private struct Key: Hashable {
        var pair: LanguagePair
        var text: String
    }

    private(set) var items: [Translation] = []
    private var index: [Key: Int] = [:]

    mutating func insert(_ translation: Translation) {
        let key = Key(pair: translation.pair, text: translation.text)
        guard let known = index[key] else {
            index[key] = items.count
            items.append(translation)
            return
        }
        for note in translation.notes
        where !items[known].notes.contains(where: { $0.lowercased() == note.lowercased() }) {
            items[known].notes.append(note)
        }
        for example in translation.examples where !items[known].examples.contains(example) {
            items[known].examples.append(example)
        }
    }
}
