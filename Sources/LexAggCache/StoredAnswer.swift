import Foundation
import LexAggCore
import LexAggJSON

/// A stored answer's payload, in the SQLite cache and in PostgreSQL alike: the ``LexAggCore/LookupResult`` in
/// ``BinaryAnswer``'s form. Payloads stored before it (lexagg 0.x up to this change) are the result as Foundation's
/// `JSONEncoder` wrote it (default strategies: dates as seconds since 2001, members in any order), and are still read:
/// a JSON payload starts with `{`, a binary one with a 0 byte.
public enum StoredAnswer {
    /// The payload of `result`.
    public static func encode(_ result: LookupResult) -> Data? {
        Data(BinaryAnswer.encode(result))
    }

    /// The answer in `payload`; nil when it cannot be decoded (written by a future lexagg with the same format
    /// version, or damaged): the caller treats that as a miss, and the next answer from the source replaces it.
    ///
    /// A JSON payload is read by ``AnswerReader`` first: Foundation's `JSONDecoder` took 5.8 million of a cached
    /// lookup's 16.6 million instructions for a 16 KB answer (callgrind: its `Decoder` machinery, dynamic casts and
    /// type lookups, about 350 instructions a byte). What that reader does not take exactly as the encoder writes it
    /// goes to `JSONDecoder`, which decides.
    public static func decode(_ payload: UnsafeRawBufferPointer) -> LookupResult? {
        if BinaryAnswer.isBinary(payload) { return BinaryAnswer.decode(payload) }
        if let result = AnswerReader.read(payload) { return result }
        return try? JSONDecoder().decode(LookupResult.self, from: Data(payload))
    }

    public static func decode(_ payload: Data) -> LookupResult? {
        payload.withUnsafeBytes { decode($0) }
    }
}

/// Decodes a ``LookupResult`` from JSON with ``JSONReader``, to the value `JSONDecoder` gives for the same bytes, or
/// nil. Nil for anything it does not take exactly as that decoder would: text that is not UTF-8, an escaped UTF-16
/// surrogate, a member twice, a required member missing or of another type, a code that is no language or provider,
/// a number that is no finite `Double`. Members it does not know are skipped, as that decoder skips them; an optional
/// member may be missing or `null`. `AnswerReaderTests` compares the two on generated answers.
struct AnswerReader {
    private var reader: JSONReader

    private init(_ payload: UnsafeRawBufferPointer) {
        reader = JSONReader(payload)
    }

    static func read(_ payload: UnsafeRawBufferPointer) -> LookupResult? {
        guard isPlainUTF8(payload) else { return nil }
        var decoder = AnswerReader(payload)
        do {
            let result = try decoder.lookupResult()
            return decoder.reader.atEnd() ? result : nil
        } catch {
            return nil
        }
    }

