import CEmbeddedWordNet

/// WordNet's files linked into the executable (Sources/CEmbeddedWordNet), under a directory name no real path has,
/// `[built in]`: the provider opens `[built in]/wn.index` as it opens a file on disk (``MappedFile``,
/// ``RandomAccessFile``, ``directoryEntries(_:)``), and messages and listings name it so.
enum BuiltInFiles {
    /// The directory the built-in files appear in.
    static let directory = "[built in]"
    /// The files the executable carries.
    static let names = ["adj.exc", "adv.exc", "noun.exc", "verb.exc", "wn.dict", "wn.index"]

    /// Whether `path` names a built-in file (whether or not this executable carries it).
    static func isBuiltIn(_ path: String) -> Bool {
        path.hasPrefix(directory + "/")
    }

    /// The bytes of the built-in file `path` names, in place (they live as long as the process); `nil` for any
    /// other path.
    static func bytes(atPath path: String) -> UnsafeRawBufferPointer? {
        guard isBuiltIn(path) else { return nil }
        var size = 0
        let name = String(path.dropFirst(directory.count + 1))
        guard let start = lexagg_embedded_wordnet_file(name, &size), size > 0 else { return nil }
        return UnsafeRawBufferPointer(start: start, count: size)
    }

    /// The names of the built-in files this executable carries.
    static var available: [String] {
        names.filter { bytes(atPath: directory + "/" + $0) != nil }
    }

    /// The whole text of `path`, a built-in file or one on disk; `nil` when it cannot be read.
    static func text(atPath path: String) -> String? {
        if let bytes = bytes(atPath: path) { return String(decoding: bytes, as: UTF8.self) }
        guard !isBuiltIn(path), let file = try? RandomAccessFile(path: path),
              let bytes = try? file.read(offset: 0, count: file.size)
        else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
