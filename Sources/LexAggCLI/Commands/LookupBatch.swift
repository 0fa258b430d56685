#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggLocalization

/// `lookup --batch FILE`: many words with one set of providers, answers in input order.
///
/// - Offline providers answer in microseconds: an offline batch runs one word at a time on each core.
/// - With online providers, up to `--jobs` words are looked up at once; answers are still written in input order.
/// - Text output is the usual entries per word; `--format json` writes one compact JSON document per line (NDJSON).
/// - A line that is not a valid word is reported (with its line number) and the batch goes on.
/// - A progress bar is drawn on standard error only when it is a terminal; a summary line ends the batch.
struct LookupBatch {
    let options: LookupOptions
    /// A file path, or `-` for standard input.
    let source: String

    /// One line of the input, looked up or refused.
    enum Item: Sendable {
        case answer(LookupAnswer)
        case invalid(line: Int, text: String, error: QueryError)
    }

    /// A looked-up line: how it went and, for text output, the answer to show; with `--format json`, its NDJSON line
    /// instead (UTF-8, kept as bytes: making a String of it checked every byte again, 5 % of a batch of large
    /// offline-Wiktionary answers). A JSON batch's answer is freed by the task that looked it up: handed back to
    /// the writing task, freeing every answer's entries was work done on one core (5 % of an offline batch).
    struct Done: Sendable {
        var outcome: Tally.Outcome
        var item: Item?
        var line: [UInt8]?
    }

    /// The processors this process may run on.
    static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    func run(in context: CommandContext) async throws -> ExitStatus {
        guard (1...64).contains(options.jobs) else {
            throw CommandFailure.usage(localized(.batchJobsRange, options.jobs))
        }
        let lines = try readLines()
        let words = lines.enumerated().compactMap { index, line -> (line: Int, text: String)? in
            let text = line.trimmingWhitespace()
            return text.isEmpty || text.hasPrefix("#") ? nil : (index + 1, text)
        }
        guard !words.isEmpty else {
            throw CommandFailure.usage(localized(.batchNoWords, source == "-" ? localized(.standardInput) : source))
        }
        let session = try await LookupPresenter(options, context: context)
        var progress = ProgressBar(total: words.count, enabled: context.output.isErrorTerminal, output: context.output)
        var tally = Tally()
        let started = ContinuousClock.now
        // Answers bound for a file or a pipe are written in blocks of ~64 KB, not with a system call per word; on a
        // terminal each answer appears as soon as it is ready.
        var buffer = OutputBuffer(output: context.output, enabled: !context.output.isTerminal)

        func emit(_ done: Done) {
            progress.clear()
            tally.count(done.outcome)
            switch done.item {
            case nil:
                buffer.write(bytes: done.line ?? [])
            case .answer(let answer):
                buffer.flush()
                session.renderText(answer, footer: false)
                if answer.result.isFound { context.output.write("\n") }
            case .invalid(let line, _, let error):
                buffer.flush()
                context.warn(localized(.batchLineSkipped, line, ErrorText.text(error)))
            }
            progress.advance()
        }

        /// Looks a word up and, for JSON, encodes its line there too, so that several words' encoding runs at once.
        @Sendable func lookUp(_ word: (line: Int, text: String)) async -> Done {
            let item: Item
            do {
                item = .answer(await session.lookUp(try session.query(word.text)))
            } catch {
                item = .invalid(line: word.line, text: word.text, error: error)
            }
            let outcome = Tally.Outcome(item)
            guard options.format == .json else { return Done(outcome: outcome, item: item, line: nil) }
            switch item {
            case .answer(let answer):
                return Done(outcome: outcome, line: JSONOutput.encodeLineBytes(session.document(answer)))
            case .invalid(let line, let text, let error):
                return Done(outcome: outcome, line: JSONOutput.encodeLineBytes(InvalidLine(
                    query: .init(term: text, language: session.language), line: line,
                    error: .init(code: ProviderError.Code.invalidQuery.description, message: error.description)
                )))
            }
        }

        // Online: up to --jobs words at once. Offline: one run of words at a time per core (offline providers answer
        // in microseconds, so more would only contend, and a task and its wake-up for every word kept a core idle
        // a third of the time).
        let online = session.definitions.definers.contains { !$0.descriptor.runsInline }
        let window = online ? options.jobs : min(options.jobs, Self.cores)
        let run = online ? 1 : 16
        if window == 1 {
            for word in words {
                try Task.checkCancellation()
                emit(await lookUp(word))
            }
        } else {
            // A window of runs in flight; finished ones wait in `pending` until their turn to be written.
            try await withThrowingTaskGroup(of: (Int, [Done]).self) { group in
                var next = 0
                var written = 0
                var pending: [Int: [Done]] = [:]
                func start() {
                    let index = next
                    let chunk = Array(words[index..<min(index + run, words.count)])
                    group.addTask { @concurrent in
                        var done: [Done] = []
                        done.reserveCapacity(chunk.count)
                        for word in chunk { done.append(await lookUp(word)) }
                        return (index, done)
                    }
                    next += chunk.count
                }
                while next < min(window * run, words.count) { start() }
                while let (index, done) = try await group.next() {
                    try Task.checkCancellation()
                    pending[index] = done
                    while let ready = pending.removeValue(forKey: written) {
                        ready.forEach(emit)
                        written += ready.count
                    }
                    if next < words.count { start() }
                }
            }
        }
        buffer.flush()
        progress.clear()
        let elapsed = ContinuousClock.now - started
        context.output.writeError(tally.summary(elapsed: elapsed) + "\n")
        return tally.status
    }

