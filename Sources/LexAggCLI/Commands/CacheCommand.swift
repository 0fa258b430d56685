import ArgumentParser
import Foundation
import LexAggCache
import LexAggAggregation
import LexAggCore
import LexAggDocuments
import LexAggPostgres
import LexAggLocalization

/// `lexagg cache stats|clear|prune`: look after the cache of online answers.
struct CacheCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "cache",
            abstract: localized(.helpCacheAbstract),
            discussion: localized(.helpCacheDiscussion),
            subcommands: [CacheStatsCommand.self, CacheClearCommand.self, CachePruneCommand.self],
            defaultSubcommand: CacheStatsCommand.self
        )
    }
}

extension CommandContext {
    /// The cache store, or a failure saying why there is none.
    func requireCacheStore() throws -> any AnswerStore {
        if configuredStoreURL != nil {
            do { _ = try sharedDatabase() } catch {
                throw CommandFailure(status: .configuration, message: localized(.storeURLUnusable, error.message))
            }
        }
        guard let store = cacheStore else {
            throw CommandFailure(
                status: .unavailable,
                message: localized(.cacheNoDirectory)
            )
        }
        return store
    }
}

struct CacheStatsCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stats",
            abstract: localized(.helpCacheStatsAbstract)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let stats: CacheStore.Stats
        // A report creates nothing: no cache file yet is an empty cache (opening the store would create the file).
        if context.configuredStoreURL == nil, let file = CacheLocation.file(in: context.environment),
           !FileManager.default.fileExists(atPath: file)
        {
            stats = .empty(path: file)
        } else {
            let store = try context.requireCacheStore()
            do {
                stats = try await store.stats(ttl: { [context] in context.cacheTTL($0) }, now: Date())
            } catch {
                throw CommandFailure(status: .unavailable, message: error.message)
            }
        }
        switch format {
        case .json:
            context.output.write(JSONOutput.encode(Document(stats: stats)))
        case .text:
            var text = localized(.cachePath, stats.path, formatBytes(stats.fileBytes)) + "\n"
            if stats.providers.isEmpty {
                text += localized(.cacheEmpty) + "\n"
            } else {
                text += localized(.cacheAnswers, count: stats.entries) + "\n"
                let rows = stats.providers.map { provider in
                    [
                        provider.provider, "\(provider.entries)", "\(provider.negative)", "\(provider.expired)",
                        formatBytes(provider.bytes),
                        provider.newest.map { formatAge(since: $0) } ?? "",
                    ]
                }
                text += table(header: [
                    localized(.cacheColumnProvider), localized(.cacheColumnAnswers), localized(.cacheColumnNotFound),
                    localized(.cacheColumnExpired), localized(.cacheColumnSize), localized(.cacheColumnNewest),
                ], rows: rows)
            }
            context.output.write(text)
        }
        return .success
    }

    struct Document: Encodable {
        var schemaVersion = JSONOutput.schemaVersion
        var command = "cache stats"
        var stats: CacheStore.Stats
    }
}

struct CacheClearCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "clear",
            abstract: localized(.helpCacheClearAbstract)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpCacheClearProvider), valueName: "id"))
    var provider: String?

    func run(in context: CommandContext) async throws -> ExitStatus {
        let id = try provider.map { name in
            guard let id = ProviderID(name) else { throw CommandFailure.usage(localized(.notAProviderID, name)) }
            return id
        }
        let store = try context.requireCacheStore()
        let count: Int
        do {
            count = try await store.clear(provider: id)
        } catch {
            throw CommandFailure(status: .unavailable, message: error.message)
        }
        // A provider no longer configured may still have answers here (cleared above); a name that is neither is a typo.
        if let id, count == 0, context.registry.provider(id) == nil {
            let registry = context.registry
            throw CommandFailure.usage(ErrorText.text(RegistryError.unknownID(id.rawValue, suggestion: registry.nearestID(to: id.rawValue))))
        }
        context.output.write(localized(.cacheDeleted, count: count) + (id.map { localized(.cacheDeletedOf, $0) } ?? "") + "\n")
        return .success
    }
}

struct CachePruneCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "prune",
            abstract: localized(.helpCachePruneAbstract)
        )
    }

    func run(in context: CommandContext) async throws -> ExitStatus {
        let store = try context.requireCacheStore()
        do {
            let count = try await store.prune(ttl: { [context] in context.cacheTTL($0) }, now: Date())
            context.output.write(localized(.cachePruned, count: count) + "\n")
        } catch {
            throw CommandFailure(status: .unavailable, message: error.message)
        }
        return .success
    }
}

/// `812 B`, `14.2 KB`, `3.1 MB`, in thousands as `data import` counts its megabytes (a 10,000,311-byte dump was
/// `10.0 MB` in the import's summary and `9.5 MB` in `data info`).
func formatBytes(_ bytes: Int) -> String {
    switch bytes {
    case ..<1000: localized(.bytesB, bytes)
    case ..<999_950: localized(.bytesKB, decimal(Double(bytes) / 1000, places: 1))
    default: localized(.bytesMB, decimal(Double(bytes) / 1_000_000, places: 1))
    }
}

/// A left-aligned text table with a header.
func table(header: [String], rows: [[String]]) -> String {
    let all = [header] + rows
    // In terminal columns: a Japanese word is twice as wide as its count of characters.
    let widths = header.indices.map { column in all.map { displayWidth($0[column]) }.max() ?? 0 }
    return all.map { row in
        row.enumerated().map { column, cell in
            column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - displayWidth(cell))
        }.joined(separator: "  ")
    }.joined(separator: "\n") + "\n"
}
