import LexAggAggregation
import LexAggCore
import LexAggLocalization

/// Every key the configuration file may hold, its type, and the environment variable that overrides it.
public enum ConfigSchema {
    /// What a key holds; each kind validates a TOML value or a text (an environment variable, `config set`).
    public enum Kind: Sendable, Hashable {
        case providerList, strategy, seconds, language, languageList, bool, duration, weight, endpoint, secret
        case text, pathList
        /// A DICT database name: one word, no spaces or control characters (it is sent inside a DICT command).
        case databaseName
        /// A whole number from 1 to 1000.
        case count
        /// A language lexagg's own text is available in (``LexAggLocalization/UILanguage``): `en`, `ru`.
        case uiLanguage

        /// "a number of seconds …", for messages.
        public var expected: String {
            switch self {
            case .providerList: "a list of provider ids, e.g. [\"wordnet\", \"wiktionary\"]"
            case .strategy: "one of " + LookupStrategy.allCases.map(\.rawValue).joined(separator: ", ")
            case .seconds: "a number of seconds above 0 and at most 600"
            case .language: "a language code such as \"en\" or \"de\""
            case .languageList: "a list of language codes, e.g. [\"en\", \"de\"]"
            case .bool: "true or false"
            case .duration: "a duration: whole seconds, or a string such as \"30m\", \"12h\", \"7d\""
            case .weight: "a number from 0 to 100"
            case .endpoint: "http(s)://host[:port] with no path or query, or host[:port] for a DICT server"
            case .secret, .text: "a string without control characters"
            case .databaseName: "a DICT database name such as \"wn\", \"*\" or \"!\" (no spaces)"
            case .pathList: "a path or a list of paths"
            case .count: "a whole number from 1 to 1000"
            case .uiLanguage: "one of " + UILanguage.allCases.map(\.rawValue).joined(separator: ", ")
            }
        }
    }

    /// One key: its dotted name, kind, the variable that overrides it (if any) and a short description.
    public struct Key: Sendable, Hashable {
        public var name: String
        public var kind: Kind
        public var variable: String?
        public var summary: String

        /// Whether the value is a secret: never printed, logged or put in an error message.
        public var isSecret: Bool { kind == .secret }
    }

    /// The keys of the top-level tables, in the order `config show` lists them.
    public static let globalKeys: [Key] = [
        Key(name: "lookup.providers", kind: .providerList, variable: "LEXAGG_PROVIDERS",
            summary: "providers lookup asks, in priority order (default: every available one)"),
        Key(name: "lookup.strategy", kind: .strategy, variable: "LEXAGG_STRATEGY", summary: "first, fastest or merge"),
        Key(name: "lookup.timeout", kind: .seconds, variable: "LEXAGG_TIMEOUT",
            summary: "the longest a lookup may take, in seconds"),
        Key(name: "lookup.provider_timeout", kind: .seconds, variable: "LEXAGG_PROVIDER_TIMEOUT",
            summary: "the longest one provider may take, in seconds"),
        Key(name: "lookup.language", kind: .language, variable: "LEXAGG_LANG",
            summary: "the default --lang of lookup and random"),
        Key(name: "lookup.senses", kind: .count, variable: "LEXAGG_SENSES",
            summary: "senses shown per part of speech (default 5; --senses N, --all)"),
        Key(name: "ui.language", kind: .uiLanguage, variable: nil,
            summary: "the language of lexagg's own messages (--ui-language; default: LC_ALL, LC_MESSAGES, LANG, LANGUAGE)"),
        Key(name: "learner.languages", kind: .languageList, variable: "LEXAGG_LANGUAGES",
            summary: "the languages you learn or speak"),
        Key(name: "cache.enabled", kind: .bool, variable: "LEXAGG_NO_CACHE",
            summary: "whether answers are cached (LEXAGG_NO_CACHE=1 turns it off)"),
        Key(name: "cache.ttl", kind: .duration, variable: "LEXAGG_CACHE_TTL", summary: "how long an answer is kept"),
        Key(name: "cache.negative_ttl", kind: .duration, variable: "LEXAGG_CACHE_NEGATIVE_TTL",
            summary: "how long a 'not found' is kept"),
        Key(name: "databases.path", kind: .pathList, variable: "LEXAGG_DICT_PATH",
            summary: "directories of dictd databases, searched first"),
        Key(name: "store.url", kind: .secret, variable: "LEXAGG_STORE_URL",
            summary: "where the cache and the library live: postgres://user@host:5432/db (default: SQLite files)"),
        Key(name: "store.password_file", kind: .text, variable: "LEXAGG_STORE_PASSWORD_FILE",
            summary: "a file holding the database password (else the URL's, else PGPASSWORD)"),
        Key(name: "server.token", kind: .secret, variable: "LEXAGG_SERVER_TOKEN",
            summary: "the token `serve http` requires as 'Authorization: Bearer' (default: none)"),
        Key(name: "server.memo_ttl", kind: .duration, variable: "LEXAGG_SERVER_MEMO_TTL",
            summary: "how long the servers keep a whole answer in memory (default 60s; 0 turns it off)"),
    ]

