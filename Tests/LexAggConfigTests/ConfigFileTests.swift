import LexAggConfig
import LexAggCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ConfigFileTests {
    static let example = """
        # lexagg configuration
        [lookup]
        providers = ["wordnet", "wiktionary", "freedictionary"]  # in priority order
        strategy = "first"
        timeout = 12
        provider_timeout = 4.5
        language = "EN"

        [learner]
        languages = [
          "en",
          "de",
        ]

        [cache]
        enabled = false
        ttl = "30d"
        negative_ttl = 3600

        [databases]
        path = ["/opt/dicts", "/srv/dicts"]

        [providers.wiktionary]
        weight = 1.5
        timeout = 3
        endpoint = "http://127.0.0.1:8080"
        ttl = "12h"

        [providers.pons]
        secret = "s3cr3t-key-0123456789abcdef"
        """

    @Test func aFullFileIsReadWithTheLineOfEveryValue() throws {
        let file = try ConfigFile.load(ConfigLocation(path: TestFiles.config(Self.example), source: .lexaggConfig))
        #expect(file.exists)
        let values = file.values
        #expect(values["lookup.providers"] == .init(value: .strings(["wordnet", "wiktionary", "freedictionary"]), line: 3))
        #expect(values["lookup.strategy"] == .init(value: .string("first"), line: 4))
        #expect(values["lookup.timeout"] == .init(value: .number(12), line: 5))
        #expect(values["lookup.provider_timeout"] == .init(value: .number(4.5), line: 6))
        #expect(values["lookup.language"] == .init(value: .string("en"), line: 7), "normalised")
        #expect(values["learner.languages"] == .init(value: .strings(["en", "de"]), line: 10))
        #expect(values["cache.enabled"] == .init(value: .bool(false), line: 16))
        #expect(values["cache.ttl"] == .init(value: .duration(seconds: 30 * 86_400), line: 17))
        #expect(values["cache.negative_ttl"] == .init(value: .duration(seconds: 3600), line: 18))
        #expect(values["databases.path"] == .init(value: .strings(["/opt/dicts", "/srv/dicts"]), line: 21))
        #expect(values["providers.wiktionary.weight"] == .init(value: .number(1.5), line: 24))
        #expect(values["providers.wiktionary.endpoint"]?.line == 26)
        #expect(values["providers.pons.secret"]?.line == 30)
        #expect(values.count == 15)
    }

    @Test func aMissingFileMeansDefaultsNotAnError() throws {
        let file = try ConfigFile.load(ConfigLocation(path: TestFiles.directory() + "/none/config.toml", source: .home))
        #expect(!file.exists)
        #expect(file.values.isEmpty)
        let none = try ConfigFile.load(nil)
        #expect(!none.exists)
    }

    @Test(arguments: [
        // (file, line, kind, message fragment)
        ("[lookup]\nstratgy = \"first\"\n", 2, ConfigError.Kind.unknownKey, "unknown key 'stratgy' in [lookup]; did you mean 'strategy'?"),
        ("[lokup]\nstrategy = \"first\"\n", 1, .unknownKey, "unknown table [lokup]; did you mean [lookup]?"),
        ("\n\n[lookup]\ntimeout = \"soon\"\n", 4, .wrongType, "lookup.timeout must be a number of seconds above 0 and at most 600, not a string"),
        ("[lookup]\ntimeout = 0\n", 2, .invalidValue, "lookup.timeout must be a number of seconds above 0 and at most 600, not '0'"),
        ("[lookup]\nstrategy = \"best\"\n", 2, .invalidValue, "lookup.strategy must be one of first, fastest, merge, not 'best'"),
        ("[lookup]\nproviders = \"wordnet\"\n", 2, .wrongType, "lookup.providers must be a list of provider ids"),
        ("[lookup]\nproviders = [\"wordnet\", 3]\n", 2, .wrongType, "not an array holding an integer"),
        ("[lookup]\nproviders = [\"Word Net\"]\n", 2, .invalidValue, "not 'Word Net'"),
        ("[lookup]\nlanguage = \"english\"\n", 2, .invalidValue, "lookup.language must be a language code"),
        ("[cache]\nenabled = \"yes\"\n", 2, .wrongType, "cache.enabled must be true or false, not a string"),
        ("[cache]\nttl = \"7 days\"\n", 2, .invalidValue, "cache.ttl must be a duration"),
        ("[cache]\nttl = -5\n", 2, .invalidValue, "cache.ttl must be a duration"),
        ("lookup = 3\n", 1, .wrongType, "lookup must be a table ([lookup]), not an integer"),
        ("[providers.wiktionary]\nwieght = 2\n", 2, .unknownKey, "unknown key 'wieght' in [providers.wiktionary]; did you mean 'weight'?"),
        ("[providers.wiktionary]\nweight = -1\n", 2, .invalidValue, "providers.wiktionary.weight must be a number from 0 to 100"),
        ("[providers.Wiktionary]\nweight = 1\n", 1, .invalidValue, "'Wiktionary' is not a provider id"),
        ("[providers]\nwiktionary = 2\n", 2, .wrongType, "providers.wiktionary must be a table"),
        ("[lookup]\ntimeout = 1979-05-27\n", 2, .wrongType, "not a date"),
        ("[lookup]\nstrategy = \"first\"\nstrategy = \"merge\"\n", 3, .syntax, "not valid TOML"),
        ("[lookup\n", 1, .syntax, "not valid TOML"),
        ("[lookup]\nstrategy = first\n", 2, .syntax, "not valid TOML"),
        ("[lookup]\nx = 1\ny = 2\n", 2, .unknownKey, "(and 1 more problem after it)"),
        ("[lookup]\n  \"strategy\" = 5\n", 2, .wrongType, "lookup.strategy must be one of first, fastest, merge, not an integer"),
        ("lookup.strategy = 5\n", 1, .wrongType, "lookup.strategy must be"),
        ("[lookup]\ntimeout = 8\n[cache]\nttl = { days = 7 }\n", 4, .wrongType, "not a table"),
    ])
    func problemsNameTheLineAndWhatIsExpected(file: String, line: Int, kind: ConfigError.Kind, message: String) throws {
        let path = TestFiles.config(file)
        let error = try #require(throws: ConfigError.self) {
            try ConfigFile.load(ConfigLocation(path: path, source: .lexaggConfig))
        }
        #expect(error.kind == kind)
        #expect(error.line == line, "\(error)")
        #expect(error.description.hasPrefix("\(path):\(line):"), "\(error)")
        #expect(error.description.contains(message), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func aSecretNeverAppearsInAnError() throws {
        for text in [
            "[providers.pons]\nsecret = 12345678\n",
            "[providers.pons]\nsecret = \"\"\n",
            "[providers.pons]\nsecret = \"topsecret-value\n",
            "[providers.pons]\nsecret = \"topsecret-value\" x\n",
            "[providers.pons]\nsecret = 'topsecret-value\n",
        ] {
            let error = try #require(throws: ConfigError.self) {
                try ConfigFile.load(ConfigLocation(path: TestFiles.config(text), source: .lexaggConfig))
            }
            #expect(error.line == 2, "\(error)")
            #expect(!error.description.contains("topsecret"), "\(error)")
            #expect(!error.description.contains("'to"), "\(error)")
            #expect(!error.description.contains("12345678"), "\(error)")
        }
    }

    @Test func aParserMessageQuotingTextFromASecretsLineLosesTheQuote() throws {
        // The parser quotes what it saw ("expected 'false', saw 'fi'"); that text is also on the secret's line.
        let text = "[providers.pons]\nsecret = \"first-part\"\n[lookup]\nstrategy = first\n"
        let error = try #require(throws: ConfigError.self) {
            try ConfigFile.load(ConfigLocation(path: TestFiles.config(text), source: .lexaggConfig))
        }
        #expect(error.line == 4)
        #expect(!error.description.contains("'fi'"), "\(error)")
        #expect(error.description.contains("'…'"), "\(error)")
        // Without a secret in the file, the parser's message is kept whole.
        let plain = try #require(throws: ConfigError.self) {
            try ConfigFile.load(ConfigLocation(path: TestFiles.config("[lookup]\nstrategy = first\n"), source: .lexaggConfig))
        }
        #expect(plain.description.contains("saw 'fi'"), "\(plain)")
    }

    @Test func aDirectoryAnUnreadableFileAndBinaryDataAreClearErrors() throws {
        let directory = TestFiles.directory()
        let error = try #require(throws: ConfigError.self) {
            try ConfigFile.load(ConfigLocation(path: directory, source: .lexaggConfig))
        }
        #expect(error.kind == .unreadable)
        #expect(error.description == "\(directory): is a directory, not a configuration file")

        let binary = TestFiles.config("")
        let file = fopen(binary, "w")!
        for byte: UInt8 in [0xFF, 0xFE, 0x00, 0x80] { fputc(Int32(byte), file) }
        fclose(file)
        let notText = try #require(throws: ConfigError.self) {
            try ConfigFile.load(ConfigLocation(path: binary, source: .lexaggConfig))
        }
        #expect(notText.description.hasSuffix("is not UTF-8 text"))

        // Permission bits do not stop root; only check them when they apply.
        let locked = TestFiles.config("[lookup]\n")
        chmod(locked, 0)
        if getuid() != 0 {
            let unreadable = try #require(throws: ConfigError.self) {
                try ConfigFile.load(ConfigLocation(path: locked, source: .lexaggConfig))
            }
            #expect(unreadable.description.contains("cannot read the configuration file: Permission denied"))
        }
        let notADirectory = try #require(throws: ConfigError.self) {
            try ConfigFile.load(ConfigLocation(path: locked + "/config.toml", source: .lexaggConfig))
        }
        #expect(notADirectory.kind == .unreadable)
    }

    @Test func thePathComesFromLexaggConfigThenXDGThenHome() {
        #expect(ConfigLocation.resolve(environment: ["LEXAGG_CONFIG": "/a/b.toml", "XDG_CONFIG_HOME": "/x", "HOME": "/h"])
            == ConfigLocation(path: "/a/b.toml", source: .lexaggConfig))
        #expect(ConfigLocation.resolve(environment: ["XDG_CONFIG_HOME": "/x/", "HOME": "/h"])
            == ConfigLocation(path: "/x/lexagg/config.toml", source: .xdgConfigHome))
        // A relative XDG_CONFIG_HOME is ignored, as the XDG specification says.
        #expect(ConfigLocation.resolve(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
            == ConfigLocation(path: "/h/.config/lexagg/config.toml", source: .home))
        #expect(ConfigLocation.resolve(environment: ["LEXAGG_CONFIG": "", "HOME": "/h"])?.source == .home)
        #expect(ConfigLocation.resolve(environment: [:]) == nil)
        #expect(ConfigLocation(path: "/h/.config/lexagg/config.toml", source: .home).directory == "/h/.config/lexagg")
    }

    @Test(arguments: [
        ("3600", 3600), ("90s", 90), ("30m", 1800), ("12h", 43_200), ("7d", 604_800), ("2w", 1_209_600), ("0", 0),
        (" 7D ", 604_800),
    ])
    func durations(text: String, seconds: Int) {
        #expect(DurationText.seconds(text) == seconds)
    }

    @Test(arguments: ["", "d", "7 d", "-1", "1.5h", "7y", "99999999999d", "abc"])
    func notDurations(text: String) {
        #expect(DurationText.seconds(text) == nil)
    }
}
