#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import LexAggCore
import LexAggJSON
import Synchronization

/// Imports a wiktextract JSON Lines dump (kaikki.org) into a dataset file, streaming: memory stays bounded by the
/// longest line allowed and the key sorter's buffer, whatever the size of the dump.
///
/// The new dataset is written beside the old one under a temporary name and renamed over it only when complete, so
/// an import that fails or is interrupted leaves the previous dataset as it was.
public struct WiktextractImporter {
    public struct Options: Sendable {
        /// The dataset's name and provider id.
        public var name: String
        /// Language codes to keep (`lang_code`); empty keeps every language.
        public var languages: Set<String> = []
        /// More malformed lines than this stop the import.
        public var maximumMalformedLines = 1000
        /// Lines longer than this are skipped and counted as malformed.
        public var maximumLineBytes = 16 << 20
        /// The key sorter's buffer; runs of this size are sorted in memory and merged from disk.
        public var sortBufferBytes = 48 << 20
        /// The lines are read, scanned and written in batches of about this many bytes (tests make it small, so
        /// that a small file takes many batches, scanned on two threads in any order). Half a megabyte: a
        /// megabyte was as fast from 100 MB up and touched twice the memory, which a 10 MB import paid in faults.
        public var batchBytes = 1 << 19
        /// Whether to fsync the new file before renaming it (tests skip it).
        public var sync = true
        /// Lets another thread stop the import (a command line's Ctrl-C): it stops at its next batch, removes what
        /// it wrote and throws an ``ImportError`` that ``ImportError/isInterruption``; once it is renaming the new
        /// dataset into place, it finishes instead.
        public var cancellation: ImportCancellation?
        /// The rules the keys are made by (``DatasetKey/Rules``): older ones write a dataset of an older format, as
        /// lexagg wrote before (for the tests of reading one).
        package var keyRules = DatasetKey.Rules.current

        public init(name: String) { self.name = name }
    }

    /// Where the import is, for a progress bar.
    public struct Progress: Sendable {
        public var fileBytes: Int
        public var fileBytesRead: Int
        public var lines: Int
        public var entries: Int
        public var malformed: Int
        public var seconds: Double
        /// "sorting the index" once the lines are read.
        public var phase: String
    }

    /// A line that could not be imported.
    public struct Problem: Sendable, Hashable {
        public var line: Int
        public var message: String
    }

    public struct Summary: Sendable {
        public var path: String
        public var metadata: DatasetMetadata
        /// The first malformed lines (at most 20), by line number.
        public var problems: [Problem]
        /// Lines that were well formed but not kept: other languages, or records without a word (redirects).
        public var skippedLines: Int
        public var bytesRead: Int
        public var seconds: Double
    }

    public var options: Options

    public init(options: Options) { self.options = options }

    /// Whether `path` is a shell's pipe (`<(zcat …)`: `/dev/fd/63`), whose name says nothing of the dump.
    static func isUnnamedPipe(_ path: String) -> Bool {
        path.hasPrefix("/dev/fd/") || (path.hasPrefix("/proc/") && path.contains("/fd/"))
    }

    /// The new dataset's file while this process writes it, and the directory of its sort runs: what an interrupted
    /// import removes (`lexagg data import` on Ctrl-C), and what a later import removes when a killed one left them.
    public static func workingPaths(name: String, directory: String) -> (file: String, runs: String) {
        let file = directory + "/.\(name).importing-\(getpid())"
        return (file, file + ".runs")
    }

