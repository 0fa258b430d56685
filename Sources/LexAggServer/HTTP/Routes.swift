import Foundation
import Hummingbird
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import Logging
import NIOCore

/// The routes: each reads its parameters, asks the one lookup service, and renders what it returns — the documents
/// of `--format json` for `/v1/`, dictionaryapi.dev's shapes for `/api/v2/`. No provider choice, cache or deadline
/// here: the service owns them.
struct Routes: Sendable {
    let service: LookupService<ContinuousClock>
    let lookups: ConcurrencyLimiter
    let bodies: Bodies

    init(service: LookupService<ContinuousClock>, maxConcurrentLookups: Int) {
        self.service = service
        lookups = ConcurrencyLimiter(capacity: maxConcurrentLookups)
        bodies = Bodies(sources: Dictionary(service.registry.providers.map {
            ($0.descriptor.id, DictionaryAPIFormat.SourceInfo(name: $0.descriptor.displayName, license: $0.descriptor.license))
        }) { first, _ in first })
    }

    /// The response bodies made from answers, as renderings the service's memo keeps beside the answers it keeps:
    /// a word asked again is sent with the bytes made the first time, not encoded again (the same bytes: each body
    /// is a function of the answer alone).
    struct Bodies: Sendable {
        let dictionaryAPI: AnswerRendering<ByteBuffer>
        let lookup: AnswerRendering<ByteBuffer>
        let lookupExplained: AnswerRendering<ByteBuffer>
        let translate: AnswerRendering<ByteBuffer>

        init(sources: [ProviderID: DictionaryAPIFormat.SourceInfo]) {
            dictionaryAPI = AnswerRendering(name: "http:/api/v2/entries") { answer in
                ByteBuffer(string: JSONOutput.encodeCompactInOrder(DictionaryAPIFormat.elements(answer.entries, sources: sources)))
            }
            lookup = Self.document("lookup", explain: false)
            lookupExplained = Self.document("lookup", explain: true)
            translate = Self.document("translate", explain: false)
        }

        /// lexagg's own document of `command`'s answer (`--format json`).
        static func document(_ command: String, explain: Bool) -> AnswerRendering<ByteBuffer> {
            AnswerRendering(name: "http:/v1/\(command)\(explain ? "?explain" : "")") { answer in
                ByteBuffer(string: JSONOutput.encodeLine(JSONOutput.LookupDocument(command: command, answer: answer, explain: explain)))
            }
        }
    }

    /// Every route the server answers (`/openapi.json` documents exactly these; a test checks it).
    func add(to router: Router<ServerContext>) {
        router.get("/api/v2/entries/:lang/:word") { request, context in try await dictionaryAPI(request, context) }
        router.get("/v1/lookup") { request, _ in try await lookup(QueryParameters(request.uri.query)) }
        router.get("/v1/translate") { request, _ in try await translate(QueryParameters(request.uri.query)) }
        router.get("/v1/random") { request, _ in try await random(QueryParameters(request.uri.query)) }
        router.get("/v1/match") { request, _ in try await match(QueryParameters(request.uri.query)) }
        router.get("/v1/providers") { _, _ in await providers() }
        router.get("/openapi.json") { _, _ in JSONResponse.make(json: OpenAPIDocument.json) }
        router.get("/healthz") { _, _ in JSONResponse.make(json: #"{"status":"ok"}"#) }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: ServerMetrics.exposition()))
            )
        }
    }

    // MARK: lexagg's API

    func lookup(_ parameters: QueryParameters) async throws -> Response {
        let word = try parameters.required("word", example: "/v1/lookup?word=serendipity")
        let language = try parameters.language("lang")
        let options = try parameters.requestOptions()
        let explain = try parameters.flag("explain")
        let query = try lookupQuery(word, language: language)
        let rendered = try await withLookupSlot {
            try await service.define(query, options: options, rendering: explain ? bodies.lookupExplained : bodies.lookup)
        }
        try check(rendered.answer)
        return JSONResponse.make(status: rendered.answer.isFound ? .ok : .notFound, body: rendered.output)
    }

