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

    /// How many more problems the file has after this one (reported one at a time).
    public var moreProblems = 0
    /// The `LEXAGG_*` variable at fault, when the problem is in the environment (``location`` then names it in
    /// English).
    public var variable: String?
    /// What is wrong, as data, for a consumer that says it in the user's language (``message`` stays English).
    public var reason: Reason?

    public init(
        _ kind: Kind, location: String, line: Int? = nil, column: Int? = nil, message: String,
        variable: String? = nil, reason: Reason? = nil
    ) {
        self.kind = kind
        self.location = location
        self.line = line
        self.column = column
        self.message = message
        self.variable = variable
        self.reason = reason
    }

    /// Why the configuration cannot be used, with the facts a message needs and no words.
    public indirect enum Reason: Sendable, Hashable {
        /// The file cannot be read; `errno` is the system's code.
        case cannotRead(errno: Int32)
        /// The path is a directory.
        case isDirectory
        /// The file is larger than 1 MB.
        case tooLarge
        /// The file is not UTF-8.
        case notUTF8
        /// The file is not TOML; `detail` is the parser's English words (`nil` when it gave none), shown as they are.
        case syntax(detail: String?)
        /// A control character in the file.
        case controlCharacter(String)
        /// `key` holds a value of the wrong type (`found`) or a wrong value (`quoted`, `nil` for a secret); it must
        /// be a `expected`. `key` is the dotted name, or the variable's name.
        case badValue(key: String, expected: ConfigSchema.Kind, found: ValueType?, quoted: String?)
        /// A variable holds a control character.
        case controlCharacterInVariable(String, expected: ConfigSchema.Kind)
        /// `lexagg config set` with a key that does not exist; `name` is shown only when it is safe (a near miss).
        case unknownKey(name: String?, suggestion: String?, providerKeys: [String]?)
        /// `id` in `providers.<id>` is not a provider id.
        case notAProviderID(String)
        /// A key in a table (`lookup`, `providers.<id>`) that does not exist.
        case unknownKeyInTable(name: String, table: String, suggestion: String?, known: [String])
        /// A table that does not exist.
        case unknownTable(String, suggestion: String?, tables: [String])
        /// `name` must be a table.
        case notATable(String, found: ValueType)
        /// The edit is fine but the file has another problem (`inner`).
        case otherProblem(Reason)
        /// The file cannot be written, created or moved; `errno` is the system's code.
        case cannotWrite(errno: Int32)
        /// A directory on the way to the file is not a directory.
        case notADirectory(String)
        /// `lexagg config reset` found too many backups.
        case tooManyBackups(path: String)
    }

    /// A TOML value's type, for "must be …, not an integer".
    public indirect enum ValueType: Sendable, Hashable {
        case string, integer, float, boolean, array, table, date, time, dateTime
        case arrayHolding(ValueType)
    }

    public var description: String {
        var place = location
        if let line { place += ":\(line)" }
        if let line, let column, line > 0 { place += ":\(column)" }
        return "\(place): \(message)"
    }
}

extension ConfigError.ValueType {
    /// "an integer", "an array holding a string": the type in an English message.
    public var englishName: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .float: "a floating-point number"
        case .boolean: "a boolean"
        case .array: "an array"
        case .table: "a table"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        case .arrayHolding(let inner): "an array holding \(inner.englishName)"
        }
    }
}
