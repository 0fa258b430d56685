import LexAggCore

/// lexagg's entries in the shapes of dictionaryapi.dev's `GET /api/v2/entries/{lang}/{word}`, so a client of that
/// API works with `serve http` by changing its base URL (docs: ../shared/api-formats.md section 2; the recorded
/// responses are the specification).
///
/// The rules:
/// 1. One array element per entry (the real API gives one per etymology).
/// 2. Only IPA goes in `text` and `phonetic`, as the real API gives it: between slashes (`/haʊs/`; a source's bare
///    `haʊs` is wrapped, `/…/` and `[…]` kept). A respelling of another notation (GCIDE's `hous`, enPR) is left
///    out — `phonetics` keeps its recording, if it has one, as an item with `audio` and no `text` (as the real API
///    has for `hello`). `phonetic` is the first IPA transcription, absent when there is none (as for `hello`);
///    `audio` is `""` without a recording, as the real API does; `sourceUrl` and `license` of a recording are not
///    known to lexagg, so they are absent (optional in the real API too).
/// 3. One meaning per part of speech group; `partOfSpeech` is `""` when the source gives none.
/// 4. A sense is a definition; its labels are rendered in front as the real API does (`(academia) An examination…`);
///    `example` is its first example, absent when it has none; subsenses follow their sense.
/// 5. A meaning's `synonyms`/`antonyms` are its definitions' ones, then the part of speech's own (tied to no one
///    sense), once each, in order.
/// 6. An entry with translations but no senses (a bilingual dictionary) gives one definition per translation.
/// 7. `license` is the providing sources' licence (a merged entry's several, joined by `; `); `sourceUrls` their web
///    addresses (local dictionary files are not exposed), empty when they have none.
public enum DictionaryAPIFormat {
    public struct Element: Codable, Sendable, Hashable {
        public var word: String
        public var phonetic: String?
        public var phonetics: [Phonetic]
        public var meanings: [Meaning]
        public var license: License
        public var sourceUrls: [String]
    }

    public struct Phonetic: Codable, Sendable, Hashable {
        public var text: String?
        public var audio: String
        public var sourceUrl: String?
        public var license: License?
    }

    public struct Meaning: Codable, Sendable, Hashable {
        public var partOfSpeech: String
        public var definitions: [Definition]
        public var synonyms: [String]
        public var antonyms: [String]
    }

    public struct Definition: Codable, Sendable, Hashable {
        public var definition: String
        public var synonyms: [String]
        public var antonyms: [String]
        public var example: String?
    }

    public struct License: Codable, Sendable, Hashable {
        public var name: String
        public var url: String
    }

    /// What the API says about a source: its licence (`CC BY-SA 4.0`) and name, by provider.
    public struct SourceInfo: Sendable, Hashable {
        public var name: String
        public var license: String?

        public init(name: String, license: String?) {
            self.name = name
            self.license = license
        }
    }

    /// `entries` as the API's array.
    public static func elements(_ entries: [Entry], sources: [ProviderID: SourceInfo]) -> [Element] {
        entries.filter { !$0.isEmpty }.map { element($0, sources: sources) }
    }

    static func element(_ entry: Entry, sources: [ProviderID: SourceInfo]) -> Element {
        let phonetics = entry.pronunciations.compactMap(phonetic(of:))
        var meanings = entry.senseGroups.map { group in
            let definitions = group.senses.flatMap(definitions(of:))
            return Meaning(
                partOfSpeech: group.partOfSpeech?.name ?? "", definitions: definitions,
                synonyms: once(definitions.flatMap(\.synonyms) + group.synonyms),
                antonyms: once(definitions.flatMap(\.antonyms) + group.antonyms)
            )
        }.filter { !$0.definitions.isEmpty }
        if meanings.isEmpty {
            meanings = translationMeanings(entry.translations)
        }
        var urls: [String] = []
        for source in [entry.provenance] + entry.allSenses.flatMap(\.sources) where isWebAddress(source.source) {
            if !urls.contains(source.source) { urls.append(source.source) }
        }
        return Element(
            word: entry.headword, phonetic: phonetics.lazy.compactMap(\.text).first, phonetics: phonetics, meanings: meanings,
            license: license(of: providers(of: entry), sources: sources), sourceUrls: urls
        )
    }

