#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import Synchronization
import Testing

/// A provider whose answer is fixed by the test.
struct ScriptedProvider: DefinitionProviding {
    enum Behaviour: Sendable {
        case answer(String), empty, fail(ProviderError.Code), throwForeign, slow(Duration)
        /// Answers, then tells the test it has.
        case answerAndSignal(AsyncStream<Void>.Continuation)
    }
    let descriptor: ProviderDescriptor
    let behaviour: Behaviour

    init(_ id: String, _ behaviour: Behaviour, online: Bool = false, languages: [Language] = [.english]) {
        self.descriptor = ProviderDescriptor(
            id: ProviderID(id)!, displayName: id, capabilities: [.define], languages: languages,
            requiresNetwork: online, source: "test:\(id)"
        )
        self.behaviour = behaviour
    }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        let provenance = Provenance(provider: descriptor.id, source: descriptor.source, retrievedAt: Date(timeIntervalSince1970: 0))
        switch behaviour {
        case .answer(let definition):
            return LookupResult(entries: [Entry(
                headword: query.term, language: .english,
                senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: definition, sources: [provenance])])],
                provenance: provenance
            )])
        case .empty:
            return .notFound
        case .fail(let code):
            throw ProviderError(code, provider: descriptor.id, message: "scripted failure")
        case .throwForeign:
            struct Foreign: Error {}
            throw Foreign()
        case .answerAndSignal(let signal):
            defer { signal.yield() }
            return try await ScriptedProvider(descriptor.id.rawValue, .answer("signalled")).lookup(query)
        case .slow(let delay):
            do { try await Task.sleep(for: delay) } catch {
                throw ProviderError(.cancelled, provider: descriptor.id, message: "cancelled")
            }
            return try await ScriptedProvider(descriptor.id.rawValue, .answer("slow")).lookup(query)
        }
    }
}

