/// What `{{place}}` needs to know about placetypes and placenames to word a definition as en.wiktionary's
/// Module:place does: the short placetype aliases (`s` → state), the qualifiers that may precede a placetype
/// (`small`, `former`), the article and preposition a placetype takes ("*the* capital city *of*"), the affix a
/// holonym of that type shows ("Nizhyn *Raion*", "the Gironde *department*"), and the placenames written with
/// "the". Facts collected from the module's documented data (Module:place/data, Module:place/shared-data).
enum PlaceData {
    struct Placetype {
        var article: String?
        var preposition: String?
        /// `suf`/`Suf` (after the name, capitalised with `Suf`) or `pref`/`Pref` ("Metropolitan Borough of X").
        var affixType: String?
        /// The affix text when it is not the placetype itself.
        var affix: String?
        /// The article a holonym of this type takes ("the Gironde department", "the Black Sea").
        var holonymArticle: String?
    }

    static let aliases: [String: String] = [
        "c": "country", "cc": "constituent country", "p": "province", "ap": "autonomous province", "r": "region",
        "ar": "autonomous region", "adr": "administrative region", "sar": "special administrative region",
        "s": "state", "arch": "archipelago", "bor": "borough", "can": "canton", "carea": "council area",
        "cdblock": "community development block", "cdep": "Crown dependency", "cdp": "census-designated place",
        "CDP": "census-designated place", "co": "county", "cobor": "county borough", "colcity": "county-level city",
        "coll": "collectivity", "comm": "community", "acomm": "autonomous community",
        "ucomm": "unincorporated community", "cont": "continent", "cpar": "civil parish", "dep": "dependency",
        "dept": "department", "dist": "district", "distmun": "district municipality", "div": "division",
        "fpref": "French prefecture", "gov": "governorate", "govnat": "governorate", "ires": "Indian reservation",
        "isl": "island", "lbor": "London borough", "lgarea": "local government area",
        "lgdist": "local government district", "metbor": "metropolitan borough", "metcity": "metropolitan city",
        "mtn": "mountain", "mun": "municipality", "mundist": "municipal district", "obl": "oblast",
        "aobl": "autonomous oblast", "okr": "okrug", "aokr": "autonomous okrug", "par": "parish",
        "parmun": "parish municipality", "pen": "peninsula", "plcolony": "Polish colony", "pref": "prefecture",
        "prefcity": "prefecture-level city", "preflcity": "prefecture-level city", "apref": "autonomous prefecture",
        "rep": "republic", "arep": "autonomous republic", "riv": "river", "rcomun": "regional county municipality",
        "rdist": "regional district", "rmun": "regional municipality", "robor": "royal borough",
        "romp": "Roman province", "runit": "regional unit", "rurmun": "rural municipality",
        "terrauth": "territorial authority", "terr": "territory", "aterr": "autonomous territory",
        "uterr": "union territory", "tjarea": "tribal jurisdictional area", "twp": "township",
        "twpmun": "township municipality", "utwpmun": "united township municipality", "val": "valley",
        "voi": "voivodeship", "wcomm": "Welsh community", "range": "mountain range",
        "departmental capital": "department capital", "home-rule city": "home rule city",
        "home-rule municipality": "home rule municipality", "sprovcity": "subprovincial city",
        "sub-provincial city": "subprovincial city", "sub-provincial district": "subprovincial district",
        "sprefcity": "sub-prefectural city", "sub-prefecture-level city": "sub-prefectural city",
        "nonmetropolitan county": "non-metropolitan county", "inner-city area": "inner city area",
    ]

    /// Words that may precede a placetype ("small city", "former province"); most display as written, a few
    /// are shown in their canonical spelling.
    static let qualifiers: [String: String] = {
        var table: [String: String] = ["historic": "historical", "seaside": "coastal", "beachside": "beachfront"]
        for word in [
            "huge", "tiny", "large", "small", "sizable", "important", "long", "short", "major", "minor", "high", "low",
            "left", "right", "modern", "abandoned", "ancient", "deserted", "extinct", "former", "historical",
            "medieval", "mediaeval", "traditional", "coastal", "inland", "maritime", "overseas", "beachfront",
            "riverside", "freshwater", "saltwater", "endorheic", "oxbow", "ox-bow", "hilly", "insular", "peninsular",
            "chalk", "karst", "limestone", "autonomous", "incorporated", "special", "unincorporated", "fashionable",
            "wealthy", "affluent", "declining", "urban", "suburban", "outlying", "remote", "rural", "inner", "outer",
            "residential", "agricultural", "business", "commercial", "industrial", "railroad", "railway", "farming",
            "fishing", "mining", "logging", "cattle", "holy", "sacred", "religious", "secular", "fictional",
            "mythological", "northern", "southern", "eastern", "western", "north", "south", "east", "west",
            "northeastern", "southeastern", "northwestern", "southwestern", "northeast", "southeast", "northwest",
            "southwest", "summer", "winter", "planned", "chartered", "landlocked", "uninhabited",
        ] { table[word] = word }
        return table
    }()

