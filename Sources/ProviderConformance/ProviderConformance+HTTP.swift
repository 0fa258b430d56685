import LexAggCore
import LexAggHTTP

extension ProviderConformance {
    /// Builds the provider on `transport` with `endpoint` and `http`, makes one request, and says whether the
    /// answer was empty ("not found").
    public typealias HTTPExercise = @Sendable (
        _ endpoint: String, _ http: ProviderHTTPClient.Configuration, _ transport: any HTTPTransport
    ) async throws -> Bool

    /// What a fault should give.
    enum Expected: CustomStringConvertible {
        case empty
        case error(ProviderError.Code, retryAfter: Duration? = nil)

        var description: String {
            switch self {
            case .empty: "an empty answer"
            case .error(let code, let retryAfter): "\(code)" + (retryAfter.map { " (retry after \($0))" } ?? "")
            }
        }
    }

    struct FaultRow {
        var name: String
        /// `nil`: the connection is refused.
        var response: ReplayResponse?
        var expected: Expected
        var timeout: Duration = .seconds(10)
    }

    /// The HTTP fault table, with what each row must give under `policy`.
    static func faultRows(policy: ResponsePolicy, secret: String?) -> [FaultRow] {
        func status(_ status: Int, html: Bool = false, empty: Bool = true) -> Expected {
            if let failure = policy.statuses[status] { return .error(failure.code, retryAfter: failure.retryAfter) }
            switch status {
            case 429: return .error(.rateLimited)
            case 401: return .error(.credentials)
            case 500..<600: return .error(.unavailable)
            default: break
            }
            if html { return .error(.unavailable) }
            if policy.notFound.contains(status) { return .empty }
            if !(200..<300).contains(status) { return .error(.unavailable) }
            if empty { return policy.emptyBodyIsNotFound ? .empty : .error(.malformedResponse) }
            return .error(.malformedResponse)
        }
        let echo = secret.map { " \($0)" } ?? ""
        let html = "<!DOCTYPE html><html><title>Error</title><body>down\(echo)</body></html>"
        let rateLimited429: Expected = policy.statuses[429] == nil ? .error(.rateLimited, retryAfter: .seconds(90)) : status(429)
        // Every status the policy declares, answered without a body.
        let declared = (Set(policy.statuses.keys).union(policy.notFound)).sorted().map { code in
            FaultRow(name: "\(code) (declared by the policy)", response: ReplayResponse(status: code), expected: status(code))
        }
        return declared + [
            FaultRow(name: "404 without a body", response: ReplayResponse(status: 404), expected: status(404)),
            FaultRow(name: "404 HTML page", response: .text(html, status: 404, contentType: "text/html"), expected: status(404, html: true)),
            FaultRow(name: "429 without Retry-After", response: .text("Too Many Requests", status: 429), expected: status(429)),
            FaultRow(
                name: "429 with Retry-After", response: .text("Too Many Requests", status: 429, headers: [("Retry-After", "90")]),
                expected: rateLimited429
            ),
            FaultRow(name: "500 echoing the request", response: .text("internal error\(echo)", status: 500), expected: status(500)),
            FaultRow(name: "502 HTML", response: .text(html, status: 502, contentType: "text/html"), expected: status(502)),
            FaultRow(name: "503 without a body", response: ReplayResponse(status: 503), expected: status(503)),
            FaultRow(name: "522 HTML", response: .text(html, status: 522, contentType: "text/html; charset=UTF-8"), expected: status(522)),
            FaultRow(name: "200 HTML page", response: .text(html, status: 200, contentType: "text/html"), expected: .error(.unavailable)),
            FaultRow(name: "200 with an empty body", response: .json(""), expected: status(200)),
            FaultRow(name: "malformed JSON array", response: .json(#"[{"a":"#), expected: status(200, empty: false)),
            FaultRow(name: "malformed JSON object", response: .json(#"{"a":[1,"#), expected: status(200, empty: false)),
            FaultRow(
                name: "truncated JSON (complete response)",
                response: ReplayResponse.json(#"[{"aaaaaaaa":"bbbbbbbb"},{"cccccccc":"dddddddd"}]"#).with(.cutShort(afterBytes: 20)),
                expected: status(200, empty: false)
            ),
            FaultRow(
                name: "declared length not delivered", response: ReplayResponse.json("[]").with(.truncated(afterBytes: 1)),
                expected: .error(.unavailable)
            ),
            FaultRow(
                name: "no answer at all", response: ReplayResponse.json("[]").with(.stall), expected: .error(.timeout),
                timeout: .milliseconds(300)
            ),
            FaultRow(
                name: "answer slower than the timeout", response: ReplayResponse.json("[]").delayed(by: .seconds(30)),
                expected: .error(.timeout), timeout: .milliseconds(300)
            ),
            FaultRow(name: "connection reset", response: ReplayResponse.json("[]").with(.reset), expected: .error(.unavailable)),
            FaultRow(name: "connection refused", response: nil, expected: .error(.unavailable)),
        ]
    }

    /// Runs the HTTP fault table against a provider, through an in-memory ``FixtureTransport``: each fault must
    /// give what the provider's declared `policy` says (a status the policy names gives its failure; otherwise
    /// 429 → rate limited, 5xx → unavailable, HTML pages → unavailable, the policy's not-found statuses → an
    /// empty answer, empty bodies → malformed unless the policy says "not found", bad JSON → malformed,
    /// broken connections → unavailable, stalls → timeout). Also: a cancelled request sends nothing; an invalid
    /// endpoint fails as unavailable without a request, naming `endpointVariable`; only ``ProviderError``
    /// escapes, naming `expectedID`. With a `secret` (a credential the provider sends): it never appears in an
    /// error, it is not sent over plain `http` to a non-loopback host, and it does not follow a redirect to
    /// another origin.
    ///
    /// - Returns: the broken rules (empty when the provider conforms).
    public static func checkHTTPFaults(
        expectedID: ProviderID, policy: ResponsePolicy, endpointVariable: String? = nil, secret: String? = nil,
        _ exercise: @escaping HTTPExercise
    ) async -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ detail: String) { failures.append(ConformanceFailure(rule: "http-fault", detail: detail)) }

        func run(_ name: String, endpoint: String? = nil, transport: FixtureTransport, timeout: Duration = .seconds(10))
            async -> (empty: Bool?, error: ProviderError?)
        {
            do {
                let empty = try await exercise(
                    endpoint ?? transport.baseURL, ProviderHTTPClient.Configuration(timeout: timeout), transport
                )
                return (empty, nil)
            } catch let error as ProviderError {
                if error.provider != expectedID { fail("\(name): the error names '\(error.provider)'") }
                if let secret, renderings(of: error).contains(where: { $0.contains(secret) }) {
                    fail("\(name): the secret appears in the error")
                }
                return (nil, error)
            } catch {
                fail("\(name): a non-ProviderError escaped: \(type(of: error)): \(error)")
                return (nil, nil)
            }
        }

        for row in faultRows(policy: policy, secret: secret) {
            let transport = row.response.map { FixtureTransport(fallback: $0) } ?? FixtureTransport.refusing()
            let outcome = await run(row.name, transport: transport, timeout: row.timeout)
            if transport.requests.isEmpty { fail("\(row.name): no request was sent") }
            switch (row.expected, outcome.error) {
            case (.empty, nil):
                if outcome.empty == false { fail("\(row.name): expected an empty answer, got entries") }
            case (.empty, let error?):
                fail("\(row.name): expected an empty answer, got \(error.code): \(error.message)")
            case (.error(let code, _), nil):
                if outcome.empty != nil { fail("\(row.name): expected \(code), got an answer") }
            case (.error(let code, let retryAfter), let error?):
                if error.code != code { fail("\(row.name): expected \(code), got \(error.code): \(error.message)") }
                if let retryAfter, error.retryAfter != retryAfter {
                    fail("\(row.name): expected retry after \(retryAfter), got \(String(describing: error.retryAfter))")
                }
            }
        }

        // Cancellation: nothing is sent.
        let quiet = FixtureTransport(fallback: .json("[]"))
        let cancelledCode: ProviderError.Code? = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do {
                _ = try await exercise(quiet.baseURL, ProviderHTTPClient.Configuration(), quiet)
                return nil
            } catch let error as ProviderError {
                return error.code
            } catch {
                return nil
            }
        }.value
        if cancelledCode != .cancelled {
            fail("cancelled request: expected cancelled, got \(cancelledCode.map { "\($0)" } ?? "an answer or another error")")
        }
        if !quiet.requests.isEmpty { fail("cancelled request: \(quiet.requests.count) request(s) were sent") }

        // An invalid endpoint: unavailable, nothing sent.
        let unused = FixtureTransport(fallback: .json("[]"))
        let invalid = await run("invalid endpoint", endpoint: "ftp://example.org/api", transport: unused)
        if invalid.error?.code != .unavailable {
            fail("invalid endpoint: expected unavailable, got \(invalid.error.map { "\($0.code)" } ?? "an answer")")
        }
        if let endpointVariable, invalid.error?.message.contains(endpointVariable) == false {
            fail("invalid endpoint: the message does not name \(endpointVariable)")
        }
        if !unused.requests.isEmpty { fail("invalid endpoint: a request was sent") }

        guard let secret else { return failures }

        // The secret is not sent over plain http to a host that is not loopback.
        let remote = FixtureTransport(fallback: .json("[]"))
        let plain = await run("plain http", endpoint: "http://dictionary.example", transport: remote)
        if plain.error?.code != .credentials {
            fail("plain http to a remote host: expected credentials, got \(plain.error.map { "\($0.code)" } ?? "an answer")")
        }
        if remote.requests.contains(where: { $0.headers.contains { $0.value.contains(secret) } || $0.uri.contains(secret) }) {
            fail("plain http to a remote host: the secret was sent")
        }

        // A redirect to another origin does not take the secret along.
        let elsewhere = "http://127.0.0.2:8/elsewhere"
        let redirecting = FixtureTransport(
            sequence: [ReplayResponse(status: 302, headers: [("Location", elsewhere)]), ReplayResponse(status: 204)]
        )
        _ = await run("redirect", transport: redirecting)
        let sent = redirecting.requests
        if sent.count < 2 {
            fail("redirect: the redirect to another origin was not followed (\(sent.count) request(s))")
        } else {
            if !sent[0].headers.contains(where: { $0.value.contains(secret) }) {
                fail("redirect: the first request did not carry the secret (cannot check the rule)")
            }
            if sent.dropFirst().contains(where: { $0.headers.contains { $0.value.contains(secret) } }) {
                fail("redirect: the secret followed a redirect to another origin")
            }
        }
        return failures
    }

    /// Runs ``checkHTTPFaults(expectedID:policy:endpointVariable:secret:_:)``.
    /// - Throws: a ``ConformanceFailure`` listing every broken rule, when there is one.
    public static func verifyHTTPFaults(
        expectedID: ProviderID, policy: ResponsePolicy, endpointVariable: String? = nil, secret: String? = nil,
        _ exercise: @escaping HTTPExercise
    ) async throws {
        try ConformanceFailure.throwing(
            await checkHTTPFaults(
                expectedID: expectedID, policy: policy, endpointVariable: endpointVariable, secret: secret, exercise
            ),
            subject: "\(expectedID) HTTP faults"
        )
    }

    /// Every rendering of `error` in which a secret could hide.
    public static func renderings(of error: ProviderError) -> [String] {
        [
            error.message, error.location ?? "", error.excerpt ?? "", error.underlying ?? "", error.description,
            String(describing: error), String(reflecting: error), "\(error)",
        ]
    }
}
