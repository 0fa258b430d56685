// libFuzzer targets for every parser of outside data. Built only by Fuzz/run.sh (LEXAGG_FUZZ=1 adds this target to
// the package; CI never sees it). One shared library holds all targets; LEXAGG_FUZZ_TARGET picks one per run.
import Foundation
@testable import LexAggCache
@testable import LexAggConfig
import LexAggCore
import LexAggDictFormats
import LexAggHTTP
import LexAggLibrary
@testable import LexAggJSON
@testable import LexAggWiktextract
import NIOCore
import NIOEmbedded
@testable import LexAggDICTServer
@testable import DictDatabaseProvider
@testable import DictProtocolProvider
@testable import ExternalProvider
@testable import FreeDictionaryProvider
@testable import PONSProvider
@testable import RandomWordProvider
@testable import WiktionaryOfflineProvider
@testable import WiktionaryProvider

/// A parser under test: takes the fuzzer's bytes, must neither crash nor hang.
public struct FuzzTarget: Sendable {
    public let name: String
    public let run: @Sendable ([UInt8]) -> Void
}

let provenance = Provenance(provider: ProviderID("fuzz")!, source: "fuzz", retrievedAt: Date(timeIntervalSince1970: 0))
let decoder = JSONDecoder()

public let fuzzTargets: [FuzzTarget] = [
    FuzzTarget(name: "wikitext") { bytes in
        let source = WikitextSource(bytes)
        _ = WikitextParser.entries(from: source, headword: "house", language: nil, provenance: provenance)
        _ = WikitextParser.entries(from: source, headword: "house", language: "English", provenance: provenance)
        _ = WikitextParser.languageSections(in: source)
    },
    FuzzTarget(name: "wiktionary-json") { bytes in
        guard let response = try? decoder.decode(ParseResponse.self, from: Data(bytes)) else { return }
        _ = WikitextParser.entries(
            from: WikitextSource(response.parse.wikitext.text), headword: response.parse.title, language: nil,
            provenance: provenance
        )
    },
    FuzzTarget(name: "freedictionary-json") { bytes in
        guard let wire = try? decoder.decode([FreeDictionaryResponse.WireEntry].self, from: Data(bytes)) else { return }
        _ = FreeDictionaryResponse.entries(from: wire, source: "fuzz", retrievedAt: Date(timeIntervalSince1970: 0))
    },
    FuzzTarget(name: "pons-json") { bytes in
        guard let directions = try? decoder.decode([PONSResponse.Direction].self, from: Data(bytes)) else { return }
        let pair = LanguagePair(source: .german, target: .english)
        _ = PONSResponse.translationEntries(
            from: directions, query: "Haus", pair: pair, provenanceSource: "fuzz", retrievedAt: Date(timeIntervalSince1970: 0)
        )
        _ = PONSResponse.definitionEntries(
            from: directions, query: "Haus", provenanceSource: "fuzz", retrievedAt: Date(timeIntervalSince1970: 0)
        )
    },
    FuzzTarget(name: "randomword-json") { bytes in
        guard let words = try? decoder.decode([String].self, from: Data(bytes)) else { return }
        _ = RandomWordResponse.cleaned(words)
    },
    FuzzTarget(name: "dictd-index") { bytes in
        bytes.withUnsafeBytes { buffer in
            var start = 0
            for index in 0...buffer.count where index == buffer.count || buffer[index] == UInt8(ascii: "\n") {
                _ = DictIndex.parse(line: buffer[start..<index], at: start)
                start = index + 1
            }
        }
    },
    FuzzTarget(name: "dictzip") { bytes in
        let path = scratchFile(bytes)
        guard let body = try? DictzipBody(path: path) else { return }
        for (offset, length) in [(0, 64), (0, 70_000), (1_000, 10), (65_000, 2_000), (Int(bytes.count), 1)] {
            _ = try? body.read(offset: offset, length: length)
        }
    },
    FuzzTarget(name: "dict-transcript") { bytes in
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
            .map(String.init)
        var reader = DictTranscript.Reader(lines: lines)
        _ = try? reader.banner()
        _ = try? reader.definitions()
        var matches = DictTranscript.Reader(lines: lines)
        _ = try? matches.matches()
        var listing = DictTranscript.Reader(lines: lines)
        _ = try? listing.listing("SHOW DB")
        _ = DictTranscript.fields(lines.first ?? "")
    },
    FuzzTarget(name: "dict-text") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let pair = LanguagePair(source: .english, target: .german)
        for format: DictTextFormat in [.wordnet, .freedict(pair), .gcide, .plain(nil)] {
            _ = DictEntryBuilder.entry(text: text, headword: "house", format: format, language: nil, provenance: provenance)
        }
    },
    FuzzTarget(name: "library-import") { bytes in
        _ = try? LibraryImporter.parse(String(decoding: bytes, as: UTF8.self), now: Date(timeIntervalSince1970: 0))
    },
    FuzzTarget(name: "toml-config") { bytes in
        _ = try? ConfigFile.validate(String(decoding: bytes, as: UTF8.self), location: "fuzz.toml")
    },
    FuzzTarget(name: "html-text") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = HTMLText.plainText(text)
        _ = HTMLText.extract(text)
        _ = HTMLText.decodeEntities(text)
    },
    // A wiktextract (kaikki.org) JSON line, as `data import wiktextract` scans it for the index and as the offline
    // provider decodes it for an answer.
    // A line the scanner accepts is also read as a format 2 dataset keeps it (members grouped): every reading must
    // give what reading the line as it was gives.
    FuzzTarget(name: "wiktextract-line") { bytes in
        bytes.withUnsafeBytes { line in
            var scanner = RecordScanner()
            if (try? scanner.scan(line)) != nil {
                let record = scanner.record
                var key: [UInt8] = []
                let arena = ByteArena(capacity: 16)
                for range in [record.word, record.languageCode].compactMap({ $0 }) + record.forms + record.translations.map(\.word) {
                    DatasetKey.normalise(scanner.bytes(range), into: &key)
                    let written = DatasetKey.normalise(scanner.bytes(range), into: arena)
                    precondition(Array(arena.bytes(written)) == key, "a key written into an arena differs")
                }
                var grouped: [UInt8] = []
                RecordLayout.write(line, members: record.members, into: &grouped)
                precondition(grouped.count <= line.count, "a grouped entry is longer than its line")
                grouped.withUnsafeBytes { entry in
                    for (forms, translations) in [(false, false), (true, false), (false, true), (true, true)] {
                        var expected = WiktextractRecord.decode(line, forms: forms, translations: translations)
                        if !forms { expected?.forms = [] }
                        if !translations { expected?.translations = [] }
                        precondition(WiktextractRecord.decode(entry, forms: forms, translations: translations, grouped: true) == expected,
                                     "a grouped entry reads differently")
                    }
                    precondition(WiktextractRecord.decodeForms(entry, grouped: true) == WiktextractRecord.decodeForms(line),
                                 "a grouped entry's forms read differently")
                }
            }
            if let record = WiktextractRecord.decode(line) {
                _ = EntryBuilder.entries(from: [record], provenance: provenance)
            }
            _ = WiktextractRecord.decodeForms(line)
        }
    },
    // A dump as `data import wiktextract` reads it, without the threads: gzip-compressed when it starts with gzip's
    // magic (zlib in process), else plain, both in reads of varying size and through the file's mapping (which must
    // give the same entries and problems); split into lines (a short and a long line limit, so that both skipping an
    // oversized line and growing the buffer happen) and scanned a batch at a time, as the importer's reading and
    // scanning threads do.
    FuzzTarget(name: "wiktextract-import") { bytes in
        let gzip = bytes.starts(with: [0x1F, 0x8B])
        /// The entries kept and the problems found (batches read in place may end at other lines: they do not grow
        /// their buffer for a line larger than a batch).
        func imported(from source: any ByteSource, limit: Int) -> [String] {
            defer { source.close() }
            var options = WiktextractImporter.Options(name: "fuzz")
            options.maximumLineBytes = limit
            var seen = [""]
            try? LineReader(source: source, maximumLineBytes: limit, readSize: 4096).scanAll(batchSize: 512, options: options) { batch in
                seen[0] += String(decoding: UnsafeRawBufferPointer(start: batch.lines, count: batch.used), as: UTF8.self)
                seen += batch.problems.map { "\($0.line): \($0.message)" }
            }
            return seen
        }
        for limit in [100, 10_000] {
            if gzip {
                let path = scratchPath + ".gz"
                _ = scratchFile(bytes, at: path)
                guard let opened = try? openByteSource(path: path) else { return }
                _ = imported(from: opened, limit: limit)
            } else {
                let read = imported(from: PieceSource(bytes), limit: limit)
                let path = scratchPath + ".jsonl"
                _ = scratchFile(bytes, at: path)
                guard let opened = try? openByteSource(path: path) else { return }
                let mapped = imported(from: opened, limit: limit)
                precondition(mapped == read, "the mapped file imported differently from the same bytes read in pieces")
            }
        }
    },
    // The import's key sorter: keys cut from the input (at newlines; each piece again and again with a counter, so
    // that keys repeat, share prefixes and fill several sort runs), sorted with runs (each in two halves at a boundary
    // fixed by the first) and without, against a plain sort of the same records: every distinct record once, in
    // (key bytes, kind, offset) order, whichever way.
    FuzzTarget(name: "key-sorter") { bytes in
        let pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0.prefix(40)) }
        var records: [(key: [UInt8], kind: KeyKind, offset: Int, length: Int)] = []
        var total = 0
        for index in 0..<20_000 where total < 200_000 {
            let round = index / pieces.count
            let key = pieces[index % pieces.count] + (round == 0 ? [] : Array(String(round % 97).utf8))
            let offset = (index &* 7_919) % 2_003
            records.append((key, KeyKind(rawValue: UInt8(index % 3))!, offset, offset % 5 + 1))
            total += key.count + KeySorter.recordOverhead
        }
        let expected = records.filter { !$0.key.isEmpty && $0.key.count <= KeySorter.maximumKeyBytes }
            .sorted { a, b in
                a.key != b.key ? a.key.lexicographicallyPrecedes(b.key)
                    : a.kind != b.kind ? a.kind.rawValue < b.kind.rawValue : a.offset < b.offset
            }
        var distinct: [(key: [UInt8], kind: KeyKind, offset: Int, length: Int)] = []
        for record in expected {
            if let last = distinct.last, last.key == record.key, last.kind == record.kind, last.offset == record.offset { continue }
            distinct.append(record)
        }
        let directory = scratchPath + ".sorter"
        mkdir(directory, 0o700)
        for runBytes in [1 << 16, 64 << 20] {
            let sorter = KeySorter(directory: directory, runBytes: runBytes)
            let table = try! FileWriter(path: directory + "/table"), blob = try! FileWriter(path: directory + "/blob")
            for record in records {
                try! record.key.withUnsafeBytes {
                    try sorter.add(key: $0, kind: record.kind, offset: record.offset, length: record.length)
                }
            }
            let rows = try! sorter.merge(table: table, blob: blob)
            try! table.finish(sync: false)
            try! blob.finish(sync: false)
            let tableBytes = [UInt8](FileManager.default.contents(atPath: table.path)!)
            let keys = [UInt8](FileManager.default.contents(atPath: blob.path)!)
            precondition(rows == distinct.count && tableBytes.count == rows * DatasetFormat.rowSize, "\(rows) rows, \(distinct.count) distinct records")
            for (index, record) in distinct.enumerated() {
                func integer(_ at: Int, _ size: Int) -> Int {
                    (0..<size).reduce(0) { $0 | Int(tableBytes[index * DatasetFormat.rowSize + at + $1]) << (8 * $1) }
                }
                let keyOffset = integer(0, 8), keyLength = integer(20, 2)
                precondition(Array(keys[keyOffset..<(keyOffset + keyLength)]) == record.key, "row \(index): key")
                precondition(integer(8, 8) == record.offset && integer(16, 4) == record.length && integer(22, 1) == Int(record.kind.rawValue), "row \(index)")
            }
            precondition((try? FileManager.default.contentsOfDirectory(atPath: directory).sorted()) == ["blob", "table"], "files left behind")
        }
    },
    // A dataset's metadata: read without Foundation when it is as the importer writes it, and then exactly as
    // Foundation's decoder reads it.
    FuzzTarget(name: "dataset-metadata") { bytes in
        bytes.withUnsafeBytes { raw in
            guard let read = DatasetMetadata.read(raw) else { return }
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            precondition((try? decoder.decode(DatasetMetadata.self, from: Data(bytes))) == read, "metadata read differently")
        }
    },
    // A stored answer from the cache: read without Foundation when it is as `JSONEncoder` writes it, and then exactly
    // as Foundation's decoder reads it.
    FuzzTarget(name: "stored-answer") { bytes in
        bytes.withUnsafeBytes { raw in
            guard let read = AnswerReader.read(raw) else { return }
            precondition((try? JSONDecoder().decode(LookupResult.self, from: Data(bytes))) == read, "answer read differently")
        }
    },
    // An imported dataset file, damaged: opened by the offline provider, which looks words up in it, reads their
    // records and scans its headwords as `match` and `translate` do.
    FuzzTarget(name: "wiktextract-dataset") { bytes in
        guard let provider = try? WiktionaryOffline(path: scratchFile(bytes)) else { return }
        for word in ["house", "houses", "Haus", "h", ""] {
            let key = DatasetKey.normalise(word)
            let rows = provider.dataset.rows(for: key)
            if let records = try? provider.decode(rows) {
                _ = EntryBuilder.entries(from: records, provenance: provider.provenance)
            }
            _ = try? provider.reverseTranslations(of: word, key: key, rows: rows, into: nil)
            _ = try? provider.headwords(startingWith: key, exact: false, language: nil, limit: 20, scan: 200)
        }
    },
    // What a DICT client sends `lexagg serve dict`: its bytes in reads of varying size (the first byte picks them)
    // through the server's own line framer, at the server's default limits, and every line parsed as a command.
    FuzzTarget(name: "dict-command") { bytes in
        let channel = EmbeddedChannel(handler: DICTLineFramer(maximumBytes: 6144, maximumCharacters: 1024))
        let step = Int(bytes.first ?? 0) % 64 + 1
        var start = 0
        while start < bytes.count {
            let end = min(start + step, bytes.count)
            _ = try? channel.writeInbound(channel.allocator.buffer(bytes: bytes[start..<end]))
            start = end
        }
        while let lines = try? channel.readInbound(as: [DICTInput].self) {
            for case .line(let line) in lines { _ = DICTCommand(line: line) }
        }
        _ = try? channel.finish()
    },
    FuzzTarget(name: "external-protocol") { bytes in
        let line = Data(bytes)
        if let descriptor = try? ExternalProtocol.result(ExternalProtocol.Descriptor.self, of: "initialize", from: line) {
            _ = descriptor.validated(source: "fuzz")
            _ = descriptor.strategies()
        }
        _ = try? ExternalProtocol.result(ExternalProtocol.EntriesResult.self, of: "define", from: line)
        _ = ExternalProtocol.excerpt(line)
    },
]