@Suite struct RegistryTests {
    @Test func rejectsDuplicateIDs() {
        #expect(throws: RegistryError.duplicateID(ProviderID("a")!)) {
            try ProviderRegistry([ScriptedProvider("a", .empty), ScriptedProvider("a", .empty)])
        }
    }

    @Test(arguments: [
        ("wordnt", "wordnet"), ("WORDNET", nil), ("gcid", "gcide"), ("freedict", "freedict-eng-deu"), ("zzzzzz", nil),
    ] as [(String, String?)])
    func suggestsTheNearestID(name: String, suggestion: String?) throws {
        let registry = try ProviderRegistry(["wordnet", "gcide", "freedict-eng-deu"].map { ScriptedProvider($0, .empty) })
        if name == "WORDNET" {
            #expect(try registry.resolve([name]).map(\.descriptor.id.rawValue) == ["wordnet"])
            return
        }
        #expect(throws: RegistryError.unknownID(name, suggestion: suggestion.flatMap { ProviderID($0) })) {
            try registry.resolve([name])
        }
    }

    @Test func resolveKeepsTheUsersOrderWithoutRepeats() throws {
        let registry = try ProviderRegistry(["a", "b", "c"].map { ScriptedProvider($0, .empty) })
        #expect(try registry.resolve(["c", "a", "c", " b "]).map(\.descriptor.id.rawValue) == ["c", "a", "b"])
        #expect(throws: RegistryError.noneSelected) { try registry.resolve(["", " "]) }
    }

    @Test func filtersDefinersByLanguage() throws {
        let registry = try ProviderRegistry([
            ScriptedProvider("english", .empty), ScriptedProvider("german", .empty, languages: [.german]),
            ScriptedProvider("any", .empty, languages: []),
        ])
        #expect(registry.definers(for: .german).map(\.descriptor.id.rawValue) == ["german", "any"])
        #expect(registry.definers(for: nil).count == 3)
    }

    @Test func factoriesBuildOneRegistryAndReportProblems() {
        let factories = [
            ProviderFactory(name: "one") { _ in .init(providers: [ScriptedProvider("a", .empty)], problems: ["p1"]) },
            ProviderFactory(name: "two") { env in
                .init(providers: [ScriptedProvider("a", .empty), ScriptedProvider(env["ID"] ?? "x", .empty)])
            },
        ]
        let registry = ProviderRegistry(factories: factories, environment: ProviderEnvironment(variables: ["ID": "b"]))
        #expect(registry.ids.map(\.rawValue) == ["a", "b"])
        #expect(registry.problems == ["p1"])
    }

    /// Counts how often each factory was run.
    final class Runs: Sendable {
        private let counts = Mutex<[String: Int]>([:])
        func add(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
        var all: [String: Int] { counts.withLock { $0 } }
    }

    static func factories(_ runs: Runs) -> [ProviderFactory] {
        [
            // Found at run time, like dictd databases: one of them takes the name another factory declares.
            ProviderFactory(name: "found") { _ in
                runs.add("found")
                return .init(providers: [ScriptedProvider("local", .empty), ScriptedProvider("online", .empty)], problems: ["found: p"])
            },
            ProviderFactory(name: "online", ids: [ProviderID("online")!]) { _ in
                runs.add("online")
                return .init(providers: [ScriptedProvider("online", .answer("x"), online: true)], problems: ["online: p"])
            },
            ProviderFactory(name: "other", ids: [ProviderID("other")!]) { _ in
                runs.add("other")
                return .init(providers: [ScriptedProvider("other", .empty)])
            },
        ]
    }

    @Test func aDeclaredIdIsBuiltByItsOwnFactoryAlone() throws {
        let runs = Runs()
        let registry = ProviderRegistry(factories: Self.factories(runs), environment: ProviderEnvironment(variables: [:]))
        #expect(runs.all.isEmpty, "nothing is built before it is asked")
        let resolved = try registry.resolve(["online"])
        #expect(resolved.map(\.descriptor.id.rawValue) == ["online"])
        #expect(runs.all == ["online": 1])
        #expect(registry.builtProviders.map(\.descriptor.id.rawValue) == ["online"])
        #expect(registry.builtProblems == ["online: p"])
        // An id nobody declares needs everything, built once; the factory built before is not run again.
        #expect(registry.provider(ProviderID("local")!) != nil)
        #expect(runs.all == ["online": 1, "found": 1, "other": 1])
        _ = registry.providers
        #expect(runs.all == ["online": 1, "found": 1, "other": 1])
    }

    /// A name a registry from factories does not know makes it ask them again (a dataset imported while a server
    /// runs), at most once an interval; copies share what it found; one of given providers never looks again.
    @Test func anUnknownNameMakesTheFactoriesLookAgain() async throws {
        let found = Mutex<[String]>(["a"])
        let runs = Runs()
        let factories = [ProviderFactory(name: "datasets") { _ in
            runs.add("datasets")
            return .init(providers: found.withLock { $0 }.map { ScriptedProvider($0, .empty) })
        }]
        let environment = ProviderEnvironment(variables: [:])
        let registry = ProviderRegistry(factories: factories, environment: environment, refreshInterval: .milliseconds(200))
        let copy = registry
        #expect(try registry.resolve(["a"]).map(\.descriptor.id.rawValue) == ["a"])
        found.withLock { $0.append("b") }
        // Within the interval of the first look: not looked for again.
        #expect(throws: RegistryError.self) { try registry.resolve(["b"]) }
        #expect(runs.all == ["datasets": 1])
        try await Task.sleep(for: .milliseconds(250))
        #expect(try registry.resolve(["a", "b"]).map(\.descriptor.id.rawValue) == ["a", "b"])
        #expect(runs.all == ["datasets": 2])
        #expect(copy.ids.map(\.rawValue) == ["a", "b"], "a copy (the lookup service's) sees it too")
        // Nonsense right after: one look an interval at most.
        #expect(throws: RegistryError.self) { try registry.resolve(["zzz"]) }
        #expect(throws: RegistryError.self) { try registry.resolve(["zzz"]) }
        #expect(runs.all == ["datasets": 2])

        let given = try ProviderRegistry([ScriptedProvider("a", .empty)])
        try await Task.sleep(for: .milliseconds(10))
        #expect(throws: RegistryError.self) { try given.resolve(["b"]) }
    }

    /// A factory that can build one declared provider alone (`makeOne`, as dictd databases build WordNet without
    /// listing every database) does so for a lookup naming it; the whole list, when needed, is its full `make`, and
    /// a problem both report is listed once.
    @Test func aFactoryBuildsOneDeclaredProviderAloneWhenItCan() throws {
        let runs = Runs()
        let factories = [
            ProviderFactory(
                name: "databases", ids: [ProviderID("main")!],
                makeOne: { id, _ in
                    runs.add("one:\(id)")
                    return .init(providers: [ScriptedProvider("main", .answer("alone"))], problems: ["path: unreadable"])
                }
            ) { _ in
                runs.add("all")
                return .init(providers: [ScriptedProvider("main", .answer("all")), ScriptedProvider("extra", .empty)],
                             problems: ["path: unreadable"])
            },
            ProviderFactory(name: "other", ids: [ProviderID("other")!]) { _ in
                runs.add("other")
                return .init(providers: [ScriptedProvider("other", .empty)])
            },
        ]
        let registry = ProviderRegistry(factories: factories, environment: ProviderEnvironment(variables: [:]))
        let resolved = try registry.resolve(["main"])
        #expect(resolved.map(\.descriptor.id.rawValue) == ["main"])
        #expect(runs.all == ["one:main": 1])
        #expect(registry.builtProviders.map(\.descriptor.id.rawValue) == ["main"])
        #expect(registry.builtProblems == ["path: unreadable"])
        _ = try registry.resolve(["main"])
        #expect(runs.all == ["one:main": 1], "built once")
        // Everything: the full list, run once, with the problem not repeated.
        #expect(registry.ids.map(\.rawValue) == ["main", "extra", "other"])
        #expect(runs.all == ["one:main": 1, "all": 1, "other": 1])
        #expect(registry.problems == ["path: unreadable"])
    }

    /// An id no factory declares (a dictd database, an imported dataset) is asked of the factories in order, each
    /// building only what it has under that id: factories of declared ids only are passed over, the first that has
    /// it answers, and a factory that cannot tell without building everything makes the registry build everything.
    /// What was built alone stays the provider under its id when everything is built later.
    @Test func anUndeclaredIdIsBuiltAloneByTheFactoriesThatCanTell() async throws {
        let runs = Runs()
        func found(_ name: String, has ids: [String]) -> ProviderFactory {
            ProviderFactory(
                name: name,
                makeOne: { id, _ in
                    runs.add("\(name):\(id)")
                    return .init(providers: ids.contains(id.rawValue) ? [ScriptedProvider(id.rawValue, .answer("alone"))] : [])
                }
            ) { _ in
                runs.add(name)
                return .init(providers: ids.map { ScriptedProvider($0, .answer("all")) })
            }
        }
        let factories = [
            found("databases", has: ["gcide", "shared"]),
            ProviderFactory(name: "online", ids: [ProviderID("online")!], onlyDeclared: true) { _ in
                runs.add("online")
                return .init(providers: [ScriptedProvider("online", .empty, online: true)])
            },
            found("datasets", has: ["dump", "shared"]),
            ProviderFactory(name: "programs") { _ in
                runs.add("programs")
                return .init(providers: [ScriptedProvider("script", .empty)])
            },
        ]
        let registry = ProviderRegistry(factories: factories, environment: ProviderEnvironment(variables: [:]))
        #expect(try registry.resolve(["dump"]).map(\.descriptor.id.rawValue) == ["dump"])
        #expect(runs.all == ["databases:dump": 1, "datasets:dump": 1])
        #expect(registry.builtProviders.map(\.descriptor.id.rawValue) == ["dump"])
        _ = try registry.resolve(["gcide", "dump"])
        #expect(runs.all == ["databases:dump": 1, "datasets:dump": 1, "databases:gcide": 1], "each asked once")
        // The earlier factory's, as in the whole list.
        #expect(registry.provider(ProviderID("shared")!) != nil)
        #expect(runs.all["datasets:shared"] == nil)
        #expect(registry.builtProviders.map(\.descriptor.id.rawValue) == ["gcide", "shared", "dump"])
        // Neither of the factories that can tell has it: only the whole list can.
        #expect(registry.provider(ProviderID("script")!) != nil)
        #expect(runs.all["programs"] == 1 && runs.all["databases"] == 1 && runs.all["datasets"] == 1 && runs.all["online"] == 1)
        #expect(registry.ids.map(\.rawValue) == ["gcide", "shared", "online", "dump", "script"])
        for id in ["dump", "gcide", "shared"] {
            let provider = try #require(registry.provider(ProviderID(id)!)?.asDefiner)
            let answer = try await provider.lookup(LookupQuery("word"))
            #expect(answer.entries.first?.senseGroups.first?.senses.first?.definition == "alone", "\(id): the one built alone")
        }
    }

    /// The earlier factory's provider would win an id otherwise: a declared id stays with its factory, built lazily or
    /// all at once, so `--providers online` means the same provider either way.
    @Test func aDeclaredIdIsLeftOutOfOtherFactoriesWithAProblem() throws {
        let registry = ProviderRegistry(factories: Self.factories(Runs()), environment: ProviderEnvironment(variables: [:]))
        #expect(registry.ids.map(\.rawValue) == ["local", "online", "other"])
        let online = try #require(registry.provider(ProviderID("online")!))
        #expect(online.descriptor.requiresNetwork, "the declaring factory's")
        #expect(registry.problems.contains("found: a provider named 'online' is left out: that name is online's"))
        let lazy = ProviderRegistry(factories: Self.factories(Runs()), environment: ProviderEnvironment(variables: [:]))
        #expect(try lazy.resolve(["online"]).first?.descriptor.requiresNetwork == true)
    }

    /// An id every factory can tell it does not have (`data import` asks for each new name) is nil without the whole
    /// list built: no dictd directory listed, no dataset opened. A typo of an id still names the nearest, from the
    /// whole list.
    @Test func anIdNoFactoryHasIsAbsentWithoutBuildingEverything() throws {
        let runs = Runs()
        let factories = [
            ProviderFactory(
                name: "databases",
                makeOne: { id, _ in
                    runs.add("databases:\(id)")
                    return .init(providers: [])
                }
            ) { _ in
                runs.add("databases")
                return .init(providers: [ScriptedProvider("gcide", .empty)])
            },
            ProviderFactory(name: "online", ids: [ProviderID("online")!], onlyDeclared: true) { _ in
                runs.add("online")
                return .init(providers: [ScriptedProvider("online", .empty, online: true)])
            },
        ]
        let registry = ProviderRegistry(factories: factories, environment: ProviderEnvironment(variables: [:]))
        #expect(registry.provider(ProviderID("fresh")!) == nil)
        #expect(runs.all == ["databases:fresh": 1])
        #expect(throws: RegistryError.unknownID("gcid", suggestion: ProviderID("gcide"))) { try registry.resolve(["gcid"]) }
        #expect(runs.all["databases"] == 1 && runs.all["online"] == 1)
    }

    @Test func anUnknownIdIsReportedWithTheNearestAfterBuildingEverything() {
        let runs = Runs()
        let registry = ProviderRegistry(factories: Self.factories(runs), environment: ProviderEnvironment(variables: [:]))
        #expect(throws: RegistryError.unknownID("locl", suggestion: ProviderID("local"))) { try registry.resolve(["locl"]) }
        #expect(runs.all == ["online": 1, "found": 1, "other": 1])
    }
}

