#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeRawBufferPointer {
    /// The offset of the first `byte` in `self[start..<end]`, found by `memchr`; nil when there is none. Index and
    /// list files are searched line by line this way (a byte-by-byte loop was most of scanning a whole index).
    @inlinable
    package func firstOffset(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = baseAddress else { return nil }
        return memchr(base + start, Int32(byte), end - start).map { UnsafeRawPointer($0) - base }
    }
}
