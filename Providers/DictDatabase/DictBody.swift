import CZlib
import LexAggCore

/// The text of a DICT database: a `.dict` file, or a `.dict.dz` dictzip file read chunk by chunk.
protocol DictBody: Sendable {
    var path: String { get }
    /// The file open (nil for a built-in one).
    var identity: FileIdentity? { get }
    /// Reads `length` bytes of uncompressed text at uncompressed `offset`.
    func read(offset: Int, length: Int) throws(DictFileError) -> [UInt8]
}

/// An uncompressed `.dict` file.
struct PlainDictBody: DictBody {
    let file: RandomAccessFile
    var path: String { file.path }
    var identity: FileIdentity? { file.identity }

    init(path: String) throws(DictFileError) {
        self.file = try RandomAccessFile(path: path)
    }

    func read(offset: Int, length: Int) throws(DictFileError) -> [UInt8] {
        try file.read(offset: offset, count: length)
    }
}

/// A dictzip file: gzip whose FEXTRA field holds a random-access table (`RA`) of independently
/// deflated chunks, so a lookup inflates only the chunks its entry spans, never the whole file.
///
/// Format (dictzip(1)): FEXTRA subfield `R` `A`, then VER (2 bytes, 1), CHLEN (uncompressed chunk length),
/// CHCNT (chunk count), then CHCNT compressed chunk sizes; all little-endian 16-bit. Chunk data follow the
/// gzip header; each chunk ends with a full flush, so it inflates on its own as raw deflate.
final class DictzipBody: DictBody {
    let path: String
    let chunkLength: Int
    let chunkCount: Int
    /// The header's random-access table as read, its 16-bit compressed sizes from `sizesAt` on.
    private let table: [UInt8]
    private let sizesAt: Int
    /// The compressed offset of every ``checkpointStride``th chunk, and of the end of the last chunk: a chunk's offset
    /// adds at most 63 sizes to one of these. A file in 2 KB chunks lists 15,117 (the embedded WordNet), and a full
    /// table of offsets and a cache slot a chunk were 240 KB of memory to touch, 60 page faults of a single lookup.
    private let checkpoints: [Int]
    static let checkpointStride = 64
    let uncompressedSize: Int
    private let file: RandomAccessFile
    var identity: FileIdentity? { file.identity }
    /// Inflated chunks, kept up to ``cacheLimit`` bytes: one lookup touches one or two chunks, a batch of many
    /// words touches each chunk many times, and inflating is most of a lookup's cost.
    private let cache: MutexBox<ChunkCache>
    static let cacheLimit = 48 << 20

    struct ChunkCache: Sendable {
        /// By chunk number, in pages of ``checkpointStride`` chunks made on first use. Arrays, not a dictionary: a
        /// `[Int: [UInt8]]` costs a scan of every protocol conformance in the binary at its first use (Int:
        /// Hashable), 0.8 million instructions of a lookup.
        var pages: [[[UInt8]?]?]
        var bytes = 0
        /// Chunk numbers in the order they were inflated, oldest first (evicted first).
        var order: [Int] = []
        var evicted = 0

        subscript(index: Int) -> [UInt8]? {
            get { pages[index / DictzipBody.checkpointStride]?[index % DictzipBody.checkpointStride] }
            set {
                let page = index / DictzipBody.checkpointStride
                if pages[page] == nil { pages[page] = Array(repeating: nil, count: DictzipBody.checkpointStride) }
                pages[page]![index % DictzipBody.checkpointStride] = newValue
            }
        }
    }