@Suite struct AggregatorTests {
    @Test(arguments: [false, true])
    func reportsEveryOutcomeInPriorityOrder(online: Bool) async throws {
        let providers: [any DefinitionProviding] = [
            ScriptedProvider("first", .answer("one"), online: online),
            ScriptedProvider("second", .empty, online: online),
            ScriptedProvider("third", .fail(.unavailable), online: online),
            ScriptedProvider("fourth", .throwForeign, online: online),
            ScriptedProvider("fifth", .answer("five"), online: !online),
        ]
        let result = await Aggregator(clock: ManualClock()).define(try LookupQuery("word"), using: providers)
        #expect(result.outcomes.map(\.provider.rawValue) == ["first", "second", "third", "fourth", "fifth"])
        #expect(result.entries.map(\.provenance.provider.rawValue) == ["first", "fifth"])
        #expect(result.outcomes[1].status == .empty)
        #expect(result.outcomes[2].error?.code == .unavailable)
        #expect(result.outcomes[3].error?.code == .unavailable)
        #expect(result.outcomes[3].error?.provider.rawValue == "fourth")
        #expect(result.isFound)
        #expect(!result.allFailed)
    }

    @Test func allFailedIsDistinctFromNotFound() async throws {
        let failing = await Aggregator(clock: ManualClock()).define(try LookupQuery("w"), using: [ScriptedProvider("a", .fail(.timeout))])
        #expect(failing.allFailed && !failing.isFound)
        let empty = await Aggregator(clock: ManualClock()).define(try LookupQuery("w"), using: [ScriptedProvider("a", .empty)])
        #expect(!empty.allFailed && !empty.isFound)
        let none = await Aggregator(clock: ManualClock()).define(try LookupQuery("w"), using: [])
        #expect(!none.allFailed && !none.isFound)
    }
}

