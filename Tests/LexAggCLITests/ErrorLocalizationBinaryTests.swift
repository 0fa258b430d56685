import Foundation
import LexAggFixtures
import ProviderConformance
import Testing

/// Errors that other modules report (an unknown provider, a wrong configuration value, a source that cannot be
/// reached), end to end through the real binary: in Russian under a Russian locale and in English under `C`, with
/// the same exit codes, and JSON documents that are the same bytes in both languages.
@Suite struct ErrorLocalizationBinaryTests {
    static let russian = ["LANG": "ru_RU.UTF-8"]
    static let english = ["LANG": "C"]

    /// Texts of the network libraries lexagg's own words replace.
    static let rawTexts = ["NIOConnectionError", "remoteConnectionClosed", "HTTPClientError", "connectTimeout", "IOError",
                           "could not be completed", "NSCocoaErrorDomain", "ChannelError"]

    static func run(_ arguments: [String], _ language: [String: String], _ more: [String: String] = [:]) async -> BinaryRun {
        await BinaryRun.run(arguments, environment: language.merging(more) { $1 })
    }

    /// Both languages: the same exit status and, for `--format json`, the same bytes on standard output.
    static func sameOutcome(_ arguments: [String], _ environment: [String: String] = [:]) async -> (russian: BinaryRun, english: BinaryRun) {
        let russian = await run(arguments, Self.russian, environment), english = await run(arguments, Self.english, environment)
        #expect(russian.status == english.status, "\(arguments): \(russian.stderr) / \(english.stderr)")
        if arguments.contains("json") {
            #expect(LocalizationBinaryTests.stable(russian.stdout) == LocalizationBinaryTests.stable(english.stdout), "\(arguments)")
        }
        return (russian, english)
    }