    /// The keys of a `[providers.<id>]` table.
    public static let providerKeys: [(name: String, kind: Kind, summary: String)] = [
        ("weight", .weight, "weight in merging and ranking (default 1)"),
        ("timeout", .seconds, "the longest this provider may take, in seconds"),
        ("endpoint", .endpoint, "base URL (or host:port of a DICT server)"),
        ("secret", .secret, "API key"),
        ("database", .databaseName, "DICT server database"),
        ("ttl", .duration, "how long this provider's answers are cached"),
        ("negative_ttl", .duration, "how long this provider's 'not found' is cached"),
        ("command", .text, "an external provider's command line (docs/external-providers.md)"),
    ]

    /// The top-level tables.
    public static let tables = ["lookup", "ui", "learner", "cache", "databases", "store", "server", "providers"]

    /// The key named `name` (`lookup.strategy`, `providers.wiktionary.weight`).
    public static func key(named name: String) -> Key? {
        if let key = globalKeys.first(where: { $0.name == name }) { return key }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == "providers", let id = ProviderID(parts[1]),
              let spec = providerKeys.first(where: { $0.name == parts[2] })
        else { return nil }
        return Key(name: name, kind: spec.kind, variable: variable(provider: id, key: spec.name), summary: spec.summary)
    }

    /// The variable that sets a provider's `key`, if any: `LEXAGG_<ID>_ENDPOINT`, `_SECRET`, `_DATABASE`, `_COMMAND`
    /// (the id upper-cased, `-` as `_`). A provider's factory may accept more names (``LexAggCore/ProviderFactory/aliases``).
    public static func variable(provider: ProviderID, key: String) -> String? {
        let stem = "LEXAGG_" + provider.rawValue.uppercased().replacingHyphens()
        switch key {
        case "endpoint": return stem + "_ENDPOINT"
        case "secret": return stem + "_SECRET"
        case "database": return stem + "_DATABASE"
        case "command": return stem + "_COMMAND"
        default: return nil
        }
    }

    /// The provider key a variable sets, the inverse of ``variable(provider:key:)``, or one of `aliases`
    /// (variable → dotted key, from the providers' factories).
    static func providerKey(forVariable name: String, aliases: [String: String] = [:]) -> String? {
        providerSetting(forVariable: name, aliases: aliases)?.name
    }

    /// The same as the key it names (``key(named:)`` of it), made directly: every command reads every variable of
    /// its environment through this (44 in a benchmark's shell), and a `LEXAGG_` one was named, then parsed back.
    static func providerSetting(forVariable name: String, aliases: [String: String] = [:]) -> Key? {
        if let alias = aliases[name] { return key(named: alias) }
        guard name.utf8.starts(with: "LEXAGG_".utf8) else { return nil }
        for (suffix, keyName) in variableSuffixes where name.hasSuffix(suffix) {
            let stem = name.dropFirst("LEXAGG_".count).dropLast(suffix.count)
            guard let id = ProviderID(stem.lowercased().replacingUnderscores()),
                  variable(provider: id, key: keyName) == name,
                  let spec = providerKeys.first(where: { $0.name == keyName })
            else { continue }
            return Key(name: "providers.\(id).\(keyName)", kind: spec.kind, variable: name, summary: spec.summary)
        }
        return nil
    }

    private static let variableSuffixes: [(suffix: String, key: String)] = [
        ("_ENDPOINT", "endpoint"), ("_SECRET", "secret"), ("_DATABASE", "database"), ("_COMMAND", "command"),
    ]

    /// The nearest of `candidates` to `name`, when close enough to be a likely typo.
    static func nearest(_ name: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, EditDistance.between(name.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, name.count / 3) ? best.0 : nil
    }
}

