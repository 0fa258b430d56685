#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The import's two stages, one thread each: ``LineScanning`` reads and scans the lines into batches, and the
/// importer's own thread writes each batch's lines and adds its keys to the sorter, in order. A bounded queue
/// between them keeps memory constant (a few batches of about a megabyte).

/// A run of kept lines and what the index needs from them.
final class ImportBatch {
    /// The kept lines, each followed by "\n", as they go into the dataset.
    @exclusivity(unchecked) var lines: UnsafeMutableRawPointer
    @exclusivity(unchecked) var capacity: Int
    @exclusivity(unchecked) var used = 0
    /// Each kept line: where it starts in `lines` and its length without the newline.
    @exclusivity(unchecked) var entries: [(start: Int, length: Int)] = []
    /// The text of each key before normalisation: headword, then its forms, then its translations.
    let text = ByteArena(capacity: 1 << 16)
    @exclusivity(unchecked) var keys: [(entry: Int32, kind: KeyKind, text: Range<Int>)] = []
    /// Where the reading stood after this batch, for the progress bar.
    @exclusivity(unchecked) var lineNumber = 0
    @exclusivity(unchecked) var consumed = 0
    @exclusivity(unchecked) var malformed = 0

    static let size = 1 << 20

    init() {
        capacity = Self.size
        lines = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit { lines.deallocate() }

    func reset() {
        used = 0
        entries.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        text.removeAll()
        if capacity > 4 * Self.size {
            // A huge line made it grow: give the memory back.
            lines.deallocate()
            capacity = Self.size
            lines = .allocate(byteCount: capacity, alignment: 16)
        }
    }

    /// Whether a line of `length` bytes still fits (an empty batch always takes it, growing if it must).
    func fits(_ length: Int) -> Bool { used + length + 1 <= capacity || entries.isEmpty }

    func append(line: UnsafeRawBufferPointer) -> Int {
        if used + line.count + 1 > capacity {
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: used + line.count + 1, alignment: 16)
            bigger.copyMemory(from: lines, byteCount: used)
            lines.deallocate()
            lines = bigger
            capacity = used + line.count + 1
        }
        if let base = line.baseAddress { (lines + used).copyMemory(from: base, byteCount: line.count) }
        (lines + used + line.count).storeBytes(of: 0x0A, as: UInt8.self)
        entries.append((used, line.count))
        used += line.count + 1
        return entries.count - 1
    }

    func addKey(entry: Int, kind: KeyKind, _ bytes: UnsafeRawBufferPointer) {
        let from = text.count
        if let base = bytes.baseAddress { text.append(base, count: bytes.count) }
        keys.append((Int32(entry), kind, from..<text.count))
    }
}

/// Batches passed from the reading thread to the writing one, and back for reuse.
final class BatchQueue: @unchecked Sendable {
    // Safety: every field is read and written with `condition` locked.
    private let condition = NSCondition()
    private var ready: [ImportBatch] = []
    private var spare: [ImportBatch] = []
    private var finished = false
    private var cancelled = false
    private var failure: ImportError?
    private var readerDone = false
    private var allocated = 0
    static let depth = 4

    /// A batch to fill: a returned one, else a new one while fewer than `depth` exist; nil once given up.
    func emptyBatch() -> ImportBatch? {
        condition.lock()
        defer { condition.unlock() }
        while spare.isEmpty && allocated >= Self.depth && !cancelled { condition.wait() }
        if cancelled { return nil }
        if let batch = spare.popLast() { return batch }
        allocated += 1
        return ImportBatch()
    }

    /// Hands a filled batch over; false if the import was given up.
    @discardableResult
    func put(_ batch: ImportBatch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if cancelled { return false }
        ready.append(batch)
        condition.broadcast()
        return true
    }

