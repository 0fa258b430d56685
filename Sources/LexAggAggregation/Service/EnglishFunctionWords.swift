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
        let typed = Array(word.lowercased())
        return all.filter { $0 != word.lowercased() && EditDistance.withinOneEdit(Array($0), typed) }.sorted()
    }
}
