#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore

/// The configuration file as read from disk: validated values, each with the line it is on.
///
/// A missing file is not an error: it has no values and lexagg uses its defaults.
public struct ConfigFile: Sendable {
    /// A value and the 1-based line where the file sets it.
    public struct Value: Sendable, Hashable {
        public var value: ConfigValue
        public var line: Int?

        public init(value: ConfigValue, line: Int?) {
            self.value = value
            self.line = line
        }
    }

    /// Where the file is (or would be); `nil` when no variable says where.
    public let location: ConfigLocation?
    public let exists: Bool
    /// The file's text ("" when missing).
    public let text: String
    /// Validated values by dotted key (`lookup.strategy`, `providers.wiktionary.weight`).
    public let values: [String: Value]

    /// The largest file read: a configuration file is a few hundred bytes.
    static let maximumSize = 1 << 20

    /// Reads and validates the file at `location`.
    /// - Throws: ``ConfigError``: unreadable, a directory, not UTF-8, not TOML, an unknown key, a wrong type.
    public static func load(_ location: ConfigLocation?) throws(ConfigError) -> ConfigFile {
        guard let location else { return ConfigFile(location: nil, exists: false, text: "", values: [:]) }
        guard let text = try read(location.path) else {
            return ConfigFile(location: location, exists: false, text: "", values: [:])
        }
        return ConfigFile(location: location, exists: true, text: text, values: try validate(text, location: location.path))
    }

    /// Reads a file: `nil` when it does not exist.
    public static func read(_ path: String) throws(ConfigError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw ConfigError(.unreadable, location: path, message: "cannot read the configuration file: \(describe(code))",
                              reason: .cannotRead(errno: code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            throw ConfigError(.unreadable, location: path, message: "cannot read the configuration file: \(describe(code))",
                              reason: .cannotRead(errno: code))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ConfigError(.unreadable, location: path, message: "is a directory, not a configuration file",
                              reason: .isDirectory)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ConfigError(.unreadable, location: path, message: "cannot read the configuration file: \(describe(code))",
                                  reason: .cannotRead(errno: code))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > maximumSize {
                throw ConfigError(.unreadable, location: path, message: "is larger than 1 MB; is it really lexagg's configuration?",
                                  reason: .tooLarge)
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigError(.unreadable, location: path, message: "is not UTF-8 text", reason: .notUTF8)
        }
        return text
    }

    static func describe(_ code: Int32) -> String {
        guard let message = strerror(code) else { return "error \(code)" }
        return String(cString: message)
    }

    /// Parses and validates a TOML document; the first problem (by line) is thrown.
    static func validate(_ text: String, location: String) throws(ConfigError) -> [String: Value] {
        let document = try TOMLData.parse(text, location: location)
        let locator = KeyLocator(text)
        var values: [String: Value] = [:]
        var problems: [ConfigError] = []
        func problem(_ kind: ConfigError.Kind, _ path: [String], _ message: String, _ reason: ConfigError.Reason) {
            problems.append(ConfigError(kind, location: location, line: locator.line(of: path), message: message, reason: reason))
        }
        func check(_ key: ConfigSchema.Key, _ value: TOMLData, path: [String]) {
            switch key.kind.validate(value) {
            case .success(let valid): values[key.name] = Value(value: valid, line: locator.line(of: path))
            case .failure(let failure): problem(failure.kind, path, failure.message(key: key), failure.reason(key: key))
            }
        }
        func checkProvider(_ id: String, _ settings: TOMLData) {
            guard let provider = ProviderID(id) else {
                problem(.invalidValue, ["providers", id],
                        "[providers.\(id)]: '\(id)' is not a provider id (lower-case letters, digits and '-')",
                        .notAProviderID(id))
                return
            }
            guard case .table(let pairs) = settings else {
                problem(.wrongType, ["providers", id], "providers.\(id) must be a table ([providers.\(id)]), not \(settings.typeName)",
                        .notATable("providers.\(id)", found: settings.valueType))
                return
            }
            let names = ConfigSchema.providerKeys.map(\.name)
            for (name, value) in pairs {
                guard let key = ConfigSchema.key(named: "providers.\(provider).\(name)") else {
                    let nearest = ConfigSchema.nearest(name, among: names)
                    let hint = nearest.map { "; did you mean '\($0)'?" } ?? "; known keys: " + names.joined(separator: ", ")
                    problem(.unknownKey, ["providers", id, name], "unknown key '\(name)' in [providers.\(id)]" + hint,
                            .unknownKeyInTable(name: name, table: "providers.\(id)", suggestion: nearest, known: names))
                    continue
                }
                check(key, value, path: ["providers", id, name])
            }
        }
        for (table, content) in document {
            guard ConfigSchema.tables.contains(table) else {
                let nearest = ConfigSchema.nearest(table, among: ConfigSchema.tables)
                let hint = nearest.map { "; did you mean [\($0)]?" }
                    ?? "; the tables are " + ConfigSchema.tables.map { "[\($0)]" }.joined(separator: ", ")
                problem(.unknownKey, [table], "unknown table [\(table)]" + hint,
                        .unknownTable(table, suggestion: nearest, tables: ConfigSchema.tables))
                continue
            }
            guard case .table(let pairs) = content else {
                problem(.wrongType, [table], "\(table) must be a table ([\(table)]), not \(content.typeName)",
                        .notATable(table, found: content.valueType))
                continue
            }
            if table == "providers" {
                for (id, settings) in pairs {
                    checkProvider(id, settings)
                }
                continue
            }
            let known = ConfigSchema.globalKeys.filter { $0.name.hasPrefix(table + ".") }
            for (name, value) in pairs {
                guard let key = known.first(where: { $0.name == "\(table).\(name)" }) else {
                    let names = known.map { String($0.name.dropFirst(table.count + 1)) }
                    let nearest = ConfigSchema.nearest(name, among: names)
                    let hint = nearest.map { "; did you mean '\($0)'?" } ?? "; known keys: " + names.joined(separator: ", ")
                    problem(.unknownKey, [table, name], "unknown key '\(name)' in [\(table)]" + hint,
                            .unknownKeyInTable(name: name, table: table, suggestion: nearest, known: names))
                    continue
                }
                check(key, value, path: [table, name])
            }
        }
        if let first = problems.min(by: { ($0.line ?? .max) < ($1.line ?? .max) }) {
            var first = first
            if problems.count > 1 {
                first.message += " (and \(problems.count - 1) more problem\(problems.count == 2 ? "" : "s") after it)"
                first.moreProblems = problems.count - 1
            }
            throw first
        }
        return values
    }
}
