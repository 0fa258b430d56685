import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggLocalization

/// The `lexagg` command line: parses arguments, runs the command, maps every outcome to an ``ExitStatus``.
public enum LexAggCLI {
    public static let version = "0.1.0"

    /// Runs lexagg with `arguments` (without the program name) and returns the exit code.
    ///
    /// The language of lexagg's own text is chosen first (``CommandContext/uiLanguage(flag:)``), so help, parse errors
    /// and every message of the run speak it; `--ui-language` is taken out of the arguments before they are parsed.
    public static func run(_ arguments: [String], context: CommandContext) async -> Int32 {
        let (flag, arguments) = UILanguage.extractFlag(from: arguments)
        // A language lexagg has no catalogue for is a usage error, not English in silence (which also set aside the
        // configured `ui.language`): `config set ui.language xx` is refused so too.
        if let flag, UILanguage(code: flag) == nil {
            let language = context.uiLanguage(flag: nil)
            return UILanguage.$current.withValue(language) {
                context.fail(localized(.unknownUILanguage, flag, UILanguage.allCases.map(\.rawValue).joined(separator: ", ")))
                return ExitStatus.usage.rawValue
            }
        }
        let language = context.uiLanguage(flag: flag)
        // Bound only when it differs from the task's: the async `withValue`'s closure is not nonisolated(nonsending),
        // so calling it hops to the global executor, which starts its worker threads (four for an offline lookup)
        // while the main thread waits for them.
        guard language != UILanguage.current else { return await runInLanguage(arguments, context: context) }
        return await UILanguage.$current.withValue(language) {
            await runInLanguage(arguments, context: context)
        }
    }

    private static func runInLanguage(_ arguments: [String], context: CommandContext) async -> Int32 {
        if let options = FastLookupParser.parse(arguments) {
            return await execute(options, context: context)
        }
        if let command = FastImportParser.parse(arguments) {
            return await execute(command, context: context)
        }
        if arguments == ["--version"] {
            // What ArgumentParser prints, without its reflection over every command (26 million instructions of
            // its 32 million, Benchmarks/startup-callgrind.sh): scripts call this to check for the tool.
            context.output.write(version + "\n")
            return ExitStatus.success.rawValue
        }
        if let unknown = unknownCommand(arguments) {
            context.fail(unknown)
            context.output.writeError(localized(.seeHelpForCommands) + "\n")
            return ExitStatus.usage.rawValue
        }
        let command: any ParsableCommand
        do {
            command = try LexAgg.parseAsRoot(arguments)
        } catch {
            // --help, --version and parse errors all arrive here; ArgumentParser formats them.
            return report(error, arguments: arguments, context: context)
        }
        guard let runnable = command as? any ContextCommand else {
            // ArgumentParser's own commands (`help`) report what to print by throwing, like parse errors.
            do {
                var command = command
                try command.run()
                return ExitStatus.success.rawValue
            } catch {
                return report(error, context: context)
            }
        }
        return await execute(runnable, context: context)
    }

