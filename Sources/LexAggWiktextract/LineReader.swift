#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a byte source into lines without ever holding more than one line (at most `maximumLineBytes`) and one
/// read's worth of bytes: a line longer than the limit is skipped as it streams past, and reported.
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

    public init(source: any ByteSource, maximumLineBytes: Int, readSize: Int = 1 << 20) {
        self.source = source
        self.maximumLineBytes = max(16, maximumLineBytes)
        buffer = .allocate(byteCount: max(readSize, 4096) * 2, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// The next line, or nil at the end of the input.
    public func next() throws(ImportError) -> Line? {
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
