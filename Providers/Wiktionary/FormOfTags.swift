/// The vocabulary of the form-of engine: template aliases, the inflection tags and their abbreviations (after
/// Wiktionary's Module:form of/data), and the order language-specific templates show them in.
extension FormOfTemplate {
    /// Alias → what the template shows before "of".
    static let aliases: [String: String] = [
        "infl of": "inflection", "inflection of": "inflection", "alt form": "alternative form",
        "altform": "alternative form", "alt-form": "alternative form", "alt form of": "alternative form",
        "alt sp": "alternative spelling", "altsp": "alternative spelling", "alt sp of": "alternative spelling",
        "alt case": "alternative case form", "alt case form of": "alternative case form",
        "alt case of": "alternative case form", "alternative case of": "alternative case form",
        "abbr of": "abbreviation", "init of": "initialism", "acronym of": "acronym", "syn of": "synonym",
        "short for": "short for", "clip of": "clipping", "pl of": "plural", "obs form": "obsolete form",
        "obs sp": "obsolete spelling", "obs form of": "obsolete form", "missp": "misspelling",
        "missp of": "misspelling", "dim of": "diminutive", "aug of": "augmentative",
        "honor alt case": "honorific alternative case form", "verb form of": "verb form",
        "noun form of": "noun form", "adj form of": "adjective form", "adjective form of": "adjective form",
        "pronoun form of": "pronoun form", "determiner form of": "determiner form", "numeral form of": "numeral form",
        "participle of": "participle", "past of": "past tense", "en-past of": "simple past tense and past participle",
        "en-simple past of": "simple past", "en-third-person singular of": "third-person singular simple present indicative",
        "en-ing form of": "present participle", "en-comparative of": "comparative degree",
        "en-superlative of": "superlative degree", "en-irregular plural of": "irregular plural",
        "sup of": "superlative degree", "comp of": "comparative degree", "superlative of": "superlative degree",
        "comparative of": "comparative degree", "pres part of": "present participle",
        "past part of": "past participle", "gerund of": "gerund", "nonstandard form of": "nonstandard form",
        "nonstd form": "nonstandard form", "nonstd sp": "nonstandard spelling", "dated form": "dated form",
        "dated sp": "dated spelling", "arc form": "archaic form", "archaic form": "archaic form",
        "rare form": "rare form", "rare sp": "rare spelling", "eye dialect": "eye dialect spelling",
        "eye dialect of": "eye dialect spelling", "pronunciation spelling": "pronunciation spelling",
        "pron sp": "pronunciation spelling", "contraction": "contraction", "contr of": "contraction",
        "romanization of": "romanization", "ja-romanization of": "Rōmaji transcription",
        "standard spelling": "standard spelling", "std sp": "standard spelling", "agent noun of": "agent noun",
        "female equivalent of": "female equivalent", "feminine of": "feminine", "masculine of": "masculine",
        "feminine plural of": "feminine plural", "masculine plural of": "masculine plural",
    ]

    /// Kinds whose arguments after the lemma and display are inflection tags rather than a gloss.
    static let taggedKinds: Set<String> = [
        "inflection", "verb form", "noun form", "adjective form", "pronoun form", "determiner form",
        "numeral form", "participle", "article form",
    ]

    /// Kinds whose text Wiktionary starts with a capital (the non-inflectional ones: "Alternative form of colour",
    /// where "plural of cats" stays lower-case); `nocap=1` keeps them lower-case.
    static let capitalisedKinds: Set<String> = [
        "alternative form", "alternative spelling", "alternative case form", "short for", "abbreviation", "initialism",
        "acronym", "synonym", "short form", "clipping", "obsolete form", "obsolete spelling", "misspelling",
        "nonstandard form", "nonstandard spelling", "dated form", "dated spelling", "archaic form", "rare form",
        "rare spelling", "eye dialect spelling", "pronunciation spelling", "contraction", "romanization",
        "Rōmaji transcription", "standard spelling", "female equivalent", "diminutive", "augmentative",
        "honorific alternative case form", "archaic spelling", "obsolete typography", "euphemistic form",
        "informal form", "informal spelling", "uncommon form", "uncommon spelling", "superseded spelling",
        "deliberate misspelling", "censored spelling", "ellipsis", "elongated form", "apocopic form",
        "aphetic form", "syncopic form", "apheretic form", "clipped form", "alternative typography",
    ]

    /// Part-of-speech words in language-specific template names.
    static let partNames: [String: String] = [
        "adj": "adjective", "adv": "adverb", "pron": "pronoun", "det": "determiner", "num": "numeral",
        "part": "participle", "ptcp": "participle", "noun": "noun", "verb": "verb",
    ]

    /// Named arguments of language-specific templates that hold tags (`p=1|n=sg|t=pres|m=ind`).
    static let namedTagKeys: Set<String> = [
        "p", "pers", "person", "n", "num", "number", "g", "gen", "gender", "c", "case", "t", "tense", "m", "mood",
        "a", "aspect", "v", "voice", "sense", "deg", "degree", "d", "form", "type", "def", "state",
        // {{fi-form of|humala|case=inessive|pl=singular|pr=third-person}}, {{fi-verb form of|pn=1p|tm=cond|…}}
        "pr", "pl", "pn", "tm",
    ]

