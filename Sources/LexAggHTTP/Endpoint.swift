import LexAggCore
import Logging

/// Where a service lives (scheme, host, port), parsed once when the provider is built.
///
/// An endpoint that does not parse is kept, with the text as configured, so that the provider can still be
/// built and listed: it reports itself unavailable and every request fails with ``problem`` without any I/O.
public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// The text as configured (shown as the provider's source).
    public let text: String
    /// The setting the text came from (`LEXAGG_PONS_ENDPOINT`), named in ``problem``.
    public let variable: String?
    /// The validated scheme, host and port; `nil` when ``text`` is not `http(s)://host[:port]`.
    public let baseURL: BaseURL?

    /// Parses `text`; `variable` names the setting it came from, for messages.
    public init(_ text: String, variable: String? = nil) {
        self.text = text
        self.variable = variable
        self.baseURL = BaseURL(text)
    }

    /// An endpoint that is already valid.
    public init(_ baseURL: BaseURL) {
        self.text = baseURL.description
        self.variable = nil
        self.baseURL = baseURL
    }

    /// Why the endpoint cannot be used, or `nil` when it can.
    public var problem: String? {
        guard baseURL == nil else { return nil }
        return "\(variable ?? "the endpoint") is '\(text)'; it must be http(s)://host[:port]"
    }

    /// `.available`, or `.unavailable` with ``problem``.
    public var availability: ProviderAvailability {
        problem.map { .unavailable(reason: $0) } ?? .available
    }

    public var description: String { text }
}

/// Where and how an online provider reaches its service: the one endpoint configuration every HTTP provider uses.
public struct ServiceConfiguration: Sendable {
    /// The scheme, host and port of the service; the API paths are the provider's.
    public var endpoint: Endpoint
    /// Timeouts, body cap, concurrency, redirects and User-Agent of the HTTP client.
    public var http: ProviderHTTPClient.Configuration

    public init(endpoint: Endpoint, http: ProviderHTTPClient.Configuration = .init()) {
        self.endpoint = endpoint
        self.http = http
    }
}

/// An online provider's connection to its service: the configuration, and the one client built from it when the
/// provider is built. Nothing is connected until the first request.
public struct ServiceConnection: Sendable {
    public let configuration: ServiceConfiguration
    public let client: ProviderHTTPClient

    public init(
        provider: ProviderID, configuration: ServiceConfiguration,
        transport: any HTTPTransport = AsyncHTTPClientTransport(), clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = .disabled
    ) {
        self.configuration = configuration
        client = ProviderHTTPClient(
            provider: provider, endpoint: configuration.endpoint, configuration: configuration.http,
            transport: transport, clock: clock, logger: logger
        )
    }
}

/// An online provider over one ``ServiceConnection``: it gets every initialiser an HTTP provider offers — from a
/// configuration, or from an endpoint string parsed once (naming ``endpointVariable`` when it does not parse).
public protocol ServiceProvider: Sendable {
    /// The provider's id (what its client names in errors and logs).
    static var id: ProviderID { get }
    /// The service's own endpoint (`https://api.dictionaryapi.dev`).
    static var defaultEndpoint: String { get }
    /// The setting that overrides it (`LEXAGG_FREEDICTIONARY_ENDPOINT`).
    static var endpointVariable: String { get }

    /// Creates the provider over `connection`.
    init(connection: ServiceConnection)
    var connection: ServiceConnection { get }
}

extension ServiceProvider {
    /// Creates the provider from a configuration. Nothing is connected or allocated until the first request.
    public init(
        configuration: ServiceConfiguration,
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = .disabled
    ) {
        self.init(connection: ServiceConnection(
            provider: Self.id, configuration: configuration, transport: transport, clock: clock, logger: logger
        ))
    }

    /// Creates the provider for the service at `endpoint` (scheme, host and port). Nothing is connected or
    /// allocated until the first request.
    public init(
        endpoint: String = Self.defaultEndpoint,
        http: ProviderHTTPClient.Configuration = .init(),
        transport: any HTTPTransport = AsyncHTTPClientTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = .disabled
    ) {
        self.init(
            configuration: ServiceConfiguration(endpoint: Endpoint(endpoint, variable: Self.endpointVariable), http: http),
            transport: transport, clock: clock, logger: logger
        )
    }

    public var configuration: ServiceConfiguration { connection.configuration }
    public var client: ProviderHTTPClient { connection.client }
}