    /// Placetypes that behave like another for article, preposition and affix ("state capital" like "capital
    /// city": "the state capital of …").
    static let equivalents: [String: String] = [
        "administrative capital": "capital city", "capital": "capital city", "caplc": "capital city",
        "department capital": "capital city", "district capital": "capital city", "division capital": "capital city",
        "judicial capital": "capital city", "legislative capital": "capital city", "national capital": "capital city",
        "provincial capital": "capital city", "regional capital": "capital city", "royal capital": "capital city",
        "state capital": "capital city", "mediaeval capital": "ancient capital", "medieval capital": "ancient capital",
        "administrative center": "administrative centre", "administrative headquarters": "administrative centre",
        "administrative seat": "administrative centre", "district headquarters": "administrative centre",
        "headquarters": "administrative centre", "seat": "administrative centre", "shire town": "county seat",
        "burgh": "borough", "royal burgh": "borough", "ceremonial county": "county", "metropolitan county": "county",
        "non-metropolitan county": "county", "shire": "county", "shire county": "county",
        "traditional county": "county", "commune": "municipality", "comune": "municipality",
        "direct-administered municipality": "municipality", "direct-controlled municipality": "municipality",
        "home rule municipality": "municipality", "island municipality": "municipality",
        "municipality with city status": "municipality", "overseas department": "department",
        "overseas collectivity": "collectivity", "associated province": "province", "federal territory": "territory",
        "unincorporated territory": "territory", "autonomous territory": "dependent territory",
        "colony": "dependent territory", "crown dependency": "dependent territory",
        "Crown dependency": "dependent territory", "dependency": "dependent territory",
        "external territory": "dependent territory", "overseas territory": "dependent territory",
        "protectorate": "dependent territory", "barangay": "neighborhood", "barrio": "neighborhood",
        "central business district": "neighborhood", "inner city area": "neighborhood",
        "microdistrict": "neighborhood", "neighbourhood": "neighborhood", "urban area": "neighborhood",
        "ward": "neighborhood", "macroregion": "region", "mountainous region": "region", "contregion": "region",
        "strip": "region", "strip of land": "region", "subregion": "region", "geographical area": "geographic area",
        "geographic region": "geographic area", "geographical region": "geographic area",
        "plateau": "geographic area", "built-up area": "area", "local authority district": "local government district",
        "non-metropolitan district": "local government district", "sheading": "district",
        "territorial authority": "district", "mountain indigenous district": "district", "stream": "river",
        "suburban area": "suburb", "inland sea": "sea", "mountain range": "mountain",
    ]

    /// Placetypes shown otherwise than as written.
    static let displays: [String: String] = [
        "caplc": "capital and largest city", "French prefecture": "prefecture", "non-city capital": "capital",
        "Polish colony": "colony", "populated place": "locality", "Welsh community": "community",
    ]

    static let placetypes: [String: Placetype] = {
        var table: [String: Placetype] = [:]
        let of = "of"
        for name in [
            "administrative village", "area", "arm", "autonomous city", "autonomous community", "autonomous republic",
            "bay", "borough", "branch", "collectivity", "commonwealth", "commune", "constituent country", "county",
            "dependent territory", "distributary", "division", "enclave", "exclave", "federal city",
            "federal district", "federal subject", "geographic area", "geopolitical zone",
            "greater administrative region", "historical county", "historical dependent territory",
            "historical political subdivision", "marginal sea", "municipality", "neighborhood", "parish municipality",
            "periphery", "prefecture", "province", "regency", "region", "regional unit", "republic", "satrapy",
            "special administrative region", "state", "subdistrict", "subprefecture", "subprovince",
            "subprovincial district", "suburb", "territory", "township municipality", "traditional region",
            "tributary", "village municipality",
        ] { table[name] = Placetype(preposition: of) }
        for name in [
            "administrative centre", "ancient capital", "borough seat", "capital city", "county seat", "county town",
            "French prefecture", "historical capital", "non-city capital", "parish seat",
        ] { table[name] = Placetype(article: "the", preposition: of) }
        for name in ["autonomous oblast", "autonomous okrug", "hromada", "krai", "oblast", "okrug", "raion",
                     "regional county municipality"]
        { table[name] = Placetype(preposition: of, affixType: "Suf") }
        for name in ["canton", "civil parish", "council area", "county borough", "district", "district municipality",
                     "governorate", "parish", "subdivision"]
        { table[name] = Placetype(preposition: of, affixType: "suf") }
        for name in ["gromada", "metropolitan borough", "metropolitan city", "municipal district", "regional district",
                     "regional municipality", "royal borough", "rural municipality"]
        { table[name] = Placetype(preposition: of, affixType: "Pref") }
        table["administrative region"] = Placetype(preposition: of, affix: "region")
        table["autonomous region"] = Placetype(preposition: of, affix: "autonomous region")
        table["census area"] = Placetype(affixType: "Suf")
        table["rural committee"] = Placetype(affixType: "Suf")
        table["community development block"] = Placetype(affixType: "suf")
        table["tehsil"] = Placetype(affixType: "suf")
        table["department"] = Placetype(preposition: of, affixType: "suf", holonymArticle: "the")
        table["gulf"] = Placetype(preposition: of, holonymArticle: "the")
        table["voivodeship"] = Placetype(preposition: of, holonymArticle: "the")
        for name in ["ocean", "range", "river", "sea"] { table[name] = Placetype(holonymArticle: "the") }
        table["largest city"] = Placetype(article: "the")
        table["local government district"] = Placetype(preposition: of, affixType: "suf", affix: "district")
        table["local government district with borough status"] = Placetype(
            preposition: of, affixType: "suf", affix: "district")
        table["London borough"] = Placetype(preposition: of, affixType: "pref", affix: "borough")
        table["new area"] = Placetype(preposition: "in")
        table["state-level new area"] = Placetype(preposition: "in")
        table["Polish colony"] = Placetype(affixType: "suf", affix: "colony")
        table["Welsh community"] = Placetype(preposition: of, affixType: "suf", affix: "community")
        table["union territory"] = Placetype(article: "a", preposition: of)
        for name in ["unitary authority", "unitary district", "united township municipality", "university"] {
            table[name] = Placetype(article: "a")
        }
        return table
    }()

