#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte source into lines without ever holding more than one line (at most `maximumLineBytes`) and one
/// read's worth of bytes: a line longer than the limit is skipped as it streams past, and reported.
///
/// A plain file is mapped instead (``FileSource/mapped()``): lines are handed out where they lie in the mapping, and
/// pages well behind the reading are let go of, so that memory stays bounded the same way.
public final class LineReader {
    public enum Line {
        /// A complete line, without its `\n` (and without a `\r` before it). Valid only during the callback.
        case text(UnsafeRawBufferPointer)
        /// A line longer than the limit, skipped; its length in bytes.
        case oversized(Int)
    }

    private let source: any ByteSource
    public let maximumLineBytes: Int
    private var buffer: UnsafeMutableRawBufferPointer
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var skipping = false
    @exclusivity(unchecked) private var skipped = 0
    @exclusivity(unchecked) private var atEnd = false
    /// The number of the line last handed out, from 1.
    @exclusivity(unchecked) public private(set) var lineNumber = 0
    /// Decompressed bytes read so far.
    @exclusivity(unchecked) public private(set) var bytesRead = 0

    /// The plain file being read through its mapping, and the mapping.
    private let file: FileSource?
    /// Where the mapped lines lie: lines handed out by ``next()`` point into it, and stay valid while the reader lives.
    public let mapping: UnsafeRawBufferPointer?

    public init(source: any ByteSource, maximumLineBytes: Int, readSize: Int = 1 << 20) {
        self.source = source
        self.maximumLineBytes = max(16, maximumLineBytes)
        let file = source as? FileSource
        mapping = file?.mapped()
        self.file = mapping == nil ? nil : file
        buffer = .allocate(byteCount: mapping == nil ? max(readSize, 4096) * 2 : 16, alignment: 16)
    }

    /// How far behind the reading mapped pages are let go of: far enough that the batches still being scanned (a few
    /// megabytes) are not read back from the page cache, near enough that memory stays flat.
    static let keptBehind = 12 << 20
    /// The longest stretch searched for a newline in one go, so that pages are let go of during a huge line too.
    static let searchStep = 4 << 20

    deinit { buffer.deallocate() }

    /// The next line, or nil at the end of the input.
    public func next() throws(ImportError) -> Line? {
        if let mapping, let base = mapping.baseAddress { return nextMapped(base, mapping.count) }
        while true {
            if let newline = findNewline() {
                let length = newline - start
                let lineStart = start
                start = newline + 1
                lineNumber += 1
                if skipping {
                    skipping = false
                    let total = skipped + length
                    skipped = 0
                    return .oversized(total)
                }
                if length > maximumLineBytes { return .oversized(length) }
                var trimmed = length
                if trimmed > 0 && buffer[lineStart + trimmed - 1] == 0x0D { trimmed -= 1 }
                return .text(UnsafeRawBufferPointer(rebasing: buffer[lineStart..<(lineStart + trimmed)]))
            }
            if atEnd {
                guard start < end || skipping else { return nil }
                // A last line without a newline.
                lineNumber += 1
                let length = end - start
                let lineStart = start
                start = end
                if skipping { skipping = false; return .oversized(skipped + length) }
                if length > maximumLineBytes { return .oversized(length) }
                return .text(UnsafeRawBufferPointer(rebasing: buffer[lineStart..<(lineStart + length)]))
            }
            try fill()
        }
    }

    /// ``next()`` over the mapping: the same lines, lengths and line numbers as reading the file would give.
    private func nextMapped(_ base: UnsafeRawPointer, _ count: Int) -> Line? {
        guard start < count else { return nil }
        let lineStart = start
        var newline: Int?
        var searched = lineStart
        while newline == nil && searched < count {
            let stretch = min(Self.searchStep, count - searched)
            newline = memchr(base + searched, 0x0A, stretch).map { base.distance(to: UnsafeRawPointer($0)) }
            searched += stretch
            file?.release(before: searched - Self.keptBehind)
        }
        let lineEnd = newline ?? count
        start = newline.map { $0 + 1 } ?? count
        lineNumber += 1
        bytesRead = start
        file?.advance(to: start)
        let length = lineEnd - lineStart
        if length > maximumLineBytes { return .oversized(length) }
        // As read(2) gives it: a carriage return before a newline is not part of the line; at the end, it is.
        let trimmed = newline != nil && length > 0 && base.load(fromByteOffset: lineEnd - 1, as: UInt8.self) == 0x0D
            ? length - 1 : length
        return .text(UnsafeRawBufferPointer(start: base + lineStart, count: trimmed))
    }

    private func findNewline() -> Int? {
        guard start < end, let base = buffer.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, end - start) else { return nil }
        return base.distance(to: found)
    }

    /// Reads more: moves the partial line to the front, grows the buffer while the line may still fit the limit,
    /// and once it cannot, drops what it holds of that line and counts it instead.
    private func fill() throws(ImportError) {
        let pending = end - start
        if skipping || pending > maximumLineBytes {
            if !skipping { skipping = true }
            skipped += pending
            start = 0
            end = 0
        } else if start > 0 {
            if pending > 0, let base = buffer.baseAddress { memmove(base, base + start, pending) }
            start = 0
            end = pending
        }
        if buffer.count - end < buffer.count / 4 && buffer.count < maximumLineBytes * 2 {
            let bigger = UnsafeMutableRawBufferPointer.allocate(byteCount: buffer.count * 2, alignment: 16)
            if end > 0, let base = buffer.baseAddress { bigger.baseAddress?.copyMemory(from: base, byteCount: end) }
            buffer.deallocate()
            buffer = bigger
        }
        if end == buffer.count {
            // Full with one line that is still under the limit only because the buffer cannot grow: skip it.
            skipping = true
            skipped += end
            end = 0
        }
        let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...]))
        if count == 0 { atEnd = true }
        end += count
        bytesRead += count
    }
}
