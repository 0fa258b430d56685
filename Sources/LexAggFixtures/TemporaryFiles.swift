#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and directories the tests write: all under one directory per test process, removed when the process exits.
///
/// Tests run by the thousand (homes for the binary's runs, libraries, caches, databases, a copy of the binary), and a
/// test cannot know when a server or a child it started is done with its directory; one root removed at exit frees
/// them all, so a run leaves nothing behind on the machine (a CI machine's disk is not large). Set
/// `LEXAGG_KEEP_TEST_FILES=1` to keep them for a look after a failure: the root's path is printed at exit.
public enum TemporaryFiles {
    /// `$TMPDIR/lexagg-tests-XXXXXX` (`/tmp` without `TMPDIR`), made on first use, readable by all: dictd, which
    /// drops its privileges, reads its configuration from a directory under it.
    public static let root: String = {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let path = makeDirectory(base + "/lexagg-tests-XXXXXX")
        chmod(path, 0o755)
        owner = getpid()
        atexit { TemporaryFiles.removeRoot() }
        return path
    }()

    nonisolated(unsafe) private static var owner: pid_t = 0

    /// A fresh directory (mode 0700) under ``root``, named `<prefix>-XXXXXX`.
    public static func directory(_ prefix: String = "cli") -> String {
        makeDirectory(root + "/" + prefix + "-XXXXXX")
    }

    private static func makeDirectory(_ template: String) -> String {
        var bytes = Array(template.utf8CString)
        guard bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
            fatalError("cannot create a temporary directory \(template): \(String(cString: strerror(errno)))")
        }
        return String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func removeRoot() {
        guard getpid() == owner else { return }
        if let keep = getenv("LEXAGG_KEEP_TEST_FILES"), String(cString: keep) == "1" {
            let line = Array("the tests' files are kept in \(root)\n".utf8)
            _ = write(2, line, line.count)
            return
        }
        // Some tests take permissions away to see errors; give them back so that everything can be removed.
        let quoted = BinaryRun.shellQuote(root)
        _ = system("chmod -R u+rwX \(quoted) 2>/dev/null; rm -rf \(quoted)")
    }

    /// Writes an executable script (mode 0755) through a descriptor closed on exec.
    ///
    /// Tests run in parallel and start processes all the time; a descriptor open for writing that a child inherits
    /// and keeps (a shell, tmux, a server) makes running the script fail with "Text file busy" for as long as that
    /// child lives. Foundation's `createFile` leaves its descriptor inheritable.
    public static func writeExecutable(_ path: String, _ text: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        precondition(descriptor >= 0, "cannot create \(path): errno \(errno)")
        var bytes = Array(text.utf8)
        precondition(write(descriptor, &bytes, bytes.count) == bytes.count, "cannot write \(path)")
        close(descriptor)
        chmod(path, 0o755)
    }

    public static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