/// Where ``scratchFile(_:)`` writes: memory (/dev/shm) when the system has it, else /tmp. On a disk's file system
/// truncating and rewriting a file for every input costs more than parsing it.
let scratchPath: String = {
    var status = stat()
    let directory = stat("/dev/shm", &status) == 0 && access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(directory)/lexagg-fuzz-\(getpid()).dz"
}()

/// A file holding `bytes` (for parsers that read files), rewritten for each input.
func scratchFile(_ bytes: [UInt8], at path: String = scratchPath) -> String {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return path }
    defer { close(descriptor) }
    bytes.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
    return path
}

nonisolated(unsafe) var selected: FuzzTarget?

/// libFuzzer calls this once, before the first input: `LEXAGG_FUZZ_TARGET` names the parser to fuzz.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    let name = ProcessInfo.processInfo.environment["LEXAGG_FUZZ_TARGET"] ?? ""
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        let names = fuzzTargets.map(\.name).joined(separator: " ")
        FileHandle.standardError.write(Data("set LEXAGG_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(64)
    }
    selected = target
    if ["dictzip", "wiktextract-dataset"].contains(name) { atexit { unlink(scratchPath) } }
    if name == "wiktextract-import" { atexit { unlink(scratchPath + ".gz") } }
    if name == "key-sorter" { atexit { try? FileManager.default.removeItem(atPath: scratchPath + ".sorter") } }
    return 0
}

/// libFuzzer calls this for every input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?.run(bytes)
    return 0
}

/// libFuzzer's entry point for a program with its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM gives every executable a `main` (linked as the program's `main`): it hands over to libFuzzer's driver,
/// which calls the two functions above. (Should libFuzzer's own `main` be linked instead, it calls them directly.)
@main
struct FuzzMain {
    static func main() {
        // `lexagg-fuzz import-seed DUMP.jsonl DIRECTORY`: imports a dump into DIRECTORY with this build's importer, so
        // that the wiktextract-dataset target starts from a dataset in the current format (Fuzz/run.sh).
        let arguments = CommandLine.arguments
        if arguments.count == 4 && arguments[1] == "import-seed" {
            var options = WiktextractImporter.Options(name: "seed")
            options.sync = false
            do throws(ImportError) {
                let summary = try WiktextractImporter(options: options).run(sourcePath: arguments[2], directory: arguments[3])
                print(summary.path)
                exit(0)
            } catch {
                FileHandle.standardError.write(Data("import-seed: \(error)\n".utf8))
                exit(1)
            }
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzerTestOneInput(data, size) })
    }
}