    init(path: String) throws(DictFileError) {
        let file = try RandomAccessFile(path: path)
        func corrupt(_ problem: String) -> DictFileError {
            DictFileError(path: path, problem: "not a valid dictzip file: \(problem)")
        }
        guard file.size >= 18 else { throw corrupt("only \(file.size) bytes") }
        let head = try file.read(offset: 0, count: min(file.size, 12))
        guard head[0] == 0x1F, head[1] == 0x8B else { throw corrupt("no gzip signature") }
        guard head[2] == 8 else { throw corrupt("compression method \(head[2]) is not deflate") }
        let flags = head[3]
        guard flags & 0x04 != 0 else {
            throw corrupt("plain gzip without a random-access table; recompress it with 'dictzip'")
        }
        let extraLength = Int(head[10]) | Int(head[11]) << 8
        let extra = try file.read(offset: 12, count: extraLength)
        /// The chunk length, the chunk count and where the compressed sizes start in `extra`.
        var table: (chunkLength: Int, count: Int, sizesAt: Int)?
        var position = 0
        while position + 4 <= extra.count {
            let length = Int(extra[position + 2]) | Int(extra[position + 3]) << 8
            let body = position + 4
            guard body + length <= extra.count else { throw corrupt("FEXTRA subfield runs past its field") }
            if extra[position] == UInt8(ascii: "R"), extra[position + 1] == UInt8(ascii: "A") {
                guard length >= 6 else { throw corrupt("random-access table too short") }
                func u16(_ at: Int) -> Int { Self.littleEndian16(extra, at: body + at) }
                guard u16(0) == 1 else { throw corrupt("random-access table version \(u16(0)) is not 1") }
                let count = u16(4)
                guard length >= 6 + 2 * count else { throw corrupt("random-access table lists \(count) chunks but is \(length) bytes") }
                guard u16(2) > 0 else { throw corrupt("chunk length is zero") }
                table = (u16(2), count, body + 6)
            }
            position = body + length
        }
        guard let table else { throw corrupt("FEXTRA has no 'RA' random-access table") }
        var offset = 12 + extraLength
        for (flag, name) in [(UInt8(0x08), "file name"), (0x10, "comment")] where flags & flag != 0 {
            while true {
                guard offset < file.size else { throw corrupt("header \(name) runs to the end of the file") }
                let byte = try file.read(offset: offset, count: 1)[0]
                offset += 1
                if byte == 0 { break }
            }
        }
        if flags & 0x02 != 0 { offset += 2 }
        // The table in one pass over its bytes, a checkpoint every 64 chunks.
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(table.count / Self.checkpointStride + 2)
        for chunk in 0..<table.count {
            if chunk % Self.checkpointStride == 0 { checkpoints.append(offset) }
            offset += Self.littleEndian16(extra, at: table.sizesAt + 2 * chunk)
        }
        checkpoints.append(offset)
        guard offset + 8 <= file.size else {
            throw DictFileError(
                path: path, problem: "truncated: the chunk table needs \(offset + 8) bytes but the file has \(file.size)"
            )
        }
        let trailer = try file.read(offset: file.size - 4, count: 4)
        let isize = Int(trailer[0]) | Int(trailer[1]) << 8 | Int(trailer[2]) << 16 | Int(trailer[3]) << 24
        self.file = file
        self.path = path
        self.chunkLength = table.chunkLength
        self.chunkCount = table.count
        self.table = extra
        self.sizesAt = table.sizesAt
        self.checkpoints = checkpoints
        // ISIZE is the size modulo 2^32; the chunk table gives the true upper bound.
        let capacity = table.count * table.chunkLength
        self.uncompressedSize = capacity >= isize && capacity - isize < table.chunkLength ? isize : capacity
        self.cache = MutexBox(ChunkCache(pages: Array(repeating: nil, count: (table.count + Self.checkpointStride - 1) / Self.checkpointStride)))
    }

    /// Where chunk `index`'s compressed bytes start; `chunkOffset(chunkCount)` is where the last one ends.
    func chunkOffset(_ index: Int) -> Int {
        if index == chunkCount { return checkpoints[checkpoints.count - 1] }
        let checkpoint = index / Self.checkpointStride
        var offset = checkpoints[checkpoint]
        for chunk in (checkpoint * Self.checkpointStride)..<index { offset += compressedSize(chunk) }
        return offset
    }

    /// Chunk `index`'s compressed size, as the header's table gives it.
    private func compressedSize(_ index: Int) -> Int {
        Self.littleEndian16(table, at: sizesAt + 2 * index)
    }

    /// The little-endian 16-bit number at `at` (dictzip's header fields and chunk sizes).
    private static func littleEndian16(_ bytes: [UInt8], at: Int) -> Int {
        Int(bytes[at]) | Int(bytes[at + 1]) << 8
    }

