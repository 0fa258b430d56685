#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLibrary
import Logging
import MCP
import Synchronization

/// lexagg for AI assistants: a Model Context Protocol server (README.md, "Servers"). A thin adapter: every tool asks
/// the one lookup service (or the library) and renders what it returns twice — as readable plain text, and as the
/// same versioned JSON document `--format json` prints, in the result's `structuredContent`.
///
/// Tools: `lookup`, `translate`, `random_words`, `match`, `library_add`, `library_search`. A bad argument, a request
/// the service refuses or a failed lookup is a tool error (`isError: true` with a message saying what to change),
/// never a protocol error or a crash. Resources: the saved words (`lexagg://library/words`) and each saved word
/// (`lexagg://library/words/{language}/{word}`).
public struct MCPServer<C: Clock>: Sendable where C.Duration == Duration {
    /// What the command line sets for the whole session.
    public struct Configuration: Sendable {
        /// The version reported to clients.
        public var version: String
        /// Provider ids asked when a tool call names none (`lexagg mcp --providers`); `nil`: the service's defaults.
        public var providers: [String]?
        /// Make no network request (`lexagg mcp --offline`): offline dictionaries and cached answers.
        public var offline: Bool
        /// The language of words when a call gives none (`lookup.language`).
        public var language: Language?

        public init(version: String = "0.0.0", providers: [String]? = nil, offline: Bool = false, language: Language? = nil) {
            self.version = version
            self.providers = providers
            self.offline = offline
            self.language = language
        }
    }

    let service: LookupService<C>
    let openLibrary: @Sendable () throws(LibraryError) -> any LibraryStore
    let logger: Logger
    let configuration: Configuration

    /// - Parameters:
    ///   - service: the lookup service every tool asks.
    ///   - openLibrary: opens the user's library, for each call that needs it (closed after the call).
    ///   - logger: where the server and the transport log; never standard output, which carries the protocol.
    public init(
        service: LookupService<C>, openLibrary: @escaping @Sendable () throws(LibraryError) -> any LibraryStore, logger: Logger,
        configuration: Configuration = Configuration()
    ) {
        self.service = service
        self.openLibrary = openLibrary
        self.logger = logger
        self.configuration = configuration
    }

    /// Serves one client on standard input and output until it closes standard input, or one of `signals` arrives:
    /// then, as at the end of input, what was asked is answered and the server ends (an MCP client quitting sends
    /// SIGTERM; it killed the server with a call in flight). A second signal ends the process at once.
    public func runOnStandardIO(endingOn signals: [Int32] = [SIGINT, SIGTERM]) async throws {
        // The SDK's transport makes both descriptors non-blocking; a terminal or a pipe shared with the parent shell
        // gets its flags back.
        let flags = (input: fcntl(STDIN_FILENO, F_GETFL), output: fcntl(STDOUT_FILENO, F_GETFL))
        defer {
            if flags.input >= 0 { _ = fcntl(STDIN_FILENO, F_SETFL, flags.input) }
            if flags.output >= 0 { _ = fcntl(STDOUT_FILENO, F_SETFL, flags.output) }
        }
        try await run(on: StdioTransport(logger: logger), endingOn: signals)
    }