    /// "unknown command 'libary'; did you mean 'library'?" for a first argument that names no command (ArgumentParser
    /// would say "2 unexpected arguments").
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let commands = LexAgg.configuration.subcommands
        let names = commands.compactMap { $0.configuration.commandName } + ["help"]
        if names.contains(first) {
            // `help lookupp`: the command asked about, else ArgumentParser shows the top-level help and exits 0.
            if first == "help", arguments.count > 1, !arguments[1].hasPrefix("-") {
                return unknownCommand(Array(arguments.dropFirst()))
            }
            return misspeltSubcommand(arguments, in: commands)
        }
        let nearest = nearest(to: first, among: names)
        var message = localized(.unknownCommand, first)
        if let nearest, nearest.distance <= max(2, first.count / 3) {
            message += localized(.unknownCommandDidYouMean, nearest.name)
        } else {
            message += localized(.unknownCommandList, names.filter { $0 != "help" }.joined(separator: ", "))
        }
        return message
    }

    /// "unknown command 'config sett'; did you mean 'config set'?" for a word after a command with subcommands that is
    /// close to one of them but none (ArgumentParser would run the default subcommand with it, or say "unexpected
    /// argument"). A word farther from every subcommand may be an argument of the default one (`config show KEY`).
    static func misspeltSubcommand(
        _ arguments: [String], in commands: [any ParsableCommand.Type], prefix: String = ""
    ) -> String? {
        guard arguments.count > 1, !arguments[1].hasPrefix("-") || arguments[1] == "-",
              let command = commands.first(where: { $0.configuration.commandName == arguments[0] })
        else { return nil }
        let names = command.configuration.subcommands.compactMap { $0.configuration.commandName }
        let word = arguments[1]
        let path = prefix + arguments[0]
        // A subcommand's own subcommands (`data import wiktextract`): its words are checked the same way.
        if names.contains(word) {
            return misspeltSubcommand(Array(arguments.dropFirst()), in: command.configuration.subcommands, prefix: path + " ")
        }
        guard !names.isEmpty, word != "help" else { return nil }
        // The one subcommand left out before a file (`data import dump.jsonl`): a subcommand's name is no path.
        if names.count == 1, command.configuration.defaultSubcommand == nil, word.contains(".") || word.contains("/") || word == "-" {
            let rest = arguments.dropFirst().joined(separator: " ")  // `dump.jsonl.gz --name en`: the options too
            return localized(.missingSubcommand, path, word, "\(path) \(names[0]) \(rest)")
        }
        // A command of its own typed after another (`serve mcp`: the MCP server is `lexagg mcp`).
        if prefix.isEmpty, commands.contains(where: { $0.configuration.commandName == word }) {
            return localized(.unknownCommand, "\(path) \(word)") + localized(.unknownCommandDidYouMean, word)
        }
        guard let nearest = nearest(to: word, among: names), nearest.distance <= min(2, max(1, word.count / 3)) else {
            return nil
        }
        return localized(.unknownCommand, "\(path) \(word)") + localized(.unknownCommandDidYouMean, "\(path) \(nearest.name)")
    }

    /// The name in `names` fewest edits from `word` (case aside), the first of equals.
    static func nearest(to word: String, among names: [String]) -> (name: String, distance: Int)? {
        names.map { (name: $0, distance: EditDistance.between(word.lowercased(), $0)) }.min { $0.distance < $1.distance }
    }

    /// Prints an ArgumentParser outcome (help, version, usage error) and returns its exit code.
    private static func report(_ error: any Error, arguments: [String] = [], context: CommandContext) -> Int32 {
        let code = LexAgg.exitCode(for: error)
        let message = LexAgg.fullMessage(for: error)
        if code == .success {
            if !message.isEmpty { context.output.write(message + "\n") }
            return ExitStatus.success.rawValue
        }
        context.output.writeError(usageErrorText(message) + "\n")
        if let hint = dashWordHint(message, arguments: arguments) { context.output.writeError(hint + "\n") }
        return code == .validationFailure ? ExitStatus.usage.rawValue : code.rawValue
    }

    /// For a word that begins with a dash taken for an unknown option (`lookup -ness`, a suffix; Korean `-에서`): how to
    /// give it as a word, `--` before it. Not for something that looks like a mistyped option (`-offline`, `--bogus`):
    /// a single dash, then a word that is not an option with one dash more.
    static func dashWordHint(_ message: String, arguments: [String]) -> String? {
        // (ArgumentParser's English, matched word by word: "Unknown option '-ness'", "Did you mean '--offline'?")
        func says(_ words: String...) -> Bool { message.contains(words.joined(separator: " ")) }
        guard let index = arguments.firstIndex(where: { argument in
            argument.count > 2 && argument.hasPrefix("-") && !argument.hasPrefix("--")
                && says("Unknown", "option", "'\(argument)'") && !says("Did", "you", "mean", "'-\(argument)'")
        }) else { return nil }
        var fixed = arguments
        let word = fixed.remove(at: index)
        if !fixed.contains("--") { fixed.append("--") }
        fixed.append(word)
        // (Words that begin with a dash are shown as typed when the rest is plain: an option, `--`, the word itself.)
        func shown(_ argument: String) -> String {
            let rest = String(argument.drop { $0 == "-" })
            return argument.hasPrefix("-") && (rest.isEmpty || ShellWord.quoted(rest) == rest) ? argument : ShellWord.quoted(argument)
        }
        return localized(.dashWordHint, word, (["lexagg"] + fixed).map(shown).joined(separator: " "))
    }

    /// ArgumentParser's usage error (`Error: …`, `Usage: …`, `  See 'lexagg lookup --help' for more information.`) as
    /// lexagg's own errors read (`lexagg: error: …`), in the reader's language: a bad option and a bad `--name` were
    /// worded unlike every other error, and half in English in the Russian interface.
    static func usageErrorText(_ message: String) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let see = "' for more information."
        for index in lines.indices {
            let line = lines[index]
            if index == 0, line.hasPrefix("Error: ") {
                lines[index] = localized(.errorLine, String(line.dropFirst("Error: ".count)))
            } else if line.hasPrefix("Usage: ") {
                lines[index] = localized(.usageLine, String(line.dropFirst("Usage: ".count)))
            } else if line.hasPrefix("  See '"), line.hasSuffix(see) {
                lines[index] = "  " + localized(.seeCommandHelp, String(line.dropFirst("  See '".count).dropLast(see.count)))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func execute(_ runnable: any ContextCommand, context: CommandContext) async -> Int32 {
        let status = await runCommand(runnable, context: context)
        await context.finish()
        return status
    }

    private static func runCommand(_ runnable: any ContextCommand, context: CommandContext) async -> Int32 {
        if let verbosity = runnable.verbosity { context.apply(verbosity) }
        do {
            if runnable.loadsConfiguration { _ = try context.settings }
            return try await runnable.run(in: context).rawValue
        } catch let error as LookupServiceError {
            let failure = CommandFailure(error)
            context.fail(failure.message)
            if failure.status == .usage { context.output.writeError(localized(.seeHelpForUsage) + "\n") }
            return failure.status.rawValue
        } catch let failure as CommandFailure {
            context.fail(failure.message)
            if failure.status == .usage { context.output.writeError(localized(.seeHelpForUsage) + "\n") }
            return failure.status.rawValue
        } catch let error as ConfigError {
            context.fail(ErrorText.text(error))
            return ExitStatus.configuration.rawValue
        } catch is CancellationError {
            return ExitStatus.interrupted.rawValue
        } catch {
            context.fail(localized(.internalError, "\(error)"))
            return ExitStatus.internalError.rawValue
        }
    }
}

struct LexAgg: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "lexagg",
            abstract: localized(.helpLexAggAbstract),
            discussion: localized(.helpLexAggDiscussion),
            version: LexAggCLI.version,
            subcommands: [
                LookupCommand.self, TranslateCommand.self, RandomCommand.self, ProvidersCommand.self, CacheCommand.self,
                ConfigCommand.self, LibraryCommand.self, HistoryCommand.self, SuggestCommand.self, QuizCommand.self,
                ReviewCommand.self, DoctorCommand.self, ProviderCommand.self,
                ServeCommand.self,
                MatchCommand.self, MCPCommand.self,
                StoreCommand.self, DataCommand.self,
            ]
        )
    }
}

/// `--format text|json`, shared by every command.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text
    case json
}

/// Parses a `--lang` value, with an error that teaches.
func parseLanguage(_ text: String, option: String = "--lang") throws -> Language {
    guard let language = Language(text) else {
        throw CommandFailure.usage(localized(.badLanguageCode, text, option))
    }
    return language
}

extension LookupStrategy: ExpressibleByArgument {}

/// `--timeout` as a duration, with an error that teaches; `nil` when not given (the configured limits apply: by
/// default 8 s in all and 5 s for any one provider). An explicit `--timeout` sets both.
func parseTimeout(_ timeout: Double?) throws -> Duration? {
    guard let timeout else { return nil }
    // Whole milliseconds: below 0.001 s the deadline would round to 0 ms, one already past.
    guard timeout.isFinite, timeout >= 0.001, timeout <= 600 else {
        throw CommandFailure.usage(localized(.badTimeout, timeout))
    }
    return .milliseconds(Int64((timeout * 1000).rounded()))
}

/// Splits `--providers a,b` into names.
func providerNames(_ text: String?) -> [String]? {
    text.map { $0.split(separator: ",").map(String.init) }
}
