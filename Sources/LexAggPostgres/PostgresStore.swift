import Foundation
import Logging
import PostgresNIO
import Synchronization

/// One PostgreSQL database shared by the cache and the library of a lexagg process: a pooled client
/// (postgres-nio's `PostgresClient`), started on first use, with the schema migrated before the first query.
///
/// - Opening is lazy: commands that never touch the store never connect.
/// - The first use connects once, directly, within ``connectTimeout``: an unreachable server is one clear error,
///   not a pool retrying in the background; then it migrates (``PostgresMigrations``, under an advisory lock) and
///   starts the pool.
/// - Every operation has a time limit (``operationTimeout``), so a server that stops answering fails the
///   operation instead of hanging the command.
public final class PostgresStore: Sendable {
    public let url: PostgresStoreURL
    let connectTimeout: Duration
    let operationTimeout: Duration
    let logger: Logger
    private let state = Mutex<State>(.idle)

    private enum State {
        case idle
        case starting(Task<PostgresClient, any Error>)
        case ready(PostgresClient, Task<Void, Never>)
        case failed(PostgresStoreError)
        case closed
    }

    public init(
        url: PostgresStoreURL, connectTimeout: Duration = .seconds(5), operationTimeout: Duration = .seconds(30),
        logger: Logger = Logger(label: "lexagg.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.operationTimeout = operationTimeout
        self.logger = logger
    }

    /// The migrated, running client; the first call connects and migrates (later calls wait for it).
    /// A failure is remembered: the process does not try again for every lookup.
    func client() async throws(PostgresStoreError) -> PostgresClient {
        enum Step {
            case ready(PostgresClient)
            case wait(Task<PostgresClient, any Error>)
        }
        let step = try state.withLock { state throws(PostgresStoreError) -> Step in
            switch state {
            case .ready(let client, _):
                return .ready(client)
            case .starting(let task):
                return .wait(task)
            case .failed(let error):
                throw error
            case .closed:
                throw PostgresStoreError(.unavailable, "the connection to \(url.redacted) was closed")
            case .idle:
                let task = Task { [self] in try await start() }
                state = .starting(task)
                return .wait(task)
            }
        }
        switch step {
        case .ready(let client):
            return client
        case .wait(let task):
            do {
                return try await task.value
            } catch {
                let failure = error as? PostgresStoreError ?? PostgresStoreError(.unavailable, describe(error))
                state.withLock { state in
                    if case .starting = state { state = .failed(failure) }
                }
                throw failure
            }
        }
    }

    /// Connects once to check the server and migrate, then starts the pool.
    private func start() async throws -> PostgresClient {
        try await PostgresMigrations.migrate(self)
        let client = PostgresClient(
            configuration: try url.clientConfiguration(connectTimeout: connectTimeout, maximumConnections: 8),
            backgroundLogger: logger
        )
        let runner = Task { await client.run() }
        state.withLock { $0 = .ready(client, runner) }
        return client
    }

    /// Checks that the server can be reached and the schema is current (connecting and migrating if need be).
    public func check() async throws(PostgresStoreError) {
        _ = try await client()
    }

    /// Applies the pending migrations now (`lexagg store migrate`); returns the versions applied.
    public func migrate() async throws(PostgresStoreError) -> (applied: [Int], current: Int) {
        do {
            let applied = try await PostgresMigrations.migrate(self)
            return (applied, PostgresMigrations.all.count)
        } catch {
            throw error as? PostgresStoreError ?? PostgresStoreError(.unavailable, describe(error))
        }
    }

    /// What `doctor` reports: the schema version, and what the store holds (nil before the first migration).
    public struct Status: Sendable, Hashable {
        public var schemaVersion: Int
        /// The version this lexagg migrates to.
        public var currentVersion: Int
        public var answers: Int?
        public var words: Int?
    }

    /// Looks at the store without changing it (no migration): one direct connection, within the time limits.
    public func inspect() async throws(PostgresStoreError) -> Status {
        do {
            return try await withDirectConnection { [logger] connection in
                let version = try await PostgresMigrations.currentVersion(connection, logger: logger)
                var status = Status(schemaVersion: version, currentVersion: PostgresMigrations.all.count)
                guard version >= 1 else { return status }
                for try await (answers, words) in try await connection.query(
                    "SELECT (SELECT count(*) FROM cache_answer), (SELECT count(*) FROM word)", logger: logger
                ).decode((Int, Int).self) {
                    status.answers = answers
                    status.words = words
                }
                return status
            }
        } catch {
            throw error as? PostgresStoreError ?? PostgresStoreError(.unavailable, "\(url.redacted): \(describe(error))")
        }
    }

    /// One connection of its own, outside the pool (for migrations), within ``connectTimeout``.
    func withDirectConnection<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let connectionConfiguration = try url.connectionConfiguration(connectTimeout: connectTimeout)
        let connection: PostgresConnection
        do {
            connection = try await withTimeout(connectTimeout + .seconds(1), "connect to") {
                try await PostgresConnection.connect(configuration: connectionConfiguration, id: 1, logger: self.logger)
            }
        } catch {
            throw PostgresStoreError(.unavailable, "cannot connect to \(url.redacted): \(describe(error))")
        }
        do {
            let result = try await body(connection)
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// Runs `body` with a pooled connection, within ``operationTimeout``; errors become ``PostgresStoreError``.
    func withConnection<T: Sendable>(_ action: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(PostgresStoreError) -> T
    {
        let client = try await client()
        do {
            return try await withTimeout(operationTimeout, action) {
                try await client.withConnection { connection in try await body(connection) }
            }
        } catch {
            throw error as? PostgresStoreError
                ?? PostgresStoreError(.unavailable, "could not \(action) \(url.redacted): \(describe(error))")
        }
    }

    /// Runs `body` in one transaction (committed when it returns, rolled back when it throws).
    func transaction<T: Sendable>(_ action: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T)
        async throws(PostgresStoreError) -> T
    {
        try await withConnection(action) { [logger] connection in
            try await connection.withTransaction(logger: logger) { connection in try await body(connection) }
        }
    }

    /// Stops the pool (also done when the process ends).
    public func close() {
        state.withLock { state in
            if case .ready(_, let runner) = state { runner.cancel() }
            state = .closed
        }
    }

    /// Runs `body`, failing with a time-out error when it takes longer than `limit`.
    func withTimeout<T: Sendable>(_ limit: Duration, _ action: String, _ body: @escaping @Sendable () async throws -> T)
        async throws -> T
    {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw PostgresStoreError(
                    .unavailable, "\(url.redacted) did not answer within \(limit.components.seconds) s (\(action))"
                )
            }
            return value
        }
    }

    /// What went wrong, in one line: PostgreSQL's own message when the server sent one, else the network's reason
    /// in words ("connection refused"), never a type dump.
    func describe(_ error: any Error) -> String {
        if let error = error as? PostgresStoreError { return error.message }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] { return message }
            let detail = error.underlying.map { String(describing: $0) } ?? ""
            if detail.contains("Connection refused") { return "connection refused" }
            if detail.contains("connectTimeout") || detail.contains("Timeout") || detail.contains("timeout") {
                return "no answer within \(connectTimeout.components.seconds) s"
            }
            if detail.contains("NXDOMAIN") || detail.contains("resolve") || detail.contains("getaddrinfo") {
                return "the host name cannot be resolved"
            }
            if detail.contains("SSL") || detail.contains("TLS") || detail.contains("certificate") {
                return "TLS failed: \(detail)"
            }
            switch error.code {
            case .serverClosedConnection, .uncleanShutdown: return "the server closed the connection"
            case .sslUnsupported: return "the server does not offer TLS (sslmode=require); use sslmode=prefer or disable"
            default: return detail.isEmpty ? "\(error.code)" : "\(error.code): \(detail)"
            }
        }
        return "\(error)"
    }
}
