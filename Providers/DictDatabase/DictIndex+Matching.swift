import LexAggCore
import LexAggDictFormats

/// Finding headwords by pattern (dictd's `MATCH` strategies) and close spellings.
///
/// Exact and prefix matches are binary searches; the other strategies read every line of the index once, comparing
/// folded keys (the index's own folding, so case never matters), and stop early once they have enough.
extension DictIndex {
    /// Why a scan stopped without an answer.
    enum ScanFailure: Error {
        case cancelled
        case invalidPattern(String)
    }

    /// Up to `limit` distinct headwords matching `pattern` by `strategy`, in index order with the exact headword
    /// first (a regular expression is matched against each headword as written, in index order). A scan stops with
    /// ``ScanFailure/cancelled`` once `cancellation` (else the current task) is cancelled.
    func match(
        _ pattern: String, strategy: MatchStrategy, limit: Int, cancellation: CancellationFlag? = nil
    ) throws(ScanFailure) -> [String] {
        let stopped = { cancellation?.isCancelled ?? Task.isCancelled }
        let key = order.foldQuery(pattern)
        var results = Results(limit: limit)
        // The headword itself first, whatever the strategy finds after it (lev excludes it: it asks for others).
        if strategy != .lev && strategy != .regex { for location in lookup(pattern) { results.add(location.headword) } }
        switch strategy {
        case .exact:
            break
        case .prefix:
            guard !key.isEmpty else { return [] }
            var position = lowerBound(key)
            let bytes = file.bytes
            while position < bytes.count, !results.isFull {
                let end = lineEnd(from: position)
                defer { position = end + 1 }
                let headword = headwordBytes(position, end)
                guard order.foldHeadword(headword).starts(with: key) else { break }
                results.add(headword)
            }
        case .substring:
            guard !key.isEmpty else { return [] }
            try scan(into: &results, stopped) { folded in folded.count > key.count && Self.contains(folded, key) }
        case .suffix:
            guard !key.isEmpty else { return [] }
            try scan(into: &results, stopped) { folded in folded.count > key.count && folded.reversed().starts(with: key.reversed()) }
        case .soundex:
            guard let code = Soundex.packed(utf8: pattern.utf8) else { return results.words }
            try scan(into: &results, stopped) { folded in Soundex.packed(utf8: folded) == code }
        case .lev:
            let wanted = Array(String(decoding: key, as: UTF8.self).unicodeScalars)
            let asciiKey = key.allSatisfy { $0 < 0x80 }
            guard !wanted.isEmpty else { return [] }
            try scan(into: &results, stopped) { folded in
                guard abs(folded.count - key.count) <= 4, folded != key else { return false }
                if asciiKey && folded.allSatisfy({ $0 < 0x80 }) { return EditDistance.withinOneEdit(folded, key) }
                return EditDistance.withinOneEdit(Array(String(decoding: folded, as: UTF8.self).unicodeScalars), wanted)
            }
        case .regex:
            var expression: POSIXRegularExpression
            do {
                expression = try POSIXRegularExpression(pattern)
            } catch {
                throw .invalidPattern(error.message)
            }
            defer { expression.free() }
            try scanHeadwords(stopped) { headword in
                if expression.matches(headword) { results.add(headword) }
                return !results.isFull
            }
        }
        return results.words
    }

