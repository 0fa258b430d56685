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
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "store",
        abstract: localized(.helpStoreAbstract),
        discussion: """
            By default the cache and the library are SQLite files of one user. Several lexagg instances (a school's \
            `serve http` behind a load balancer, a team's shared word list) share one PostgreSQL database instead: \
            set store.url (or LEXAGG_STORE_URL) to postgres://user@host:5432/database. The password comes from the \
            URL, else PGPASSWORD, else store.password_file; it is never printed. TLS follows libpq's sslmode \
            (?sslmode=disable|prefer|require|verify-full, &sslrootcert=FILE); prefer is the default.

            The schema is migrated on first use, under an advisory lock, so instances starting together migrate \
            once; `store migrate` does it explicitly (for a deployment step). The database needs the `unaccent` \
            extension (in PostgreSQL's contrib; lexagg creates it).

            Examples:
              export LEXAGG_STORE_URL=postgres://lexagg@db.example.org:5432/lexagg
              lexagg store migrate
              lexagg store copy --from sqlite:~/.local/share/lexagg/library.sqlite
              lexagg store copy --from sqlite:$HOME/.cache/lexagg --to postgres://lexagg@127.0.0.1/lexagg
              lexagg store copy --from sqlite            # your own cache and library files
            """,
        subcommands: [StoreMigrateCommand.self, StoreCopyCommand.self]
    ) }
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
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "migrate",
        abstract: localized(.helpStoreMigrateAbstract),
        discussion: """
            Exit status: 0 when the schema is current, 69 when the server cannot be reached or was upgraded by a \
            newer lexagg, 78 when the store URL is invalid.

            Examples:
              LEXAGG_STORE_URL=postgres://lexagg@127.0.0.1:5432/lexagg lexagg store migrate
              lexagg store migrate --format json
            """
    ) }

    @Option(name: .long, help: ArgumentHelp("The database (default: store.url).", valueName: "postgres-url"))
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
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "copy",
        abstract: localized(.helpStoreCopyAbstract),
        discussion: """
            --from sqlite:PATH names a cache or library file (cache.sqlite, library.sqlite) or a directory holding \
            them; --from sqlite alone copies your own (LEXAGG_CACHE_DIR and LEXAGG_DATA_DIR, or their XDG \
            defaults). Nothing in the SQLite files changes. Copying again adds nothing twice: words are merged like \
            `library import` (star, earliest date, missing entries), cached answers keep the newer copy, history \
            counts the larger count, quiz runs are recognised by when they started. Words of the day and \
            random-browsing sessions are not copied.

            Examples:
              lexagg store copy --from sqlite:library.sqlite --to postgres://lexagg@127.0.0.1:5432/lexagg
              lexagg store copy --from sqlite --format json
            """
    ) }

    @Option(name: .long, help: ArgumentHelp("sqlite:PATH (a file or a directory), or sqlite for your own files.", valueName: "sqlite:path"))
    var from: String

    @Option(name: .long, help: ArgumentHelp("The database (default: store.url).", valueName: "postgres-url"))
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
