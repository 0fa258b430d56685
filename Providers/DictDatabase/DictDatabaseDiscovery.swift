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
    public static let dictDatabases = ProviderFactory(name: "dict-database", ids: [.wordnet]) { environment in
        DictDatabaseDiscovery.discover(environment: environment)
    }
}

/// Finds dictd databases on disk and names them.
public enum DictDatabaseDiscovery {
    /// The system directory dictd packages install into.
    public static let systemDirectory = "/usr/share/dictd"

    /// Builds providers for every database in the search path, with a problem line for each unreadable entry.
    public static func discover(environment: ProviderEnvironment) -> ProviderFactory.Products {
        var providers: [DictDatabase] = []
        var problems: [String] = []
        var seen = Set<ProviderID>()
        func add(_ found: [DictDatabase]) {
            for database in found where seen.insert(database.descriptor.id).inserted { providers.append(database) }
        }
        if let paths = environment.databasePaths {
            for item in paths where !item.isEmpty {
                switch databases(at: item) {
                case .success(let found):
                    if found.isEmpty { problems.append("LEXAGG_DICT_PATH entry \(item): no .index files there") }
                    add(found)
                case .failure(let error):
                    problems.append("LEXAGG_DICT_PATH entry \(error.description)")
                }
            }
        }
        if case .success(let found) = databases(at: systemDirectory) { add(found) }
        if let embedded = embeddedWordNet(), case .success(let found) = databases(at: embedded) { add(found) }
        return ProviderFactory.Products(providers: providers, problems: problems)
    }

    /// The databases at `path`: a directory of `.index` files, or one `.index` file.
    public static func databases(at path: String) -> Result<[DictDatabase], DictFileError> {
        if path.hasSuffix(".index") {
            guard isReadableFile(path) else {
                return .failure(DictFileError(path: path, problem: "cannot read: \(systemError())", kind: .unreadable))
            }
            return .success([database(indexPath: path)])
        }
        switch directoryEntries(path) {
        case .failure(let error):
            return .failure(error)
        case .success(let names):
            let directory = path.hasSuffix("/") ? String(path.dropLast()) : path
            let found = names.filter { $0.hasSuffix(".index") }.map { database(indexPath: "\(directory)/\($0)") }
            return .success(found.sorted { rank($0) < rank($1) })
        }
    }

    /// A provider for the database whose index is at `indexPath`, named after its file.
    static func database(indexPath: String) -> DictDatabase {
        let base = String(indexPath.dropLast(".index".count))
        let name = base.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(base[base.index(after: $0)...]) } ?? base
        let bodyPath = [base + ".dict.dz", base + ".dict"].first(where: isReadableFile)
        let (id, format, displayName) = identify(name)
        return DictDatabase(id: id, indexPath: indexPath, bodyPath: bodyPath, format: format, displayName: displayName)
    }

    /// The id, text format and display name a database file name implies.
    static func identify(_ name: String) -> (ProviderID, DictDatabase.Format, String) {
        let format = DictTextFormat.forDatabase(named: name)
        let id = ProviderID(sanitizedID(name).trimmingDashes()) ?? ProviderID("dict-database")!
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
