import LexAggCore

/// WordNet's morphology ("Morphy", WordNet's morph.c and morphy(7WN)): the lemmas an inflected English word may be
/// a form of, from WordNet's detachment rules and its exception lists (`noun.exc`, `verb.exc`, `adj.exc`, `adv.exc`,
/// which ship with WordNet: Debian's `wordnet-base`, and beside lexagg's embedded WordNet).
///
/// It proposes candidates only; the caller keeps those its dictionary knows (`walked` → `walk`, not `walke`).
public struct WordNetMorphology: Sendable {
    /// WordNet's parts of speech, in the order Morphy tries them.
    public enum PartOfSpeech: String, CaseIterable, Sendable {
        case noun, verb, adj, adv
    }

    /// A candidate lemma and the form the word would be of it.
    public struct Candidate: Sendable, Hashable {
        public var lemma: String
        /// `plural`, `past tense`, `present participle`, `third-person singular`, `comparative`, `superlative`,
        /// `possessive` (`possessive plural`), or `form` for an irregular form the exception list does not name.
        public var form: String
        public var partOfSpeech: PartOfSpeech
    }

    /// Irregular forms: `exceptions[pos]` gives the lemmas of a form (`went` → `go`), from the exception lists.
    private let exceptions: [PartOfSpeech: WordNetExceptionList]

    /// Morphology from the exception lists' text (`form lemma [lemma…]` per line; `_` joins words of a phrase).
    public init(exceptionLists: [PartOfSpeech: String]) {
        exceptions = exceptionLists.mapValues(WordNetExceptionList.init)
    }

    /// The detachment rules of morph.c: (suffix, replacement, form).
    static let rules: [PartOfSpeech: [(suffix: String, ending: String, form: String)]] = [
        .noun: [
            ("s", "", "plural"), ("ses", "s", "plural"), ("xes", "x", "plural"), ("zes", "z", "plural"),
            ("ches", "ch", "plural"), ("shes", "sh", "plural"), ("men", "man", "plural"), ("ies", "y", "plural"),
            // Not Morphy's: the classical plurals the exception lists do not name (`aviatrices` → `aviatrix`,
            // `staccati` → `staccato`, `stigmata` → `stigma`, `cherubim` → `cherub`), tried after the English ones.
            ("ices", "ix", "plural"), ("ices", "ex", "plural"), ("i", "us", "plural"), ("i", "o", "plural"),
            ("a", "um", "plural"), ("a", "on", "plural"), ("ae", "a", "plural"), ("ata", "a", "plural"),
            ("eaux", "eau", "plural"), ("im", "", "plural"),
        ],
        .verb: [
            ("s", "", "third-person singular"), ("ies", "y", "third-person singular"),
            ("es", "e", "third-person singular"), ("es", "", "third-person singular"),
            ("ed", "e", "past tense"), ("ed", "", "past tense"), ("ied", "y", "past tense"),
            ("ing", "e", "present participle"), ("ing", "", "present participle"),
        ],
        .adj: [
            ("er", "", "comparative"), ("est", "", "superlative"), ("er", "e", "comparative"), ("est", "e", "superlative"),
            // Not Morphy's, but English spelling: `huffiest` → `huffy`.
            ("ier", "y", "comparative"), ("iest", "y", "superlative"),
        ],
    ]

    /// Derivations by suffix, tried after the inflections when a dictionary lacks the derived word: an adverb in
    /// -ly, a noun in -ness, an adjective in -y, an agent noun in -ist, -or spelt -er (`untiringly` → `untiring`,
    /// `halfheartedness` → `halfhearted`, `glitzy` → `glitz`, `banjoist` → `banjo`, `multiplexor` → `multiplexer`).
    /// The stem keeps at least three letters (four before -y).
    static let suffixDerivations: [(suffix: String, ending: String, form: String)] = [
        ("ly", "", "adverb"), ("ily", "y", "adverb"), ("ness", "", "noun"), ("iness", "y", "noun"), ("y", "", "adjective"),
        ("ist", "", "agent noun"), ("or", "er", "spelling variant"),
    ]

    /// Prefixes whose meaning is the same on any base, with that meaning (`reoccur` = re- (again) + `occur`).
    static let prefixes: [(prefix: String, meaning: String)] = [
        ("re", "again"), ("pre", "before"), ("mis", "wrongly"), ("un", "not"), ("non", "not"), ("over", "too much"),
        ("under", "too little"), ("sub", "below"), ("super", "above"), ("out", "more than"), ("anti", "against"),
        ("counter", "against"), ("semi", "half"), ("multi", "many"), ("inter", "between"), ("hyper", "excessively"),
        ("mini", "small"), ("micro", "very small"), ("mega", "a million"), ("giga", "a billion"), ("co", "together"),
        ("de", "undoing"), ("dis", "not"),
    ]

