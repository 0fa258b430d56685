import Foundation
import LexAggCore
import Testing
@testable import WiktionaryOfflineProvider

/// Recordings go with the IPA transcription they belong to (``EntryBuilder/pronunciations(_:provenance:)``):
/// wiktextract lists a recording as a sound entry of its own, tagged with its accent.
@Suite struct PronunciationTests {
    let provenance = Provenance(provider: .wiktionaryOffline, source: "dump.jsonl", retrievedAt: Date(timeIntervalSince1970: 0))

    func pronunciations(_ sounds: [WiktextractRecord.SoundData]) -> [Pronunciation] {
        EntryBuilder.pronunciations(sounds, provenance: provenance)
    }

    func ipa(_ text: String, _ tags: [String] = [], audio: String? = nil) -> WiktextractRecord.SoundData {
        .init(ipa: text, enpr: nil, tags: tags, audioURL: audio)
    }

    func recording(_ url: String, _ tags: [String] = []) -> WiktextractRecord.SoundData {
        .init(ipa: nil, enpr: nil, tags: tags, audioURL: url)
    }

    @Test func aRecordingGoesWithTheFirstTranscriptionOfItsAccent() {
        let found = pronunciations([ipa("/hɑʊs/", ["UK"]), ipa("/haʊs/", ["UK", "US"]), recording("us.ogg", ["US"])])
        #expect(found.map(\.audioURL) == [nil, "us.ogg"])
        #expect(found.map(\.accent) == ["UK", "UK, US"])
    }

    @Test func aRecordingOfAnotherAccentIsNotShown() {
        #expect(pronunciations([ipa("/hɑʊs/", ["UK"]), recording("us.ogg", ["US"])]).map(\.audioURL) == [nil])
        #expect(pronunciations([recording("us.ogg", ["US"])]).isEmpty)  // no transcription: no pronunciation
    }

    @Test func anUntaggedRecordingGoesOnlyWithASoleTranscription() {
        #expect(pronunciations([ipa("/haʊs/"), recording("a.ogg")]).map(\.audioURL) == ["a.ogg"])
        #expect(pronunciations([ipa("/haʊs/", ["UK"]), ipa("/hæʊs/", ["US"]), recording("a.ogg")]).map(\.audioURL) == [nil, nil])
    }

    @Test func aTranscriptionKeepsItsOwnRecordingAndEachRecordingGoesOnce() {
        let found = pronunciations([
            ipa("/haʊs/", ["US"], audio: "own.ogg"), ipa("/hæʊs/", ["US"]), recording("second.ogg", ["US"]),
            recording("third.ogg", ["US"]),
        ])
        #expect(found.map(\.audioURL) == ["own.ogg", "second.ogg"])
    }

    /// An accent is the sound's tags cleaned: an empty or blank `raw_tags` element shows no "()".
    @Test func anAccentIsTheCleanedTags() {
        let found = pronunciations([ipa("/a/", [""]), ipa("/b/", ["  "]), ipa("/c/", [" Österreich ", "", "Schweiz"])])
        #expect(found.map(\.accent) == [nil, nil, "Österreich, Schweiz"])
    }

    @Test func enPRNeverTakesARecording() {
        let found = pronunciations([.init(ipa: nil, enpr: "hous", tags: [], audioURL: nil), recording("a.ogg")])
        #expect(found.map(\.notation) == [.enPR] && found.map(\.audioURL) == [nil])
    }
}
