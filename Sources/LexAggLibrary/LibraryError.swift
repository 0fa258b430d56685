/// Why the library could not do what was asked.
public struct LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The file is damaged or is not an SQLite database at all; it is left exactly as it is.
        case corrupt
        /// The file is an SQLite database, but not a lexagg library (another program's file).
        case foreign
        /// The library was written by a newer lexagg with migrations this one does not know.
        case newerVersion
        /// No data directory could be found (no `LEXAGG_DATA_DIR`, `XDG_DATA_HOME` or `HOME`).
        case noDataDirectory
        /// The user's input (an import file, a word) cannot be used.
        case invalidInput
        /// The database or file system failed (disk full, permissions, lock timeout).
        case io
    }

    public var kind: Kind
    /// What happened and, where there is one, what to do.
    public var message: String
    /// The library file concerned, when there is one.
    public var path: String?

    public init(_ kind: Kind, _ message: String, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    public var description: String { message }

    static func corrupt(_ path: String, detail: String) -> LibraryError {
        LibraryError(
            .corrupt,
            "the library file \(path) is damaged (\(detail)); it was left untouched — run 'lexagg library doctor' "
                + "to see how to recover",
            path: path
        )
    }

    static func foreign(_ path: String, detail: String) -> LibraryError {
        LibraryError(
            .foreign,
            "\(path) is not a lexagg library (\(detail)); it was left untouched — move it away or set LEXAGG_DATA_DIR, "
                + "and see 'lexagg library doctor'",
            path: path
        )
    }
}
