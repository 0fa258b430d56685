#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One of WordNet's exception lists (`noun.exc`…): `form lemma [lemma…]` per line, `_` joining the words of a
/// phrase, looked up by form.
///
/// WordNet ships its lists sorted, one line per form, in ASCII. Such a list is searched in place (a binary search
/// over its lines), so nothing is built before the first lemma request answers: building a dictionary of WordNet's
/// 6,000 forms cost 30 million instructions, half of an `--offline` lookup that needed one form. Any other text (not
/// sorted, not ASCII, other line breaks, leading white space or stray `_` in a form) is read into a dictionary, by
/// Characters, as before; both readings give the same lemmas (`WordNetMorphologyTests`).
package enum WordNetExceptionList: Sendable {
    case sorted(SortedLines)
    case table([String: [String]])

    package init(_ text: String) {
        self = SortedLines(text).map(Self.sorted) ?? .table(Self.table(readingCharactersOf: text))
    }

    /// The lemmas `form` is listed with, in the list's order.
    package func lemmas(of form: String) -> [String] {
        switch self {
        case .sorted(let lines): lines.lemmas(of: form)
        case .table(let table): table[form] ?? []
        }
    }

    /// Whether the list may name `form` (its UTF-8 bytes, no space): false only when it surely does not, found without
    /// making a string (a closed compound tries every ending of the word: `schoolchildren` → `children`).
    package func mayList(_ form: ArraySlice<UInt8>) -> Bool {
        switch self {
        case .sorted(let lines): lines.firstLine(of: form) != nil
        case .table: true
        }
    }

    /// The list read by Characters: `form → lemmas`.
    package static func table(readingCharactersOf text: String) -> [String: [String]] {
        var table: [String: [String]] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: " ").map { $0.split(separator: "_").joined(separator: " ") }
            guard fields.count >= 2 else { continue }
            table[fields[0], default: []].append(contentsOf: fields.dropFirst())
        }
        return table
    }

    /// A list whose lines are sorted by form, searched in place.
    package struct SortedLines: Sendable {
        let bytes: [UInt8]
        /// Where each non-empty line starts, and where its form ends.
        let lines: [(start: Int32, formEnd: Int32)]

        /// `nil` unless every line is `form[ field…]` with an ASCII form that neither starts nor ends with `_` nor has
        /// `__`, lines are separated by `\n` alone, there is no other control character, and forms are in byte order.
        init?(_ text: String) {
            let bytes = Array(text.utf8)
            guard bytes.count < Int(Int32.max) else { return nil }
            var lines: [(start: Int32, formEnd: Int32)] = []
            lines.reserveCapacity(bytes.count / 16)
            // Line by line, each checked as it is found: its end and its form's by `memchr`, its bytes eight at a time
            // (generic slices, `zip` and `lexicographicallyPrecedes` made checking WordNet's four lists half of a
            // `lookup walked`: 3.8 million instructions).
            let valid = bytes.withUnsafeBufferPointer { buffer -> Bool in
                guard let base = buffer.baseAddress else { return true }
                let count = buffer.count
                let raw = UnsafeRawBufferPointer(buffer)
                var position = 0
                var previous: (start: Int, end: Int)?
                while position < count {
                    let end = raw.firstOffset(of: 0x0A, from: position, to: count) ?? count
                    if end > position {
                        let formEnd = raw.firstOffset(of: 0x20, from: position, to: end) ?? end
                        guard Self.isPrintableASCII(base + position, count: end - position), formEnd > position,
                              base[position] != UInt8(ascii: "_"), base[formEnd - 1] != UInt8(ascii: "_")
                        else { return false }
                        for index in (position + 1)..<formEnd where base[index] == UInt8(ascii: "_") && base[index - 1] == UInt8(ascii: "_") {
                            return false
                        }
                        if let previous {
                            // In byte order; a form may be repeated.
                            let previousLength = previous.end - previous.start, length = formEnd - position
                            let order = memcmp(base + previous.start, base + position, min(previousLength, length))
                            guard order < 0 || (order == 0 && previousLength <= length) else { return false }
                        }
                        previous = (position, formEnd)
                        lines.append((Int32(position), Int32(formEnd)))
                    }
                    position = end + 1
                }
                return true
            }
            guard valid else { return nil }
            self.bytes = bytes
            self.lines = lines
        }

        /// Whether the `count` bytes at `start` are all printable ASCII (space to `~`), eight at a time.
        package static func isPrintableASCII(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101, high = ones &* 0x80
            var index = 0
            while index &+ 8 <= count {
                let word = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
                // Exact as tests of the whole word: a byte at or above 0x80; one below 0x20 (when none is at or
                // above 0x80); one that is 0x7F (a zero byte of the word xor 0x7F…).
                let delete = word ^ (ones &* 0x7F)
                if (word & high) | ((word &- ones &* 0x20) & ~word & high) | ((delete &- ones) & ~delete & high) != 0 {
                    return false
                }
                index &+= 8
            }
            while index < count {
                guard start[index] >= 0x20 && start[index] < 0x7F else { return false }
                index &+= 1
            }
            return true
        }

        func lemmas(of form: String) -> [String] {
            // Forms in the list have no `_` once read (it joins words), no doubled or outer spaces.
            let key = Array(form.utf8).map { $0 == 0x20 ? UInt8(ascii: "_") : $0 }
            guard !form.utf8.contains(UInt8(ascii: "_")) else { return [] }
            guard var low = firstLine(of: key[...]) else { return [] }
            var lemmas: [String] = []
            while low < lines.count, self.form(low).elementsEqual(key) {
                var end = Int(lines[low].formEnd)
                while end < bytes.count && bytes[end] != 0x0A { end += 1 }
                for field in bytes[Int(lines[low].formEnd)..<end].split(separator: 0x20) {
                    let words = field.split(separator: UInt8(ascii: "_"))
                    lemmas.append(words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " "))
                }
                low += 1
            }
            return lemmas
        }

        /// The first line whose form is `key`, by binary search; nil when there is none.
        func firstLine(of key: ArraySlice<UInt8>) -> Int? {
            bytes.withUnsafeBufferPointer { all in
                key.withUnsafeBufferPointer { wanted in
                    /// The order of line `index`'s form against the key, as memcmp gives it, shorter first on a tie.
                    func order(_ index: Int) -> Int {
                        let start = Int(lines[index].start), length = Int(lines[index].formEnd) - start
                        let common = min(length, wanted.count)
                        if common > 0, let base = all.baseAddress, let other = wanted.baseAddress {
                            let byBytes = memcmp(base + start, other, common)
                            if byBytes != 0 { return Int(byBytes) }
                        }
                        return length - wanted.count
                    }
                    var low = 0
                    var high = lines.count
                    while low < high {
                        let middle = (low + high) / 2
                        if order(middle) < 0 { low = middle + 1 } else { high = middle }
                    }
                    return low < lines.count && order(low) == 0 ? low : nil
                }
            }
        }

        private func form(_ line: Int) -> ArraySlice<UInt8> {
            bytes[Int(lines[line].start)..<Int(lines[line].formEnd)]
        }
    }
}
