import Foundation
@testable import LexAggCLI
import LexAggCore
import LexAggLocalization
import Testing
import WiktionaryProvider

/// How `translate` shows an entry's translations in text.
@Suite struct TranslationRenderingTests {
    /// Each part of speech's translations come under a heading of their own: pie's verb *torten* was shown under the
    /// heading of the noun before it.
    @Test func eachPartOfSpeechHasItsOwnHeading() {
        let provenance = Provenance(provider: ProviderID("wiktionary")!, source: "test", retrievedAt: Date(timeIntervalSince1970: 0))
        let pair = LanguagePair(source: .english, target: .german)
        let entry = Entry(headword: "pie", language: .english, translations: [
            Translation(text: "Torte", pair: pair, partOfSpeech: .noun, provenance: provenance),
            Translation(text: "Pastete", pair: pair, partOfSpeech: .noun, provenance: provenance),
            Translation(text: "torten", pair: pair, partOfSpeech: .verb, provenance: provenance),
        ], provenance: provenance)
        let text = UILanguage.$current.withValue(.english) {
            TextRenderer(style: TerminalStyle(enabled: false), names: [:]).render([entry])
        }
        let lines = text.split(separator: "\n").map(String.init).filter { $0.contains("→") }
        #expect(lines == [
            "  English → German (noun)", "    → Torte", "    → Pastete", "  English → German (verb)", "    → torten",
        ], "\(text)")
    }
}

/// How an entry's head line shows its pronunciations in text.
@Suite struct PronunciationRenderingTests {
    /// A recording with no transcription has nothing to read: the head line lists the transcriptions only, without
    /// an empty item (", ,") for it.
    @Test func aRecordingAloneIsLeftOutOfTheHeadLine() {
        let provenance = Provenance(provider: ProviderID("wiktionary")!, source: "test", retrievedAt: Date(timeIntervalSince1970: 0))
        let entry = Entry(headword: "maison", language: .french, pronunciations: [
            Pronunciation(text: "", notation: .ipa, audioURL: "https://upload.example/Fr-maison.ogg", provenance: provenance),
            Pronunciation(text: "/mɛ.zɔ̃/", notation: .ipa, provenance: provenance),
            Pronunciation(text: " ", notation: .ipa, accent: "Paris", audioURL: "https://upload.example/Fr-Paris-maison.ogg", provenance: provenance),
        ], provenance: provenance)
        let text = UILanguage.$current.withValue(.english) {
            TextRenderer(style: TerminalStyle(enabled: false), names: [:]).render([entry])
        }
        let head = text.split(separator: "\n").first.map(String.init) ?? ""
        #expect(head.hasPrefix("maison  /mɛ.zɔ̃/  — "), "\(text)")
        #expect(!head.contains("Paris") && !head.contains(", "), "\(text)")
    }
}

/// `lexagg providers` in 80 columns.
@Suite struct ProvidersTableTests {
    /// A provider that defines any language and translates in some directions says both: Wiktionary's "91
    /// directions" alone read as if it knew only those languages.
    @Test func aProviderOfAnyLanguageWithDirectionsSaysBoth() async {
        let run = await CLIRun.run(["providers"], also: [.wiktionary])
        #expect(run.status == 0, "\(run.stderr)")
        let wiktionary = run.stdout.split(separator: "\n").first { $0.hasPrefix("wiktionary ") }.map(String.init) ?? ""
        #expect(wiktionary.contains("define,translate") && wiktionary.contains("any; ") && wiktionary.contains(" directions"), "\(run.stdout)")
        let wordnet = run.stdout.split(separator: "\n").first { $0.hasPrefix("wordnet ") }.map(String.init) ?? ""
        #expect(!wordnet.contains("any; "), "\(wordnet)")
    }
}
