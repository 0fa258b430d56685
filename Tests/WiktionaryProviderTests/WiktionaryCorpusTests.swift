import Foundation
import LexAggCore
import ProviderConformance
import Testing
import WiktionaryProvider

/// Real en.wiktionary pages (`../shared/reference-samples/wiktionary` and `…/corpus/wiktionary`, read in place
/// and never copied): every page is parsed and rendered whole; no markup may leak, every definition line must
/// become a sense, every entry must name its language, and the lines in ``expected`` must read as a reader of
/// the page sees them. Prints each page's coverage and the unknown templates met, most frequent first.
@Suite struct WiktionaryCorpusTests {
    struct Page {
        var name: String
        var title: String
        var bytes: [UInt8]
    }

    /// The shared folders, and `LEXAGG_WIKTIONARY_CORPUS` (a folder of `.wikitext` pages) to measure other pages.
    static let folders: [URL] = {
        var folders = [
            Fixtures.referenceSamples, Fixtures.referenceSamples.deletingLastPathComponent()
                .appendingPathComponent("corpus/wiktionary"),
        ]
        if let extra = ProcessInfo.processInfo.environment["LEXAGG_WIKTIONARY_CORPUS"] {
            folders.append(URL(fileURLWithPath: extra))
        }
        return folders
    }()

    /// The pages at hand (none when the shared folder is absent).
    static func pages() -> [Page] {
        folders.flatMap { folder -> [Page] in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { $0.hasSuffix(".wikitext") }.sorted().compactMap { name in
                guard let data = try? Data(contentsOf: folder.appendingPathComponent(name)) else { return nil }
                return Page(name: String(name.dropLast(9)), title: title(of: name), bytes: Array(data))
            }
        }
    }

    /// The page title a file holds: `multi-be-jwktl.wikitext` → `be`, `wikitext-en-house-2015` → `house`.
    static func title(of file: String) -> String {
        var parts = file.dropLast(9).split(separator: "-").map(String.init)
        if parts.first == "wikitext" { parts.removeFirst() }
        if let first = parts.first, first.count <= 5, first == first.lowercased(), parts.count > 1 { parts.removeFirst() }
        let sources: Set<String> = ["jwktl", "dump2015", "analyzer", "sdk", "formof", "letter", "no", "english"]
        while let last = parts.last, parts.count > 1, sources.contains(last) || Int(last) != nil { parts.removeLast() }
        return parts.joined(separator: " ")
    }

    /// Lines of specific pages and what Wiktionary displays for them.
    static let expected: [(page: String, definition: String)] = [
        ("multi-f-letter-dump2015", "The sixth letter of the English alphabet, called ef and written in the Latin script."),
        ("multi-f-letter-dump2015", "The sixth letter of the Dutch alphabet, written in the Latin script."),
        ("multi-f-letter-dump2015", "The seventh letter of the Esperanto alphabet, called fo and written in the Latin script."),
        ("multi-f-letter-dump2015",
         "The ordinal number sixth, derived from this letter of the English alphabet, called ef and written in the Latin script."),
        ("multi-f-letter-dump2015", "The eleventh letter of the Skolt Sami alphabet, written in the Latin script."),
        ("en-women-jwktl", "irregular plural of woman"),
        ("multi-did-jwktl", "simple past of do"),
        ("en-aborted-jwktl", "past tense of abort"),
        ("de-dreier-jwktl", "genitive plural of drei (“three”)"),
        ("el-egrapse-formof-sdk-2026", "third-person singular simple past of γράφω"),
        ("pt-casa-jwktl", "third-person singular present indicative of casar"),
        ("pt-casa-jwktl", "second-person singular affirmative imperative of casar"),
        ("multi-plant-jwktl", "second-person plural present of planen"),
        ("multi-plant-jwktl", "first-, second- and third-person singular present indicative of planten"),
        ("multi-consultant-analyzer-2015", "third-person plural present active indicative of cōnsultō"),
        ("multi-abate-jwktl", "third-person singular present indicative of abatir"),
    ]

