import LexAggDictFormats
import NIOCore

/// Replies being written for one connection, in the order the commands came: status lines and dot-stuffed text
/// blocks, with a MIME header before each text block once the client asked for `OPTION MIME`.
struct DICTReply {
    var buffer: ByteBuffer
    var mime = false

    init(allocator: ByteBufferAllocator = ByteBufferAllocator()) {
        buffer = allocator.buffer(capacity: 4096)
    }

    /// `code text` and CRLF.
    mutating func status(_ code: Int, _ text: String) {
        buffer.writeString(String(code))
        buffer.writeString(" ")
        buffer.writeString(text)
        buffer.writeString("\r\n")
    }

    /// `text` as a text block: CRLF line ends, each line starting with `.` doubled, then a line holding a single `.`.
    mutating func text(_ text: String) {
        if mime {
            buffer.writeString("Content-type: text/plain; charset=utf-8\r\nContent-transfer-encoding: 8bit\r\n\r\n")
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = line
            if line.last == "\r" { line = line.dropLast() }
            buffer.writeSubstring(DICTProtocolText.dotStuffed(line))
            buffer.writeString("\r\n")
        }
        buffer.writeString(".\r\n")
    }
}