    /// The longest line a batch file may have, in bytes: a word is at most 256 Unicode scalars (1 KB of UTF-8), so
    /// anything far longer is not a word list, and an endless line must not be read into memory.
    static let maximumLineBytes = 4096

    private func readLines() throws -> [String] {
        guard let file = source == "-" ? fdopen(dup(STDIN_FILENO), "r") : fopen(source, "r") else {
            throw CommandFailure.usage(localized(.cannotReadBecause, source, String(cString: strerror(errno))))
        }
        defer { fclose(file) }
        var lines: [String] = []
        var line: [UInt8] = []
        line.reserveCapacity(256)
        while true {
            let character = getc(file)
            if character == EOF {
                if lines.isEmpty { Self.dropByteOrderMark(&line) }
                if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
                break
            }
            if character == Int32(UInt8(ascii: "\n")) {
                // Without its line break (and a CR before it): a word then ends with a letter, and trimming it is a
                // glance at its ends instead of a search through Unicode's white space (2 K instructions a line).
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if lines.isEmpty { Self.dropByteOrderMark(&line) }
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
                continue
            }
            line.append(UInt8(truncatingIfNeeded: character))
            if line.count > Self.maximumLineBytes {
                let name = source == "-" ? localized(.standardInput) : source
                throw CommandFailure.usage(localized(.batchLineTooLong, lines.count + 1, name, Self.maximumLineBytes))
            }
        }
        if ferror(file) != 0 {
            throw CommandFailure.usage(localized(.cannotReadBecause, source, String(cString: strerror(errno))))
        }
        return lines
    }

    /// A UTF-8 byte order mark at the start of the file (editors on Windows write one) is not part of the first word.
    static func dropByteOrderMark(_ line: inout [UInt8]) {
        if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
    }

    /// How the batch went, for the summary line and the exit status.
    struct Tally {
        var found = 0
        var notFound = 0
        var failed = 0
        var invalid = 0

        /// How one line went.
        enum Outcome: Sendable {
            case found, notFound, failed, invalid

            init(_ item: Item) {
                switch item {
                case .invalid: self = .invalid
                case .answer(let answer):
                    self = answer.result.isFound ? .found : answer.result.allFailed ? .failed : .notFound
                }
            }
        }

        mutating func count(_ outcome: Outcome) {
            switch outcome {
            case .found: found += 1
            case .notFound: notFound += 1
            case .failed: failed += 1
            case .invalid: invalid += 1
            }
        }

        var total: Int { found + notFound + failed + invalid }

        /// 0 when every word was found; 69 when every provider failed for every word; 1 otherwise.
        var status: ExitStatus {
            if found == total { return .success }
            if failed == total { return .unavailable }
            return .notFound
        }

        func summary(elapsed: Duration) -> String {
            var parts = [localized(.batchFound, found)]
            if notFound > 0 { parts.append(localized(.batchNotFound, notFound)) }
            if failed > 0 { parts.append(localized(.batchFailed, failed)) }
            if invalid > 0 { parts.append(localized(.batchInvalid, invalid)) }
            return localized(.batchSummary, localized(.wordCount, count: total), parts.joined(separator: ", "),
                             formatLatency(elapsed))
        }
    }

    /// A line that is not a word, in NDJSON output.
    struct InvalidLine: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "lookup"
        var query: JSONOutput.Query
        var line: Int
        var found = false
        var error: Problem

        struct Problem: Encodable {
            var code: String
            var message: String
        }
    }
}

/// Collects what a batch writes and hands it to the output in blocks.
struct OutputBuffer {
    let output: any OutputSink
    let enabled: Bool
    private var bytes: [UInt8] = []
    static let blockSize = 64 << 10

    init(output: any OutputSink, enabled: Bool) {
        self.output = output
        self.enabled = enabled
    }

    mutating func write(bytes more: [UInt8]) {
        guard enabled else { return output.write(bytes: more) }
        bytes += more
        if bytes.count >= Self.blockSize { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        output.write(bytes: bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}

/// `[#########-----------]  412/1000 words` on standard error, redrawn at most every 1 % of the way.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    let output: any OutputSink
    private var done = 0
    private var drawn = 0
    private var visible = false

    init(total: Int, enabled: Bool, output: any OutputSink) {
        self.total = total
        self.enabled = enabled && total > 1
        self.output = output
    }

    mutating func advance() {
        done += 1
        guard enabled else { return }
        let step = max(1, total / 100)
        guard done == total || done - drawn >= step || !visible else { return }
        let width = 30
        let filled = total == 0 ? width : done * width / total
        output.writeError("\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            + "] " + localized(.batchProgress, done, total))
        drawn = done
        visible = true
    }

    /// Removes the bar so that a line of output can be written: an answer on the same terminal, or a warning on
    /// standard error (`no entry for 'Brenton'`) even when the answers go to a file.
    mutating func clear() {
        guard enabled, visible else { return }
        output.writeError("\r\u{1B}[2K")
        visible = false
    }
}
