import Foundation
import LexAggCore
import LexAggWiktextract

/// One wiktextract JSON line as the provider reads it back: only the fields it shows, each read leniently (a field
/// of an unexpected type is left out rather than failing the entry; an element of a list that is not what it should
/// be is dropped), from a ``JSONValue`` parsed straight from the dataset's bytes.
///
/// Field names follow wiktextract's English-edition model (`WordData`, `SenseData`, `ExampleData`, `SoundData`,
/// `TranslationData`, `FormData`, `FormOf`, `LinkageData` in src/wiktextract/extractor/en/type_utils.py).
struct WiktextractRecord {
    var word: String
    var languageCode: String?
    var partOfSpeech: String?
    var etymologyNumber: Int?
    var etymologyText: String?
    var senses: [SenseData]
    var sounds: [SoundData]
    var translations: [TranslationData]
    var forms: [FormData]

    struct SenseData {
        var glosses: [String]
        var rawGlosses: [String]
        var tags: [String]
        var topics: [String]
        var qualifier: String?
        var examples: [ExampleData]
        var formOf: [Linkage]
        var synonyms: [Linkage]
        var antonyms: [Linkage]

        init?(_ value: JSONValue) {
            guard value.isObject else { return nil }
            glosses = value["glosses"]?.strings ?? []
            rawGlosses = value["raw_glosses"]?.strings ?? []
            tags = value["tags"]?.strings ?? []
            topics = value["topics"]?.strings ?? []
            qualifier = value["qualifier"]?.string
            examples = value.elements("examples", ExampleData.init)
            formOf = value.elements("form_of", Linkage.init)
            synonyms = value.elements("synonyms", Linkage.init)
            antonyms = value.elements("antonyms", Linkage.init)
        }
    }

    struct ExampleData {
        var text: String
        var translation: String?

        init?(_ value: JSONValue) {
            guard let text = value["text"]?.string else { return nil }
            self.text = text
            // `english` is the deprecated name of `translation`.
            translation = value["translation"]?.string ?? value["english"]?.string
        }
    }

    struct Linkage {
        var word: String

        init?(_ value: JSONValue) {
            guard let word = value["word"]?.string else { return nil }
            self.word = word
        }
    }

    struct SoundData {
        var ipa: String?
        var enpr: String?
        var tags: [String]
        var audioURL: String?

        init?(_ value: JSONValue) {
            guard value.isObject else { return nil }
            ipa = value["ipa"]?.string
            enpr = value["enpr"]?.string
            tags = value["tags"]?.strings ?? []
            audioURL = value["ogg_url"]?.string ?? value["mp3_url"]?.string
        }
    }

    struct TranslationData {
        var word: String
        var code: String?
        var sense: String?
        var tags: [String]
        var roman: String?

        init?(_ value: JSONValue) {
            guard let word = value["word"]?.string else { return nil }
            self.word = word
            // `code` is the deprecated name of `lang_code`.
            code = value["lang_code"]?.string ?? value["code"]?.string
            sense = value["sense"]?.string
            tags = value["tags"]?.strings ?? []
            roman = value["roman"]?.string
        }
    }

    struct FormData {
        var form: String
        var tags: [String]

        init?(_ value: JSONValue) {
            guard let form = value["form"]?.string else { return nil }
            self.form = form
            tags = value["tags"]?.strings ?? []
        }
    }

    /// The record of one JSON line; nil when the line is not a JSON object with a string `word`.
    init?(_ value: JSONValue) {
        guard let word = value["word"]?.string else { return nil }
        self.word = word
        languageCode = value["lang_code"]?.string
        partOfSpeech = value["pos"]?.string
        etymologyNumber = value["etymology_number"]?.int ?? value["etymology_number"]?.string.flatMap { Int($0) }
        etymologyText = value["etymology_text"]?.string
        senses = value.elements("senses", SenseData.init)
        sounds = value.elements("sounds", SoundData.init)
        translations = value.elements("translations", TranslationData.init)
        forms = value.elements("forms", FormData.init)
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) -> WiktextractRecord? {
        JSONValue.parse(bytes, keeping: keys).flatMap(WiktextractRecord.init)
    }

    /// Every key read above, at any depth; the rest of a line (categories, links, templates) is skipped unbuilt.
    static let keys: Set<String> = [
        "word", "lang_code", "pos", "etymology_number", "etymology_text", "senses", "sounds", "translations", "forms",
        "glosses", "raw_glosses", "tags", "topics", "qualifier", "examples", "form_of", "synonyms", "antonyms", "text",
        "translation", "english", "ipa", "enpr", "ogg_url", "mp3_url", "code", "sense", "roman", "form",
    ]
}

extension JSONValue {
    /// The elements of the array `key` that `make` accepts; none when `key` is missing or not an array.
    func elements<T>(_ key: String, _ make: (JSONValue) -> T?) -> [T] {
        self[key]?.array?.compactMap(make) ?? []
    }
}