    /// Imports `sourcePath` (a file, or `-` for standard input) into `directory`, calling `progress` a few times a
    /// second (with a `fileBytes` of 0 when the size is not known: a pipe).
    public func run(
        sourcePath: String, directory: String, progress: (Progress) -> Void = { _ in }
    ) throws(ImportError) -> Summary {
        let started = Date()
        if case .failure(let error) = DirectoryListing.create(directory) {
            throw ImportError("cannot create \(directory): \(error)")
        }
        // One import into a name at a time (``DatasetLock``), held to the end of `run`.
        guard let lock = try DatasetLock.acquire(name: options.name, in: directory) else {
            throw ImportError(
                "another import into '\(options.name)' is running; wait for it to finish, or import under another --name",
                reason: .importRunning(options.name)
            )
        }
        defer { withExtendedLifetime(lock) {} }
        removeAbandonedImports(in: directory)
        let source = try openByteSource(path: sourcePath)
        defer { source.close() }
        // `-` is standard input: its size and date when it is a file (`< dump.jsonl`), else none (the date is now).
        let fromStandardInput = sourcePath == "-"
        let sourceName = fromStandardInput ? standardInputName : sourcePath
        // stat, not FileManager's attributes, which made Foundation find the time zone for the modification date.
        var info = stat()
        // (A pipe by name, `<(zcat …)`, has neither: its size reads 0 and its date is the pipe's.)
        let known = (fromStandardInput ? fstat(0, &info) == 0 : stat(sourcePath, &info) == 0) && (info.st_mode & S_IFMT) == S_IFREG
        let fileBytes = known ? Int(info.st_size) : 0
        let sourceDate = known
            ? Date(timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9) : started
        let finalPath = DatasetLocation.path(of: options.name, in: directory)
        let (temporary, runDirectory) = Self.workingPaths(name: options.name, directory: directory)
        guard mkdir(runDirectory, 0o700) == 0 || errno == EEXIST else {
            throw ImportError("cannot create \(runDirectory): \(systemErrorText())")
        }
        defer { try? FileManager.default.removeItem(atPath: runDirectory) }
        // Written behind every 2 MB and synced every 4 MB on a thread of its own (``BackgroundSync``): the fsync at
        // the end then waits for the last few megabytes, not the whole dataset (70-100 ms of a 100 MB import).
        let writer = try FileWriter(path: temporary, writeBehind: options.sync ? 2 << 20 : 0)
        var finished = false
        defer { if !finished { writer.abandon() } }

        try writer.write([UInt8](repeating: 0, count: DatasetFormat.headerSize))
        let entriesOffset = writer.position
        let sorter = KeySorter(directory: runDirectory, runBytes: options.sortBufferBytes)
        let threads = ImportThreads(source: source, options: options)
        var lines = 0, consumed = 0, malformed = 0, entries = 0, skipped = 0
        var problems: [Problem] = []
        var languages: [String: Int] = [:], languageNames: [String: String] = [:]
        let translationCounts = TranslationCounts()
        func report(_ phase: String) {
            progress(Progress(
                fileBytes: fileBytes, fileBytesRead: consumed, lines: lines, entries: entries, malformed: malformed,
                seconds: Date().timeIntervalSince(started), phase: phase
            ))
        }

        // Lines are read on a thread of their own and scanned on another and on this one, which writes them and
        // sorts their keys, in order.
        threads.start()
        do throws(ImportError) {
            var lastReport = Date()
            var scanner = RecordScanner()
            while let work = try threads.queue.nextWork() {
                guard case .write(let batch) = work else {
                    if case .scan(let batch) = work {
                        batch.scan(with: &scanner, options: options)
                        threads.queue.scanned(batch)
                    }
                    continue
                }
                if options.cancellation?.isStopRequested == true { throw ImportError.interrupted }
                for problem in batch.problems {
                    malformed += 1
                    if problems.count < 20 { problems.append(problem) }
                    if malformed > options.maximumMalformedLines {
                        let first = problems.prefix(3).map { "line \($0.line): \($0.message)" }.joined(separator: "; ")
                        throw ImportError(
                            "stopped: more than \(options.maximumMalformedLines) malformed lines (\(first)); is \(sourceName) "
                                + "a wiktextract JSON Lines file? The previous dataset, if any, is unchanged",
                            reason: .tooManyMalformed(limit: options.maximumMalformedLines, source: sourceName, problems: Array(problems.prefix(3)))
                        )
                    }
                }
                let first = writer.position - entriesOffset
                try writer.write(UnsafeRawBufferPointer(start: batch.lines, count: batch.used))
                // The keys come normalised from the scan; a form spelt as its entry's headword is not a key again.
                var headword = UnsafeRawBufferPointer(start: nil, count: 0)
                for (entry, kind, text) in batch.keys {
                    let (start, length) = batch.entries[Int(entry)]
                    let key = batch.text.bytes(text)
                    switch kind {
                    case .headword:
                        headword = key
                    case .form:
                        if key.count == headword.count && (key.isEmpty || memcmp(key.baseAddress!, headword.baseAddress!, key.count) == 0) {
                            continue
                        }
                    case .translation:
                        break
                    }
                    try sorter.add(key: key, kind: kind, offset: first + start, length: length)
                }
                entries += batch.entries.count
                skipped += batch.skipped
                languages.merge(batch.languages, uniquingKeysWith: +)
                languageNames.merge(batch.languageNames) { earlier, _ in earlier }
                translationCounts.add(batch.translationCounts)
                // (Never backwards: a decompressing program's position is read from /proc, gone once it exits.)
                (lines, consumed) = (batch.lineNumber, max(consumed, batch.consumed))
                threads.queue.recycle(batch)
                if Date().timeIntervalSince(lastReport) > 0.2 {
                    lastReport = Date()
                    report("reading")
                }
            }
        } catch {
            threads.queue.cancelAndWait()
            throw error
        }
        threads.queue.cancelAndWait()
        let reader = threads.reader
        lines = reader.lineNumber
        guard entries > 0 else {
            // What was wrong with the first lines that could not be imported: a file of one huge line said only
            // "1 malformed".
            let reasons = problems.prefix(3).map { "line \($0.line): \($0.message)" }.joined(separator: "; ")
            throw ImportError(
                "no word entries in \(sourceName) (\(reader.lineNumber) line\(reader.lineNumber == 1 ? "" : "s"), \(malformed) malformed, \(skipped) skipped"
                    + (options.languages.isEmpty ? "" : " as not in \(options.languages.sorted().joined(separator: ","))")
                    + "); nothing was imported" + (reasons.isEmpty ? "" : " — \(reasons)"),
                reason: .noEntries(
                    source: sourceName, lines: reader.lineNumber, malformed: malformed, skipped: skipped,
                    languages: options.languages.sorted(), problems: Array(problems.prefix(3))
                )
            )
        }
        if options.cancellation?.isStopRequested == true { throw ImportError.interrupted }
        if fileBytes > 0 { consumed = fileBytes }  // every byte of the file is read: the bar is full
        report("sorting the index")
        let entriesLength = writer.position - entriesOffset

        // The table goes straight into the file; the key blob into a side file appended after it.
        let tableOffset = writer.position
        let blobPath = runDirectory + "/blob"
        let blob = try FileWriter(path: blobPath)
        let rows: Int
        do throws(ImportError) {
            rows = try sorter.merge(table: writer, blob: blob)
            try blob.finish(sync: false)
        } catch {
            blob.abandon()
            throw error
        }
        defer { unlink(blobPath) }
        let blobOffset = writer.position
        try blob.readBack { (bytes) throws(ImportError) in try writer.write(UnsafeRawBufferPointer(bytes)) }
        let blobLength = writer.position - blobOffset

        var metadata = DatasetMetadata(
            name: options.name, sourceFile: fromStandardInput ? standardInputName : Self.isUnnamedPipe(sourcePath) ? pipeName : absolute(sourcePath),
            sourceBytes: known ? fileBytes : source.consumed, sourceDate: sourceDate,
            importedAt: Date(), languageFilter: options.languages.sorted(), entries: entries, keys: rows,
            lines: reader.lineNumber, malformedLines: malformed, languages: languages, languageNames: languageNames,
            translations: translationCounts.table()
        )
        if options.keyRules < .current { metadata.formatVersion = options.keyRules.rawValue }
        let json = metadata.json()
        let metadataOffset = writer.position
        try writer.write(json)

        var header = DatasetFormat.magic
        for value in [entriesOffset, entriesLength, tableOffset, rows, blobOffset, blobLength, metadataOffset, json.count] {
            withUnsafeBytes(of: UInt64(value).littleEndian) { header.append(contentsOf: $0) }
        }
        try writer.write(header, at: 0)
        try writer.finish(sync: options.sync)
        // From here the new dataset replaces the old: a stop asked before is honoured, one asked after is refused.
        if let cancellation = options.cancellation, !cancellation.beginCommit() { throw ImportError.interrupted }
        finished = true
        guard rename(temporary, finalPath) == 0 else {
            unlink(temporary)
            throw ImportError("cannot rename \(temporary) to \(finalPath): \(systemErrorText())")
        }
        return Summary(
            path: finalPath, metadata: metadata, problems: problems, skippedLines: skipped, bytesRead: reader.bytesRead,
            seconds: Date().timeIntervalSince(started)
        )
    }

