#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import ProviderConformance
import Testing

/// The kit must catch providers that break the contract: each faulty stub below breaks one rule.
struct StubProvider: DefinitionProviding {
    enum Fault: CaseIterable, Sendable {
        case none, throwsOnUnknown, answersUnknown, leaksMarkup, ignoresCancellation, throwsForeignError,
             wrongProvenance, failsOnOddInput, emptyDisplayName, alwaysOutdated
    }

    let fault: Fault
    var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: ProviderID("stub")!, displayName: fault == .emptyDisplayName ? " " : "Stub", capabilities: [.define],
            languages: [.english], requiresNetwork: false, source: "memory"
        )
    }

    static let words = ["cat": "a small domesticated feline", "dog": "a domesticated canine"]

    var isOutdated: Bool { fault == .alwaysOutdated }

    func lookup(_ query: LookupQuery) async throws -> LookupResult {
        if fault != .ignoresCancellation && Task.isCancelled {
            throw ProviderError(.cancelled, provider: descriptor.id, message: "cancelled")
        }
        if fault == .failsOnOddInput && query.term.contains("%") {
            throw ProviderError(.malformedResponse, provider: descriptor.id, message: "bad")
        }
        guard var definition = Self.words[query.term.lowercased()] else {
            switch fault {
            case .throwsOnUnknown: throw ProviderError(.unavailable, provider: descriptor.id, message: "no such word")
            case .throwsForeignError: throw CancellationError()
            case .answersUnknown: return entry(query.term, "made up")
            default: return .notFound
            }
        }
        if fault == .leaksMarkup { definition = "a {{l|en|small}} [[feline]]" }
        return entry(query.term, definition)
    }

    private func entry(_ headword: String, _ definition: String) -> LookupResult {
        let provider = fault == .wrongProvenance ? ProviderID("other")! : descriptor.id
        let provenance = Provenance(provider: provider, source: "memory", retrievedAt: Date())
        return LookupResult(entries: [Entry(
            headword: headword, language: .english,
            senseGroups: [SenseGroup(partOfSpeech: .noun, senses: [Sense(definition: definition, sources: [provenance])])],
            provenance: provenance
        )])
    }
}

@Suite struct ProviderConformanceTests {
    private func failures(_ fault: StubProvider.Fault) async -> [ProviderConformance.Failure] {
        await ProviderConformance.check(
            { StubProvider(fault: fault) }, expectedID: ProviderID("stub")!,
            known: [.init("cat", mentions: ["feline"]), .init("Dog")], unknown: ["unicorn"]
        )
    }

    @Test func aConformingProviderPasses() async {
        #expect(await failures(.none) == [])
    }

    @Test(arguments: [
        (StubProvider.Fault.throwsOnUnknown, "unknown"), (.answersUnknown, "unknown"), (.leaksMarkup, "known"),
        (.ignoresCancellation, "cancellation"), (.throwsForeignError, "unknown"), (.wrongProvenance, "known"),
        (.failsOnOddInput, "odd-input"), (.emptyDisplayName, "descriptor"), (.alwaysOutdated, "outdated"),
    ])
    func eachBrokenRuleIsCaught(fault: StubProvider.Fault, rule: String) async {
        let found = await failures(fault)
        #expect(found.contains { $0.rule == rule }, "\(fault): \(found)")
    }

    @Test func missingFixturesAreAFailureNotAPass() async {
        let found = await ProviderConformance.check(
            { StubProvider(fault: .none) }, expectedID: ProviderID("stub")!, known: [], unknown: []
        )
        #expect(found.filter { $0.rule == "fixtures" }.count == 2)
    }

    @Test func aWrongIDIsCaught() async {
        let found = await ProviderConformance.check(
            { StubProvider(fault: .none) }, expectedID: ProviderID("expected")!, known: [.init("cat")], unknown: ["x"]
        )
        #expect(found.contains { $0.rule == "descriptor" })
    }

