import ArgumentParser
import LexAggAggregation
import LexAggCore
import LexAggDICTServer
import ServiceLifecycle
import UnixSignals
import LexAggLocalization

/// `lexagg serve dict`: the DICT protocol server (RFC 2229) over the lookup service (README.md, "Servers").
struct ServeDICTCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "dict",
            abstract: localized(.helpServeDICTAbstract),
            discussion: localized(.helpServeDICTDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpServeDICTHost), valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpServeDICTPort), valueName: "port"))
    var port = 2628

    @Option(name: .long, help: ArgumentHelp(localized(.helpServeDICTProviders), valueName: "ids"))
    var providers: String?

    @Flag(name: .long, help: ArgumentHelp(localized(.helpServeDICTOffline)))
    var offline = false

    @Option(name: .customLong("max-connections"), parsing: .unconditional, help: ArgumentHelp(localized(.helpServeDICTMaximumConnections), valueName: "n"))
    var maximumConnections = 64

    @Option(name: .customLong("idle-timeout"), parsing: .unconditional, help: ArgumentHelp(localized(.helpServeDICTIdleTimeout), valueName: "seconds"))
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
        guard ListenFailure.resolves(host) else { throw ValidationError(localized(.serveUnknownHost, host)) }
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let service = try context.lookupService(memo: true)
        context.reportRegistryProblems(everything: true)
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
                    context.output.write(localized(.serveDICTListening, "\(address)") + "\n")
                }
                try await tasks.waitForAll()
            }
        } catch let error as LookupServiceError {
            throw error
        } catch let failure as ListenFailure {
            throw CommandFailure(status: .unavailable, message: localized(.serveFailed, failure.address, failure.reason))
        } catch {
            throw CommandFailure(status: .unavailable, message: localized(.serveDICTFailed, host, port, "\(error)"))
        }
        return .success
    }
}
