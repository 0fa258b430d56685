import Foundation
import LexAggCore

extension ProviderFactory {
    /// Builds a provider for every external program: each executable in `$XDG_CONFIG_HOME/lexagg/providers/` (else
    /// `~/.config/lexagg/providers/`), named after its file without the extension, and each configured
    /// `[providers.<id>] command = "…"` (`LEXAGG_<ID>_COMMAND`). Nothing is started here. A lookup that names one
    /// finds it alone.
    public static let external = ProviderFactory(
        name: "external",
        makeOne: { id, environment in ExternalDiscovery.discover(ExternalDiscovery.Settings(environment), only: id) }
    ) { environment in
        ExternalDiscovery.discover(ExternalDiscovery.Settings(environment))
    }
}

/// Finds external programs and builds their providers.
public enum ExternalDiscovery {
    /// What discovery reads from the environment, read in this one place.
    public struct Settings: Sendable {
        /// The providers directory, if a home is known.
        public var directory: String?
        /// Configured commands by id (`[providers.<id>] command`, `LEXAGG_<ID>_COMMAND`).
        public var commands: [(id: ProviderID, command: String)]
        /// The file that remembers descriptors between runs.
        public var descriptorMemory: String?
        /// The environment the programs run with (each also gets its own `LEXAGG_<ID>_*` variables).
        public var programEnvironment: [String: String]
        /// Every variable, for each program's own.
        var allVariables: [String: String]

        public init(_ environment: ProviderEnvironment) {
            func absolute(_ name: String) -> String? {
                environment[name].flatMap { $0.hasPrefix("/") ? $0 : nil }
            }
            if let config = absolute("XDG_CONFIG_HOME") {
                directory = config + "/lexagg/providers"
            } else {
                directory = environment["HOME"].map { $0 + "/.config/lexagg/providers" }
            }
            let cache = environment["LEXAGG_CACHE_DIR"] ?? absolute("XDG_CACHE_HOME").map { $0 + "/lexagg" }
                ?? environment["HOME"].map { $0 + "/.cache/lexagg" }
            descriptorMemory = cache.map { $0 + "/" + DescriptorMemory.fileName }
            commands = environment.providers.compactMap { id, settings in
                settings.command.flatMap { $0.isEmpty ? nil : (id, $0) }
            }.sorted { $0.id < $1.id }
            // A program sees the environment without other providers' settings (their secrets among them).
            programEnvironment = environment.variables.filter { !$0.key.hasPrefix("LEXAGG_") }
            allVariables = environment.variables
        }
    }

    /// The providers of the configured commands, then of the providers directory (a command wins over a file of
    /// the same id), with a problem line for each file that cannot be a provider; with `only`, just the one that
    /// would have that id (none if none would), without the others' problems.
    public static func discover(_ settings: Settings, only wanted: ProviderID? = nil) -> ProviderFactory.Products {
        // Read when there is a program to remember anything of, not before: most installs have none, and reading the
        // file through Foundation costs its first use's conformance scan (0.8 million instructions) in every lookup
        // that builds the whole provider list.
        var loaded: [String: ExternalProtocol.Descriptor]?
        func memory(_ fingerprint: String) -> ExternalProtocol.Descriptor? {
            if loaded == nil { loaded = settings.descriptorMemory.map(DescriptorMemory.load) ?? [:] }
            return loaded?[fingerprint]
        }
        var providers: [ExternalProgram] = []
        var problems: [String] = []
        var seen = Set<ProviderID>()
        func add(_ id: ProviderID, _ launch: ProviderProcess.Launch, fingerprint: String) {
            guard seen.insert(id).inserted else { return }
            let remembered = memory(fingerprint).flatMap { try? $0.validated(source: launch.label).get() }
                .map { descriptor -> ProviderDescriptor in
                    var descriptor = descriptor
                    descriptor.configurationFingerprint = fingerprint
                    return descriptor
                }
            let configuration = ExternalProgram.Configuration(
                id: id, launch: launch, fingerprint: fingerprint, descriptorMemory: settings.descriptorMemory
            )
            let strategies = memory(fingerprint).flatMap { try? $0.strategies().get() } ?? []
            providers.append(ExternalProgram(configuration: configuration, remembered: remembered, matchStrategies: strategies))
        }
        for (id, command) in settings.commands where wanted.map({ $0 == id }) ?? true {
            add(id, .command(command, environment: environment(for: id, settings)), fingerprint: fingerprint(command: command))
        }
        // Not FileManager: see DirectoryListing (every lookup that builds the whole provider list reads this directory).
        if let directory = settings.directory, case .success(let names) = DirectoryListing.names(directory) {
            for name in names where !name.hasPrefix(".") && !name.hasSuffix("~") {
                let path = directory + "/" + name
                guard isRegularFile(path), access(path, X_OK) == 0 else { continue }
                let stem = name.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? name
                if let wanted, stem != wanted.rawValue { continue }
                guard let id = ProviderID(stem) else {
                    problems.append("providers directory: '\(name)' is not named like a provider id (lower-case letters, digits, '-')")
                    continue
                }
                add(id, .executable(path, environment: environment(for: id, settings)), fingerprint: fingerprint(path: path))
            }
        }
        return ProviderFactory.Products(providers: providers, problems: problems)
    }

    /// The program's environment: lexagg's, without `LEXAGG_*` variables but for its own (`LEXAGG_<ID>_*`).
    private static func environment(for id: ProviderID, _ settings: Settings) -> [String: String] {
        let own = "LEXAGG_" + id.rawValue.uppercased().replacingOccurrences(of: "-", with: "_") + "_"
        return settings.programEnvironment.merging(settings.allVariables.filter { $0.key.hasPrefix(own) }) { $1 }
    }

    /// `path` with its size and modification time: changes when the program does.
    static func fingerprint(path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "exec:" + path }
        return "exec:\(path):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The command, with the size and modification time of every word of it that is a file.
    static func fingerprint(command: String) -> String {
        var parts = ["command:" + command]
        for word in command.split(whereSeparator: \.isWhitespace).map(String.init) where word.hasPrefix("/") {
            var info = stat()
            if stat(word, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                parts.append("\(word):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
            }
        }
        return parts.joined(separator: "|")
    }

    /// Whether `path` is a regular file (following links).
    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
