#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggDictFormats
import LexAggHTTP

extension ProviderID {
    /// A DICT protocol server (RFC 2229), such as a local `dictd` or dict.org.
    public static let dictServer = ProviderID("dict-server")!
}

extension ProviderFactory {
    /// The DICT server named by `LEXAGG_DICT_SERVER` (`host[:port]`, default port 2628). Without it the provider
    /// is listed as unavailable, with how to set it.
    public static let dictServer = ProviderFactory(
        name: "dict-server", ids: [.dictServer], onlyDeclared: true, aliases: ["LEXAGG_DICT_SERVER": "providers.dict-server.endpoint"]
    ) { environment in
        let settings = environment.settings(for: .dictServer)
        guard let endpoint = settings.endpoint else {
            return .init(providers: [DictServer(configuration: nil)])
        }
        guard var configuration = DictServer.Configuration(endpoint: endpoint) else {
            return .init(
                providers: [DictServer(configuration: nil, problem: "LEXAGG_DICT_SERVER '\(endpoint)' is not host[:port]")],
                problems: ["LEXAGG_DICT_SERVER '\(endpoint)' is not host[:port]; the DICT server provider is off"]
            )
        }
        if let database = settings.database { configuration.database = database }
        return .init(providers: [DictServer(configuration: configuration)])
    }
}

/// A provider that asks a DICT server (RFC 2229) over TCP.
///
/// Each request is one connection on which every command is sent in a single write (`CLIENT`, `DEFINE` or
/// `MATCH`, `QUIT`) with `TCP_NODELAY` set, so a lookup costs one round trip and never waits on Nagle's
/// algorithm against delayed ACKs. The server's databases are asked all at once (`*`) unless one is configured;
/// each definition becomes an entry, structured by its database's format (WordNet, FreeDict or plain text).
public struct DictServer: DefinitionProviding, MatchProviding {
    public struct Configuration: Sendable, Hashable {
        public var host: String
        public var port: Int
        /// The database to ask: `*` for all, `!` for the first that matches, or a name (`wn`).
        public var database: String = "*"
        /// The `MATCH` strategy for suggestions (`lev`: edit distance 1).
        public var strategy: String = "lev"
        /// How long a whole request (connect, send, receive) may take.
        public var timeout: Duration = .seconds(5)
        /// Replies larger than this are cut off as malformed.
        public var maximumReplyBytes: Int = 4 << 20

        public init(host: String, port: Int = 2628) {
            self.host = host
            self.port = port
        }

        /// Parses `host`, `host:port`, `[v6]` or `[v6]:port`; `nil` when it is not one of those.
        public init?(endpoint: String) {
            var text = Substring(endpoint.trimmingWhitespace())
            if text.hasPrefix("dict://") { text = text.dropFirst(7) }
            while text.last == "/" { text = text.dropLast() }
            var host: Substring
            var port = 2628
            if text.hasPrefix("[") {
                guard let close = text.firstIndex(of: "]") else { return nil }
                host = text[text.index(after: text.startIndex)..<close]
                let rest = text[text.index(after: close)...]
                if !rest.isEmpty {
                    guard rest.first == ":", let value = Int(rest.dropFirst()) else { return nil }
                    port = value
                }
            } else if let colon = text.lastIndex(of: ":") {
                host = text[..<colon]
                guard let value = Int(text[text.index(after: colon)...]) else { return nil }
                port = value
            } else {
                host = text
            }
            guard !host.isEmpty, (1...65535).contains(port),
                  host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:_".contains($0)) })
            else { return nil }
            self.init(host: String(host), port: port)
        }

        var displayAddress: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
    }

    public let descriptor: ProviderDescriptor
    public let configuration: Configuration?
    private let problem: String?

    public init(configuration: Configuration?, problem: String? = nil) {
        self.configuration = configuration
        self.problem = problem
        self.descriptor = ProviderDescriptor(
            id: .dictServer,
            displayName: configuration.map { "DICT server \($0.displayAddress)" } ?? "DICT server",
            capabilities: [.define, .match],
            languages: [],
            requiresNetwork: true,
            source: configuration.map { "dict://\($0.displayAddress)/\($0.database)" } ?? "dict://(LEXAGG_DICT_SERVER)"
        )
    }

