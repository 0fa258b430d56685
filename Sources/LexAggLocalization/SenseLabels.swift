/// The usage labels sources put on senses (`transitive`, `colloquial`, `chiefly US`, `botany`), which they write in
/// English words, as dictionaries in each catalogue's language abbreviate them: `перех.`, `разг.`, `преим. амер.`,
/// `бот.`. A label whose words are not all in the table (a source's own, "umgangssprachlich", "of a batsman") keeps
/// the source's words. Definitions themselves are never translated.
public enum SenseLabels {
    /// `label` in `language`; nil where it stays as the source wrote it (English, or a word the table lacks).
    ///
    /// The whole label is looked for first ("by extension", "in the plural"), then each of its words
    /// ("now rare": `ныне редк.`), as written, then in lower case ("Figuratively"); region names keep their case
    /// ("US"); hyphens between words are spaces (wiktextract's `in-plural`).
    public static func text(_ label: String, in language: UILanguage = UILanguage.current) -> String? {
        let table: [String: String]
        switch language {
        case .english: return nil
        case .russian: table = russian
        }
        func find(_ text: Substring) -> String? { table[String(text)] ?? table[text.lowercased()] }
        // wiktextract's tags join words with hyphens (`not-comparable`, `Received-Pronunciation`).
        let spaced = label.contains("-") && label.count > 1 ? label.replacingHyphens() : label
        let trimmed = spaced.split(separator: " ", omittingEmptySubsequences: true)
        guard !trimmed.isEmpty else { return nil }
        if let whole = find(Substring(trimmed.joined(separator: " "))) { return whole }
        // Word by word, a tag's own hyphenated words first (`present singular third-person`), then spaced.
        for split in [label.split(separator: " "), trimmed] where split.count > 1 {
            var words: [String] = []
            for word in split {
                guard let text = find(word) else { break }
                words.append(text)
            }
            if words.count == split.count { return words.joined(separator: " ") }
        }
        return nil
    }

