/// en.wiktionary's language section names (level-2 headers) and the codes lexagg uses for them.
package enum WiktionaryLanguages {
    /// The section name for a query language, by primary ISO code; `nil` when unknown.
    package static func sectionName(forCode code: String) -> String? { codeToName[code] }

    /// The code of a section name (`English` → `en`), when known.
    package static func code(forSectionName name: String) -> String? { nameToCode[name] }

    /// The display name of a language or etymology-language code in etymology text (`enm` → Middle English).
    package static func displayName(forCode code: String) -> String? {
        codeToName[code] ?? etymologyNames[code]
    }

    /// Section names for query languages. More than one code may share a name (hr, sr, bs, sh).
    static let codeToName: [String: String] = [
        "en": "English", "es": "Spanish", "fr": "French", "de": "German", "it": "Italian", "pt": "Portuguese",
        "nl": "Dutch", "ro": "Romanian", "zh": "Chinese", "ja": "Japanese", "ru": "Russian", "fi": "Finnish",
        "pl": "Polish", "sv": "Swedish", "da": "Danish", "nb": "Norwegian Bokmål", "nn": "Norwegian Nynorsk",
        "no": "Norwegian", "cs": "Czech", "sk": "Slovak", "sl": "Slovene", "el": "Greek", "tr": "Turkish",
        "hu": "Hungarian", "la": "Latin", "ar": "Arabic", "hi": "Hindi", "ko": "Korean", "uk": "Ukrainian",
        "bg": "Bulgarian", "sh": "Serbo-Croatian", "hr": "Serbo-Croatian", "sr": "Serbo-Croatian",
        "bs": "Serbo-Croatian", "ga": "Irish", "cy": "Welsh", "eo": "Esperanto", "af": "Afrikaans",
        "is": "Icelandic", "lt": "Lithuanian", "lv": "Latvian", "et": "Estonian", "he": "Hebrew", "fa": "Persian",
        "th": "Thai", "vi": "Vietnamese", "id": "Indonesian", "ms": "Malay", "ca": "Catalan", "gl": "Galician",
        "eu": "Basque", "ku": "Kurdish", "sw": "Swahili", "bn": "Bengali", "mul": "Translingual",
        "ast": "Asturian", "ceb": "Cebuano", "tl": "Tagalog", "sm": "Samoan", "to": "Tongan", "vro": "Võro",
        "sco": "Scots", "fy": "West Frisian", "nds": "Low German", "lb": "Luxembourgish", "yi": "Yiddish",
        "ur": "Urdu", "pa": "Punjabi", "ta": "Tamil", "te": "Telugu", "mr": "Marathi", "ka": "Georgian",
        "hy": "Armenian", "az": "Azerbaijani", "kk": "Kazakh", "uz": "Uzbek", "mn": "Mongolian", "mk": "Macedonian",
        "sq": "Albanian", "mt": "Maltese", "br": "Breton", "gd": "Scottish Gaelic", "oc": "Occitan", "io": "Ido",
        "ia": "Interlingua", "ie": "Interlingue", "kea": "Kabuverdianu", "be": "Belarusian", "fo": "Faroese",
        "gv": "Manx", "kw": "Cornish", "haw": "Hawaiian", "mi": "Maori", "qu": "Quechua", "yo": "Yoruba",
        "zu": "Zulu", "xh": "Xhosa", "am": "Amharic", "ne": "Nepali", "si": "Sinhalese", "km": "Khmer",
        "lo": "Lao", "my": "Burmese", "tg": "Tajik", "ky": "Kyrgyz", "tt": "Tatar", "ba": "Bashkir",
        "cv": "Chuvash", "sa": "Sanskrit", "pi": "Pali", "grc": "Ancient Greek", "ang": "Old English",
        "enm": "Middle English", "fro": "Old French", "frm": "Middle French", "non": "Old Norse",
        "goh": "Old High German", "gmh": "Middle High German", "dum": "Middle Dutch", "got": "Gothic",
        "yue": "Cantonese", "cmn": "Mandarin", "nan": "Min Nan", "vec": "Venetian", "scn": "Sicilian",
        "nap": "Neapolitan", "lmo": "Lombard", "fur": "Friulian", "rm": "Romansch", "wa": "Walloon",
        "an": "Aragonese", "co": "Corsican", "sc": "Sardinian", "lad": "Ladino", "tpi": "Tok Pisin",
        "ht": "Haitian Creole", "jv": "Javanese", "su": "Sundanese", "mg": "Malagasy", "ha": "Hausa",
        "ig": "Igbo", "so": "Somali", "om": "Oromo", "ti": "Tigrinya", "ps": "Pashto", "ckb": "Central Kurdish",
        "ug": "Uyghur", "bo": "Tibetan", "dz": "Dzongkha", "gu": "Gujarati", "kn": "Kannada", "ml": "Malayalam",
        "or": "Odia", "as": "Assamese", "sd": "Sindhi", "ks": "Kashmiri", "dv": "Dhivehi", "fj": "Fijian",
        "ty": "Tahitian", "se": "Northern Sami", "krl": "Karelian", "vep": "Veps", "izh": "Ingrian",
        "liv": "Livonian", "vot": "Votic", "ain": "Ainu", "ryu": "Okinawan", "tok": "Toki Pona",
    ]

    static let nameToCode: [String: String] = {
        var table: [String: String] = [:]
        for (code, name) in codeToName where table[name] == nil || code == "sh" { table[name] = code }
        table["Serbo-Croatian"] = "sh"
        table["Norwegian"] = "no"
        return table
    }()

    /// Codes that appear in etymologies (`{{der|en|gem-pro|…}}`) but never as query languages.
    static let etymologyNames: [String: String] = [
        "gem-pro": "Proto-Germanic", "ine-pro": "Proto-Indo-European", "gmw-pro": "Proto-West Germanic",
        "itc-pro": "Proto-Italic", "sla-pro": "Proto-Slavic", "urj-pro": "Proto-Uralic",
        "fiu-fin-pro": "Proto-Finnic", "cel-pro": "Proto-Celtic", "grk-pro": "Proto-Hellenic",
        "la-lat": "Late Latin", "la-vul": "Vulgar Latin", "la-med": "Medieval Latin", "ML.": "Medieval Latin",
        "LL.": "Late Latin", "VL.": "Vulgar Latin", "la-new": "New Latin", "NL.": "New Latin",
        "frk": "Frankish", "xno": "Anglo-Norman", "pro": "Old Occitan", "osx": "Old Saxon", "ofs": "Old Frisian",
        "odt": "Old Dutch", "sga": "Old Irish", "owl": "Old Welsh", "orv": "Old East Slavic",
        "cu": "Old Church Slavonic", "peo": "Old Persian", "ota": "Ottoman Turkish", "och": "Old Chinese",
        "ltc": "Middle Chinese", "ojp": "Old Japanese", "akk": "Akkadian", "egy": "Egyptian", "arc": "Aramaic",
        "hbo": "Biblical Hebrew", "sux": "Sumerian", "gkm": "Byzantine Greek", "el-kth": "Katharevousa",
        "gem": "Germanic", "ine": "Indo-European", "roa-opt": "Old Galician-Portuguese", "osp": "Old Spanish",
        "roa-oit": "Old Italian", "gmq-oda": "Old Danish", "gmq-osw": "Old Swedish", "lng": "Lombardic",
        "gmq-pro": "Proto-Norse", "gmw-ecg": "East Central German", "trk-pro": "Proto-Turkic", "ca-val": "Valencian", "en-GB": "British English", "en-US": "American English",
    ]
}
