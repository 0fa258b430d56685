#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(CDispatch)
// With swift-service-lifecycle linked, Glibc's `struct stat` is seen as Dispatch's clang module's (see QuizTerminal).
import CDispatch
#endif
import LexAggLocalization

/// Writes files the user names on the command line (`--output P`): the one way lexagg writes such a file.
///
/// - Nothing at `P`, or a regular file: the bytes go to a new file beside it (mode 0600), are flushed to disk and
///   renamed over `P`, so `P` is either the old file or the whole new one.
/// - A symbolic link to a regular file, or a character device (`/dev/null`, `/dev/stdout`): written in place,
///   through the link or into the device, which stays what it is; never replaced by a rename.
/// - Anything else (a directory, a FIFO, a socket, a dangling link, a link to a device that is not a character
///   device): refused with a message that says what `P` is.
enum UserFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        /// The path names something lexagg will not write (a directory, a FIFO, …): a usage error, not an I/O one.
        var refused = false
    }

    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        var link = Glibc.stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw Failure(description: localized(.cannotWrite, path, Self.reason())) }
            return try replace(path, with: bytes)
        }
        switch link.st_mode & S_IFMT {
        case S_IFREG:
            return try replace(path, with: bytes)
        case S_IFCHR:
            return try writeInPlace(path, bytes)
        case S_IFLNK:
            var target = Glibc.stat()
            guard stat(path, &target) == 0 else {
                throw Failure(description: localized(.cannotWrite, path, localized(.fileDanglingLink, Self.reason())), refused: true)
            }
            let kind = target.st_mode & S_IFMT
            guard kind == S_IFREG || kind == S_IFCHR else {
                throw Failure(
                    description: localized(.cannotWrite, path, localized(.fileLinkToNotAFile, Self.describe(kind))), refused: true
                )
            }
            return try writeInPlace(path, bytes)
        default:
            throw Failure(
                description: localized(.cannotWrite, path, localized(.fileIsNotAFile, Self.describe(link.st_mode & S_IFMT))), refused: true
            )
        }
    }

    /// Writes through the existing name (truncating a regular target), never creating or replacing the entry.
    private static func writeInPlace(_ path: String, _ bytes: [UInt8]) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure(description: localized(.cannotWrite, path, Self.reason())) }
        defer { close(descriptor) }
        var check = Glibc.stat()
        guard fstat(descriptor, &check) == 0, [S_IFREG, S_IFCHR].contains(check.st_mode & S_IFMT) else {
            throw Failure(description: localized(.cannotWrite, path, localized(.fileNotAFile)))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        try writeAll(bytes, to: descriptor, path: path)
    }

    /// A temporary file beside `path` (mode 0600), synced, then renamed over it.
    private static func replace(_ path: String, with bytes: [UInt8]) throws(Failure) {
        var template = Array((path + ".XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw Failure(description: localized(.cannotWrite, path, Self.reason())) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { unlink(temporary) }
        }
        _ = fchmod(descriptor, 0o600)
        try writeAll(bytes, to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw Failure(description: localized(.cannotWrite, path, Self.reason())) }
        guard rename(temporary, path) == 0 else { throw Failure(description: localized(.cannotWrite, path, Self.reason())) }
        renamed = true
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(Failure) {
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(description: localized(.cannotWrite, path, Self.reason())) }
            done += written
        }
    }

    static func reason() -> String { String(cString: strerror(errno)) }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFDIR: localized(.fileDirectory)
        case S_IFIFO: localized(.fileFIFO)
        case S_IFSOCK: localized(.fileSocket)
        case S_IFBLK: localized(.fileBlockDevice)
        case S_IFCHR: localized(.fileCharacterDevice)
        default: localized(.fileNotRegular)
        }
    }
}
