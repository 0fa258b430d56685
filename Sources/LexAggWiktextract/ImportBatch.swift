import LexAggJSON
/// A run of about half a megabyte (`batchBytes`) of the dump's lines on its way through the import: the reading
/// thread fills it with lines as read (``append(line:number:)``, or in place in a mapped file); one of the two
/// scanning threads scans it (``scan(with:options:)``), which keeps the entries' lines (members grouped, in `lines`),
/// their keys and everything counted per line; the importer's thread then writes it and sorts its keys, batches in the
/// order they were read.
final class ImportBatch {
    /// The batch's place in the file, from 0: batches are written in this order whichever thread scanned them.
    @exclusivity(unchecked) var sequence = 0

    // MARK: As read

    /// The lines, each followed by "\n"; after the scan, only the kept ones (the entries), packed.
    @exclusivity(unchecked) var lines: UnsafeMutableRawPointer
    @exclusivity(unchecked) var capacity: Int
    @exclusivity(unchecked) var used = 0
    /// Where the scan writes the entries of lines copied into `lines`, which then swap places with it: grouping a
    /// line's members in place needed a copy of the line first (a third copy of every byte of the dump in process).
    /// Lines read in place from a mapped file need none: their entries are written into `lines`, which they left
    /// unused. Made on first need: every megabyte a batch touches for the first time is 256 page faults, which a
    /// 10 MB import of a mapped file paid for twelve megabytes of two buffers in six batches.
    @exclusivity(unchecked) private var spare: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var spareCapacity = 0
    /// Each line read: where it starts in `lines` (or in `mapping`), its length without the newline, its line number.
    @exclusivity(unchecked) var read: [(start: Int, length: Int, line: Int)] = []
    /// The mapped file the lines were read from in place, when they were not copied into `lines`.
    @exclusivity(unchecked) var mapping: UnsafeRawPointer?
    /// Lines longer than the limit, skipped by the reader: their line number and length.
    @exclusivity(unchecked) var oversized: [(line: Int, length: Int)] = []
    /// Where the reading stood after this batch, for the progress bar.
    @exclusivity(unchecked) var lineNumber = 0
    @exclusivity(unchecked) var consumed = 0

    // MARK: Found by the scan

    /// Each kept line: where it starts in `lines` and its length without the newline.
    @exclusivity(unchecked) var entries: [(start: Int, length: Int)] = []
    /// Each key (``DatasetKey``, normalised here, on the scanning thread): headword, then its forms, then its
    /// translations.
    let text = ByteArena(capacity: 1 << 16)
    @exclusivity(unchecked) var keys: [(entry: Int32, kind: KeyKind, text: Range<Int>)] = []
    /// The lines that could not be imported (oversized or malformed), in line order.
    @exclusivity(unchecked) var problems: [WiktextractImporter.Problem] = []
    @exclusivity(unchecked) var skipped = 0
    @exclusivity(unchecked) var languages: [String: Int] = [:]
    @exclusivity(unchecked) var languageNames: [String: String] = [:]
    let translationCounts = TranslationCounts()

    /// The size it is made with, and shrinks back to after a huge line.
    let size: Int

    init(size: Int) {
        self.size = max(size, 1)
        capacity = self.size
        lines = .allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        lines.deallocate()
        spare?.deallocate()
    }

    func reset() {
        used = 0
        mapping = nil
        read.removeAll(keepingCapacity: true)
        oversized.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        text.removeAll()
        problems.removeAll(keepingCapacity: true)
        skipped = 0
        languages.removeAll(keepingCapacity: true)
        languageNames.removeAll(keepingCapacity: true)
        translationCounts.removeAll()
        if capacity > 4 * size {
            // A huge line made it grow: give the memory back.
            lines.deallocate()
            capacity = size
            lines = .allocate(byteCount: capacity, alignment: 16)
        }
        if spareCapacity > 4 * size {
            spare?.deallocate()
            spare = nil
            spareCapacity = 0
        }
    }

    /// Whether a line of `length` bytes still fits (an empty batch always takes it, growing if it must).
    func fits(_ length: Int) -> Bool { used + length + 1 <= capacity || read.isEmpty }

