#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// Entries written from their fields, in exactly the bytes their `Codable` conformances give through
/// ``FastJSONEncoder`` (and Foundation's `JSONEncoder`): members in UTF-8 order of their keys, an optional left out
/// when nil (`encodeIfPresent`, as the synthesised conformances do), `SenseGroup`'s relations only when not empty
/// (its own `encode(to:)`). An answer of the offline Wiktionary is hundreds of senses, pronunciations and
/// provenances; through `Codable` each was an encoder, a container and a tree node, sorted and written again.
///
/// Entries, groups, senses and pronunciations are walked through their arrays' buffers by index: a `for` loop over
/// the array copied more of them (their strings and lists retained, then released; 1.2 M instructions of a 1,000-word
/// offline batch, callgrind).
///
/// A change to the fields or the coding of these types must be made here too: `EntryJSONTests` compares this writer
/// with Foundation's encoder on every field, and `FastJSONEncoderTests` on real answers.
extension JSONTreeWriter {
    mutating func write(entry: Entry, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        if let etymology = entry.etymology { key("etymology", &members, depth); writeString(etymology) }
        key("headword", &members, depth); writeString(entry.headword)
        if let language = entry.language { key("language", &members, depth); writeString(language.code) }
        key("pronunciations", &members, depth)
        var items = open(UInt8(ascii: "["))
        entry.pronunciations.withUnsafeBufferPointer { pronunciations in
            for index in pronunciations.indices { element(&items, depth + 1); write(pronunciations[index], depth: depth + 2) }
        }
        close(UInt8(ascii: "]"), depth: depth + 1)
        key("provenance", &members, depth); write(entry.provenance, depth: depth + 1)
        key("senseGroups", &members, depth)
        items = open(UInt8(ascii: "["))
        entry.senseGroups.withUnsafeBufferPointer { groups in
            for index in groups.indices { element(&items, depth + 1); write(groups[index], depth: depth + 2) }
        }
        close(UInt8(ascii: "]"), depth: depth + 1)
        key("translations", &members, depth)
        items = open(UInt8(ascii: "["))
        for translation in entry.translations { element(&items, depth + 1); write(translation, depth: depth + 2) }
        close(UInt8(ascii: "]"), depth: depth + 1)
        close(UInt8(ascii: "}"), depth: depth)
    }

