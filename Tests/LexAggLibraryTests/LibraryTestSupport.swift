import Foundation
import LexAggCore
import LexAggFixtures
@testable import LexAggLibrary

/// A fresh directory for one test's library (removed when the tests end).
func temporaryDirectory() -> String {
    TemporaryFiles.directory("library")
}

let fixedDate = Date(timeIntervalSince1970: 1_790_000_000.123)

func provenance(_ provider: String = "wordnet") -> Provenance {
    Provenance(provider: ProviderID(provider)!, source: "/usr/share/dictd/\(provider).index", retrievedAt: fixedDate)
}

/// An entry as a provider would give it: senses with a part of speech, examples, an IPA and translations.
func entry(
    _ headword: String, language: Language = .english, definitions: [String], pos: String = "noun",
    translations: [String] = [], target: Language = .german, provider: String = "wordnet"
) -> Entry {
    Entry(
        headword: headword, language: language,
        pronunciations: [Pronunciation(text: "/\(headword)/", notation: .ipa, provenance: provenance(provider))],
        senseGroups: [SenseGroup(
            partOfSpeech: PartOfSpeech(pos),
            senses: definitions.map {
                Sense(definition: $0, examples: ["a \(headword) example"], sources: [provenance(provider)])
            }
        )],
        translations: translations.map {
            Translation(
                text: $0, pair: LanguagePair(source: language, target: target), notes: ["neut"],
                examples: [TranslatedExample(source: "my \(headword)", target: "mein \($0)")], provenance: provenance(provider)
            )
        },
        provenance: provenance(provider)
    )
}

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
