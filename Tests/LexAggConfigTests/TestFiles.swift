#if canImport(Glibc)
import Glibc
#endif
import LexAggFixtures

/// Real files in a fresh temporary directory.
enum TestFiles {
    static func directory() -> String {
        TemporaryFiles.directory("config")
    }

    /// Writes `text` to a new `config.toml` in a fresh directory and returns its path.
    static func config(_ text: String) -> String {
        let path = directory() + "/config.toml"
        write(text, to: path)
        return path
    }

    static func write(_ text: String, to path: String) {
        let file = fopen(path, "w")!
        fputs(text, file)
        fclose(file)
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o777
    }
}