    /// Deletes what killed imports (Ctrl-C, a crash) left behind, whatever their name: files `.NAME.importing-PID`
    /// whose process is gone.
    private func removeAbandonedImports(in directory: String) {
        for entry in (try? DirectoryListing.names(directory).get()) ?? [] where entry.hasPrefix(".") {
            guard let marker = entry.range(of: ".importing-"),
                  let pid = Int32(entry[marker.upperBound...].prefix { $0.isNumber }), pid != getpid()
            else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: directory + "/" + entry) }
        }
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

/// Translations per entry language and target language, counted without making a string per translation.
final class TranslationCounts {
    /// The target languages of one entry language, by code: a code of up to eight bytes (all of them, in practice)
    /// packed into an integer, any other by its bytes.
    final class Targets {
        @exclusivity(unchecked) var packed: [UInt64: Int] = [:]
        @exclusivity(unchecked) var long: [[UInt8]: Int] = [:]

        func add(_ code: UnsafeRawBufferPointer) {
            if code.count <= 8 && !code.contains(0) {
                var key: UInt64 = 0
                for byte in code { key = key << 8 | UInt64(byte) }
                packed[key, default: 0] += 1
            } else {
                long[Array(code), default: 0] += 1
            }
        }

        /// Each code's bytes and count.
        var all: [([UInt8], Int)] {
            packed.map { key, count in
                var bytes: [UInt8] = []
                var rest = key
                while rest != 0 { bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0); rest >>= 8 }
                return (bytes, count)
            } + long.map { ($0.key, $0.value) }
        }
    }

    private var byLanguage: [String: Targets] = [:]
    private var lastCode = ""
    private var lastTargets: Targets?

    func removeAll() {
        byLanguage.removeAll(keepingCapacity: true)
        lastCode = ""
        lastTargets = nil
    }

    /// Adds `other`'s counts to these.
    func add(_ other: TranslationCounts) {
        for (code, theirs) in other.byLanguage {
            let ours = counts(for: code)
            ours.packed.merge(theirs.packed, uniquingKeysWith: +)
            ours.long.merge(theirs.long, uniquingKeysWith: +)
        }
    }

    func counts(for code: String) -> Targets {
        if let lastTargets, lastCode == code { return lastTargets }
        let targets = byLanguage[code] ?? Targets()
        byLanguage[code] = targets
        lastCode = code
        lastTargets = targets
        return targets
    }

    /// `["en": ["de": 1200]]`.
    func table() -> [String: [String: Int]] {
        var table: [String: [String: Int]] = [:]
        for (code, targets) in byLanguage {
            var inner: [String: Int] = [:]
            for (target, count) in targets.all { inner[String(decoding: target, as: UTF8.self), default: 0] += count }
            table[code] = inner
        }
        return table
    }
}