extension ConfigSchema.Kind {
    /// Validates a value from the file. The error message says what was expected; it never quotes a secret.
    func validate(_ value: TOMLData) -> Result<ConfigValue, ValueProblem> {
        switch (self, value) {
        case (.providerList, .array(let items)), (.languageList, .array(let items)), (.pathList, .array(let items)):
            var texts: [String] = []
            for item in items {
                guard case .string(let text) = item else { return .failure(.wrongType(found: .arrayHolding(item.valueType))) }
                texts.append(text)
            }
            return validateList(texts)
        case (.pathList, .string(let text)):
            return validateList(text.split(separator: ":").map(String.init))
        case (.strategy, .string(let text)), (.language, .string(let text)), (.endpoint, .string(let text)),
             (.secret, .string(let text)), (.text, .string(let text)), (.duration, .string(let text)),
             (.databaseName, .string(let text)), (.uiLanguage, .string(let text)):
            return parse(text)
        case (.seconds, .integer(let number)), (.weight, .integer(let number)), (.duration, .integer(let number)):
            return self == .duration ? validateDuration(number) : validateNumber(Double(number))
        case (.seconds, .double(let number)), (.weight, .double(let number)):
            return validateNumber(number)
        case (.bool, .bool(let flag)):
            return .success(.bool(flag))
        case (.count, .integer(let number)):
            return (1...1000).contains(number) ? .success(.number(Double(number))) : .failure(.invalid(quoting: String(number)))
        default:
            return .failure(.wrongType(found: value.valueType))
        }
    }

    /// Parses and validates a value given as text: an environment variable, or `lexagg config set`'s argument.
    /// Lists are comma-separated (`wordnet,wiktionary`); paths colon-separated.
    func parse(_ text: String) -> Result<ConfigValue, ValueProblem> {
        // No value holds a control character: a CR/LF would start a new command on a DICT connection, a new
        // header in a request, or a new line in the file.
        if text.hasControlCharacter {
            return .failure(.invalid(quoting: nil))
        }
        let trimmed = text.trimmingWhitespace()
        switch self {
        case .providerList, .languageList:
            return validateList(trimmed.split(separator: ",").map { String($0).trimmingWhitespace() })
        case .pathList:
            return validateList(trimmed.splittingASCII(at: UInt8(ascii: ":")))
        case .strategy:
            guard let strategy = LookupStrategy(rawValue: trimmed.lowercased()) else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.string(strategy.rawValue))
        case .seconds, .weight:
            guard let number = Double(trimmed) else { return .failure(.invalid(quoting: trimmed)) }
            return validateNumber(number)
        case .language:
            guard let language = Language(trimmed) else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.string(language.code))
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return .success(.bool(true))
            case "false", "no", "off", "0": return .success(.bool(false))
            default: return .failure(.invalid(quoting: trimmed))
            }
        case .duration:
            guard let seconds = DurationText.seconds(trimmed) else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.duration(seconds: seconds))
        case .endpoint:
            guard Self.isEndpoint(trimmed) else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.string(trimmed))
        case .databaseName:
            guard !trimmed.isEmpty, trimmed.unicodeScalars.count <= 64,
                  !trimmed.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" })
            else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.string(trimmed))
        case .secret:
            guard !trimmed.isEmpty else { return .failure(.invalid(quoting: nil)) }
            return .success(.string(trimmed))
        case .text:
            guard !trimmed.isEmpty else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.string(trimmed))
        case .count:
            guard let number = Int(trimmed), (1...1000).contains(number) else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.number(Double(number)))
        case .uiLanguage:
            guard let language = UILanguage(rawValue: trimmed.lowercased()) else { return .failure(.invalid(quoting: trimmed)) }
            return .success(.string(language.rawValue))
        }
    }

    /// The forms the providers accept: `http(s)://host[:port]` (an optional trailing `/`, no user, path, query or
    /// fragment: what the HTTP providers' `BaseURL` parses) or `[dict://]host[:port]` (the DICT server provider).
    static func isEndpoint(_ text: String) -> Bool {
        let lowered = text.lowercased()
        var rest = Substring(text)
        if lowered.hasPrefix("https://") { rest = rest.dropFirst(8) } else if lowered.hasPrefix("http://") {
            rest = rest.dropFirst(7)
        } else if lowered.hasPrefix("dict://") {
            rest = rest.dropFirst(7)
        } else if lowered.contains("://") {
            return false
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, rest.count <= 255 else { return false }
        var host = rest
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return false }
            let after = rest[rest.index(after: close)...]
            guard after.isEmpty || (after.hasPrefix(":") && Int(after.dropFirst()).map { (1...65_535).contains($0) } == true)
            else { return false }
            host = rest[rest.index(after: rest.startIndex)..<close]
            return !host.isEmpty && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        if let colon = rest.lastIndex(of: ":") {
            guard let port = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(port) else { return false }
            host = rest[..<colon]
        }
        return !host.isEmpty && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
    }

    private func validateList(_ items: [String]) -> Result<ConfigValue, ValueProblem> {
        var result: [String] = []
        for item in items {
            switch self {
            case .providerList:
                guard let id = ProviderID(item.lowercased()) else { return .failure(.invalid(quoting: item)) }
                if !result.contains(id.rawValue) { result.append(id.rawValue) }
            case .languageList:
                guard let language = Language(item) else { return .failure(.invalid(quoting: item)) }
                if !result.contains(language.code) { result.append(language.code) }
            default:
                guard !item.isEmpty else { continue }
                result.append(item)
            }
        }
        guard !result.isEmpty else { return .failure(.invalid(quoting: "")) }
        return .success(.strings(result))
    }

    private func validateNumber(_ number: Double) -> Result<ConfigValue, ValueProblem> {
        let valid = switch self {
        case .seconds: number.isFinite && number > 0 && number <= 600
        default: number.isFinite && number >= 0 && number <= 100
        }
        return valid ? .success(.number(number)) : .failure(.invalid(quoting: ConfigValue.number(number)))
    }

    private func validateDuration(_ seconds: Int) -> Result<ConfigValue, ValueProblem> {
        (0...DurationText.maximumSeconds).contains(seconds)
            ? .success(.duration(seconds: seconds)) : .failure(.invalid(quoting: String(seconds)))
    }
}

