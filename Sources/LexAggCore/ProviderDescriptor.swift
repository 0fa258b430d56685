/// Everything lexagg knows about a provider without asking it anything.
public struct ProviderDescriptor: Sendable, Hashable {
    /// The stable identifier (`wordnet`, `wiktionary`, `freedict-eng-deu`).
    public var id: ProviderID
    /// A human-readable name (`WordNet 3.0`).
    public var displayName: String
    /// What the provider can do.
    public var capabilities: ProviderCapabilities
    /// Languages whose words it defines; empty means it does not say (any language is tried).
    public var languages: [Language]
    /// Translation directions it supports (empty unless it can ``ProviderCapabilities/translate``).
    public var translationPairs: [LanguagePair]
    /// Whether answering needs the network.
    public var requiresNetwork: Bool
    /// Whether the provider answers at once, in the caller's task, with no time limit: a file read (microseconds).
    /// False for anything that waits — the network, another process: those run concurrently, each under its own
    /// timeout and the request's deadline. Defaults to `!requiresNetwork`.
    public var runsInline: Bool
    /// Whether the provider needs a key or other secret.
    public var requiresCredentials: Bool
    /// Where the data comes from: a URL or a database path, shown to users.
    public var source: String
    /// The licence of the data, when known.
    public var license: String?
    /// Bumped when the shape of what the provider returns changes (part of cache keys).
    public var formatVersion: Int
    /// What identifies the provider's configured source (endpoint, DICT server and database, file path), never a
    /// secret. Part of cache keys: answers cached from one source are not served for another. Defaults to
    /// ``source``.
    public var configurationFingerprint: String
    /// Whether requests are metered: a metered provider is asked by default only when the word's language is given
    /// and is one of its own (name it with `--providers` to ask it anyway).
    public var quota: QuotaPolicy

    public init(
        id: ProviderID,
        displayName: String,
        capabilities: ProviderCapabilities,
        languages: [Language] = [],
        translationPairs: [LanguagePair] = [],
        requiresNetwork: Bool,
        requiresCredentials: Bool = false,
        source: String,
        license: String? = nil,
        formatVersion: Int = 1,
        configurationFingerprint: String? = nil,
        quota: QuotaPolicy = .unmetered,
        runsInline: Bool? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.capabilities = capabilities
        self.languages = languages
        self.translationPairs = translationPairs
        self.requiresNetwork = requiresNetwork
        self.requiresCredentials = requiresCredentials
        self.source = source
        self.license = license
        self.formatVersion = formatVersion
        self.configurationFingerprint = configurationFingerprint ?? source
        self.quota = quota
        self.runsInline = runsInline ?? !requiresNetwork
    }

    /// Whether this provider can define words of `language` (a provider that names no language can try any).
    public func defines(_ language: Language?) -> Bool {
        guard capabilities.contains(.define) || capabilities.contains(.translate) else { return false }
        return language.map(gives) ?? true
    }

    /// Whether the provider covers `language` (one that names no language covers any).
    public func gives(_ language: Language) -> Bool {
        languages.isEmpty || languages.contains { $0.matches(language) }
    }
}

/// Whether a provider can be used right now, and if not, why and what to do about it.
public enum ProviderAvailability: Sendable, Hashable {
    case available
    /// Not set up (no server address, no key): left out of default lookups without a warning;
    /// `hint` says how to set it up.
    case notConfigured(hint: String)
    /// Set up but unusable (a corrupt file): `reason` says what is wrong and how to fix it.
    case unavailable(reason: String)

    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }
}

/// How a provider's requests are counted by its source.
public enum QuotaPolicy: Sendable, Hashable {
    /// Ask as often as needed.
    case unmetered
    /// A limited number of requests (`"1,000 requests a month"`): never asked by default for a word of unknown
    /// language, and its answers are worth caching.
    case metered(String)

    public var isMetered: Bool {
        if case .metered = self { return true }
        return false
    }
}
