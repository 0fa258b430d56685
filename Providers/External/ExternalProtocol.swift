import Foundation
import LexAggCore

/// The wire format of the external-provider protocol (docs/external-providers.md): newline-delimited JSON-RPC 2.0.
///
/// Not meant for adoption: the types here are shared by the provider and `lexagg provider check`.
public enum ExternalProtocol {
    /// The protocol version lexagg speaks, sent in `initialize`'s params.
    public static let version = 1
    /// The longest line lexagg reads from a provider; a longer one is a malformed response.
    public static let lineLimit = 8 << 20

    /// A request line: `{"jsonrpc":"2.0","id":1,"method":"define","params":{…}}` and its newline.
    public static func requestLine(id: Int, method: String, params: [String: JSONValue]?) -> Data {
        var object: [String: JSONValue] = ["jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method)]
        if let params { object["params"] = .object(params) }
        var data = (try? encoder.encode(JSONValue.object(object))) ?? Data()
        data.append(0x0A)
        return data
    }

    /// The result of `method`'s response `line`, decoded as `T`.
    /// - Throws: ``ExternalFailure/rpcError(code:message:dataCode:)`` for an error response,
    ///   ``ExternalFailure/malformed(_:excerpt:)`` for anything that is not a response of that shape.
    public static func result<T: Decodable>(_ type: T.Type, of method: String, from line: Data) throws(ExternalFailure) -> T {
        let envelope: Envelope<T>
        do {
            envelope = try decoder.decode(Envelope<T>.self, from: line)
        } catch {
            throw .malformed("the answer to '\(method)' does not have the expected shape (\(describe(error)))", excerpt: excerpt(line))
        }
        guard envelope.jsonrpc == "2.0" else {
            throw .malformed("the answer to '\(method)' is not JSON-RPC 2.0 (no \"jsonrpc\": \"2.0\")", excerpt: excerpt(line))
        }
        if let error = envelope.error {
            throw .rpcError(code: error.code, message: error.message, dataCode: error.data?.code)
        }
        guard let result = envelope.result else {
            throw .malformed("the answer to '\(method)' has neither a result nor an error", excerpt: excerpt(line))
        }
        return result
    }

    /// `initialize`'s result: what the provider says about itself.
    public struct Descriptor: Codable, Sendable, Hashable {
        public var id: String
        public var name: String
        public var capabilities: [String]
        public var languages: [String]?
        public var online: Bool?
        public var translationPairs: [Pair]?
        public var license: String?
        public var source: String?
        public var protocolVersion: Int?
        /// With the `match` capability: the strategies its `match` method answers (`exact`, `prefix`, `substring`,
        /// `suffix`, `regex`, `soundex`, `lev`).
        public var matchStrategies: [String]?

        public struct Pair: Codable, Sendable, Hashable {
            public var from: String
            public var to: String
        }

        /// The capability names the protocol knows, and what each means to lexagg.
        public static let knownCapabilities: [(String, ProviderCapabilities)] = [
            ("define", .define), ("translate", .translate), ("random", .randomWords), ("suggest", .match), ("match", .match),
        ]

        /// The strategies of `matchStrategies` (none without the `match` capability), or why they are not acceptable.
        public func strategies() -> Result<[MatchStrategy], ExternalFailure> {
            let names = matchStrategies ?? []
            var strategies: [MatchStrategy] = []
            for name in names {
                guard let strategy = MatchStrategy(rawValue: name) else {
                    return .failure(.malformed(
                        "initialize: unknown match strategy '\(name)' (known: \(MatchStrategy.allCases.map(\.rawValue).joined(separator: ", ")))",
                        excerpt: nil
                    ))
                }
                if !strategies.contains(strategy) { strategies.append(strategy) }
            }
            if capabilities.contains("match") && strategies.isEmpty {
                return .failure(.malformed("initialize: 'match' needs matchStrategies, e.g. [\"exact\", \"prefix\"]", excerpt: nil))
            }
            return .success(capabilities.contains("match") ? strategies : [])
        }

        /// lexagg's descriptor for this one, or a one-line reason why it is not acceptable.
        public func validated(source fallbackSource: String) -> Result<ProviderDescriptor, ExternalFailure> {
            guard let providerID = ProviderID(id) else {
                return .failure(.malformed("initialize: '\(id)' is not a provider id (lower-case letters, digits, '-')", excerpt: nil))
            }
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                return .failure(.malformed("initialize: the name is empty", excerpt: nil))
            }
            var capabilitySet: ProviderCapabilities = []
            for name in capabilities {
                guard let known = Self.knownCapabilities.first(where: { $0.0 == name }) else {
                    return .failure(.malformed(
                        "initialize: unknown capability '\(name)' (known: define, translate, random, suggest, match)", excerpt: nil
                    ))
                }
                capabilitySet.insert(known.1)
            }
            var parsedLanguages: [Language] = []
            for code in languages ?? [] {
                guard let language = Language(code) else {
                    return .failure(.malformed("initialize: '\(code)' is not a language code", excerpt: nil))
                }
                parsedLanguages.append(language)
            }
            var pairs: [LanguagePair] = []
            for pair in translationPairs ?? [] {
                guard let from = Language(pair.from), let to = Language(pair.to) else {
                    return .failure(.malformed("initialize: translation pair \(pair.from)→\(pair.to) is not two language codes", excerpt: nil))
                }
                pairs.append(LanguagePair(source: from, target: to))
            }
            if case .failure(let failure) = strategies() { return .failure(failure) }
            if capabilitySet.contains(.translate) && pairs.isEmpty {
                return .failure(.malformed("initialize: 'translate' needs translationPairs, e.g. [{\"from\":\"en\",\"to\":\"de\"}]", excerpt: nil))
            }
            return .success(ProviderDescriptor(
                id: providerID, displayName: name, capabilities: capabilitySet, languages: parsedLanguages,
                // Never inline: a separate process gets its own task and the deadlines, whether or not it goes online
                // (an online one is also cached; an offline one answers with --offline).
                translationPairs: pairs, requiresNetwork: online ?? false, source: source ?? fallbackSource,
                license: license, configurationFingerprint: fallbackSource, runsInline: false
            ))
        }
    }

