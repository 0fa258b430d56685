import Foundation
import HTTPTypes
import Hummingbird
import LexAggDocuments
import Logging
import NIOCore

/// One access-log line per request through swift-log, at `notice`: method, path, status, time, client.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let logger: Logger

    @concurrent func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.notice(
            "\(request.method.rawValue) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms",
            metadata: ["client": .string(context.clientKey)]
        )
        return response
    }
}

/// Turns every error thrown below it into a response in the route's shape: lexagg's JSON error for its own routes,
/// dictionaryapi.dev's objects for `/api/v2/` (``ErrorRendering``).
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let logger: Logger

    @concurrent func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return ErrorRendering.response(error, path: request.uri.path)
        } catch let error as any HTTPResponseError {
            let code: APIError.Code =
                switch error.status {
                case .notFound: .notFound
                case .methodNotAllowed: .invalidRequest
                case .contentTooLarge: .requestTooLarge
                default: error.status.code < 500 ? .invalidRequest : .internalError
                }
            // A route's path asked with another method (POST /v1/lookup): 405, not "no such route".
            if error.status == .notFound, request.method != .get, request.method != .head, Routes.isRoute(request.uri.path) {
                return ErrorRendering.response(
                    APIError(.methodNotAllowed, "\(request.method.rawValue) \(request.uri.path): this route answers GET and HEAD"),
                    path: request.uri.path
                )
            }
            let message = error.status == .notFound
                ? "no such route: \(request.method.rawValue) \(request.uri.path); GET /openapi.json lists them"
                : "\(error.status)"
            return ErrorRendering.response(APIError(code, message), path: request.uri.path)
        } catch {
            logger.error("internal error answering \(request.uri.path): \(error)")
            return ErrorRendering.response(APIError(.internalError, "internal error: \(error)"), path: request.uri.path)
        }
    }
}

/// The checks before any route runs: request size, the token, the client's rate limit. `/healthz` needs no token
/// and is not rate limited (monitors poll it); `/metrics` needs the token but is not rate limited.
struct GateMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let settings: HTTPServerSettings
    let rateLimiter: RateLimiter?

    @concurrent func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let path = request.uri.path
        if request.uri.string.utf8.count > settings.maxURIBytes {
            throw APIError(.uriTooLong, "the request line is over \(settings.maxURIBytes) bytes")
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > settings.maxBodyBytes {
            throw APIError(.requestTooLarge, "request bodies are limited to \(settings.maxBodyBytes) bytes (every route is GET)")
        }
        if request.headers[.transferEncoding] != nil {
            // A chunked body states no length: it is read up to the limit and refused past it (it went through).
            do {
                _ = try await request.body.collect(upTo: settings.maxBodyBytes)
            } catch {
                throw APIError(.requestTooLarge, "request bodies are limited to \(settings.maxBodyBytes) bytes (every route is GET)")
            }
        }
        if path == "/healthz" { return try await next(request, context) }
        if let token = settings.token, !Self.authorized(request.headers[.authorization], token: token) {
            ServerMetrics.rejected("unauthorized")
            throw APIError(.unauthorized, "this server requires 'Authorization: Bearer <token>' (the --token it was started with)")
        }
        if path != "/metrics", let rateLimiter, let wait = rateLimiter.take(context.clientKey) {
            ServerMetrics.rejected("rate-limited")
            throw APIError(.rateLimited, "too many requests from \(context.clientKey); try again in \(wait) s", retryAfter: wait)
        }
        return try await next(request, context)
    }

    /// Whether `header` is `Bearer <token>`, compared in constant time.
    static func authorized(_ header: String?, token: String) -> Bool {
        guard let header, header.count > 7, header.prefix(7).lowercased() == "bearer " else { return false }
        let given = Array(header.dropFirst(7).trimmingCharacters(in: .whitespaces).utf8)
        let expected = Array(token.utf8)
        var difference = given.count ^ expected.count
        for index in expected.indices {
            difference |= Int(expected[index] ^ (index < given.count ? given[index] : 0))
        }
        return difference == 0
    }
}

/// Errors as responses, in the shape of the route family they answer.
enum ErrorRendering {
    static func isDictionaryAPI(_ path: String) -> Bool { path.hasPrefix("/api/v2/") }

    /// A bad lexagg parameter of `/api/v2/` (`providers=nosuch`): 400 with the API's error object saying what is
    /// wrong (the real API has no parameters, so no answer of its own for this).
    static func dictionaryAPIInvalidRequest(_ error: APIError) -> Response {
        let body = DictionaryAPIError(title: "Invalid Request", message: error.message, resolution: "See GET /openapi.json.")
        return JSONResponse.make(status: .badRequest, json: JSONOutput.encodeCompactInOrder(body))
    }

    static func response(_ error: APIError, path: String) -> Response {
        guard isDictionaryAPI(path) else { return error.response() }
        switch error.status {
        case .tooManyRequests:
            // The real API's own limiter answers in plain text.
            var headers = error.headers
            headers[.contentType] = "text/html; charset=utf-8"
            // As on every other answer: a page's script can read that it was throttled (and its Retry-After).
            headers[.accessControlAllowOrigin] = "*"
            return Response(
                status: .tooManyRequests, headers: headers,
                body: ResponseBody(byteBuffer: ByteBuffer(string: DictionaryAPIError.rateLimitedText))
            )
        case .notFound, .badRequest:
            // The real API answers "No Definitions Found" for anything it cannot look up (an unsupported language too).
            return JSONResponse.make(status: .notFound, json: JSONOutput.encodeCompactInOrder(DictionaryAPIError.noDefinitionsFound))
        case .unauthorized, .contentTooLarge, .uriTooLong:
            let body = DictionaryAPIError(title: error.code == .unauthorized ? "Unauthorized" : "Request Too Large",
                                          message: error.message, resolution: "See GET /openapi.json.")
            return JSONResponse.make(status: error.status, json: JSONOutput.encodeCompactInOrder(body), headers: error.headers)
        default:
            return JSONResponse.make(
                status: error.status, json: JSONOutput.encodeCompactInOrder(DictionaryAPIError.somethingWentWrong), headers: error.headers
            )
        }
    }
}
