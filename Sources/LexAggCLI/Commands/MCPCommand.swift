import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggLibrary
import LexAggMCPServer
import LexAggLocalization

/// `lexagg mcp`: the lookup service and the library for AI assistants, as a Model Context Protocol server on standard
/// input and output (README.md, "Servers").
struct MCPCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "mcp",
            abstract: localized(.helpMCPAbstract),
            discussion: localized(.helpMCPDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpMCPProviders), valueName: "ids"))
    var providers: String?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpMCPOffline)))
    var offline = false

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let service = try context.lookupService(memo: true)
        context.reportRegistryProblems(everything: true)
        let names = providerNames(providers)
        if let names {
            do { _ = try context.registry.resolve(names) } catch { throw CommandFailure.usage(ErrorText.text(error)) }
        }
        let server = MCPServer(
            service: service,
            openLibrary: { [context] () throws(LibraryError) -> any LibraryStore in try context.libraryStore() },
            logger: context.logger,
            configuration: MCPServer.Configuration(
                version: LexAggCLI.version, providers: names, offline: offline, language: try context.settings.language
            )
        )
        do {
            try await server.runOnStandardIO()
        } catch {
            throw CommandFailure(status: .unavailable, message: localized(.mcpStopped, "\(error)"))
        }
        return .success
    }
}
