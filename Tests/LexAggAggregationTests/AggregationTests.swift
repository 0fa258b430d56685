#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggAggregation
import LexAggCore
import Testing

/// A provider whose answer is fixed by the test.
struct ScriptedProvider: DefinitionProviding {
    enum Behaviour: Sendable { case answer(String), empty, fail(ProviderError.Code), throwForeign }
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
        let result = await Aggregator().define(try LookupQuery("word"), using: providers)
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
        let failing = await Aggregator().define(try LookupQuery("w"), using: [ScriptedProvider("a", .fail(.timeout))])
        #expect(failing.allFailed && !failing.isFound)
        let empty = await Aggregator().define(try LookupQuery("w"), using: [ScriptedProvider("a", .empty)])
        #expect(!empty.allFailed && !empty.isFound)
        let none = await Aggregator().define(try LookupQuery("w"), using: [])
        #expect(!none.allFailed && !none.isFound)
    }
}
