import Foundation
import LexAggPostgres
import Logging
import PostgresNIO
import ProviderConformance
import Testing

/// A new, empty database on the test cluster for each test: `LEXAGG_TEST_POSTGRES_URL` names the cluster (the role
/// needs CREATEDB; `.ci/postgres-start` sets one up on loopback). Without the variable the tests that need it are
/// skipped, saying so.
enum TestDatabase {
    static let variable = "LEXAGG_TEST_POSTGRES_URL"
    static var clusterURL: String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var available: Bool { clusterURL != nil }
    static let skipReason: Comment = "no PostgreSQL: export LEXAGG_TEST_POSTGRES_URL=$(.ci/postgres-start) to run"

    /// Creates a database named for the test and returns its URL.
    static func create() async throws -> String {
        guard let clusterURL else { throw CancellationError() }
        let name = "lexagg_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        let url = try PostgresStoreURL(clusterURL, environment: ProcessInfo.processInfo.environment)
        var configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.user,
            password: ProcessInfo.processInfo.environment["PGPASSWORD"], database: url.database, tls: .disable
        )
        configuration.options.connectTimeout = .seconds(10)
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Logger(label: "test"))
        try await connection.close()
        var components = URLComponents(string: clusterURL)!
        components.path = "/" + name
        return components.string!
    }

    /// A database object on a new test database.
    static func open(connectTimeout: Duration = .seconds(10)) async throws -> PostgresStore {
        let text = try await create()
        return PostgresStore(
            url: try PostgresStoreURL(text, environment: ProcessInfo.processInfo.environment), connectTimeout: connectTimeout
        )
    }

    /// A URL nothing listens on (the port stays refused while `port` is alive).
    static func closedURL(_ port: ClosedPort) -> String {
        "postgres://lexagg@127.0.0.1:\(port.port)/lexagg?sslmode=disable"
    }
}
