import Foundation
import LexAggCore

/// A stored answer in lexagg's own binary form, what ``StoredAnswer/encode(_:)`` writes since JSON's took a cached
/// lookup 0.83 million of its 3.5 million instructions to decode (callgrind): every member's name matched, every
/// string scanned for escapes and copied, the same provider, source and date decoded again for each of an answer's
/// dozens of senses. Here each distinct string is stored once, in a table the values refer to by number, and
/// decoded once; numbers and counts are LEB128 varints.
///
/// ```
/// magic    0x00 "LXA" 0x01        (no JSON text starts with 0x00)
/// table    count, then each string: byte count, UTF-8 bytes
/// answer   LookupResult: entries, cachedAt (0, or 1 and a Double)
///          Entry: headword, language?, pronunciations, senseGroups, translations, etymology?, provenance
///          Pronunciation: text, notation, accent?, audioURL?, provenance
///          SenseGroup: partOfSpeech?, senses, synonyms, antonyms
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
    static let magic: [UInt8] = [0x00, UInt8(ascii: "L"), UInt8(ascii: "X"), UInt8(ascii: "A"), 0x01]

    static func isBinary(_ payload: UnsafeRawBufferPointer) -> Bool {
        payload.count >= magic.count && magic.indices.allSatisfy { payload[$0] == magic[$0] }
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
        var reader = Reader(payload, offset: magic.count)
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

// MARK: Reading

private struct Malformed: Error {}

private struct Reader {
    private let base: UnsafePointer<UInt8>
    let count: Int
    var offset: Int
    private var table: [String] = []
    // What a table string makes, made once: an answer names the same few languages, providers and parts of speech in
    // each of its senses.
    private var languageOf: [Language?] = []
    private var providerOf: [ProviderID?] = []
    private var partOfSpeechOf: [PartOfSpeech?] = []
    private var depth = 0

    init(_ payload: UnsafeRawBufferPointer, offset: Int) {
        // A payload is never empty here (it starts with the magic), so it has an address.
        base = payload.baseAddress!.assumingMemoryBound(to: UInt8.self)
        count = payload.count
        self.offset = offset
    }

    mutating func byte() throws(Malformed) -> UInt8 {
        guard offset < count else { throw Malformed() }
        defer { offset += 1 }
        return base[offset]
    }

    mutating func varint() throws(Malformed) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            guard shift < 63 else { throw Malformed() }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        guard value <= UInt64(Int.max) else { throw Malformed() }
        return Int(value)
    }

    /// A count of things each at least one byte long: never more than the bytes left (a damaged count must not make
    /// a reader reserve gigabytes).
    mutating func length() throws(Malformed) -> Int {
        let length = try varint()
        guard length <= count - offset else { throw Malformed() }
        return length
    }

    mutating func readTable() throws(Malformed) {
        let number = try length()
        table.reserveCapacity(number)
        for _ in 0..<number {
            let bytes = try length()
            let text = UnsafeBufferPointer(start: base + offset, count: bytes)
            // `String(decoding:)` takes valid UTF-8 as it is and repairs anything else, so a string that is not
            // its bytes was not UTF-8. (`String(validating:as:)` is not specialised here: a generic metadata lookup
            // for every string.) ASCII, most strings, needs no comparison.
            let string = String(decoding: text, as: UTF8.self)
            guard text.allSatisfy({ $0 < 0x80 }) || Self.same(string, text) else { throw Malformed() }
            table.append(string)
            offset += bytes
        }
        languageOf = Array(repeating: nil, count: number)
        providerOf = Array(repeating: nil, count: number)
        partOfSpeechOf = Array(repeating: nil, count: number)
    }

    private static func same(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard string.utf8.count == bytes.count else { return false }
        return string.utf8.withContiguousStorageIfAvailable {
            memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        } ?? string.utf8.elementsEqual(bytes)
    }

    mutating func tableNumber() throws(Malformed) -> Int {
        let number = try varint()
        guard number < table.count else { throw Malformed() }
        return number
    }

    mutating func string() throws(Malformed) -> String { table[try tableNumber()] }

    /// The number of an optional string: nil for none.
    mutating func optionalNumber() throws(Malformed) -> Int? {
        let number = try varint()
        if number == 0 { return nil }
        guard number <= table.count else { throw Malformed() }
        return number - 1
    }

    mutating func optional() throws(Malformed) -> String? {
        try optionalNumber().map { table[$0] }
    }

    mutating func strings() throws(Malformed) -> [String] {
        let number = try length()
        var values: [String] = []
        values.reserveCapacity(number)
        for _ in 0..<number { values.append(try string()) }
        return values
    }

    mutating func double() throws(Malformed) -> Double {
        guard count - offset >= 8 else { throw Malformed() }
        let bits = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        offset += 8
        return Double(bitPattern: bits)
    }

    mutating func date() throws(Malformed) -> Date { Date(timeIntervalSinceReferenceDate: try double()) }

    mutating func flag() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func language(numbered number: Int) throws(Malformed) -> Language {
        if let language = languageOf[number] { return language }
        guard let language = Language(table[number]) else { throw Malformed() }
        languageOf[number] = language
        return language
    }

    mutating func provider() throws(Malformed) -> ProviderID {
        let number = try tableNumber()
        if let provider = providerOf[number] { return provider }
        guard let provider = ProviderID(table[number]) else { throw Malformed() }
        providerOf[number] = provider
        return provider
    }

    mutating func partOfSpeech() throws(Malformed) -> PartOfSpeech? {
        guard let number = try optionalNumber() else { return nil }
        if let partOfSpeech = partOfSpeechOf[number] { return partOfSpeech }
        let partOfSpeech = PartOfSpeech(table[number])
        partOfSpeechOf[number] = partOfSpeech
        return partOfSpeech
    }

    mutating func provenance() throws(Malformed) -> Provenance {
        Provenance(provider: try provider(), source: try string(), retrievedAt: try date())
    }

    mutating func lookupResult() throws(Malformed) -> LookupResult {
        let number = try length()
        var entries: [Entry] = []
        entries.reserveCapacity(number)
        for _ in 0..<number { entries.append(try entry()) }
        let cachedAt = try flag() ? try date() : nil
        return LookupResult(entries: entries, cachedAt: cachedAt)
    }

    mutating func entry() throws(Malformed) -> Entry {
        let headword = try string()
        let language = try optionalNumber().map { (number) throws(Malformed) in try self.language(numbered: number) }
        var pronunciations: [Pronunciation] = []
        let pronunciationCount = try length()
        pronunciations.reserveCapacity(pronunciationCount)
        for _ in 0..<pronunciationCount {
            let text = try string()
            guard let notation = Pronunciation.Notation(rawValue: try string()) else { throw Malformed() }
            pronunciations.append(Pronunciation(
                text: text, notation: notation, accent: try optional(), audioURL: try optional(), provenance: try provenance()
            ))
        }
        var groups: [SenseGroup] = []
        let groupCount = try length()
        groups.reserveCapacity(groupCount)
        for _ in 0..<groupCount {
            let partOfSpeech = try partOfSpeech()
            let senses = try senses()
            groups.append(SenseGroup(partOfSpeech: partOfSpeech, senses: senses, synonyms: try strings(), antonyms: try strings()))
        }
        var translations: [Translation] = []
        let translationCount = try length()
        translations.reserveCapacity(translationCount)
        for _ in 0..<translationCount {
            let text = try string()
            let pair = LanguagePair(source: try self.language(numbered: try tableNumber()), target: try self.language(numbered: try tableNumber()))
            let notes = try strings(), partOfSpeech = try partOfSpeech(), context = try optional()
            var examples: [TranslatedExample] = []
            let exampleCount = try length()
            examples.reserveCapacity(exampleCount)
            for _ in 0..<exampleCount { examples.append(TranslatedExample(source: try string(), target: try string())) }
            translations.append(Translation(
                text: text, pair: pair, notes: notes, partOfSpeech: partOfSpeech, context: context, examples: examples,
                provenance: try provenance()
            ))
        }
        return Entry(
            headword: headword, language: language, pronunciations: pronunciations, senseGroups: groups,
            translations: translations, etymology: try optional(), provenance: try provenance()
        )
    }

    mutating func senses() throws(Malformed) -> [Sense] {
        let number = try length()
        guard number == 0 || depth < 64 else { throw Malformed() }
        depth += 1
        defer { depth -= 1 }
        var senses: [Sense] = []
        senses.reserveCapacity(number)
        for _ in 0..<number {
            let definition = try string()
            let examples = try strings(), labels = try strings(), synonyms = try strings(), antonyms = try strings()
            let subsenses = try self.senses()
            let formOf = try flag() ? FormOf(lemma: try string(), form: try optional()) : nil
            var sources: [Provenance] = []
            let sourceCount = try length()
            sources.reserveCapacity(sourceCount)
            for _ in 0..<sourceCount { sources.append(try provenance()) }
            senses.append(Sense(
                definition: definition, examples: examples, labels: labels, synonyms: synonyms, antonyms: antonyms,
                subsenses: subsenses, formOf: formOf, sources: sources
            ))
        }
        return senses
    }
}
