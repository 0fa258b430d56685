// Measures how the cost of one dictd index lookup grows with the size of the index.
//
// Builds sorted indexes of 1k, 16k and 256k lines in a temporary directory, then times the same number of
// lookups of existing headwords in each, in one process, and prints nanoseconds per lookup and the number of
// lines each binary search compared, relative to the smallest index. Binary search means the ratio follows
// log2(lines), not lines: 256x the lines should cost about 1.8x (log 18 / log 10), not 256x.
import DictDatabaseProvider
import LexAggCore

#if canImport(Glibc)
import Glibc
#endif

let sizes = [1_000, 16_000, 256_000]
let lookups = 200_000
var template = Array("/tmp/lexagg-bench-XXXXXX".utf8CString)
let directory = String(decoding: template.withUnsafeMutableBufferPointer {
    UnsafeRawBufferPointer(start: mkdtemp($0.baseAddress!), count: strlen($0.baseAddress!))
}, as: UTF8.self)

func word(_ i: Int) -> String {
    // Distinct lower-case words that sort in numeric order: "w" + zero-padded digits spelled as letters.
    let digits = String(i).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(String($0))!)) }
    return "w" + String(repeating: "a", count: 7 - digits.count) + String(digits)
}

var results: [(Int, Double, Double)] = []
for size in sizes {
    let base = "\(directory)/bench\(size)"
    var index = "00-database-allchars\tA\tB\n"
    var body = [UInt8]("x\n".utf8)
    for i in 0..<size {
        let text = "\(word(i))\n    n 1: entry number \(i)\n"
        index += "\(word(i))\t\(DictBase64Encoding.encode(body.count))\t\(DictBase64Encoding.encode(text.utf8.count))\n"
        body += Array(text.utf8)
    }
    FileWriter.write(Array(index.utf8), to: base + ".index")
    FileWriter.write(body, to: base + ".dict")
    let database = DictDatabase(id: ProviderID("bench")!, indexPath: base + ".index", bodyPath: base + ".dict",
                                format: .wordnet, displayName: "bench")
    let queries = (0..<1024).map { try! LookupQuery(word(($0 * 7919) % size)) }
    _ = try await database.lookup(queries[0])   // open the files outside the timing
    let clock = ContinuousClock()
    var found = 0
    let elapsed = try await clock.measure {
        for i in 0..<lookups { found += try await database.lookup(queries[i & 1023]).entries.count }
    }
    precondition(found == lookups, "every lookup must find its entry")
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let probes = database.searchProbes(for: queries[1].term)
    results.append((size, nanoseconds / Double(lookups), Double(probes)))
}
print("index lines   ns/lookup   ratio   lines compared   log2(lines)")
for (size, ns, probes) in results {
    let ratio = ns / results[0].1
    print(String(size).padding(12), String(Int(ns)).padding(10), String(Double(Int(ratio * 100)) / 100).padding(6),
          String(Int(probes)).padding(15), String(Double(Int(log2(Double(size)) * 10)) / 10))
}
print("lines x\(sizes.last! / sizes.first!) -> time x\(Double(Int(results.last!.1 / results[0].1 * 100)) / 100)")

enum FileWriter {
    static func write(_ bytes: [UInt8], to path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        bytes.withUnsafeBytes { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }
}

enum DictBase64Encoding {
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    static func encode(_ value: Int) -> String {
        if value == 0 { return "A" }
        var value = value, text = ""
        while value > 0 { text = String(digits[value % 64]) + text; value /= 64 }
        return text
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