    /// A pronunciation as a `phonetics` item (rule 2): IPA as `/…/`, another notation only for its recording; `nil`
    /// when that leaves nothing.
    static func phonetic(of pronunciation: Pronunciation) -> Phonetic? {
        let audio = pronunciation.audioURL ?? ""
        let text = String(pronunciation.text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard pronunciation.notation == .ipa, !text.isEmpty else {
            return audio.isEmpty ? nil : Phonetic(text: nil, audio: audio)
        }
        let delimited = (text.hasPrefix("/") && text.hasSuffix("/") && text.count > 1)
            || (text.hasPrefix("[") && text.hasSuffix("]"))
        return Phonetic(text: delimited ? text : "/" + text + "/", audio: audio)
    }

    /// A sense and its subsenses as definitions (rule 4); a sense without text of its own (GCIDE's *set*, whose
    /// numbered senses are all lettered subsenses) gives only its subsenses, not a `"definition": ""`.
    static func definitions(of sense: Sense) -> [Definition] {
        let subsenses = sense.subsenses.flatMap(definitions(of:))
        guard sense.definition.contains(where: { !$0.isWhitespace }) else { return subsenses }
        let labels = sense.labels.isEmpty ? "" : "(" + sense.labels.joined(separator: ", ") + ") "
        let definition = Definition(
            definition: labels + sense.definition, synonyms: once(sense.synonyms), antonyms: once(sense.antonyms),
            example: sense.examples.first
        )
        return [definition] + subsenses
    }

    /// Translations grouped by part of speech, in first-seen order (rule 6).
    static func translationMeanings(_ translations: [Translation]) -> [Meaning] {
        var meanings: [Meaning] = []
        for translation in translations {
            let name = translation.partOfSpeech?.name ?? ""
            var text = translation.text
            if !translation.notes.isEmpty { text += " (" + translation.notes.joined(separator: ", ") + ")" }
            if let context = translation.context, !context.isEmpty { text = "(\(context)) " + text }
            let definition = Definition(
                definition: text, synonyms: [], antonyms: [],
                example: translation.examples.first.map { "\($0.source) — \($0.target)" }
            )
            if let index = meanings.firstIndex(where: { $0.partOfSpeech == name }) {
                meanings[index].definitions.append(definition)
            } else {
                meanings.append(Meaning(partOfSpeech: name, definitions: [definition], synonyms: [], antonyms: []))
            }
        }
        return meanings
    }

    /// The providers whose text an entry shows: its own, then its senses', pronunciations' and translations'.
    static func providers(of entry: Entry) -> [ProviderID] {
        var providers = [entry.provenance.provider]
        let sources = entry.allSenses.flatMap(\.sources).map(\.provider) + entry.pronunciations.map(\.provenance.provider)
            + entry.translations.map(\.provenance.provider)
        for provider in sources where !providers.contains(provider) { providers.append(provider) }
        return providers
    }

    /// The licence of the data of `providers` (rule 7): their licences' names (a merged entry's several, joined by
    /// `; `), and the address of the first that lexagg recognises (a Creative Commons licence, WordNet's, the GPL).
    static func license(of providers: [ProviderID], sources: [ProviderID: SourceInfo]) -> License {
        var names: [String] = []
        for provider in providers {
            let info = sources[provider]
            let name = info?.license ?? info.map { "\($0.name) licence" } ?? provider.rawValue
            if !names.contains(name) { names.append(name) }
        }
        return License(name: names.joined(separator: "; "), url: names.lazy.compactMap(licenseURL).first ?? "")
    }

    /// `https://creativecommons.org/licenses/by-sa/4.0` for `CC BY-SA 4.0 (…)`.
    static func licenseURL(_ name: String) -> String? {
        let words = name.split(separator: " ")
        guard words.count >= 3, words[0] == "CC", let version = Double(words[2]) else {
            if name.contains("WordNet") { return "https://wordnet.princeton.edu/license-and-commercial-use" }
            return name.hasPrefix("GPL 3.0") ? "https://www.gnu.org/licenses/gpl-3.0.html" : nil
        }
        return "https://creativecommons.org/licenses/\(words[1].lowercased())/\(version)"
    }

    static func isWebAddress(_ text: String) -> Bool {
        text.hasPrefix("https://") || text.hasPrefix("http://")
    }

    /// Non-empty items once (ignoring case), in first-seen order.
    static func once(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }
}

/// dictionaryapi.dev's error objects, with its exact texts (api-formats.md section 2).
public struct DictionaryAPIError: Codable, Sendable, Hashable {
    public var title: String
    public var message: String
    public var resolution: String

    /// HTTP 404: no entry (also the answer for a language nothing covers).
    public static let noDefinitionsFound = DictionaryAPIError(
        title: "No Definitions Found",
        message: "Sorry pal, we couldn't find definitions for the word you were looking for.",
        resolution: "You can try the search again at later time or head to the web instead."
    )

    /// HTTP 5xx: every source failed. ("its" is the real API's spelling.)
    public static let somethingWentWrong = DictionaryAPIError(
        title: "Something Went Wrong",
        message: "Sorry pal, something went wrong, and its not your fault.",
        resolution: "You can try the search again at later time or head to the web instead."
    )

    /// The API's own rate limiter answers with this plain text (express-rate-limit's default), status 429.
    public static let rateLimitedText = "Too many requests, please try again later."
}
