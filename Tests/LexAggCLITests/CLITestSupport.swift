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

/// Runs the real `lexagg` binary built beside the test bundle.
struct BinaryRun {
    let status: Int32
    let stdout: String
    let stderr: String

    static var binary: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = String(decoding: buffer[0..<max(0, count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<path.lastIndex(of: "/")!]) + "/lexagg"
    }

    /// Runs the binary with `arguments` and exactly `environment` (plus PATH), no standard input.
    static func run(_ arguments: [String], environment: [String: String] = [:], executable: String = binary) -> BinaryRun {
        let directory = TemporaryFiles.directory()
        let out = directory + "/out", err = directory + "/err"
        var env = environment
        env["PATH"] = "/usr/bin:/bin"
        let command = (["env", "-i"] + env.map { "\($0.key)=\($0.value)" } + [executable] + arguments)
            .map(shellQuote).joined(separator: " ") + " </dev/null >\(out) 2>\(err)"
        let raw = system(command)
        let status = (raw >> 8) & 0xFF
        return BinaryRun(status: status, stdout: TemporaryFiles.read(out), stderr: TemporaryFiles.read(err))
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

enum TemporaryFiles {
    static func directory() -> String {
        var template = Array("/tmp/lexagg-cli-XXXXXX".utf8CString)
        let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        return String(decoding: UnsafeRawBufferPointer(start: path!, count: strlen(path!)), as: UTF8.self)
    }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
