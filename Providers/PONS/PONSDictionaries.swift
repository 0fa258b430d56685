import LexAggCore

/// PONS dictionary keys and the directions they serve.
enum PONSDictionaries {
    /// The key of the bilingual dictionary for two languages: both primary codes, sorted (`de`,`en` → `deen`).
    static func key(_ first: String, _ second: String) -> String {
        [first, second].sorted().joined()
    }

    /// The general bilingual dictionaries PONS listed in `/v1/dictionaries` (2021 snapshot; subject
    /// dictionaries such as `kfzdeen` and monolingual `dede`/`dedx` left out). Used for the descriptor only: the
    /// server is asked with the computed key either way, and answers 404 for a dictionary it lacks.
    static let knownKeys: [String] = [
        "arde", "bgde", "bgen", "csde", "dade", "deel", "deen", "dees", "defa", "defi", "defr", "dehr", "dehu",
        "deis", "deit", "deja", "dela", "delb", "denl", "deno", "depl", "dept", "dero", "deru", "desk", "desl",
        "desr", "desv", "detr", "dezh", "enes", "enfr", "enit", "enpl", "enpt", "enru", "ensl", "ensr", "enzh",
        "esfr", "esit", "espl", "espt", "essl", "eszh", "frit", "frpl", "frsl", "frzh", "itpl", "itsl", "plru",
    ]

    /// Both directions of every known dictionary.
    static let knownPairs: [LanguagePair] = knownKeys.flatMap { key -> [LanguagePair] in
        guard key.count == 4, let first = Language(String(key.prefix(2))), let second = Language(String(key.suffix(2)))
        else { return [] }
        return [LanguagePair(source: first, target: second), LanguagePair(source: second, target: first)]
    }
}
