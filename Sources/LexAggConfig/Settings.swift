import LexAggAggregation
import LexAggCore

/// lexagg's effective configuration: environment over file over defaults. Flags are the commands' business.
///
/// Built by ``Settings/load(environment:)`` from an environment passed in (no process globals), so tests
/// build their own.
public struct Settings: Sendable {
    /// Where a value comes from.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        case defaultValue
        /// The configuration file, at this line.
        case file(line: Int?)
        /// An environment variable.
        case environment(String)

        public var description: String {
            switch self {
            case .defaultValue: "default"
            case .file(let line?): "file, line \(line)"
            case .file(nil): "file"
            case .environment(let variable): "env \(variable)"
            }
        }
    }

    /// One effective value and where it comes from.
    public struct Entry: Sendable, Hashable {
        public var key: ConfigSchema.Key
        /// `nil` for a default that is "none" (every available provider, no default language).
        public var value: ConfigValue?
        public var origin: Origin
    }

    /// The file read (or not: `exists` is false).
    public let file: ConfigFile
    /// Every effective value by dotted key, including defaults.
    public let entries: [String: Entry]
    /// The environment the settings were loaded from.
    private let environment: [String: String]

    /// The defaults of the global keys; `nil`: none.
    public static let defaults: [String: ConfigValue] = [
        "lookup.strategy": .string(LookupStrategy.merge.rawValue),
        "lookup.timeout": .number(8),
        "lookup.provider_timeout": .number(5),
        "lookup.senses": .number(5),
        "cache.enabled": .bool(true),
        "cache.ttl": .duration(seconds: 7 * 86_400),
        "cache.negative_ttl": .duration(seconds: 86_400),
        "server.memo_ttl": .duration(seconds: 60),
    ]

    /// Loads the file named by `environment` (see ``ConfigLocation``) and applies the `LEXAGG_*` overrides.
    /// - Throws: ``ConfigError`` for a bad file or a bad variable value.
    /// - Parameter aliases: more variables that set provider keys (variable → dotted key), from the factories.
    public static func load(environment: [String: String], aliases: [String: String] = [:]) throws(ConfigError) -> Settings {
        let file = try ConfigFile.load(ConfigLocation.resolve(environment: environment))
        return try Settings(file: file, environment: environment, aliases: aliases)
    }

    /// The environment's settings alone (no file): what providers are built with when the file is invalid, so
    /// `doctor` and `config` still see the providers as the variables set them up.
    public static func environmentOnly(_ environment: [String: String], aliases: [String: String] = [:]) -> Settings? {
        try? Settings(file: ConfigFile.load(nil), environment: environment, aliases: aliases)
    }

    /// Combines a file already read with the environment's overrides.
    public init(file: ConfigFile, environment: [String: String], aliases: [String: String] = [:]) throws(ConfigError) {
        self.file = file
        self.environment = environment
        var entries: [String: Entry] = [:]
        for key in ConfigSchema.globalKeys {
            entries[key.name] = Entry(key: key, value: Self.defaults[key.name], origin: .defaultValue)
        }
        for (name, value) in file.values {
            guard let key = ConfigSchema.key(named: name) else { continue }
            entries[name] = Entry(key: key, value: value.value, origin: .file(line: value.line))
        }
        // Environment over file. LEXAGG_NO_CACHE is the one inverted variable.
        for key in ConfigSchema.globalKeys {
            guard let variable = key.variable, let text = environment[variable], !text.isEmpty else { continue }
            if variable == "LEXAGG_NO_CACHE" {
                let off = !["0", "false", "no", "off"].contains(text.lowercased())
                entries[key.name] = Entry(key: key, value: .bool(!off), origin: .environment(variable))
                continue
            }
            switch key.kind.parse(text) {
            case .success(let value): entries[key.name] = Entry(key: key, value: value, origin: .environment(variable))
            case .failure(let problem):
                var message = problem.message(key: key)
                message = message.replacingPrefix(key.name, with: variable)
                throw ConfigError(problem.kind, location: "environment variable \(variable)", message: message,
                                  variable: variable, reason: problem.reason(key: key, shownAs: variable))
            }
        }
        // Variables that set providers' settings (endpoints, keys, databases): a control character is refused here
        // (a CR/LF would reach the wire); their form is the provider's to judge, which reports itself unavailable.
        // A variable without the `LEXAGG_` prefix can only be an alias; when no alias lacks it (the providers' do
        // not), the other variables (most of a shell's) are passed over without a look in the aliases.
        let aliasesArePrefixed = aliases.keys.allSatisfy { $0.utf8.starts(with: "LEXAGG_".utf8) }
        for (variable, text) in environment where !text.isEmpty {
            if aliasesArePrefixed && !variable.utf8.starts(with: "LEXAGG_".utf8) { continue }
            guard let key = ConfigSchema.providerSetting(forVariable: variable, aliases: aliases) else { continue }
            let name = key.name
            if text.hasControlCharacter {
                throw ConfigError(
                    .invalidValue, location: "environment variable \(variable)",
                    message: "\(variable) holds a control character (a line break?); it must be \(key.kind.expected)",
                    variable: variable, reason: .controlCharacterInVariable(variable, expected: key.kind)
                )
            }
            entries[name] = Entry(key: key, value: .string(text), origin: .environment(variable))
        }
        self.entries = entries
    }

    private func value(_ name: String) -> ConfigValue? { entries[name]?.value }

    /// Where `key`'s effective value comes from.
    public func origin(of key: String) -> Origin { entries[key]?.origin ?? .defaultValue }

    // MARK: Lookup

    /// The providers lookup asks by default, in priority order; `nil`: every available one.
    public var providers: [ProviderID]? {
        value("lookup.providers")?.strings.map { $0.compactMap(ProviderID.init) }
    }

    public var strategy: LookupStrategy {
        value("lookup.strategy")?.string.flatMap(LookupStrategy.init(rawValue:)) ?? .merge
    }

    /// The longest a whole lookup may take.
    public var timeout: Duration { Self.duration(value("lookup.timeout")?.number ?? 8) }

    /// The longest one provider may take, unless its own `timeout` says otherwise.
    public var providerTimeout: Duration { Self.duration(value("lookup.provider_timeout")?.number ?? 5) }

    /// The default language of `lookup` and `random`; `nil`: none.
    public var language: Language? { value("lookup.language")?.string.flatMap(Language.init) }

    /// `ui.language`: the language of lexagg's own text, when configured (`lexagg config set ui.language ru`).
    public var uiLanguage: String? { value("ui.language")?.string }

    /// The learner's languages, in the order given.
    public var learnerLanguages: [Language] { value("learner.languages")?.strings?.compactMap(Language.init) ?? [] }
    /// How many senses of each part of speech `lookup` shows before summarising the rest (`lookup.senses`).
    public var sensesShown: Int { value("lookup.senses")?.number.map { Int($0) } ?? 5 }  // (5: the default above too)

    // MARK: Providers

    /// `provider`'s weight in merging and ranking; 1 unless configured.
    public func weight(for provider: ProviderID) -> Double {
        value("providers.\(provider).weight")?.number ?? 1
    }

    /// Every configured provider weight.
    public var providerWeights: [ProviderID: Double] {
        var weights: [ProviderID: Double] = [:]
        for (name, entry) in entries {
            guard let id = Self.provider(in: name, key: "weight"), let weight = entry.value?.number else { continue }
            weights[id] = weight
        }
        return weights
    }

    /// The longest `provider` may take: its own `timeout`, else `lookup.provider_timeout`.
    public func providerTimeout(for provider: ProviderID) -> Duration {
        value("providers.\(provider).timeout")?.number.map(Self.duration) ?? providerTimeout
    }

    /// Every configured per-provider timeout.
    public var providerTimeouts: [ProviderID: Duration] {
        var timeouts: [ProviderID: Duration] = [:]
        for (name, entry) in entries {
            guard let id = Self.provider(in: name, key: "timeout"), let seconds = entry.value?.number else { continue }
            timeouts[id] = Self.duration(seconds)
        }
        return timeouts
    }

    // MARK: Cache

    /// Whether answers are cached.
    public var cacheEnabled: Bool { value("cache.enabled")?.bool ?? true }

    /// Where the cache and the library live (`store.url`, `LEXAGG_STORE_URL`): a PostgreSQL URL; nil for the
    /// SQLite files (the default). It may hold a password, so it is never printed.
    public var storeURL: String? { value("store.url")?.string.flatMap { $0.isEmpty ? nil : $0 } }

    /// A file holding the store's password (`store.password_file`, `LEXAGG_STORE_PASSWORD_FILE`).
    public var storePasswordFile: String? { value("store.password_file")?.string.flatMap { $0.isEmpty ? nil : $0 } }

    /// The token `serve http` requires (`server.token`, `LEXAGG_SERVER_TOKEN`); `nil` when none is set.
    public var serverToken: String? { value("server.token")?.string.flatMap { $0.isEmpty ? nil : $0 } }

    /// How long `serve http`, `serve dict` and `mcp` answer a repeated request from memory (`server.memo_ttl`,
    /// default 60 s); zero: never.
    public var serverMemoLifetime: Duration { .seconds(value("server.memo_ttl")?.seconds ?? 60) }

    /// How long `provider`'s answers (positive) and "not found"s (negative) are kept: its own `ttl` and
    /// `negative_ttl`, else `cache.ttl` (7 days) and `cache.negative_ttl` (1 day).
    public func cacheTTL(for provider: ProviderID) -> (positive: Duration, negative: Duration) {
        let positive = value("providers.\(provider).ttl")?.seconds ?? value("cache.ttl")?.seconds ?? 7 * 86_400
        let negative = value("providers.\(provider).negative_ttl")?.seconds ?? value("cache.negative_ttl")?.seconds ?? 86_400
        return (.seconds(positive), .seconds(negative))
    }

    // MARK: Provider settings

    /// Each provider's typed settings (endpoint, secret, database, command), environment over file, for the ids that
    /// have any. What the composition root hands the factories: providers never read variables or the file.
    public var providerSettings: [ProviderID: ProviderSettings] {
        var settings: [ProviderID: ProviderSettings] = [:]
        // The prefix first, as in `provider(in:key:)`: most keys are not a provider's (this ran for every key, ~300
        // times in a lookup).
        for (name, entry) in entries where Self.isProviderKey(name) {
            let (provider, key) = Self.split(name)
            guard let id = ProviderID(provider), let text = entry.value?.string else { continue }
            var item = settings[id] ?? ProviderSettings()
            switch key {
            case "endpoint": item.endpoint = text
            case "secret": item.secret = text
            case "database": item.database = text
            case "command": item.command = text
            default: continue
            }
            settings[id] = item
        }
        return settings
    }

    /// The directories of dictd databases searched first (`databases.path`, `LEXAGG_DICT_PATH`); `nil` when none.
    public var databasePaths: [String]? {
        switch value("databases.path") {
        case .strings(let list)?: list
        case .string(let path)?: path.splittingASCII(at: UInt8(ascii: ":"))
        default: nil
        }
    }

    /// Every effective value in `config show`'s order: the global keys, then each provider's.
    public var orderedEntries: [Entry] {
        let global = ConfigSchema.globalKeys.compactMap { entries[$0.name] }
        let providerNames = entries.keys.filter(Self.isProviderKey)
        let order = ConfigSchema.providerKeys.map(\.name)
        let sorted = providerNames.sorted { a, b in
            let (pa, ka) = Self.split(a), (pb, kb) = Self.split(b)
            if pa != pb { return pa < pb }
            return (order.firstIndex(of: ka) ?? 99) < (order.firstIndex(of: kb) ?? 99)
        }
        return global + sorted.compactMap { entries[$0] }
    }

    /// `providers.<id>.<key>` as (id, key); (name, "") for a name of other than three dot-separated parts.
    private static func split(_ name: String) -> (provider: String, key: String) {
        let parts = name.splittingASCII(at: UInt8(ascii: "."))
        return parts.count == 3 ? (parts[1], parts[2]) : (name, "")
    }

    /// Whether `name` is a provider's key, `providers.…`: by its bytes (every key is the schema's, ASCII).
    private static func isProviderKey(_ name: String) -> Bool { name.utf8.starts(with: "providers.".utf8) }

    private static func provider(in name: String, key: String) -> ProviderID? {
        guard isProviderKey(name) else { return nil }  // most keys are not a provider's
        let (provider, found) = split(name)
        guard found == key else { return nil }
        return ProviderID(provider)
    }

    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