    func translate(_ parameters: QueryParameters) async throws -> Response {
        let word = try parameters.required("word", example: "/v1/translate?word=house&from=en&to=de")
        guard let source = try parameters.language("from"), let target = try parameters.language("to") else {
            throw APIError(.invalidRequest, "'from' and 'to' are required language codes, e.g. /v1/translate?word=house&from=en&to=de")
        }
        let options = try parameters.requestOptions(suggest: false)
        let query: TranslationQuery
        do {
            query = try TranslationQuery(Normalization.nfc(word), from: source, to: target)
        } catch {
            throw APIError(.invalidRequest, "invalid word: \(error)")
        }
        let rendered = try await withLookupSlot {
            try await service.translate(query, options: options, rendering: bodies.translate)
        }
        try check(rendered.answer)
        return JSONResponse.make(status: rendered.answer.isFound ? .ok : .notFound, body: rendered.output)
    }

    func random(_ parameters: QueryParameters) async throws -> Response {
        let language = try parameters.language("lang") ?? .english
        let count = try parameters.integer("count", default: 10, range: 1...1000)
        let options = RequestOptions(providers: try parameters.providers())
        let answer = try await withLookupSlot {
            try await service.randomWords(language: language, options: options).next(count)
        }
        guard let provider = answer.provider else {
            throw APIError.providersFailed(answer.failures, asked: answer.failures.count)
                ?? APIError(.unavailable, "no provider could give random \(language.englishName) words")
        }
        return JSONResponse.make(json: JSONOutput.encodeLine(JSONOutput.RandomDocument(answer: answer, provider: provider)))
    }

