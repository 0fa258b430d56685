#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LexAggCore
import TOMLKit

/// Changes the configuration file: `lexagg config set` and `lexagg config reset`.
///
/// `set` edits the text in place, so comments and layout survive; only when the key sits in an inline table or
/// is spelled with dotted keys at the top level is the file rewritten from its parsed form (without comments).
/// Every write is atomic (a temporary file renamed over the old one) and keeps the file's permissions; a new
/// file is created readable by its owner only, since it may hold an API key.
public enum ConfigEditor {
    /// The result of ``setting(_:to:in:)``.
    public struct Edit: Sendable, Hashable {
        /// The new text of the file.
        public var text: String
        /// The validated value.
        public var value: ConfigValue
        public var key: ConfigSchema.Key
        /// False when the file had to be rewritten from its parsed form, losing comments.
        public var keptLayout: Bool
    }

    /// Validates `key` and `value` and returns `text` with the key set.
    /// - Throws: ``ConfigError``: an unknown key, a bad value, or a file that is not valid TOML (or still invalid).
    public static func setting(_ name: String, to value: String, in text: String, location: String)
        throws(ConfigError) -> Edit
    {
        guard let key = ConfigSchema.key(named: name) else { throw unknownKey(name) }
        let parsed: ConfigValue
        switch key.kind.parse(value) {
        case .success(let valid): parsed = valid
        case .failure(let problem):
            throw ConfigError(problem.kind, location: name, message: problem.message(key: key), reason: problem.reason(key: key))
        }
        _ = try TOMLData.parse(text, location: location)
        let path = KeyLocator.splitKey(name)
        var edited = editInPlace(text, path: path, literal: parsed.tomlLiteral)
        var keptLayout = true
        if edited == nil || !(holds(edited!, path: path, value: parsed, location: location)) {
            edited = try rewrite(text, path: path, value: parsed, location: location)
            keptLayout = false
        }
        do {
            _ = try ConfigFile.validate(edited!, location: location)
        } catch {
            var error = error
            error.message = "the file has another problem; fix it first (or 'lexagg config reset'): " + error.message
            error.reason = error.reason.map { .otherProblem($0) }
            throw error
        }
        return Edit(text: edited!, value: parsed, key: key, keptLayout: keptLayout)
    }

    /// Whether a part of a key name may be a secret pasted in the wrong place (an API key: long, with digits) — never
    /// repeated in a message.
    static func mayBeSecret(_ part: String) -> Bool { part.count >= 16 && part.contains(where: \.isNumber) }

    static func unknownKey(_ name: String) -> ConfigError {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var candidates = ConfigSchema.globalKeys.map(\.name)
        var shape = ""
        if parts.first == "providers" {
            let id = parts.count > 1 ? parts[1] : "<id>"
            candidates = ConfigSchema.providerKeys.map { "providers.\(id).\($0.name)" }
            if parts.count > 1, ProviderID(parts[1]) == nil, !parts.contains(where: mayBeSecret) {
                return ConfigError(.unknownKey, location: name, message: "'\(parts[1])' is not a provider id (lower-case letters, digits and '-')",
                                   reason: .notAProviderID(parts[1]))
            }
            shape = "; provider keys are providers.<id>." + ConfigSchema.providerKeys.map(\.name).joined(separator: "|")
        }
        let incomplete = (parts.first == "providers" && parts.count != 3) || parts.contains(where: mayBeSecret)
        let nearest = incomplete ? nil : ConfigSchema.nearest(name, among: candidates)
        let hint = nearest.map { "; did you mean '\($0)'?" }
            ?? (shape.isEmpty ? "; run 'lexagg config show' to see every key" : shape)
        // The name is quoted when it is a near miss of a key or looks like one (lower-case words and dots, no digit:
        // `nosuch.key`): anything else may be a value typed in the wrong place (an API key pasted as the key name),
        // which must not end up on the screen or in a log.
        let looksLikeKey = name.count <= 48 && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
        let shown = !parts.contains(where: mayBeSecret) && (nearest != nil || looksLikeKey || (parts.first == "providers" && name.count <= 64))
            ? " '\(name)'" : ""
        return ConfigError(
            .unknownKey, location: name, message: "unknown configuration key" + shown + hint,
            reason: .unknownKey(name: shown.isEmpty ? nil : name, suggestion: nearest,
                                providerKeys: shape.isEmpty ? nil : ConfigSchema.providerKeys.map(\.name)))
    }

