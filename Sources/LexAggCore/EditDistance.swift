/// Levenshtein distance over `Character`s, used for "did you mean" suggestions.
public enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions that turn `a` into `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension EditDistance {
    /// Whether `a` and `b` are at most one edit apart, counting the swap of two neighbouring characters as one edit
    /// (dictd's `lev` strategy): one insertion, deletion, substitution or transposition, or none.
    ///
    /// Inlinable, as ``bounded(_:_:bound:)`` is, so that each caller gets a copy for its own element type.
    @inlinable
    public static func withinOneEdit<C: Collection>(_ a: C, _ b: C) -> Bool where C.Element: Equatable {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > 1 { return false }
        var i = 0
        while i < a.count, i < b.count, a[i] == b[i] { i += 1 }
        if i == a.count && i == b.count { return true }
        if a.count == b.count {
            // One substitution, or one transposition of a[i] and a[i+1].
            if a[(i + 1)...] == b[(i + 1)...] { return true }
            return i + 1 < a.count && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]
        }
        // One insertion or deletion at i.
        return a.count > b.count ? a[(i + 1)...] == b[i...] : a[i...] == b[(i + 1)...]
    }

    /// Which byte values (modulo 64) `bytes` has: with ``mayBeWithin(_:_:_:)``, a test that rules most words out
    /// before ``bounded(_:_:bound:)`` is asked (the scan of a whole index for close spellings compares every
    /// headword of about the word's length).
    @inlinable
    public static func presence<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var mask: UInt64 = 0
        for byte in bytes { mask |= 1 << UInt64(byte & 63) }
        return mask
    }

    /// False when two words whose ``presence(_:)`` are `a` and `b` cannot be within `bound` edits: an edit changes
    /// whether a value is present for at most two values (a substitution: one gone, one new; an insertion or a
    /// deletion: one; a swap: none), whatever values share a bit, so more than twice `bound` differing bits is too
    /// far. True says nothing.
    @inlinable
    public static func mayBeWithin(_ bound: Int, _ a: UInt64, _ b: UInt64) -> Bool {
        (a ^ b).nonzeroBitCount <= 2 * bound
    }

    /// The optimal-string-alignment distance (Damerau–Levenshtein without overlapping edits) when it is at most
    /// `bound`, else `nil`; stops as soon as every path exceeds the bound, so scanning a large index stays cheap.
    ///
    /// Inlinable: called from another module, the generic function ran unspecialised, every element compared and
    /// copied through witness tables, and a word WordNet lacked cost 0.8 billion instructions (40 ms) of close
    /// spellings, its whole index compared with it; the caller's own copy compares bytes.
    @inlinable
    public static func bounded<C: Collection>(_ a: C, _ b: C, bound: Int) -> Int? where C.Element: Equatable {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > bound { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        // The three rows in one buffer (on the stack when small), not three arrays for every word compared.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * width) { rows -> Int? in
            var twoBack = rows.baseAddress!, previous = twoBack + width, current = previous + width
            for j in 0..<width { twoBack[j] = 0; previous[j] = j; current[j] = 0 }
            for i in 1...a.count {
                current[0] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, twoBack[j - 2] + 1) }
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
                if rowMinimum > bound { return nil }
                (twoBack, previous, current) = (previous, current, twoBack)
            }
            return previous[b.count] <= bound ? previous[b.count] : nil
        }
    }
}
