/// Where lexagg's configuration file is, from the environment alone.
///
/// `LEXAGG_CONFIG` (a file path) wins; otherwise `$XDG_CONFIG_HOME/lexagg/config.toml` (an absolute
/// `XDG_CONFIG_HOME` only, as the XDG specification says); otherwise `$HOME/.config/lexagg/config.toml`.
public struct ConfigLocation: Sendable, Hashable {
    /// Which variable chose the path.
    public enum Source: String, Sendable, Hashable {
        case lexaggConfig = "LEXAGG_CONFIG"
        case xdgConfigHome = "XDG_CONFIG_HOME"
        case home = "HOME"
    }

    public var path: String
    public var source: Source

    public init(path: String, source: Source) {
        self.path = path
        self.source = source
    }

    /// The configuration path for `environment`, or `nil` when none of the variables is set.
    public static func resolve(environment: [String: String]) -> ConfigLocation? {
        if let explicit = environment["LEXAGG_CONFIG"], !explicit.isEmpty {
            return ConfigLocation(path: explicit, source: .lexaggConfig)
        }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return ConfigLocation(path: joined(xdg, "lexagg/config.toml"), source: .xdgConfigHome)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return ConfigLocation(path: joined(home, ".config/lexagg/config.toml"), source: .home)
        }
        return nil
    }

    /// The directory holding the file.
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func joined(_ directory: String, _ tail: String) -> String {
        directory.hasSuffix("/") ? directory + tail : directory + "/" + tail
    }
}