    func read(offset: Int, length: Int) throws(DictFileError) -> [UInt8] {
        guard length > 0 else { return [] }
        guard offset >= 0, offset + length <= uncompressedSize else {
            throw DictFileError(
                path: path,
                problem: "an index entry points at \(offset)..<\(offset + length), past the \(uncompressedSize) bytes of text"
            )
        }
        let first = offset / chunkLength
        let last = (offset + length - 1) / chunkLength
        var result: [UInt8] = []
        result.reserveCapacity(length)
        for index in first...last {
            let chunk = try self.chunk(index)
            let chunkStart = index * chunkLength
            let from = max(offset, chunkStart) - chunkStart
            let to = min(offset + length, chunkStart + chunk.count) - chunkStart
            guard from <= to else { throw DictFileError(path: path, problem: "chunk \(index) is shorter than expected") }
            result += chunk[from..<to]
        }
        guard result.count == length else {
            throw DictFileError(path: path, problem: "inflated \(result.count) bytes where \(length) were expected")
        }
        return result
    }

    /// The uncompressed bytes of chunk `index`, from the cache when it was inflated before.
    private func chunk(_ index: Int) throws(DictFileError) -> [UInt8] {
        if let cached = cache.withValue({ $0[index] }) { return cached }
        let bytes = try inflated(chunk: index, with: Libdeflate.shared)
        cache.withValue { cache in
            guard cache[index] == nil else { return }
            while cache.bytes + bytes.count > Self.cacheLimit, cache.evicted < cache.order.count {
                let oldest = cache.order[cache.evicted]
                cache.evicted += 1
                cache.bytes -= cache[oldest]?.count ?? 0
                cache[oldest] = nil
            }
            cache[index] = bytes
            cache.bytes += bytes.count
            cache.order.append(index)
        }
        return bytes
    }

    /// Chunk `index` inflated afresh, with libdeflate when it is given (and takes the chunk), else with zlib.
    func inflated(chunk index: Int, with libdeflate: Libdeflate?) throws(DictFileError) -> [UInt8] {
        let compressed = try file.read(offset: chunkOffset(index), count: compressedSize(index), appending: Libdeflate.finalBlock)
        return try inflateChunk(compressed, index: index, with: libdeflate)
    }

    private func inflateChunk(_ input: [UInt8], index: Int, with libdeflate: Libdeflate?) throws(DictFileError) -> [UInt8] {
        // libdeflate when the system has it (a third of zlib's instructions); zlib otherwise, and for any chunk
        // libdeflate refuses, so a damaged file gets zlib's diagnosis.
        let output: [UInt8]
        if let inflated = libdeflate?.inflate(input, capacity: chunkLength) {
            output = inflated
        } else {
            output = try zlibInflate(input, index: index)
        }
        let isLast = index == chunkCount - 1
        if !isLast && output.count != chunkLength {
            throw DictFileError(path: path, problem: "chunk \(index) inflated to \(output.count) bytes, not \(chunkLength); the file is corrupt")
        }
        return output
    }

    private func zlibInflate(_ input: [UInt8], index: Int) throws(DictFileError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw DictFileError(path: path, problem: "zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var input = input
        var status: Int32 = Z_OK
        // Inflated straight into the array's storage: zeroing a chunk first for every chunk was 3 % of a batch.
        let output = [UInt8](unsafeUninitializedCapacity: chunkLength) { outBuffer, initialized in
            status = input.withUnsafeMutableBufferPointer { inBuffer in
                stream.next_in = inBuffer.baseAddress
                // Without libdeflate's end-of-stream block: zlib takes the chunk as dictzip wrote it.
                stream.avail_in = UInt32(inBuffer.count - Libdeflate.finalBlock.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                return inflate(&stream, Z_SYNC_FLUSH)
            }
            initialized = Int(stream.total_out)
        }
        guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && stream.avail_in == 0) else {
            throw DictFileError(path: path, problem: "chunk \(index) does not inflate (zlib status \(status)); the file is corrupt")
        }
        return output
    }
}
