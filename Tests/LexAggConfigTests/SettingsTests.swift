import LexAggAggregation
import LexAggConfig
import LexAggCore
import Testing

@Suite struct SettingsTests {
    private func settings(_ file: String?, _ environment: [String: String] = [:]) throws -> Settings {
        var environment = environment
        if let file { environment["LEXAGG_CONFIG"] = TestFiles.config(file) }
        return try Settings.load(environment: environment)
    }

    /// `serve http`'s token: the file's `[server] token`, the environment over it, none by default; a secret.
    @Test func theServerToken() throws {
        #expect(try settings(nil, ["HOME": TestFiles.directory()]).serverToken == nil)
        let file = """
            [server]
            token = "from-file"
            """
        #expect(try settings(file).serverToken == "from-file")
        #expect(try settings(file, ["LEXAGG_SERVER_TOKEN": "from-env"]).serverToken == "from-env")
        #expect(ConfigSchema.key(named: "server.token")?.isSecret == true)
    }

    /// `[ui] language`: only the languages lexagg has a catalogue for, in the file and through `config set`.
    @Test func theLanguageOfLexaggsOwnText() throws {
        #expect(try settings(nil, ["HOME": TestFiles.directory()]).uiLanguage == nil)
        #expect(try settings("[ui]\nlanguage = \"ru\"\n").uiLanguage == "ru")
        #expect(throws: ConfigError.self) { try settings("[ui]\nlanguage = \"tlh\"\n") }
        #expect(throws: ConfigError.self) { try settings("[ui]\nlanguage = 7\n") }
        let edit = try ConfigEditor.setting("ui.language", to: "RU", in: "", location: "config.toml")
        #expect(edit.text == "[ui]\nlanguage = \"ru\"\n")
        #expect(throws: ConfigError.self) { try ConfigEditor.setting("ui.language", to: "de", in: "", location: "config.toml") }
        #expect(ConfigSchema.Kind.uiLanguage.expected == "one of en, ru")
    }

    @Test func defaultsWithoutAFile() throws {
        let settings = try settings(nil, ["HOME": TestFiles.directory()])
        #expect(!settings.file.exists)
        #expect(settings.providers == nil)
        #expect(settings.strategy == .merge)
        #expect(settings.timeout == .seconds(8))
        #expect(settings.providerTimeout == .seconds(5))
        #expect(settings.language == nil)
        #expect(settings.learnerLanguages.isEmpty)
        #expect(settings.cacheEnabled)
        #expect(settings.cacheTTL(for: ProviderID("wordnet")!) == (.seconds(604_800), .seconds(86_400)))
        #expect(settings.weight(for: ProviderID("wordnet")!) == 1)
        #expect(settings.origin(of: "lookup.strategy") == .defaultValue)
    }

    @Test func theFileOverridesDefaultsAndTheEnvironmentOverridesTheFile() throws {
        let file = """
            [lookup]
            strategy = "first"
            timeout = 12
            providers = ["wordnet"]
            language = "de"
            [cache]
            ttl = "2d"
            """
        let fromFile = try settings(file)
        #expect(fromFile.strategy == .first)
        #expect(fromFile.origin(of: "lookup.strategy") == .file(line: 2))
        #expect(fromFile.timeout == .seconds(12))
        #expect(fromFile.providers == [ProviderID("wordnet")!])
        #expect(fromFile.language == Language("de"))
        #expect(fromFile.cacheTTL(for: ProviderID("x")!).positive == .seconds(172_800))

        let overridden = try settings(file, [
            "LEXAGG_STRATEGY": "fastest", "LEXAGG_TIMEOUT": "2.5", "LEXAGG_PROVIDERS": "gcide, wordnet",
            "LEXAGG_LANG": "fr", "LEXAGG_NO_CACHE": "1", "LEXAGG_CACHE_TTL": "1h", "LEXAGG_LANGUAGES": "en,es",
            "LEXAGG_PROVIDER_TIMEOUT": "1",
        ])
        #expect(overridden.strategy == .fastest)
        #expect(overridden.origin(of: "lookup.strategy") == .environment("LEXAGG_STRATEGY"))
        #expect(overridden.timeout == .milliseconds(2500))
        #expect(overridden.providerTimeout == .seconds(1))
        #expect(overridden.providers == [ProviderID("gcide")!, ProviderID("wordnet")!])
        #expect(overridden.language == Language("fr"))
        #expect(overridden.learnerLanguages == [Language("en")!, Language("es")!])
        #expect(!overridden.cacheEnabled)
        #expect(overridden.cacheTTL(for: ProviderID("x")!).positive == .seconds(3600))

        // An empty variable is unset; LEXAGG_NO_CACHE=0 leaves the cache on.
        let empty = try settings(file, ["LEXAGG_STRATEGY": "", "LEXAGG_NO_CACHE": "0"])
        #expect(empty.strategy == .first)
        #expect(empty.cacheEnabled)
    }

