#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// Encodes any `Encodable` to the same bytes as Foundation's `JSONEncoder` with `.sortedKeys`,
/// `.withoutEscapingSlashes` and `.iso8601` dates (plus `.prettyPrinted` when `pretty`), several times faster.
///
/// `lookup --batch --format json` writes one document per word, and Foundation's encoder was a quarter of a
/// batch's time (callgrind): it checks every value against Foundation's special types by dynamic casts, keeps a
/// coding path per value and collects objects in dictionaries. This one compares metatypes, builds the path only
/// when someone asks for it, and keeps members in arrays. `FastJSONEncoderTests` compares the two byte for byte.
public struct FastJSONEncoder: Sendable {
    public var pretty: Bool
    /// Whether objects' keys are sorted (as `.sortedKeys` does); else they are written in the order each value
    /// encoded them: a synthesised `Codable` type's declaration order (dictionaryapi.dev's bodies, whose order its
    /// clients' recorded responses have).
    public var sortedKeys: Bool

    public init(pretty: Bool = false, sortedKeys: Bool = true) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }

    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        if T.self == JSONOutput.LookupDocument.self {
            // One a word in a batch: written from its fields (DocumentJSON.swift).
            var writer = JSONTreeWriter(pretty: pretty, capacity: 4096)
            try writer.write(lookup: value as! JSONOutput.LookupDocument, depth: 0)
            return writer.finish()
        }
        let tree = try JSONTreeEncoder.box(value, parent: nil, key: nil, memo: JSONTreeMemo())
        var writer = JSONTreeWriter(pretty: pretty, sortedKeys: sortedKeys)
        writer.write(tree)
        return writer.finish()
    }
}

/// The `Encoder` one value is encoded with; nested values get their own, linked to their parent for the coding path.
final class JSONTreeEncoder: Encoder {
    private let parent: JSONTreeEncoder?
    private let key: (any CodingKey)?
    /// The document's values already boxed, shared by every encoder of one document.
    let memo: JSONTreeMemo
    /// What the value encoded itself as, once it asked for a container.
    var value: JSONTreeValue?