/// Strategies and time limits, on a clock the tests advance by hand: deterministic however busy the machine is.
@Suite struct StrategyTests {
    private func aggregator(_ strategy: LookupStrategy, _ clock: ManualClock, providerTimeout: Duration = .seconds(5),
                            deadline: Duration = .seconds(8)) -> Aggregator<ManualClock> {
        Aggregator(options: .init(strategy: strategy, providerTimeout: providerTimeout, deadline: deadline), clock: clock)
    }

    private func statuses(_ result: AggregatedResult) -> [String] {
        result.outcomes.map { outcome in
            switch outcome.status {
            case .answered: "\(outcome.provider):answered"
            case .empty: "\(outcome.provider):empty"
            case .failed(let error): "\(outcome.provider):\(error.code)"
            }
        }
    }

    @Test func aDeadProviderIsCutOffAtItsTimeoutAndTheOthersStillAnswer() async throws {
        let clock = ManualClock()
        let (answered, signal) = AsyncStream<Void>.makeStream()
        let aggregator = aggregator(.merge, clock, providerTimeout: .seconds(1))
        let query = try LookupQuery("word")
        let providers: [any DefinitionProviding] = [
            ScriptedProvider("local", .answer("offline"), online: false),
            ScriptedProvider("dead", .slow(.seconds(600)), online: true),
            ScriptedProvider("quick", .answerAndSignal(signal), online: true),
        ]
        let lookup = Task { await aggregator.define(query, using: providers) }
        for await _ in answered { break }   // time moves only once the quick provider has answered
        let result = try await driving(clock, step: .milliseconds(250)) { await lookup.value }
        #expect(statuses(result) == ["local:answered", "dead:timeout", "quick:answered"])
        #expect(result.entries.map(\.provenance.provider.rawValue) == ["local", "quick"])
        #expect(result.outcomes[1].error?.message == "no answer within 1 s")
    }

