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
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "mcp",
        abstract: localized(.helpMCPAbstract),
        discussion: """
            An MCP client (Claude Desktop, an editor, any assistant) starts 'lexagg mcp' and talks JSON-RPC on its \
            standard input and output; logs go to standard error. It ends when the client closes standard input.

            Tools: lookup (word, lang, providers), translate (word, from, to), random_words (count, lang), \
            match (pattern, strategy, lang, providers), library_add (word, lang, translate_to), \
            library_search (query, lang, favourites). Each answers with readable text and the same JSON as \
            --format json; a bad argument or a failed lookup is a tool error. Resources: \
            lexagg://library/words (your saved words) and lexagg://library/words/{language}/{word}.

            Client configuration (Claude Desktop's claude_desktop_config.json, and most other clients):
              {
                "mcpServers": {
                  "lexagg": { "command": "lexagg", "args": ["mcp"] }
                }
              }

            Examples:
              lexagg mcp
              lexagg mcp --offline
              lexagg mcp --providers wordnet,wiktionary --verbose
            """
    ) }

    @Option(name: .long, help: ArgumentHelp("Comma-separated provider ids asked when a tool call names none.", valueName: "ids"))
    var providers: String?

    @Flag(name: .long, help: "Make no network request: offline dictionaries and cached answers only.")
    var offline = false

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let service = try context.lookupService(memo: true)
        context.reportRegistryProblems()
        let names = providerNames(providers)
        if let names {
            do { _ = try context.registry.resolve(names) } catch { throw CommandFailure.usage(error.description) }
        }
        let environment = context.environment
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
