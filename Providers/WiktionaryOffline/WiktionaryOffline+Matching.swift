import Foundation
import LexAggCore
import LexAggWiktextract

extension WiktionaryOffline {
    /// Exact and prefix, by binary search over the sorted headwords.
    public var matchStrategies: [MatchStrategy] { [.exact, .prefix] }

    public func match(_ query: MatchQuery) async throws -> [String] {
        guard matchStrategies.contains(query.strategy) else { throw unsupported(query.strategy) }
        try checkCancellation()
        let key = key(query.pattern)
        return try headwords(startingWith: key, exact: query.strategy == .exact, language: query.language, limit: query.limit)
    }

    /// Completions of the word, then headwords within two edits that share its first letters, then those that differ
    /// from it by an accent on its first letter as well (`ecole`: *école*; `ubung`: *Übung*).
    public func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] {
        try checkCancellation()
        let key = key(query.term)
        var found = try headwords(startingWith: key, exact: false, language: query.language, limit: limit)
        // Shorter and shorter prefixes of the word, a bounded scan each: close spellings share a beginning. A
        // candidate's key (its headword, normalised) is compared first, and only one within two edits has its line
        // read for its spelling and language (a read and a scan of the whole line, for up to 4 x limit candidates
        // under each prefix, most of them not close).
        func addClose(to target: [UInt8], keepingAtLeast shortest: Int) throws(ProviderError) {
            for keep in stride(from: max(shortest, target.count - 1), through: max(shortest, target.count - 3), by: -1)
            where found.count < limit {
                let close = try headwords(
                    startingWith: Array(target.prefix(keep)), exact: false, language: query.language, limit: limit * 4,
                    scan: 5000, keeping: { EditDistance.bounded(Array($0), target, bound: 2) != nil }
                )
                for word in close where found.count < limit && !found.contains(word) { found.append(word) }
            }
        }
        try addClose(to: key, keepingAtLeast: 1)
        // A word typed without the accent of its first letter shares no beginning with its headword, whose key keeps
        // the accent (only marks a word may be written with or without are left out of keys: ``DatasetKey``): each
        // accented letter is tried in its place, the accented letter always part of the prefix.
        if found.count < limit, let first = key.first, let letters = Self.accentedLetters[first] {
            for letter in letters.map(self.key) where found.count < limit && letter != [first] {
                try addClose(to: letter + key.dropFirst(), keepingAtLeast: letter.count + 1)
            }
        }
        return found
    }

    /// The lower-case Latin letters with diacritics (U+00C0–U+024F: `é`, `ü`, `ç`; not `ø` or `ł`, which do not
    /// decompose) by the ASCII letter they are written on. (Their keys are made by the dataset's rules where used:
    /// those that fold a letter's mark away, `ā` to `a`, give the letter itself, and are passed over.)
    static let accentedLetters: [UInt8: [String]] = {
        var letters: [UInt8: [String]] = [:]
        for value in UInt32(0xC0)...0x24F {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isLowercase,
                  let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first,
                  base != scalar, base.isASCII, base.properties.isAlphabetic
            else { continue }
            letters[UInt8(base.value), default: []].append(String(scalar))
        }
        return letters
    }()

    /// Up to `limit` distinct headwords (as the dump spells them) whose key is, or starts with, `key`, looking at
    /// no more than `scan` key rows. With `keeping`, a headword whose key it refuses is left out unread, and counts
    /// towards `limit` as a headword looked at.
    func headwords(
        startingWith key: [UInt8], exact: Bool, language: Language?, limit: Int, scan: Int = 200_000,
        keeping: ((UnsafeRawBufferPointer) -> Bool)? = nil
    ) throws(ProviderError) -> [String] {
        var index = dataset.lowerBound(key)
        var words: [String] = []
        var seen = Set<String>()
        var scanned = 0
        var refused = 0
        var lastRefused: [UInt8] = []
        var scanner = RecordScanner()
        while index < dataset.rowCount, words.count + refused < limit, scanned < scan {
            let rowKey = dataset.key(at: index)
            let matches = exact ? Array(rowKey) == key : rowKey.starts(with: key)
            guard matches else { break }
            let row = dataset.row(at: index)
            index += 1
            scanned += 1
            if row.kind == .headword, let keeping, !keeping(rowKey) {
                // A key's rows are side by side: counted once.
                if !lastRefused.elementsEqual(rowKey) { refused += 1; lastRefused = Array(rowKey) }
                continue
            }
            // Read as a definition's lines are (`withRecord`); the scanner keeps what it takes out in its own arena.
            guard row.kind == .headword, dataset.withRecord(row, { (try? scanner.scan($0)) != nil }) == true,
                  let word = scanner.record.word.map({ String(decoding: scanner.bytes($0), as: UTF8.self) })
            else { continue }
            if let language, let code = scanner.record.languageCode.map({ String(decoding: scanner.bytes($0), as: UTF8.self) }),
               let own = Language(code), !own.matches(language)
            {
                continue
            }
            if scanned & 0xFF == 0 { try checkCancellation() }
            if seen.insert(word.lowercased()).inserted { words.append(word) }
        }
        return words
    }
}
