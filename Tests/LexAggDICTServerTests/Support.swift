import DictDatabaseProvider
import Foundation
import LexAggAggregation
import LexAggCore
import LexAggFixtures
import LexAggDICTServer
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle

/// A DICT server running in this process on a free loopback port, over a real registry.
struct RunningServer {
    let server: DICTServer
    let group: ServiceGroup
    let task: Task<Void, any Error>
    let port: Int

    static let quiet = Logger(label: "dict-test") { _ in SwiftLogNoOpLogHandler() }

    /// The embedded WordNet (the same files lexagg ships), as the `wordnet` provider.
    static func wordnet() throws -> DictDatabase {
        guard let directory = DictDatabaseDiscovery.embeddedDirectory(),
              case .success(let found) = DictDatabaseDiscovery.databases(at: directory),
              let wordnet = found.first(where: { $0.descriptor.id == .wordnet })
        else { throw SupportError("the embedded WordNet is missing") }
        return wordnet
    }

    static func start(
        _ providers: [any DictionaryProvider], configuration: DICTServer.Configuration = DICTServer.Configuration(port: 0)
    ) async throws -> RunningServer {
        let registry = try ProviderRegistry(providers)
        let service = LookupService(registry: registry, cache: nil, logger: quiet)
        var configuration = configuration
        configuration.port = 0
        let server = DICTServer(service: service, configuration: configuration, logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [server], logger: quiet))
        let task = Task { try await group.run() }
        let address = try await server.listeningAddress()
        return RunningServer(server: server, group: group, task: task, port: address.port)
    }

    /// Graceful shutdown, then waits until the server has stopped.
    func stop() async throws {
        await group.triggerGracefulShutdown()
        try await task.value
    }
}

struct SupportError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Debian's `dict` client, run as a process (without blocking a concurrency thread while it runs).
struct DictClient {
    let status: Int32
    let stdout: String
    let stderr: String

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/dict") }

    static func run(_ arguments: [String], port: Int) async throws -> DictClient {
        let directory = URL(fileURLWithPath: TemporaryFiles.directory("dict-client"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out"), err = directory.appendingPathComponent("err")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dict")
        // No ~/.dictrc of the user's: only the server given here.
        process.arguments = ["-h", "127.0.0.1", "-p", String(port)] + arguments
        process.environment = ["HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        return DictClient(
            status: status, stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }
}

/// A raw TCP client: sends bytes in one write, reads everything until the server closes the connection.
enum RawClient {
    static func exchange(port: Int, send text: String, timeout: Duration = .seconds(30)) async throws -> String {
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .channelOption(.allowRemoteHalfClosure, value: true)
                    .connect(host: "127.0.0.1", port: port) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                        }
                    }
                return try await channel.executeThenClose { inbound, outbound in
                    if !text.isEmpty { try await outbound.write(ByteBuffer(string: text)) }
                    var received = ByteBuffer()
                    for try await var chunk in inbound { received.writeBuffer(&chunk) }
                    return String(buffer: received)
                }
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw SupportError("no end of the conversation within \(timeout)")
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    /// The status lines (lines starting with three digits and a space) of a transcript, as their codes.
    static func codes(_ transcript: String) -> [Int] {
        statusLines(transcript).compactMap { Int($0.prefix(3)) }
    }

    static func statusLines(_ transcript: String) -> [Substring] {
        var inText = false
        var lines: [Substring] = []
        for line in transcript.split(separator: "\r\n", omittingEmptySubsequences: false) {
            if inText {
                if line == "." { inText = false }
                continue
            }
            guard line.count >= 3, let code = Int(line.prefix(3)) else { continue }
            lines.append(line)
            if [110, 111, 112, 113, 114, 151, 152].contains(code) { inText = true }
        }
        return lines
    }
}

extension RawClient {
    /// A connection the test drives itself, reading and writing as it goes (in `executeThenClose`).
    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }
}
