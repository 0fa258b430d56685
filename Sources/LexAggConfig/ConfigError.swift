/// Why the configuration could not be used: the file is unreadable, not TOML, or holds a wrong key or value, or
/// a `LEXAGG_*` variable holds a wrong value.
///
/// The description is one line that names where the problem is (`path:line:` or the variable) and what to do.
/// It never contains a secret's value.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: String, Sendable, Hashable {
        /// The file could not be read (permissions, a directory, not UTF-8, too large).
        case unreadable
        /// The file is not valid TOML.
        case syntax
        /// A key or table lexagg does not know.
        case unknownKey
        /// A value of the wrong TOML type.
        case wrongType
        /// A value of the right type that is out of range or malformed.
        case invalidValue
        /// The file could not be written (`lexagg config set`, `reset`).
        case unwritable
        /// No configuration path: none of `LEXAGG_CONFIG`, `XDG_CONFIG_HOME`, `HOME` is set.
        case noPath
    }

    public var kind: Kind
    /// Where: the file's path, or the environment variable's name.
    public var location: String
    /// The 1-based line in the file, when known.
    public var line: Int?
    /// The 1-based column, for syntax errors.
    public var column: Int?
    /// What is wrong, without the location.
    public var message: String

    public init(_ kind: Kind, location: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.location = location
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = location
        if let line { place += ":\(line)" }
        if let line, let column, line > 0 { place += ":\(column)" }
        return "\(place): \(message)"
    }
}
