import DictDatabaseProvider
import LexAggCore
import ProviderConformance
import Testing

/// The shared provider contract, run on small real databases cut from Debian's dictd packages.
@Suite struct DictDatabaseConformanceTests {
    @Test func wordNetConforms() async throws {
        try await ProviderConformance.verify(
            { TestDatabases.fixture("wn") }, expectedID: .wordnet,
            known: [
                .init("serendipity", mentions: ["good luck in making unexpected and fortunate discoveries"]),
                .init("BANK", headword: "bank", mentions: ["financial institution", "tip laterally"], minimumItems: 18),
                .init("ice cream", mentions: ["frozen dessert"]),
                .init("Aachen", mentions: ["Charlemagne"]),
                .init("'hood", mentions: ["neighborhood"]),
            ],
            unknown: ["serendipityx", "qqqqzzzz", "banks and banks"]
        )
    }

    @Test func gcideConforms() async throws {
        try await ProviderConformance.verify(
            { TestDatabases.fixture("gcide") }, expectedID: ProviderID("gcide")!,
            known: [.init("house", headword: "House", mentions: ["habitation"], minimumItems: 3)],
            unknown: ["serendipity", "qqqqzzzz"]
        )
    }

    @Test func freeDictConforms() async throws {
        try await ProviderConformance.verify(
            { TestDatabases.fixture("freedict-eng-deu") }, expectedID: ProviderID("freedict-eng-deu")!,
            known: [
                .init("house", mentions: ["Haus", "Familie"], minimumItems: 3),
                .init("and a half", headword: "… and a half", mentions: ["einhalb"]),
            ],
            unknown: ["serendipityx", "qqqqzzzz"]
        )
    }

    @Test func freeDictTranslatesInItsDirection() async throws {
        let english = try #require(Language("en")), german = try #require(Language("de"))
        try await ProviderConformance.verifyTranslating(
            { TestDatabases.fixture("freedict-eng-deu") }, expectedID: ProviderID("freedict-eng-deu")!,
            known: [.init("house", pair: LanguagePair(source: english, target: german), mentions: ["Haus"])],
            unknown: [("qqqqzzzz", LanguagePair(source: english, target: german))]
        )
    }

    @Test func wordNetSuggestsCloseHeadwords() async throws {
        try await ProviderConformance.verifyMatching(
            { TestDatabases.fixture("wn") }, expectedID: .wordnet,
            known: [(query: "serendipit", expected: "serendipity"), (query: "serendipty", expected: "serendipity")]
        )
    }
}

/// The registry builds this factory alone for `--providers` naming an id it declares: it must build each of them.
@Suite struct DictDatabaseFactoryTests {
    @Test func buildsEveryIdItDeclares() throws {
        for factory: ProviderFactory in [.dictDatabases] { try ProviderConformance.verifyFactory(factory) }
    }
}