/// Why a value was refused: the wrong TOML type, or a value out of range (quoted, unless it is a secret).
enum ValueProblem: Error, Hashable {
    case wrongType(found: ConfigError.ValueType)
    case invalid(quoting: String?)

    func message(key: ConfigSchema.Key) -> String {
        switch self {
        case .wrongType(let found):
            return "\(key.name) must be \(key.kind.expected), not \(found.englishName)"
        case .invalid(let quoted):
            if key.isSecret || quoted == nil { return "\(key.name) must be \(key.kind.expected)" }
            // At most 64 characters of what was given: an error message never echoes a whole pasted file.
            let shown = quoted!.count > 64 ? quoted!.prefix(64) + "…" : Substring(quoted!)
            return "\(key.name) must be \(key.kind.expected), not '\(shown)'"
        }
    }

    var kind: ConfigError.Kind {
        if case .wrongType = self { .wrongType } else { .invalidValue }
    }

    /// The problem as data (``message(key:)``'s facts), under the name `shownAs` (the key's, or its variable's).
    func reason(key: ConfigSchema.Key, shownAs name: String? = nil) -> ConfigError.Reason {
        switch self {
        case .wrongType(let found):
            return .badValue(key: name ?? key.name, expected: key.kind, found: found, quoted: nil)
        case .invalid(let quoted):
            let shown = key.isSecret ? nil : quoted.map { $0.count > 64 ? String($0.prefix(64)) + "…" : $0 }
            return .badValue(key: name ?? key.name, expected: key.kind, found: nil, quoted: shown)
        }
    }
}

extension String {
    fileprivate func replacingHyphens() -> String { replacingASCII(UInt8(ascii: "-"), with: UInt8(ascii: "_")) }
    fileprivate func replacingUnderscores() -> String { replacingASCII(UInt8(ascii: "_"), with: UInt8(ascii: "-")) }

    /// `map` over Characters, as it was, gives the same for ASCII text (all of variable names and provider ids), byte
    /// by byte; the Characters' way, an array of them, was ~15,000 instructions a name, for every `LEXAGG_` variable of
    /// every command.
    private func replacingASCII(_ old: UInt8, with new: UInt8) -> String {
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            let (old, new) = (Character(Unicode.Scalar(old)), Character(Unicode.Scalar(new)))
            return String(map { $0 == old ? new : $0 })
        }
        return String(decoding: utf8.map { $0 == old ? new : $0 }, as: UTF8.self)
    }

    /// `split(separator:)` of a Character (empty parts left out), byte by byte in one pass for ASCII text (a split by
    /// Characters was 15,000–25,000 instructions for a provider key or the dictionary path, the generic split of
    /// the bytes 9,000); by Characters otherwise, as before.
    func splittingASCII(at separator: UInt8) -> [String] {
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return split(separator: Character(Unicode.Scalar(separator))).map(String.init)
        }
        var text = self
        return text.withUTF8 { bytes in
            var parts: [String] = []
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == separator {
                if index > start { parts.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
                start = index + 1
            }
            return parts
        }
    }

    /// Whether the text holds a character of the general category Cc (U+0000–U+001F, U+007F–U+009F) other than a
    /// tab, byte by byte: in UTF-8 those are the bytes below 0x20 and 0x7F, and U+0080–U+009F as 0xC2 0x80–0x9F (a
    /// `Unicode.Scalar.Properties` lookup a character was 18,000 instructions for two endpoints).
    var hasControlCharacter: Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F || (previous == 0xC2 && (0x80...0x9F).contains(byte)) {
                return true
            }
            previous = byte
        }
        return false
    }
}
