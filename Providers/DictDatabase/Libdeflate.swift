#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// libdeflate (Debian's `libdeflate0`), loaded with `dlopen` when the system has it, to inflate dictzip chunks.
///
/// Inflating WordNet's chunks with zlib is most of an offline batch (callgrind: 373 of 896 million instructions for
/// 1,000 words); libdeflate inflates a whole buffer in about a third of that. It is optional: without it (or with
/// `LEXAGG_NO_LIBDEFLATE` set) chunks are inflated with zlib, and any chunk libdeflate refuses is inflated with zlib
/// too, so answers and error messages are the same either way (`DictzipInflationTests`). Nothing is linked: the
/// binary still needs only zlib, and the library is looked for once, on the first chunk.
struct Libdeflate: Sendable {
    private typealias Allocate = @convention(c) () -> OpaquePointer?
    private typealias Decompress = @convention(c) (
        OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>?
    ) -> Int32
    private typealias Free = @convention(c) (OpaquePointer?) -> Void

    private let allocate: Allocate
    private let decompress: Decompress
    private let free: Free

    /// The library, when this system has it and `LEXAGG_NO_LIBDEFLATE` is not set.
    static let shared: Libdeflate? = load()

    private static func load() -> Libdeflate? {
        guard getenv("LEXAGG_NO_LIBDEFLATE") == nil,
              let library = dlopen("libdeflate.so.0", RTLD_NOW | RTLD_LOCAL),
              let allocate = dlsym(library, "libdeflate_alloc_decompressor"),
              let decompress = dlsym(library, "libdeflate_deflate_decompress"),
              let free = dlsym(library, "libdeflate_free_decompressor")
        else { return nil }
        return Libdeflate(
            allocate: unsafeBitCast(allocate, to: Allocate.self), decompress: unsafeBitCast(decompress, to: Decompress.self),
            free: unsafeBitCast(free, to: Free.self)
        )
    }

    /// A deflate block with nothing in it that ends the stream (BFINAL, fixed codes, end of block).
    ///
    /// A dictzip chunk ends with a full flush, not with a final block, and libdeflate inflates only whole streams:
    /// an empty final block after the chunk (which ends on a byte boundary) makes it one. The caller reads the chunk
    /// with these two bytes after it (`RandomAccessFile.read(offset:count:appending:)`).
    static let finalBlock: [UInt8] = [0x03, 0x00]

    /// Output space given to libdeflate beyond what a chunk may hold (see ``inflate(_:capacity:)``).
    static let fastLoopSlack = 320

    /// Decompressors not in use. Allocating one zeroes its 10 KB of tables (with 2 KB chunks, a large part of
    /// inflating one), so they are kept for the next chunk; one is never used by two threads at once.
    private let idle = MutexBox<[UInt]>([])

    /// The raw deflate data of one dictzip chunk followed by ``finalBlock``, inflated into at most `capacity` bytes;
    /// `nil` when libdeflate cannot (bad data, or more than `capacity` bytes), for zlib to decide.
    func inflate(_ input: [UInt8], capacity: Int) -> [UInt8]? {
        let decompressor: OpaquePointer
        if let kept = idle.withValue({ $0.popLast() }), let pointer = OpaquePointer(bitPattern: kept) {
            decompressor = pointer
        } else if let fresh = allocate() {
            decompressor = fresh
        } else {
            return nil
        }
        defer {
            let returned = idle.withValue { idle -> Bool in
                guard idle.count < 8 else { return false }
                idle.append(UInt(bitPattern: Int(bitPattern: decompressor)))
                return true
            }
            if !returned { free(decompressor) }
        }
        var succeeded = false
        // Room past `capacity`: libdeflate decodes in its fast loop only while ~300 bytes of output space are left,
        // and with exactly a chunk's room the last sixth of every 2 KB chunk was decoded by the slow loop.
        let output = [UInt8](unsafeUninitializedCapacity: capacity + Self.fastLoopSlack) { buffer, initialized in
            var produced = 0
            let status = input.withUnsafeBytes { input in
                decompress(decompressor, input.baseAddress, input.count, buffer.baseAddress, buffer.count, &produced)
            }
            succeeded = status == 0 && produced <= capacity  // LIBDEFLATE_SUCCESS, and no more than was asked for
            initialized = succeeded ? produced : 0
        }
        return succeeded ? output : nil
    }
}