    /// Every lemma `word` may be a form of, irregular forms first, then the rules' in Morphy's order (noun, verb,
    /// adjective), each once; then what the word or one of those forms may be derived from: a suffix, a prefix, or
    /// a closed compound written open (`wastepaper` → `waste paper`). The word itself is never a candidate.
    public func candidates(for word: String) -> [Candidate] {
        var forms: [String: Set<String>] = [:]
        let inflected = inflections(of: word.lowercased(), forms: &forms)
        return inflected + derivations(of: word, inflected: inflected, forms: forms)
    }

    /// The candidates a dictionary has (`isKnown`), in the order of `candidates(for:)`, each lemma once — except that
    /// derivations are only worked out when no inflection is known: `overeaten` is the past participle of `overeat`,
    /// and its many compound splits are never probed.
    ///
    /// With `partsOfSpeech` (the parts of speech the dictionary has a known lemma in; nil: any), an inflection is kept
    /// only as a form of a part of speech the lemma has, and named by every such reading: `indices` is not the
    /// third person of a verb *indic* (a noun), `goes` is the plural or third-person singular of *go*.
    public func knownCandidates(
        for word: String, isKnown: (String) -> Bool, partsOfSpeech: ((String) -> Set<PartOfSpeech>?)? = nil
    ) -> [Candidate] {
        var forms: [String: Set<String>] = [:]
        var readings: [String: [Reading]] = [:]
        var seen: Set<String> = []
        let inflected = inflections(of: word.lowercased(), forms: &forms, readings: &readings)
        var known: [Candidate] = []
        // Lemmas the word is a form of only in a part of speech they lack: kept when no lemma fits better
        // (`staccati`: WordNet has *staccato* only as an adjective).
        var unfit: [Candidate] = []
        for candidate in inflected where seen.insert(candidate.lemma).inserted && isKnown(candidate.lemma) {
            guard let partsOfSpeech, let allowed = partsOfSpeech(candidate.lemma) else {
                known.append(candidate)
                continue
            }
            let fitting = (readings[candidate.lemma] ?? []).filter { allowed.contains($0.partOfSpeech) }
            guard let first = fitting.first else {
                if !allowed.isEmpty { unfit.append(candidate) }
                continue
            }
            var names: [String] = []
            for reading in fitting where !names.contains(reading.form) { names.append(reading.form) }
            known.append(Candidate(lemma: candidate.lemma, form: names.joined(separator: " or "), partOfSpeech: first.partOfSpeech))
        }
        if known.isEmpty { known = unfit }
        // English spelling: a stem that ends consonant–vowel–consonant doubles it before -ed and -ing (`hopped`), and
        // only s, x, z, ch, sh and o take -es: `hoped`, `hoping` and `wines` are forms of *hope* and *wine*, not of
        // *hop* and *win*, when the dictionary has both.
        let lowered = word.lowercased()
        let lemmas = known.map(\.lemma)
        known.removeAll { candidate in
            let stem = candidate.lemma
            guard lemmas.contains(stem + "e") else { return false }
            if lowered == stem + "ed" || lowered == stem + "ing" { return Self.endsConsonantVowelConsonant(stem) }
            if lowered == stem + "es" { return !["s", "x", "z", "ch", "sh", "o"].contains(where: { stem.hasSuffix($0) }) }
            return false
        }
        if !known.isEmpty { return known }
        return derivations(of: word, inflected: inflected, forms: forms).filter { seen.insert($0.lemma).inserted && isKnown($0.lemma) }
    }

    /// The derivations of the word and of each of its inflections' lemmas, none of them already proposed.
    private func derivations(of word: String, inflected: [Candidate], forms: [String: Set<String>]) -> [Candidate] {
        let lowered = word.lowercased()
        // A phrase is only inflected; so is a capitalised word, most often a name (`Mindy` is not mind + -y).
        if lowered.contains(" ") || word.first?.isUppercase == true { return [] }
        var seen = Set(inflected.map(\.lemma) + [lowered])
        var found: [Candidate] = []
        // The word's own derivations, then each form's (`reoccurs` → `reoccur` → re- + `occur`; `halfheartedness's`
        // → `halfheartedness` → `halfhearted`). A stem proposed as several forms is "a form of" it.
        let stems = [(stem: lowered, via: String?.none)] + inflected.map { candidate in
            let named = (forms[candidate.lemma]?.count ?? 0) == 1 && candidate.form != "form"
            return (stem: candidate.lemma, via: named ? "\(candidate.form) of \(candidate.lemma)" : "a form of \(candidate.lemma)")
        }
        for (stem, via) in stems where !stem.contains("'") && !stem.contains("’") {
            for derived in Self.derivations(of: stem) where seen.insert(derived.lemma).inserted {
                found.append(Candidate(lemma: derived.lemma, form: via.map { "\($0), \(derived.form)" } ?? derived.form,
                                       partOfSpeech: derived.partOfSpeech))
            }
        }
        return found
    }