    /// Russian lexicography's abbreviations (those of the large English–Russian dictionaries: `перех.`, `разг.`,
    /// `уст.`, `перен.`, `амер.`, `бот.`).
    static let russian: [String: String] = [
        // Grammar.
        "transitive": "перех.", "intransitive": "неперех.", "ditransitive": "дитранз.", "reflexive": "возвр.",
        "countable": "исч.", "uncountable": "неисч.", "usually uncountable": "обычно неисч.", "in plural": "во мн. ч.",
        "in the plural": "во мн. ч.", "in the singular": "в ед. ч.", "plural": "мн. ч.", "singular": "ед. ч.",
        "plural only": "только мн. ч.", "singular only": "только ед. ч.", "impersonal": "безл.", "auxiliary": "вспом.",
        "attributive": "атрибут.", "predicative": "предикат.", "not comparable": "без степ. сравн.",
        "abbreviation": "сокр.", "acronym": "сокр.", "initialism": "сокр.", "ellipsis": "эллипт.",
        "with of": "с of", "passive": "страд.", "active": "действ.", "ergative": "эргат.",
        // Forms of a word (what an inflected form is of its lemma: WordNet's morphology, a dump's `forms` tags).
        "past tense": "прош. вр.", "past": "прош. вр.", "present": "наст. вр.", "future": "буд. вр.",
        "past participle": "прич. прош. вр.", "present participle": "прич. наст. вр.", "participle": "прич.",
        "third-person singular": "3-е л. ед. ч.", "third person singular": "3-е л. ед. ч.", "gerund": "герундий",
        "comparative": "сравн. ст.", "superlative": "превосх. ст.", "infinitive": "инф.", "imperative": "повел. накл.",
        "nominative": "им. п.", "genitive": "род. п.", "dative": "дат. п.", "accusative": "вин. п.",
        "instrumental": "твор. п.", "prepositional": "предл. п.", "locative": "местн. п.", "vocative": "зват. п.",
        "first-person": "1-е л.", "second-person": "2-е л.", "third-person": "3-е л.", "indicative": "изъяв. накл.",
        "subjunctive": "сослаг. накл.", "feminine": "ж. р.", "masculine": "м. р.", "neuter": "ср. р.",
        "possessive": "притяж. ф.", "possessive plural": "притяж. ф. мн. ч.", "verbal noun": "отглаг. сущ.",
        "participial adjective": "прич. в роли прил.", "variant": "вариант", "second-person singular": "2-е л. ед. ч.",
        // Register and attitude.
        "colloquial": "разг.", "informal": "разг.", "familiar": "фам.", "slang": "сл.", "vulgar": "вульг.",
        "offensive": "оскорб.", "derogatory": "пренебр.", "pejorative": "пренебр.", "disparaging": "пренебр.",
        "humorous": "шутл.", "jocular": "шутл.", "ironic": "ирон.", "euphemistic": "эвф.", "formal": "офиц.",
        "literary": "книжн.", "poetic": "поэт.", "rhetorical": "ритор.", "childish": "детск.", "nonstandard": "ненорм.",
        "proscribed": "ненорм.", "dialectal": "диал.", "dialect": "диал.", "regional": "рег.", "Internet": "интернет.",
        "Internet slang": "интернет. сл.", "endearing": "ласк.", "emphatic": "усил.", "swear word": "бран.",
        "figuratively": "перен.", "figurative": "перен.", "metaphorical": "перен.", "metonymically": "метон.",
        "by extension": "в расшир. знач.", "broadly": "в шир. знач.", "narrowly": "в узк. знач.", "literally": "букв.",
        "idiomatic": "идиом.",
        // Time and frequency.
        "archaic": "арх.", "obsolete": "уст.", "dated": "устарев.", "historical": "ист.", "rare": "редк.",
        "uncommon": "редк.", "neologism": "неол.", "now": "ныне", "often": "часто", "sometimes": "иногда",
        "usually": "обычно", "chiefly": "преим.", "mainly": "преим.", "mostly": "преим.", "especially": "особ.",
        "originally": "первонач.", "also": "также", "and": "и", "or": "или",
        // Regions.
        "US": "амер.", "American": "амер.", "UK": "брит.", "British": "брит.", "Britain": "брит.",
        "Australia": "австрал.", "Australian": "австрал.", "Canada": "канад.", "Canadian": "канад.",
        "Ireland": "ирл.", "Irish": "ирл.", "Scotland": "шотл.", "Scottish": "шотл.", "New Zealand": "новозел.",
        "South Africa": "южноафр.", "India": "инд.", "Indian": "инд.", "Wales": "валл.",
        "North America": "северноамер.",
        // Accents of pronunciations.
        "Received Pronunciation": "брит. норма", "RP": "брит. норма", "General American": "амер. норма",
        "GA": "амер. норма", "GenAm": "амер. норма", "General Australian": "австрал. норма",
        "General South African": "южноафр. норма",
        // Fields.
        "biology": "биол.", "botany": "бот.", "zoology": "зоол.", "anatomy": "анат.", "medicine": "мед.",
        "pharmacy": "фарм.", "pharmacology": "фарм.", "chemistry": "хим.", "physics": "физ.", "mathematics": "мат.",
        "math": "мат.", "maths": "мат.", "computing": "информ.", "programming": "прогр.", "law": "юр.", "legal": "юр.",
        "finance": "фин.", "economics": "экон.", "business": "ком.", "commerce": "ком.", "politics": "полит.",
        "government": "полит.", "philosophy": "филос.", "psychology": "психол.", "religion": "рел.",
        "Christianity": "церк.", "history": "ист.", "geography": "геогр.", "geology": "геол.", "astronomy": "астр.",
        "astrology": "астрол.", "music": "муз.", "sports": "спорт.", "sport": "спорт.", "military": "воен.",
        "nautical": "мор.", "linguistics": "лингв.", "grammar": "грам.", "phonetics": "фон.", "architecture": "архит.",
        "engineering": "тех.", "technology": "тех.", "electronics": "эл.", "electricity": "эл.", "cooking": "кул.",
        "cuisine": "кул.", "chess": "шахм.", "cricket": "крикет", "baseball": "бейсб.", "football": "футб.",
        "soccer": "футб.", "golf": "гольф", "tennis": "теннис", "card games": "карт.", "games": "игр.",
        "alchemy": "алхим.", "art": "иск.", "arts": "иск.", "literature": "лит.", "theater": "театр.",
        "theatre": "театр.", "film": "кино", "photography": "фото", "agriculture": "с.-х.", "ecology": "экол.",
        "genetics": "генет.", "statistics": "стат.", "logic": "лог.", "mythology": "миф.", "printing": "полигр.",
        "typography": "полигр.", "rail transport": "ж.-д.", "railways": "ж.-д.", "aviation": "ав.",
        "automotive": "авто", "hunting": "охот.", "fishing": "рыб.", "mining": "горн.", "textiles": "текст.",
        "heraldry": "геральд.", "genealogy": "генеал.", "education": "пед.", "journalism": "журн.", "media": "СМИ",
        "mineralogy": "минер.", "meteorology": "метеор.", "oceanography": "океан.", "ornithology": "орнит.",
        "entomology": "энтом.", "ichthyology": "ихт.", "mycology": "микол.", "microbiology": "микробиол.",
        "biochemistry": "биохим.", "pathology": "пат.", "surgery": "хир.", "dentistry": "стом.", "veterinary": "вет.",
        "psychiatry": "психиатр.", "sociology": "социол.", "anthropology": "антроп.", "archaeology": "археол.",
        "numismatics": "нумизм.", "philately": "филат.", "cartography": "картогр.", "geometry": "геом.",
        "algebra": "алг.", "topology": "топол.", "accounting": "бухг.", "banking": "банк.", "trading": "бирж.",
        "insurance": "страх.", "telecommunications": "связь", "software": "информ.", "Internet slang terms": "интернет. сл.",
        "physiology": "физиол.", "mechanics": "мех.", "optics": "опт.", "metallurgy": "металл.", "paleontology": "палеонт.",
        "theology": "богосл.", "antiquity": "древн.", "falconry": "соколин.",
        // GCIDE's (Webster's) abbreviations, looked for in lower case.
        "obs.": "уст.", "r.": "редк.", "colloq.": "разг.", "fig.": "перен.", "prov. eng.": "диал. англ.",
        "local": "местн.", "low": "прост.", "jocose": "шутл.", "ludicrous": "шутл.", "u. s.": "амер.", "u.s.": "амер.",
        "dial.": "диал.", "prov.": "диал.", "brit.": "брит.", "cant": "жарг.",
        "scot.": "шотл.", "zool.": "зоол.", "zoöl.": "зоол.", "bot.": "бот.", "naut.": "мор.", "med.": "мед.",
        "her.": "геральд.", "mus.": "муз.", "math.": "мат.", "chem.": "хим.", "geol.": "геол.", "anat.": "анат.",
        "arch.": "архит.", "mil.": "воен.", "eccl.": "церк.", "theol.": "богосл.", "gram.": "грам.", "rhet.": "ритор.",
        "astron.": "астр.", "elec.": "эл.", "print.": "полигр.", "agric.": "с.-х.", "cookery": "кул.",
        "physiol.": "физиол.", "biol.": "биол.", "mech.": "мех.", "com.": "ком.", "script.": "библ.", "hist.": "ист.",
        "myth.": "миф.", "antiq.": "древн.", "gr. antiq.": "греч. древн.", "rom. antiq.": "рим. древн.",
        "pharm.": "фарм.", "surg.": "хир.", "photog.": "фото", "metal.": "металл.", "mineral.": "минер.",
        "meteor.": "метеор.", "paleon.": "палеонт.", "entom.": "энтом.", "ornith.": "орнит.", "ichth.": "ихт.",
        "opt.": "опт.", "far.": "вет.", "carp.": "плотн.", "mach.": "тех.", "law.": "юр.", "logic.": "лог.",
        "philos.": "филос.", "metaph.": "филос.", "pros.": "стих.", "poetic.": "поэт.", "sport.": "спорт.",
        "mining.": "горн.", "geom.": "геом.", "alg.": "алг.", "arith.": "арифм.", "astrol.": "астрол.",
        "com. law": "юр.", "civil law": "юр.", "mil. & naut.": "воен. и мор.", "railroad": "ж.-д.",
    ]
}

extension String {
    /// The text with its hyphens as spaces.
    fileprivate func replacingHyphens() -> String {
        String(map { $0 == "-" ? " " : $0 })
    }
}
