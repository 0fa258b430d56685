/// Soft redirects of Chinese and Japanese entries (`{{zh-see}}`, `{{ja-see}}`) and the SI-unit definitions
/// (`{{SI-unit}}`, `{{SI-unit-np}}`, `{{SI-unit-2}}`, `{{SI-unit-abb}}`…), worded as en.wiktionary shows them.
extension WikitextRenderer {
    /// `{{zh-see|臺}}` on 台 → "For pronunciation and definitions of 台 – see 臺. (This character is the simplified
    /// form of 臺)."; a third argument is the gloss ("see 臺 (“platform”)"), the second the kind of form.
    func chineseSee(_ template: Template) -> String {
        let arguments = template.positional.map { render($0) }
        guard let target = arguments.first, !target.isEmpty else { return "" }
        let page = title ?? ""
        let kind = arguments.count > 1 && !arguments[1].isEmpty ? arguments[1] : "s"
        let form = WikitextRenderer.chineseFormKinds[kind] ?? "the simplified"
        var text = "For pronunciation and definitions of \(page) – see \(target)"
        if arguments.count > 2, !arguments[2].isEmpty { text += " (“\(arguments[2])”)" }
        let noun = kind != "poj" && page.count == 1 ? "character" : "term"
        return text + ". (This \(noun) is \(form) form of \(target))."
    }

    /// `{{ja-see|大切}}` on たいせつ → "For pronunciation and definitions of たいせつ – see the following entry: 大切."
    /// (the page then shows that entry's definitions, which lexagg does not fetch).
    func japaneseSee(_ template: Template) -> String {
        let targets = template.positional.map { render($0) }.filter { !$0.isEmpty }
        guard !targets.isEmpty else { return "" }
        let page = title ?? ""
        return "For pronunciation and definitions of \(page) – see the following "
            + (targets.count > 1 ? "entries" : "entry") + ": " + targets.joined(separator: ", ") + "."
    }

    /// The kinds of form `{{zh-see}}` names (its second argument).
    static let chineseFormKinds: [String: String] = [
        "s": "the simplified", "simp": "the simplified", "simplified": "the simplified",
        "ss": "the second-round simplified", "ssv": "the second-round simplified and variant",
        "fs": "the former (1964-1986) first-round simplified", "ns": "a nonstandard simplified",
        "a": "an ancient", "ancient": "an ancient", "o": "an obsolete", "obsolete": "an obsolete",
        "v": "a variant", "var": "a variant", "variant": "a variant", "vt": "a variant traditional",
        "av": "an ancient variant", "sv": "the simplified and variant", "svt": "the simplified and variant traditional",
        "hv": "recorded in one or more historical dictionaries as a variant",
        "hdv": "recorded in one or more historical dictionaries as a variant",
        "ha": "recorded in one or more historical dictionaries as an ancient",
        "poj": "the Pe̍h-ōe-jī", "err": "an erroneous or mistaken", "all": "a simplified, obsolete or variant",
    ]

    // MARK: SI units