    /// What a word may be derived from: a suffix's stem, a prefix's base (form `re- (again) +`, which `FormOf`
    /// readers put before the lemma), or its parts written open or hyphenated (form `one-word spelling`).
    static func derivations(of word: String) -> [Candidate] {
        var found: [Candidate] = []
        let letters = Array(word)
        for rule in suffixDerivations where word.hasSuffix(rule.suffix)
            && letters.count - rule.suffix.count >= (rule.suffix == "y" ? 4 : 3)
        {
            found.append(Candidate(lemma: String(word.dropLast(rule.suffix.count)) + rule.ending, form: rule.form, partOfSpeech: .adj))
        }
        for (prefix, meaning) in prefixes where word.hasPrefix(prefix) && letters.count - prefix.count >= 3 {
            let base = String(word.dropFirst(prefix.count))
            guard base.first?.isLetter == true else { continue }
            found.append(Candidate(lemma: base, form: "\(prefix)- (\(meaning)) +", partOfSpeech: .verb))
        }
        if letters.count >= 6, letters.allSatisfy(\.isLetter) {
            // Cut by the word's own indices: a String from an ArraySlice of Characters goes through the generic
            // initialiser, whose first use costs a conformance scan.
            var cut = word.index(word.startIndex, offsetBy: 3)
            for _ in 3...(letters.count - 3) {
                let (left, right) = (String(word[..<cut]), String(word[cut...]))
                for joined in [left + " " + right, left + "-" + right] {
                    found.append(Candidate(lemma: joined, form: "one-word spelling", partOfSpeech: .noun))
                }
                word.formIndex(after: &cut)
            }
        }
        return found
    }

    /// The inflections of the rules and lists; `forms` collects every form each lemma was proposed as.
    /// The parts of speech a WordNet entry (dictd's `wn` text) gives its word, as ``knownCandidates(for:isKnown:partsOfSpeech:)``
    /// takes them for a lemma; none when it is headed in capitals alone and `word` is not (`was` is no plural of *WA*).
    public static func partsOfSpeech(ofWordNetEntry text: String, for word: String) -> Set<PartOfSpeech> {
        WordNetFormat.partsOfSpeech(ofEntry: text, for: word)
    }

    /// Whether `word` ends in a consonant, a single vowel and a consonant other than w, x, y (`hop`, `plan`).
    static func endsConsonantVowelConsonant(_ word: String) -> Bool {
        let letters = Array(word)
        guard letters.count >= 3 else { return false }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        let (first, middle, last) = (letters[letters.count - 3], letters[letters.count - 2], letters[letters.count - 1])
        return !vowels.contains(first) && vowels.contains(middle) && !vowels.contains(last) && !"wxy".contains(last)
    }

    /// One way a word is a form of a lemma.
    struct Reading: Equatable {
        var partOfSpeech: PartOfSpeech
        var form: String
    }

    private func inflections(of lowered: String, forms: inout [String: Set<String>]) -> [Candidate] {
        var readings: [String: [Reading]] = [:]
        return inflections(of: lowered, forms: &forms, readings: &readings)
    }

