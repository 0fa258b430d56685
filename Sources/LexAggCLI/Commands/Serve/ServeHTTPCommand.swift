import ArgumentParser
import LexAggAggregation
import LexAggConfig
import LexAggCore
import LexAggDICTServer
import LexAggHTTPServer
import Logging
import ServiceLifecycle
import UnixSignals
import LexAggLocalization

/// `lexagg serve http`: the lookup service as an HTTP API (README.md, "serve http"). The command builds the service
/// the way every command does and hands it to the server module; SIGTERM or Ctrl-C stop it gracefully.
struct ServeHTTPCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "http",
            abstract: localized(.helpServeHTTPAbstract),
            discussion: localized(.helpServeHTTPDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpServeHTTPHost), valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpServeHTTPPort), valueName: "port"))
    var port = HTTPServerSettings.defaultPort

    @Option(name: .long, help: ArgumentHelp(localized(.helpServeHTTPToken), valueName: "token"))
    var token: String?

    @Option(name: .customLong("rate-limit"), parsing: .unconditional, help: ArgumentHelp(localized(.helpServeHTTPRateLimit), valueName: "n"))
    var rateLimit = HTTPServerSettings.defaultRequestsPerMinute

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(localized(.helpServeHTTPBurst), valueName: "n"))
    var burst: Int?

    @Option(name: .customLong("max-concurrent"), parsing: .unconditional, help: ArgumentHelp(localized(.helpServeHTTPMaxConcurrent), valueName: "n"))
    var maxConcurrent = HTTPServerSettings.defaultMaxConcurrentLookups

    @Option(name: .customLong("dict-port"), parsing: .unconditional, help: ArgumentHelp(localized(.helpServeHTTPDictPort), valueName: "port"))
    var dictPort: Int?

    @Option(name: .customLong("idle-timeout"), parsing: .unconditional, help: ArgumentHelp(localized(.helpServeDICTIdleTimeout), valueName: "seconds"))
    var idleTimeout = HTTPServerSettings.defaultIdleSeconds

    @OptionGroup var logging: LoggingOptions

    var verbosity: Verbosity? { logging.verbosity }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(localized(.serveBadPort, port)) }
        guard rateLimit >= 0 else { throw ValidationError(localized(.serveBadRateLimit, rateLimit)) }
        if let burst, burst < 1 { throw ValidationError(localized(.serveBadBurst, burst)) }
        guard (1...10_000).contains(maxConcurrent) else {
            throw ValidationError(localized(.serveBadMaxConcurrent, maxConcurrent))
        }
        if let token, token.isEmpty { throw ValidationError(localized(.serveEmptyToken)) }
        guard (1...86_400).contains(idleTimeout) else { throw ValidationError(localized(.serveBadIdleTimeout, idleTimeout)) }
        guard !host.isEmpty, !host.contains(" ") else { throw ValidationError(localized(.serveBadHost, host)) }
        guard ListenFailure.resolves(host) else { throw ValidationError(localized(.serveUnknownHost, host)) }
        if let dictPort, !(0...65535).contains(dictPort) {
            throw ValidationError(localized(.serveBadDictPort, dictPort))
        }
        // One port cannot serve both (the probe that runs before starting binds each alone, so would not see it).
        if let dictPort, dictPort != 0, dictPort == port { throw ValidationError(localized(.serveSamePorts, port)) }
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        // The access log is at `notice`: shown unless --quiet (or a stricter LEXAGG_LOG) asks otherwise.
        if logging.verbosity.level == nil && !logging.quiet && context.environment["LEXAGG_LOG"] == nil {
            context.apply(Verbosity(level: .notice))
        }
        let service = try context.lookupService(memo: true)
        context.reportRegistryProblems(everything: true)
        let settings = HTTPServerSettings(
            host: host, port: port, token: try token ?? context.settings.serverToken,
            rateLimit: rateLimit == 0 ? nil : HTTPServerSettings.RateLimit(requestsPerMinute: rateLimit, burst: burst),
            maxConcurrentLookups: maxConcurrent, idleTimeout: .seconds(idleTimeout)
        )
        // The server itself warns when it listens beyond loopback without a token.
        let output = context.output
        let server = HTTPAPIServer(service: service, logger: context.logger, settings: settings) { address in
            output.write(localized(.serveHTTPListening, "\(address)") + "\n")
        }
        // One lookup service (and cache) for both protocols.
        var services: [any Service] = [server]
        var dict: DICTServer?
        // Both ports are tried before either server starts: one whose port is taken would otherwise start the other
        // only for the group to stop it.
        if let dictPort, let failure = ListenFailure.probe(service: "HTTP", host: host, port: port)
            ?? ListenFailure.probe(service: "DICT", host: host, port: dictPort)
        {
            context.fail(localized(.serveFailed, failure.address, failure.reason))
            return .unavailable
        }
        if let dictPort {
            // DICT has no tokens: beyond loopback, anyone can use it, whatever protects the HTTP port (it said nothing
            // once a token was set, as if the token covered both).
            if !settings.isLoopback { context.warn(localized(.serveOnNetwork, host, dictPort)) }
            let dictServer = DICTServer(
                service: service,
                configuration: DICTServer.Configuration(host: host, port: dictPort, serverName: "lexagg \(LexAggCLI.version)"),
                logger: context.logger
            )
            services.append(dictServer)
            dict = dictServer
        }
        let group = ServiceGroup(configuration: .init(
            services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: context.logger
        ))
        do {
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                if let dict {
                    tasks.addTask {
                        let address = try await dict.listeningAddress()
                        output.write(localized(.serveHTTPDICTListening, "\(address)") + "\n")
                    }
                }
                try await tasks.waitForAll()
            }
        } catch let failure as ListenFailure {
            context.fail(localized(.serveFailed, failure.address, failure.reason))
            return .unavailable
        } catch {
            context.fail(localized(.serveFailed, host, "\(error)"))
            return .unavailable
        }
        return .success
    }
}
