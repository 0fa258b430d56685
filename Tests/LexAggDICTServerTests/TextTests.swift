import Foundation
import LexAggCore
import LexAggDICTServer
import Testing

/// The command grammar (RFC 2229 §2.2) and the plain text of served entries.
struct TextTests {
    @Test(arguments: [
        ("DEFINE wn house", DICTCommand.define(database: "wn", word: "house")),
        ("define * \"ice cream\"", .define(database: "*", word: "ice cream")),
        ("DEFINE ! 'rock \\'n\\' roll'", .define(database: "!", word: "rock 'n' roll")),
        ("DEFINE\twn\t  ice\\ cream", .define(database: "wn", word: "ice cream")),
        ("DEFINE wn \"say \\\"hi\\\"\"", .define(database: "wn", word: "say \"hi\"")),
        ("Match * prefix hous", .match(database: "*", strategy: "prefix", word: "hous")),
        ("MATCH wn . colour", .match(database: "wn", strategy: ".", word: "colour")),
        ("SHOW DATABASES", .showDatabases), ("show db", .showDatabases), ("SHOW STRATEGIES", .showStrategies),
        ("SHOW INFO wn", .showInfo(database: "wn")), ("SHOW SERVER", .showServer),
        ("CLIENT dict 1.13.0/rf on Linux", .client("dict 1.13.0/rf on Linux")), ("STATUS", .status),
        ("OPTION MIME", .optionMIME), ("option mime", .optionMIME), ("HELP", .help), ("quit", .quit), ("", .empty),
        ("   ", .empty), ("AUTH joe 0123abcd", .notImplemented("AUTH")), ("SASLAUTH GSSAPI", .notImplemented("SASLAUTH")),
        ("OPTION GZIP", .parameterNotImplemented("OPTION GZIP")),
    ])
    func parsesCommands(line: String, command: DICTCommand) {
        #expect(DICTCommand(line: line) == command)
    }

    @Test(arguments: ["DEFINE wn", "DEFINE wn a b", "MATCH wn prefix", "SHOW", "SHOW INFO", "SHOW NOTHING", "STATUS now",
                      "OPTION", "DEFINE wn \"unclosed", "DEFINE wn trailing\\"])
    func rejectsIllegalParameters(line: String) {
        guard case .illegalParameters = DICTCommand(line: line) else {
            Issue.record("\(line) → \(DICTCommand(line: line))")
            return
        }
    }

    @Test func unknownCommandsAreNotRecognised() {
        #expect(DICTCommand(line: "FROBNICATE x") == .unknown("FROBNICATE"))
    }

    /// A source's escape sequences (a colour, a window-title change) and other control characters never reach the
    /// client: `dict` prints the text as it is.
    @Test func aSourcesControlCharactersAreReplaced() {
        let source = Provenance(provider: ProviderID("dump")!, source: "dump", retrievedAt: Date(timeIntervalSince1970: 0))
        let entry = Entry(
            headword: "esc\u{7}", language: .english,
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [
                Sense(definition: "has \u{1B}[31mred\u{1B}[0m and \u{1B}]0;PWNED\u{07} and \u{9B}2J", examples: ["x\ry"],
                      labels: ["\u{1B}[8m"], sources: [source]),
            ])],
            provenance: source
        )
        let text = DICTEntryText.render(entry)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(text.debugDescription)")
        // A line break a source wrote as CR LF, or CR alone, is a line break.
        #expect(ControlCharacters.replaced("one\r\ntwo\rthree\n") == "one\ntwo\nthree\n")
        #expect(ControlCharacters.replaced("tab\tkept") == "tab\tkept")
        // A translation's part of speech is a source's text too.
        let pair = LanguagePair(source: .english, target: Language("de")!)
        let translated = Entry(
            headword: "x", language: .english,
            translations: [Translation(text: "y", pair: pair, partOfSpeech: PartOfSpeech("noun\u{1B}[31m"), provenance: source)],
            provenance: source
        )
        #expect(!DICTEntryText.render(translated).contains("\u{1B}"))
        // An entry without any is the same entry.
        #expect(entry.replacingControlCharacters().replacingControlCharacters() == entry.replacingControlCharacters())
        #expect(text.contains("has \u{FFFD}[31mred\u{FFFD}[0m and \u{FFFD}]0;PWNED\u{FFFD} and \u{FFFD}2J"), "\(text.debugDescription)")
    }

    @Test func rendersAnEntryAsPlainText() {
        let source = Provenance(provider: ProviderID("wordnet")!, source: "wn", retrievedAt: Date(timeIntervalSince1970: 0))
        let entry = Entry(
            headword: "bank", language: .english,
            pronunciations: [Pronunciation(text: "/bæŋk/", notation: .ipa, accent: "UK", provenance: source)],
            senseGroups: [
                SenseGroup(partOfSpeech: .noun, senses: [
                    Sense(definition: "sloping land beside a body of water", examples: ["they pulled the canoe up on the bank"],
                          labels: ["geography"], synonyms: ["shore", "riverside"], sources: [source]),
                    Sense(definition: "a financial institution that accepts deposits and channels the money into lending activities",
                          antonyms: ["mattress"], subsenses: [Sense(definition: "a branch of such an institution", sources: [source])],
                          sources: [source]),
                ]),
                SenseGroup(partOfSpeech: .verb, senses: [Sense(definition: "do business with a bank", sources: [source])]),
            ],
            etymology: "From Old Norse bakki.", provenance: source
        )
        #expect(DICTEntryText.render(entry) == """
            bank /bæŋk/ (UK)

            noun
              1. (geography) sloping land beside a body of water
                 "they pulled the canoe up on the bank"
                 synonyms: shore, riverside
              2. a financial institution that accepts deposits and channels the money
                 into lending activities
                 antonyms: mattress
                 a. a branch of such an institution

            verb
              1. do business with a bank

            Etymology: From Old Norse bakki.
            """)
    }

    /// What the source says of the word in a part of speech (a German noun's gender) follows its name, and stands
    /// alone where the source names no part of speech.
    @Test func aPartOfSpeechIsShownWithItsLabels() {
        let source = Provenance(provider: ProviderID("wiktionary-offline")!, source: "dump", retrievedAt: Date(timeIntervalSince1970: 0))
        let entry = Entry(
            headword: "Haus", language: Language("de"),
            senseGroups: [
                SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: "house", sources: [source])], labels: ["neuter", "strong"]),
                SenseGroup(partOfSpeech: nil, senses: [Sense(definition: "a", sources: [source]), Sense(definition: "b", sources: [source])],
                           labels: ["archaic"]),
            ],
            provenance: source
        )
        #expect(DICTEntryText.render(entry) == """
            Haus

            noun (neuter, strong)
              1. house

            (archaic)
              1. a
              2. b
            """)
    }

    @Test func wrapsEveryLineWithinTheWidth() {
        let source = Provenance(provider: ProviderID("gcide")!, source: "gcide", retrievedAt: Date(timeIntervalSince1970: 0))
        let long = (0..<400).map { "word\($0)" }.joined(separator: " ")
        let entry = Entry(
            headword: "long", language: nil,
            senseGroups: [SenseGroup(partOfSpeech: nil, senses: [Sense(definition: long + " " + String(repeating: "x", count: 2000), sources: [source])])],
            provenance: source
        )
        let lines = DICTEntryText.render(entry).split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 1000 })
        #expect(lines.filter { $0.count > DICTEntryText.width }.count == 1, "only the one over-long word")
        #expect(lines.dropFirst().first?.hasPrefix("word0 word1") == true, "a single block is shown without a number")
    }
}