    /// The inflections' lemmas, each once (its first reading), and every reading of each lemma in `readings`.
    private func inflections(
        of lowered: String, forms: inout [String: Set<String>], readings: inout [String: [Reading]]
    ) -> [Candidate] {
        var found: [Candidate] = []
        // Inserted, not a literal: a set's array literal instantiates its storage type by name, and the first such
        // of a process scans every conformance record of the binary (0.8 million instructions, a quarter of a
        // `lookup walked`).
        var seen = Set<String>()
        seen.insert(lowered)
        func add(_ lemma: String, _ form: String, _ pos: PartOfSpeech) {
            guard !lemma.isEmpty else { return }
            forms[lemma, default: []].insert(form)
            let reading = Reading(partOfSpeech: pos, form: form)
            if !(readings[lemma]?.contains(reading) ?? false) { readings[lemma, default: []].append(reading) }
            guard seen.insert(lemma).inserted else { return }
            found.append(Candidate(lemma: lemma, form: form, partOfSpeech: pos))
        }
        // A possessive is its noun's: `musician's` → `musician`, `children's` → `children` → `child`, `musicians'`
        // → `musicians` → `musician`. Only a noun owns, and only one plural: `dogs's` is no form of `dog` (its
        // owner would be `dogs`, a plural in -s, whose possessive is `dogs'`).
        for mark in ["'s", "’s", "'", "’"] where lowered.hasSuffix(mark) && lowered.count > mark.count + 1 {
            let owner = String(lowered.dropLast(mark.count))
            let apostropheOnly = mark.count == 1
            if apostropheOnly && !owner.hasSuffix("s") { continue }
            add(owner, "possessive", .noun)
            // `X's` with X in -s is the possessive of X as it is (`James's`, `bus's`); otherwise X may be a plural.
            if !apostropheOnly && owner.hasSuffix("s") { return found }
            var ownerForms: [String: Set<String>] = [:]
            for candidate in inflections(of: owner, forms: &ownerForms) where candidate.partOfSpeech == .noun && candidate.form == "plural" {
                add(candidate.lemma, "possessive plural", .noun)
            }
            return found
        }
        for pos in PartOfSpeech.allCases {
            for lemma in exceptions[pos]?.lemmas(of: lowered) ?? [] { add(lemma, Self.irregularForm(lowered, pos), pos) }
        }
        // A closed compound ends in its head word, which is what inflects: `schoolchildren` → `schoolchild`,
        // `overeaten` → `overeat` (the exception lists name only the head's forms). The head is at least three
        // letters and the rest at least two.
        let letters = Array(lowered)
        if letters.count >= 5 {
            // Most words have no such head: an ASCII word's endings are first looked for by their bytes.
            let utf8 = Array(lowered.utf8)
            // (A phrase's endings hold spaces, which the lists spell `_`: those take the longer way.)
            let ascii = utf8.count == letters.count && !utf8.contains(0x20) && !utf8.contains(UInt8(ascii: "_"))
            for cut in 2...(letters.count - 3) {
                let lists = [PartOfSpeech.noun, .verb].filter { pos in
                    guard let list = exceptions[pos] else { return false }
                    return !ascii || list.mayList(utf8[cut...])
                }
                if lists.isEmpty { continue }
                let head = String(letters[cut...])
                for pos in lists {
                    for lemma in exceptions[pos]?.lemmas(of: head) ?? [] where !lemma.contains(" ") {
                        add(String(letters[..<cut]) + lemma, Self.irregularForm(head, pos), pos)
                    }
                }
            }
        }
        // Phrases: Morphy inflects the first word of a verb phrase (`walked out` → `walk out`), any word of a noun's.
        let words = lowered.split(separator: " ").map(String.init)
        if words.count > 1 {
            var partForms: [String: Set<String>] = [:]
            for (index, part) in words.enumerated() {
                for candidate in inflections(of: part, forms: &partForms) {
                    var inflected = words
                    inflected[index] = candidate.lemma
                    add(inflected.joined(separator: " "), candidate.form, candidate.partOfSpeech)
                }
            }
            return found
        }
        for pos in [PartOfSpeech.noun, .verb, .adj] {
            // A word in -ss is not a form in -s (`glass` is neither the plural of `glas` nor a form of a verb `glas`).
            if lowered.hasSuffix("ss") { continue }
            for rule in Self.rules[pos] ?? [] where lowered.hasSuffix(rule.suffix) && lowered.count > rule.suffix.count + 1 {
                let stem = String(lowered.dropLast(rule.suffix.count))
                add(stem + rule.ending, rule.form, pos)
                // A doubled final consonant (`stopped`, `running`, `bigger`) belongs to the suffix; so does British
                // spelling's doubled l (`travelled`, `backpedalling`), tried after the whole stem (`called` → call).
                if rule.ending.isEmpty, rule.suffix != "s", let last = stem.last, stem.dropLast().last == last,
                   !"aeiousz".contains(last)
                {
                    add(String(stem.dropLast()), rule.form, pos)
                }
            }
        }
        return found
    }

    /// The form an exception-list entry names, as far as its spelling tells.
    private static func irregularForm(_ form: String, _ pos: PartOfSpeech) -> String {
        switch pos {
        case .noun: "plural"
        case .verb:
            if form.hasSuffix("ing") { "present participle" }
            else if form.hasSuffix("ed") { "past tense" }
            // `eaten`, `known`, `gone`: strong verbs' participles.
            else if form.hasSuffix("en") || form.hasSuffix("wn") || form.hasSuffix("ne") { "past participle" }
            else { "form" }
        case .adj, .adv: form.hasSuffix("st") ? "superlative" : form.hasSuffix("er") ? "comparative" : "form"
        }
    }
}
