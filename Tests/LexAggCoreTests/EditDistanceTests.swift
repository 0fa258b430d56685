import LexAggCore
import Testing

/// ``EditDistance/bounded(_:_:bound:)`` against the distance computed in full (optimal string alignment: insertions,
/// deletions, substitutions, and swaps of neighbours that no other edit touches), on every pair of short words
/// over a small alphabet and every bound up to 3, as bytes and as characters.
@Suite struct EditDistanceTests {
    static func full<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        if a.isEmpty || b.isEmpty { return d[a.count][b.count] }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// Every word of up to four letters over "abc", and some longer ones.
    static let words: [String] = {
        var words = [""]
        var last = [""]
        for _ in 1...4 {
            last = last.flatMap { word in ["a", "b", "c"].map { word + $0 } }
            words += last
        }
        return words + ["abcabc", "cabbage", "acbacb", "serendipity", "serendpiity", "sérendipité"]
    }()

    @Test func boundedIsTheFullDistanceWhenWithinTheBound() {
        var wrong: [String] = []
        for a in Self.words {
            for b in Self.words {
                let distance = Self.full(Array(a.utf8), Array(b.utf8))
                for bound in 0...3 {
                    let expected = distance <= bound ? distance : nil
                    if EditDistance.bounded(Array(a.utf8), Array(b.utf8), bound: bound) != expected
                        || EditDistance.bounded(Array(a), Array(b), bound: bound) != (Self.full(Array(a), Array(b)) <= bound ? Self.full(Array(a), Array(b)) : nil)
                    {
                        wrong.append("\(a)/\(b)/\(bound)")
                    }
                }
                if EditDistance.withinOneEdit(Array(a), Array(b)) != (Self.full(Array(a), Array(b)) <= 1) { wrong.append("one: \(a)/\(b)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(EditDistance.bounded(Array("serendipity".utf8), Array("serendpiity".utf8), bound: 1) == 1, "a swap is one edit")
    }

    /// The presence test never rules out a pair within the bound (it may let through pairs that are not), on every
    /// pair above; and it rules out some.
    @Test func thePresenceTestOnlyRulesOutWordsTooFarApart() {
        var wrong: [String] = []
        var ruledOut = 0
        let words = Self.words + ["acb", "0a1b", "p0", "q1"]  // digits share bits with p-y
        for a in words {
            for b in words {
                for bound in 0...3 {
                    let within = EditDistance.bounded(Array(a.utf8), Array(b.utf8), bound: bound) != nil
                    let may = EditDistance.mayBeWithin(bound, EditDistance.presence(Array(a.utf8)), EditDistance.presence(Array(b.utf8)))
                    if within && !may { wrong.append("\(a)/\(b)/\(bound)") }
                    if !may { ruledOut += 1 }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        #expect(ruledOut > 1_000)
        #expect(!EditDistance.mayBeWithin(1, EditDistance.presence(Array("abc".utf8)), EditDistance.presence(Array("xyz".utf8))))
    }
}
