#if canImport(Glibc)
import Glibc
#endif
import Foundation
import LexAggFixtures
import Testing

/// lexagg in Russian and English, end to end: the real binary, the language from the locale, the configuration or
/// the flag; JSON and exit codes the same in every language.
@Suite struct LocalizationBinaryTests {
    static let russian = ["LANG": "ru_RU.UTF-8"]

    /// A library of `count` words, imported from an Anki text file (no lookup needed).
    static func library(words count: Int) async throws -> String {
        let data = TemporaryFiles.directory()
        let file = data + "/words.txt"
        let rows = (1...count).map { "word\($0)\tmeaning number \($0)" }
        try ("#separator:tab\n" + rows.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = await BinaryRun.run(["library", "import", file], environment: ["LEXAGG_DATA_DIR": data])
        try #require(imported.status == 0, "\(imported.stderr)")
        return data
    }

    @Test func nothingFoundIsSaidInRussianAndInEnglishUnderC() async {
        let russian = await BinaryRun.run(["lookup", "xyzzyqq", "--offline"], environment: Self.russian)
        #expect(russian.status == 1)
        #expect(russian.stderr.contains("слово «xyzzyqq» не найдено в словарях: "), "\(russian.stderr)")
        #expect(!russian.stderr.contains("no entry"))
        let english = await BinaryRun.run(["lookup", "xyzzyqq", "--offline"], environment: ["LANG": "C"])
        #expect(english.status == 1)
        #expect(english.stderr.contains("no entry for 'xyzzyqq' in "), "\(english.stderr)")
        // The fast path (no ArgumentParser) speaks Russian too.
        let fast = await BinaryRun.run(["lookup", "xyzzyqq", "--providers", "wordnet"], environment: Self.russian)
        #expect(fast.stderr.contains("слово «xyzzyqq» не найдено"), "\(fast.stderr)")
    }

    @Test func anAnswerHasRussianLabelsAndTheDictionarysOwnText() async {
        let run = await BinaryRun.run(["lookup", "serendipity", "--providers", "wordnet"], environment: Self.russian)
        #expect(run.status == 0)
        #expect(run.stdout.contains("существительное"), "\(run.stdout)")
        #expect(run.stdout.contains("источники: wordnet ✓ 1 статья"), "\(run.stdout)")
        // Provider content is never translated.
        #expect(run.stdout.contains("good luck in making unexpected and fortunate discoveries"), "\(run.stdout)")
    }

    @Test(arguments: [(1, "1 слово"), (2, "2 слова"), (5, "5 слов"), (11, "11 слов"), (21, "21 слово"), (22, "22 слова")])
    func libraryListCountsInRussianPlurals(_ count: Int, _ words: String) async throws {
        let data = try await Self.library(words: count)
        var environment = Self.russian
        environment["LEXAGG_DATA_DIR"] = data
        let list = await BinaryRun.run(["library", "list", "--limit", "100"], environment: environment)
        #expect(list.status == 0)
        #expect(list.stdout.contains("Страница 1 из 1 · \(words)"), "\(list.stdout)")
        let english = await BinaryRun.run(["library", "list", "--limit", "100"], environment: ["LEXAGG_DATA_DIR": data])
        #expect(english.stdout.contains("Page 1 of 1 · \(count) word\(count == 1 ? "" : "s")"), "\(english.stdout)")
    }

    @Test func aQuizAsksInRussian() async throws {
        let data = try await Self.library(words: 6)
        var environment = Self.russian
        environment["LEXAGG_DATA_DIR"] = data
        let quiz = await BinaryRun.run(
            ["quiz", "--count", "2", "--seconds", "5", "--answers", "1,-", "--seed", "3", "--now", "2026-11-21T10:00:00Z"],
            environment: environment)
        #expect(quiz.status == 0, "\(quiz.stderr)")
        #expect(quiz.stdout.contains("Вопрос 1 из 2"), "\(quiz.stdout)")
        #expect(quiz.stdout.contains("Что это значит?"))
        #expect(quiz.stdout.contains("5 с на ответ 1–4"))
        #expect(quiz.stdout.contains("⏱ Время вышло — правильный ответ"))
        #expect(quiz.stdout.contains("Результат: "), "\(quiz.stdout)")
        #expect(!quiz.stdout.contains("Question"))
        // The statistics name the run's mode in Russian too (it was `meaning`).
        let stats = await BinaryRun.run(["quiz", "--stats"], environment: environment)
        #expect(stats.stdout.contains("значение") && !stats.stdout.contains("meaning"), "\(stats.stdout)")
        // A review's mode (`повторение значение`) is wider than the column was: the rows stay aligned.
        let review = await BinaryRun.run(["review", "--now", "2026-11-23T10:00:00Z", "--seconds", "60", "--answers", "1"],
                                         environment: environment)
        #expect(review.status == 0, "\(review.stdout)\(review.stderr)")
        let rows = await BinaryRun.run(["quiz", "--stats"], environment: environment).stdout
            .split(separator: "\n").filter { $0.contains(" UTC  ") && $0.contains(" en ") }
        #expect(rows.count >= 2 && rows.contains { $0.contains("повторение") }, "\(rows)")
        #expect(Set(rows.map { $0.firstRange(of: " en ")?.lowerBound.utf16Offset(in: $0) ?? 0 }).count == 1, "\(rows.joined(separator: "\n"))")
    }

    @Test func errorsAreInRussianWithTheSameExitCodes() async {
        let badLanguage = await BinaryRun.run(["lookup", "house", "--lang", "x1"], environment: Self.russian)
        #expect(badLanguage.status == 64)
        #expect(badLanguage.stderr.contains("lexagg: ошибка: «x1» — не код языка для --lang"), "\(badLanguage.stderr)")
        #expect(badLanguage.stderr.contains("Как пользоваться: lexagg help."))
        let english = await BinaryRun.run(["lookup", "house", "--lang", "x1"], environment: ["LANG": "C"])
        #expect(english.status == 64)
        #expect(english.stderr.contains("lexagg: error: 'x1' is not a language code for --lang"), "\(english.stderr)")

        // A usage error ArgumentParser reports reads as lexagg's others do (it began "Error: ", then "See … for more
        // information." in English).
        let name = await BinaryRun.run(["data", "import", "wiktextract", "/dev/null", "--name", "Bad Name"], environment: Self.russian)
        #expect(name.status == 64)
        #expect(name.stderr.hasPrefix("lexagg: ошибка: «Bad Name» не годится для --name"), "\(name.stderr)")
        #expect(name.stderr.contains("\nИспользование: lexagg data import wiktextract <file>"), "\(name.stderr)")
        #expect(name.stderr.contains("Подробнее: lexagg data import wiktextract --help."), "\(name.stderr)")
        let option = await BinaryRun.run(["lookup", "house", "--bogus"], environment: ["LANG": "C"])
        #expect(option.status == 64)
        #expect(option.stderr.hasPrefix("lexagg: error: Unknown option '--bogus'"), "\(option.stderr)")
        #expect(option.stderr.contains("\nUsage: lexagg lookup") && option.stderr.contains("See 'lexagg lookup --help' for more."), "\(option.stderr)")

        // A word that begins with a dash (a suffix, `-ness`; Korean `-에서`) was only an unknown option: how to give it
        // as a word is said, in the reader's language; a mistyped option (`-offline`) is not taken for one.
        let suffix = await BinaryRun.run(["lookup", "-ness", "--offline"], environment: ["LANG": "C"])
        #expect(suffix.status == 64 && suffix.stderr.hasPrefix("lexagg: error: Unknown option '-ness'"), "\(suffix.stderr)")
        #expect(suffix.stderr.hasSuffix("  to look up '-ness' as a word, put -- before it: lexagg lookup --offline -- -ness\n"), "\(suffix.stderr)")
        let russianSuffix = await BinaryRun.run(["translate", "-에서", "--from", "ko", "--to", "en"], environment: Self.russian)
        #expect(russianSuffix.stderr.contains("чтобы искать «-에서» как слово, поставьте перед ним --: lexagg translate --from ko --to en -- -에서"),
                "\(russianSuffix.stderr)")
        let mistyped = await BinaryRun.run(["lookup", "-offline", "house"], environment: ["LANG": "C"])
        #expect(mistyped.status == 64 && mistyped.stderr.contains("Did you mean '--offline'?") && !mistyped.stderr.contains("put --"),
                "\(mistyped.stderr)")

