import Foundation
import LexAggCore

/// Reads what ``BinaryAnswer/encode(_:)`` writes (the layout is in BinaryAnswer.swift), refusing anything else.
struct BinaryAnswerReader {
    struct Malformed: Error {}

    private let base: UnsafePointer<UInt8>
    let count: Int
    var offset: Int
    private var table: [String] = []
    private var depth = 0
    /// Whether groups end with their labels (version 2 on).
    private let groupsHaveLabels: Bool
    /// What table strings make, made once each (an answer names the same few languages, providers and parts of
    /// speech in all its senses): `madeSlot[n]` is string n's place in `made`, -1 before it makes anything. An answer
    /// of 333 strings makes values of five or so; an empty `Made` for each of the 333 cost 43,000 instructions.
    private var madeSlot: [Int] = []
    private var made: [Made] = []

    private struct Made {
        var language: Language?
        var provider: ProviderID?
        var partOfSpeech: PartOfSpeech?
    }

    init(_ payload: UnsafeRawBufferPointer, offset: Int, version: UInt8) {
        groupsHaveLabels = version >= 2
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
        madeSlot = Array(repeating: -1, count: number)
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

    /// What table string `number` has made so far.
    private func made(_ number: Int) -> Made {
        let slot = madeSlot[number]
        return slot < 0 ? Made() : made[slot]
    }

    /// The slot of table string `number` in ``made``, given one if it has none.
    private mutating func slot(_ number: Int) -> Int {
        if madeSlot[number] < 0 {
            madeSlot[number] = made.count
            made.append(Made())
        }
        return madeSlot[number]
    }

    mutating func language(numbered number: Int) throws(Malformed) -> Language {
        if let language = made(number).language { return language }
        guard let language = Language(table[number]) else { throw Malformed() }
        made[slot(number)].language = language
        return language
    }

    mutating func provider() throws(Malformed) -> ProviderID {
        let number = try tableNumber()
        if let provider = made(number).provider { return provider }
        guard let provider = ProviderID(table[number]) else { throw Malformed() }
        made[slot(number)].provider = provider
        return provider
    }

    mutating func partOfSpeech() throws(Malformed) -> PartOfSpeech? {
        guard let number = try optionalNumber() else { return nil }
        if let partOfSpeech = made(number).partOfSpeech { return partOfSpeech }
        let partOfSpeech = PartOfSpeech(table[number])
        made[slot(number)].partOfSpeech = partOfSpeech
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
            let synonyms = try strings(), antonyms = try strings()
            groups.append(SenseGroup(
                partOfSpeech: partOfSpeech, senses: senses, synonyms: synonyms, antonyms: antonyms,
                labels: groupsHaveLabels ? try strings() : []
            ))
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
