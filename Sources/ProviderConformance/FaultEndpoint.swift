import LexAggCore

/// Where a fault-table test points its provider: a ``ReplayServer`` answering with the faulty response, a
/// ``DripServer`` sending its body too slowly, or an address nothing listens on (connection refused).
///
/// One piece of set-up for every online provider's fault table, so the tables differ only in their rows.
public struct FaultEndpoint: Sendable {
    /// The base URL to configure the provider with.
    public let baseURL: String
    /// The drip server, when the row asked for one (to check it was reached).
    public let dripServer: DripServer?
    private let server: ReplayServer
    /// Held open until the end of the test, so the refused port stays refused.
    private var closedPort: ClosedPort? = nil

    /// - Parameters:
    ///   - response: what the replay server answers every request with; `nil` for a refused connection.
    ///   - drip: answer from a drip server instead (`response` is then ignored).
    public static func start(response: ReplayResponse?, drip: Bool = false) async throws -> FaultEndpoint {
        let server = try await ReplayServer.start()
        if drip {
            let dripServer = try await DripServer.start()
            return FaultEndpoint(baseURL: dripServer.baseURL, dripServer: dripServer, server: server)
        }
        if let response {
            server.setFallback(response)
            return FaultEndpoint(baseURL: server.baseURL, dripServer: nil, server: server)
        }
        let closed = try ClosedPort()
        return FaultEndpoint(baseURL: closed.baseURL, dripServer: nil, server: server, closedPort: closed)
    }

    /// Stops the servers.
    public func shutdown() async {
        await server.shutdown()
        await dripServer?.shutdown()
    }
}

/// Runs `body` and returns the ``ProviderError`` it threw, or `nil` when it threw nothing.
/// - Throws: a ``ConformanceFailure`` when anything else escaped (only ``ProviderError`` may escape a provider).
public func providerError(_ body: () async throws -> Void) async throws -> ProviderError? {
    do {
        try await body()
        return nil
    } catch let error as ProviderError {
        return error
    } catch {
        throw ConformanceFailure(rule: "error-type", detail: "a non-ProviderError escaped: \(type(of: error)): \(error)")
    }
}