    /// `define` and `translate`'s result.
    public struct EntriesResult: Codable, Sendable {
        public var entries: [Entry]
    }

    /// `random`, `suggest` and `match`'s result.
    public struct WordsResult: Codable, Sendable {
        public var words: [String]
    }

    struct Envelope<T: Decodable>: Decodable {
        var jsonrpc: String?
        var result: T?
        var error: RPCError?
    }

    struct RPCError: Decodable {
        var code: Int
        var message: String
        var data: ErrorData?

        struct ErrorData: Decodable {
            var code: String?
        }
    }

    /// Only the id of a line, to route it to its request.
    struct Header: Decodable {
        var id: Int?
        var method: String?
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    /// The first 200 characters of `data`, for messages.
    public static func excerpt(_ data: Data) -> String {
        let text = String(decoding: data.prefix(200), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines) + (data.count > 200 ? "…" : "")
    }

    /// A decoding error in one line: what was wrong and where.
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "" : " at result\(keys)"
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context): return "missing \"\(key.stringValue)\"\(path(context))"
        case DecodingError.typeMismatch(_, let context): return "\(context.debugDescription)\(path(context))"
        case DecodingError.valueNotFound(_, let context): return "null\(path(context))"
        case DecodingError.dataCorrupted(let context): return "\(context.debugDescription)\(path(context))"
        default: return "\(error)"
        }
    }
}

/// A JSON value, for request parameters.
public enum JSONValue: Codable, Sendable, Hashable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case object([String: JSONValue])
    case array([JSONValue])
    case null

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { try container.encode(Int64(value)) } else { try container.encode(value) }
        case .bool(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}

/// What went wrong talking to an external provider, before it is a ``ProviderError``.
public enum ExternalFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The executable could not be started.
    case launch(String)
    /// The process ended or closed its output; `status` describes how, `stderr` is the tail of its error output.
    case exited(String, stderr: String)
    /// No answer within the time limit (the process was ended).
    case timeout(String)
    /// The process wrote something that is not a valid answer.
    case malformed(String, excerpt: String?)
    /// The process answered with a JSON-RPC error.
    case rpcError(code: Int, message: String, dataCode: String?)
    /// The request was abandoned (its caller was cancelled).
    case cancelled

    public var description: String {
        switch self {
        case .launch(let message): "cannot start: \(message)"
        case .exited(let status, let stderr): stderr.isEmpty ? status : "\(status); its error output ends: \(stderr)"
        case .timeout(let message): message
        case .malformed(let message, let excerpt): excerpt.map { "\(message): \($0)" } ?? message
        case .rpcError(let code, let message, let dataCode):
            "error \(code)\(dataCode.map { " (\($0))" } ?? ""): \(message)"
        case .cancelled: "cancelled"
        }
    }
}
