import LexAggAggregation
import LexAggCore
import LexAggDictFormats
import Logging

/// Answers DICT commands by asking the lookup service: the protocol's side of the server, without any I/O.
///
/// Every lookup goes through ``LookupService`` with the databases named as providers: `DEFINE db` asks that one
/// provider, `*` asks each database in turn (offline ones inline, online ones concurrently) and `!` asks them all
/// with the `first` strategy, so the first database that knows the word answers. Nothing here chooses, caches,
/// merges or times out: a `*` answer keeps each database's definitions apart, as the protocol wants.
struct DICTResponder: Sendable {
    let service: LookupService<ContinuousClock>
    let databases: DICTDatabases
    /// The databases as listed now (``DICTDatabases``).
    var catalog: DICTCatalog { databases.current }
    let configuration: DICTServer.Configuration
    let statistics: DICTConnections
    let logger: Logger

    /// Writes the reply to `command`; returns false when the connection should close (`QUIT`).
    func respond(to command: DICTCommand, into reply: inout DICTReply) async -> Bool {
        statistics.countCommand()
        switch command {
        case .empty:
            break
        case .define(let database, let word):
            await define(word, in: database, into: &reply)
        case .match(let database, let strategy, let word):
            await match(word, strategy: strategy, in: database, into: &reply)
        case .showDatabases:
            let catalog = await databases.lookedAgain()
            guard !catalog.databases.isEmpty else { reply.status(554, "No databases present"); break }
            reply.status(110, "\(catalog.databases.count) databases present - text follows")
            reply.text(catalog.databases.map { "\($0.name) \(DICTProtocolText.quote($0.description))" }.joined(separator: "\n"))
            reply.status(250, "ok")
        case .showStrategies:
            let strategies = catalog.strategies
            guard !strategies.isEmpty else { reply.status(555, "No strategies available"); break }
            reply.status(111, "\(strategies.count) strategies available - text follows")
            reply.text(strategies.map { "\($0.rawValue) \(DICTProtocolText.quote($0.summary))" }.joined(separator: "\n"))
            reply.status(250, "ok")
        case .showInfo(let name):
            guard let database = await databases.database(named: name) else { invalidDatabase(&reply); return true }
            reply.status(112, "database information follows")
            reply.text(database.information)
            reply.status(250, "ok")
        case .showServer:
            reply.status(114, "server information follows")
            reply.text(serverInformation())
            reply.status(250, "ok")
        case .client(let text):
            logger.debug("DICT client: \(text)")
            reply.status(250, "ok")
        case .status:
            reply.status(210, "status " + statistics.summary)
        case .optionMIME:
            reply.mime = true
            reply.status(250, "ok - using MIME headers")
        case .help:
            reply.status(113, "help text follows")
            reply.text(Self.help)
            reply.status(250, "ok")
        case .quit:
            reply.status(221, "bye")
            return false
        case .notImplemented(let name):
            reply.status(502, "Command not implemented: \(name) (this server needs no authentication)")
        case .parameterNotImplemented(let what):
            reply.status(503, "Command parameter not implemented: \(what)")
        case .illegalParameters(let why):
            reply.status(501, "Syntax error, illegal parameters: \(why)")
        case .unknown(let word):
            reply.status(500, "Syntax error, command not recognized: \(String(word.prefix(40))) (try HELP)")
        }
        return true
    }

    // MARK: DEFINE

