#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import LexAggDictFormats

extension ProviderFactory {
    /// Every dictd database found in `LEXAGG_DICT_PATH`, then `/usr/share/dictd`, then the embedded WordNet.
    ///
    /// Each database becomes its own provider; when two have the same id, the one found first wins, so a
    /// database on `LEXAGG_DICT_PATH` overrides the system's, and the system's the embedded one.
    ///
    /// `lookup WORD --providers wordnet` finds WordNet alone (``DictDatabaseDiscovery/discover(environment:only:)``):
    /// with thirty FreeDict databases installed, naming and opening every one cost each lookup more than the lookup.
    public static let dictDatabases = ProviderFactory(
        name: "dict-database", ids: [.wordnet],
        makeOne: { id, environment in DictDatabaseDiscovery.discover(environment: environment, only: id) }
    ) { environment in
        DictDatabaseDiscovery.discover(environment: environment)
    }
}

/// Finds dictd databases on disk and names them.
public enum DictDatabaseDiscovery {
    /// The system directory dictd packages install into.
    public static let systemDirectory = "/usr/share/dictd"

    /// Builds providers for every database in the search path, with a problem line for each unreadable entry; with
    /// `only`, just the database that would get that id (the first in the search path), with the problem lines of the
    /// entries searched before it was found.
    ///
    /// The system's WordNet, when it is the very WordNet the executable carries (Debian's `dict-wn` is: the same index
    /// and text, the text in dictzip's 58 KB chunks), is read from the embedded plain copy instead
    /// (``isEmbeddedCopy(indexPath:bodyPath:)``): the same answers, without inflating a chunk for each word (a lookup
    /// 2.3 -> 1.6 million instructions, a batch several times faster). A copy on `LEXAGG_DICT_PATH` is always read as
    /// it is. (`system`: the system directory, for tests.)
    public static func discover(
        environment: ProviderEnvironment, only wanted: ProviderID? = nil, system: String = systemDirectory
    ) -> ProviderFactory.Products {
        var providers: [DictDatabase] = []
        var problems: [String] = []
        var seen = Set<ProviderID>()
        /// Adds the databases of `indexPaths` not already found; true when the wanted one is found.
        func add(_ indexPaths: [String], fromSystem: Bool = false) -> Bool {
            let found = indexPaths.compactMap { path -> DictDatabase? in
                if let wanted, id(named: databaseName(indexPath: path)) != wanted { return nil }
                let found = database(indexPath: path)
                // (Not when a WordNet was found earlier on the path: this one is then left out anyway.)
                guard fromSystem, found.descriptor.id == .wordnet, !seen.contains(.wordnet),
                      isEmbeddedCopy(indexPath: path, bodyPath: found.bodyPath)
                else { return found }
                return database(indexPath: BuiltInFiles.directory + "/wn.index")
            }
            for database in found.sorted(by: { rank($0) < rank($1) }) where seen.insert(database.descriptor.id).inserted {
                providers.append(database)
            }
            return wanted != nil && !providers.isEmpty
        }
        if let paths = environment.databasePaths {
            for item in paths where !item.isEmpty {
                switch indexPaths(at: item) {
                case .success(let found):
                    if found.isEmpty { problems.append("LEXAGG_DICT_PATH entry \(item): no .index files there") }
                    if add(found) { return ProviderFactory.Products(providers: providers, problems: problems) }
                case .failure(let error):
                    problems.append("LEXAGG_DICT_PATH entry \(error.description)")
                }
            }
        }
        if case .success(let found) = indexPaths(at: system), add(found, fromSystem: true) {
            return ProviderFactory.Products(providers: providers, problems: problems)
        }
        if let embedded = embeddedWordNet(), case .success(let found) = indexPaths(at: embedded) { _ = add(found) }
        return ProviderFactory.Products(providers: providers, problems: problems)
    }

    /// The databases at `path`: a directory of `.index` files, or one `.index` file.
    public static func databases(at path: String) -> Result<[DictDatabase], DictFileError> {
        indexPaths(at: path).map { paths in paths.map(database(indexPath:)).sorted { rank($0) < rank($1) } }
    }

    /// The index files at `path`: the `.index` files of a directory, or `path` itself when it is a readable one.
    static func indexPaths(at path: String) -> Result<[String], DictFileError> {
        if path.hasSuffix(".index") {
            guard isReadableFile(path) else {
                return .failure(DictFileError(path: path, problem: "cannot read: \(systemError())", kind: .unreadable))
            }
            return .success([path])
        }
        return directoryEntries(path).map { names in
            let directory = path.hasSuffix("/") ? String(path.dropLast()) : path
            return names.filter { $0.hasSuffix(".index") }.map { "\(directory)/\($0)" }
        }
    }

