// wiktionary-bench: times lexagg's Wiktionary extraction on a wikitext file.
//
//   swift run -c release wiktionary-bench FILE [--iterations N] [--repeat K] [--language NAME] [--dump]
//
// The page is concatenated K times (to check that time grows linearly with size), then parsed N times into
// entries for every language section (or only NAME). Prints one line: bytes, iterations, seconds, MB/s, entries.
// --dump prints the entries of one parse as JSON instead.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import WiktionaryProvider

var arguments = CommandLine.arguments.dropFirst()
var path: String?
var iterations = 20
var repeatCount = 1
var language: String?
var dump = false
while let argument = arguments.popFirst() {
    switch argument {
    case "--iterations": iterations = Int(arguments.popFirst() ?? "") ?? iterations
    case "--repeat": repeatCount = Int(arguments.popFirst() ?? "") ?? repeatCount
    case "--language": language = arguments.popFirst()
    case "--dump": dump = true
    default: path = argument
    }
}
guard let path, let data = FileManager.default.contents(atPath: path) else {
    print("usage: wiktionary-bench FILE [--iterations N] [--repeat K] [--language NAME] [--dump]")
    exit(2)
}
var page: [UInt8] = []
for _ in 0..<max(1, repeatCount) { page += data; page.append(0x0A) }
let provenance = Provenance(provider: .wiktionary, source: path, retrievedAt: Date(timeIntervalSince1970: 0))

if dump {
    let entries = WikitextParser.entries(
        from: WikitextSource(page), headword: "page", language: language, provenance: provenance
    )
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try encoder.encode(entries), as: UTF8.self))
    exit(0)
}

var entryCount = 0
// Warm up once.
entryCount = WikitextParser.entries(from: WikitextSource(page), headword: "page", language: language, provenance: provenance).count
let clock = ContinuousClock()
let elapsed = clock.measure {
    for _ in 0..<iterations {
        let entries = WikitextParser.entries(
            from: WikitextSource(page), headword: "page", language: language, provenance: provenance
        )
        entryCount = entries.count
    }
}
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let megabytes = Double(page.count * iterations) / 1_000_000
print(
    "bytes=\(page.count) iterations=\(iterations) seconds=\(seconds) mb_per_s=\(megabytes / seconds) entries=\(entryCount)"
)