    @Test func anUnknownProviderIsNamedInRussian() async {
        let (russian, english) = await Self.sameOutcome(["lookup", "walk", "--providers", "wordnett"])
        #expect(russian.status == 64)
        #expect(russian.stderr.contains(
            "lexagg: ошибка: неизвестный источник «wordnett»; может быть, вы имели в виду «wordnet»? (список источников: lexagg providers)"),
            "\(russian.stderr)")
        #expect(!russian.stderr.contains("unknown provider"), "\(russian.stderr)")
        #expect(english.stderr.contains("lexagg: error: unknown provider 'wordnett'; did you mean 'wordnet'?"), "\(english.stderr)")
        // The same through ArgumentParser's path (an option the fast path leaves to it) and in JSON.
        let slow = await Self.sameOutcome(["lookup", "walk", "--providers", "wordnett", "--explain", "--format", "json"])
        #expect(slow.russian.status == 64 && slow.russian.stderr.contains("неизвестный источник «wordnett»"), "\(slow.russian.stderr)")
        let translate = await Self.sameOutcome(["translate", "house", "--from", "en", "--to", "de", "--providers", "ponss"])
        #expect(translate.russian.status == 64 && translate.russian.stderr.contains("неизвестный источник «ponss»; может быть, вы имели в виду «pons»?"),
                "\(translate.russian.stderr)")
    }

    @Test func aBadConfigurationValueIsExplainedInRussian() async throws {
        let config = TemporaryFiles.directory() + "/config.toml"
        let variables = ["LEXAGG_CONFIG": config]
        let (russian, english) = await Self.sameOutcome(["config", "set", "lookup.timeout", "abc"], variables)
        #expect(russian.status == 64)
        #expect(russian.stderr.contains(
            "lexagg: ошибка: lookup.timeout: нужно указать число секунд больше 0 и не больше 600, а не «abc»"), "\(russian.stderr)")
        #expect(english.stderr.contains("lexagg: error: lookup.timeout must be a number of seconds above 0 and at most 600, not 'abc'"),
                "\(english.stderr)")
        let typo = await Self.sameOutcome(["config", "set", "lookup.tiemout", "5"], variables)
        #expect(typo.russian.stderr.contains("неизвестный ключ настроек «lookup.tiemout»; может быть, вы имели в виду «lookup.timeout»?"),
                "\(typo.russian.stderr)")

        // A wrong value in the file: its place, then what is wrong, in Russian; exit 78 in both languages.
        try "[lookup]\ntimeout = \"soon\"\nstrategy = \"best\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let file = await Self.sameOutcome(["lookup", "serendipity", "--providers", "wordnet", "--format", "json"], variables)
        #expect(file.russian.status == 78)
        #expect(file.russian.stderr.contains(
            "\(config):2: lookup.timeout: нужно указать число секунд больше 0 и не больше 600, а здесь строка (и после неё ещё 1 ошибка)"),
            "\(file.russian.stderr)")
        #expect(file.english.stderr.contains("\(config):2: lookup.timeout must be a number of seconds above 0 and at most 600, not a string"),
                "\(file.english.stderr)")

        // A wrong value in a variable names the variable.
        let variable = await Self.sameOutcome(["lookup", "serendipity", "--providers", "wordnet"], ["LEXAGG_STRATEGY": "best"])
        #expect(variable.russian.status == 78)
        #expect(variable.russian.stderr.contains(
            "переменная окружения LEXAGG_STRATEGY: LEXAGG_STRATEGY: нужно указать одно из значений: first, fastest, merge, а не «best»"),
            "\(variable.russian.stderr)")
    }

    @Test func anUnreachableSourceIsAWarningInRussian() async throws {
        let closed = try ClosedPort()
        let variables = ["LEXAGG_WIKTIONARY_ENDPOINT": closed.baseURL, "LEXAGG_NO_CACHE": "1"]
        let command = ["lookup", "serendipity", "--providers", "wordnet,wiktionary", "--timeout", "60"]
        let (russian, english) = await Self.sameOutcome(command, variables)
        #expect(russian.status == 0, "\(russian.stderr)")
        #expect(russian.stdout.contains("good luck in making unexpected and fortunate discoveries"))
        #expect(russian.stderr.contains("lexagg: предупреждение: wiktionary: нет связи с 127.0.0.1:\(closed.port): соединение отклонено"),
                "\(russian.stderr)")
        #expect(english.stderr.contains("lexagg: warning: wiktionary: cannot reach 127.0.0.1:\(closed.port): Connection refused"),
                "\(english.stderr)")
        for output in [russian.stderr, english.stderr] {
            for raw in Self.rawTexts { #expect(!output.contains(raw), "\(raw) in \(output)") }
        }

        // JSON: the outcome's error is the module's English, byte for byte, in both languages.
        let json = await Self.sameOutcome(command + ["--format", "json"], variables)
        #expect(json.russian.status == 0)
        #expect(json.russian.stdout.contains("\"message\" : \"cannot reach 127.0.0.1:\(closed.port): Connection refused\""),
                "\(json.russian.stdout)")
    }

    @Test func aConnectionClosedWithoutAnAnswerIsSaidInLexaggsWords() async throws {
        let server = try await ReplayServer.start(fallback: ReplayResponse(behaviour: .reset))
        let variables = ["LEXAGG_WIKTIONARY_ENDPOINT": server.baseURL, "LEXAGG_NO_CACHE": "1"]
        let command = ["lookup", "serendipity", "--providers", "wordnet,wiktionary", "--timeout", "60"]
        let (russian, english) = await Self.sameOutcome(command, variables)
        let json = await Self.sameOutcome(command + ["--format", "json"], variables)
        // The network library's own words are still there for --verbose.
        let verbose = await Self.run(command + ["--verbose"], Self.russian, variables)
        await server.shutdown()
        #expect(russian.status == 0, "\(russian.stderr)")
        let address = "127.0.0.1:\(server.baseURL.split(separator: ":").last!)"
        #expect(russian.stderr.contains("lexagg: предупреждение: wiktionary: \(address) закрыл соединение, не передав ответ целиком"),
                "\(russian.stderr)")
        #expect(english.stderr.contains("lexagg: warning: wiktionary: cannot reach \(address): "), "\(english.stderr)")
        for output in [russian.stderr, english.stderr, json.russian.stdout] {
            for raw in Self.rawTexts { #expect(!output.contains(raw), "\(raw) in \(output)") }
        }
        #expect(verbose.stderr.contains("cause="), "\(verbose.stderr)")
    }
}