    @inline(__always)
    private mutating func write(_ group: SenseGroup, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        if !group.antonyms.isEmpty { key("antonyms", &members, depth); write(strings: group.antonyms, depth: depth + 1) }
        if !group.labels.isEmpty { key("labels", &members, depth); write(strings: group.labels, depth: depth + 1) }
        if let partOfSpeech = group.partOfSpeech { key("partOfSpeech", &members, depth); writeString(partOfSpeech.name) }
        key("senses", &members, depth); write(senses: group.senses, depth: depth + 1)
        if !group.synonyms.isEmpty { key("synonyms", &members, depth); write(strings: group.synonyms, depth: depth + 1) }
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(senses: [Sense], depth: Int) {
        var items = open(UInt8(ascii: "["))
        senses.withUnsafeBufferPointer { senses in
            for index in senses.indices { element(&items, depth); write(senses[index], depth: depth + 1) }
        }
        close(UInt8(ascii: "]"), depth: depth)
    }

    private mutating func write(_ sense: Sense, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        key("antonyms", &members, depth); write(strings: sense.antonyms, depth: depth + 1)
        key("definition", &members, depth); writeString(sense.definition)
        key("examples", &members, depth); write(strings: sense.examples, depth: depth + 1)
        if let formOf = sense.formOf {
            key("formOf", &members, depth)
            var inner = open(UInt8(ascii: "{"))
            if let form = formOf.form { key("form", &inner, depth + 1); writeString(form) }
            key("lemma", &inner, depth + 1); writeString(formOf.lemma)
            close(UInt8(ascii: "}"), depth: depth + 1)
        }
        key("labels", &members, depth); write(strings: sense.labels, depth: depth + 1)
        key("sources", &members, depth)
        var items = open(UInt8(ascii: "["))
        for source in sense.sources { element(&items, depth + 1); write(source, depth: depth + 2) }
        close(UInt8(ascii: "]"), depth: depth + 1)
        key("subsenses", &members, depth); write(senses: sense.subsenses, depth: depth + 1)
        key("synonyms", &members, depth); write(strings: sense.synonyms, depth: depth + 1)
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(_ pronunciation: Pronunciation, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        if let accent = pronunciation.accent { key("accent", &members, depth); writeString(accent) }
        if let audioURL = pronunciation.audioURL { key("audioURL", &members, depth); writeString(audioURL) }
        key("notation", &members, depth); writeString(pronunciation.notation.rawValue)
        key("provenance", &members, depth); write(pronunciation.provenance, depth: depth + 1)
        key("text", &members, depth); writeString(pronunciation.text)
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(_ translation: Translation, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        if let context = translation.context { key("context", &members, depth); writeString(context) }
        key("examples", &members, depth)
        var items = open(UInt8(ascii: "["))
        for example in translation.examples {
            element(&items, depth + 1)
            write(source: example.source, target: example.target, depth: depth + 2)
        }
        close(UInt8(ascii: "]"), depth: depth + 1)
        key("notes", &members, depth); write(strings: translation.notes, depth: depth + 1)
        key("pair", &members, depth)
        write(source: translation.pair.source.code, target: translation.pair.target.code, depth: depth + 1)
        if let partOfSpeech = translation.partOfSpeech { key("partOfSpeech", &members, depth); writeString(partOfSpeech.name) }
        key("provenance", &members, depth); write(translation.provenance, depth: depth + 1)
        key("text", &members, depth); writeString(translation.text)
        close(UInt8(ascii: "}"), depth: depth)
    }

    /// A `LanguagePair` or a `TranslatedExample`: `{"source", "target"}`.
    private mutating func write(source: String, target: String, depth: Int) {
        var members = open(UInt8(ascii: "{"))
        key("source", &members, depth); writeString(source)
        key("target", &members, depth); writeString(target)
        close(UInt8(ascii: "}"), depth: depth)
    }

    private mutating func write(_ provenance: Provenance, depth: Int) {
        // Every sense, pronunciation and translation names its provenance, nearly always the entry's own: the
        // object written last at this depth is copied (an offline Wiktionary answer repeats it dozens of times).
        if let last = lastProvenance, last.depth == depth, last.provenance == provenance {
            bytes.appendCopy(from: last.start, count: last.end - last.start)
            return
        }
        let start = bytes.count
        defer { lastProvenance = (provenance, depth, start, bytes.count) }
        var members = open(UInt8(ascii: "{"))
        key("provider", &members, depth); writeString(provenance.provider.rawValue)
        key("retrievedAt", &members, depth)
        if lastDate != provenance.retrievedAt {
            lastDate = provenance.retrievedAt
            lastDateText = JSONLiteral.iso8601(provenance.retrievedAt)
        }
        writeString(lastDateText)
        key("source", &members, depth); writeString(provenance.source)
        close(UInt8(ascii: "}"), depth: depth)
    }

    mutating func write(strings: [String], depth: Int) {
        var items = open(UInt8(ascii: "["))
        for text in strings { element(&items, depth); writeString(text) }
        close(UInt8(ascii: "]"), depth: depth)
    }

    // MARK: Keys

    /// The next member's key (a plain ASCII name, needing no escapes) of an object at `depth`, and its colon.
    @inline(__always)
    mutating func key(_ name: StaticString, _ members: inout Int, _ depth: Int) {
        if !pretty {
            bytes.appendKey(name, comma: members > 0)
            members += 1
            return
        }
        element(&members, depth)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name)
        bytes.append(UInt8(ascii: "\""))
        colon()
    }
}
