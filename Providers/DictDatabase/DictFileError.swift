/// A problem with one database file, described in one line that names the file.
public struct DictFileError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The file cannot be read at all (missing, permissions, not a file).
        case unreadable
        /// The file can be read but its contents are wrong (truncated, corrupt, not this format).
        case corrupt
    }

    public var path: String
    public var problem: String
    public var kind: Kind = .corrupt

    public var description: String { "\(path): \(problem)" }
}
