import Foundation
import LexAggCore
import LexAggJSON

extension DatasetMetadata {
    /// The metadata as the importer writes it (Foundation's `JSONEncoder`, ISO 8601 dates), read with
    /// ``JSONReader``: opening a dataset went through Foundation's `JSONDecoder`, ~3 million instructions (its
    /// dynamic casts and type lookups) at every start of every command that asks an offline Wiktionary. Nil when
    /// anything is not exactly as the importer writes it: a required field missing or of another type, a number that
    /// is not a whole `Int`, a date in another form; the caller then asks Foundation's decoder, which decides (and says
    /// what is wrong). Members it does not know are skipped, as that decoder skips them.
    static func read(_ bytes: UnsafeRawBufferPointer) -> DatasetMetadata? {
        var reader = JSONReader(bytes)
        do throws(JSONReader.Malformed) {
            guard reader.kind() == .object, try reader.enterObject() else { return nil }
            var formatVersion: Int?, name: String?, sourceFile: String?, sourceBytes: Int?, sourceDate: Date?
            var importedAt: Date?, languageFilter: [String]?, entries: Int?, keys: Int?, lines: Int?
            var malformedLines: Int?, languages: [String: Int]?, languageNames: [String: String]?
            var translations: [String: [String: Int]]?
            repeat {
                let key = String(decoding: try reader.key(), as: UTF8.self)
                switch key {
                case "formatVersion": formatVersion = try Self.int(&reader)
                case "name": name = try reader.string()
                case "sourceFile": sourceFile = try reader.string()
                case "sourceBytes": sourceBytes = try Self.int(&reader)
                case "sourceDate": sourceDate = try reader.string().flatMap(CivilDate.moment(iso8601:))
                case "importedAt": importedAt = try reader.string().flatMap(CivilDate.moment(iso8601:))
                case "languageFilter": languageFilter = try Self.array(&reader) { (reader) throws(JSONReader.Malformed) in try reader.string() }
                case "entries": entries = try Self.int(&reader)
                case "keys": keys = try Self.int(&reader)
                case "lines": lines = try Self.int(&reader)
                case "malformedLines": malformedLines = try Self.int(&reader)
                case "languages": languages = try Self.object(&reader) { (reader) throws(JSONReader.Malformed) in try Self.int(&reader) }
                case "languageNames": languageNames = try Self.object(&reader) { (reader) throws(JSONReader.Malformed) in try reader.string() }
                case "translations":
                    translations = try Self.object(&reader) { (reader) throws(JSONReader.Malformed) in
                        try Self.object(&reader) { (reader) throws(JSONReader.Malformed) in try Self.int(&reader) }
                    }
                default: try reader.skip()
                }
            } while try reader.nextMember()
            guard reader.atEnd(), let formatVersion, let name, let sourceFile, let sourceBytes, let sourceDate,
                  let importedAt, let languageFilter, let entries, let keys, let lines, let malformedLines,
                  let languages, let languageNames, let translations
            else { return nil }
            var metadata = DatasetMetadata(
                name: name, sourceFile: sourceFile, sourceBytes: sourceBytes, sourceDate: sourceDate,
                importedAt: importedAt, languageFilter: languageFilter, entries: entries, keys: keys, lines: lines,
                malformedLines: malformedLines, languages: languages, languageNames: languageNames,
                translations: translations
            )
            metadata.formatVersion = formatVersion
            return metadata
        } catch {
            return nil
        }
    }

    /// A whole number as an `Int`; nil for anything else (read and dropped).
    private static func int(_ reader: inout JSONReader) throws(JSONReader.Malformed) -> Int? {
        try reader.number().flatMap { Int($0) }
    }

    /// An array whose elements `element` all read; nil when it is not an array or one does not.
    private static func array<T>(
        _ reader: inout JSONReader, _ element: (inout JSONReader) throws(JSONReader.Malformed) -> T?
    ) throws(JSONReader.Malformed) -> [T]? {
        guard reader.kind() == .array else { try reader.skip(); return nil }
        var found: [T] = []
        var complete = true
        if try reader.enterArray() {
            repeat {
                if let item = try element(&reader) { found.append(item) } else { complete = false }
            } while try reader.nextElement()
        }
        return complete ? found : nil
    }

    /// An object whose values `value` all read; nil when it is not an object or one does not.
    private static func object<T>(
        _ reader: inout JSONReader, _ value: (inout JSONReader) throws(JSONReader.Malformed) -> T?
    ) throws(JSONReader.Malformed) -> [String: T]? {
        guard reader.kind() == .object else { try reader.skip(); return nil }
        // Room for every member first: growing a `[String: …]` goes through the standard library's own specialisation,
        // which makes the storage's type from its mangled name, and its first use in a process scans the binary's
        // conformance records for `String: Hashable` (0.84 million instructions, a quarter of a one-word offline
        // lookup). Counting the members is a skip of a few hundred bytes.
        var counter = reader
        var members = 0
        if try counter.enterObject() {
            repeat {
                _ = try counter.key()
                try counter.skip()
                members += 1
            } while try counter.nextMember()
        }
        var found = [String: T](minimumCapacity: members)
        var complete = true
        if try reader.enterObject() {
            repeat {
                let key = String(decoding: try reader.key(), as: UTF8.self)
                if let item = try value(&reader) { found[key] = item } else { complete = false }
            } while try reader.nextMember()
        }
        return complete ? found : nil
    }
}

extension DatasetMetadata {
    /// The metadata as the importer writes it: JSON, keys sorted (each object's too), dates in ISO 8601 (UTC, whole
    /// seconds), what ``read(_:)`` reads and Foundation's decoder with its `.iso8601` strategy. Written by hand:
    /// Foundation's `JSONEncoder` with that strategy cost each import 1.5 ms (its generic encoding machinery made by
    /// name on first use, and the time zone looked up), a twentieth of importing 10 MB.
    func json() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    out.append(UInt8(ascii: "\\"))
                    out.append(byte)
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                default:
                    out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
        func int(_ value: Int) { out += Array(String(value).utf8) }
        func object<Value>(_ members: [String: Value], _ write: (Value) -> Void) {
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                string(key)
                out.append(UInt8(ascii: ":"))
                write(members[key]!)
            }
            out.append(UInt8(ascii: "}"))
        }
        var first = true
        func key(_ name: String) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            string(name)
            out.append(UInt8(ascii: ":"))
        }
        key("entries"); int(entries)
        key("formatVersion"); int(formatVersion)
        key("importedAt"); string(CivilDate(importedAt).iso8601)
        key("keys"); int(keys)
        key("languageFilter")
        out.append(UInt8(ascii: "["))
        for (index, code) in languageFilter.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            string(code)
        }
        out.append(UInt8(ascii: "]"))
        key("languageNames"); object(languageNames) { string($0) }
        key("languages"); object(languages) { int($0) }
        key("lines"); int(lines)
        key("malformedLines"); int(malformedLines)
        key("name"); string(name)
        key("sourceBytes"); int(sourceBytes)
        key("sourceDate"); string(CivilDate(sourceDate).iso8601)
        key("sourceFile"); string(sourceFile)
        key("translations"); object(translations) { object($0) { int($0) } }
        out.append(UInt8(ascii: "}"))
        return out
    }
}