    /// `{{SI-unit|en|kilo|metre|length}}` → "An SI unit of length equal to 10³ metres. Symbol: km";
    /// `{{SI-unit-abb|kilo|metre|length}}` → "Symbol for kilometre, an SI unit of length equal to 10³ metres";
    /// `{{SI-unit-2|peta|meter|length|metre}}` adds "; alternative spelling of petametre". The `(metrology)` label
    /// in front is the sense's label.
    func siUnit(_ template: Template) -> String {
        var arguments = template.positional.map { source.string(source.trimmed($0)) }
        if let first = arguments.first, WikitextRenderer.siPrefixes[first.lowercased()] == nil,
            template.named("lang") == nil, arguments.count > 1
        {
            arguments.removeFirst()  // the language code of the current form
        }
        let name = template.name
        var alternative: String?
        if name == "si-unit-2", arguments.count > 3 { alternative = arguments.remove(at: 3) }
        if name == "si-unit-abb2", arguments.count > 3 { alternative = arguments.remove(at: 2) }
        guard arguments.count >= 2 else { return "" }
        let prefix = arguments[0]
        let unit = arguments[1]
        let known = WikitextRenderer.siUnits[unit.lowercased()]
        var quantity = arguments.count > 2 && !arguments[2].isEmpty ? arguments[2] : known?.quantity ?? ""
        if quantity.isEmpty { quantity = "measure" }
        let noPlural = name.hasSuffix("np") || ["s", "z", "x"].contains(where: { unit.hasSuffix($0) })
        let units = noPlural ? unit : unit == "henry" ? "henries" : unit + "s"
        let power = WikitextRenderer.siPrefixes[prefix.lowercased()].map { "10" + WikitextRenderer.superscript($0.exponent) }
        let equal = power.map { " equal to \($0) \(units)" } ?? ""
        if name.hasPrefix("si-unit-abb") {
            let shown = alternative.map { " (\(prefix + $0))" } ?? ""
            return "Symbol for \(prefix + unit)\(shown), an SI unit of \(quantity)\(equal)"
        }
        var text = "An SI unit of \(quantity)\(equal)"
        if let alternative {
            text += "; alternative spelling of \(prefix + alternative)"
        } else if let symbol = known?.symbol, let prefixSymbol = WikitextRenderer.siPrefixes[prefix.lowercased()]?.symbol {
            text += ". Symbol: \(prefixSymbol)\(symbol)"
        }
        return text
    }

    static func superscript(_ number: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return (number < 0 ? "⁻" : "") + String(abs(number)).compactMap { $0.wholeNumberValue.map { digits[$0] } }
    }

    static let siPrefixes: [String: (exponent: Int, symbol: String)] = [
        "quetta": (30, "Q"), "ronna": (27, "R"), "yotta": (24, "Y"), "zetta": (21, "Z"), "exa": (18, "E"),
        "peta": (15, "P"), "tera": (12, "T"), "giga": (9, "G"), "mega": (6, "M"), "kilo": (3, "k"), "hecto": (2, "h"),
        "deca": (1, "da"), "deka": (1, "da"), "deci": (-1, "d"), "centi": (-2, "c"), "milli": (-3, "m"),
        "micro": (-6, "μ"), "nano": (-9, "n"), "pico": (-12, "p"), "femto": (-15, "f"), "atto": (-18, "a"),
        "zepto": (-21, "z"), "yocto": (-24, "y"), "ronto": (-27, "r"), "quecto": (-30, "q"),
    ]

    static let siUnits: [String: (symbol: String, quantity: String)] = [
        "metre": ("m", "length"), "meter": ("m", "length"), "gram": ("g", "mass"), "gramme": ("g", "mass"),
        "second": ("s", "time"), "ampere": ("A", "electric current"), "kelvin": ("K", "temperature"),
        "mole": ("mol", "amount of substance"), "candela": ("cd", "luminous intensity"), "hertz": ("Hz", "frequency"),
        "newton": ("N", "force"), "pascal": ("Pa", "pressure"), "joule": ("J", "energy"), "watt": ("W", "power"),
        "coulomb": ("C", "electric charge"), "volt": ("V", "electric potential"), "farad": ("F", "capacitance"),
        "ohm": ("Ω", "electrical resistance"), "siemens": ("S", "electrical conductance"),
        "weber": ("Wb", "magnetic flux"), "tesla": ("T", "magnetic flux density"), "henry": ("H", "inductance"),
        "lumen": ("lm", "luminous flux"), "lux": ("lx", "illuminance"), "becquerel": ("Bq", "radioactivity"),
        "gray": ("Gy", "absorbed dose"), "sievert": ("Sv", "equivalent dose"), "katal": ("kat", "catalytic activity"),
        "litre": ("L", "volume"), "liter": ("L", "volume"), "tonne": ("t", "mass"), "electronvolt": ("eV", "energy"),
        "bar": ("bar", "pressure"), "radian": ("rad", "angle"), "steradian": ("sr", "solid angle"),
        "byte": ("B", "information"), "bit": ("bit", "information"), "calorie": ("cal", "energy"),
    ]
}