    init(parent: JSONTreeEncoder?, key: (any CodingKey)?, memo: JSONTreeMemo? = nil) {
        self.parent = parent
        self.key = key
        self.memo = memo ?? parent?.memo ?? JSONTreeMemo()
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: JSONTreeEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let node: JSONObjectNode
        if case .object(let existing) = value {
            node = existing
        } else {
            node = JSONObjectNode()
            value = .object(node)
        }
        return KeyedEncodingContainer(JSONTreeKeyedContainer<Key>(encoder: self, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let node: JSONArrayNode
        if case .array(let existing) = value {
            node = existing
        } else {
            node = JSONArrayNode()
            value = .array(node)
        }
        return JSONTreeUnkeyedContainer(encoder: self, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONTreeSingleValueContainer(encoder: self)
    }

    /// `value` as a tree value: Foundation's special types as Foundation's encoder writes them, anything else by its
    /// own `encode(to:)` (a value that encodes nothing is `{}`, as in Foundation).
    static func box<T: Encodable>(
        _ value: T, parent: JSONTreeEncoder?, key: (any CodingKey)?, memo: JSONTreeMemo? = nil
    ) throws -> JSONTreeValue {
        if T.self == String.self { return .string(value as! String) }
        if T.self == [String].self {
            // Labels, examples, synonyms: an array of strings is an array node of strings (as Array's own encoding
            // would make it, without an encoder and a container per array).
            let node = JSONArrayNode()
            node.values = (value as! [String]).map(JSONTreeValue.string)
            return .array(node)
        }
        if T.self == [Entry].self {
            // An answer's entries: written from their fields (EntryJSON.swift), no encoder or tree per value.
            let node = JSONArrayNode()
            node.values = (value as! [Entry]).map(JSONTreeValue.entry)
            return .array(node)
        }
        if T.self == Entry.self { return .entry(value as! Entry) }
        if T.self == [Provenance].self {
            // A sense's sources.
            let node = JSONArrayNode()
            node.values = try (value as! [Provenance]).map { try box($0, parent: parent, key: key, memo: memo) }
            return .array(node)
        }
        if T.self == Provenance.self {
            // Every sense, pronunciation and entry of an answer names its provenance, nearly always the same one:
            // boxed once per document and the node shared (the writer only reads it).
            let provenance = value as! Provenance
            let memo = memo ?? parent?.memo ?? JSONTreeMemo()
            if let node = memo.provenanceNode, memo.provenance == provenance { return node }
            let encoder = JSONTreeEncoder(parent: parent, key: key, memo: memo)
            try value.encode(to: encoder)
            let node = encoder.value ?? .object(JSONObjectNode())
            (memo.provenance, memo.provenanceNode) = (provenance, node)
            return node
        }
        if T.self == Date.self { return .string(JSONLiteral.iso8601(value as! Date)) }
        if T.self == URL.self { return .string((value as! URL).absoluteString) }
        if T.self == Data.self { return .string((value as! Data).base64EncodedString()) }
        if T.self == Decimal.self { return .literal((value as! Decimal).description) }
        let encoder = JSONTreeEncoder(parent: parent, key: key, memo: memo)
        try value.encode(to: encoder)
        return encoder.value ?? .object(JSONObjectNode())
    }
}

/// What one document's encoders remember: the last provenance boxed and its node.
final class JSONTreeMemo {
    var provenance: Provenance?
    var provenanceNode: JSONTreeValue?
}

struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONTreeEncoder
    let node: JSONObjectNode
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { node.set(key.stringValue, .literal("null")) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.set(key.stringValue, .literal(value ? "true" : "false")) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { node.set(key.stringValue, .literal(try JSONLiteral.number(value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { node.set(key.stringValue, .literal(try JSONLiteral.number(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { node.set(key.stringValue, .literal(String(value))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.set(key.stringValue, try JSONTreeEncoder.box(value, parent: encoder, key: key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONTreeEncoder(parent: encoder, key: key)
        if let existing = node.node(key.stringValue) { child.value = existing }
        let container = child.container(keyedBy: keyType)
        node.set(key.stringValue, child.value!)
        return container
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = JSONTreeEncoder(parent: encoder, key: key)
        if let existing = node.node(key.stringValue) { child.value = existing }
        let container = child.unkeyedContainer()
        node.set(key.stringValue, child.value!)
        return container
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

    private func superEncoder(named name: String) -> any Encoder {
        let child = JSONTreeEncoder(parent: encoder, key: JSONIndexKey(stringValue: name))
        // The member is filled in when the super class encodes: an empty object until then.
        let object = JSONObjectNode()
        child.value = .object(object)
        node.set(name, .object(object))
        return child
    }
}

struct JSONTreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONTreeEncoder
    let node: JSONArrayNode
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { node.values.count }

    mutating func encodeNil() throws { node.values.append(.literal("null")) }
    mutating func encode(_ value: Bool) throws { node.values.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) throws { node.values.append(.string(value)) }
    mutating func encode(_ value: Double) throws { node.values.append(.literal(try JSONLiteral.number(value))) }
    mutating func encode(_ value: Float) throws { node.values.append(.literal(try JSONLiteral.number(value))) }
    mutating func encode(_ value: Int) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: Int8) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: Int16) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: Int32) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: Int64) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: UInt) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: UInt8) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: UInt16) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: UInt32) throws { node.values.append(.literal(String(value))) }
    mutating func encode(_ value: UInt64) throws { node.values.append(.literal(String(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.values.append(try JSONTreeEncoder.box(value, parent: encoder, key: JSONIndexKey(intValue: count)))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = JSONTreeEncoder(parent: encoder, key: JSONIndexKey(intValue: count))
        let container = child.container(keyedBy: keyType)
        node.values.append(child.value!)
        return container
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = JSONTreeEncoder(parent: encoder, key: JSONIndexKey(intValue: count))
        let container = child.unkeyedContainer()
        node.values.append(child.value!)
        return container
    }

    mutating func superEncoder() -> any Encoder {
        let child = JSONTreeEncoder(parent: encoder, key: JSONIndexKey(intValue: count))
        let object = JSONObjectNode()
        child.value = .object(object)
        node.values.append(.object(object))
        return child
    }
}

struct JSONTreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.value = .literal("null") }
    mutating func encode(_ value: Bool) throws { encoder.value = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { encoder.value = .string(value) }
    mutating func encode(_ value: Double) throws { encoder.value = .literal(try JSONLiteral.number(value)) }
    mutating func encode(_ value: Float) throws { encoder.value = .literal(try JSONLiteral.number(value)) }
    mutating func encode(_ value: Int) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: Int8) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: Int16) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: Int32) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: Int64) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: UInt) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: UInt8) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: UInt16) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: UInt32) throws { encoder.value = .literal(String(value)) }
    mutating func encode(_ value: UInt64) throws { encoder.value = .literal(String(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.value = try JSONTreeEncoder.box(value, parent: encoder, key: nil)
    }
}

/// A key for an array index or a `super` member in a coding path.
struct JSONIndexKey: CodingKey {
    private let name: String?
    var intValue: Int?
    /// `Index 3` for an array index: made only when a coding path is asked for (every element of every array gets
    /// a key, and making its text cost more than encoding most elements).
    var stringValue: String { name ?? "Index \(intValue ?? 0)" }

    init(stringValue: String) {
        name = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        name = nil
        self.intValue = intValue
    }
}
