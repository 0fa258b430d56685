import ArgumentParser
import Foundation
import LexAggCache
import LexAggConfig
import LexAggDocuments
import LexAggLibrary
import LexAggPostgres
import LexAggLocalization

/// `lexagg store migrate|copy`: look after the shared PostgreSQL store.
struct StoreCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "store",
            abstract: localized(.helpStoreAbstract),
            discussion: localized(.helpStoreDiscussion),
            subcommands: [StoreMigrateCommand.self, StoreCopyCommand.self]
        )
    }
}

extension CommandContext {
    /// The database `url` names, or the configured one; a failure that says what to set.
    func requireDatabase(_ url: String?) throws -> PostgresStore {
        if let url {
            do {
                let passwordFile = (try? settings)?.storePasswordFile ?? environment["LEXAGG_STORE_PASSWORD_FILE"]
                return PostgresStore(url: try PostgresStoreURL(url, environment: environment, passwordFile: passwordFile))
            } catch {
                throw CommandFailure.usage(error.message)
            }
        }
        let database: PostgresStore?
        do { database = try sharedDatabase() } catch {
            throw CommandFailure(status: .configuration, message: localized(.storeURLUnusable, error.message))
        }
        guard let database else {
            throw CommandFailure.usage(localized(.storeNotConfigured))
        }
        return database
    }
}

struct StoreMigrateCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "migrate",
            abstract: localized(.helpStoreMigrateAbstract),
            discussion: localized(.helpStoreMigrateDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpStoreMigrateTo), valueName: "postgres-url"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let database = try context.requireDatabase(to)
        defer { database.close() }
        let result: (applied: [Int], current: Int)
        do { result = try await database.migrate() } catch {
            throw CommandFailure(status: .unavailable, message: error.message)
        }
        switch format {
        case .json:
            struct Document: Encodable {
                var schemaVersion = JSONOutput.schemaVersion
                var command = "store migrate"
                var store: String
                var applied: [Int]
                var version: Int
            }
            context.output.write(JSONOutput.encode(Document(store: database.url.redacted, applied: result.applied, version: result.current)))
        case .text:
            context.output.write(
                result.applied.isEmpty
                    ? localized(.storeUpToDate, database.url.redacted, result.current) + "\n"
                    : localized(.storeMigrated, database.url.redacted, result.applied.map(String.init).joined(separator: ", "),
                                result.current) + "\n"
            )
        }
        return .success
    }
}

struct StoreCopyCommand: ParsableCommand, ContextCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "copy",
            abstract: localized(.helpStoreCopyAbstract),
            discussion: localized(.helpStoreCopyDiscussion)
        )
    }

    @Option(name: .long, help: ArgumentHelp(localized(.helpStoreCopyFrom), valueName: "sqlite:path"))
    var from: String

    @Option(name: .long, help: ArgumentHelp(localized(.helpStoreMigrateTo), valueName: "postgres-url"))
    var to: String?

    @Option(name: .long, help: ArgumentHelp(localized(.helpOutputFormat)))
    var format: OutputFormat = .text

    func run(in context: CommandContext) async throws -> ExitStatus {
        let (cachePath, libraryPath) = try sources(context)
        let database = try context.requireDatabase(to)
        defer { database.close() }
        do { _ = try await database.migrate() } catch {
            throw CommandFailure(status: .unavailable, message: error.message)
        }
        var cacheReport: StoreCopy.CacheReport?
        var libraryReport: StoreCopy.LibraryReport?
        do {
            if let cachePath {
                let source = CacheStore(path: cachePath, warn: { [context] in context.warn($0) })
                cacheReport = try await StoreCopy.copyCache(from: source, to: database)
            }
            if let libraryPath {
                let source = try Library(path: libraryPath)
                defer { source.close() }
                let target = PostgresLibrary(database: database, journalDirectory: nil)
                libraryReport = try await StoreCopy.copyLibrary(from: source, to: target)
            }
        } catch let error as LibraryError {
            throw CommandFailure(error)
        } catch let error as PostgresStoreError {
            throw CommandFailure(status: .unavailable, message: error.message)
        }
        switch format {
        case .json:
            struct Document: Encodable {
                var schemaVersion = JSONOutput.schemaVersion
                var command = "store copy"
                var to: String
                var cache: StoreCopy.CacheReport?
                var library: StoreCopy.LibraryReport?
            }
            context.output.write(JSONOutput.encode(Document(to: database.url.redacted, cache: cacheReport, library: libraryReport)))
        case .text:
            var text = ""
            if let cacheReport, let cachePath {
                text += localized(.storeCopiedCache, cachePath, database.url.redacted,
                                  localized(.storeAnswers, count: cacheReport.read), cacheReport.copied, cacheReport.unchanged) + "\n"
            }
            if let libraryReport, let libraryPath {
                text += localized(
                    .storeCopiedLibrary, libraryPath, database.url.redacted, localized(.wordCount, count: libraryReport.read),
                    libraryReport.added, libraryReport.merged, libraryReport.unchanged, libraryReport.reviews,
                    libraryReport.quizRuns, libraryReport.history
                ) + "\n"
            }
            context.output.write(text)
        }
        return .success
    }

    /// The cache and library files `--from` names (those that exist).
    func sources(_ context: CommandContext) throws -> (cache: String?, library: String?) {
        guard from == "sqlite" || from.hasPrefix("sqlite:") else {
            throw CommandFailure.usage(localized(.storeFromSyntax))
        }
        let manager = FileManager.default
        func existing(_ path: String?) -> String? { path.flatMap { manager.fileExists(atPath: $0) ? $0 : nil } }
        var cache: String?
        var library: String?
        if from == "sqlite" {
            cache = existing(CacheLocation.file(in: context.environment))
            library = existing(Library.dataDirectory(environment: context.environment).map { $0 + "/" + Library.fileName })
        } else {
            let path = (String(from.dropFirst("sqlite:".count)) as NSString).expandingTildeInPath
            var isDirectory: ObjCBool = false
            guard !path.isEmpty, manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure.usage(path.isEmpty ? localized(.storeFromNoPath) : localized(.storeNoSuchPath, path))
            }
            if isDirectory.boolValue {
                cache = existing(path + "/" + CacheLocation.fileName)
                library = existing(path + "/" + Library.fileName)
            } else if Self.isCache(path) {
                cache = path
            } else {
                library = path
            }
        }
        guard cache != nil || library != nil else {
            throw CommandFailure.usage(localized(.storeNothingToCopy, CacheLocation.fileName, Library.fileName, from))
        }
        return (cache, library)
    }

    /// Whether the file is a lexagg cache (its SQLite application id, "LXAC") rather than a library.
    static func isCache(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path), let header = try? handle.read(upToCount: 72) else { return false }
        try? handle.close()
        guard header.count >= 72 else { return false }
        return Array(header[68..<72]) == [0x4C, 0x58, 0x41, 0x43]
    }
}
