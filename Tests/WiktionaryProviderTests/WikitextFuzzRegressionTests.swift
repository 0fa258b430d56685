import LexAggCore
import Testing
@testable import WiktionaryProvider

/// Quadratic work in the wikitext parser and renderer, found measuring why the wikitext fuzz target (Fuzz/run.sh) was
/// slow: where a `{{` or `[[` closes was scanned for again at every opening (after an unclosed one, at each later one),
/// and an unclosed external link's `]` at every `[http`. In the fuzz build 16 KB of `[[` took 21 s and a line of
/// `[http://a` 8 s. The pages here are large enough that the old work would take minutes and trip the time limit; what
/// they assert is the text, which the faster paths must leave as it was.
@Suite(.timeLimit(.minutes(1))) struct WikitextFuzzRegressionTests {
    private func entries(_ body: String) async -> [Entry] {
        let page = "==English==\n===Noun===\n" + body + "\n"
        return await offThePool {
            WikitextParser.entries(
                from: WikitextSource(page), headword: "house", language: nil, provenance: Fixtures.provenance
            )
        }
    }

    /// A definition of 100,000 unclosed `[[`: each looked for its `]]` to the end of the line.
    @Test func definitionOfManyUnclosedLinksIsParsedInOnePass() async {
        let found = await entries("# " + String(repeating: "[[", count: 50_000) + " a [[building]]")
        #expect(found.flatMap(\.allSenses).map(\.definition) == ["a building"])
    }

    /// A synonyms line of many unclosed `{{` after a link template: each looked for its `}}` to the end of the line.
    @Test func synonymLineOfManyUnclosedTemplatesIsParsedInOnePass() async {
        let line = "* {{l|en|home}} " + String(repeating: "{{", count: 50_000)
        let found = await entries("# a building\n\n====Synonyms====\n" + line)
        #expect(found.flatMap(\.allSenses).map(\.synonyms) == [["home"]])
    }

    /// Templates and links nested 30,000 deep: rendering recursed once a level and overflowed the stack (the process
    /// died, `serve http` with it). What is nested deeper than ``WikitextRenderer/maximumNesting`` is left out; the
    /// rest of the line and the page are read.
    @Test func deeplyNestedTemplatesAndLinksAreNotReadPastTheLimit() async {
        let templates = String(repeating: "{{l|en|", count: 30_000) + "x" + String(repeating: "}}", count: 30_000)
        let links = String(repeating: "[[", count: 30_000) + "y" + String(repeating: "]]", count: 30_000)
        let unclosed = String(repeating: "{{l|en|", count: 30_000)
        let found = await entries("# " + templates + " deep sense\n# " + links + " link sense\n# a shelter\n\n# " + unclosed
            + "\n\n===Verb===\n# to shelter")
        #expect(found.flatMap(\.allSenses).map(\.definition).prefix(3) == ["deep sense", "link sense", "a shelter"])
        #expect(found.flatMap(\.allSenses).map(\.definition).last == "to shelter")
        // Nesting within the limit is read as before.
        let limit = WikitextRenderer.maximumNesting
        let shallow = String(repeating: "{{l|en|", count: limit) + "z" + String(repeating: "}}", count: limit)
        #expect(await entries("# " + shallow + " sense").flatMap(\.allSenses).map(\.definition) == ["z sense"])
    }

    /// A line of 20,000 `[http://a` without a `]`: each looked for one to the end of the line.
    @Test func definitionOfManyUnclosedExternalLinksIsParsedInOnePass() async {
        let links = String(repeating: "[http://a", count: 20_000)
        let found = await entries("# a building " + links + "\n# [http://example.org shelter]")
        #expect(found.flatMap(\.allSenses).map(\.definition) == ["a building " + links, "shelter"])
    }

    /// Unclosed `<ref>`s (and `<ref`s without `>`, `<references>`s): each searched for its `</ref>` (its `>`, its
    /// `</references>`) to the end of the page again (16 KB of `<ref>` took 0.75 s in the fuzz build). An unclosed
    /// `<ref>` is dropped; a `<ref` that is no tag stays text, as does one whose `>` comes after a line break more than
    /// 2,000 bytes on.
    @Test func pageOfManyUnclosedReferencesIsPreprocessedInOnePass() async {
        let references = await entries("# a building" + String(repeating: "<ref>", count: 100_000)
            + "\n# a shelter" + String(repeating: "<references>", count: 50_000))
        #expect(references.flatMap(\.allSenses).map(\.definition) == ["a building", "a shelter"])
        let text = "a" + String(repeating: "<ref ", count: 100_000) + "b"
        let source = WikitextSource(text)
        #expect(source.string(0..<source.count) == text)
        let tags = WikitextSource(String(repeating: "<ref\n", count: 10) + String(repeating: "x", count: 2_000)
            + "\n<ref name=\"a\">c</ref>d")
        #expect(tags.string(0..<tags.count)
            == String(repeating: "<ref\n", count: 10) + String(repeating: "x", count: 2_000) + "\nd")
    }

    /// The texts an oracle test compares on: every text of up to 5 bytes of `alphabet`, then `random` pseudo-random
    /// ones (`number` of each `length`) from a linear congruential generator started at `seed`.
    static func oracleTexts(_ alphabet: [UInt8], seed: UInt64, random: [(length: Int, number: Int)]) -> [[UInt8]] {
        var texts: [[UInt8]] = [[]]
        var frontier: [[UInt8]] = [[]]
        for _ in 1...5 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + [$0] } }
            texts += frontier
        }
        var state = seed
        for (length, number) in random {
            for _ in 0..<number {
                texts.append((0..<length).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                })
            }
        }
        return texts
    }

    /// Where the one pass says a template or link ends is where the scan says, for every start and limit in every
    /// text of up to 5 of `{`, `}`, `[`, `]`, a line break and `x` (and for some limits in longer pseudo-random ones):
    /// runs of three or more, unclosed and nested openings, closings before openings, blank lines inside links.
    @Test func oneTemplateAndLinkPassAgreesWithTheScan() {
        let texts = Self.oracleTexts(Array("{}[]\nx".utf8), seed: 0x9E37_79B9_7F4A_7C15, random: [(16, 300), (64, 300), (256, 40)])
        var disagreements: [String] = []
        for text in texts {
            let source = WikitextSource(text)
            for start in 0..<max(text.count, 1) {
                let limits = text.count <= 5
                    ? Array(start...text.count) : [text.count, (start + text.count) / 2, min(start + 6, text.count)]
                for limit in limits {
                    let templateEnd = source.templateEnd(from: start, limit: limit)
                    let linkEnd = source.linkEnd(from: start, limit: limit)
                    if templateEnd != source.scanTemplateEnd(from: start, limit: limit)
                        || linkEnd != source.scanLinkEnd(from: start, limit: limit)
                    {
                        let shown = String(decoding: text, as: UTF8.self).debugDescription
                        disagreements.append("\(shown) \(start)..<\(limit)")
                    }
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// Templates and links nested as deep as is read (500) read as before: each level split its text on pipes by
    /// scanning everything nested in it, and a link's target was searched for `:` and `#` to its end (16 KB deep took
    /// 1.4 s and 9.4 s in the fuzz build); now they are jumped over.
    @Test func deeplyNestedTemplatesAndLinksAreRenderedInOnePass() async {
        let depth = WikitextRenderer.maximumNesting
        let templates = String(repeating: "{{l|en|", count: depth) + "house" + String(repeating: "}}", count: depth)
        let shown = String(repeating: "[[a|", count: depth) + "home" + String(repeating: "]]", count: depth)
        let bare = String(repeating: "[[a", count: depth) + "b" + String(repeating: "]]", count: depth)
        let found = await entries("# " + templates + "\n# " + shown + "\n# " + bare)
        #expect(found.flatMap(\.allSenses).map(\.definition)
            == ["house", "home", String(repeating: "a", count: depth) + "b"])
    }

    /// What splitPipes gives (jumping over nested templates and links with the one-pass tables) is what the scan gives,
    /// for every range of every text of up to 5 of `{`, `}`, `[`, `]`, `|`, a line break and `x` and some ranges of
    /// longer pseudo-random ones: interleaved (`{{[[}}]]`), unclosed and nested openings, runs, blank lines in links.
    @Test func splitPipesAgreesWithTheScan() {
        let texts = Self.oracleTexts(Array("{}[]|\nx".utf8), seed: 0x2545_F491_4F6C_DD1D, random: [(16, 400), (64, 300), (256, 60)])
        var disagreements: [String] = []
        for text in texts {
            let source = WikitextSource(text)
            for start in 0...text.count {
                let ends = text.count <= 5
                    ? Array(start...text.count) : [text.count, (start + text.count) / 2, min(start + 7, text.count)]
                for end in ends where source.splitPipes(start..<end) != source.scanSplitPipes(start..<end) {
                    disagreements.append("\(String(decoding: text, as: UTF8.self).debugDescription) \(start)..<\(end)")
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}
