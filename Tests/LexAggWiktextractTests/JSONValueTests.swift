import Foundation
import LexAggFixtures
import LexAggJSON
import LexAggWiktextract
import Testing

/// The JSON values the offline provider reads its lines into: the same as Foundation's parser gives, on the
/// project's fixture lines and on edge cases.
@Suite struct JSONValueTests {
    /// A JSONSerialization value as a JSONValue, for comparison (numbers compared by value).
    static func same(_ value: JSONValue, _ object: Any) -> Bool {
        switch value {
        case .null: return object is NSNull
        case .bool(let flag): return (object as? NSNumber)?.boolValue == flag
        case .number(let text):
            guard let number = object as? NSNumber, let parsed = Double(text) else { return false }
            return number.doubleValue == parsed
        case .string(let text): return (object as? String) == text
        case .array(let items):
            guard let others = object as? [Any], others.count == items.count else { return false }
            return zip(items, others).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let others = object as? [String: Any], others.count == Set(members.map(\.key)).count else { return false }
            return others.allSatisfy { key, other in value[key].map { same($0, other) } ?? false }
        }
    }

    @Test func everyFixtureLineParsesAsFoundationParsesIt() throws {
        let text = try String(contentsOfFile: FixtureStore.path("wiktextract/sample.jsonl"), encoding: .utf8)
        var lines = 0
        for line in text.split(separator: "\n") {
            let value = try #require(JSONValue.parse(String(line)))
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(Self.same(value, object), "\(line.prefix(60))")
            lines += 1
        }
        #expect(lines == 12)
    }

    @Test func scalarsEscapesAndNesting() throws {
        let value = try #require(JSONValue.parse(#" {"a": [1, -2.5e3, true, false, null, "x\"\u00e9\ud83d\ude00"], "b": {"c": {}}, "d": []} "#))
        #expect(value["a"] == .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("x\"é😀")]))
        #expect(value["b"]?["c"] == .object([]))
        #expect(value["d"]?.array == [])
        #expect(value["missing"] == nil && value["a"]?["not an object"] == nil)
    }

    @Test func leniencyHelpers() throws {
        let value = try #require(JSONValue.parse(#"{"n": 2, "f": 2.0, "h": 2.5, "s": ["a", "b"], "m": ["a", 1], "k": 1, "k": 2}"#))
        #expect(value["n"]?.int == 2 && value["f"]?.int == 2 && value["h"]?.int == nil)
        #expect(value["s"]?.strings == ["a", "b"] && value["m"]?.strings == nil)
        // A repeated key answers with its last value.
        #expect(value["k"]?.int == 2)
    }

    @Test func keysNotAskedForAreCheckedButLeftOut() throws {
        let text = #"{"a": {"x": 1, "b": 2}, "z": [1, {"a": 1}], "b": 3}"#
        let value = try #require(JSONValue.parse(text).map { _ in text }.flatMap { JSONValue.parse($0) })
        #expect(value["z"] != nil)
        var bytes = Array(text.utf8)
        let kept = bytes.withUnsafeMutableBytes { JSONValue.parse(UnsafeRawBufferPointer($0), keeping: ["a", "b"]) }
        #expect(kept == .object([(key: "a", value: .object([(key: "b", value: .number("2"))])), (key: "b", value: .number("3"))]))
        // A skipped value must still be well formed.
        bytes = Array(#"{"a": 1, "z": [1,]}"#.utf8)
        #expect(bytes.withUnsafeMutableBytes { JSONValue.parse(UnsafeRawBufferPointer($0), keeping: ["a"]) } == nil)
    }

    @Test func malformedTextIsNil() {
        for text in [#"{"a": 1"#, #"{"a": 1} x"#, #"{"a" 1}"#, #"[1,]"#, #"{"a": "\q"}"#, "", "nul", #"{"a": [[[["#] {
            #expect(JSONValue.parse(text) == nil, "\(text)")
        }
        // JSON numbers have no leading zeros (a stored answer's fuzzing found the scanner taking `034988391.5`), in the
        // checked path and in the fast skip alike; a lone zero, and zeros after it, are numbers.
        func skipping(_ text: String) -> JSONValue? {
            Array(text.utf8).withUnsafeBytes { JSONValue.parse($0, keeping: ["b"]) }
        }
        for number in ["007", "-01", "00", "01.5", "00e1"] {
            #expect(JSONValue.parse(#"{"a": \#(number)}"#) == nil, "\(number)")
            #expect(skipping(#"{"b": 1, "a": [\#(number)]}"#) == nil, "\(number), skipped")
        }
        for number in ["0", "-0", "0.05", "0e10", "100", "-10.0"] {
            #expect(JSONValue.parse(#"{"a": \#(number)}"#) == .object([(key: "a", value: .number(number))]), "\(number)")
            #expect(skipping(#"{"b": 1, "a": [\#(number)]}"#) != nil, "\(number), skipped")
        }
        #expect(JSONValue.parse(String(repeating: "[", count: 300) + String(repeating: "]", count: 300)) == nil)
    }
}