    /// Serves one client on `transport` until the client disconnects (for stdio, the end of standard input); returns
    /// once every request that arrived has been answered.
    public func run(on transport: any Transport, endingOn signals: [Int32] = []) async throws {
        let draining = DrainingTransport(transport, logger: logger)
        let logger = self.logger
        let received = Mutex(false)
        var previous: [(Int32, sighandler_t?)] = []
        let sources = signals.compactMap { number -> (any DispatchSourceSignal)? in
            let before = signal(number, SIG_IGN)  // the source receives it instead of the default action
            // A signal ignored when lexagg started (`nohup`) stays ignored.
            if unsafeBitCast(before, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { return nil }
            previous.append((number, before))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                guard !received.withLock({ old in defer { old = true }; return old }) else { _exit(128 + number) }
                logger.info("mcp: signal \(number); answering what was asked, then stopping")
                Task { await draining.endInput() }
            }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            for (number, before) in previous { signal(number, before) }
        }
        let server = await makeServer()
        try await server.start(transport: draining)
        logger.info("mcp: serving \(ToolCatalogue.tools.count) tools and the library's resources")
        await server.waitUntilCompleted()
        // The client has closed its side; answer what it asked before, within the longest a lookup may take.
        let limit = service.configuration.aggregation.deadline + .seconds(Int(Library.busyTimeout) + 5)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await draining.drained() }
            group.addTask {
                guard (try? await Task.sleep(for: limit)) != nil else { return }
                logger.warning("mcp: some requests were still unanswered after \(limit); stopping")
                await draining.abandon()
            }
            await group.next()
            group.cancelAll()
        }
        await server.stop()
        logger.info("mcp: the client closed the connection; stopped")
    }

    /// The SDK's server with lexagg's tools and resources.
    func makeServer() async -> Server {
        let server = Server(
            name: "lexagg", version: configuration.version, title: "lexagg dictionaries",
            instructions: """
                lexagg looks words up in many dictionaries at once (WordNet and other dictd databases offline; \
                Wiktionary and others online when configured). Use lookup for definitions, translate for \
                translations, match to find headwords by pattern, random_words for practice, and library_add / \
                library_search for the user's saved words (also readable as resources).
                """,
            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false))
        )
        await server.withMethodHandler(ListTools.self) { _ in ListTools.Result(tools: ToolCatalogue.tools) }
        await server.withMethodHandler(CallTool.self) { parameters in await call(parameters) }
        await server.withMethodHandler(ListResources.self) { parameters in try await listResources(cursor: parameters.cursor) }
        await server.withMethodHandler(ListResourceTemplates.self) { _ in
            ListResourceTemplates.Result(templates: [LibraryResources.wordTemplate])
        }
        await server.withMethodHandler(ReadResource.self) { parameters in try await readResource(parameters.uri) }
        return server
    }

    /// Answers one tool call; every failure becomes a tool error.
    func call(_ parameters: CallTool.Parameters) async -> CallTool.Result {
        guard let tool = ToolCatalogue.tools.first(where: { $0.name == parameters.name }) else {
            let names = ToolCatalogue.tools.map(\.name).joined(separator: ", ")
            return CallTool.Result(content: [.text(text: "unknown tool '\(parameters.name)'; the tools are \(names)", annotations: nil, _meta: nil)], isError: true)
        }
        do {
            let arguments = try ToolArguments(
                tool: tool.name, parameters.arguments,
                accepted: ToolCatalogue.accepted(by: tool) + (tool.name == ToolCatalogue.librarySearch ? ["favorites"] : [])
            )
            let reply: ToolReply
            switch tool.name {
            case ToolCatalogue.lookup: reply = try await lookup(arguments)
            case ToolCatalogue.translate: reply = try await translate(arguments)
            case ToolCatalogue.randomWords: reply = try await randomWords(arguments)
            case ToolCatalogue.match: reply = try await match(arguments)
            case ToolCatalogue.libraryAdd: reply = try await libraryAdd(arguments)
            default: reply = try await librarySearch(arguments)
            }
            logger.info("mcp: \(tool.name) answered")
            return CallTool.Result(
                content: [.text(text: PlainText.clean(reply.text), annotations: nil, _meta: nil)],
                structuredContent: reply.structured, isError: false
            )
        } catch {
            logger.info("mcp: \(tool.name) failed: \(error.message)")
            return CallTool.Result(
                content: [.text(text: PlainText.clean(error.message), annotations: nil, _meta: nil)],
                structuredContent: error.structured, isError: true
            )
        }
    }

    /// Opens the library for one call.
    func openedLibrary() throws(ToolFailure) -> any LibraryStore {
        do { return try openLibrary() } catch { throw ToolFailure("the library cannot be opened: \(error.message)") }
    }

    /// The request options of a call: the providers it names, else the session's; the session's `--offline`.
    func options(_ providers: [String]?, suggest: Bool = true) -> RequestOptions {
        RequestOptions(providers: providers ?? configuration.providers, offline: configuration.offline, suggest: suggest)
    }
}

/// A tool's answer: readable text and the structured document.
struct ToolReply {
    var text: String
    var structured: Value?

    init(text: String, document: some Encodable) {
        self.text = text
        structured = Self.value(of: document)
    }

    /// `document` as `--format json` prints it (the same encoder), as a JSON value.
    static func value(of document: some Encodable) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(JSONOutput.encodeLine(document).utf8))
    }
}
