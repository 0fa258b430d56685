#if canImport(Glibc)
import Glibc
#endif
import DictDatabaseProvider
import LexAggCLI
import LexAggCore
import LexAggFixtures

/// Runs lexagg in-process over the fixture databases only (no system or embedded ones), capturing output.
struct CLIRun {
    let status: Int32
    let stdout: String
    let stderr: String

    static func run(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false,
                    databases: String = FixtureStore.dictDatabases, also extra: [ProviderFactory] = []) async -> CLIRun {
        let factory = fixtureFactory(databases)
        let output = CapturedOutput(isTerminal: terminal)
        let context = CommandContext(environment: environment, factories: [factory] + extra, output: output)
        let status = await LexAggCLI.run(arguments, context: context)
        return CLIRun(status: status, stdout: output.standardOutput, stderr: output.standardError)
    }
}

extension CLIRun {
    /// The fixture databases as a provider factory.
    static func fixtureFactory(_ databases: String = FixtureStore.dictDatabases) -> ProviderFactory {
        ProviderFactory(name: "fixtures") { _ in
            switch DictDatabaseDiscovery.databases(at: databases) {
            case .success(let found): .init(providers: found)
            case .failure(let error): .init(providers: [], problems: [error.description])
            }
        }
    }
}