    /// The next batch in order, nil at the end; throws what stopped the reading.
    func take() throws(ImportError) -> ImportBatch? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !finished { condition.wait() }
        if !ready.isEmpty { return ready.removeFirst() }
        if let failure { throw failure }
        return nil
    }

    func recycle(_ batch: ImportBatch) {
        batch.reset()
        condition.lock()
        spare.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// The reading thread has stopped, with `failure` if it failed.
    func finish(failure: ImportError?) {
        condition.lock()
        finished = true
        self.failure = failure
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the reading thread (the writing side failed) and waits until it has let go of the source.
    func cancelAndWait() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while !readerDone { condition.wait() }
        condition.unlock()
    }

    func readerExited() {
        condition.lock()
        readerDone = true
        condition.broadcast()
        condition.unlock()
    }
}

/// The reading stage: lines, the scan, and everything counted per line (malformed and skipped lines, languages,
/// translation pairs), which it alone touches until it has finished.
final class LineScanning: @unchecked Sendable {
    // Safety: used by the reading thread only until `queue.finish`; read by the importer after `cancelAndWait`.
    let reader: LineReader
    let source: any ByteSource
    let options: WiktextractImporter.Options
    let sourcePath: String
    let queue = BatchQueue()
    var scanner = RecordScanner()
    var problems: [WiktextractImporter.Problem] = []
    var malformed = 0, skipped = 0, entries = 0
    var languages: [String: Int] = [:], languageNames: [String: String] = [:]
    let translationCounts = TranslationCounts()

    init(source: any ByteSource, options: WiktextractImporter.Options, sourcePath: String) {
        self.source = source
        self.options = options
        self.sourcePath = sourcePath
        reader = LineReader(source: source, maximumLineBytes: options.maximumLineBytes)
    }

    /// Starts the reading thread.
    func start() {
        let thread = Thread { [self] in
            var failure: ImportError?
            do throws(ImportError) { try run() } catch { failure = error }
            queue.finish(failure: failure)
            queue.readerExited()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func reject(_ message: String) throws(ImportError) {
        malformed += 1
        if problems.count < 20 { problems.append(.init(line: reader.lineNumber, message: message)) }
        if malformed > options.maximumMalformedLines {
            let first = problems.prefix(3).map { "line \($0.line): \($0.message)" }.joined(separator: "; ")
            throw ImportError(
                "stopped: more than \(options.maximumMalformedLines) malformed lines (\(first)); is \(sourcePath) "
                    + "a wiktextract JSON Lines file? The previous dataset, if any, is unchanged"
            )
        }
    }

    private func run() throws(ImportError) {
        guard var batch = queue.emptyBatch() else { return }
        func send() -> Bool {
            batch.lineNumber = reader.lineNumber
            batch.consumed = source.consumed
            batch.malformed = malformed
            return queue.put(batch)
        }
        while let line = try reader.next() {
            guard case .text(let bytes) = line else {
                if case .oversized(let length) = line {
                    try reject("the line is \(length) bytes, longer than the limit of \(options.maximumLineBytes)")
                }
                continue
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            do throws(RecordScanner.Malformed) {
                try scanner.scan(bytes)
            } catch {
                try reject("\(error.message) at byte \(error.offset + 1)")
                continue
            }
            let record = scanner.record
            guard let word = record.word, !word.isEmpty, let codeRange = record.languageCode,
                  String(validating: scanner.bytes(word), as: UTF8.self) != nil
            else { skipped += 1; continue }
            let code = String(decoding: scanner.bytes(codeRange), as: UTF8.self)
            if !options.languages.isEmpty && !options.languages.contains(code) { skipped += 1; continue }

            if !batch.fits(bytes.count) {
                guard send(), let next = queue.emptyBatch() else { return }
                batch = next
            }
            let entry = batch.append(line: bytes)
            entries += 1
            languages[code, default: 0] += 1
            if languageNames[code] == nil, let name = record.languageName {
                languageNames[code] = String(decoding: scanner.bytes(name), as: UTF8.self)
            }
            batch.addKey(entry: entry, kind: .headword, scanner.bytes(word))
            for form in record.forms { batch.addKey(entry: entry, kind: .form, scanner.bytes(form)) }
            if !record.translations.isEmpty {
                let counts = translationCounts.counts(for: code)
                for (text, target) in record.translations {
                    counts.add(scanner.bytes(target))
                    batch.addKey(entry: entry, kind: .translation, scanner.bytes(text))
                }
            }
        }
        _ = send()
    }
}