    /// Headwords spelled close to `word` ("did you mean"), closest first, at most `limit`: the index lines around
    /// where `word` and its first two thirds and first third would sort (completions and late typos), and every
    /// headword within two edits (one for words of four letters or fewer), swaps of neighbouring letters counting as
    /// one — which a typo early in the word (`acommodate`) needs, since it sorts far from the word meant.
    func suggestions(_ word: String, limit: Int, cancellation: CancellationFlag? = nil) throws(ScanFailure) -> [String] {
        let key = order.foldQuery(word)
        guard !key.isEmpty, limit > 0 else { return [] }
        let query = Array(String(decoding: key, as: UTF8.self).unicodeScalars)
        let bound = query.count <= 4 ? 1 : 2
        var scored: [String: (distance: Int, headword: String)] = [:]
        func consider(_ headword: String, _ folded: [UInt8], distance: Int) {
            let name = String(decoding: folded, as: UTF8.self)
            guard folded != key, !name.isEmpty else { return }
            if let known = scored[name], known.distance <= distance { return }
            scored[name] = (distance, headword)
        }
        // Neighbours in sort order: completions of the word (a distance of 1 whatever their length) and close ones.
        let bytes = file.bytes
        for cut in Set([key.count, max(1, key.count * 2 / 3), max(1, key.count / 3)]) {
            var position = lineStart(containing: max(0, min(bytes.count - 1, lowerBound(Array(key.prefix(cut))))))
            for _ in 0..<15 where position > 0 { position = lineStart(containing: position - 1) }
            for _ in 0..<60 where position < bytes.count {
                let end = lineEnd(from: position)
                defer { position = end + 1 }
                let headword = headwordBytes(position, end)
                let name = DictIndex.display(headword)
                guard !name.isEmpty, !DictIndex.isMetadata(name) else { continue }
                let folded = order.foldHeadword(headword).drop { $0 == UInt8(ascii: " ") }.map { $0 }
                let candidate = Array(String(decoding: folded, as: UTF8.self).unicodeScalars)
                if folded.starts(with: key) {
                    consider(name, folded, distance: 1)
                } else if let distance = EditDistance.bounded(candidate, query, bound: max(1, query.count / 3)) {
                    consider(name, folded, distance: distance)
                }
            }
        }
        // Everything within the bound, anywhere in the index.
        let asciiKey = key.allSatisfy { $0 < 0x80 }
        let keyPresence = EditDistance.presence(key)
        let legacy = order == .legacy
        var counter = 0
        var position = 0
        while position < bytes.count {
            counter += 1
            if counter & 0xFFF == 0, cancellation?.isCancelled ?? Task.isCancelled { throw .cancelled }
            let end = lineEnd(from: position)
            defer { position = end + 1 }
            // The headword where the file holds it; copied only once the checks below let it through (a copy for
            // each of the index's lines was most of the scan).
            let raw = UnsafeRawBufferPointer(rebasing: bytes[position..<headwordEnd(position, end)])
            // In utf8 and allchars order a headword's key is its bytes: an ASCII one the checks below would pass over
            // is passed over before its key is made.
            if !legacy, asciiKey, raw.allSatisfy({ $0 < 0x80 }),
               abs(raw.count - key.count) > bound || !EditDistance.mayBeWithin(bound, EditDistance.presence(raw), keyPresence)
            {
                continue
            }
            // In legacy order the key is ASCII, its length and bytes known without making it.
            if legacy, asciiKey {
                let shape = IndexOrder.legacyKeyShape(raw)
                if abs(shape.count - key.count) > bound || !EditDistance.mayBeWithin(bound, shape.presence, keyPresence) { continue }
            }
            let headword = ArraySlice(raw)
            let folded = order.foldHeadword(headword)
            guard abs(folded.count - key.count) <= bound * 4 else { continue }
            // ASCII on both sides (nearly every line of an English index): compare bytes, without making a string.
            let distance: Int?
            if asciiKey && folded.allSatisfy({ $0 < 0x80 }) {
                guard abs(folded.count - key.count) <= bound else { continue }
                distance = EditDistance.bounded(folded, key, bound: bound)
            } else {
                distance = EditDistance.bounded(Array(String(decoding: folded, as: UTF8.self).unicodeScalars), query, bound: bound)
            }
            guard let distance else { continue }
            let name = DictIndex.display(headword)
            guard !name.isEmpty, !DictIndex.isMetadata(name) else { continue }
            consider(name, folded, distance: distance)
        }
        return scored.values
            .sorted { ($0.distance, $0.headword.count, $0.headword) < ($1.distance, $1.headword.count, $1.headword) }
            .prefix(limit).map(\.headword)
    }

    // MARK: Scanning

    /// Adds, in index order, the headword of every line whose folded key (without leading spaces) passes `test`,
    /// until `results` is full.
    private func scan(into results: inout Results, _ stopped: () -> Bool, _ test: ([UInt8]) -> Bool) throws(ScanFailure) {
        let bytes = file.bytes
        var position = 0
        var counter = 0
        while position < bytes.count, !results.isFull {
            counter += 1
            if counter & 0xFFF == 0, stopped() { throw .cancelled }
            let end = lineEnd(from: position)
            defer { position = end + 1 }
            let headword = headwordBytes(position, end)
            var folded = order.foldHeadword(headword)
            if folded.first == UInt8(ascii: " ") { folded = Array(folded.drop { $0 == UInt8(ascii: " ") }) }
            if test(folded) { results.add(headword) }
        }
    }

    /// Calls `body` with every headword as written (metadata left out), in index order, while it returns true.
    private func scanHeadwords(_ stopped: () -> Bool, _ body: (String) -> Bool) throws(ScanFailure) {
        let bytes = file.bytes
        var position = 0
        var counter = 0
        while position < bytes.count {
            counter += 1
            if counter & 0xFFF == 0, stopped() { throw .cancelled }
            let end = lineEnd(from: position)
            defer { position = end + 1 }
            let name = DictIndex.display(headwordBytes(position, end))
            guard !name.isEmpty, !DictIndex.isMetadata(name) else { continue }
            if !body(name) { return }
        }
    }

    /// A headword as shown: its bytes as text, without the spaces dictfmt may leave around it.
    static func display(_ headword: ArraySlice<UInt8>) -> String {
        String(decoding: headword, as: UTF8.self).trimmingWhitespace()
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        let first = needle[0]
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first, haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
            start += 1
        }
        return false
    }

    /// Distinct headwords (ignoring case), metadata and empty ones left out, up to a limit.
    struct Results {
        let limit: Int
        private(set) var words: [String] = []
        private var seen = Set<String>()

        init(limit: Int) { self.limit = limit }

        var isFull: Bool { words.count >= limit }

        mutating func add(_ headword: ArraySlice<UInt8>) { add(DictIndex.display(headword)) }

        mutating func add(_ headword: String) {
            let name = headword.trimmingWhitespace()
            guard !isFull, !name.isEmpty, !DictIndex.isMetadata(name), seen.insert(name.lowercased()).inserted else { return }
            words.append(name)
        }
    }
}