    func match(_ parameters: QueryParameters) async throws -> Response {
        let pattern = try parameters.required("pattern", example: "/v1/match?pattern=sere&strategy=prefix")
        let strategy: MatchStrategy
        if let text = try parameters.text("strategy") {
            guard let parsed = MatchStrategy(rawValue: text.lowercased()) else {
                throw APIError(.invalidRequest, "'strategy' is one of \(MatchStrategy.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
            }
            strategy = parsed
        } else {
            strategy = .prefix
        }
        let limit = try parameters.integer("limit", default: 100, range: 1...MatchQuery.maximumLimit)
        let language = try parameters.language("lang")
        let query: MatchQuery
        do {
            query = try MatchQuery(pattern, strategy: strategy, language: language, limit: limit)
        } catch {
            throw APIError(.invalidRequest, "invalid pattern: \(error)")
        }
        let options = RequestOptions(providers: try parameters.providers(), timeout: try parameters.timeout(), offline: try parameters.flag("offline"))
        let answer = try await withLookupSlot { try await service.match(query, options: options) }
        ServerMetrics.record(answer.outcomes)
        if !answer.isFound, let failure = APIError.providersFailed(answer.failures, asked: answer.outcomes.count) {
            throw failure
        }
        return JSONResponse.make(status: answer.isFound ? .ok : .notFound, json: JSONOutput.encodeLine(JSONOutput.MatchDocument(answer: answer)))
    }

    func providers() async -> Response {
        let infos = await JSONOutput.ProviderInfo.listing(of: service.registry)
        let document = JSONOutput.ProvidersDocument(providers: infos, problems: service.registry.problems)
        return JSONResponse.make(json: JSONOutput.encodeLine(document))
    }

    // MARK: dictionaryapi.dev

    /// `GET /api/v2/entries/{lang}/{word}`: the word is URL-decoded and trimmed as the real API does; `en_US` and
    /// `en_GB` mean English. Nothing found (or a language nothing covers) is the API's 404 object. lexagg's own
    /// `providers=`, `strategy=`, `timeout=` and `offline=` work as on `/v1/lookup` (the real API has no query
    /// parameters, so its clients send none); a bad one, or a provider named that cannot answer, is 400 with the
    /// API's error object saying which, not a 404 a client would take for "no such word".
    func dictionaryAPI(_ request: Request, _ context: ServerContext) async throws -> Response {
        // Percent-encoding that is not UTF-8 (`%FF`) names no word: the API's 404, without asking anyone.
        guard let code = Self.percentDecoded(context.parameters.get("lang") ?? ""),
              let decoded = Self.percentDecoded(context.parameters.get("word") ?? "")
        else { throw APIError(.notFound, "the path is not percent-encoded UTF-8") }
        let word = Self.trimmingSpaces(decoded)
        let options: RequestOptions
        do {
            options = try QueryParameters(request.uri.query).requestOptions(suggest: false)
        } catch {
            return ErrorRendering.dictionaryAPIInvalidRequest(error)
        }
        guard let language = Language(["en_US", "en_GB", "en-uk"].contains(code) ? "en" : code) else {
            throw APIError(.notFound, "no such language")
        }
        let query = try lookupQuery(word, language: language)
        let rendered: RenderedAnswer<ByteBuffer>
        do {
            rendered = try await withLookupSlot {
                try await service.define(query, options: options, rendering: bodies.dictionaryAPI)
            }
        } catch let error as APIError where error.code == .invalidRequest && options.providers != nil {
            return ErrorRendering.dictionaryAPIInvalidRequest(error)
        }
        // Not `check`: a miss is the API's 404 unless a provider that might know the word could not say, also when
        // every provider asked "failed" only by being left out (`offline=true` with only online ones for German).
        try checkLanguage(rendered.answer)
        guard rendered.answer.isFound else {
            if let failure = Self.unprovenMiss(rendered.answer.result.failures) { throw failure }
            throw APIError(.notFound, "no definitions")
        }
        return JSONResponse.make(body: rendered.output)
    }

    /// Nothing found, but a provider that might know the word could not say (down, slow, throttling, answering
    /// nonsense, refusing lexagg's key): dictionaryapi.dev's clients take a 404 for "no such word" and remember
    /// it, so this is the API's "Something Went Wrong" (502 for a bad answer or refused credentials, 503 else), or
    /// 429 when every such provider is rate limiting. A provider that does not cover the language or the word's
    /// form, or an online one not asked because the request said `offline=`, is no server problem: with only
    /// those, and the others answering "not found", the answer is the API's 404. `nil` when there is none.
    static func unprovenMiss(_ failures: [ProviderError]) -> APIError? {
        let serverProblems: [ProviderError.Code] = [.unavailable, .timeout, .rateLimited, .malformedResponse, .credentials, .cancelled]
        let failures = failures.filter { serverProblems.contains($0.code) }
        return APIError.providersFailed(failures, asked: failures.count)
    }

    // MARK: Shared

    /// The paths of the routes (every one answers GET and HEAD only).
    static let paths: Set<String> = [
        "/v1/lookup", "/v1/translate", "/v1/random", "/v1/match", "/v1/providers", "/openapi.json", "/healthz", "/metrics",
    ]

    /// Whether `path` is one of the routes' (a dictionaryapi.dev word's among them).
    static func isRoute(_ path: String) -> Bool {
        // `/v1/lookup/` reaches the route as `/v1/lookup` does.
        let path = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return paths.contains(path) || (path.hasPrefix("/api/v2/entries/") && path.split(separator: "/").count == 5)
    }

    /// `text` percent-decoded; `nil` when it is not percent-encoded UTF-8 (`%FF`, `%zz`). Foundation's decoding is slow
    /// even with nothing to decode.
    static func percentDecoded(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return text.removingPercentEncoding
    }

    /// `text.trimmingCharacters(in: .whitespaces)` (tabs and Unicode space separators), without Foundation's
    /// bridging when `text` neither starts nor ends with one (an ASCII letter, say).
    static func trimmingSpaces(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last,
              first < 0x80, last < 0x80, first != 0x20, first != 0x09, last != 0x20, last != 0x09
        else { return text.trimmingCharacters(in: .whitespaces) }
        return text
    }

    func lookupQuery(_ word: String, language: Language?) throws(APIError) -> LookupQuery {
        do {
            return try LookupQuery(Normalization.nfc(word), language: language)
        } catch {
            throw APIError(.invalidRequest, "invalid word: \(error)")
        }
    }

    /// Records the answer's outcomes; throws when every provider failed (the status says how).
    func check(_ answer: LookupAnswer) throws(APIError) {
        try checkLanguage(answer)
        if !answer.isFound, let failure = APIError.providersFailed(answer.result.failures, asked: answer.result.outcomes.count) {
            throw failure
        }
    }

    /// Records the answer's outcomes; throws when the language asked is one no provider covers.
    func checkLanguage(_ answer: LookupAnswer) throws(APIError) {
        ServerMetrics.record(answer.result.outcomes)
        // A code that names no language, offline too (the online sources said "not cached"): 400, not 503 and retry.
        if let language = answer.language, answer.failedForLanguage(language) {
            throw APIError(.invalidRequest, LookupAnswer.uncoveredLanguageMessage(language))
        }
    }

    /// Runs `body` in one of the lookup slots, or refuses with 503 when all are taken.
    func withLookupSlot<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        guard lookups.tryAcquire() else {
            ServerMetrics.rejected("busy")
            let running = lookups.capacity == 1 ? "1 lookup is" : "\(lookups.capacity) lookups are"
            throw APIError(.busy, "\(running) already running; try again shortly", retryAfter: 1)
        }
        defer { lookups.release() }
        do {
            return try await body()
        } catch let error as LookupServiceError {
            throw APIError(error)
        }
    }
}
