import LexAggCore

/// English function words: articles, determiners, pronouns, prepositions, conjunctions, auxiliaries and common
/// adverbs — the closed classes WordNet (nouns, verbs, adjectives and adverbs of content) leaves out, and the most
/// frequent words of running English text. ``SpellingRanker`` proposes them as candidates for English words (`teh` →
/// `the`) and prefers them on a tie.
enum EnglishFunctionWords {
    static let all: Set<String> = [
        // Articles and determiners
        "a", "an", "the", "this", "that", "these", "those", "each", "every", "either", "neither", "some", "any", "no",
        "all", "both", "few", "many", "much", "more", "most", "less", "least", "several", "such", "what", "which",
        "whose", "whatever", "whichever", "another", "other", "enough",
        // Pronouns
        "i", "me", "my", "mine", "myself", "you", "your", "yours", "yourself", "yourselves", "he", "him", "his",
        "himself", "she", "her", "hers", "herself", "it", "its", "itself", "we", "us", "our", "ours", "ourselves",
        "they", "them", "their", "theirs", "themselves", "who", "whom", "whoever", "someone", "somebody", "something",
        "anyone", "anybody", "anything", "everyone", "everybody", "everything", "nobody", "nothing", "none", "one",
        // Prepositions
        "about", "above", "across", "after", "against", "along", "among", "around", "at", "before", "behind", "below",
        "beneath", "beside", "between", "beyond", "by", "despite", "down", "during", "except", "for", "from", "in",
        "inside", "into", "like", "near", "of", "off", "on", "onto", "out", "outside", "over", "past", "since",
        "through", "throughout", "till", "to", "toward", "towards", "under", "underneath", "until", "unto", "up",
        "upon", "with", "within", "without", "via",
        // Conjunctions
        "and", "but", "or", "nor", "so", "yet", "because", "although", "though", "while", "whereas", "if", "unless",
        "whether", "than", "as", "once", "when", "whenever", "where", "wherever", "why", "how",
        // Auxiliaries and modals
        "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do", "does", "did",
        "doing", "done", "will", "would", "shall", "should", "can", "could", "may", "might", "must", "ought",
        // Frequent adverbs and particles
        "not", "also", "very", "too", "just", "only", "then", "there", "here", "now", "still", "even", "ever", "never",
        "always", "often", "again", "already", "almost", "quite", "rather", "perhaps", "however", "therefore", "thus",
        "yes", "well", "else",
    ]

    /// The function words within one edit (a swap of neighbouring letters counting as one) of `word`.
    static func near(_ word: String) -> [String] {
        let lowered = word.lowercased()
        let typed = Array(lowered)
        // The words are ASCII (one byte a character): a length more than one apart is no candidate, and most are
        // left out before being split into characters (lowering the word again and splitting each of the ~150
        // words for every lookup made a word no dictionary knew cost half a million instructions here).
        var near: [String] = []
        for candidate in all where abs(candidate.utf8.count - typed.count) <= 1 && candidate != lowered {
            if EditDistance.withinOneEdit(Array(candidate), typed) { near.append(candidate) }
        }
        return near.sorted()
    }
}
