import Foundation
import LexAggCore

/// One wiktextract JSON line as the provider reads it back: only the fields it shows, each decoded leniently (a field
/// of an unexpected type is left out rather than failing the entry).
///
/// Field names follow wiktextract's English-edition model (`WordData`, `SenseData`, `ExampleData`, `SoundData`,
/// `TranslationData`, `FormData`, `FormOf`, `LinkageData` in src/wiktextract/extractor/en/type_utils.py).
struct WiktextractRecord: Decodable {
    var word: String
    var languageCode: String?
    var partOfSpeech: String?
    var etymologyNumber: Int?
    var etymologyText: String?
    var senses: [SenseData]
    var sounds: [SoundData]
    var translations: [TranslationData]
    var forms: [FormData]

    struct SenseData: Decodable {
        var glosses: [String]
        var rawGlosses: [String]
        var tags: [String]
        var topics: [String]
        var qualifier: String?
        var examples: [ExampleData]
        var formOf: [Linkage]
        var synonyms: [Linkage]
        var antonyms: [Linkage]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: RecordKey.self)
            glosses = container.lenient([String].self, "glosses") ?? []
            rawGlosses = container.lenient([String].self, "raw_glosses") ?? []
            tags = container.lenient([String].self, "tags") ?? []
            topics = container.lenient([String].self, "topics") ?? []
            qualifier = container.lenient(String.self, "qualifier")
            examples = container.lenient([Lenient<ExampleData>].self, "examples")?.compactMap(\.value) ?? []
            formOf = container.lenient([Lenient<Linkage>].self, "form_of")?.compactMap(\.value) ?? []
            synonyms = container.lenient([Lenient<Linkage>].self, "synonyms")?.compactMap(\.value) ?? []
            antonyms = container.lenient([Lenient<Linkage>].self, "antonyms")?.compactMap(\.value) ?? []
        }
    }

    struct ExampleData: Decodable {
        var text: String
        var translation: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: RecordKey.self)
            text = try container.decode(String.self, forKey: RecordKey("text"))
            // `english` is the deprecated name of `translation`.
            translation = container.lenient(String.self, "translation") ?? container.lenient(String.self, "english")
        }
    }

    struct Linkage: Decodable {
        var word: String

        init(from decoder: any Decoder) throws {
            word = try decoder.container(keyedBy: RecordKey.self).decode(String.self, forKey: RecordKey("word"))
        }
    }

    struct SoundData: Decodable {
        var ipa: String?
        var enpr: String?
        var tags: [String]
        var audioURL: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: RecordKey.self)
            ipa = container.lenient(String.self, "ipa")
            enpr = container.lenient(String.self, "enpr")
            tags = container.lenient([String].self, "tags") ?? []
            audioURL = container.lenient(String.self, "ogg_url") ?? container.lenient(String.self, "mp3_url")
        }
    }

    struct TranslationData: Decodable {
        var word: String
        var code: String?
        var sense: String?
        var tags: [String]
        var roman: String?

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: RecordKey.self)
            word = try container.decode(String.self, forKey: RecordKey("word"))
            // `code` is the deprecated name of `lang_code`.
            code = container.lenient(String.self, "lang_code") ?? container.lenient(String.self, "code")
            sense = container.lenient(String.self, "sense")
            tags = container.lenient([String].self, "tags") ?? []
            roman = container.lenient(String.self, "roman")
        }
    }

    struct FormData: Decodable {
        var form: String
        var tags: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: RecordKey.self)
            form = try container.decode(String.self, forKey: RecordKey("form"))
            tags = container.lenient([String].self, "tags") ?? []
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: RecordKey.self)
        word = try container.decode(String.self, forKey: RecordKey("word"))
        languageCode = container.lenient(String.self, "lang_code")
        partOfSpeech = container.lenient(String.self, "pos")
        etymologyNumber = container.lenient(Int.self, "etymology_number")
            ?? container.lenient(String.self, "etymology_number").flatMap { Int($0) }
        etymologyText = container.lenient(String.self, "etymology_text")
        senses = container.lenient([Lenient<SenseData>].self, "senses")?.compactMap(\.value) ?? []
        sounds = container.lenient([Lenient<SoundData>].self, "sounds")?.compactMap(\.value) ?? []
        translations = container.lenient([Lenient<TranslationData>].self, "translations")?.compactMap(\.value) ?? []
        forms = container.lenient([Lenient<FormData>].self, "forms")?.compactMap(\.value) ?? []
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) -> WiktextractRecord? {
        try? JSONDecoder().decode(WiktextractRecord.self, from: Data(bytes))
    }
}

/// A coding key from any string.
struct RecordKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An element that decodes to nil instead of failing its array.
struct Lenient<Value: Decodable>: Decodable {
    var value: Value?
    init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
}

extension KeyedDecodingContainer where K == RecordKey {
    func lenient<T: Decodable>(_ type: T.Type, _ name: String) -> T? {
        (try? decodeIfPresent(type, forKey: RecordKey(name))) ?? nil
    }
}
