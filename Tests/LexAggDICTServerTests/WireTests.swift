import Foundation
import LexAggCore
import LexAggHTTP
import LexAggDICTServer
import LexAggFixtures
import NIOCore
import NIOPosix
import ProviderConformance
import ServiceLifecycle
import Testing
import WiktionaryProvider

/// The protocol on the wire, with a raw socket: pipelining, status codes, dot-stuffing, limits and shutdown.
@Suite(.serialized) struct WireTests {
    @Test func pipelinedCommandsAreAnsweredInOrder() async throws {
        let running = try await RunningServer.start([RunningServer.wordnet()])
        let long = "DEFINE wordnet " + String(repeating: "a", count: 2000)
        let commands = [
            "CLIENT wire-test", "DEFINE wordnet serendipity", "SHOW DB", "DEFINE wordnet xqzvtnotaword", "FROBNICATE",
            "DEFINE wordnet", "DEFINE nosuchdb house", "MATCH wordnet nosuchstrategy house", "AUTH user secret",
            "OPTION GZIP", long, "define WORDNET \"ice cream\"", "SHOW INFO wordnet", "HELP", "STATUS", "DEFINE ! house",
            "OPTION MIME", "SHOW DB", "QUIT", "DEFINE wordnet house",
        ]
        let transcript = try await RawClient.exchange(port: running.port, send: commands.map { $0 + "\r\n" }.joined())
        try await running.stop()
        #expect(RawClient.codes(transcript) == [
            220, 250, 150, 151, 250, 110, 250, 552, 500, 501, 550, 551, 502, 503, 500, 150, 151, 250, 112, 250, 113, 250,
            210, 150, 151, 250, 250, 110, 250, 221,
        ])
        let lines = RawClient.statusLines(transcript)
        #expect(lines.contains("151 \"serendipity\" wordnet \"WordNet (r) 3.0 (2006)\""))
        #expect(lines.contains("151 \"ice cream\" wordnet \"WordNet (r) 3.0 (2006)\""))
        #expect(lines.first { $0.hasPrefix("500 Syntax error, line too long") } != nil)
        #expect(transcript.hasSuffix("221 bye\r\n"), "nothing is answered after QUIT")
        // OPTION MIME: the text block after it starts with the default MIME header and a blank line.
        #expect(transcript.contains("110 1 databases present - text follows\r\nContent-type: text/plain; charset=utf-8\r\nContent-transfer-encoding: 8bit\r\n\r\nwordnet "))
        #expect(transcript.contains("110 1 databases present - text follows\r\nwordnet "), "no MIME header before OPTION MIME")
        let banner = try #require(lines.first)
        #expect(banner.contains("<mime>"))
        #expect(banner.range(of: #"<[0-9]+\.[0-9]+\.[0-9]+@[A-Za-z0-9.-]+>$"#, options: .regularExpression) != nil, "\(banner)")
    }

    /// A hundred DEFINEs sent at once are answered in the order sent. (Three hundred took 18–27 s of a debug build
    /// under the parallel suite, and once more than the exchange's 30 s guard against a hang: a hundred, with a guard
    /// of two minutes, still pipeline far beyond one read's worth.)
    @Test func manyPipelinedDefinesKeepTheirOrder() async throws {
        let running = try await RunningServer.start([RunningServer.wordnet()])
        let words = ["house", "serendipity", "cat", "dog", "tree", "river", "bank", "music", "light", "stone"]
        let batch = (0..<10).flatMap { _ in words }
        let transcript = try await RawClient.exchange(
            port: running.port, send: batch.map { "DEFINE wordnet \($0)\r\n" }.joined() + "QUIT\r\n", timeout: .seconds(120)
        )
        try await running.stop()
        let headwords = RawClient.statusLines(transcript).filter { $0.hasPrefix("150 ") || $0.hasPrefix("151 ") }
        // The first 151 after each 150 names the word asked, in the order asked.
        var asked: [String] = []
        var expectingFirst = false
        for line in headwords {
            if line.hasPrefix("150 ") { expectingFirst = true; continue }
            if expectingFirst, let word = line.split(separator: "\"").dropFirst().first { asked.append(String(word)); expectingFirst = false }
        }
        #expect(asked == batch)
    }

    @Test func textBlocksAreDotStuffed() async throws {
        let running = try await RunningServer.start([Glossary()])
        let transcript = try await RawClient.exchange(port: running.port, send: "DEFINE glossary .htaccess\r\nQUIT\r\n")
        try await running.stop()
        #expect(transcript.contains("151 \".htaccess\" glossary \"Glossary of test terms\"\r\n..htaccess\r\n"))
        #expect(transcript.contains("\r\n..profile is read by login shells\r\n") == false, "indented lines need no stuffing")
        #expect(transcript.contains("\r\n.\r\n250 ok"))
    }

    /// MATCH through the lookup service, with a provider that matches by exact and prefix (WordNet's matching is
    /// checked with the real `dict` client in DictClientTests once the providers match).
    @Test func matchAsksTheServiceByStrategy() async throws {
        let running = try await RunningServer.start([Glossary()])
        let transcript = try await RawClient.exchange(port: running.port, send: [
            "SHOW STRAT", "MATCH glossary prefix hous", "MATCH * . hous", "MATCH ! exact house", "MATCH glossary soundex hous",
            "MATCH glossary nosuch hous", "MATCH nosuchdb prefix hous", "MATCH glossary exact nothere", "MATCH glossary prefix \"\"",
            "QUIT",
        ].map { $0 + "\r\n" }.joined())
        try await running.stop()
        #expect(RawClient.codes(transcript) == [220, 111, 250, 152, 250, 152, 250, 152, 250, 551, 551, 550, 552, 501, 221])
        #expect(transcript.contains("111 2 strategies available - text follows\r\nexact \"Match headwords exactly\"\r\nprefix \"Match prefixes\"\r\n.\r\n"))
        #expect(transcript.contains("152 3 matches found - text follows\r\nglossary \"house\"\r\nglossary \"houseboat\"\r\nglossary \"household\"\r\n.\r\n"))
        #expect(transcript.contains("152 1 match found - text follows\r\nglossary \"house\"\r\n.\r\n"))
    }

    /// A malformed regular expression is the client's to mend: 501 (illegal parameters), not 420, which tells a
    /// client the server is down and to try again.
    @Test func aMalformedRegularExpressionIsAnIllegalParameter() async throws {
        let running = try await RunningServer.start([RunningServer.wordnet()])
        let transcript = try await RawClient.exchange(port: running.port, send: "MATCH wordnet regex \"(\"\r\nMATCH * regex \"[\"\r\nQUIT\r\n")
        try await running.stop()
        #expect(RawClient.codes(transcript) == [220, 501, 501, 221], "\(transcript)")
    }

    /// dictd calls its POSIX extended regular expressions `re`: clients set up for it send that, and get what `regex`
    /// gives (they got 551, no such strategy).
    @Test func dictdsNameForRegularExpressionsIsRegex() async throws {
        let running = try await RunningServer.start([RunningServer.wordnet()])
        let transcript = try await RawClient.exchange(
            port: running.port, send: "MATCH wordnet re \"^hous.$\"\r\nMATCH wordnet regex \"^hous.$\"\r\nMATCH wordnet regexp \"x\"\r\nQUIT\r\n"
        )
        try await running.stop()
        #expect(RawClient.codes(transcript) == [220, 152, 250, 152, 250, 551, 221], "\(transcript)")
        #expect(transcript.contains("wordnet \"house\""), "\(transcript)")
    }

    @Test func connectionsBeyondTheCapAreRefused() async throws {
        let running = try await RunningServer.start([RunningServer.wordnet()], configuration: .init(port: 0, maximumConnections: 1))
        let (admitted, signal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaser) = AsyncStream.makeStream(of: Void.self)
        let firstConnection = try await RawClient.connect(port: running.port)
        async let first = firstConnection.executeThenClose { inbound, outbound in
            var iterator = inbound.makeAsyncIterator()
            var text = ""
            while !text.contains("\r\n"), let chunk = try await iterator.next() { text += String(buffer: chunk) }
            signal.yield()
            for await _ in release { break }
            try await outbound.write(ByteBuffer(string: "QUIT\r\n"))
            while let chunk = try await iterator.next() { text += String(buffer: chunk) }
            return text
        }
        for await _ in admitted { break }
        let second = try await RawClient.exchange(port: running.port, send: "")
        releaser.yield()
        let firstTranscript = try await first
        try await running.stop()
        #expect(second.hasPrefix("420 "), "\(second)")
        #expect(RawClient.codes(firstTranscript) == [220, 221])
    }

    @Test func anIdleConnectionIsClosed() async throws {
        let running = try await RunningServer.start([RunningServer.wordnet()], configuration: .init(port: 0, idleTimeout: .seconds(1)))
        let transcript = try await RawClient.exchange(port: running.port, send: "CLIENT idle\r\n")
        try await running.stop()
        #expect(RawClient.codes(transcript) == [220, 250, 421])
    }

    @Test func shutdownAnswersCommandsInFlightAndClosesIdleConnections() async throws {
        let replay = try await ReplayServer.start()
        defer { Task { await replay.shutdown() } }
        let body = TemporaryFiles.read(FixtureStore.path("wiktionary/responses/parse-bank.json"))
        replay.route("/w/api.php", query: ["action": "parse", "page": "bank"], ReplayResponse.json(body).with(.hold))
        let running = try await RunningServer.start(
            [Wiktionary(endpoint: replay.baseURL, http: .init(timeout: .seconds(60)))],
            configuration: .init(port: 0)
        )
        let (ready, signal) = AsyncStream.makeStream(of: Void.self)
        let idleConnection = try await RawClient.connect(port: running.port)
        async let idle = idleConnection.executeThenClose { inbound, _ in
            var iterator = inbound.makeAsyncIterator()
            var text = ""
            while !text.contains("\r\n"), let chunk = try await iterator.next() { text += String(buffer: chunk) }
            signal.yield()
            while let chunk = try await iterator.next() { text += String(buffer: chunk) }
            return text
        }
        async let busy = RawClient.exchange(port: running.port, send: "DEFINE wiktionary bank\r\n")
        for await _ in ready { break }
        await replay.waitForHeld(1)
        await running.group.triggerGracefulShutdown()
        replay.releaseHeld()
        let (idleTranscript, busyTranscript) = try await (idle, busy)
        try await running.task.value
        #expect(RawClient.codes(idleTranscript) == [220, 421])
        #expect(RawClient.codes(busyTranscript).first == 220)
        #expect(Array(RawClient.codes(busyTranscript).suffix(2)) == [250, 421])
        #expect(busyTranscript.contains("151 \"bank\" wiktionary"))
        // Nothing listens any more.
        await #expect(throws: (any Error).self) { _ = try await RawClient.exchange(port: running.port, send: "", timeout: .seconds(5)) }
    }
}