    /// Whether the database at `indexPath` and `bodyPath` is the WordNet the executable carries: an index of the same
    /// size whose first, middle and last 4 KB are the same (the middle is where every lookup's search starts, so
    /// reading it costs nothing more), and a text (plain, or dictzip's uncompressed size, read from its header) of
    /// the same length. A different WordNet differs in its index; false whenever anything cannot be read.
    static func isEmbeddedCopy(indexPath: String, bodyPath: String?) -> Bool {
        guard let index = BuiltInFiles.bytes(atPath: BuiltInFiles.directory + "/wn.index"),
              let text = BuiltInFiles.bytes(atPath: BuiltInFiles.directory + "/wn.dict"),
              let bodyPath, !BuiltInFiles.isBuiltIn(indexPath),
              let file = try? RandomAccessFile(path: indexPath), file.size == index.count
        else { return false }
        let sample = min(4096, index.count)
        for offset in [0, (index.count - sample) / 2, index.count - sample] {
            guard let bytes = try? file.read(offset: offset, count: sample),
                  bytes.elementsEqual(UnsafeRawBufferPointer(rebasing: index[offset..<(offset + sample)]))
            else { return false }
        }
        if bodyPath.hasSuffix(".dz") { return (try? DictzipBody(path: bodyPath))?.uncompressedSize == text.count }
        return (try? RandomAccessFile(path: bodyPath))?.size == text.count
    }

    /// The database name of an index file: its file name without `.index`.
    static func databaseName(indexPath: String) -> String {
        let base = indexPath.dropLast(".index".count)
        return base.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(base[base.index(after: $0)...]) } ?? String(base)
    }

    /// The id a database named `name` gets (``identify(_:)``'s, without the format's other details).
    static func id(named name: String) -> ProviderID {
        // Only `wn` and `wordnet`, in any case, are WordNet's (the length first: a name is looked at for every
        // database on disk).
        if [2, 7].contains(name.utf8.count), case .wordnet = DictTextFormat.forDatabase(named: name) { return .wordnet }
        return ProviderID(sanitizedID(name).trimmingDashes()) ?? ProviderID("dict-database")!
    }

    /// A provider for the database whose index is at `indexPath`, named after its file.
    static func database(indexPath: String) -> DictDatabase {
        let base = String(indexPath.dropLast(".index".count))
        let name = databaseName(indexPath: indexPath)
        let bodyPath = [base + ".dict.dz", base + ".dict"].first(where: isReadableFile)
        let (id, format, displayName) = identify(name)
        return DictDatabase(id: id, indexPath: indexPath, bodyPath: bodyPath, format: format, displayName: displayName)
    }

    /// The id, text format and display name a database file name implies.
    static func identify(_ name: String) -> (ProviderID, DictDatabase.Format, String) {
        let format = DictTextFormat.forDatabase(named: name)
        let id = id(named: name)
        switch format {
        case .wordnet:
            return (.wordnet, format, "WordNet 3.0")
        case .freedict(let pair):
            return (id, format, "FreeDict \(pair.source.englishName)–\(pair.target.englishName)")
        case .gcide:
            return (id, format, "GNU Collaborative International Dictionary of English")
        case .plain:
            return (id, format, name)
        }
    }

    /// `name` in lower case with every character but an ASCII letter or digit made `-`. Byte by byte for an ASCII name
    /// (every one dictd packages install; a Character at a time cost ~10,000 instructions a name, paid for every
    /// database at every start); anything else, or a CR (CR LF is one Character), a Character at a time.
    static func sanitizedID(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return String(decoding: name.utf8.map { byte -> UInt8 in
                let lower = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
                return (0x61...0x7A).contains(lower) || (0x30...0x39).contains(lower) ? lower : UInt8(ascii: "-")
            }, as: UTF8.self)
        }
        var sanitized = ""
        for character in name.lowercased() {
            sanitized.append(character.isASCII && (character.isLetter || character.isNumber) ? character : "-")
        }
        return sanitized
    }

    /// WordNet first, then other monolingual databases, then bilingual ones; by name within each.
    private static func rank(_ database: DictDatabase) -> (Int, String) {
        switch database.format {
        case .wordnet: (0, database.descriptor.id.rawValue)
        case .gcide, .plain: (1, database.descriptor.id.rawValue)
        case .freedict: (2, database.descriptor.id.rawValue)
        }
    }

    /// Where the embedded WordNet is read from: the copy built into the executable (``BuiltInFiles``), else one on
    /// disk (``embeddedDirectory()``).
    static func embeddedWordNet() -> String? {
        BuiltInFiles.available.contains("wn.index") ? BuiltInFiles.directory : embeddedDirectory()
    }

    /// Where the embedded WordNet's files are on disk: beside an installed binary (`../share/lexagg/dictd`), or in the
    /// source tree the binary was built from.
    public static func embeddedDirectory() -> String? {
        var candidates: [String] = []
        if let executable = executablePath() {
            let bin = String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)])
            candidates.append(bin + "/../share/lexagg/dictd")
            candidates.append(bin + "/share/lexagg/dictd")
        }
        let source = #filePath
        if let slash = source.lastIndex(of: "/") {
            candidates.append(String(source[..<slash]) + "/Embedded")
        }
        return candidates.first { isReadableFile($0 + "/wn.index") }
    }

    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingDashes() -> String {
        var slice = Substring(self)
        while slice.first == "-" { slice = slice.dropFirst() }
        while slice.last == "-" { slice = slice.dropLast() }
        return String(slice)
    }
}
