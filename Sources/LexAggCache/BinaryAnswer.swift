import Foundation
import LexAggCore

/// A stored answer in lexagg's own binary form, what ``StoredAnswer/encode(_:)`` writes since JSON's took a cached
/// lookup 0.83 million of its 3.5 million instructions to decode (callgrind): every member's name matched, every
/// string scanned for escapes and copied, the same provider, source and date decoded again for each of an answer's
/// dozens of senses. Here each distinct string is stored once, in a table the values refer to by number, and
/// decoded once; numbers and counts are LEB128 varints.
///
/// ```
/// magic    0x00 "LXA" 0x02        (no JSON text starts with 0x00; the last byte is the version)
/// table    count, then each string: byte count, UTF-8 bytes
/// answer   LookupResult: entries, cachedAt (0, or 1 and a Double)
///          Entry: headword, language?, pronunciations, senseGroups, translations, etymology?, provenance
///          Pronunciation: text, notation, accent?, audioURL?, provenance
///          SenseGroup: partOfSpeech?, senses, synonyms, antonyms, labels (version 2; version 1 payloads, written
///          before groups had labels, end the group at antonyms and still read)
///          Sense: definition, examples, labels, synonyms, antonyms, subsenses, formOf? (0, or 1 lemma form?), sources
///          Translation: text, source language, target language, notes, partOfSpeech?, context?, examples (source,
///          target), provenance
///          Provenance: provider, source, retrievedAt
/// ```
/// A string is its number in the table; an optional string 0 for none, else its number + 1; a list its count, then
/// its elements; a `Double` (dates: seconds since 2001) its 8 bytes, little-endian; languages, providers, parts of
/// speech and notations by their codes (strings), checked as their initialisers check them.
///
/// ``decode(_:)`` returns nil for anything that is not exactly such a payload (damaged, cut short, a string that is
/// not UTF-8, a code that is no language or provider, nesting deeper than 64 subsenses, bytes left over): the caller
/// treats it as a miss, and the next answer from the source replaces it.
enum BinaryAnswer {
    static let magic: [UInt8] = [0x00, UInt8(ascii: "L"), UInt8(ascii: "X"), UInt8(ascii: "A"), version]
    /// What ``encode(_:)`` writes; ``decode(_:)`` reads it and version 1.
    static let version: UInt8 = 2

    static func isBinary(_ payload: UnsafeRawBufferPointer) -> Bool {
        payload.count >= magic.count && (0..<4).allSatisfy { payload[$0] == magic[$0] } && (1...version).contains(payload[4])
    }

    static func encode(_ result: LookupResult) -> [UInt8] {
        var writer = Writer()
        writer.lookupResult(result)
        var payload = magic
        payload.reserveCapacity(writer.body.count + writer.tableBytes + 16)
        Writer.varint(writer.table.count, into: &payload)
        for string in writer.table {
            Writer.varint(string.utf8.count, into: &payload)
            payload.append(contentsOf: string.utf8)
        }
        payload.append(contentsOf: writer.body)
        return payload
    }

    static func decode(_ payload: UnsafeRawBufferPointer) -> LookupResult? {
        guard isBinary(payload) else { return nil }
        var reader = BinaryAnswerReader(payload, offset: magic.count, version: payload[4])
        do {
            try reader.readTable()
            let result = try reader.lookupResult()
            return reader.offset == reader.count ? result : nil
        } catch {
            return nil
        }
    }
}

// MARK: Writing

private struct Writer {
    var body: [UInt8] = []
    var table: [String] = []
    var tableBytes = 0
    private var numbers: [String: Int] = [:]

    static func varint(_ value: Int, into bytes: inout [UInt8]) {
        var value = UInt64(value)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func count(_ value: Int) { Self.varint(value, into: &body) }

    mutating func number(of string: String) -> Int {
        if let number = numbers[string] { return number }
        let number = table.count
        numbers[string] = number
        table.append(string)
        tableBytes += string.utf8.count + 2
        return number
    }

    mutating func string(_ string: String) { count(number(of: string)) }

    mutating func optional(_ string: String?) {
        if let string { count(number(of: string) + 1) } else { body.append(0) }
    }

    mutating func strings(_ strings: [String]) {
        count(strings.count)
        for string in strings { self.string(string) }
    }

    mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { body.append(contentsOf: $0) }
    }

    mutating func lookupResult(_ result: LookupResult) {
        count(result.entries.count)
        for entry in result.entries { self.entry(entry) }
        if let cachedAt = result.cachedAt {
            body.append(1)
            double(cachedAt.timeIntervalSinceReferenceDate)
        } else {
            body.append(0)
        }
    }

    mutating func entry(_ entry: Entry) {
        string(entry.headword)
        optional(entry.language?.code)
        count(entry.pronunciations.count)
        for pronunciation in entry.pronunciations {
            string(pronunciation.text)
            string(pronunciation.notation.rawValue)
            optional(pronunciation.accent)
            optional(pronunciation.audioURL)
            provenance(pronunciation.provenance)
        }
        count(entry.senseGroups.count)
        for group in entry.senseGroups {
            optional(group.partOfSpeech?.name)
            count(group.senses.count)
            for sense in group.senses { self.sense(sense) }
            strings(group.synonyms)
            strings(group.antonyms)
            strings(group.labels)
        }
        count(entry.translations.count)
        for translation in entry.translations {
            string(translation.text)
            string(translation.pair.source.code)
            string(translation.pair.target.code)
            strings(translation.notes)
            optional(translation.partOfSpeech?.name)
            optional(translation.context)
            count(translation.examples.count)
            for example in translation.examples {
                string(example.source)
                string(example.target)
            }
            provenance(translation.provenance)
        }
        optional(entry.etymology)
        provenance(entry.provenance)
    }

    mutating func sense(_ sense: Sense) {
        string(sense.definition)
        strings(sense.examples)
        strings(sense.labels)
        strings(sense.synonyms)
        strings(sense.antonyms)
        count(sense.subsenses.count)
        for subsense in sense.subsenses { self.sense(subsense) }
        if let formOf = sense.formOf {
            body.append(1)
            string(formOf.lemma)
            optional(formOf.form)
        } else {
            body.append(0)
        }
        count(sense.sources.count)
        for source in sense.sources { provenance(source) }
    }

    mutating func provenance(_ provenance: Provenance) {
        string(provenance.provider.rawValue)
        string(provenance.source)
        double(provenance.retrievedAt.timeIntervalSinceReferenceDate)
    }
}