    private func define(_ word: String, in name: String, into reply: inout DICTReply) async {
        let query: LookupQuery
        do { query = try LookupQuery(word) } catch {
            reply.status(501, "Syntax error, illegal parameters: \(error)")
            return
        }
        var results: [Result<LookupAnswer, LookupServiceError>] = []
        switch name {
        case "*":
            results = await lookUpEach(query, in: await databases.checked().databases)
        case "!":
            let all = await databases.checked().databases
            guard !all.isEmpty else { return invalidDatabase(&reply) }
            results = [await lookUp(query, in: all, strategy: .first)]
        default:
            guard let database = await databases.database(named: name) else { return invalidDatabase(&reply) }
            results = [await lookUp(query, in: [database])]
        }
        let answers = results.compactMap { try? $0.get() }
        let entries = answers.flatMap(\.entries)
        guard !entries.isEmpty else {
            // RFC 2229 has no reply for "some databases could not answer": the databases that did answer have no such
            // word (552), and 420 is left for when none asked could answer at all (a refusal by the service, or every
            // provider failing) — one that could not be asked made every `DEFINE *` 420 and `dict` exit 31.
            guard !answers.contains(where: { !$0.allFailed }) else { return reply.status(552, "No match") }
            let refusal = results.lazy.compactMap { result -> LookupServiceError? in
                if case .failure(let error) = result { error } else { nil }
            }.first
            if let failure = answers.flatMap(\.result.failures).first {
                reply.status(420, "Server temporarily unavailable: \(failure.provider): \(oneLine(failure.message))")
            } else if let refusal {
                reply.status(420, "Server temporarily unavailable: \(oneLine(refusal.message))")
            } else {
                reply.status(552, "No match")
            }
            return
        }
        reply.status(150, "\(entries.count) definition\(entries.count == 1 ? "" : "s") retrieved - definitions follow")
        for entry in entries {
            let database = catalog.database(named: entry.provenance.provider.rawValue)
            let databaseName = database?.name ?? entry.provenance.provider.rawValue
            reply.status(151, "\(DICTProtocolText.quote(entry.headword)) \(databaseName) \(DICTProtocolText.quote(database?.description ?? databaseName))")
            reply.text(DICTEntryText.render(entry))
        }
        reply.status(250, "ok")
    }

    private func lookUp(_ query: LookupQuery, in databases: [DICTDatabase], strategy: LookupStrategy? = nil) async
        -> Result<LookupAnswer, LookupServiceError>
    {
        let options = RequestOptions(
            providers: databases.map(\.name), strategy: strategy, offline: configuration.offline, suggest: false
        )
        do { return .success(try await service.define(query, options: options)) } catch { return .failure(error) }
    }

    /// One answer per database, in catalog order: offline databases inline, online ones concurrently. (One request
    /// per database keeps each database's definitions its own; a request naming several would merge them.)
    private func lookUpEach(_ query: LookupQuery, in databases: [DICTDatabase]) async
        -> [Result<LookupAnswer, LookupServiceError>]
    {
        var results = [Result<LookupAnswer, LookupServiceError>?](repeating: nil, count: databases.count)
        for index in databases.indices where databases[index].runsInline {
            results[index] = await lookUp(query, in: [databases[index]])
        }
        let online = databases.indices.filter { !databases[$0].runsInline }
        if !online.isEmpty {
            let answered = await withTaskGroup(of: (Int, Result<LookupAnswer, LookupServiceError>).self) { group in
                for index in online {
                    let database = databases[index]
                    group.addTask { @concurrent in (index, await lookUp(query, in: [database])) }
                }
                var answered: [(Int, Result<LookupAnswer, LookupServiceError>)] = []
                for await pair in group { answered.append(pair) }
                return answered
            }
            for (index, result) in answered { results[index] = result }
        }
        return results.compactMap { $0 }
    }

    // MARK: MATCH

    /// The strategy a client names: lexagg's names, and dictd's `re` for its POSIX extended regular expressions
    /// (`regex` here; clients set up for dictd send `re`). dictd's `regexp`, basic regular expressions, is not one.
    static func strategy(named name: String) -> MatchStrategy? {
        let lowered = name.lowercased()
        return lowered == "re" ? .regex : MatchStrategy(rawValue: lowered)
    }

