import LexAggCore

/// What a word's head line says of it (a noun's gender, a verb's aspect), from wiktextract's word-level `tags` and
/// `raw_tags` — or, in the English edition, which copies them onto every sense, from the tags all its senses share —
/// as its part of speech's labels (``SenseGroup/labels``), worded as the online provider words a page's gender codes
/// (Providers/Wiktionary/HeadLineGender.swift).
extension EntryBuilder {
    /// The labels of a record's word-level `tags` and `raw_tags`: those a sense's labels would keep (``labels(qualifier:
    /// tags:topics:)``), but wiktextract's `error-…` tags and a part of speech's code (the German extractor tags a
    /// record with the other parts of speech a section's title names, `Substantiv, Adjektiv`: they are groups of
    /// their own, not labels).
    static func wordLabels(tags: [String], partOfSpeech code: String?) -> [String] {
        labels(qualifier: nil, tags: tags, topics: []).filter { tag in
            !tag.hasPrefix("error-") && tag != code && partsOfSpeech[tag] == nil && !partOfSpeechCodes.contains(tag)
        }
    }

    /// The gender (and animacy, aspect) every one of `senses` is labelled with: the English edition copies the tags
    /// of a word's head line onto each of its senses (en/page.py, "Copy all tags to word senses"), where the other
    /// editions keep them on the word; the part of speech's, as theirs are (``wordLabels(tags:partOfSpeech:)``).
    /// Its inflection class too (`strong`, `weak`, `class-4`: `pflegen`'s head lines), which the English edition
    /// copies the same way.
    static func sharedGender(_ senses: [Sense]) -> [String] {
        guard let first = senses.first, first.labels.contains(where: { isHeadLineTag($0) || isInflectionTag($0) }) else { return [] }
        return first.labels.filter { label in
            (isHeadLineTag(label) || isInflectionTag(label)) && senses.allSatisfy { $0.labels.contains(label) }
        }
    }

    /// The labels no sense of `senses` shows: "also" (the head line's "(also rare) Herzes": a word that says nothing
    /// alone), and when every sense has it, the other labels every one has, which are the head line's remarks on a
    /// form copied onto each sense (`Herz`: "also, neuter, rare" on every sense; its gender is the part of speech's).
    static func headLineRemarks(_ senses: [Sense]) -> [String] {
        guard senses.contains(where: { $0.labels.contains("also") }) else { return [] }
        guard senses.count > 1, let first = senses.first, senses.allSatisfy({ $0.labels.contains("also") }) else { return ["also"] }
        return first.labels.filter { label in !isHeadLineTag(label) && senses.allSatisfy { $0.labels.contains(label) } }
    }

    private static func isInflectionTag(_ tag: String) -> Bool {
        tag == "strong" || tag == "weak" || tag == "mixed" || tag == "irregular" || tag == "regular" || tag.hasPrefix("class-")
    }

    /// The labels a part of speech shows for the tags of its head line: its genders and their animacy as one label,
    /// in the words the online provider uses for the page's codes (`masculine inanimate`; `masculine or neuter`, which
    /// the German edition writes as two tags and the English one as the two tags on every sense), the others as they
    /// are.
    static func headLineLabels(_ tags: [String]) -> [String] {
        let genders = tags.filter(isGender), animacy = tags.filter { isHeadLineTag($0) && !isGender($0) && !$0.hasSuffix("perfective") }
        guard !genders.isEmpty, genders.count + animacy.count > 1 else { return tags }
        let gender = genders.joined(separator: " or ") + animacy.map { " " + $0 }.joined()
        var labels: [String] = []
        for tag in tags {
            if isGender(tag) || animacy.contains(tag) {
                if !labels.contains(gender) { labels.append(gender) }
            } else {
                labels.append(tag)
            }
        }
        return labels
    }

    private static func isGender(_ tag: String) -> Bool {
        tag == "masculine" || tag == "feminine" || tag == "neuter" || tag == "common"
    }

    /// (Compared, not hashed: asked of senses' labels, hashing each cost 1 % of a batch; by length first, as most
    /// labels have none of these lengths or one string to compare with.)
    private static func isHeadLineTag(_ tag: String) -> Bool {
        switch tag.utf8.count {
        case 6: return tag == "neuter" || tag == "common"
        case 7: return tag == "animate"
        case 8: return tag == "feminine" || tag == "personal"
        case 9: return tag == "masculine" || tag == "inanimate"
        case 10: return tag == "perfective"
        case 12: return tag == "imperfective"
        default: return false
        }
    }

    /// wiktextract's codes of parts of speech (src/wiktextract/extractor/en/parts_of_speech.py and the others'
    /// `POS_DATA`) that ``partsOfSpeech`` does not map.
    private static let partOfSpeechCodes: Set<String> = [
        "noun", "verb", "adj", "adv", "pron", "prep", "conj", "article", "particle", "prefix", "suffix", "infix",
        "interfix", "circumfix", "affix", "phrase", "proverb", "character", "symbol", "contraction", "classifier",
        "root", "postp", "circumpos", "intj", "det", "num", "name", "punct", "abbrev", "prep_phrase", "adv_phrase",
        "romanization", "combining_form", "counter", "syllable", "soft-redirect",
    ]
}