    /// Replaces the key's assignment, or adds it under its table's header, or appends the table. `nil` when the
    /// table is written in a way a line edit cannot follow (an inline table, dotted keys).
    static func editInPlace(_ text: String, path: [String], literal: String) -> String? {
        let locator = KeyLocator(text)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let assignment = locator.assignments[path] {
            let comment = assignment.trailingComment.map { " " + $0 } ?? ""
            let line = assignment.indentation + assignment.keyText + " = " + literal + comment
            lines.replaceSubrange((assignment.firstLine - 1)...(assignment.lastLine - 1), with: [line])
            return lines.joined(separator: "\n")
        }
        let table = Array(path.dropLast())
        let line = bareOrQuoted(path.last!) + " = " + literal
        if let last = locator.lastLineOfTable[table], locator.headers[table] != nil {
            var indentation = ""
            if let sibling = locator.assignments.first(where: { Array($0.key.dropLast()) == table })?.value {
                indentation = sibling.indentation
            }
            lines.insert(indentation + line, at: last)
            return lines.joined(separator: "\n")
        }
        for length in 1...table.count {
            let prefix = Array(table.prefix(length))
            if locator.implicitTables[prefix] != nil || locator.assignments[prefix] != nil { return nil }
        }
        var result = text
        if !result.isEmpty && !result.hasSuffix("\n") { result += "\n" }
        if !result.isEmpty { result += "\n" }
        return result + "[" + table.map(bareOrQuoted).joined(separator: ".") + "]\n" + line + "\n"
    }

    private static func bareOrQuoted(_ key: String) -> String {
        let bare = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        return bare ? key : ConfigValue.quoted(key)
    }

    /// Whether `text` parses and sets `path` to `value` (a check on the line edit).
    private static func holds(_ text: String, path: [String], value: ConfigValue, location: String) -> Bool {
        guard let values = try? ConfigFile.validate(text, location: location) else {
            // Another key may be invalid; the edit itself is judged by the parsed value alone.
            guard let document = try? TOMLData.parse(text, location: location) else { return false }
            return lookUp(path, in: document) != nil
        }
        return values[path.joined(separator: ".")]?.value == value
    }

    private static func lookUp(_ path: [String], in pairs: [(key: String, value: TOMLData)]) -> TOMLData? {
        guard let first = path.first, let found = pairs.first(where: { $0.key == first })?.value else { return nil }
        if path.count == 1 { return found }
        guard case .table(let inner) = found else { return nil }
        return lookUp(Array(path.dropFirst()), in: inner)
    }

    /// Sets the key in the parsed document and prints it again (comments are lost).
    private static func rewrite(_ text: String, path: [String], value: ConfigValue, location: String)
        throws(ConfigError) -> String
    {
        let root: TOMLTable
        do { root = try TOMLTable(string: text) } catch {
            throw ConfigError(.syntax, location: location, message: "not valid TOML", reason: .syntax(detail: nil))
        }
        var table = root
        for name in path.dropLast() {
            if let inner = table[name]?.table {
                table = inner
            } else {
                let inner = TOMLTable()
                table[name] = inner
                guard let inserted = table[name]?.table else {
                    throw ConfigError(.unwritable, location: location, message: "cannot add the table \(name)")
                }
                table = inserted
            }
        }
        let converted: any TOMLValueConvertible = switch value {
        case .string(let text): text
        case .strings(let list): TOMLArray(list)
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? Int(number) : number
        case .bool(let flag): flag
        case .duration(let seconds): DurationText.format(seconds: seconds)
        }
        table[path.last!] = converted
        return root.convert(to: .toml)
    }

    // MARK: Files