        let typo = await BinaryRun.run(["libary", "list"], environment: Self.russian)
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("неизвестная команда «libary»; может быть, вы имели в виду «library»?"), "\(typo.stderr)")
    }

    /// doctor's findings in Russian carry no English error code (`unavailable: …` led the Russian phrase).
    @Test func doctorSaysWhatFailedInRussian() async throws {
        var environment = Self.russian
        environment["LEXAGG_DATA_DIR"] = TemporaryFiles.directory()
        environment["LEXAGG_CACHE_DIR"] = TemporaryFiles.directory()
        environment["LEXAGG_WIKTIONARY_ENDPOINT"] = "http://127.0.0.1:9"
        let doctor = await BinaryRun.run(["doctor", "--timeout", "30"], environment: environment)
        let line = try #require(doctor.stdout.split(separator: "\n").first { $0.contains("wiktionary") }, "\(doctor.stdout)")
        #expect(line.hasPrefix("✗ wiktionary") && !line.contains("unavailable"), "\(line)")
    }

    /// The providers table says its modes and statuses in Russian too (they were English); JSON keeps its values.
    @Test func theProvidersTableIsInRussian() async throws {
        let table = await BinaryRun.run(["providers"], environment: Self.russian)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("офлайн") && table.stdout.contains("готов"), "\(table.stdout)")
        #expect(!table.stdout.contains(" ready") && !table.stdout.contains(" offline"), "\(table.stdout)")
        let json = await BinaryRun.run(["providers", "--format", "json"], environment: Self.russian)
        #expect(json.stdout.contains("\"status\":\"ready\"") || json.stdout.contains("\"status\" : \"ready\""), "\(json.stdout.prefix(300))")
    }

    @Test func theFlagThenTheConfigurationThenTheLocale() async throws {
        let flag = await BinaryRun.run(["lookup", "xyzzyqq", "--offline", "--ui-language", "ru"], environment: ["LANG": "C"])
        #expect(flag.stderr.contains("не найдено"), "\(flag.stderr)")
        let flagFirst = await BinaryRun.run(["--ui-language=en", "lookup", "xyzzyqq", "--offline"], environment: Self.russian)
        #expect(flagFirst.stderr.contains("no entry for 'xyzzyqq'"), "\(flagFirst.stderr)")

        let config = TemporaryFiles.directory() + "/config.toml"
        var environment = ["LEXAGG_CONFIG": config, "LANG": "C"]
        let set = await BinaryRun.run(["config", "set", "ui.language", "ru"], environment: environment)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(await BinaryRun.run(["lookup", "xyzzyqq", "--offline"], environment: environment).stderr.contains("не найдено"))
        #expect(await BinaryRun.run(["lookup", "xyzzyqq", "--offline", "--ui-language", "en"], environment: environment)
            .stderr.contains("no entry"))
        // Only languages lexagg has are accepted in the file.
        let wrong = await BinaryRun.run(["config", "set", "ui.language", "tlh"], environment: environment)
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("en, ru"), "\(wrong.stderr)")

        // An unknown language in the environment gives English, silently; typed as the flag, it is a usage error in the
        // language the flag would have replaced (it was English in silence, and set the configured one aside).
        environment = ["LANG": "de_DE.UTF-8"]
        let german = await BinaryRun.run(["lookup", "xyzzyqq", "--offline"], environment: environment)
        #expect(german.stderr.contains("no entry for 'xyzzyqq'"), "\(german.stderr)")
        let klingon = await BinaryRun.run(["lookup", "xyzzyqq", "--offline", "--ui-language", "tlh"], environment: Self.russian)
        #expect(klingon.status == 64 && klingon.stderr.contains("--ui-language «tlh»") && klingon.stderr.contains("en, ru"), "\(klingon.stderr)")
        let english = await BinaryRun.run(["--ui-language=xx", "lookup", "house", "--offline"], environment: ["LANG": "C"])
        #expect(english.status == 64 && english.stderr.contains("--ui-language 'xx' is not a language lexagg speaks; it speaks en, ru"), "\(english.stderr)")
        #expect(english.stdout.isEmpty)
        #expect(await BinaryRun.run(["lookup", "xyzzyqq", "--offline"], environment: ["LANGUAGE": "ru"]).stderr.contains("не найдено"))
    }

    /// A JSON document without what differs from one run to the next in any language: when an answer was retrieved
    /// and how long it took.
    static func stable(_ json: String) -> String {
        json.replacingOccurrences(of: #""retrievedAt" : "[^"]*""#, with: #""retrievedAt" : "…""#, options: .regularExpression)
            .replacingOccurrences(of: #""latencyMs" : [0-9.]+"#, with: #""latencyMs" : 0"#, options: .regularExpression)
    }

    @Test func jsonIsTheSameByteForByteInEveryLanguage() async throws {
        let data = try await Self.library(words: 6)
        let commands: [[String]] = [
            ["lookup", "serendipity", "--providers", "wordnet", "--format", "json"],
            ["lookup", "xyzzyqq", "--offline", "--format", "json"],
            ["library", "list", "--format", "json"],
            ["library", "show", "word3", "--format", "json"],
            ["lookup", "house", "--lang", "x1", "--format", "json"],
        ]
        for command in commands {
            let copyRussian = TemporaryFiles.directory(), copyEnglish = TemporaryFiles.directory()
            #expect(system("cp -R \(data)/. \(copyRussian)/ && cp -R \(data)/. \(copyEnglish)/") == 0)
            let russian = await BinaryRun.run(command, environment: ["LANG": "ru_RU.UTF-8", "LEXAGG_DATA_DIR": copyRussian])
            let english = await BinaryRun.run(command, environment: ["LANG": "C", "LEXAGG_DATA_DIR": copyEnglish])
            #expect(russian.status == english.status, "\(command)")
            #expect(!russian.stdout.isEmpty || russian.status == 64, "\(command): \(russian.stderr)")
            #expect(Self.stable(russian.stdout) == Self.stable(english.stdout), "\(command)")
        }
    }
}

/// The quiz in a real terminal, in Russian: prompts, the countdown, a hint for a wrong key, stopping early.
@Suite(.serialized) struct LocalizationTerminalTests {
    @Test(.enabled(if: Tmux.available, "tmux is not installed (.ci/run installs it)"))
    func theQuizInATerminalSpeaksRussian() async throws {
        let data = try await LocalizationBinaryTests.library(words: 6)
        let tmux = Tmux()
        defer { tmux.kill() }
        let environment = "env -i PATH=/usr/bin:/bin TERM=xterm-256color LANG=ru_RU.UTF-8 LEXAGG_DATA_DIR=\(BinaryRun.shellQuote(data))"
        let quiz = [BinaryRun.binary, "quiz", "--count", "3", "--seconds", "60", "--seed", "2", "--now", "2026-11-21T10:00:00Z"]
            .map(BinaryRun.shellQuote)
        try #require(tmux.start(environment + " " + quiz.joined(separator: " ")))
        var screen = await tmux.wait(thenSend: "x") { $0.contains("Вопрос 1 из 3") && $0.contains("с") && $0.contains("нажмите 1–4") }
        #expect(screen.contains("Вопрос 1 из 3"), "\(screen)")
        #expect(screen.contains("Что это значит?"), "\(screen)")
        #expect(screen.contains("— нажмите 1–4, q — выход"), "\(screen)")
        screen = await tmux.wait(thenSend: "q") { $0.contains("не ответ") }
        #expect(screen.contains("«x» — не ответ: нажмите 1, 2, 3 или 4"), "\(screen)")
        screen = await tmux.wait { $0.contains("QUIZ-EXIT=") }
        #expect(screen.contains("Остановлено досрочно после 0 из 3 вопросов; данные ответы сохранены."), "\(screen)")
        #expect(!screen.contains("Question"), "\(screen)")
    }
}
