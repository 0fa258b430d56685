import Foundation
import Hummingbird
import LexAggAggregation
import LexAggHTTPServer
import Logging
import Testing

/// `/openapi.json` names exactly the router's routes, and real responses validate against its schemas.
@Suite(.serialized) struct OpenAPITests {
    @Test func theDocumentListsEveryRouteAndNoOther() async throws {
        let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
        let service = LookupService(registry: try TestRegistry.make(), cache: nil, logger: logger)
        let router = HTTPAPIServer(service: service, logger: logger, settings: HTTPServerSettings()).router()
        let routes = Set(router.routes.map { "\($0.method) \($0.path)" })
        try await TestServer.with { server in
            let reply = try await server.get("/openapi.json")
            #expect(reply.status == 200)
            let document = reply.object
            #expect(document["openapi"] as? String == "3.1.0")
            let paths = try #require(document["paths"] as? [String: [String: Any]])
            var documented: Set<String> = []
            for (path, operations) in paths {
                for method in operations.keys { documented.insert("\(method.uppercased()) \(path)") }
            }
            #expect(!routes.isEmpty)
            #expect(routes.subtracting(documented).isEmpty, "routes missing from /openapi.json: \(routes.subtracting(documented).sorted())")
            #expect(documented.subtracting(routes).isEmpty, "documented but not routed: \(documented.subtracting(routes).sorted())")
            // Every error code the server sends is one the document lists.
            let codes = ((((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Error"] as? [String: Any])
                .flatMap { ($0["properties"] as? [String: Any])?["error"] as? [String: Any] }
                .flatMap { ($0["properties"] as? [String: Any])?["code"] as? [String: Any] })?["enum"] as? [String]
            #expect(codes == APIError.Code.all.map(\.rawValue), "\(codes ?? [])")
        }
    }

    /// Each route's real answer against the schema its document declares for that status.
    @Test func responsesValidateAgainstTheirSchemas() async throws {
        try await TestServer.with { server in
            let document = try await server.get("/openapi.json").object
            let validator = SchemaValidator(document: document)
            let cases: [(path: String, route: String, status: Int)] = [
                ("/v1/lookup?word=serendipity", "/v1/lookup", 200),
                ("/v1/lookup?word=serendipitx&providers=wordnet", "/v1/lookup", 404),
                ("/v1/lookup?word=house&strategy=best", "/v1/lookup", 400),
                ("/v1/translate?word=house&from=en&to=de", "/v1/translate", 200),
                ("/v1/random?count=3", "/v1/random", 200),
                ("/v1/providers", "/v1/providers", 200),
                ("/api/v2/entries/en/house", "/api/v2/entries/{lang}/{word}", 200),
                ("/api/v2/entries/en/qwzxvbn", "/api/v2/entries/{lang}/{word}", 404),
                ("/healthz", "/healthz", 200),
            ]
            for item in cases {
                let reply = try await server.get(item.path)
                #expect(reply.status == item.status, "\(item.path): \(reply.body.prefix(300))")
                let schema = try #require(validator.responseSchema(route: item.route, status: item.status), "\(item.route) \(item.status)")
                let problems = validator.validate(try #require(reply.json), against: schema, at: item.path)
                #expect(problems.isEmpty, "\(problems.prefix(5))")
            }
        }
    }
}

/// The subset of JSON Schema the document uses: `$ref`, `type`, `required`, `properties`, `items`, `enum`, `const`.
struct SchemaValidator {
    let document: [String: Any]

    func responseSchema(route: String, status: Int) -> [String: Any]? {
        let paths = document["paths"] as? [String: Any]
        let operation = (paths?[route] as? [String: Any])?["get"] as? [String: Any]
        let responses = operation?["responses"] as? [String: Any]
        guard var response = (responses?[String(status)] ?? responses?["default"]) as? [String: Any] else { return nil }
        if let ref = response["$ref"] as? String { response = resolve(ref) }
        let content = response["content"] as? [String: Any]
        return (content?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
    }

    func resolve(_ ref: String) -> [String: Any] {
        var node: Any = document
        for part in ref.dropFirst(2).split(separator: "/") { node = (node as? [String: Any])?[String(part)] ?? [:] }
        return node as? [String: Any] ?? [:]
    }

    func validate(_ value: Any, against schema: [String: Any], at path: String) -> [String] {
        if let ref = schema["$ref"] as? String { return validate(value, against: resolve(ref), at: path) }
        var problems: [String] = []
        if let type = schema["type"] as? String, !matches(value, type) { return ["\(path): not \(type)"] }
        if let options = schema["enum"] as? [String], let text = value as? String, !options.contains(text) {
            problems.append("\(path): '\(text)' not in \(options)")
        }
        if let constant = schema["const"] as? String, value as? String != constant { problems.append("\(path): not \(constant)") }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { problems.append("\(path).\(key): missing") }
            for (key, sub) in schema["properties"] as? [String: [String: Any]] ?? [:] {
                if let item = object[key] { problems += validate(item, against: sub, at: "\(path).\(key)") }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, item) in array.enumerated() { problems += validate(item, against: items, at: "\(path)[\(index)]") }
        }
        return problems
    }

    func matches(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "object": value is [String: Any]
        case "array": value is [Any]
        case "string": value is String
        case "integer": (value as? NSNumber).map { $0.doubleValue == $0.doubleValue.rounded() } ?? false
        case "number": value is NSNumber
        case "boolean": value is Bool || value is NSNumber
        default: true
        }
    }
}
