import Foundation

/// Remembers what external programs answered to `initialize`, in a small JSON file in the cache directory, keyed by
/// the program's fingerprint (path, size, modification time), so that later runs can list and select them without
/// starting them.
///
/// Not meant for adoption. Unreadable or damaged files are ignored (the programs are asked again).
public enum DescriptorMemory {
    public static let fileName = "external-providers.json"

    /// The remembered descriptors in the file at `path` (empty when there is none).
    public static func load(_ path: String) -> [String: ExternalProtocol.Descriptor] {
        guard let data = FileManager.default.contents(atPath: path),
              let decoded = try? JSONDecoder().decode([String: ExternalProtocol.Descriptor].self, from: data)
        else { return [:] }
        return decoded
    }

    /// Adds `descriptor` under `key`, dropping earlier entries of the same program (same path or command).
    public static func remember(_ descriptor: ExternalProtocol.Descriptor, key: String, in path: String) {
        var all = load(path)
        guard all[key] != descriptor else { return }
        let program = Self.program(key)
        all = all.filter { Self.program($0.key) != program }
        all[key] = descriptor
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(all) else { return }
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Written beside and renamed, so a reader never sees half a file.
        let temporary = path + ".\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path) != 0 { unlink(temporary) }
    }

    /// The program part of a key (before the size and time).
    private static func program(_ key: String) -> String {
        if key.hasPrefix("command:") { return String(key.prefix { $0 != "|" }) }
        let parts = key.split(separator: ":")
        return parts.count >= 2 ? parts[0...1].joined(separator: ":") : key
    }
}