/// Stopping an import from another thread, as a command line's Ctrl-C does: the signal's thread asks
/// (``requestStop(signal:)``), the import stops at its next batch and removes its files, and whoever reports the
/// interruption first (``claimReport()``) says so and ends the process. An import blocked waiting for input never
/// reaches a batch: after a moment the asking thread removes the files itself (``waitForStop(seconds:)``). Once the
/// import is renaming its dataset into place a stop is refused, and it finishes.
public final class ImportCancellation: Sendable {
    private enum Phase { case running, stopRequested, stopped, committing }
    private struct State {
        var phase = Phase.running
        var signal: Int32 = 0
        var reported = false
    }
    private let state = Mutex(State())

    public init() {}

    /// Asks the import to stop because of `signal`; false when it is already committing, or stopping.
    public func requestStop(signal: Int32) -> Bool {
        state.withLock { state in
            guard state.phase == .running else { return false }
            state.phase = .stopRequested
            state.signal = signal
            return true
        }
    }

    /// The signal that asked the import to stop (0 if none).
    public var signal: Int32 { state.withLock { $0.signal } }

    var isStopRequested: Bool { state.withLock { $0.phase == .stopRequested } }

    /// The import is about to replace the dataset; false when a stop was asked first.
    func beginCommit() -> Bool {
        state.withLock { state in
            guard state.phase == .running else { return false }
            state.phase = .committing
            return true
        }
    }

    /// The import has stopped and removed its files.
    public func markStopped() { state.withLock { $0.phase = .stopped } }

    /// Waits up to `seconds` for the import to stop; whether it did.
    public func waitForStop(seconds: Double) -> Bool {
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < end {
            if state.withLock({ $0.phase == .stopped }) { return true }
            usleep(10_000)
        }
        return state.withLock { $0.phase == .stopped }
    }

    /// True for the first caller only: the one that reports the interruption and ends the process.
    public func claimReport() -> Bool {
        state.withLock { state in
            defer { state.reported = true }
            return !state.reported
        }
    }
}