    var isEmpty: Bool { read.isEmpty && oversized.isEmpty }

    func append(line: UnsafeRawBufferPointer, number: Int) {
        if used + line.count + 1 > capacity {
            let bigger = UnsafeMutableRawPointer.allocate(byteCount: used + line.count + 1, alignment: 16)
            bigger.copyMemory(from: lines, byteCount: used)
            lines.deallocate()
            lines = bigger
            capacity = used + line.count + 1
        }
        if let base = line.baseAddress { (lines + used).copyMemory(from: base, byteCount: line.count) }
        (lines + used + line.count).storeBytes(of: 0x0A, as: UInt8.self)
        read.append((used, line.count, number))
        used += line.count + 1
    }

    /// A line of the mapped file at `base`, left where it lies: counted in `used` as if copied, so that a batch holds
    /// as much of the dump either way, and the scan's output has room.
    func append(mappedLine line: UnsafeRawBufferPointer, number: Int, in base: UnsafeRawPointer) {
        mapping = base
        read.append((line.baseAddress.map { base.distance(to: $0) } ?? 0, line.count, number))
        used += line.count + 1
    }

    /// Scans every line read: keeps the entries (moving their lines down over those not kept), their keys, and
    /// counts the rest. Lines that are not a JSON object become problems; whitespace-only lines are ignored.
    func scan(with scanner: inout RecordScanner, options: WiktextractImporter.Options) {
        var kept = 0
        let output: UnsafeMutableRawPointer
        if mapping != nil {
            // The lines are in the mapping (`used` counts them, and may pass `capacity` for one huge line).
            if capacity < used {
                lines.deallocate()
                capacity = used
                lines = .allocate(byteCount: capacity, alignment: 16)
            }
            output = lines
        } else {
            if spareCapacity < used || spare == nil {
                spare?.deallocate()
                spareCapacity = max(capacity, used)
                spare = .allocate(byteCount: spareCapacity, alignment: 16)
            }
            output = spare!
        }
        let origin = mapping ?? UnsafeRawPointer(lines)
        // The language of the run of lines being read (a dump comes grouped by language): its lines are counted here
        // and added to `languages` when the language changes, instead of a `String` made and hashed twice a line.
        var code = "", codeRead = false, codeKept = false, codeLines = 0, codeNamed = true
        func countLanguage() {
            if codeLines > 0 { languages[code, default: 0] += codeLines }
            codeLines = 0
        }
        defer { countLanguage() }
        var oversized = self.oversized[...]
        for (start, length, number) in read {
            while let first = oversized.first, first.line < number {
                problems.append(.init(line: first.line, message: Self.tooLong(first.length, options)))
                oversized = oversized.dropFirst()
            }
            var bytes = UnsafeRawBufferPointer(start: origin + start, count: length)
            // A byte order mark before the first line (a dump saved by an editor): not part of the JSON.
            if number == 1, length >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                bytes = UnsafeRawBufferPointer(rebasing: bytes[3...])
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            do throws(RecordScanner.Malformed) {
                try scanner.scan(bytes)
            } catch {
                problems.append(.init(line: number, message: "\(error.message) at byte \(error.offset + 1)"))
                continue
            }
            let record = scanner.record
            guard let word = record.word, !word.isEmpty, let codeRange = record.languageCode else { skipped += 1; continue }
            guard String(validating: scanner.bytes(word), as: UTF8.self) != nil else {
                // A redirect has no word; this one has a word no lookup can type.
                problems.append(.init(line: number, message: "the word is not valid UTF-8"))
                continue
            }
            let codeBytes = scanner.bytes(codeRange)
            if !codeRead || !codeBytes.elementsEqual(code.utf8) {
                countLanguage()
                codeRead = true
                // Counted and filtered in lower case, as `--languages` is given: a dump's `EN` is `en`.
                code = String(decoding: codeBytes, as: UTF8.self).lowercased()
                codeKept = options.languages.isEmpty || options.languages.contains(code)
                codeNamed = languageNames[code] != nil
            }
            if !codeKept { skipped += 1; continue }

            // The entry is kept with its members grouped (RecordLayout), never longer than the line: the entries
            // written so far are no longer than the lines read so far, so the output (as large as them all) has room.
            let length = RecordLayout.write(bytes, members: record.members, pieces: record.pieces, to: output + kept)
            (output + kept + length).storeBytes(of: 0x0A, as: UInt8.self)
            entries.append((kept, length))
            kept += length + 1
            let entry = entries.count - 1
            codeLines += 1
            if !codeNamed, let name = record.languageName {
                codeNamed = true
                languageNames[code] = String(decoding: scanner.bytes(name), as: UTF8.self)
            }
            let rules = options.keyRules
            addKey(entry: entry, kind: .headword, scanner.bytes(word), rules: rules)
            for form in record.forms { addKey(entry: entry, kind: .form, scanner.bytes(form), rules: rules) }
            if !record.translations.isEmpty {
                let counts = translationCounts.counts(for: code)
                for (text, target) in record.translations {
                    counts.add(scanner.bytes(target))
                    addKey(entry: entry, kind: .translation, scanner.bytes(text), rules: rules)
                }
            }
        }
        for rest in oversized { problems.append(.init(line: rest.line, message: Self.tooLong(rest.length, options))) }
        if mapping == nil {
            let read = lines
            lines = output
            spare = read
            swap(&capacity, &spareCapacity)
        }
        used = kept
        mapping = nil
    }

