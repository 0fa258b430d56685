import ArgumentParser
import LexAggAggregation
import LexAggCore
import LexAggDICTServer
import ServiceLifecycle
import UnixSignals
import LexAggLocalization

/// `lexagg serve dict`: the DICT protocol server (RFC 2229) over the lookup service (README.md, "Servers").
struct ServeDICTCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "dict",
        abstract: localized(.helpServeDICTAbstract),
        discussion: """
            Every provider that defines words is a database named by its id (wordnet, wiktionary, gcide, …): \
            'SHOW DB' lists them, DEFINE * asks every one, DEFINE ! the first that knows the word; MATCH finds \
            headwords by the strategies the databases offer (SHOW STRAT). Answers come from the same lookup service and cache as \
            'lexagg lookup'. The server listens on 127.0.0.1 only unless --host names another address; with \
            --port 0 it picks a free port. It prints 'listening on HOST:PORT' and runs until SIGTERM or Ctrl-C, \
            then answers the commands in flight and stops.

            Examples:
              lexagg serve dict
              lexagg serve dict --port 2629 --providers wordnet,wiktionary
              lexagg serve dict --offline                  (online sources answer from the cache only)
              lexagg serve dict --host 0.0.0.0             (serve the network: every address of this machine)
              dict -h 127.0.0.1 -p 2628 serendipity        (then, in another terminal)
              dict -h 127.0.0.1 -p 2628 -D
              dict -h 127.0.0.1 -p 2628 -m -s prefix hous
            """
    ) }

    @Option(name: .long, help: ArgumentHelp("The address to listen on (a non-loopback one serves the network).", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port (0: a free one, printed at start).", valueName: "port"))
    var port = 2628

    @Option(name: .long, help: ArgumentHelp("Comma-separated provider ids to serve as databases, in this order (default: every provider that defines words).", valueName: "ids"))
    var providers: String?

    @Flag(name: .long, help: "No network request: online databases answer from the cache only.")
    var offline = false

    @Option(name: .customLong("max-connections"), help: ArgumentHelp("Connections served at once; more are refused with 420.", valueName: "n"))
    var maximumConnections = 64

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Close a connection that sends nothing for this long.", valueName: "seconds"))
    var idleTimeout = 300

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(localized(.serveBadPort, port)) }
        guard (1...10_000).contains(maximumConnections) else {
            throw ValidationError(localized(.serveBadMaxConnections, maximumConnections))
        }
        guard (1...86_400).contains(idleTimeout) else {
            throw ValidationError(localized(.serveBadIdleTimeout, idleTimeout))
        }
        guard !host.isEmpty, !host.contains(" ") else { throw ValidationError(localized(.serveBadHost, host)) }
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let service = try context.lookupService(memo: true)
        context.reportRegistryProblems()
        let configuration = DICTServer.Configuration(
            host: host, port: port, providers: providerNames(providers), offline: offline,
            maximumConnections: maximumConnections, idleTimeout: .seconds(idleTimeout),
            serverName: "lexagg \(LexAggCLI.version)"
        )
        if !["127.0.0.1", "::1", "localhost"].contains(host) {
            context.warn(localized(.serveOnNetwork, host, port))
        }
        let server = DICTServer(service: service, configuration: configuration, logger: context.logger)
        let group = ServiceGroup(configuration: .init(
            services: [server], gracefulShutdownSignals: [.sigterm, .sigint], logger: context.logger
        ))
        do {
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                tasks.addTask {
                    let address = try await server.listeningAddress()
                    context.output.write(localized(.serveDICTListening, address) + "\n")
                }
                try await tasks.waitForAll()
            }
        } catch let error as LookupServiceError {
            throw error
        } catch {
            throw CommandFailure(status: .unavailable, message: localized(.serveDICTFailed, host, port, "\(error)"))
        }
        return .success
    }
}
