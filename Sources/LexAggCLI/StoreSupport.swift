import LexAggCache
import LexAggConfig
import LexAggLibrary
import LexAggPostgres
import Synchronization
import LexAggLocalization

// Which store the cache and the library live in: the SQLite files (the default), or the PostgreSQL database
// `store.url` / LEXAGG_STORE_URL names, shared by many lexagg instances. Everything else sees only the protocols
// (`AnswerStore`, `LibraryStore`).

extension CommandContext {
    /// The store URL as configured (`store.url`, `LEXAGG_STORE_URL` over it); nil for the SQLite files.
    var configuredStoreURL: String? {
        if let settings = try? settings { return settings.storeURL }
        return environment["LEXAGG_STORE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The shared database (opened once per process, connected on first use), or nil when no store URL is set.
    /// - Throws: ``PostgresStoreError`` (`.configuration`) for a URL or password file that cannot be used.
    func sharedDatabase() throws(PostgresStoreError) -> PostgresStore? {
        try openedDatabase.withLock { opened throws(PostgresStoreError) -> PostgresStore? in
            if let opened { return try opened.get() }
            let result = Result { () throws(PostgresStoreError) -> PostgresStore? in
                guard let text = configuredStoreURL else { return nil }
                let passwordFile = (try? settings)?.storePasswordFile ?? environment["LEXAGG_STORE_PASSWORD_FILE"]
                let url = try PostgresStoreURL(text, environment: environment, passwordFile: passwordFile)
                return PostgresStore(url: url)
            }
            opened = result
            return try result.get()
        }
    }

    /// The cache store of online answers: the shared database's when a store URL is set, else the SQLite file (nil
    /// when no cache directory can be found, or the store URL cannot be used — said once, as a warning).
    func makeCacheStore() -> (any AnswerStore)? {
        let warn: @Sendable (String) -> Void = { [output] message in output.writeError(localized(.warningLine, message) + "\n") }
        do {
            if let database = try sharedDatabase() { return PostgresAnswerStore(database: database, warn: warn) }
        } catch {
            warn(localized(.sharedCacheUnusable, error.message))
            return nil
        }
        return CacheLocation.file(in: environment).map { CacheStore(path: $0, warn: warn) }
    }

    /// The user's library: the shared database's when a store URL is set, else the SQLite file in the data directory.
    func libraryStore() throws(LibraryError) -> any LibraryStore {
        let directory = Library.dataDirectory(environment: environment)
        let database: PostgresStore?
        do { database = try sharedDatabase() } catch {
            throw LibraryError(.invalidInput, localized(.storeURLUnusable, error.message))
        }
        if let database { return PostgresLibrary(database: database, journalDirectory: directory) }
        guard let directory else {
            throw LibraryError(.noDataDirectory, localized(.libraryNoDataDirectory))
        }
        return try Library.open(directory: directory)
    }
}
