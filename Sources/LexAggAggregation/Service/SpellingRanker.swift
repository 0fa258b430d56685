import LexAggCore

/// Ranks "did you mean" candidates gathered from every matching provider, so that the spelling a person most likely
/// meant comes first whichever provider proposed it.
///
/// A pure function of the typed word and the candidate lists. The rules, each a MARK below and a row of
/// `SpellingRankerTests`:
/// 1. **Typing cost**: a weighted Damerau–Levenshtein distance (optimal string alignment) between the typed word and
///    the candidate, case ignored. Inserting, deleting or substituting a letter costs 1; but swapping two neighbouring
///    letters costs 0.6 (`recieve` → `receive`), a letter struck instead of its neighbour on a QWERTY keyboard 0.6,
///    and a doubled letter typed once, or a single one typed twice, 0.5 (`acommodate` → `accommodate`).
/// 2. **Completions**: a candidate that continues the typed word (three letters or more) costs at most
///    1 + 0.1 per extra letter, so `hous` still offers `household`.
/// 3. **Sound**: the same Soundex code as the typed word lowers the cost by 0.35 (it sounds like what was typed).
/// 4. **First letter**: a different first letter raises it by 0.25 (typos seldom hit the first letter).
/// 5. **Common words**: an English function word (`the`, `which`, …: the closed classes WordNet leaves out) lowers it
///    by 0.2 when the word may be English — they are by far the most frequent words typed.
/// 6. **Agreement**: each further provider that proposed the candidate lowers it by 0.1, at most 0.3.
/// 7. **Ties** keep provider order, then each provider's own order.
///
/// A word proposed in several spellings of case is shown in lower case when the typed word is, and one provider
/// gave it so (GCIDE capitalises every headword: `The`, beside the function words' `the`).
public enum SpellingRanker {
    /// A candidate and how it was scored, for tests and `--explain`.
    public struct Scored: Sendable, Hashable {
        public var word: String
        public var score: Double
        /// The providers that proposed it (indices into the lists given), first one first.
        public var sources: [Int]
    }

    /// The best `limit` candidates of `lists` (one list per provider, in provider order) for `typed`, best first;
    /// each word once, ignoring case; the typed word itself is left out.
    public static func rank(_ typed: String, candidates lists: [[String]], language: Language? = nil, limit: Int) -> [String] {
        Array(scored(typed, candidates: lists, language: language).prefix(limit).map(\.word))
    }

    /// Every candidate with its score, best first.
    public static func scored(_ typed: String, candidates lists: [[String]], language: Language? = nil) -> [Scored] {
        let query = typed.lowercased()
        var order: [String] = []
        var found: [String: (word: String, sources: [Int], position: Int)] = [:]
        for (provider, list) in lists.enumerated() {
            for (position, word) in list.enumerated() {
                let key = word.lowercased()
                guard key != query, !word.isEmpty else { continue }
                if var known = found[key] {
                    if !known.sources.contains(provider) { known.sources.append(provider) }
                    // Shown as typed in case: `the` (WordNet's, the function words') rather than GCIDE's `The` for `teh`.
                    if word == key && known.word != key && typed == query { known.word = word }
                    found[key] = known
                } else {
                    found[key] = (word, [provider], position)
                    order.append(key)
                }
            }
        }
        let english = language.map { $0.primary == Language.english.primary } ?? true
        let scored = order.enumerated().map { index, key -> (Scored, Int) in
            let candidate = found[key]!
            let score = self.score(query, key, english: english) - min(0.3, 0.1 * Double(candidate.sources.count - 1))
            return (Scored(word: candidate.word, score: score, sources: candidate.sources), index)
        }
        return scored.sorted { a, b in
            if a.0.score != b.0.score { return a.0.score < b.0.score }
            if a.0.sources[0] != b.0.sources[0] { return a.0.sources[0] < b.0.sources[0] }
            return a.1 < b.1
        }.map(\.0)
    }

    /// Rules 1–5 for one lower-cased candidate.
    static func score(_ query: String, _ candidate: String, english: Bool) -> Double {
        var cost = typingCost(query, candidate)
        // MARK: 2. Completions
        if query.count >= 3, candidate.hasPrefix(query) {
            cost = min(cost, 1 + 0.1 * Double(candidate.count - query.count))
        }
        // MARK: 3. Sound
        if let code = Soundex.code(query), code == Soundex.code(candidate) { cost -= 0.35 }
        // MARK: 4. First letter
        if query.first != candidate.first { cost += 0.25 }
        // MARK: 5. Common words
        if english && EnglishFunctionWords.all.contains(candidate) { cost -= 0.2 }
        return cost
    }

    // MARK: 1. Typing cost

    static let transposition = 0.6
    static let neighbouringKey = 0.6
    static let doubling = 0.5

    /// The weighted optimal-string-alignment distance from `typed` to `meant` (see rule 1).
    static func typingCost(_ typed: String, _ meant: String) -> Double {
        let a = Array(typed), b = Array(meant)
        if a.isEmpty { return Double(b.count) }
        if b.isEmpty { return Double(a.count) }
        var d = [[Double]](repeating: [Double](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = Double(i) }
        for j in 0...b.count { d[0][j] = Double(j) }
        for i in 1...a.count {
            for j in 1...b.count {
                // Typed one letter too many: cheap when it repeats the letter before it.
                let deletion = d[i - 1][j] + (i > 1 && a[i - 1] == a[i - 2] ? doubling : 1)
                // Left a letter out: cheap when it is the second of a double letter.
                let insertion = d[i][j - 1] + (j > 1 && b[j - 1] == b[j - 2] ? doubling : 1)
                let substitution = d[i - 1][j - 1] + substitutionCost(a[i - 1], b[j - 1])
                var best = min(deletion, insertion, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], a[i - 1] != a[i - 2] {
                    best = min(best, d[i - 2][j - 2] + transposition)
                }
                d[i][j] = best
            }
        }
        return d[a.count][b.count]
    }

    static func substitutionCost(_ typed: Character, _ meant: Character) -> Double {
        if typed == meant { return 0 }
        return QWERTY.areNeighbours(typed, meant) ? neighbouringKey : 1
    }

    /// Which letters touch on a QWERTY keyboard.
    enum QWERTY {
        private static let neighbours: [Character: Set<Character>] = {
            let rows: [Character: String] = [
                "q": "wa", "w": "qeas", "e": "wrsd", "r": "etdf", "t": "ryfg", "y": "tugh", "u": "yihj", "i": "uojk",
                "o": "ipkl", "p": "ol", "a": "qwsz", "s": "adwezx", "d": "sferxc", "f": "dgrtcv", "g": "fhtyvb",
                "h": "gjyubn", "j": "hkuinm", "k": "jliom", "l": "kop", "z": "asx", "x": "zcsd", "c": "xvdf",
                "v": "cbfg", "b": "vngh", "n": "bmhj", "m": "njk",
            ]
            var table: [Character: Set<Character>] = [:]
            for (key, around) in rows {
                for other in around {
                    table[key, default: []].insert(other)
                    table[other, default: []].insert(key)
                }
            }
            return table
        }()

        static func areNeighbours(_ a: Character, _ b: Character) -> Bool {
            neighbours[a]?.contains(b) ?? false
        }
    }
}