    @Test func perProviderWeightsTimeoutsAndTTLs() throws {
        let settings = try settings("""
            [lookup]
            provider_timeout = 4
            [cache]
            negative_ttl = "2h"
            [providers.wiktionary]
            weight = 1.5
            timeout = 2
            ttl = "30d"
            [providers.gcide]
            weight = 0
            negative_ttl = 60
            """)
        let wiktionary = ProviderID("wiktionary")!, gcide = ProviderID("gcide")!, wordnet = ProviderID("wordnet")!
        #expect(settings.weight(for: wiktionary) == 1.5)
        #expect(settings.weight(for: gcide) == 0)
        #expect(settings.weight(for: wordnet) == 1)
        #expect(settings.providerWeights == [wiktionary: 1.5, gcide: 0])
        #expect(settings.providerTimeout(for: wiktionary) == .seconds(2))
        #expect(settings.providerTimeout(for: wordnet) == .seconds(4))
        #expect(settings.providerTimeouts == [wiktionary: .seconds(2)])
        #expect(settings.cacheTTL(for: wiktionary) == (.seconds(30 * 86_400), .seconds(7200)))
        #expect(settings.cacheTTL(for: gcide) == (.seconds(7 * 86_400), .seconds(60)))
    }

    @Test func providersGetTypedSettingsWithTheEnvironmentOverTheFile() throws {
        let file = """
            [databases]
            path = ["/a", "/b"]
            [providers.wiktionary]
            endpoint = "http://127.0.0.1:1"
            [providers.pons]
            secret = "file-secret"
            endpoint = "http://127.0.0.1:2"
            [providers.dict-server]
            endpoint = "dict.example:2628"
            database = "wn"
            [providers.randomword]
            weight = 2
            [providers.my-glossary]
            command = "python3 /opt/glossary.py --words /opt/words.tsv"
            """
        let loaded = try settings(file, ["LEXAGG_PONS_SECRET": "env-secret", "LEXAGG_WIKTIONARY_ENDPOINT": ""])
        let providers = loaded.providerSettings
        #expect(providers[ProviderID("my-glossary")!]?.command == "python3 /opt/glossary.py --words /opt/words.tsv")
        #expect(loaded.databasePaths == ["/a", "/b"])
        #expect(providers[ProviderID("wiktionary")!]?.endpoint == "http://127.0.0.1:1", "an empty variable counts as unset")
        #expect(providers[ProviderID("pons")!] == ProviderSettings(endpoint: "http://127.0.0.1:2", secret: "env-secret"),
                "the environment wins")
        #expect(providers[ProviderID("dict-server")!] == ProviderSettings(endpoint: "dict.example:2628", database: "wn"))
        #expect(providers[ProviderID("randomword")!] == nil, "a weight is not a provider setting")
        #expect(try settings(nil, ["LEXAGG_DICT_PATH": "/x:/y"]).databasePaths == ["/x", "/y"])
        // A factory's own variable name (LEXAGG_DICT_SERVER) sets the same setting as the standard one.
        let aliased = try Settings(file: ConfigFile.load(nil), environment: ["LEXAGG_DICT_SERVER": "dict.org"],
                                   aliases: ["LEXAGG_DICT_SERVER": "providers.dict-server.endpoint"])
        #expect(aliased.providerSettings[ProviderID("dict-server")!]?.endpoint == "dict.org")
        #expect(aliased.origin(of: "providers.dict-server.endpoint") == .environment("LEXAGG_DICT_SERVER"))
        let standard = try settings(nil, ["LEXAGG_DICT_SERVER_ENDPOINT": "dict.org"])
        #expect(standard.providerSettings[ProviderID("dict-server")!]?.endpoint == "dict.org")
    }

    @Test func providerVariablesInTheEnvironmentAreShownWithTheirOrigin() throws {
        let settings = try settings(nil, ["LEXAGG_PONS_SECRET": "k", "LEXAGG_DICT_SERVER_ENDPOINT": "dict.org",
                                          "LEXAGG_FREEDICTIONARY_ENDPOINT": "http://x", "LEXAGG_FOO": "bar"])
        #expect(settings.origin(of: "providers.pons.secret") == .environment("LEXAGG_PONS_SECRET"))
        #expect(settings.origin(of: "providers.dict-server.endpoint") == .environment("LEXAGG_DICT_SERVER_ENDPOINT"))
        #expect(settings.entries["providers.freedictionary.endpoint"]?.value == .string("http://x"))
        #expect(settings.entries["providers.pons.secret"]?.key.isSecret == true)
        let names = settings.orderedEntries.map(\.key.name)
        #expect(names.first == "lookup.providers")
        #expect(names.suffix(3) == ["providers.dict-server.endpoint", "providers.freedictionary.endpoint", "providers.pons.secret"])
    }

    @Test(arguments: [
        ("LEXAGG_TIMEOUT", "soon", "environment variable LEXAGG_TIMEOUT: LEXAGG_TIMEOUT must be a number of seconds above 0 and at most 600, not 'soon'"),
        ("LEXAGG_STRATEGY", "best", "LEXAGG_STRATEGY must be one of first, fastest, merge, not 'best'"),
        ("LEXAGG_LANG", "english", "LEXAGG_LANG must be a language code"),
        ("LEXAGG_CACHE_TTL", "forever", "LEXAGG_CACHE_TTL must be a duration"),
        ("LEXAGG_PROVIDERS", "Word Net", "LEXAGG_PROVIDERS must be a list of provider ids"),
    ])
    func aBadVariableIsAConfigurationErrorNamingIt(variable: String, value: String, message: String) throws {
        let error = try #require(throws: ConfigError.self) { try settings(nil, [variable: value]) }
        #expect(error.description.contains(message), "\(error)")
        #expect(error.line == nil)
    }
}