    @Test func firstStopsAtTheFirstProviderThatKnowsTheWordAndSkipsFailures() async throws {
        let result = await aggregator(.first, ManualClock()).define(try LookupQuery("word"), using: [
            ScriptedProvider("broken", .fail(.unavailable), online: true),
            ScriptedProvider("blank", .empty),
            ScriptedProvider("knows", .answer("yes"), online: true),
            ScriptedProvider("never", .answer("unasked")),
        ])
        #expect(statuses(result) == ["broken:unavailable", "blank:empty", "knows:answered"])
        #expect(result.entries.count == 1)
    }

    @Test func fastestTakesTheFirstAnswerAndCancelsTheRest() async throws {
        let result = await aggregator(.fastest, ManualClock()).define(try LookupQuery("word"), using: [
            ScriptedProvider("slow", .slow(.seconds(600)), online: true),
            ScriptedProvider("quick", .answer("fast"), online: true),
        ])
        #expect(statuses(result) == ["slow:cancelled", "quick:answered"])
        #expect(result.entries.map(\.provenance.provider.rawValue) == ["quick"])
    }

    @Test func fastestNeedsNoNetworkWhenAnOfflineProviderKnowsTheWord() async throws {
        let result = await aggregator(.fastest, ManualClock()).define(try LookupQuery("word"), using: [
            ScriptedProvider("online", .slow(.seconds(600)), online: true),
            ScriptedProvider("offline", .answer("here")),
        ])
        #expect(statuses(result) == ["offline:answered"])
    }

    @Test func firstGivesEachSourceItsShareSoAStalledOneLeavesTimeForTheNext() async throws {
        let clock = ManualClock()
        let aggregator = aggregator(.first, clock, providerTimeout: .seconds(5), deadline: .seconds(2))
        let query = try LookupQuery("word")
        // Small steps: the second source must get its turn while its second of test time lasts, however busy the
        // machine is (1,000 steps of 2 ms real time).
        let result = try await driving(clock, step: .milliseconds(1)) {
            await aggregator.define(query, using: [
                ScriptedProvider("slow", .slow(.seconds(600)), online: true),
                ScriptedProvider("late", .answer("in time"), online: true),
            ])
        }
        #expect(statuses(result) == ["slow:timeout", "late:answered"])
        #expect(result.outcomes[0].error?.message == "no answer within 1 s", "half of the 2 s: one more source to ask")
        #expect(result.entries.map(\.provenance.provider.rawValue) == ["late"])
    }

    @Test func aSourceWhoseTurnComesAfterTheDeadlineIsReportedNotAsked() async throws {
        let clock = ManualClock()
        let aggregator = aggregator(.merge, clock, providerTimeout: .seconds(5), deadline: .zero)
        let result = await aggregator.define(try LookupQuery("word"), using: [ScriptedProvider("late", .answer("x"), online: true)])
        #expect(result.outcomes[0].error?.message.hasPrefix("not asked") == true)
        #expect(result.allFailed)
    }

    @Test func cancellingTheLookupCancelsEveryProvider() async throws {
        let aggregator = aggregator(.merge, ManualClock())
        let query = try LookupQuery("word")
        let task = Task {
            await aggregator.define(query, using: [
                ScriptedProvider("a", .slow(.seconds(600)), online: true),
                ScriptedProvider("b", .slow(.seconds(600)), online: true),
            ])
        }
        task.cancel()
        let result = await task.value
        #expect(statuses(result) == ["a:cancelled", "b:cancelled"])
    }
}