    private static func tooLong(_ length: Int, _ options: WiktextractImporter.Options) -> String {
        "the line is \(length) bytes, longer than the limit of \(options.maximumLineBytes) (--max-line-mb raises it)"
    }

    private func addKey(entry: Int, kind: KeyKind, _ bytes: UnsafeRawBufferPointer, rules: DatasetKey.Rules) {
        keys.append((Int32(entry), kind, DatasetKey.normalise(bytes, into: text, rules: rules)))
    }
}

extension LineReader {
    /// Reads every line into batches, starting with `batch`: a line that does not fit the batch hands it to `full`,
    /// which returns the batch to fill next (nil stops the reading); a line over the limit is noted in the batch it
    /// would have gone into. Returns the batch being filled at the end (nil if `full` stopped), empty or not. The
    /// importer's reading thread and the `wiktextract-import` fuzz target both read this way.
    func fillBatches(starting batch: ImportBatch, full: (ImportBatch) -> ImportBatch?) throws(ImportError) -> ImportBatch? {
        var batch = batch
        let mapped = mapping?.baseAddress
        while let line = try next() {
            switch line {
            case .oversized(let length):
                batch.oversized.append((lineNumber, length))
            case .text(let bytes):
                if !batch.fits(bytes.count) {
                    guard let next = full(batch) else { return nil }
                    batch = next
                }
                if let mapped {
                    batch.append(mappedLine: bytes, number: lineNumber, in: mapped)
                } else {
                    batch.append(line: bytes, number: lineNumber)
                }
            }
        }
        return batch
    }
}

extension LineReader {
    /// Reads every line into batches of `batchSize` bytes and scans each as soon as it is full, on this thread: the
    /// importer's reading and scanning without its threads (for the tests and the `wiktextract-import` fuzz target).
    /// `each` sees every scanned batch, in order, before it is reused.
    func scanAll(batchSize: Int, options: WiktextractImporter.Options, each: (ImportBatch) -> Void) throws(ImportError) {
        let batch = ImportBatch(size: batchSize)
        var scanner = RecordScanner()
        let last = try fillBatches(starting: batch) { full in
            full.scan(with: &scanner, options: options)
            each(full)
            full.reset()
            return full
        }
        last?.scan(with: &scanner, options: options)
        if let last { each(last) }
    }
}

/// Bytes in memory handed over in pieces of varying size (1 to 61 bytes, by a fixed sequence), as a pipe or a slow
/// disk hands them over, so that lines and buffers break at every place (for the tests and the fuzz targets).
final class PieceSource: ByteSource {
    private let bytes: [UInt8]
    private var position = 0
    private var step = 0
    var consumed: Int { position }

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        step = (step &* 7 &+ 3) % 61
        let count = min(step + 1, buffer.count, bytes.count - position)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: count) }
        position += count
        return count
    }

    func close() {}
}
