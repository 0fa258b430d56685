import Foundation
import PostgresNIO

/// Where the shared store is: `postgres://user[:password]@host[:port]/database[?sslmode=…&sslrootcert=…]`.
///
/// The password comes from the URL, else `PGPASSWORD`, else a password file (`store.password_file`); it is never
/// printed: ``redacted`` is what messages show. TLS follows libpq's `sslmode`: `disable`, `prefer` (the default:
/// TLS when the server offers it), `require` (TLS, any certificate), `verify-full` (TLS, the certificate checked
/// against the system's or `sslrootcert`'s authorities and the host name).
public struct PostgresStoreURL: Sendable, Hashable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        case disable, prefer, require
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var database: String
    public var tls: TLSMode
    public var rootCertificate: String?
    var password: String?

    /// The URL without its password, for messages.
    public var redacted: String {
        var text = "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        if tls != .prefer { text += "?sslmode=\(tls.rawValue)" }
        return text
    }

    public var description: String { redacted }

    /// Parses `text`; the password, when the URL has none, from `environment`'s `PGPASSWORD` or `passwordFile`.
    /// - Throws: ``PostgresStoreError`` saying what is wrong (never quoting the password).
    public init(_ text: String, environment: [String: String] = [:], passwordFile: String? = nil) throws(PostgresStoreError) {
        guard let components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased()
        else {
            throw PostgresStoreError(.configuration, "the store URL is not a URL; expected postgres://user@host:5432/database")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresStoreError(
                .configuration, "the store URL must start with postgres:// (not \(scheme)://); "
                    + "leave store.url unset for the SQLite files"
            )
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresStoreError(.configuration, "the store URL names no host: postgres://user@host:5432/database")
        }
        self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        port = components.port ?? 5432
        guard (1...65535).contains(port) else { throw PostgresStoreError(.configuration, "the store URL's port is out of range") }
        let user = components.user.flatMap { $0.removingPercentEncoding } ?? environment["PGUSER"] ?? environment["USER"]
        guard let user, !user.isEmpty else {
            throw PostgresStoreError(.configuration, "the store URL names no user: postgres://user@host:5432/database")
        }
        self.user = user
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.removingPercentEncoding.flatMap { $0.isEmpty ? nil : $0 } ?? user
        tls = .prefer
        for item in components.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                switch item.value ?? "" {
                case "disable", "allow": tls = .disable
                case "prefer": tls = .prefer
                case "require", "verify-ca": tls = .require
                case "verify-full": tls = .verifyFull
                default:
                    throw PostgresStoreError(
                        .configuration, "sslmode '\(item.value ?? "")' is not one of disable, prefer, require, verify-full"
                    )
                }
            case "sslrootcert":
                rootCertificate = item.value
            case "connect_timeout", "application_name":
                continue
            default:
                throw PostgresStoreError(
                    .configuration, "the store URL's option '\(item.name)' is not known (sslmode, sslrootcert)"
                )
            }
        }
        if let secret = components.password.flatMap({ $0.removingPercentEncoding }), !secret.isEmpty {
            password = secret
        } else if let secret = environment["PGPASSWORD"], !secret.isEmpty {
            password = secret
        } else if let passwordFile {
            guard let contents = FileManager.default.contents(atPath: passwordFile) else {
                throw PostgresStoreError(.configuration, "cannot read the password file \(passwordFile)")
            }
            let secret = String(decoding: contents, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            password = secret.isEmpty ? nil : secret
        }
    }

    /// The client's configuration: this URL, TLS as asked, a short connection timeout.
    func clientConfiguration(connectTimeout: Duration, maximumConnections: Int) throws(PostgresStoreError)
        -> PostgresClient.Configuration
    {
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: try clientTLS()
        )
        configuration.options.connectTimeout = connectTimeout
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectionIdleTimeout = .seconds(30)
        return configuration
    }

    /// TLS as `sslmode` asks: nil for `disable`.
    func tlsConfiguration() throws(PostgresStoreError) -> TLSConfiguration? {
        var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
        switch tls {
        case .disable:
            return nil
        case .prefer, .require:
            tlsConfiguration.certificateVerification = .none
        case .verifyFull:
            tlsConfiguration.certificateVerification = .fullVerification
        }
        if let rootCertificate {
            do {
                tlsConfiguration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(rootCertificate))
            } catch {
                throw PostgresStoreError(.configuration, "cannot read the certificate file \(rootCertificate): \(error)")
            }
        }
        return tlsConfiguration
    }

    private func clientTLS() throws(PostgresStoreError) -> PostgresClient.Configuration.TLS {
        guard let configuration = try tlsConfiguration() else { return .disable }
        return tls == .prefer ? .prefer(configuration) : .require(configuration)
    }

    /// A single connection's configuration (for migrations and checks), with the same TLS and timeout.
    func connectionConfiguration(connectTimeout: Duration) throws(PostgresStoreError) -> PostgresConnection.Configuration {
        let tlsMode: PostgresConnection.Configuration.TLS
        if let configuration = try tlsConfiguration() {
            let context: NIOSSLContext
            do { context = try NIOSSLContext(configuration: configuration) } catch {
                throw PostgresStoreError(.configuration, "cannot set up TLS: \(error)")
            }
            tlsMode = tls == .prefer ? .prefer(context) : .require(context)
        } else {
            tlsMode = .disable
        }
        var configuration = PostgresConnection.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tlsMode
        )
        let (seconds, attoseconds) = connectTimeout.components
        configuration.options.connectTimeout = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        return configuration
    }
}

/// Why the shared store could not be used, in one line that never holds the password.
public struct PostgresStoreError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable {
        /// The URL or the password file is wrong.
        case configuration
        /// The server cannot be reached, refused the login, or failed.
        case unavailable
        /// The database was migrated by a newer lexagg.
        case newerSchema
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
