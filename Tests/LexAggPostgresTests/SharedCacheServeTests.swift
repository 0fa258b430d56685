#if canImport(Glibc)
import Glibc
#endif
import AsyncHTTPClient
import Foundation
import LexAggFixtures
import NIOCore
import NIOHTTP1
import ProviderConformance
import Testing

/// Two `lexagg serve http` processes on one database, as behind a load balancer: a word fetched through the first
/// is answered from the shared cache by the second with the provider's server stopped, and marked stale once the
/// cached answer has expired.
@Suite(.serialized, .enabled(if: TestDatabase.available, TestDatabase.skipReason))
struct SharedCacheServeTests {
    final class Server {
        let process = Process()
        let base: String

        init(_ environment: [String: String]) async throws {
            process.executableURL = URL(fileURLWithPath: BinaryRun.binary)
            process.arguments = ["serve", "http", "--port", "0", "--rate-limit", "0", "--quiet"]
            process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
            let stdout = Pipe()
            process.standardOutput = stdout
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            let printed = await stdout.fileHandleForReading.lines(1)
            guard let line = printed.split(separator: "\n").first, line.hasPrefix("lexagg: serving HTTP on "),
                  let address = line.split(separator: " ").last
            else {
                kill(process.processIdentifier, SIGKILL)
                throw CancellationError()
            }
            base = String(address)
        }

        /// SIGTERM, waiting for the exit. A test that fails before stopping a server leaves it to `deinit`.
        func stop() async {
            guard process.isRunning else { return }
            await process.terminated()
        }

        deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        /// The answer's outcome for wiktionary: its origin (`source`, `cache`, `stale`) and the status.
        func lookup(_ word: String) async throws -> (status: Int, origin: String?) {
            let request = HTTPClientRequest(url: base + "/v1/lookup?word=\(word)&providers=wiktionary&timeout=60")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(90))
            let body = try await response.body.collect(upTo: 16 << 20)
            let text = String(buffer: body)
            return (Int(response.status.code), Self.origin(in: try JSONSerialization.jsonObject(with: Data(text.utf8))))
        }

        static func origin(in value: Any) -> String? {
            if let object = value as? [String: Any] {
                if let origin = object["origin"] as? String, (object["provider"] as? String) == "wiktionary" { return origin }
                for child in object.values { if let found = origin(in: child) { return found } }
            } else if let array = value as? [Any] {
                for child in array { if let found = origin(in: child) { return found } }
            }
            return nil
        }
    }

    @Test func theSecondInstanceAnswersFromTheSharedCacheWithTheSourceStopped() async throws {
        let url = try await TestDatabase.create()
        let replay = try await ReplayServer.start(
            fallback: .json(PostgresBinaryTests.bytes("wiktionary/responses/error-missingtitle.json"))
        )
        replay.route("/w/api.php", query: ["action": "parse", "page": "bank"],
                     .json(PostgresBinaryTests.bytes("wiktionary/responses/parse-bank.json")))
        let endpoint = ["LEXAGG_WIKTIONARY_ENDPOINT": replay.baseURL]

        let first = try await Server(PostgresBinaryTests.environment(url, endpoint))
        let fetched = try await first.lookup("bank")
        #expect(fetched.status == 200)
        #expect(fetched.origin == "source")
        #expect(replay.requests.count == 1)
        await replay.shutdown()

        // The second instance never asked Wiktionary; its server is gone, and the shared cache answers.
        let second = try await Server(PostgresBinaryTests.environment(url, endpoint))
        let cached = try await second.lookup("bank")
        #expect(cached.status == 200)
        #expect(cached.origin == "cache")

        // A third instance whose answers live one second: expired, the source is down, the answer is served stale.
        try await Task.sleep(for: .milliseconds(1500))
        let third = try await Server(PostgresBinaryTests.environment(url, endpoint.merging(["LEXAGG_CACHE_TTL": "1"]) { $1 }))
        let stale = try await third.lookup("bank")
        #expect(stale.status == 200)
        #expect(stale.origin == "stale")
        for server in [first, second, third] { await server.stop() }
    }
}
