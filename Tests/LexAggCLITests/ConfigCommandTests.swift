#if canImport(Glibc)
import Glibc
#endif
import DictDatabaseProvider
import LexAggDictFormats
import LexAggCLI
import LexAggCore
import LexAggFixtures
import PONSProvider
import ProviderConformance
import Testing
import WiktionaryProvider

/// `lexagg config …`, and the configuration's effect on the other commands: flags > environment > file > defaults.
@Suite struct ConfigCommandTests {
    /// A configuration file with `text` in a fresh directory; the environment that points lexagg at it.
    static func config(_ text: String) -> (path: String, environment: [String: String]) {
        let path = TemporaryFiles.directory() + "/config.toml"
        let file = fopen(path, "w")!
        fputs(text, file)
        fclose(file)
        return (path, ["LEXAGG_CONFIG": path])
    }

    static func outcomes(_ run: CLIRun) throws -> [String] {
        let document = try JSONSerializationFree.object(run.stdout)
        let outcomes = try #require(document["outcomes"] as? [[String: Any]])
        return outcomes.compactMap { $0["provider"] as? String }
    }

    @Test func providersFollowFlagsThenEnvironmentThenFileThenDefaults() async throws {
        let (_, environment) = Self.config("[lookup]\nproviders = [\"gcide\"]\n")
        let lookup = ["lookup", "house", "--format", "json"]
        #expect(try Self.outcomes(await CLIRun.run(lookup)) == ["wordnet", "gcide"])
        #expect(try Self.outcomes(await CLIRun.run(lookup, environment: environment)) == ["gcide"])
        var both = environment
        both["LEXAGG_PROVIDERS"] = "wordnet"
        #expect(try Self.outcomes(await CLIRun.run(lookup, environment: both)) == ["wordnet"])
        #expect(try Self.outcomes(await CLIRun.run(lookup + ["--providers", "gcide,wordnet"], environment: both))
            == ["gcide", "wordnet"])
    }

    @Test func strategyFollowsFlagsThenEnvironmentThenFileThenDefaults() async throws {
        // `first` stops at WordNet, which knows "house"; `merge` asks both.
        let (_, environment) = Self.config("[lookup]\nstrategy = \"first\"\n")
        let lookup = ["lookup", "house", "--format", "json"]
        #expect(try Self.outcomes(await CLIRun.run(lookup)) == ["wordnet", "gcide"])
        #expect(try Self.outcomes(await CLIRun.run(lookup, environment: environment)) == ["wordnet"])
        var both = environment
        both["LEXAGG_STRATEGY"] = "merge"
        #expect(try Self.outcomes(await CLIRun.run(lookup, environment: both)) == ["wordnet", "gcide"])
        #expect(try Self.outcomes(await CLIRun.run(lookup + ["--strategy", "first"], environment: both)) == ["wordnet"])
        // The fast parser and ArgumentParser agree (`--strategy=first` goes through ArgumentParser).
        #expect(try Self.outcomes(await CLIRun.run(lookup + ["--strategy=first"], environment: both)) == ["wordnet"])
    }

    @Test func theDefaultLanguageComesFromTheConfiguration() async throws {
        let (_, environment) = Self.config("[lookup]\nlanguage = \"ja\"\n")
        let run = await CLIRun.run(["lookup", "house"], environment: environment)
        #expect(run.status == ExitStatus.usage.rawValue)
        #expect(run.stderr.contains("no provider defines Japanese words"))
        let flag = await CLIRun.run(["lookup", "house", "--lang", "en"], environment: environment)
        #expect(flag.status == 0, "\(flag.stderr)")
    }

    @Test func providerWeightsFromTheFileRankMergedSenses() async throws {
        let copy = ProviderFactory(name: "copy") { _ in
            .init(providers: [DictDatabase(
                id: ProviderID("wordnet-copy")!, indexPath: LexAggFixturesPath.wnIndex,
                bodyPath: LexAggFixturesPath.wnIndex.replacingSuffix(".index", ".dict.dz"), format: .wordnet,
                displayName: "WordNet again"
            )])
        }
        let arguments = ["lookup", "serendipity", "--providers", "wordnet,wordnet-copy", "--explain"]
        let plain = await CLIRun.run(arguments, also: [copy])
        #expect(plain.stdout.contains("sense 1 of wordnet (source 1); 2 sources agree, weight 1.0"), "\(plain.stdout)")
        let (_, environment) = Self.config("[providers.wordnet-copy]\nweight = 3\n")
        let weighted = await CLIRun.run(arguments, environment: environment, also: [copy])
        #expect(weighted.status == 0, "\(weighted.stderr)")
        #expect(weighted.stdout.contains("sense 1 of wordnet-copy (source 1); 2 sources agree, weight 3.0"), "\(weighted.stdout)")
    }

    @Test func anEndpointAndASecretInTheFileReachTheProviders() async throws {
        let server = try await OnlineCommandTests.wiktionary()
        defer { Task { await server.shutdown() } }
        let (_, environment) = Self.config("""
            [providers.wiktionary]
            endpoint = "\(server.baseURL)"
            [providers.pons]
            secret = "file-secret-0123456789"
            """)
        let run = await CLIRun.run(["lookup", "bank", "--providers", "wiktionary", "--lang", "en", "--timeout", "60"],
                                   environment: environment, also: [.wiktionary])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("[wiktionary]"))
        #expect(server.requests.first?.queryValue("page") == "bank")

        let providers = await CLIRun.run(["providers", "--format", "json"], environment: environment, also: [.pons])
        let document = try JSONSerializationFree.object(providers.stdout)
        let pons = try #require((document["providers"] as? [[String: Any]])?.first { $0["id"] as? String == "pons" })
        #expect(pons["status"] as? String == "configured")
        let without = await CLIRun.run(["providers", "--format", "json"], also: [.pons])
        #expect(without.stdout.contains("not configured"))
        #expect(!providers.stdout.contains("file-secret") && !providers.stderr.contains("file-secret"))
    }

    @Test func showPrintsEveryValueWithItsOriginAndMasksSecrets() async throws {
        let (path, environment) = Self.config("""
            [lookup]
            strategy = "first"

            [providers.pons]
            secret = "file-secret-0123456789"
            [providers.wiktionry]
            weight = 2
            """)
        var env = environment
        env["LEXAGG_TIMEOUT"] = "3"
        let run = await CLIRun.run(["config", "show"], environment: env, also: [.pons])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("# \(path)\n"))
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("lookup.strategy ") && $0.contains(" first ") && $0.hasSuffix("file, line 2") })
        #expect(lines.contains { $0.hasPrefix("lookup.timeout ") && $0.contains(" 3 ") && $0.hasSuffix("env LEXAGG_TIMEOUT") })
        #expect(lines.contains { $0.hasPrefix("lookup.provider_timeout ") && $0.contains(" 5 ") && $0.hasSuffix("default") })
        #expect(lines.contains { $0.hasPrefix("providers.pons.secret ") && $0.contains("******** (22 characters)") })
        #expect(!run.stdout.contains("file-secret"))
        #expect(run.stderr == "lexagg: warning: providers.wiktionry: no provider 'wiktionry' on this machine\n")

        env["LEXAGG_PONS_SECRET"] = "env-secret-abc"
        let json = await CLIRun.run(["config", "show", "--format", "json"], environment: env, also: [.pons])
        #expect(!json.stdout.contains("secret-") && !json.stderr.contains("secret-"))
        let document = try JSONSerializationFree.object(json.stdout)
        #expect(document["path"] as? String == path)
        #expect(document["exists"] as? Bool == true)
        let settings = try #require(document["settings"] as? [[String: Any]])
        func setting(_ key: String) -> [String: Any]? { settings.first { $0["key"] as? String == key } }
        #expect(setting("lookup.strategy")?["origin"] as? String == "file")
        #expect(setting("lookup.strategy")?["line"] as? Int == 2)
        #expect(setting("lookup.timeout")?["variable"] as? String == "LEXAGG_TIMEOUT")
        #expect(setting("lookup.timeout")?["value"] as? Int == 3)
        #expect(setting("cache.ttl")?["value"] as? Int == 604_800)
        #expect(setting("providers.pons.secret")?["origin"] as? String == "env")
        #expect(setting("providers.pons.secret")?["value"] as? String == "******** (14 characters)")
        #expect((document["warnings"] as? [String])?.count == 1)
    }

    /// Every key `config show` lists can be set and read back from the file, `store.url` and `store.password_file`
    /// among them (README's shared store).
    @Test func everyListedKeyCanBeSetAndIsReadFromTheFile() async throws {
        let home = TemporaryFiles.directory()
        let environment = ["HOME": home]
        for (key, value) in [("store.url", "postgres://lexagg@db.example.org:5432/lexagg"), ("store.password_file", home + "/pw")] {
            let set = await CLIRun.run(["config", "set", key, value], environment: environment)
            #expect(set.status == 0, "\(key): \(set.stderr)")
        }
        #expect(TemporaryFiles.read(home + "/.config/lexagg/config.toml").contains("[store]\nurl = \"postgres://lexagg@db.example.org"))
        let show = await CLIRun.run(["config", "show"], environment: environment)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("store.password_file") && show.stdout.contains(home + "/pw"), "\(show.stdout)")
    }

    @Test func setCreatesTheFileKeepsOtherValuesAndLookupUsesIt() async throws {
        let home = TemporaryFiles.directory()
        let environment = ["HOME": home]
        let path = home + "/.config/lexagg/config.toml"
        let first = await CLIRun.run(["config", "set", "lookup.strategy", "first"], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "lookup.strategy = \"first\" in \(path)\n")
        #expect(TemporaryFiles.read(path) == "[lookup]\nstrategy = \"first\"\n")
        let second = await CLIRun.run(["config", "set", "providers.pons.secret", "abc-123-secret"], environment: environment)
        #expect(second.stdout == "providers.pons.secret = ******** (14 characters) in \(path)\n")
        #expect(TemporaryFiles.read(path) == "[lookup]\nstrategy = \"first\"\n\n[providers.pons]\nsecret = \"abc-123-secret\"\n")
        let lookup = await CLIRun.run(["lookup", "house", "--format", "json"], environment: environment)
        #expect(try Self.outcomes(lookup) == ["wordnet"])

        let overridden = await CLIRun.run(["config", "set", "lookup.strategy", "merge"],
                                          environment: environment.merging(["LEXAGG_STRATEGY": "first"]) { $1 })
        #expect(overridden.stderr.contains("LEXAGG_STRATEGY is set in the environment and overrides this value"))

        let reset = await CLIRun.run(["config", "reset"], environment: environment)
        #expect(reset.status == 0)
        #expect(reset.stdout == "moved \(path) to \(path).bak; lexagg now uses its defaults\n")
        #expect(TemporaryFiles.read(path + ".bak").contains("abc-123-secret"), "the user's file is kept")
        #expect(try Self.outcomes(await CLIRun.run(["lookup", "house", "--format", "json"], environment: environment))
            == ["wordnet", "gcide"])
        let again = await CLIRun.run(["config", "reset"], environment: environment)
        #expect(again.stdout == "nothing to reset: \(path) does not exist\n")
    }

    @Test(arguments: [
        (["config", "set", "lookup.stratgy", "first"], "unknown configuration key 'lookup.stratgy'; did you mean 'lookup.strategy'?"),
        (["config", "set", "lookup.timeout", "soon"], "lookup.timeout must be a number of seconds above 0 and at most 600, not 'soon'"),
        (["config", "set", "providers.pons.secret", " "], "providers.pons.secret must be a string"),
        (["config", "set", "lookup.strategy"], "Missing expected argument '<value>'"),
    ])
    func setRefusesBadKeysAndValuesWithAUsageError(arguments: [String], message: String) async {
        let (path, environment) = Self.config("# mine\n")
        let run = await CLIRun.run(arguments, environment: environment)
        #expect(run.status == ExitStatus.usage.rawValue)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(TemporaryFiles.read(path) == "# mine\n", "the file is untouched")
    }

    @Test func anInvalidFileStopsCommandsWith78ButPathResetAndHelpStillWork() async throws {
        let (path, environment) = Self.config("[lookup]\nstrategy = \"first\"\ntimeout = \"soon\"\n")
        for arguments in [["lookup", "house"], ["lookup", "house", "--providers", "wordnet"], ["providers"],
                          ["random"], ["translate", "house", "--from", "en", "--to", "de"], ["config", "show"]] {
            let run = await CLIRun.run(arguments, environment: environment)
            #expect(run.status == ExitStatus.configuration.rawValue, "\(arguments)")
            #expect(run.stderr == "lexagg: error: \(path):3: lookup.timeout must be a number of seconds above 0 and at most 600, not a string\n",
                    "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        for arguments in [["--help"], ["--version"], ["lookup", "--help"], ["config", "--help"]] {
            let run = await CLIRun.run(arguments, environment: environment)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
        }
        let where_ = await CLIRun.run(["config", "path"], environment: environment)
        #expect(where_.status == 0)
        #expect(where_.stdout == path + "\n")
        let repaired = await CLIRun.run(["config", "set", "lookup.timeout", "9"], environment: environment)
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(TemporaryFiles.read(path) == "[lookup]\nstrategy = \"first\"\ntimeout = 9\n")
        #expect(await CLIRun.run(["lookup", "house"], environment: environment).status == 0)
    }

    @Test(arguments: [
        ("[lookup]\nproviders = [\"wordnet\", \"gcid\"]\n", ":2: lookup.providers: no provider 'gcid' here; did you mean 'gcide'?"),
        ("[lookp]\n", ":1: unknown table [lookp]; did you mean [lookup]?"),
        ("[lookup]\nstrategy = \"first\"\n[lookup]\n", ":3:1: not valid TOML"),
        ("[cache]\nttl = \"7 days\"\n", ":2: cache.ttl must be a duration"),
    ])
    func configurationErrorsNameTheFileAndLine(file: String, message: String) async {
        let (path, environment) = Self.config(file)
        let run = await CLIRun.run(["lookup", "house"], environment: environment)
        #expect(run.status == ExitStatus.configuration.rawValue)
        #expect(run.stderr.hasPrefix("lexagg: error: \(path)\(message)"), "\(run.stderr)")
    }

    @Test func badVariablesUnknownProvidersInThemAndADirectoryAreConfigurationErrors() async {
        let variable = await CLIRun.run(["lookup", "house"], environment: ["LEXAGG_TIMEOUT": "soon"])
        #expect(variable.status == ExitStatus.configuration.rawValue)
        #expect(variable.stderr.contains("environment variable LEXAGG_TIMEOUT: LEXAGG_TIMEOUT must be a number of seconds"))
        let provider = await CLIRun.run(["lookup", "house"], environment: ["LEXAGG_PROVIDERS": "wordnt"])
        #expect(provider.status == ExitStatus.configuration.rawValue)
        #expect(provider.stderr.contains("environment variable LEXAGG_PROVIDERS: lookup.providers: no provider 'wordnt' here; did you mean 'wordnet'?"))
        let directory = TemporaryFiles.directory()
        let run = await CLIRun.run(["lookup", "house"], environment: ["LEXAGG_CONFIG": directory])
        #expect(run.status == ExitStatus.configuration.rawValue)
        #expect(run.stderr == "lexagg: error: \(directory): is a directory, not a configuration file\n")
        let reset = await CLIRun.run(["config", "reset"], environment: ["LEXAGG_CONFIG": directory])
        #expect(reset.status == ExitStatus.configuration.rawValue)
        #expect(reset.stderr.contains("lexagg leaves it alone"))
    }

    @Test func pathSaysWhereAndWhetherTheFileExists() async throws {
        let home = TemporaryFiles.directory()
        let run = await CLIRun.run(["config", "path"], environment: ["HOME": home])
        #expect(run.stdout == home + "/.config/lexagg/config.toml\n")
        #expect(run.stderr.contains("no file yet"))
        let xdg = await CLIRun.run(["config", "path", "--format", "json"], environment: ["HOME": home, "XDG_CONFIG_HOME": "/etc/xdg"])
        let document = try JSONSerializationFree.object(xdg.stdout)
        #expect(document["path"] as? String == "/etc/xdg/lexagg/config.toml")
        #expect(document["source"] as? String == "XDG_CONFIG_HOME")
        #expect(document["exists"] as? Bool == false)
        let none = await CLIRun.run(["config", "path"])
        #expect(none.status == ExitStatus.configuration.rawValue)
        #expect(none.stderr.contains("no configuration path: set HOME, XDG_CONFIG_HOME or LEXAGG_CONFIG"))
    }

    @Test func theRealBinaryReadsTheFileAndReportsABadOne() async throws {
        let (path, environment) = Self.config("[lookup]\nproviders = [\"wordnet\"]\nstrategy = \"fastest\"\n")
        let run = await BinaryRun.run(["lookup", "serendipity", "--format", "json"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.outcomes(CLIRun(status: run.status, stdout: run.stdout, stderr: run.stderr)) == ["wordnet"])
        let set = await BinaryRun.run(["config", "set", "lookup.strategy", "worst"], environment: environment)
        #expect(set.status == 64)
        let bad = Self.config("[lookup]\nstrategy = 3\n")
        let failed = await BinaryRun.run(["lookup", "serendipity"], environment: bad.environment)
        #expect(failed.status == 78)
        #expect(failed.stderr == "lexagg: error: \(bad.path):2: lookup.strategy must be one of first, fastest, merge, not an integer\n")
        #expect(await BinaryRun.run(["--help"], environment: bad.environment).stdout.contains("78 configuration error"))
        _ = path
    }
}
