import Foundation
import LexAggCore
@testable import LexAggLibrary
import Testing

/// The lookup journal: lookups append lines, the history counts each line exactly once.
@Suite struct HistoryJournalTests {
    func counts(_ library: Library) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try library.history(limit: 1000).map { ($0.word, $0.count) })
    }

    @Test func everyLineIsCountedOnceHoweverOftenTheHistoryIsRead() throws {
        // A fresh home: neither the data directory nor its parent exists yet.
        let directory = temporaryDirectory() + "/.local/share/lexagg"
        for word in ["bank", "house", "bank", "bank"] {
            try HistoryJournal.append(word, language: nil, directory: directory)
        }
        try HistoryJournal.append("Haus", language: .german, directory: directory)
        let library = try Library.open(directory: directory)
        defer { library.close() }
        #expect(try counts(library) == ["bank": 3, "house": 1, "Haus": 1])
        #expect(try counts(library) == ["bank": 3, "house": 1, "Haus": 1], "reading again counts nothing twice")
        try HistoryJournal.append("house", language: nil, directory: directory)
        #expect(try counts(library)["house"] == 2)
        #expect(try library.history().first { $0.word == "Haus" }?.language == .german)
    }

    @Test func aHalfWrittenLastLineWaitsForItsEnd() throws {
        let directory = temporaryDirectory()
        try HistoryJournal.append("bank", language: nil, directory: directory)
        let handle = FileHandle(forWritingAtPath: directory + "/" + HistoryJournal.fileName)!
        handle.seekToEndOfFile()
        handle.write(Data("1790000000000\t\tser".utf8))
        let library = try Library.open(directory: directory)
        defer { library.close() }
        #expect(try counts(library) == ["bank": 1])
        handle.write(Data("endipity\n".utf8))
        handle.closeFile()
        #expect(try counts(library) == ["bank": 1, "serendipity": 1])
    }

    @Test func aLongJournalIsTrimmedAfterCountingAndNothingIsLost() throws {
        let directory = temporaryDirectory()
        // Over 1 MB of lines, written directly in the journal's format.
        let line = "1790000000000\t\tsupercalifragilisticexpialidocious\n"
        let lines = (1 << 20) / line.utf8.count + 10
        try String(repeating: line, count: lines).write(toFile: directory + "/" + HistoryJournal.fileName, atomically: false, encoding: .utf8)
        let library = try Library.open(directory: directory)
        defer { library.close() }
        #expect(try counts(library)["supercalifragilisticexpialidocious"] == lines)
        let size = try FileManager.default.attributesOfItem(atPath: directory + "/" + HistoryJournal.fileName)[.size] as? Int
        #expect(size == 0, "counted lines are trimmed once the journal passes 1 MB")
        try HistoryJournal.append("bank", language: nil, directory: directory)
        #expect(try counts(library) == ["supercalifragilisticexpialidocious": lines, "bank": 1])
    }

    @Test func clearingTheHistoryAlsoForgetsTheJournal() throws {
        let directory = temporaryDirectory()
        try HistoryJournal.append("bank", language: nil, directory: directory)
        let library = try Library.open(directory: directory)
        defer { library.close() }
        #expect(try library.clearHistory() == 1)
        #expect(try counts(library).isEmpty)
    }
}
