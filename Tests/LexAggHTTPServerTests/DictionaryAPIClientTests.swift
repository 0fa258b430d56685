import Foundation
import LexAggFixtures
import Testing

/// A client written for dictionaryapi.dev — a few lines of Python, urllib only, reading only the documented fields —
/// run against `serve http` and against the recorded real responses: it must read the same fields from both.
@Suite(.serialized) struct DictionaryAPIClientTests {
    /// Reads an answer as a dictionaryapi.dev client does; prints the fields it read (`path:type`) as JSON, or the
    /// error object of a 404. Mandatory fields are read with `[]`, so a missing one is a KeyError (exit 1).
    static let client = #"""
    import json, sys, urllib.error, urllib.parse, urllib.request

    def fetch(base, word):
        url = base + "/api/v2/entries/en/" + urllib.parse.quote(word)
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def read(entries):
        fields = set()
        def seen(path, value):
            fields.add(path + ":" + type(value).__name__)
            return value
        for entry in entries:
            seen("word", entry["word"])
            if "phonetic" in entry: seen("phonetic", entry["phonetic"])
            for phonetic in seen("phonetics", entry["phonetics"]):
                if "text" in phonetic: seen("phonetics.text", phonetic["text"])
                seen("phonetics.audio", phonetic["audio"])
            for meaning in seen("meanings", entry["meanings"]):
                seen("meanings.partOfSpeech", meaning["partOfSpeech"])
                for definition in seen("meanings.definitions", meaning["definitions"]):
                    seen("meanings.definitions.definition", definition["definition"])
                    if "example" in definition: seen("meanings.definitions.example", definition["example"])
                    for s in seen("meanings.definitions.synonyms", definition["synonyms"]): seen("meanings.definitions.synonyms.item", s)
                    for a in seen("meanings.definitions.antonyms", definition["antonyms"]): seen("meanings.definitions.antonyms.item", a)
                for s in seen("meanings.synonyms", meaning["synonyms"]): seen("meanings.synonyms.item", s)
                for a in seen("meanings.antonyms", meaning["antonyms"]): seen("meanings.antonyms.item", a)
            seen("license.name", entry["license"]["name"])
            seen("license.url", entry["license"]["url"])
            for url in seen("sourceUrls", entry["sourceUrls"]): seen("sourceUrls.item", url)
        return sorted(fields)

    if sys.argv[1] == "file":
        with open(sys.argv[2]) as handle:
            status, body = 200, json.load(handle)
    else:
        status, body = fetch(sys.argv[2], sys.argv[3])
    if status == 404:
        print(json.dumps({"status": 404, "title": body["title"], "message": body["message"], "resolution": body["resolution"]}))
    else:
        print(json.dumps({"status": status, "fields": read(body), "words": [e["word"] for e in body],
                          "first": body[0]["meanings"][0]["definitions"][0]["definition"]}))
    """#

    static func python(_ arguments: [String]) async throws -> [String: Any] {
        let directory = TemporaryFiles.directory()
        let script = directory + "/client.py"
        try client.write(toFile: script, atomically: true, encoding: .utf8)
        let run = await BinaryRun.run([script] + arguments, executable: "/usr/bin/python3")
        #expect(run.status == 0, "python: \(run.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
        return try #require(object as? [String: Any], "python printed: \(run.stdout) \(run.stderr)")
    }

    static var hasPython: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") }

    @Test(.enabled(if: hasPython)) func aDictionaryAPIClientReadsTheSameFieldsFromServeHTTP() async throws {
        try await TestServer.with { server in
            var ours: Set<String> = []
            for word in ["serendipity", "house", "run"] {
                let answer = try await Self.python(["url", server.base, word])
                #expect(answer["status"] as? Int == 200)
                #expect((answer["words"] as? [String])?.first == word)
                #expect((answer["first"] as? String)?.isEmpty == false)
                ours.formUnion(answer["fields"] as? [String] ?? [])
            }
            let missing = try await Self.python(["url", server.base, "qwzxvbn"])
            #expect(missing["status"] as? Int == 404)

            guard let samples = FixtureStore.referenceSamples else { return }
            var recorded: Set<String> = []
            for name in ["en-hello", "en-test", "en-keyboard", "en-spell", "en-aaa", "en-positive"] {
                let answer = try await Self.python(["file", samples + "/dictionaryapi/\(name).json"])
                recorded.formUnion(answer["fields"] as? [String] ?? [])
            }
            // Documented (api-formats.md section 2) as a list of words like `synonyms`, though no recorded body has one.
            recorded.insert("meanings.definitions.antonyms.item:str")
            // Every field the client reads from serve http, with its type, is one it reads from the real API.
            #expect(ours.subtracting(recorded).isEmpty, "\(ours.subtracting(recorded).sorted())")
            // And the fields every real answer has are there too (the word's data decides the optional ones).
            for field in ["word:str", "phonetics:list", "meanings:list", "meanings.partOfSpeech:str", "meanings.definitions:list",
                          "meanings.definitions.definition:str", "meanings.definitions.synonyms:list",
                          "meanings.definitions.antonyms:list", "meanings.synonyms:list", "meanings.antonyms:list",
                          "license.name:str", "license.url:str", "sourceUrls:list"] {
                #expect(ours.contains(field), "\(field)")
            }
            // Not found: the real API's object, word for word.
            let data = try Data(contentsOf: URL(fileURLWithPath: samples + "/dictionaryapi/error-404-no-definitions.json"))
            let real = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
            #expect(missing["title"] as? String == real["title"])
            #expect(missing["message"] as? String == real["message"])
            #expect(missing["resolution"] as? String == real["resolution"])
        }
    }
}
