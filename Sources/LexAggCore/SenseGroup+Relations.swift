/// Synonyms and antonyms a dictionary lists beside its definitions rather than in them (Wiktionary's
/// `====Synonyms====` sections, wiktextract's word-level `synonyms`), placed the one way every provider places them.
extension SenseGroup {
    public enum Relation: Sendable {
        case synonym, antonym
    }

    /// Adds `terms` as synonyms or antonyms, each once: to the sense `label` names (a `{{sense|…}}` gloss, a
    /// wiktextract linkage's `sense`; ``senseIndex(named:)``); without a label, to the only sense; else — a label
    /// that names no sense, or none with several senses — to the part of speech as a whole: a synonym of one sense
    /// must not land on another (finger's "bloke, lad" is not its first sense). A label that names no sense goes with
    /// each term (`Nazi Germany (1933–1945)`): without it, the term read as a synonym of the whole word.
    public mutating func add(_ terms: [String], as relation: Relation, senseLabel label: String?) {
        guard !terms.isEmpty, !senses.isEmpty else { return }
        var target: Int?
        var terms = terms
        if let label, !label.isEmpty {
            target = senseIndex(named: label)
            if target == nil, senses.count > 1 { terms = terms.map { $0 + " (" + label + ")" } }
        } else if senses.count == 1 {
            target = 0
        }
        add(terms, as: relation, toSenses: target.map { [$0] } ?? [])
    }

    /// Adds `terms` as synonyms or antonyms, each once, to each of the senses at `indices` (a source that numbers the
    /// senses it means: wiktextract's `sense_index`); with none (or none in range), to the part of speech as a whole.
    public mutating func add(_ terms: [String], as relation: Relation, toSenses indices: [Int]) {
        guard !terms.isEmpty, !senses.isEmpty else { return }
        let indices = indices.filter(senses.indices.contains)
        for term in terms where !term.isEmpty {
            if indices.isEmpty {
                switch relation {
                case .synonym: if !synonyms.contains(term) { synonyms.append(term) }
                case .antonym: if !antonyms.contains(term) { antonyms.append(term) }
                }
                continue
            }
            for index in indices {
                switch relation {
                case .synonym: if !senses[index].synonyms.contains(term) { senses[index].synonyms.append(term) }
                case .antonym: if !senses[index].antonyms.contains(term) { senses[index].antonyms.append(term) }
                }
            }
        }
    }

    /// The sense a gloss names (case aside): the first whose definition contains it, else the first that contains
    /// every longer word of it, roughly stemmed (`{{sense|extremity of the hand}}` for "One of the long extremities
    /// of the hand"), the labels before a colon aside (`derogatory: despicable woman` for "A woman who is considered
    /// despicable"); nil when none does.
    public func senseIndex(named gloss: String) -> Int? {
        // A gloss that starts with the sense's labels (`{{sense|derogatory: despicable woman}}`): the rest names it.
        if let colon = gloss.lastIndex(of: ":"), let found = senseIndex(named: String(gloss[gloss.index(after: colon)...])) {
            return found
        }
        let gloss = gloss.lowercased()
        if let exact = senses.firstIndex(where: { $0.definition.lowercased().contains(gloss) }) { return exact }
        // Each word by its stem, roughly: without its last two letters (`extremity` finds "extremities").
        let words = gloss.split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 4 }
            .map { String($0.prefix(max(4, $0.count - 2))) }
        guard !words.isEmpty else { return nil }
        let matching = senses.indices.filter { index in
            let definition = senses[index].definition.lowercased()
            return words.allSatisfy { definition.contains($0) }
        }
        // Several have every word (`shut up`'s "to stop talking or making noise" fits "To stop (a person) from talking
        // or … making noise" and "Of a person, to stop talking or … making noise"): the one sharing the longest run of
        // the gloss's text, ties the first.
        guard matching.count > 1 else { return matching.first }
        return matching.max { Self.longestCommonRun(gloss, senses[$0].definition.lowercased()) < Self.longestCommonRun(gloss, senses[$1].definition.lowercased()) }
    }

    /// The length of the longest run of characters two texts share.
    static func longestCommonRun(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var previous = [Int](repeating: 0, count: b.count + 1), current = previous
        var longest = 0
        for i in 1...a.count {
            for j in 1...b.count {
                current[j] = a[i - 1] == b[j - 1] ? previous[j - 1] + 1 : 0
                longest = max(longest, current[j])
            }
            swap(&previous, &current)
        }
        return longest
    }
}
