import LexAggCore
import LexAggHTTP
import Logging
import ProviderConformance
import Testing

private let testProvider = ProviderID("http-test")!

/// The client's response rules, through the in-memory fixture transport.
@Suite(.timeLimit(.minutes(1))) struct ResponsePolicyTests {
    struct Word: Decodable, Equatable { var word: String }
    struct Problem: Decodable { var problem: String }

    private func fetch(_ response: ReplayResponse, policy: ResponsePolicy = .standard, logger: Logger? = nil)
        async throws -> (value: Word?, transport: FixtureTransport)
    {
        let transport = FixtureTransport(fallback: response)
        let client = ProviderHTTPClient(
            provider: testProvider, endpoint: Endpoint(transport.baseURL), transport: transport,
            logger: logger ?? .disabled
        )
        return (try await client.fetch(ServiceRequest("/w"), as: Word.self, policy: policy), transport)
    }

    @Test func declaredStatusesWinOverHTTPsMeaning() async throws {
        let policy = ResponsePolicy(statuses: [503: ResponseFailure(.rateLimited, "daily limit")], rateLimitPause: .seconds(60))
        let transport = FixtureTransport(fallback: ReplayResponse(status: 503))
        let client = ProviderHTTPClient(provider: testProvider, endpoint: Endpoint(transport.baseURL), transport: transport)
        let error = try await providerError { _ = try await client.fetch(ServiceRequest("/w"), as: Word.self, policy: policy) }
        #expect(error?.code == .rateLimited)
        #expect(error?.message == "daily limit")
        #expect(error?.location == transport.baseURL + "/w")
        // The rate limit paused the host: the next request is refused without reaching the transport.
        #expect((client.gate.remainingPause() ?? .zero) > .seconds(50))
        let second = try await providerError { _ = try await client.fetch(ServiceRequest("/w"), as: Word.self, policy: policy) }
        #expect(second?.code == .rateLimited)
        #expect(transport.requests.count == 1)
    }

    @Test func errorBodiesAreReadForAnyStatus() async throws {
        let policy = ResponsePolicy(
            errorBody: .json(Problem.self) { status, body in
                body.problem == "missing" ? .notFound : .failure(ResponseFailure(.unsupportedLanguage, "\(status) \(body.problem)"))
            }
        )
        #expect(try await fetch(.json(#"{"problem":"missing"}"#, status: 404), policy: policy).value == nil)
        #expect(try await fetch(.json(#"{"problem":"missing"}"#), policy: policy).value == nil)
        let error = try await providerError { _ = try await fetch(.json(#"{"problem":"lang"}"#, status: 403), policy: policy) }
        #expect(error?.code == .unsupportedLanguage)
        #expect(error?.message == "403 lang")
        #expect(error?.httpStatus == 403)
        #expect(try await fetch(.json(#"{"word":"bank"}"#), policy: policy).value == Word(word: "bank"))
    }

    @Test(arguments: [
        (ReplayResponse.text("<html>down</html>", contentType: "text/html"), ProviderError.Code.unavailable),
        (.text("<!DOCTYPE html><p>x</p>", status: 404), .unavailable),
        (.json(""), .malformedResponse),
        (.json("   \n"), .malformedResponse),
        (.json(#"{"word":1}"#), .malformedResponse),
        (.text("nope", status: 418), .unavailable),
        (.text("nope", status: 401), .credentials),
    ])
    func bodyChecks(response: ReplayResponse, code: ProviderError.Code) async throws {
        let error = try await providerError { _ = try await fetch(response) }
        #expect(error?.code == code, "\(String(describing: error))")
        #expect(error?.provider == testProvider)
    }

    @Test func anEmptyBodyCanMeanNotFound() async throws {
        #expect(try await fetch(.json(""), policy: ResponsePolicy(emptyBodyIsNotFound: true)).value == nil)
        #expect(try await fetch(ReplayResponse(status: 204), policy: ResponsePolicy(notFound: [204])).value == nil)
    }

    @Test func secretQueryValuesAreRedactedInLogsAndErrors() async throws {
        let logs = CapturedLogs()
        let transport = FixtureTransport(fallback: .text("boom", status: 500))
        let client = ProviderHTTPClient(
            provider: testProvider, endpoint: Endpoint(transport.baseURL), transport: transport, logger: logs.logger
        )
        let request = ServiceRequest("/w", query: [("q", "bank"), ("api_key", "K1"), ("Token", "T2"), ("password", "P3")])
        let error = try await providerError { _ = try await client.fetch(request, as: Word.self) }
        #expect(error?.location == transport.baseURL + "/w?q=bank&api_key=<redacted>&Token=<redacted>&password=<redacted>")
        #expect(transport.requests.first?.queryValue("api_key") == "K1")
        let lines = logs.lines
        #expect(lines.contains { $0.hasPrefix("info GET ") && $0.contains("→ 500") })
        #expect(lines.contains { $0.hasPrefix("warning ") && $0.contains("code=unavailable") })
        for line in lines {
            for secret in ["K1", "T2", "P3"] { #expect(!line.contains("=\(secret)"), "\(line)") }
        }
    }

    @Test func credentialsAreNeverSentOverPlainHTTPToARemoteHost() async throws {
        let transport = FixtureTransport(fallback: .json(#"{"word":"x"}"#))
        for endpoint in ["http://dictionary.example", "http://10.0.0.1:8080"] {
            let client = ProviderHTTPClient(provider: testProvider, endpoint: Endpoint(endpoint), transport: transport)
            let error = try await providerError {
                _ = try await client.fetch(ServiceRequest("/w", credentials: [HTTPField("Authorization", "Bearer s3")]), as: Word.self)
            }
            #expect(error?.code == .credentials)
        }
        #expect(transport.requests.isEmpty)
        // Loopback and https are fine.
        let local = ProviderHTTPClient(provider: testProvider, endpoint: Endpoint(transport.baseURL), transport: transport)
        _ = try await local.fetch(ServiceRequest("/w", credentials: [HTTPField("Authorization", "Bearer s3")]), as: Word.self)
        let secure = ProviderHTTPClient(provider: testProvider, endpoint: Endpoint("https://dictionary.example"), transport: transport)
        _ = try await secure.fetch(ServiceRequest("/w", credentials: [HTTPField("Authorization", "Bearer s3")]), as: Word.self)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.allSatisfy { $0.header("Authorization") == "Bearer s3" })
    }

    @Test func redirectsAreFollowedAndCredentialsStayWithTheirOrigin() async throws {
        let transport = FixtureTransport(sequence: [
            ReplayResponse(status: 302, headers: [("Location", "/moved?x=1")]),
            ReplayResponse(status: 301, headers: [("Location", "https://elsewhere.example/final")]),
            .json(#"{"word":"bank"}"#),
        ])
        let client = ProviderHTTPClient(provider: testProvider, endpoint: Endpoint(transport.baseURL), transport: transport)
        let request = ServiceRequest("/w", credentials: [HTTPField("X-Secret", "k3y")])
        #expect(try await client.fetch(request, as: Word.self) == Word(word: "bank"))
        let sent = transport.requests
        #expect(sent.map(\.uri) == ["/w", "/moved?x=1", "/final"])
        #expect(sent.map { $0.header("X-Secret") } == ["k3y", "k3y", nil])
    }

    /// Issue 17 item 1: a redirect from the https endpoint to plain http on the same host is another origin.
    @Test func aDowngradeRedirectToPlainHTTPDropsTheCredentials() async throws {
        let transport = FixtureTransport(sequence: [
            ReplayResponse(status: 302, headers: [("Location", "http://dictionary.example/w")]),
            .json(#"{"word":"bank"}"#),
        ])
        let client = ProviderHTTPClient(provider: testProvider, endpoint: Endpoint("https://dictionary.example"), transport: transport)
        let request = ServiceRequest("/w", credentials: [HTTPField("X-Secret", "k3y")])
        #expect(try await client.fetch(request, as: Word.self) == Word(word: "bank"))
        #expect(transport.requests.map { $0.header("X-Secret") } == ["k3y", nil])
    }

    @Test func tooManyRedirectsAreUnavailable() async throws {
        let transport = FixtureTransport(fallback: ReplayResponse(status: 302, headers: [("Location", "/again")]))
        let client = ProviderHTTPClient(
            provider: testProvider, endpoint: Endpoint(transport.baseURL), configuration: .init(maximumRedirects: 3),
            transport: transport
        )
        let error = try await providerError { _ = try await client.fetch(ServiceRequest("/w"), as: Word.self) }
        #expect(error?.code == .unavailable)
        #expect(transport.requests.count == 4)
    }

    @Test func anInvalidEndpointFailsWithoutARequest() async throws {
        let transport = FixtureTransport()
        let client = ProviderHTTPClient(
            provider: testProvider, endpoint: Endpoint("ftp://x.org/a", variable: "LEXAGG_TEST_ENDPOINT"), transport: transport
        )
        let error = try await providerError { _ = try await client.fetch(ServiceRequest("/w"), as: Word.self) }
        #expect(error?.code == .unavailable)
        #expect(error?.message.contains("LEXAGG_TEST_ENDPOINT") == true)
        #expect(transport.requests.isEmpty)
    }
}

/// The socket transport's own fault: a body that drips in slower than the timeout.
@Suite(.timeLimit(.minutes(1))) struct TransportDripTests {
    @Test func slowDripPastTheTimeoutTimesOut() async throws {
        let drip = try await DripServer.start()
        defer { Task { await drip.shutdown() } }
        let client = ProviderHTTPClient(
            provider: testProvider, baseURL: BaseURL(drip.baseURL)!, configuration: .init(timeout: .seconds(2))
        )
        let error = try await providerError { _ = try await client.fetch(ServiceRequest("/w"), as: [String].self) }
        #expect(error?.code == .timeout)
        #expect(drip.requestCount == 1)
    }
}

/// The kit's fault table catches a provider that does not do what its declared policy says.
///
/// The table runs some thirty faults one after another, retries and back-offs included; the limit only catches a
/// hang (on CI's loaded two cores the table once took more than a minute).
@Suite(.timeLimit(.minutes(4))) struct HTTPFaultTableTests {
    struct Word: Decodable { var word: String }

    private func failures(declared: ResponsePolicy, actual: ResponsePolicy, secret: String? = nil) async -> [ConformanceFailure] {
        await ProviderConformance.checkHTTPFaults(expectedID: testProvider, policy: declared, secret: secret) { endpoint, http, transport in
            let client = ProviderHTTPClient(provider: testProvider, endpoint: Endpoint(endpoint), configuration: http, transport: transport)
            let credentials = secret.map { [HTTPField("X-Secret", $0)] } ?? []
            return try await client.fetch(ServiceRequest("/w", credentials: credentials), as: [Word].self, policy: actual) == nil
        }
    }

    @Test func aClientFollowingItsPolicyPasses() async {
        let policy = ResponsePolicy(notFound: [404], statuses: [403: ResponseFailure(.credentials, "no")])
        #expect(await failures(declared: policy, actual: policy, secret: "s3cr3t") == [])
    }

    @Test func aClientIgnoringItsPolicyIsCaught() async {
        let found = await failures(declared: ResponsePolicy(notFound: [404], emptyBodyIsNotFound: true), actual: .standard)
        #expect(found.contains { $0.detail.hasPrefix("404") }, "\(found)")
        #expect(found.contains { $0.detail.hasPrefix("200 with an empty body") }, "\(found)")
    }
}
