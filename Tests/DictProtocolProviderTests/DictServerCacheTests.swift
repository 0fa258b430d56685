@testable import DictProtocolProvider
import Foundation
import LexAggAggregation
import LexAggCache
import LexAggCore
import LexAggFixtures
import Logging
import Testing

/// Switching `LEXAGG_DICT_SERVER` to another server through the lookup service and the real cache file: each
/// server's own answer, never the other's cached one.
@Suite struct DictServerCacheTests {
    static func transcript(_ definition: String) -> String {
        "220 dictd <auth> <1.2@host>\r\n250 ok\r\n150 1 definitions retrieved\r\n151 \"house\" wn \"WordNet\"\r\n"
            + "house\r\n    n 1: \(definition)\r\n.\r\n250 ok\r\n221 bye\r\n"
    }

    @Test func twoServersEachGiveTheirOwnAnswer() async throws {
        let one = try await ScriptedServer.start(reply: Self.transcript("a dwelling on the first server"))
        let two = try await ScriptedServer.start(reply: Self.transcript("a dwelling on the second server"))
        let directory = TemporaryFiles.directory("dict-cache")
        let store = CacheStore(path: directory + "/cache.sqlite", warn: { Issue.record("cache warning: \($0)") })
        func lookUp(port: Int) async throws -> LookupAnswer {
            let server = DictServer(configuration: DictServer.Configuration(host: "127.0.0.1", port: port))
            let service = LookupService(
                registry: try ProviderRegistry([server]),
                configuration: .init(aggregation: AggregationOptions(providerTimeout: .seconds(60), deadline: .seconds(60))),
                cache: LookupCache(store: store), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
            )
            return try await service.define(try LookupQuery("house"))
        }
        let first = try await lookUp(port: one.port)
        let second = try await lookUp(port: two.port)
        let again = try await lookUp(port: one.port)
        #expect(first.entries.first?.allSenses.first?.definition.contains("first server") == true)
        #expect(second.entries.first?.allSenses.first?.definition.contains("second server") == true)
        #expect(again.entries == first.entries)
        guard case .cache = again.result.outcomes.first?.origin else {
            Issue.record("the first server's answer comes from the cache the second time: \(again.result.outcomes)")
            return
        }
        await one.stop()
        await two.stop()
    }
}
