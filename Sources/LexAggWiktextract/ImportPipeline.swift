#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The import's stages: a reading thread splits the dump into batches of lines (``ImportBatch``); a scanning thread
/// and the importer's own thread both scan them, whichever is free (the scan is most of the work, so both cores do
/// it); the importer's thread writes the scanned batches and sorts their keys in the order they were read. At most
/// ``BatchQueue/depth`` batches of about half a megabyte exist at once, so memory stays constant.

/// Batches between the threads: read and waiting for a scan, scanned and waiting to be written, and spare ones.
final class BatchQueue: @unchecked Sendable {
    // Safety: every field is read and written with `condition` locked.
    private let condition = NSCondition()
    private var unscanned: [ImportBatch] = []
    private var scanned: [Int: ImportBatch] = [:]
    private var spare: [ImportBatch] = []
    private var scanning = 0
    private var readingFinished = false
    private var cancelled = false
    private var failure: ImportError?
    private var threadsRunning = 0
    private var allocated = 0
    private var nextToWrite = 0
    private let batchBytes: Int
    /// Enough for the reader, both scanners and the writer each to hold one; every batch more is memory a small
    /// import touches for the first time (page faults) and no import needs (6 measured no faster at 10 MB to 1 GB).
    static let depth = 4

    init(batchBytes: Int) { self.batchBytes = batchBytes }

    /// What the importer's thread does next.
    enum Work {
        case write(ImportBatch)
        case scan(ImportBatch)
    }

    func threadStarted() {
        condition.lock()
        threadsRunning += 1
        condition.unlock()
    }

    func threadExited() {
        condition.lock()
        threadsRunning -= 1
        condition.broadcast()
        condition.unlock()
    }

    // MARK: The reading thread

    /// A batch to fill: a returned one, else a new one while fewer than `depth` exist; nil once given up.
    func emptyBatch() -> ImportBatch? {
        condition.lock()
        defer { condition.unlock() }
        while spare.isEmpty && allocated >= Self.depth && !cancelled { condition.wait() }
        if cancelled { return nil }
        if let batch = spare.popLast() { return batch }
        allocated += 1
        return ImportBatch(size: batchBytes)
    }

    /// Hands a filled batch over for scanning; false if the import was given up.
    @discardableResult
    func put(_ batch: ImportBatch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        if cancelled { return false }
        unscanned.append(batch)
        condition.broadcast()
        return true
    }

    /// The reading has stopped, with `failure` if it failed.
    func finishReading(failure: ImportError?) {
        condition.lock()
        readingFinished = true
        self.failure = failure
        condition.broadcast()
        condition.unlock()
    }

    // MARK: Scanning

    /// The scanning thread's next batch; nil once every batch is read and taken, or the import was given up.
    func batchToScan() -> ImportBatch? {
        condition.lock()
        defer { condition.unlock() }
        while unscanned.isEmpty && !readingFinished && !cancelled { condition.wait() }
        if cancelled || unscanned.isEmpty { return nil }
        scanning += 1
        return unscanned.removeFirst()
    }

    func scanned(_ batch: ImportBatch) {
        condition.lock()
        scanning -= 1
        scanned[batch.sequence] = batch
        condition.broadcast()
        condition.unlock()
    }

    // MARK: The importer's thread

    /// The next scanned batch in order to write, else a batch to scan meanwhile; nil at the end. Throws what
    /// stopped the reading, once every batch read before it is written.
    func nextWork() throws(ImportError) -> Work? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let batch = scanned.removeValue(forKey: nextToWrite) {
                nextToWrite += 1
                return .write(batch)
            }
            if !unscanned.isEmpty {
                scanning += 1
                return .scan(unscanned.removeFirst())
            }
            if readingFinished && scanning == 0 {
                if let failure { throw failure }
                return nil
            }
            condition.wait()
        }
    }

    func recycle(_ batch: ImportBatch) {
        batch.reset()
        condition.lock()
        spare.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the other threads (the import failed, or is over) and waits until they have let go of the source.
    func cancelAndWait() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        while threadsRunning > 0 { condition.wait() }
        condition.unlock()
    }
}

/// The reading and scanning threads; what they touch is theirs alone until ``BatchQueue/cancelAndWait()``.
final class ImportThreads: @unchecked Sendable {
    // Safety: `reader` and `source` are used by the reading thread only, and by the importer after `cancelAndWait`.
    let reader: LineReader
    let source: any ByteSource
    let options: WiktextractImporter.Options
    let queue: BatchQueue

    init(source: any ByteSource, options: WiktextractImporter.Options) {
        self.source = source
        self.options = options
        queue = BatchQueue(batchBytes: options.batchBytes)
        reader = LineReader(source: source, maximumLineBytes: options.maximumLineBytes)
    }

    /// Starts the reading thread and the scanning thread.
    func start() {
        queue.threadStarted()
        queue.threadStarted()
        let reading = Thread { [self] in
            var failure: ImportError?
            do throws(ImportError) { try read() } catch { failure = error }
            queue.finishReading(failure: failure)
            queue.threadExited()
        }
        let scanning = Thread { [self] in
            var scanner = RecordScanner()
            while let batch = queue.batchToScan() {
                batch.scan(with: &scanner, options: options)
                queue.scanned(batch)
            }
            queue.threadExited()
        }
        for thread in [reading, scanning] {
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private func read() throws(ImportError) {
        var sequence = 0
        guard let first = queue.emptyBatch() else { return }
        func send(_ batch: ImportBatch) -> Bool {
            batch.lineNumber = reader.lineNumber
            batch.consumed = source.consumed
            batch.sequence = sequence
            sequence += 1
            return queue.put(batch)
        }
        guard let last = try reader.fillBatches(starting: first, full: { send($0) ? queue.emptyBatch() : nil }) else { return }
        if last.isEmpty { queue.recycle(last) } else { _ = send(last) }
    }
}
