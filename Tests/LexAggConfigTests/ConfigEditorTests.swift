import LexAggConfig
import LexAggCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ConfigEditorTests {
    private func set(_ key: String, _ value: String, in text: String) throws -> ConfigEditor.Edit {
        try ConfigEditor.setting(key, to: value, in: text, location: "config.toml")
    }

    @Test func replacingAValueKeepsCommentsLayoutAndOtherValues() throws {
        let text = """
            # my settings
            [lookup]
              strategy = "merge"   # merge is the default
            timeout = 8

            [learner]
            languages = [
              "en",
            ]
            """
        let strategy = try set("lookup.strategy", "first", in: text)
        #expect(strategy.keptLayout)
        #expect(strategy.text == text.replacingOccurrences("  strategy = \"merge\"   # merge is the default",
                                                           with: "  strategy = \"first\" # merge is the default"))
        let languages = try set("learner.languages", "de, fr", in: text)
        #expect(languages.text.hasSuffix("[learner]\nlanguages = [\"de\", \"fr\"]"))
        #expect(languages.text.hasPrefix("# my settings\n[lookup]\n  strategy = \"merge\""))
    }

    @Test func aNewKeyGoesUnderItsTableAndANewTableAtTheEnd() throws {
        let text = "[lookup]\nstrategy = \"merge\"\n\n[cache]\nenabled = true\n"
        let timeout = try set("lookup.timeout", "12", in: text)
        #expect(timeout.text == "[lookup]\nstrategy = \"merge\"\ntimeout = 12\n\n[cache]\nenabled = true\n")
        let weight = try set("providers.dict-server.weight", "2.5", in: text)
        #expect(weight.text == text + "\n[providers.dict-server]\nweight = 2.5\n")
        let fresh = try set("cache.ttl", "30d", in: "")
        #expect(fresh.text == "[cache]\nttl = \"30d\"\n")
        #expect(fresh.value == .duration(seconds: 2_592_000))
    }

    @Test func keysWrittenAsInlineTablesOrDottedKeysAreRewritten() throws {
        let inline = try set("lookup.timeout", "3", in: "# comment\nlookup = { strategy = \"first\" }\n")
        #expect(!inline.keptLayout)
        let reread = try ConfigFile.load(ConfigLocation(path: TestFiles.config(inline.text), source: .lexaggConfig))
        #expect(reread.values["lookup.timeout"]?.value == .number(3))
        #expect(reread.values["lookup.strategy"]?.value == .string("first"))
        // Written, the rewritten text ends its last line (TOMLKit's rendering of it does not).
        let path = TestFiles.config("lookup = { strategy = \"first\" }\n")
        try ConfigEditor.write(inline.text, to: path)
        #expect(TestFiles.read(path)?.hasSuffix("\n") == true, "\(String(describing: TestFiles.read(path)))")

        let dotted = try set("lookup.strategy", "fastest", in: "lookup.strategy = \"first\"\n")
        #expect(dotted.keptLayout, "an existing dotted key is replaced in place")
        #expect(dotted.text == "lookup.strategy = \"fastest\"\n")
    }

    @Test(arguments: [
        ("lookup.stratgy", "first", "unknown configuration key 'lookup.stratgy'; did you mean 'lookup.strategy'?"),
        ("lookup.strategy", "best", "lookup.strategy must be one of first, fastest, merge, not 'best'"),
        ("lookup.timeout", "0", "lookup.timeout must be a number of seconds above 0"),
        ("providers.wiktionary.wieght", "1", "did you mean 'providers.wiktionary.weight'?"),
        ("providers.Wiki.weight", "1", "'Wiki' is not a provider id"),
        ("providers.pons", "x", "provider keys are providers.<id>.weight|timeout"),
        ("cache.enabled", "maybe", "cache.enabled must be true or false, not 'maybe'"),
        ("providers.pons.secret", "", "providers.pons.secret must be a string"),
    ])
    func badKeysAndValuesAreRefused(key: String, value: String, message: String) throws {
        let error = try #require(throws: ConfigError.self) { try set(key, value, in: "") }
        #expect(error.location == key)
        #expect(error.message.contains(message), "\(error)")
    }

    @Test func anUnknownKeyIsNamedUnlessItMayBeASecret() throws {
        // A name shaped like a key, far from every key, is named; so is a near miss.
        let named = try #require(throws: ConfigError.self) { try set("nosuch.key", "3", in: "") }
        #expect(named.message.hasPrefix("unknown configuration key 'nosuch.key'; run 'lexagg config show'"), "\(named)")
        // A value pasted where the key goes (an API key) is never repeated.
        let secret = "Xk29fQpL0aZ7mN4s"
        let pasted = try #require(throws: ConfigError.self) { try set(secret, "3", in: "") }
        #expect(!pasted.message.contains(secret), "\(pasted)")
        #expect(pasted.message.hasPrefix("unknown configuration key; run 'lexagg config show'"), "\(pasted)")
        // Nor where a provider's id or key goes.
        for name in ["providers.\(secret)", "providers.pons.\(secret)", "providers.\(secret).weight"] {
            let error = try #require(throws: ConfigError.self) { try set(name, "3", in: "") }
            #expect(!error.message.contains(secret), "\(error)")
        }
    }

    @Test func anInvalidFileIsNotEditedBlindly() throws {
        let syntax = try #require(throws: ConfigError.self) { try set("lookup.strategy", "first", in: "[lookup\n") }
        #expect(syntax.kind == .syntax)
        let other = try #require(throws: ConfigError.self) {
            try set("lookup.strategy", "first", in: "[lookup]\ntimeout = \"x\"\n")
        }
        #expect(other.message.contains("fix it first"))
        // Setting the broken key itself repairs the file.
        let repaired = try set("lookup.timeout", "5", in: "[lookup]\ntimeout = \"x\"\n")
        #expect(repaired.text == "[lookup]\ntimeout = 5\n")
    }

    @Test func writingIsAtomicCreatesDirectoriesAndKeepsPermissions() throws {
        let directory = TestFiles.directory()
        let path = directory + "/deep/er/config.toml"
        try ConfigEditor.write("[lookup]\n", to: path)
        #expect(TestFiles.read(path) == "[lookup]\n")
        #expect(TestFiles.mode(path) == 0o600, "a new file may hold a key: owner only")
        chmod(path, 0o640)
        try ConfigEditor.write("[cache]\n", to: path)
        #expect(TestFiles.read(path) == "[cache]\n")
        #expect(TestFiles.mode(path) == 0o640)
        // No temporary file is left behind.
        let listing = TestFiles.directoryEntries(directory + "/deep/er")
        #expect(listing == ["config.toml"])

        // A symbolic link is followed: the linked file changes, the link stays.
        let real = directory + "/real.toml"
        TestFiles.write("", to: real)
        symlink(real, directory + "/link.toml")
        try ConfigEditor.write("[learner]\n", to: directory + "/link.toml")
        #expect(TestFiles.read(real) == "[learner]\n")
        // …also one to a file not made yet (a dotfiles repository's link): the file is made there, owner only, and
        // the link stays. It was replaced by a file with the link's mode, 0777, holding what may be a key.
        symlink("dots/lexagg.toml", directory + "/dangling.toml")
        try ConfigEditor.write("[providers.pons]\nsecret = \"s\"\n", to: directory + "/dangling.toml")
        #expect(TestFiles.read(directory + "/dots/lexagg.toml") == "[providers.pons]\nsecret = \"s\"\n")
        #expect(TestFiles.mode(directory + "/dots/lexagg.toml") == 0o600)
        var link = stat()
        #expect(lstat(directory + "/dangling.toml", &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK, "the link stays")
        symlink(directory + "/loop.toml", directory + "/loop.toml")
        #expect(throws: ConfigError.self) { try ConfigEditor.write("", to: directory + "/loop.toml") }

        let error = try #require(throws: ConfigError.self) { try ConfigEditor.write("", to: directory) }
        #expect(error.description.hasSuffix("is a directory, not a configuration file"))
    }

    @Test func resetMovesTheFileAsideAndNeverOverwritesABackup() throws {
        let path = TestFiles.config("[lookup]\nstrategy = \"first\"\n")
        #expect(try ConfigEditor.reset(path) == path + ".bak")
        #expect(!TestFiles.exists(path))
        #expect(TestFiles.read(path + ".bak") == "[lookup]\nstrategy = \"first\"\n")
        TestFiles.write("second", to: path)
        #expect(try ConfigEditor.reset(path) == path + ".bak.1")
        #expect(TestFiles.read(path + ".bak") == "[lookup]\nstrategy = \"first\"\n")
        #expect(TestFiles.read(path + ".bak.1") == "second")
        #expect(try ConfigEditor.reset(path) == nil, "nothing to reset")
        let directory = TestFiles.directory()
        #expect(throws: ConfigError.self) { try ConfigEditor.reset(directory) }
        #expect(TestFiles.exists(directory))
    }
}

extension String {
    func replacingOccurrences(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

extension TestFiles {
    static func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