/// A one-entry glossary whose headword starts with a dot, as file names do.
struct Glossary: DefinitionProviding, MatchProviding, DescribedProvider {
    let descriptor = ProviderDescriptor(
        id: ProviderID("glossary")!, displayName: "Glossary", capabilities: [.define, .match], languages: [.english],
        requiresNetwork: false, source: "tests"
    )
    static let headwords = [".htaccess", ".profile", "house", "houseboat", "household"]

    var matchStrategies: [MatchStrategy] { [.exact, .prefix] }

    func match(_ query: MatchQuery) async throws -> [String] {
        let pattern = query.pattern.lowercased()
        return Self.headwords.filter { query.strategy == .exact ? $0 == pattern : $0.hasPrefix(pattern) }
    }

    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        Array(Self.headwords.filter { $0.hasPrefix(query.term.prefix(3)) }.prefix(limit))
    }

    func shortDescription() -> String? { "Glossary of test terms" }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        guard query.term == ".htaccess" else { return LookupResult(entries: []) }
        let provenance = Provenance(provider: descriptor.id, source: "tests", retrievedAt: Date(timeIntervalSince1970: 0))
        return LookupResult(entries: [Entry(
            headword: ".htaccess", language: .english,
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [
                Sense(definition: "a per-directory configuration file of the Apache web server\n.profile is read by login shells", sources: [provenance]),
            ])],
            provenance: provenance
        )])
    }
}