    /// Whether `payload` is valid UTF-8 with no `\u` escape of a UTF-16 surrogate (which ``JSONReader`` and Foundation
    /// might each take their own way; `JSONEncoder` writes none). One pass, eight plain ASCII bytes at a time.
    static func isPlainUTF8(_ payload: UnsafeRawBufferPointer) -> Bool {
        guard let base = payload.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return true }
        let count = payload.count
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let backslashes = word ^ (ones &* 0x5C)
                // No byte above 0x7F and none a backslash ("has zero byte" on the XOR): nothing to look at.
                if word & highs == 0 && (backslashes &- ones) & ~backslashes & highs == 0 {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte == UInt8(ascii: "\\") {
                if index + 2 < count, base[index + 1] == UInt8(ascii: "u"), base[index + 2] | 0x20 == UInt8(ascii: "d") {
                    return false
                }
                index += 2  // an escaped character, whatever it is (an escaped backslash starts nothing)
                continue
            }
            if byte < 0x80 {
                index += 1
                continue
            }
            // A multi-byte sequence: its length from the lead byte, then no overlong form, surrogate or value past
            // U+10FFFF (what String(validating:) refuses).
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return false
            }
            guard index + length <= count else { return false }
            var scalar = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length {
                let continuation = base[index + offset]
                guard continuation & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(continuation & 0x3F)
            }
            switch length {
            case 3: guard scalar >= 0x800, !(0xD800...0xDFFF).contains(scalar) else { return false }
            case 4: guard scalar >= 0x1_0000, scalar <= 0x10_FFFF else { return false }
            default: break
            }
            index += length
        }
        return true
    }

    // MARK: The model, member by member as Codable names them (Entry.swift, LookupQuery.swift, Provenance.swift)

    private mutating func lookupResult() throws(JSONMalformed) -> LookupResult {
        var entries: [Entry]?, cachedAt: Date?
        try members(["entries", "cachedAt"]) { (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: entries = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.entry() }
            default: cachedAt = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.date() }
            }
        }
        return LookupResult(entries: try required(entries), cachedAt: cachedAt)
    }

    private mutating func entry() throws(JSONMalformed) -> Entry {
        var headword: String?, language: Language?, pronunciations: [Pronunciation]?, senseGroups: [SenseGroup]?
        var translations: [Translation]?, etymology: String?, provenance: Provenance?
        try members(["headword", "language", "pronunciations", "senseGroups", "translations", "etymology", "provenance"]) {
            (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: headword = try decoder.string()
            case 1: language = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.language() }
            case 2: pronunciations = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.pronunciation() }
            case 3: senseGroups = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.senseGroup() }
            case 4: translations = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.translation() }
            case 5: etymology = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.string() }
            default: provenance = try decoder.provenance()
            }
        }
        return Entry(
            headword: try required(headword), language: language, pronunciations: try required(pronunciations),
            senseGroups: try required(senseGroups), translations: try required(translations), etymology: etymology,
            provenance: try required(provenance)
        )
    }

    /// SenseGroup's own `init(from:)`: synonyms, antonyms and labels may be missing.
    private mutating func senseGroup() throws(JSONMalformed) -> SenseGroup {
        var partOfSpeech: PartOfSpeech?, senses: [Sense]?, synonyms: [String]?, antonyms: [String]?, labels: [String]?
        try members(["partOfSpeech", "senses", "synonyms", "antonyms", "labels"]) { (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: partOfSpeech = try decoder.optional { (decoder) throws(JSONMalformed) in PartOfSpeech(try decoder.string()) }
            case 1: senses = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.sense() }
            case 2: synonyms = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.strings() }
            case 3: antonyms = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.strings() }
            default: labels = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.strings() }
            }
        }
        return SenseGroup(
            partOfSpeech: partOfSpeech, senses: try required(senses), synonyms: synonyms ?? [], antonyms: antonyms ?? [],
            labels: labels ?? []
        )
    }

    private mutating func sense() throws(JSONMalformed) -> Sense {
        var definition: String?, examples: [String]?, labels: [String]?, synonyms: [String]?, antonyms: [String]?
        var subsenses: [Sense]?, formOf: FormOf?, sources: [Provenance]?
        try members(["definition", "examples", "labels", "synonyms", "antonyms", "subsenses", "formOf", "sources"]) {
            (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: definition = try decoder.string()
            case 1: examples = try decoder.strings()
            case 2: labels = try decoder.strings()
            case 3: synonyms = try decoder.strings()
            case 4: antonyms = try decoder.strings()
            case 5: subsenses = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.sense() }
            case 6: formOf = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.formOf() }
            default: sources = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.provenance() }
            }
        }
        return Sense(
            definition: try required(definition), examples: try required(examples), labels: try required(labels),
            synonyms: try required(synonyms), antonyms: try required(antonyms), subsenses: try required(subsenses),
            formOf: formOf, sources: try required(sources)
        )
    }

    private mutating func formOf() throws(JSONMalformed) -> FormOf {
        var lemma: String?, form: String?
        try members(["lemma", "form"]) { (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: lemma = try decoder.string()
            default: form = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.string() }
            }
        }
        return FormOf(lemma: try required(lemma), form: form)
    }

    private mutating func pronunciation() throws(JSONMalformed) -> Pronunciation {
        var text: String?, notation: Pronunciation.Notation?, accent: String?, audioURL: String?, provenance: Provenance?
        try members(["text", "notation", "accent", "audioURL", "provenance"]) { (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: text = try decoder.string()
            case 1: notation = try required(Pronunciation.Notation(rawValue: try decoder.string()))
            case 2: accent = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.string() }
            case 3: audioURL = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.string() }
            default: provenance = try decoder.provenance()
            }
        }
        return Pronunciation(
            text: try required(text), notation: try required(notation), accent: accent, audioURL: audioURL,
            provenance: try required(provenance)
        )
    }

    private mutating func translation() throws(JSONMalformed) -> Translation {
        var text: String?, pair: LanguagePair?, notes: [String]?, partOfSpeech: PartOfSpeech?, context: String?
        var examples: [TranslatedExample]?, provenance: Provenance?
        try members(["text", "pair", "notes", "partOfSpeech", "context", "examples", "provenance"]) {
            (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: text = try decoder.string()
            case 1: pair = try decoder.languagePair()
            case 2: notes = try decoder.strings()
            case 3: partOfSpeech = try decoder.optional { (decoder) throws(JSONMalformed) in PartOfSpeech(try decoder.string()) }
            case 4: context = try decoder.optional { (decoder) throws(JSONMalformed) in try decoder.string() }
            case 5: examples = try decoder.array { (decoder) throws(JSONMalformed) in try decoder.translatedExample() }
            default: provenance = try decoder.provenance()
            }
        }
        return Translation(
            text: try required(text), pair: try required(pair), notes: try required(notes), partOfSpeech: partOfSpeech,
            context: context, examples: try required(examples), provenance: try required(provenance)
        )
    }

    private mutating func translatedExample() throws(JSONMalformed) -> TranslatedExample {
        let (source, target) = try sourceAndTarget { (decoder) throws(JSONMalformed) in try decoder.string() }
        return TranslatedExample(source: source, target: target)
    }

    private mutating func languagePair() throws(JSONMalformed) -> LanguagePair {
        let (source, target) = try sourceAndTarget { (decoder) throws(JSONMalformed) in try decoder.language() }
        return LanguagePair(source: source, target: target)
    }

    /// An object of two required members, `source` and `target`, each read by `value`.
    private mutating func sourceAndTarget<T>(
        _ value: (inout AnswerReader) throws(JSONMalformed) -> T
    ) throws(JSONMalformed) -> (T, T) {
        var source: T?, target: T?
        try members(["source", "target"]) { (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: source = try value(&decoder)
            default: target = try value(&decoder)
            }
        }
        return (try required(source), try required(target))
    }

    private mutating func provenance() throws(JSONMalformed) -> Provenance {
        var provider: ProviderID?, source: String?, retrievedAt: Date?
        try members(["provider", "source", "retrievedAt"]) { (decoder, member) throws(JSONMalformed) in
            switch member {
            case 0: provider = try required(ProviderID(try decoder.string()))
            case 1: source = try decoder.string()
            default: retrievedAt = try decoder.date()
            }
        }
        return Provenance(provider: try required(provider), source: try required(source), retrievedAt: try required(retrievedAt))
    }

    private mutating func language() throws(JSONMalformed) -> Language {
        try required(Language(try string()))
    }

    // MARK: JSON values as Codable sees them

    /// The members of the object at the cursor: `member` is called with the index in `names` of each one it knows, at
    /// its value; the others are skipped. A member twice is refused (which one a decoder keeps is its own business).
    private mutating func members(
        _ names: [StaticString], _ member: (inout AnswerReader, Int) throws(JSONMalformed) -> Void
    ) throws(JSONMalformed) {
        guard reader.kind() == .object else { throw Self.refused }
        guard try reader.enterObject() else { return }
        var seen: UInt32 = 0
        repeat {
            let key = try reader.key()
            guard let index = names.firstIndex(where: { JSONReader.equals(key, $0) }) else {
                try reader.skip()
                continue
            }
            guard seen & (1 << index) == 0 else { throw Self.refused }
            seen |= 1 << index
            try member(&self, index)
        } while try reader.nextMember()
    }

    private mutating func array<T>(_ element: (inout AnswerReader) throws(JSONMalformed) -> T) throws(JSONMalformed) -> [T] {
        guard reader.kind() == .array else { throw Self.refused }
        var values: [T] = []
        guard try reader.enterArray() else { return values }
        repeat {
            values.append(try element(&self))
        } while try reader.nextElement()
        return values
    }

    /// `decodeIfPresent`: `null` is nil; anything else must be the value.
    private mutating func optional<T>(_ value: (inout AnswerReader) throws(JSONMalformed) -> T) throws(JSONMalformed) -> T? {
        if try reader.null() { return nil }
        return try value(&self)
    }

    private mutating func string() throws(JSONMalformed) -> String {
        guard reader.kind() == .string else { throw Self.refused }
        return try required(try reader.string())
    }

    private mutating func strings() throws(JSONMalformed) -> [String] {
        try array { (decoder) throws(JSONMalformed) in try decoder.string() }
    }

    /// A `Date` as `JSONEncoder` writes it by default: seconds since 2001-01-01, a JSON number.
    private mutating func date() throws(JSONMalformed) -> Date {
        guard let text = try reader.number(), let seconds = Double(text), seconds.isFinite else { throw Self.refused }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    private static let refused = JSONMalformed(message: "not as JSONEncoder writes a stored answer", offset: 0)
}

private func required<T>(_ value: T?) throws(JSONMalformed) -> T {
    guard let value else { throw JSONMalformed(message: "a required member is missing", offset: 0) }
    return value
}