    public func availability() async -> ProviderAvailability {
        if let problem { return .notConfigured(hint: problem) }
        guard configuration != nil else {
            return .notConfigured(hint: "set LEXAGG_DICT_SERVER=host[:port] (for example dict.org, or 127.0.0.1 for a local dictd)")
        }
        return .available
    }

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        let configuration = try ready()
        let lines = try await session(configuration, command: "DEFINE \(configuration.database) \(DictTranscript.quote(query.term))")
        let parsed = Result { () throws(ProviderError) in
            try parse(lines) { reader throws(DictTranscript.Failure) in try reader.definitions() }
        }
        if case .failure(var error) = parsed, error.message.contains("has no database") {
            // Say which databases there are, when the server will tell.
            let names = (try? await databases())?.map(\.name) ?? []
            if !names.isEmpty { error.message += "; it has: \(names.joined(separator: ", "))" }
            throw error
        }
        let definitions = try parsed.get()
        let now = Date()
        return LookupResult(entries: definitions.map { definition in
            let provenance = Provenance(
                provider: descriptor.id, source: "dict://\(configuration.displayAddress)/\(definition.database)",
                retrievedAt: now
            )
            return DictEntryBuilder.entry(
                text: definition.text, headword: definition.word,
                format: DictTextFormat.forDatabase(named: definition.database), language: nil, provenance: provenance,
                term: query.term
            )
        }.filter { !$0.isEmpty })
    }

    public func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        let configuration = try ready()
        let lines = try await session(
            configuration,
            command: "MATCH \(configuration.database) \(configuration.strategy) \(DictTranscript.quote(query.term))"
        )
        let matches = try parse(lines) { reader throws(DictTranscript.Failure) in try reader.matches() }
        var seen = Set<String>()
        return matches.map(\.word).filter { seen.insert($0.lowercased()).inserted }.prefix(limit).map { $0 }
    }

    /// The standard strategies, all of which dictd has (`SHOW STRAT`); a server without one answers `551`, which is
    /// reported as an invalid query naming the strategy.
    public var matchStrategies: [MatchStrategy] { MatchStrategy.allCases }

    /// The server's name of each strategy (dictd's `re` is POSIX extended regular expressions).
    static func serverName(of strategy: MatchStrategy) -> String {
        switch strategy {
        case .regex: "re"
        default: strategy.rawValue
        }
    }

    /// `MATCH db strategy "pattern"`: the server's headwords, every database's in turn, each once (ignoring case). A
    /// regular expression is checked first: dictd takes a malformed one for "no match".
    public func match(_ query: MatchQuery) async throws -> [String] {
        let configuration = try ready()
        if query.strategy == .regex {
            // dictd answers a malformed expression with "552 no match": check it here (with the same C library's
            // regcomp), so the user learns what is wrong instead of seeing nothing.
            do {
                try POSIXRegularExpression.validate(query.pattern)
            } catch {
                throw ProviderError(.invalidQuery, provider: descriptor.id, message: error.message)
            }
        }
        let strategy = Self.serverName(of: query.strategy)
        let lines = try await session(
            configuration, command: "MATCH \(configuration.database) \(strategy) \(DictTranscript.quote(query.pattern))"
        )
        let matches = try parse(lines, strategy: strategy) { reader throws(DictTranscript.Failure) in try reader.matches() }
        var seen = Set<String>()
        // dictfmt leaves some headwords with a leading space (FreeDict's " with high affinity"): shown without it.
        return matches.map { $0.word.trimmingWhitespace() }.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
            .prefix(query.limit).map { $0 }
    }

    /// The server's databases (`SHOW DB`), as name and description.
    public func databases() async throws -> [(name: String, description: String)] {
        let configuration = try ready()
        let lines = try await session(configuration, command: "SHOW DB")
        return try parse(lines) { reader throws(DictTranscript.Failure) in try reader.listing("SHOW DB") }
            .map { ($0.name, $0.description) }
    }

    /// The server's match strategies (`SHOW STRAT`), as name and description.
    public func strategies() async throws -> [(name: String, description: String)] {
        let configuration = try ready()
        let lines = try await session(configuration, command: "SHOW STRAT")
        return try parse(lines) { reader throws(DictTranscript.Failure) in try reader.listing("SHOW STRAT") }
            .map { ($0.name, $0.description) }
    }

    // MARK: Session

    private func ready() throws(ProviderError) -> Configuration {
        guard let configuration else {
            throw ProviderError(.unavailable, provider: descriptor.id, message: problem ?? "LEXAGG_DICT_SERVER is not set")
        }
        if Task.isCancelled { throw ProviderError(.cancelled, provider: descriptor.id, message: "cancelled") }
        return configuration
    }

    private func session(_ configuration: Configuration, command: String) async throws(ProviderError) -> [String] {
        let request = "CLIENT lexagg\r\n\(command)\r\nQUIT\r\n"
        do {
            return try await DictConnection.exchange(request, with: configuration)
        } catch let error as ProviderError {
            throw error
        } catch let error as DictConnection.Failure {
            switch error {
            case .timedOut:
                throw ProviderError(
                    .timeout, provider: descriptor.id,
                    message: "\(configuration.displayAddress) did not answer within \(configuration.timeout)",
                    location: configuration.displayAddress,
                    reason: .timedOut(host: configuration.displayAddress, seconds: configuration.timeout)
                )
            case .closedWithoutReply:
                throw ProviderError(
                    .unavailable, provider: descriptor.id,
                    message: "\(configuration.displayAddress) closed the connection without answering",
                    location: configuration.displayAddress, reason: .connectionClosed(address: configuration.displayAddress)
                )
            case .tooLarge:
                throw ProviderError(
                    .malformedResponse, provider: descriptor.id,
                    message: "the reply from \(configuration.displayAddress) is larger than \(configuration.maximumReplyBytes) bytes",
                    location: configuration.displayAddress,
                    reason: .tooLarge(host: configuration.displayAddress, limit: configuration.maximumReplyBytes)
                )
            }
        } catch is CancellationError {
            throw ProviderError(.cancelled, provider: descriptor.id, message: "cancelled", reason: .cancelled)
        } catch {
            let text = ConnectionErrorText.describe(error)
            throw ProviderError(
                .unavailable, provider: descriptor.id,
                message: "cannot reach the DICT server at \(configuration.displayAddress): \(text)",
                location: configuration.displayAddress, underlying: String(reflecting: error),
                reason: ConnectionErrorText.reason(text, host: configuration.host, address: configuration.displayAddress)
            )
        }
    }

    /// The replies of a session; `strategy` is the `MATCH` strategy asked for by the user (an unknown one is their
    /// query's fault, not the server's).
    private func parse<T>(
        _ lines: [String], strategy: String? = nil, _ reply: (inout DictTranscript.Reader) throws(DictTranscript.Failure) -> T
    ) throws(ProviderError) -> T {
        var reader = DictTranscript.Reader(lines: lines)
        do {
            try reader.banner()
            try reader.acknowledgement("CLIENT")
            return try reply(&reader)
        } catch {
            let address = configuration?.displayAddress ?? "the DICT server"
            switch error {
            case .refused(let code, let text):
                throw ProviderError(.unavailable, provider: descriptor.id, message: "\(address) refused: \(code) \(text)")
            case .invalidDatabase:
                throw ProviderError(
                    .unavailable, provider: descriptor.id,
                    message: "\(address) has no database '\(configuration?.database ?? "")' (set LEXAGG_DICT_SERVER_DATABASE)"
                )
            case .invalidStrategy where strategy != nil:
                throw ProviderError(.invalidQuery, provider: descriptor.id, message: "\(address) has no '\(strategy ?? "")' match strategy")
            case .commandFailed(let code, let text) where strategy != nil && code == 501:
                throw ProviderError(.invalidQuery, provider: descriptor.id, message: "\(address) refused the pattern: \(code) \(text)")
            case .invalidStrategy:
                throw ProviderError(.unavailable, provider: descriptor.id, message: "\(address) has no '\(configuration?.strategy ?? "")' match strategy")
            case .commandFailed(let code, let text):
                throw ProviderError(.unavailable, provider: descriptor.id, message: "\(address) answered \(code) \(text)")
            case .malformed(let what):
                throw ProviderError(.malformedResponse, provider: descriptor.id, message: "\(address): \(what)", excerpt: lines.suffix(3).joined(separator: "\n"))
            }
        }
    }
}