    /// Writes `text` to `path` atomically, creating the directory if needed.
    ///
    /// A symbolic link at `path` is followed (the linked file is replaced, not the link), also one that points where
    /// there is no file yet (a dotfiles repository's link): the file is made there; an existing file keeps its
    /// permissions, a new one is created with mode 0600.
    public static func write(_ text: String, to path: String) throws(ConfigError) {
        var target = path
        var mode: mode_t = 0o600
        var info = stat()
        if lstat(path, &info) == 0 {
            var exists = true
            if (info.st_mode & S_IFMT) == S_IFLNK {
                target = try linkTarget(path)
                // A link to nowhere: a new file where it points (the link's own mode, 0777, is no file's).
                exists = stat(target, &info) == 0
            }
            if exists {
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    throw ConfigError(.unwritable, location: path, message: "is a directory, not a configuration file",
                                      reason: .isDirectory)
                }
                mode = info.st_mode & 0o7777
            }
        }
        let directory = ConfigLocation(path: target, source: .lexaggConfig).directory
        try makeDirectories(directory, configPath: path)
        var template = Array((directory + "/.config.toml.XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let code = errno
            throw ConfigError(.unwritable, location: path, message: "cannot write in \(directory): \(ConfigFile.describe(code))",
                              reason: .cannotWrite(errno: code))
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        func fail(_ what: String) -> ConfigError {
            let code = errno
            let message = "cannot write the configuration file (\(what)): \(ConfigFile.describe(code))"
            close(descriptor)
            unlink(temporary)
            return ConfigError(.unwritable, location: path, message: message, reason: .cannotWrite(errno: code))
        }
        // A text file ends with a newline (TOML rewritten from an inline table came without one).
        var bytes = Array(text.utf8)
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { throw fail("write") }
            done += written
        }
        guard fchmod(descriptor, mode) == 0 else { throw fail("chmod") }
        guard fsync(descriptor) == 0 else { throw fail("fsync") }
        close(descriptor)
        guard rename(temporary, target) == 0 else {
            let code = errno
            let message = "cannot replace the configuration file: \(ConfigFile.describe(code))"
            unlink(temporary)
            throw ConfigError(.unwritable, location: path, message: message, reason: .cannotWrite(errno: code))
        }
    }

    /// Where the symbolic link at `path` leads, through links to links and relative targets, whether or not a file
    /// is there.
    static func linkTarget(_ path: String) throws(ConfigError) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        var current = path
        var info = stat()
        for _ in 0..<40 {
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { break }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/")
                ? destination : ConfigLocation(path: current, source: .lexaggConfig).directory + "/" + destination
        }
        throw ConfigError(.unwritable, location: path, message: "is a symbolic link that cannot be followed (a loop?)",
                          reason: .cannotWrite(errno: ELOOP))
    }

    private static func makeDirectories(_ directory: String, configPath: String) throws(ConfigError) {
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw ConfigError(.unwritable, location: configPath, message: "\(directory) is not a directory",
                                  reason: .notADirectory(directory))
            }
            return
        }
        let parent = ConfigLocation(path: directory, source: .lexaggConfig).directory
        if parent != directory { try makeDirectories(parent, configPath: configPath) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            let code = errno
            throw ConfigError(.unwritable, location: configPath, message: "cannot create \(directory): \(ConfigFile.describe(code))",
                              reason: .cannotWrite(errno: code))
        }
    }

    /// Moves the file at `path` aside to `path.bak` (or `.bak.1`, `.bak.2`, … when that exists) and returns where;
    /// `nil` when there is no file.
    public static func reset(_ path: String) throws(ConfigError) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw ConfigError(.unwritable, location: path, message: "cannot reset: \(ConfigFile.describe(code))",
                              reason: .cannotWrite(errno: code))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ConfigError(.unwritable, location: path, message: "is a directory, not a configuration file; lexagg leaves it alone",
                              reason: .isDirectory)
        }
        for attempt in 0..<1000 {
            let backup = path + ".bak" + (attempt == 0 ? "" : ".\(attempt)")
            var existing = stat()
            if lstat(backup, &existing) == 0 { continue }
            guard rename(path, backup) == 0 else {
                let code = errno
                throw ConfigError(.unwritable, location: path, message: "cannot move it to \(backup): \(ConfigFile.describe(code))",
                                  reason: .cannotWrite(errno: code))
            }
            return backup
        }
        throw ConfigError(.unwritable, location: path, message: "too many backups (\(path).bak…); remove some first",
                          reason: .tooManyBackups(path: path))
    }
}
