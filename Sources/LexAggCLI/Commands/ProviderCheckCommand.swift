import ArgumentParser
import LexAggCore
import LexAggDocuments
import ProviderConformance

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CDispatch)
// Glibc's `struct stat` is seen as Dispatch's clang module's once the module uses Dispatch (see UserFile).
import CDispatch
#endif
import LexAggLocalization

/// `lexagg provider check <executable>`: tools for authors of external providers.
struct ProviderCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "provider",
            abstract: localized(.helpProviderAbstract),
            subcommands: [ProviderCheckCommand.self]
        )
    }
}

/// Runs the external-provider conformance check against an executable and prints one line per check.
struct ProviderCheckCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "check",
            abstract: localized(.helpProviderCheckAbstract),
            discussion: localized(.helpProviderCheckDiscussion)
        )
    }

    @Argument(help: ArgumentHelp(localized(.helpProviderCheckExecutable)))
    var executable: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpProviderCheckWord)))
    var word: String = "house"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpProviderCheckTimeout)))
    var timeout: Double = 5

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    var loadsConfiguration: Bool { false }

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard access(executable, F_OK) == 0 else { throw CommandFailure.usage(localized(.checkNoSuchFile, executable)) }
        // A directory has its search bit: `X_OK` alone would let `/tmp` through to fail as a program.
        var info = stat()
        guard access(executable, X_OK) == 0, stat(executable, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            throw CommandFailure.usage(localized(.checkNotExecutable, executable))
        }
        guard timeout.isFinite, timeout > 0, timeout <= 600 else {
            throw CommandFailure.usage(localized(.checkBadTimeout, timeout))
        }
        let check = ExternalProviderCheck(
            executable: executable, word: word, timeout: .milliseconds(Int64((timeout * 1000).rounded())),
            environment: context.environment.filter { !$0.key.hasPrefix("LEXAGG_") }
        )
        let outcomes = await check.run()
        let passed = outcomes.allSatisfy(\.passed)
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(Document(executable: executable, passed: passed, checks: outcomes)))
        case .text:
            let style = context.style
            var text = ""
            for outcome in outcomes {
                let mark = outcome.passed ? style.bold("✓") : style.warning("✗")
                text += "\(mark) \(outcome.check)\(outcome.detail.map { ": \($0)" } ?? "")\n"
            }
            let failed = outcomes.filter { !$0.passed }.count
            text += (failed == 0 ? localized(.checkAllPassed, count: outcomes.count)
                : localized(.checkSomeFailed, count: outcomes.count, failed)) + "\n"
            context.output.write(text)
        }
        return passed ? .success : .notFound
    }

    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "provider check"
        var executable: String
        var passed: Bool
        var checks: [ExternalProviderCheck.Outcome]
    }
}