    private func match(_ word: String, strategy name: String, in databaseName: String, into reply: inout DICTReply) async {
        let candidates: [DICTDatabase]
        switch databaseName {
        case "*", "!": candidates = await databases.checked().databases
        default:
            guard let database = await databases.database(named: databaseName) else { return invalidDatabase(&reply) }
            candidates = [database]
        }
        let strategy: MatchStrategy
        if name == "." {
            // The server's default, else the closest a database offers; none at all means nothing can match.
            let offered = Set(candidates.flatMap(\.strategies))
            guard let chosen = ([configuration.defaultStrategy] + [.lev, .prefix, .exact]).first(where: offered.contains) else {
                reply.status(552, "No match")
                return
            }
            strategy = chosen
        } else if let named = Self.strategy(named: name), catalog.strategies.contains(named) {
            strategy = named
        } else {
            reply.status(551, "Invalid strategy, use \"SHOW STRAT\" for a list of strategies")
            return
        }
        let databases = candidates.filter { $0.strategies.contains(strategy) }
        guard !databases.isEmpty else {
            let can = candidates.count == 1 ? candidates[0].strategies.map(\.rawValue) : []
            reply.status(551, "Invalid strategy: \(candidates.count == 1 ? candidates[0].name : "no database here") does not match by \(strategy)"
                + (can.isEmpty ? "" : "; it can: \(can.joined(separator: ", "))"))
            return
        }
        let query: MatchQuery
        do { query = try MatchQuery(word, strategy: strategy, limit: MatchQuery.maximumLimit) } catch {
            reply.status(501, "Syntax error, illegal parameters: \(error)")
            return
        }
        let answer: MatchAnswer
        do {
            answer = try await service.match(query, options: RequestOptions(providers: databases.map(\.name), offline: configuration.offline))
        } catch {
            if error.kind == .invalidRequest {
                reply.status(501, "Syntax error, illegal parameters: \(oneLine(error.message))")
            } else {
                reply.status(420, "Server temporarily unavailable: \(oneLine(error.message))")
            }
            return
        }
        var found = answer.matches.filter { !$0.words.isEmpty }
        if databaseName == "!" { found = Array(found.prefix(1)) }
        let lines = found.flatMap { matches in matches.words.map { "\(matches.provider.rawValue) \(DICTProtocolText.quote($0))" } }
        guard !lines.isEmpty else {
            // A pattern the strategy refuses (a malformed regular expression) is the client's to mend, not a server
            // that is down: 501, before 420.
            if let failure = answer.failures.first(where: { $0.code == .invalidQuery }) {
                reply.status(501, "Syntax error, illegal parameters: \(oneLine(failure.message))")
            } else if answer.allFailed, let failure = answer.failures.first {
                reply.status(420, "Server temporarily unavailable: \(failure.provider): \(oneLine(failure.message))")
            } else {
                reply.status(552, "No match")
            }
            return
        }
        reply.status(152, "\(lines.count) match\(lines.count == 1 ? "" : "es") found - text follows")
        reply.text(lines.joined(separator: "\n"))
        reply.status(250, "ok")
    }

    // MARK: Text

    private func invalidDatabase(_ reply: inout DICTReply) {
        reply.status(550, "Invalid database, use \"SHOW DB\" for list of databases")
    }

    private func serverInformation() -> String {
        """
        \(configuration.serverName): a DICT server (RFC 2229) over lexagg's lookup service.

        Databases: \(catalog.databases.count) (\(catalog.databases.map(\.name).joined(separator: ", ")))
        Each database is one lexagg provider; "*" asks every one, "!" the first that knows the word.
        Default match strategy ("."): \(configuration.defaultStrategy)
        \(configuration.offline ? "Offline: online sources answer only from the cache.\n" : "")\
        Connections: \(statistics.summary)
        """
    }

    static let help = """
        DEFINE database word         -- look a word up ("*": every database, "!": the first that knows it)
        MATCH database strategy word -- list headwords matching a pattern ("." : the default strategy)
        SHOW DB                      -- list the databases
        SHOW STRAT                   -- list the match strategies
        SHOW INFO database           -- where a database's data comes from, its licence and languages
        SHOW SERVER                  -- information about this server
        CLIENT info                  -- say who you are
        STATUS                       -- connection and command counts
        OPTION MIME                  -- put a MIME header before each text block
        HELP                         -- this text
        QUIT                         -- close the connection
        """

    private func oneLine(_ text: String) -> String {
        String(text.split(whereSeparator: \.isNewline).joined(separator: " ").prefix(300))
    }
}
