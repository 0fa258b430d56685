import LexAggAggregation
import LexAggCore
import Logging
import Synchronization

/// One database of the DICT server: a definition provider, named by its id.
struct DICTDatabase: Sendable {
    let id: ProviderID
    /// What `SHOW DB` and each `151` line say: the database's own one-line description, else the display name.
    let description: String
    /// The match strategies it answers.
    let strategies: [MatchStrategy]
    /// The `SHOW INFO` text: source, licence, languages.
    let information: String
    /// Whether the provider answers at once (a file), rather than over the network.
    let runsInline: Bool

    var name: String { id.rawValue }
}

/// The server's databases as they are now: those of the providers named at start, else of every usable definition
/// provider, listed again when a client names a database the list does not have, or asks for the list (`SHOW DB`),
/// and the registry has found providers again since (it looks at most once a second: a dataset imported while the
/// server runs).
final class DICTDatabases: Sendable {
    private let state: Mutex<(catalog: DICTCatalog, generation: Int)>
    private let registry: ProviderRegistry
    /// Whether the databases were named at start (`--providers`): then the list never changes.
    private let named: Bool
    private let logger: Logger

    init(_ catalog: DICTCatalog, registry: ProviderRegistry, named: Bool, logger: Logger) {
        state = Mutex((catalog, registry.generation))
        self.registry = registry
        self.named = named
        self.logger = logger
    }

    var current: DICTCatalog { state.withLock { $0.catalog } }

    /// The list, made again if the registry has found its providers again since it was made (after looking again
    /// itself, when a look is due).
    func lookedAgain() async -> DICTCatalog {
        await listed(generation: registry.lookAgainIfDue())
    }

    /// The list, made again if the registry has replaced a provider since (a dataset imported again or removed),
    /// without looking for new ones.
    func checked() async -> DICTCatalog {
        await listed(generation: registry.generation)
    }

    private func listed(generation: Int) async -> DICTCatalog {
        guard !named else { return current }
        let (catalog, madeFrom) = state.withLock { $0 }
        guard madeFrom != generation else { return catalog }
        let fresh = (try? await DICTCatalog.build(registry: registry, providers: nil, logger: logger)) ?? catalog
        state.withLock { $0 = (fresh, generation) }
        logger.info("DICT: databases listed again: \(fresh.databases.count)")
        return fresh
    }

    /// The database called `name` (a removed dataset's no more: ``checked()``), looked for again (``lookedAgain()``)
    /// when the list does not have it.
    func database(named name: String) async -> DICTDatabase? {
        if let database = await checked().database(named: name) { return database }
        return await lookedAgain().database(named: name)
    }
}

/// The server's databases, in the registry's order (the order `*` and `!` search them, as `SHOW DB` lists them).
struct DICTCatalog: Sendable {
    let databases: [DICTDatabase]

    /// The strategies some database matches by, in ``MatchStrategy`` order (what `SHOW STRAT` lists).
    var strategies: [MatchStrategy] {
        let offered = Set(databases.flatMap(\.strategies))
        return MatchStrategy.allCases.filter(offered.contains)
    }

    /// The database called `name` (provider ids are lower-case; clients may not be).
    func database(named name: String) -> DICTDatabase? {
        let lowered = name.lowercased()
        return databases.first { $0.name == lowered }
    }

    /// The databases of the providers named (each must define words), else of every definition provider that is
    /// usable here; unusable ones are left out with a log line.
    /// - Throws: ``LookupServiceError`` for an unknown name or one that cannot define words.
    static func build(registry: ProviderRegistry, providers names: [String]?, logger: Logger) async throws(LookupServiceError)
        -> DICTCatalog
    {
        var chosen: [any DefinitionProviding] = []
        if let names {
            let named: [any DictionaryProvider]
            do { named = try registry.resolve(names) } catch { throw LookupServiceError(.invalidRequest, error.description) }
            for provider in named {
                guard let definer = provider.asDefiner else {
                    throw LookupServiceError(.invalidRequest, "\(provider.descriptor.id) cannot look words up, so it cannot be a DICT database")
                }
                chosen.append(definer)
            }
        } else {
            for provider in registry.definers(for: nil) {
                switch await provider.availability() {
                case .available: chosen.append(provider)
                case .notConfigured(let hint): logger.debug("DICT: no database \(provider.descriptor.id): not configured (\(hint))")
                case .unavailable(let reason): logger.warning("DICT: no database \(provider.descriptor.id): \(reason)")
                }
            }
        }
        return DICTCatalog(databases: chosen.map { Self.database($0) })
    }

    private static func database(_ provider: any DefinitionProviding) -> DICTDatabase {
        let descriptor = provider.descriptor
        let description = provider.asDescribed?.shortDescription() ?? descriptor.displayName
        var info = ["\(descriptor.id): \(descriptor.displayName)", ""]
        if description != descriptor.displayName { info.append("Description: \(description)") }
        info.append("Source: \(descriptor.source)")
        info.append("Licence: \(descriptor.license ?? "not stated by the provider; see the source")")
        info.append("Languages: " + (descriptor.languages.isEmpty ? "any" : descriptor.languages.map(\.englishName).joined(separator: ", ")))
        if !descriptor.translationPairs.isEmpty {
            info.append("Translates: " + descriptor.translationPairs.map {
                "\($0.source.englishName) → \($0.target.englishName)"
            }.joined(separator: ", "))
        }
        info.append("Needs the network: " + (descriptor.requiresNetwork ? "yes (answers are cached)" : "no"))
        let strategies = provider.asMatcher?.matchStrategies ?? []
        info.append("Match strategies: " + (strategies.isEmpty ? "none" : strategies.map(\.rawValue).joined(separator: ", ")))
        return DICTDatabase(
            id: descriptor.id, description: description, strategies: strategies, information: info.joined(separator: "\n"),
            runsInline: descriptor.runsInline
        )
    }
}
