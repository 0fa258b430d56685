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

    /// The file's text; nil when there is no file.
    static func read(_ path: String) -> String? {
        exists(path) ? TemporaryFiles.read(path) : nil
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
