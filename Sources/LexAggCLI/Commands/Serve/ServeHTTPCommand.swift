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
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "http",
        abstract: localized(.helpServeHTTPAbstract),
        discussion: """
            Routes: GET /v1/lookup?word=…, /v1/translate?word=…&from=…&to=…, /v1/random, /v1/match?pattern=…, \
            /v1/providers (the documents of --format json), /api/v2/entries/{lang}/{word} (dictionaryapi.dev's \
            shapes), /openapi.json, /healthz, /metrics (Prometheus). The server prints the address it listens on; \
            SIGTERM or Ctrl-C stop it after answering the requests in flight.

            It listens on 127.0.0.1 unless --host says otherwise; on any other address, set --token (or \
            server.token in the config file, or LEXAGG_SERVER_TOKEN) so that only clients sending \
            'Authorization: Bearer <token>' are answered.

            Examples:
              lexagg serve http
              lexagg serve http --port 0          # any free port (printed)
              curl 'http://127.0.0.1:8080/v1/lookup?word=serendipity'
              curl http://127.0.0.1:8080/api/v2/entries/en/serendipity
              LEXAGG_SERVER_TOKEN=s3cret lexagg serve http --host 0.0.0.0
              lexagg serve http --rate-limit 120 --burst 20 --max-concurrent 16
              lexagg serve http --dict-port 2628  # and the DICT protocol, one process, one cache

            With --dict-port, the same process also serves the DICT protocol (see 'lexagg serve dict --help') on \
            the same host, over the same lookup service and cache.
            """
    ) }

    @Option(name: .long, help: ArgumentHelp("The address to listen on; anything but loopback needs --token to be safe.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port (0: any free port).", valueName: "port"))
    var port = HTTPServerSettings.defaultPort

    @Option(name: .long, help: ArgumentHelp("Require 'Authorization: Bearer <token>' (default: server.token, LEXAGG_SERVER_TOKEN).", valueName: "token"))
    var token: String?

    @Option(name: .customLong("rate-limit"), help: ArgumentHelp("Requests per minute per client address (0: no limit).", valueName: "n"))
    var rateLimit = HTTPServerSettings.defaultRequestsPerMinute

    @Option(name: .long, help: ArgumentHelp("How many requests a client may make at once before the rate applies (default: a tenth of --rate-limit).", valueName: "n"))
    var burst: Int?

    @Option(name: .customLong("max-concurrent"), help: ArgumentHelp("The most lookups answered at once; more get 503 with Retry-After.", valueName: "n"))
    var maxConcurrent = HTTPServerSettings.defaultMaxConcurrentLookups

    @Option(name: .customLong("dict-port"), help: ArgumentHelp("Also serve the DICT protocol on this port, from the same process and cache (0: any free port).", valueName: "port"))
    var dictPort: Int?

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
        if let dictPort, !(0...65535).contains(dictPort) {
            throw ValidationError(localized(.serveBadDictPort, dictPort))
        }
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        // The access log is at `notice`: shown unless --quiet (or a stricter LEXAGG_LOG) asks otherwise.
        if logging.verbosity.level == nil && !logging.quiet && context.environment["LEXAGG_LOG"] == nil {
            context.apply(Verbosity(level: .notice))
        }
        let service = try context.lookupService(memo: true)
        context.reportRegistryProblems()
        let settings = HTTPServerSettings(
            host: host, port: port, token: try token ?? context.settings.serverToken,
            rateLimit: rateLimit == 0 ? nil : HTTPServerSettings.RateLimit(requestsPerMinute: rateLimit, burst: burst),
            maxConcurrentLookups: maxConcurrent
        )
        // The server itself warns when it listens beyond loopback without a token.
        let output = context.output
        let server = HTTPAPIServer(service: service, logger: context.logger, settings: settings) { address in
            output.write(localized(.serveHTTPListening, address) + "\n")
        }
        // One lookup service (and cache) for both protocols.
        var services: [any Service] = [server]
        var dict: DICTServer?
        if let dictPort {
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
                        output.write(localized(.serveHTTPDICTListening, address) + "\n")
                    }
                }
                try await tasks.waitForAll()
            }
        } catch {
            context.fail(localized(.serveFailed, host, "\(error)"))
            return .unavailable
        }
        return .success
    }
}
