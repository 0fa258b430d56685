import Foundation
import LexAggCore
import LexAggJSON

/// How the other editions' linkages and translations name the sense they belong to (`sense_index`), and how a
/// record's senses are numbered for them.
extension WiktextractRecord {
    /// The number of the sense at `index` (of `senses`).
    func senseNumber(_ index: Int) -> SenseNumber { Self.senseNumber(index, in: senseNumbers) }

    static func senseNumber(_ index: Int, in numbers: [SenseNumber]) -> SenseNumber {
        numbers.isEmpty ? SenseNumber(own: nil, place: index + 1) : numbers[index]
    }

    /// A sense's number: its own `sense_index` when it has one (the German, Spanish and Polish editions: "1", "1a"),
    /// else its place from 1 among the senses with a single gloss, the numbered definitions (the French, Russian,
    /// Dutch, Portuguese and Czech editions count them; a subsense repeats its parent's gloss first), else none.
    struct SenseNumber: Equatable {
        var own: String?
        /// 0: not a numbered definition.
        var place: Int

        /// The number as a `sense_index` writes it; nil for none.
        var text: String? { own ?? (place > 0 ? String(place) : nil) }

        /// Whether it is `number`, one number of a `sense_index`.
        func matches(_ number: Substring) -> Bool {
            if let own { return own == number }
            return place > 0 && Int(number) == place
        }
    }

    /// The senses of a record (``Sense/init(wiktextract:sources:number:glosses:parent:)``) and their numbers
    /// (``senseNumbers``).
    ///
    /// A nested sense (wiktextract repeats its parents' glosses before its own) goes where Wiktionary shows it: among
    /// the subsenses of the sense whose own gloss is its parent's, the nearest before it (`pflegen`'s "[with genitive]"
    /// under "to take care of"), unless it has a number of its own, which linkages and translations name it by (then
    /// it stays a sense, as before). A parent that is no sense of its own — a heading, "inflection of recibir:" —
    /// leads its own gloss: "inflection of recibir: first/third-person singular present subjunctive" (its own gloss
    /// alone said neither whose form it was nor, for a heading's fragment, what it meant).
    static func senses(_ reader: inout JSONReader, sources: [Provenance]) throws(JSONReader.Malformed) -> ([Sense], [SenseNumber]) {
        var senses: [Sense] = [], numbers: [SenseNumber] = []
        var numbered = 0
        // The own gloss of each sense whose definition a parent's gloss leads (few records have one).
        var ownGlosses: [(sense: Int, gloss: String)] = []
        guard try reader.enterArray() else { return ([], []) }
        repeat {
            var own: String?, glosses = 0, parent: String?
            let read = try Sense(wiktextract: &reader, sources: sources, number: &own, glosses: &glosses, parent: &parent)
            // A definition is numbered on the page whether or not a gloss is left of it.
            if glosses == 1 { numbered += 1 }
            guard var sense = read else { continue }
            if glosses > 1, let parent {
                switch nest(sense, under: parent, in: &senses, ownGlosses: ownGlosses, numbered: own != nil) {
                case true?: continue
                case false?: break
                case nil:
                    ownGlosses.append((senses.count, sense.definition))
                    sense.definition = joined(parent, sense.definition)
                }
            }
            senses.append(sense)
            let number = SenseNumber(own: own, place: glosses == 1 ? numbered : 0)
            // Kept only from the first sense that is not its place (`senseNumbers`).
            if numbers.isEmpty && number == SenseNumber(own: nil, place: senses.count) { continue }
            if numbers.isEmpty { numbers = (0..<senses.count - 1).map { SenseNumber(own: nil, place: $0 + 1) } }
            numbers.append(number)
        } while try reader.nextElement()
        return (senses, numbers)
    }

    /// Puts `sense` among the subsenses of the sense (or subsense) before it whose own gloss is `parent`, the
    /// nearest: true. False when there is one but `sense` has a number of its own (`numbered`: it stays a sense);
    /// nil when no sense before it has that gloss.
    static func nest(
        _ sense: Sense, under parent: String, in senses: inout [Sense], ownGlosses: [(sense: Int, gloss: String)], numbered: Bool
    ) -> Bool? {
        for index in senses.indices.reversed() {
            let own = ownGlosses.first { $0.sense == index }?.gloss ?? senses[index].definition
            if own == parent {
                if numbered { return false }
                senses[index].subsenses.append(sense)
                return true
            }
            if let inner = senses[index].subsenses.lastIndex(where: { $0.definition == parent }) {
                if numbered { return false }
                senses[index].subsenses[inner].subsenses.append(sense)
                return true
            }
        }
        return nil
    }

