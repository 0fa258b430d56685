/// Where the cache file lives: `LEXAGG_CACHE_DIR`, else `$XDG_CACHE_HOME/lexagg`, else `~/.cache/lexagg`.
public enum CacheLocation {
    /// The file name inside the cache directory.
    public static let fileName = "cache.sqlite"

    /// The cache directory for `environment`, or nil when neither an override, XDG_CACHE_HOME nor HOME is set.
    public static func directory(in environment: [String: String]) -> String? {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        if let directory = value("LEXAGG_CACHE_DIR") { return directory }
        // The XDG base directory specification: a relative XDG_CACHE_HOME is invalid and must be ignored.
        if let xdg = value("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/lexagg" }
        if let home = value("HOME") { return home + "/.cache/lexagg" }
        return nil
    }

    /// The cache file's path for `environment`.
    public static func file(in environment: [String: String]) -> String? {
        directory(in: environment).map { $0 + "/" + fileName }
    }
}