    /// Conjugation classes some templates name (`{{pt-verb form of|casar|ar|…}}`); Wiktionary does not show them.
    static let endings: Set<String> = ["ar", "er", "ir", "ir-i", "re", "oir", "-ar", "-er", "-ir", "no"]

    /// The order of tag categories in language-specific templates, by the word a tag expands to ("second-person
    /// singular affirmative imperative", "feminine plural").
    static let tagOrder: [String] = [
        "formal", "informal", "person", "definite", "indefinite", "strong", "weak", "mixed", "nominative",
        "genitive", "dative", "accusative", "vocative", "ablative", "locative", "instrumental", "partitive",
        "essive", "translative", "inessive", "elative", "illative", "adessive", "allative", "abessive",
        "comitative", "instructive", "masculine", "feminine", "neuter", "common", "animate", "inanimate",
        "personal", "singular", "plural", "dual", "positive",
        "comparative", "superlative", "present", "past", "future", "imperfect", "perfect", "pluperfect",
        "preterite", "aorist", "simple past", "active", "passive", "middle", "affirmative", "negative",
        "indicative", "subjunctive", "conditional", "imperative", "infinitive", "participle", "gerund",
    ]

    /// Inflection tags and their abbreviations.
    static let tagNames: [String: String] = [
        "1": "first-person", "2": "second-person", "3": "third-person", "first": "first-person",
        "second": "second-person", "third": "third-person", "s": "singular", "sg": "singular", "p": "plural",
        "pl": "plural", "d": "dual", "du": "dual", "m": "masculine", "f": "feminine", "n": "neuter",
        "c": "common", "mf": "masculine and feminine", "nom": "nominative", "gen": "genitive", "dat": "dative",
        "acc": "accusative", "voc": "vocative", "abl": "ablative", "loc": "locative", "ins": "instrumental",
        "inst": "instrumental", "par": "partitive", "part": "participle", "ess": "essive", "tra": "translative",
        "ine": "inessive", "ela": "elative", "ill": "illative", "ade": "adessive", "all": "allative",
        "com": "comitative", "abe": "abessive", "ins-com": "instructive", "erg": "ergative", "abs": "absolute",
        "obl": "oblique", "prep": "prepositional", "term": "terminative", "pres": "present", "past": "past",
        "fut": "future", "futr": "future", "impf": "imperfect", "imperf": "imperfect", "perf": "perfect",
        "plup": "pluperfect", "pret": "preterite", "preterit": "preterite", "aor": "aorist", "spast": "simple past",
        "ind": "indicative", "indc": "indicative", "sub": "subjunctive", "subj": "subjunctive",
        "sbjv": "subjunctive", "imp": "imperative", "impr": "imperative", "cond": "conditional",
        "opt": "optative", "juss": "jussive", "inf": "infinitive", "ptcp": "participle", "ger": "gerund",
        "act": "active", "actv": "active", "pass": "passive", "pasv": "passive", "mid": "middle",
        "mp": "mediopassive", "mpass": "mediopassive", "def": "definite", "indef": "indefinite",
        "poss": "possessive", "comd": "comparative degree", "comp": "comparative", "sup": "superlative",
        "supd": "superlative degree", "posd": "positive degree", "ing-form": "present participle", "pos": "positive", "str": "strong", "wk": "weak",
        "mix": "mixed", "an": "animate", "in": "inanimate", "inan": "inanimate", "pers": "personal",
        "aff": "affirmative", "neg": "negative", "conn": "connegative", "pot": "potential", "potn": "potential",
        "da": "da-infinitive", "ma": "ma-infinitive", "agent": "agent",
        "prs": "present", "prt": "preterite", "ptc": "participle", "pp": "past participle",
        "past part": "past participle", "pres part": "present participle", "g": "present", "v": "past",
        "k1": "subjunctive I", "k2": "subjunctive II", "i": "imperative", "pfv": "perfective",
        "ipfv": "imperfective", "impfv": "imperfective", "prog": "progressive", "hab": "habitual",
        "cont": "continuous", "refl": "reflexive", "caus": "causative", "attr": "attributive",
        "pred": "predicative", "augm": "augmentative", "dim": "diminutive", "cons": "construct",
        "construct": "construct", "emph": "emphatic", "sup-form": "supine", "supine": "supine",
        "short": "short form", "long": "long form", "impers": "impersonal", "formal": "formal",
        "informal": "informal", "polite": "polite", "singular": "singular", "plural": "plural",
        "indicative": "indicative", "present": "present", "imperative": "imperative", "yes": "formal",
        "second-person": "second-person", "third-person": "third-person", "first-person": "first-person",
        "affirmative": "affirmative", "negative": "negative", "subjunctive": "subjunctive",
        "123": "first-, second- and third-person", "23": "second- and third-person",
        "12": "first- and second-person", "13": "first- and third-person",
    ]
}