    /// A heading's gloss and a sense's own, as one definition: "inflection of recibir: first/third-person …".
    static func joined(_ parent: String, _ own: String) -> String {
        guard let last = parent.last else { return own }
        return parent + (last == ":" || last == "." || last == ";" ? " " : ": ") + own
    }

    /// The senses a `sense_index` names (``numbers(ofSenseIndex:)``), in order, each once: for each of its numbers, the
    /// sense with that number; none when several have it (the Spanish edition numbers each sense's subsenses "a",
    /// "b" again: which one a linkage means is not known); else the senses numbered under it (a German or Polish
    /// parent sense without a gloss of its own is not in the dump: "2" names its subsenses "2.1", "2a", …).
    func senseIndices(_ index: String) -> [Int] { Self.senseIndices(index, in: senseNumbers, count: senses.count) }

    /// (`count`: how many senses there are.)
    static func senseIndices(_ index: String, in numbers: [SenseNumber], count: Int) -> [Int] {
        var found: [Int] = []
        for number in Self.numbers(ofSenseIndex: index) {
            let exact = (0..<count).filter { senseNumber($0, in: numbers).matches(Substring(number)) }
            if exact.count > 1 { continue }
            let named = exact.isEmpty
                ? (0..<count).filter { position in
                    guard let own = senseNumber(position, in: numbers).own, own.count > number.count, own.hasPrefix(number) else { return false }
                    let next = own[own.index(own.startIndex, offsetBy: number.count)]
                    return next == "." || (next.isLetter && number.last?.isNumber == true)
                }
                : exact
            for position in named where !found.contains(position) { found.append(position) }
        }
        return found
    }

    /// The numbers a `sense_index` lists, each written out in full: separated by commas; a range (`1-3`, `1–3`, `2a-c`)
    /// is each number in it; a number that continues the one before leaves out what they share, as the Polish and
    /// German editions write them (`1.1,2` is 1.1 and 1.2, `1.1-3` is 1.1 to 1.3, `1a, b` is 1a and 1b).
    static func numbers(ofSenseIndex index: String) -> [String] {
        var numbers: [String] = []
        /// What `number` shares with the numbers after it that leave it out: up to its last ".", else its digits
        /// before a letter (`1.2` → `1.`, `1a` → `1`).
        func stem(_ number: String) -> String {
            if let dot = number.lastIndex(of: ".") { return String(number[...dot]) }
            if let letter = number.firstIndex(where: \.isLetter), letter != number.startIndex, number[..<letter].allSatisfy(\.isNumber) {
                return String(number[..<letter])
            }
            return ""
        }
        /// `part` in full after `previous`: a bare number after a dotted one, or bare letters after a lettered one,
        /// take its stem.
        func full(_ part: String, after previous: String?) -> String {
            guard let previous, !part.isEmpty else { return part }
            let stem = stem(previous)
            if stem.hasSuffix("."), part.allSatisfy(\.isNumber) { return stem + part }
            if !stem.isEmpty, !stem.hasSuffix("."), part.allSatisfy(\.isLetter) { return stem + part }
            return part
        }
        for piece in index.split(separator: ",") {
            let ends = piece.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = ends.first, !first.isEmpty else { continue }
            let from = full(first, after: numbers.last)
            guard ends.count == 2 else {
                numbers.append(from)
                continue
            }
            let to = full(ends[1], after: from)
            let stem = stem(from)
            let low = from.dropFirst(stem.count), high = to.dropFirst(stem.count)
            if to.hasPrefix(stem), let a = Int(low), let b = Int(high), a <= b, b - a < 100 {
                numbers += (a...b).map { stem + String($0) }
            } else if to.hasPrefix(stem), low.count == 1, high.count == 1, let a = low.unicodeScalars.first, let b = high.unicodeScalars.first,
                      a.properties.isLowercase, b.properties.isLowercase, a.value <= b.value, b.value - a.value < 26 {
                numbers += (a.value...b.value).compactMap { Unicode.Scalar($0).map { stem + String(Character($0)) } }
            } else {
                numbers += [from, to]
            }
        }
        return numbers.filter { !$0.isEmpty }
    }

    /// A `sense_index` as text: a string as it is, a whole number above 0 in decimals (0 is the French edition's
    /// "none"), anything else nil.
    static func senseIndex(_ reader: inout JSONReader) throws(JSONReader.Malformed) -> String? {
        switch reader.kind() {
        case .string: return try reader.string().flatMap { $0.isEmpty ? nil : $0 }
        default: return try reader.number().flatMap(wholeNumber).flatMap { $0 > 0 ? String($0) : nil }
        }
    }
}