    @Test func everyPageRendersCleanlyAndCompletely() throws {
        let pages = Self.pages()
        guard !pages.isEmpty else {
            print("WiktionaryCorpusTests: no reference pages at \(Self.folders[0].deletingLastPathComponent().path); skipped")
            return
        }
        var unknown: [String: Int] = [:]
        var lines = 0
        var senses = 0
        var faithful = 0
        var report: [String] = []
        for page in pages {
            let log = WikitextLog()
            let entries = WikitextParser.entries(
                from: WikitextSource(page.bytes), headword: page.title, language: nil,
                provenance: Fixtures.provenance, log: log
            )
            lines += log.definitionLines
            senses += log.senses
            faithful += log.faithfulSenses
            for (name, count) in log.unknownTemplates { unknown[name, default: 0] += count }
            let share = log.definitionLines == 0 ? 100 : 100 * Double(log.faithfulSenses) / Double(log.definitionLines)
            report.append(
                "\(page.name): \(entries.count) entries, \(log.definitionLines) definition lines, \(log.senses) senses, "
                    + "\(log.faithfulSenses) faithful (\(String(format: "%.1f", share)) %)"
            )
            for line in log.unfaithful { report.append("    unfaithful: \(line)") }
            #expect(log.senses == log.definitionLines, "\(page.name): a definition line gave no sense")
            if log.senses != log.definitionLines {
                for (line, definition) in log.renderings where definition == nil { report.append("    no sense: \(line)") }
            }
            #expect(!entries.isEmpty, "\(page.name): no entries")
            for entry in entries {
                #expect(entry.language != nil, "\(page.name): an entry without a language")
                var texts = entry.etymology.map { [$0] } ?? []
                for sense in Self.flattened(entry.allSenses) {
                    texts += [sense.definition] + sense.examples + sense.labels + sense.synonyms + sense.antonyms
                }
                for text in texts {
                    #expect(Self.leak(in: text) == nil, "\(page.name): \(Self.leak(in: text) ?? "") in \(text)")
                }
            }
        }
        if let path = ProcessInfo.processInfo.environment["LEXAGG_CORPUS_DUMP"] {
            // For review: every definition line of every page and what it became.
            var dump = ""
            for page in pages {
                let log = WikitextLog()
                _ = WikitextParser.entries(
                    from: WikitextSource(page.bytes), headword: page.title, language: nil,
                    provenance: Fixtures.provenance, log: log
                )
                for (line, definition) in log.renderings { dump += "\(page.name)\t\(line)\n\t→ \(definition ?? "∅")\n" }
            }
            try dump.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let fidelity = lines == 0 ? 1 : Double(faithful) / Double(lines)
        print(report.joined(separator: "\n"))
        print("corpus: \(pages.count) pages, \(lines) definition lines, \(senses) senses, \(faithful) faithful "
            + "(fidelity \(String(format: "%.1f", fidelity * 100)) %)")
        let ranked = unknown.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        print("unknown templates: " + ranked.prefix(40).map { "\($0.key) ×\($0.value)" }.joined(separator: ", "))
        #expect(fidelity >= 0.97, "fidelity \(fidelity)")
    }

    @Test func knownLinesReadAsOnThePage() throws {
        let pages = Dictionary(uniqueKeysWithValues: Self.pages().map { ($0.name, $0) })
        guard !pages.isEmpty else { return }
        for (name, definition) in Self.expected {
            let page = try #require(pages[name], "\(name) is not among the reference pages")
            let entries = WikitextParser.entries(
                from: WikitextSource(page.bytes), headword: page.title, language: nil, provenance: Fixtures.provenance
            )
            let all = entries.flatMap { Self.flattened($0.allSenses) }.map(\.definition)
            #expect(all.contains(definition), "\(name): no sense reads '\(definition)'")
        }
    }

    /// Senses and all their sub-senses, depth first.
    static func flattened(_ senses: [Sense]) -> [Sense] {
        senses.flatMap { [$0] + flattened($0.subsenses) }
    }

    /// The first markup left in `text`: template or link brackets, bold or italic quotes, a reference, a tag.
    static func leak(in text: String) -> String? {
        for token in ["{{", "}}", "[[", "]]", "''", "<ref"] where text.contains(token) { return "markup '\(token)'" }
        return MarkupCheck.problem(in: text)
    }
}
