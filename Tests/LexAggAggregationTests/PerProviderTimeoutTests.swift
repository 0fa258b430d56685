import LexAggAggregation
import LexAggCore
import Testing

/// `AggregationOptions.providerTimeouts`: a provider's own limit (from the configuration file) replaces the
/// common one (the deadline still bounds every provider: see `AggregatorTests`).
@Suite struct PerProviderTimeoutTests {
    @Test func aProvidersOwnTimeoutReplacesTheCommonOne() async throws {
        let clock = ManualClock()
        var options = AggregationOptions(strategy: .merge, providerTimeout: .seconds(3), deadline: .seconds(10))
        options.providerTimeouts = [ProviderID("short")!: .seconds(1), ProviderID("long")!: .seconds(4)]
        let aggregator = Aggregator(options: options, clock: clock)
        let query = try LookupQuery("word")
        let result = try await driving(clock, step: .milliseconds(250)) {
            await aggregator.define(query, using: [
                ScriptedProvider("short", .slow(.seconds(600)), online: true),
                ScriptedProvider("common", .slow(.seconds(600)), online: true),
                ScriptedProvider("long", .slow(.seconds(600)), online: true),
            ])
        }
        #expect(result.outcomes.map { $0.error?.message } == [
            "no answer within 1 s", "no answer within 3 s", "no answer within 4 s",
        ])
    }
}
