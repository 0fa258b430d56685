import LexAggAggregation

/// Parses the everyday `lookup` command line without ArgumentParser.
///
/// ArgumentParser discovers options by reflection, which costs about 9 million instructions at start-up in
/// a static binary (measured with callgrind) — more than the lookup itself. This parser accepts exactly
/// `lookup WORD… [--providers IDS] [--lang CODE] [--format text|json] [--strategy S] [--timeout N] [--senses N]
/// [--offline] [--no-cache] [--refresh] [--explain] [--all] [--no-pager]`, and `lookup --batch FILE [--jobs N]` with
/// the same options, each at most once, and returns `nil` for anything else
/// (help, `--opt=value`, `--`, unknown options, bad values), which then goes through ArgumentParser as usual,
/// so errors and help look the same either way. `FastLookupParserTests` checks both parsers agree.
enum FastLookupParser {
    static func parse(_ arguments: [String]) -> LookupOptions? {
        guard arguments.first == "lookup" else { return nil }
        var options = LookupOptions(words: [], providers: nil, lang: nil, format: .text)
        var index = 1
        var seen = Set<String>()
        let flags = Self.flags
        let valued = Self.valued
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("-"), flags.contains(argument) {
                guard seen.insert(argument).inserted else { return nil }
                switch argument {
                case "--offline": options.offline = true
                case "--no-cache": options.noCache = true
                case "--refresh": options.refresh = true
                case "--explain": options.explain = true
                case "--all": options.all = true
                default: options.noPager = true
                }
                index += 1
            } else if argument.hasPrefix("-") {
                guard valued.contains(argument),
                      seen.insert(argument).inserted,
                      index + 1 < arguments.count
                else { return nil }
                let value = arguments[index + 1]
                guard !value.hasPrefix("-") else { return nil }
                switch argument {
                case "--providers": options.providers = value
                case "--lang": options.lang = value
                case "--strategy":
                    guard let strategy = LookupStrategy(rawValue: value) else { return nil }
                    options.strategy = strategy
                case "--timeout":
                    guard let timeout = Double(value) else { return nil }
                    options.timeout = timeout
                case "--senses":
                    guard let senses = Int(value) else { return nil }
                    options.senses = senses
                case "--jobs":
                    guard let jobs = Int(value) else { return nil }
                    options.jobs = jobs
                case "--batch": options.batch = value
                default:
                    guard let format = OutputFormat(rawValue: value) else { return nil }
                    options.format = format
                }
                index += 2
            } else {
                options.words.append(argument)
                index += 1
            }
        }
        // A batch names no words (ArgumentParser's path says so when it does).
        return options.words.isEmpty == (options.batch != nil) ? options : nil
    }

    /// Options that take a value, and flags.
    static let valued = ["--providers", "--lang", "--format", "--strategy", "--timeout", "--senses", "--jobs", "--batch"]
    static let flags = ["--offline", "--no-cache", "--refresh", "--explain", "--all", "--no-pager"]
}
