import ArgumentParser
@testable import LexAggCLI
import Testing

/// The import's fast path and ArgumentParser must agree on every command line the fast path accepts, and leave the
/// rest (help, errors, anything unusual) to ArgumentParser.
@Suite struct FastImportParserTests {
    @Test(arguments: [
        ["data", "import", "wiktextract", "dump.jsonl"],
        ["data", "import", "wiktextract", "dump.jsonl.gz", "--name", "wikt-en", "--languages", "en,de"],
        ["data", "import", "wiktextract", "--quiet", "dump.jsonl", "--format", "json"],
        ["data", "import", "wiktextract", "dump.jsonl", "--max-malformed", "0", "--max-line-mb", "1024"],
        ["data", "import", "wiktextract", "--languages", "fr", "--max-line-mb", "1", "d.jsonl.xz", "--quiet"],
        ["data", "import", "wiktextract", "-", "--name", "piped"],  // standard input
    ])
    func agreesWithArgumentParser(arguments: [String]) throws {
        let fast = try #require(FastImportParser.parse(arguments))
        let parsed = try #require(try LexAgg.parseAsRoot(arguments) as? DataImportWiktextractCommand)
        #expect(fast.file == parsed.file)
        #expect(fast.languages == parsed.languages)
        #expect(fast.name == parsed.name)
        #expect(fast.maxMalformed == parsed.maxMalformed)
        #expect(fast.maxLineMB == parsed.maxLineMB)
        #expect(fast.quiet == parsed.quiet)
        #expect(fast.format == parsed.format)
        #expect(fast.loadsConfiguration == parsed.loadsConfiguration)
    }

    @Test(arguments: [
        ["data", "import", "wiktextract"], ["data", "import", "wiktextract", "--help"], ["data", "import", "wiktextract", "a", "-h"],
        ["data", "import", "wiktextract", "a", "b"], ["data", "import", "wiktextract", "a", "--name"],
        ["data", "import", "wiktextract", "a", "--name=x"], ["data", "import", "wiktextract", "a", "--name", "x", "--name", "y"],
        ["data", "import", "wiktextract", "a", "--quiet", "--quiet"], ["data", "import", "wiktextract", "--", "-a"],
        ["data", "import", "wiktextract", "a", "--format", "xml"], ["data", "import", "wiktextract", "a", "--max-line-mb", "0"],
        ["data", "import", "wiktextract", "a", "--max-line-mb", "2000"], ["data", "import", "wiktextract", "a", "--max-malformed", "-1"],
        ["data", "import", "wiktextract", "a", "--max-malformed", "many"], ["data", "import", "wiktextract", "a", "--name", "Bad Name"],
        ["data", "import", "wiktextract", "a", "--verbose"], ["data", "import", "a"], ["data", "list"], ["lookup", "x"],
    ])
    func leavesEverythingElseToArgumentParser(arguments: [String]) {
        #expect(FastImportParser.parse(arguments) == nil)
    }
}