    /// Canonical names for some holonyms, by the holonym's placetype.
    static let placenameAliases: [String: [String: String]] = [
        "country": [
            "Republic of Armenia": "Armenia", "Bosnia and Hercegovina": "Bosnia and Herzegovina",
            "Czechia": "Czech Republic", "Swaziland": "Eswatini", "Republic of Ireland": "Ireland",
            "Côte d'Ivoire": "Ivory Coast", "Macedonia": "North Macedonia",
            "Republic of North Macedonia": "North Macedonia", "Republic of Macedonia": "North Macedonia",
            "State of Palestine": "Palestine", "Türkiye": "Turkey", "UAE": "United Arab Emirates",
            "UK": "United Kingdom", "US": "United States", "U.S.": "United States", "USA": "United States",
            "U.S.A.": "United States", "United States of America": "United States", "Vatican": "Vatican City",
        ],
        "city": [
            "New York": "New York City", "Washington, DC": "Washington, D.C.", "Washington D.C.": "Washington, D.C.",
            "Washington DC": "Washington, D.C.",
        ],
        "state": ["Mecklenburg-Western Pomerania": "Mecklenburg-Vorpommern", "Mexico": "State of Mexico"],
        "autonomous community": ["Valencian Community": "Valencia"],
        "territory": [
            "U.S. Virgin Islands": "United States Virgin Islands", "US Virgin Islands": "United States Virgin Islands",
        ],
        "region": ["Åland": "Åland Islands"],
    ]

    /// Placenames written with "the" when they come first ("a city in *the* Netherlands").
    static let namesWithThe: Set<String> = [
        "Altai Republic", "Andaman and Nicobar Islands", "Australian Capital Territory", "Bahamas",
        "Balearic Islands", "Basque Country", "British Indian Ocean Territory", "British Virgin Islands",
        "Canary Islands", "Cayman Islands", "Central African Republic", "Chechen Republic", "Chuvash Republic",
        "Cocos Islands", "Community of Madrid", "Comoros", "Cook Islands", "Czech Republic",
        "Democratic Republic of the Congo", "Dominican Republic", "East Riding of Yorkshire", "Falkland Islands",
        "Faroe Islands", "Federated States of Micronesia", "Gambia", "Isle of Man", "Isle of Wight",
        "Jewish Autonomous Oblast", "Maldives", "Marshall Islands", "Netherlands", "Northern Mariana Islands",
        "Northern Territory", "Northwest Territories", "Philippines", "Pitcairn Islands", "Republic of the Congo",
        "Roman Empire", "Sakha Republic", "Scottish Borders", "Solomon Islands", "South Sandwich Islands",
        "Soviet Union", "State of Mexico", "Turks and Caicos Islands", "United Arab Emirates", "United Kingdom",
        "United States", "United States Minor Outlying Islands", "United States Virgin Islands", "Vale of Glamorgan",
        "West Midlands", "Holy Roman Empire", "Cyclades", "Dodecanese", "Bronx", "North Island", "South Island",
        "Balkans", "Russian Far East", "Caribbean", "Caucasus", "Middle East", "New Territories", "North Caucasus",
        "South Caucasus", "West Bank", "Gaza Strip", "San Fernando Valley",
    ]

    /// Name shapes that take "the" for any placetype, and for some placetypes.
    static let theSuffixes = [" Islands", " Mountains", " Empire", " Country", " Region", " District"]
    static let thePrefixes = ["Isle of ", "City of "]
    static let theByPlacetype: [String: (prefixes: [String], suffixes: [String])] = [
        "bay": (["Bay of "], []), "lake": (["Lake of "], []), "country": (["Republic of "], [" Republic"]),
        "republic": (["Republic of "], [" Republic"]), "region": ([], [" region", " Region"]),
        "river": ([], [" River"]), "local government area": (["Shire of "], []), "county": (["Shire of "], []),
    ]
}
