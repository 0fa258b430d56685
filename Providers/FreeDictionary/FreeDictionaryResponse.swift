#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Reads the Free Dictionary API's answers: the entry array, the "No Definitions Found" object and the HTML
/// pages that stand in for JSON during outages.
package enum FreeDictionaryResponse {
    // MARK: Wire format (v2; the Google-era fields `origin` and missing keys are tolerated)

    struct WireEntry: Decodable {
        var word: String
        var phonetic: String?
        var phonetics: [WirePhonetic]
        var origin: String?
        var meanings: [WireMeaning]
        var sourceUrls: [String]
        /// Whether the element has the part that carries definitions at all (`meanings`, or v1's `meaning`): an
        /// element without it is not an entry of this service, however well it decodes.
        var hasMeanings: Bool

        enum CodingKeys: String, CodingKey {
            case word, phonetic, phonetics, origin, meanings, meaning, sourceUrls
        }

        /// A part of speech as v1's `meaning` object names it (`{"noun": [...], "verb": [...]}`).
        struct PartOfSpeechKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            word = try container.decode(String.self, forKey: .word)
            phonetic = try container.decodeIfPresent(String.self, forKey: .phonetic)
            phonetics = try container.decodeIfPresent([WirePhonetic].self, forKey: .phonetics) ?? []
            origin = try container.decodeIfPresent(String.self, forKey: .origin)
            if container.contains(.meanings) {
                meanings = try container.decodeIfPresent([WireMeaning].self, forKey: .meanings) ?? []
                hasMeanings = true
            } else if container.contains(.meaning) {
                // v1 (still served, and older mirrors): the same data, `meaning` an object keyed by part of speech.
                let byPartOfSpeech = try container.nestedContainer(keyedBy: PartOfSpeechKey.self, forKey: .meaning)
                // (In name order: a keyed container's keys come in no fixed order, and the answer's must not vary.)
                meanings = try byPartOfSpeech.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    WireMeaning(
                        partOfSpeech: key.stringValue,
                        definitions: try byPartOfSpeech.decodeIfPresent([WireDefinition].self, forKey: key) ?? []
                    )
                }
                hasMeanings = true
            } else {
                meanings = []
                hasMeanings = false
            }
            sourceUrls = try container.decodeIfPresent([String].self, forKey: .sourceUrls) ?? []
        }
    }

    struct WirePhonetic: Decodable {
        var text: String?
        var audio: String?
    }

    struct WireMeaning: Decodable {
        var partOfSpeech: String?
        var definitions: [WireDefinition]
        var synonyms: [String]
        var antonyms: [String]

        enum CodingKeys: String, CodingKey {
            case partOfSpeech, definitions, synonyms, antonyms
        }

        init(partOfSpeech: String?, definitions: [WireDefinition], synonyms: [String] = [], antonyms: [String] = []) {
            self.partOfSpeech = partOfSpeech
            self.definitions = definitions
            self.synonyms = synonyms
            self.antonyms = antonyms
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            partOfSpeech = try container.decodeIfPresent(String.self, forKey: .partOfSpeech)
            definitions = try container.decodeIfPresent([WireDefinition].self, forKey: .definitions) ?? []
            synonyms = try container.decodeIfPresent([String].self, forKey: .synonyms) ?? []
            antonyms = try container.decodeIfPresent([String].self, forKey: .antonyms) ?? []
        }
    }

    struct WireDefinition: Decodable {
        var definition: String
        var example: String?
        var synonyms: [String]
        var antonyms: [String]

        enum CodingKeys: String, CodingKey {
            case definition, example, synonyms, antonyms
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            // v1 has empty objects (`"noun": [{}]` for zinc): no definition, skipped with the empty ones.
            definition = try container.decodeIfPresent(String.self, forKey: .definition) ?? ""
            example = try container.decodeIfPresent(String.self, forKey: .example)
            synonyms = try container.decodeIfPresent([String].self, forKey: .synonyms) ?? []
            antonyms = try container.decodeIfPresent([String].self, forKey: .antonyms) ?? []
        }
    }

    /// The error object (`{"title": "No Definitions Found", "message": …, "resolution": …}`).
    struct WireError: Decodable {
        var title: String
        var message: String?
    }

    // MARK: Interpreting a response

    /// The service's answers: its "No Definitions Found" object (HTTP 404, or 200 on some mirrors) is an empty
    /// answer; a 404 without it is a broken route or proxy (unavailable, the client's rule for other statuses);
    /// an object where the entry array belongs is malformed (it does not decode as the array).
    package static let policy = ResponsePolicy(
        errorBody: .json(WireError.self) { status, body in
            status == 404 || body.title == "No Definitions Found" ? .notFound : nil
        }
    )

    /// The entries of a decoded answer; `source` stands in for entries without source URLs.
    ///
    /// An array whose elements have no `meanings` (nor v1's `meaning`) is not an answer of this service — a proxy's
    /// or another version's JSON — and is malformed, not "not found": saying the word is missing would be false.
    static func entries(from wire: [WireEntry], source: String, retrievedAt: Date) throws(ProviderError) -> [Entry] {
        if !wire.isEmpty, !wire.contains(where: \.hasMeanings) {
            throw ProviderError(
                .malformedResponse, provider: .freedictionary,
                message: "the Free Dictionary API answered entries without meanings, a format lexagg does not know"
            )
        }
        return wire.compactMap { entry(from: $0, fallbackSource: source, retrievedAt: retrievedAt) }
    }

    // MARK: Mapping

    /// One element of the array as an entry; `nil` when it has no definitions at all.
    static func entry(from wire: WireEntry, fallbackSource: String, retrievedAt: Date) -> Entry? {
        let source = sourceURL(of: wire) ?? fallbackSource
        let provenance = Provenance(provider: .freedictionary, source: source, retrievedAt: retrievedAt)
        var groups: [SenseGroup] = []
        for meaning in wire.meanings {
            let senses = self.senses(of: meaning, provenance: provenance)
            guard !senses.isEmpty else { continue }
            let partOfSpeech = meaning.partOfSpeech.map(clean).flatMap { $0.isEmpty ? nil : PartOfSpeech($0) }
            var group = SenseGroup(partOfSpeech: partOfSpeech, senses: senses)
            addRelations(of: meaning, to: &group)
            if let index = groups.firstIndex(where: { $0.partOfSpeech == partOfSpeech }) {
                groups[index].senses += group.senses
                groups[index].add(group.synonyms, as: .synonym, toSenses: [])
                groups[index].add(group.antonyms, as: .antonym, toSenses: [])
            } else {
                groups.append(group)
            }
        }
        guard !groups.isEmpty else { return nil }
        let etymology = wire.origin.map(clean).flatMap { $0.isEmpty ? nil : $0 }
        return Entry(
            headword: clean(wire.word), language: .english,
            pronunciations: pronunciations(of: wire, provenance: provenance), senseGroups: groups,
            etymology: etymology, provenance: provenance
        )
    }

    /// The page an entry is from: of its `sourceUrls`, the one titled with the word (exact case first), else the
    /// first. The service merges redirect targets into one element (`run`: [rin, run]; `tv`: TV, tax value,
    /// television, …, tv), and the first page is not always the word's own: run's senses are not *rin*'s.
    static func sourceURL(of wire: WireEntry) -> String? {
        let urls = wire.sourceUrls.map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        let word = clean(wire.word)
        func title(_ url: String) -> String {
            let last = url.split(separator: "/").last.map(String.init) ?? url
            return percentDecoded(last).replacing("_", with: " ")
        }
        return urls.first { title($0) == word }
            ?? urls.first { title($0).lowercased() == word.lowercased() }
            ?? urls.first
    }

    /// `tax%20value` → `tax value` (an invalid escape is kept as it is).
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let value = UInt8(String(decoding: utf8[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The senses of one meaning, each with the synonyms and antonyms its definition lists.
    static func senses(of meaning: WireMeaning, provenance: Provenance) -> [Sense] {
        var senses: [Sense] = []
        for definition in meaning.definitions {
            let (labels, text) = splitLabels(clean(definition.definition))
            guard !text.isEmpty else { continue }
            let example = definition.example.map(clean).flatMap { $0.isEmpty ? nil : $0 }
            senses.append(
                Sense(
                    definition: text, examples: example.map { [$0] } ?? [], labels: labels,
                    synonyms: deduplicated(definition.synonyms), antonyms: deduplicated(definition.antonyms),
                    sources: [provenance]
                )
            )
        }
        return senses
    }

    /// Meaning-level synonyms and antonyms (the `synonyms`/`antonyms` beside `definitions`) that no definition
    /// lists: the service ties them to no one sense, so they belong to the part of speech as a whole — or to its
    /// only sense — never to the first of several (*positive*'s "certain, sure" are not "Not negative or neutral").
    static func addRelations(of meaning: WireMeaning, to group: inout SenseGroup) {
        let listedSynonyms = Set(group.senses.flatMap(\.synonyms).map { $0.lowercased() })
        let listedAntonyms = Set(group.senses.flatMap(\.antonyms).map { $0.lowercased() })
        group.add(
            deduplicated(meaning.synonyms).filter { !listedSynonyms.contains($0.lowercased()) }, as: .synonym,
            senseLabel: nil
        )
        group.add(
            deduplicated(meaning.antonyms).filter { !listedAntonyms.contains($0.lowercased()) }, as: .antonym,
            senseLabel: nil
        )
    }

    /// Pronunciations with their recordings. An item without a transcription borrows the entry's `phonetic`; else
    /// its recording goes with the entry's transcription when there is only one, and is a recording alone (empty
    /// text, its accent from the file name) when the entry has none (`prickly`) or several it cannot be told apart
    /// from (`hello` /həˈləʊ/ and /həˈloʊ/ with hello-au.mp3; `run` /ɹʊn/ and /ɹʌn/ with run-au.mp3): the sound is
    /// still worth playing. Empty `audio` means no recording. One transcription is listed once per recording: a
    /// bare repeat is dropped, and a bare item followed by the same transcription with a recording becomes that one
    /// (`run`: /ɹʌn/, then /ɹʌn/ with run-us.mp3).
    static func pronunciations(of wire: WireEntry, provenance: Provenance) -> [Pronunciation] {
        var result: [Pronunciation] = []
        let fallbackText = wire.phonetic.map(clean).flatMap { $0.isEmpty ? nil : $0 }
        var recordingsOnly: [String] = []
        func add(text: String, audio: String?) {
            let pronunciation = Pronunciation(
                text: text, notation: .ipa, accent: audio.flatMap(accent(fromAudio:)), audioURL: audio,
                provenance: provenance
            )
            if let same = result.firstIndex(where: { $0.text == text }) {
                // A transcription without a recording adds nothing when the same one is already listed.
                guard let audio else { return }
                if result.contains(where: { $0.text == text && $0.audioURL == audio }) { return }
                if result[same].audioURL == nil {
                    result[same] = pronunciation
                    return
                }
            }
            result.append(pronunciation)
        }
        for phonetic in wire.phonetics {
            let audio = phonetic.audio.map(clean).flatMap { $0.isEmpty ? nil : absoluteURL($0) }
            guard let text = phonetic.text.map(clean).flatMap({ $0.isEmpty ? nil : $0 }) ?? fallbackText else {
                if let audio { recordingsOnly.append(audio) }
                continue
            }
            add(text: text, audio: audio)
        }
        if result.isEmpty, let fallbackText {
            result.append(Pronunciation(text: fallbackText, notation: .ipa, provenance: provenance))
        }
        let transcriptions = result.map(\.text).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if transcriptions.count == 1, let only = transcriptions.first {
            for audio in recordingsOnly { add(text: only, audio: audio) }
        } else {
            for audio in recordingsOnly where !result.contains(where: { $0.audioURL == audio }) {
                result.append(Pronunciation(
                    text: "", notation: .ipa, accent: accent(fromAudio: audio), audioURL: audio, provenance: provenance
                ))
            }
        }
        return result
    }

    /// Moves rendered label prefixes (`(academia) An examination…`, `(transitive, informal) …`) into labels.
    package static func splitLabels(_ definition: String) -> (labels: [String], text: String) {
        var labels: [String] = []
        var rest = Substring(definition)
        while rest.first == "(" {
            var depth = 0
            var close: Substring.Index?
            for index in rest.indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        close = index
                        break
                    }
                }
            }
            guard let close else { break }
            let after = rest[rest.index(after: close)...]
            let remainder = after.drop { $0 == " " }
            // Only a prefix followed by more text is a label; a definition that is all brackets stays.
            guard after.first == " ", remainder.contains(where: \.isLetter) else { break }
            let inner = rest[rest.index(after: rest.startIndex)..<close]
            labels += inner.split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            rest = remainder
        }
        return (labels, String(rest))
    }

    /// The accent a recording's file name implies (`hello-uk.mp3` → `UK`).
    static func accent(fromAudio url: String) -> String? {
        guard let name = url.split(separator: "/").last, let dot = name.lastIndex(of: ".") else { return nil }
        let stem = name[..<dot]
        guard let dash = stem.lastIndex(of: "-") else { return nil }
        let suffix = stem[stem.index(after: dash)...].lowercased()
        return ["uk": "UK", "us": "US", "au": "AU", "ca": "CA", "nz": "NZ", "ie": "IE", "in": "IN", "sc": "Scotland"][
            suffix
        ]
    }

    /// Protocol-relative URLs (`//ssl.gstatic.com/…`, Google-era) made absolute.
    static func absoluteURL(_ text: String) -> String {
        text.hasPrefix("//") ? "https:" + text : text
    }

    static func clean(_ text: String) -> String { HTMLText.collapse(text) }

    /// Clean, non-empty items without case-insensitive repeats, in first-seen order.
    static func deduplicated(_ items: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for item in items.map(clean) where !item.isEmpty && seen.insert(item.lowercased()).inserted {
            result.append(item)
        }
        return result
    }
}
