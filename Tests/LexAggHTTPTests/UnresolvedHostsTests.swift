@testable import LexAggHTTP
import LexAggCore
import Testing

/// Host names that did not resolve are remembered for a few seconds, and requests to them fail at once meanwhile
/// (a resolver that drops one query in many made a batch without network wait 5 s on it).
@Suite struct UnresolvedHostsTests {
    @Test func theAuthorityIsTheURLsHostAndPort() {
        #expect(UnresolvedHosts.authority(of: "https://en.Wiktionary.org/w/api.php?x=1") == "en.wiktionary.org")
        #expect(UnresolvedHosts.authority(of: "http://127.0.0.1:8080") == "127.0.0.1:8080")
        #expect(UnresolvedHosts.authority(of: "http://host?q") == "host")
    }

    @Test func aFailureIsRememberedForFiveSecondsForItsHostOnly() {
        let hosts = UnresolvedHosts()
        let start = ContinuousClock.now
        let failure = HTTPConnectionFailure(text: "cannot resolve the host name x.invalid (offline, or a wrong endpoint?)", detail: "d")
        #expect(hosts.recentFailure(for: "x.invalid", now: start) == nil)
        hosts.remember(failure, for: "x.invalid", now: start)
        #expect(hosts.recentFailure(for: "x.invalid", now: start + .milliseconds(4900))?.text == failure.text)
        #expect(hosts.recentFailure(for: "y.invalid", now: start + .seconds(1)) == nil, "another host is asked")
        #expect(hosts.recentFailure(for: "x.invalid", now: start + .seconds(5)) == nil, "asked again after five seconds")
    }

    /// Through the transport: the second request to a host that does not resolve fails as the first did, without
    /// asking the resolver (`.invalid` never resolves: RFC 6761).
    @Test func aSecondRequestToAnUnresolvableHostFailsAlike() async throws {
        let transport = AsyncHTTPClientTransport()
        let request = HTTPRequestSpec(url: "http://lexagg-test.invalid/x", timeout: .seconds(20), maximumBodyBytes: 1000)
        var texts: [String] = []
        for _ in 0..<2 {
            do {
                _ = try await transport.send(request)
            } catch let failure as HTTPConnectionFailure {
                texts.append(failure.text)
            }
        }
        #expect(texts.count == 2 && texts[0] == texts[1], "\(texts)")
        #expect(texts.first.map(ConnectionErrorText.kind) == .hostNotFound, "\(texts)")
        #expect(UnresolvedHosts.shared.recentFailure(for: "lexagg-test.invalid") != nil)
    }
}
