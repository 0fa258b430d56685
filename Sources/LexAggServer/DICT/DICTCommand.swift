/// One command line from a DICT client, parsed by the grammar of RFC 2229 §2.2–2.3.
///
/// Command words are case-insensitive; parameters are atoms, `"…"` or `'…'` strings and `\`-quoted characters,
/// which concatenate into one word until a space or tab (`"ice cream"`, `ice\ cream`).
package enum DICTCommand: Equatable, Sendable {
    case define(database: String, word: String)
    case match(database: String, strategy: String, word: String)
    case showDatabases
    case showStrategies
    case showInfo(database: String)
    case showServer
    case client(String)
    case status
    case optionMIME
    case help
    case quit
    /// A command of the protocol lexagg does not offer (AUTH, SASLAUTH, SASLRESP): 502.
    case notImplemented(String)
    /// A parameter of a known command that lexagg does not offer (`OPTION GZIP`): 503.
    case parameterNotImplemented(String)
    /// A known command with missing, extra or malformed parameters: 501.
    case illegalParameters(String)
    /// Not a command: 500.
    case unknown(String)
    /// A blank line: no reply.
    case empty

    /// Parses one command line (without its CRLF).
    package init(line: String) {
        guard let words = Self.words(line) else {
            self = .illegalParameters("a quoted string is not closed")
            return
        }
        guard let first = words.first else {
            self = .empty
            return
        }
        let parameters = Array(words.dropFirst())
        switch first.uppercased() {
        case "DEFINE":
            guard parameters.count == 2 else { self = .illegalParameters("use DEFINE database word"); return }
            self = .define(database: parameters[0], word: parameters[1])
        case "MATCH":
            guard parameters.count == 3 else { self = .illegalParameters("use MATCH database strategy word"); return }
            self = .match(database: parameters[0], strategy: parameters[1], word: parameters[2])
        case "SHOW":
            self = Self.show(parameters)
        case "CLIENT":
            self = .client(parameters.joined(separator: " "))
        case "STATUS":
            self = parameters.isEmpty ? .status : .illegalParameters("STATUS takes no parameters")
        case "OPTION":
            guard let option = parameters.first, parameters.count == 1 else {
                self = .illegalParameters("use OPTION MIME")
                return
            }
            self = option.uppercased() == "MIME" ? .optionMIME : .parameterNotImplemented("OPTION \(option)")
        case "HELP":
            self = .help
        case "QUIT":
            self = .quit
        case "AUTH", "SASLAUTH", "SASLRESP":
            self = .notImplemented(first.uppercased())
        default:
            self = .unknown(first)
        }
    }

    private static func show(_ parameters: [String]) -> DICTCommand {
        guard let what = parameters.first?.uppercased() else { return .illegalParameters("use SHOW DB, STRAT, INFO db or SERVER") }
        switch (what, parameters.count) {
        case ("DB", 1), ("DATABASES", 1): return .showDatabases
        case ("STRAT", 1), ("STRATEGIES", 1): return .showStrategies
        case ("INFO", 2): return .showInfo(database: parameters[1])
        case ("SERVER", 1): return .showServer
        case ("INFO", _): return .illegalParameters("use SHOW INFO database")
        default: return .illegalParameters("use SHOW DB, STRAT, INFO db or SERVER")
        }
    }

    /// The words of `line` (RFC 2229 §2.2), or `nil` when a quoted string is not closed.
    package static func words(_ line: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var started = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if character == "\\" {
                escaped = true
                started = true
                continue
            }
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
                continue
            }
            switch character {
            case "\"", "'":
                quote = character
                started = true
            case " ", "\t":
                if started { words.append(current) }
                current = ""
                started = false
            default:
                current.append(character)
                started = true
            }
        }
        if quote != nil || escaped { return nil }
        if started { words.append(current) }
        return words
    }
}