    @Test(arguments: [
        ("clean text", nil), ("{{l|en|x}}", "markup '{{'"), ("see [[cat]]", "markup '[['"), ("'''bold'''", "markup '''''"),
        ("a <b>bold</b> word", "an HTML tag"), ("x < y and y > z", nil), ("<ref>cite</ref>", "an HTML tag"),
        (" padded", "leading or trailing white space"), ("", "empty text"),
    ] as [(String, String?)])
    func detectsMarkup(text: String, problem: String?) {
        #expect(MarkupCheck.problem(in: text) == problem)
    }
}

/// A generic wrapper that matches only when what it wraps does: a conditional conformance, which the protocols'
/// default capability views cannot see (the kit must say so, or the service would never ask it to match).
struct ConditionalWrapper<Base: DefinitionProviding>: DefinitionProviding {
    let base: Base
    var descriptor: ProviderDescriptor { base.descriptor }
    func lookup(_ query: LookupQuery) async throws -> LookupResult { try await base.lookup(query) }
}

extension ConditionalWrapper: MatchProviding where Base: MatchProviding {
    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] { [] }
    var matchStrategies: [MatchStrategy] { [] }
    func match(_ query: MatchQuery) async throws -> [String] { [] }
}

extension StubProvider: MatchProviding {
    func suggestions(for query: LookupQuery, limit: Int) async throws -> [String] { [] }
    var matchStrategies: [MatchStrategy] { [] }
    func match(_ query: MatchQuery) async throws -> [String] { [] }
}

@Suite struct CapabilityViewTests {
    @Test func viewsAreTheProviderForEachAdoptedCapabilityAndNilOtherwise() {
        let provider: any DictionaryProvider = StubProvider(fault: .none)
        #expect(provider.asDefiner != nil)
        #expect(provider.asMatcher != nil)  // adopted in an extension of its own
        #expect(provider.asTranslator == nil && provider.asLemmatizer == nil && provider.asRandomSource == nil)
        #expect(provider.asStoredAnswers == nil && provider.asDiscovering == nil && provider.asDescribed == nil)
        #expect(ProviderConformance.checkCapabilityViews(provider) == [])
    }

    @Test func aConditionalConformanceTheViewsMissIsCaught() {
        // Through the protocol, as the service sees it (on the concrete type the compiler picks the constrained view).
        let provider: any DictionaryProvider = ConditionalWrapper(base: StubProvider(fault: .none))
        #expect(provider is any MatchProviding)
        #expect(provider.asMatcher == nil)
        let found = ProviderConformance.checkCapabilityViews(provider)
        #expect(found.map(\.rule) == ["capability views"])
        #expect(found.first?.detail.hasPrefix("asMatcher is nil though ConditionalWrapper<StubProvider> adopts MatchProviding") == true)
    }
}

/// The factory check must catch a factory that declares an id it does not build, or builds one id twice.
@Suite struct FactoryCheckTests {
    static func factory(declaring ids: Set<ProviderID>, building built: [ProviderID]) -> ProviderFactory {
        ProviderFactory(name: "stubs", ids: ids) { _ in
            // StubProvider is always "stub": `built` says how many of it the factory makes.
            .init(providers: built.map { _ in StubProvider(fault: .none) as any DictionaryProvider })
        }
    }

    @Test func aFactoryThatBuildsWhatItDeclaresPasses() throws {
        try ProviderConformance.verifyFactory(Self.factory(declaring: [ProviderID("stub")!], building: [ProviderID("stub")!]))
        try ProviderConformance.verifyFactory(Self.factory(declaring: [], building: []))
    }

    @Test func aDeclaredIdItDoesNotBuildFails() {
        let failures = ProviderConformance.checkFactory(Self.factory(declaring: [ProviderID("other")!], building: [ProviderID("stub")!]))
        #expect(failures.map(\.rule) == ["factory"])
        #expect(failures.first?.detail.contains("declares 'other'") == true, "\(failures)")
    }

    @Test func twoProvidersUnderOneIdFail() {
        let failures = ProviderConformance.checkFactory(Self.factory(declaring: [], building: [ProviderID("stub")!, ProviderID("stub")!]))
        #expect(failures.first?.detail == "builds two providers named 'stub'", "\(failures)")
    }
}
