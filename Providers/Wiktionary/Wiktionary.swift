#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore
import LexAggHTTP

/// Defines words from the English Wiktionary, through the MediaWiki Action API (`action=parse`).
///
/// Each language section of the page becomes entries of its own (one per etymology); a query with a language
/// reads only that language's section and finds nothing when the page has none. Titles are case-sensitive:
/// the word is tried as typed, then lower-cased when that finds nothing.
public struct Wiktionary: DefinitionProviding, TranslationProviding, ServiceProvider {
    /// The default endpoint: `https://en.wiktionary.org`.
    public static let defaultEndpoint = "https://en.wiktionary.org"
    /// The environment variable that overrides the endpoint (scheme, host and port; the API path is fixed).
    public static let endpointVariable = "LEXAGG_WIKTIONARY_ENDPOINT"

    public static let id = ProviderID.wiktionary
    public let connection: ServiceConnection

    /// Creates the provider over its connection (see ``LexAggHTTP/ServiceProvider`` for the other initialisers).
    public init(connection: ServiceConnection) {
        self.connection = connection
    }

    public var descriptor: ProviderDescriptor {
        ProviderDescriptor(
            id: .wiktionary,
            displayName: "Wiktionary (English edition)",
            capabilities: [.define, .translate, .pronunciations, .examples, .etymology, .match],
            translationPairs: Self.translationPairs,
            requiresNetwork: true,
            source: configuration.endpoint.text,
            license: "CC BY-SA 4.0",
            // 2: this round's parser fixes (recordings without a transcription, …): answers cached before are asked again.
            formatVersion: 2
        )
    }

    public func availability() async -> ProviderAvailability { configuration.endpoint.availability }

    /// English into the languages lexagg names (the translation tables have hundreds more).
    static let translationPairs: [LanguagePair] = (Language.namedCodes + ["cmn", "yue", "sh"]).filter { $0 != "en" }
        .compactMap { code in Language(code).map { LanguagePair(source: .english, target: $0) } }

    /// The path of the Action API; only the endpoint (scheme, host, port) can change.
    static let apiPath = "/w/api.php"

    public func lookup(_ query: LookupQuery) async throws -> LookupResult {
        try await entries(query.term, language: query.language, translations: false).result
    }

    /// `translate`: the word's translation tables (English words have them; a page's other languages seldom do),
    /// the items into the language asked, each with the sense its table names (`context`) and its gender.
    public func translate(_ query: TranslationQuery) async throws -> LookupResult {
        guard query.pair.source.matches(.english) else {
            throw ProviderError(.unsupportedLanguage, provider: .wiktionary, message: "translates from English only (\(query.pair))")
        }
        var (found, subpage, references) = try await entries(query.term, language: query.pair.source, translations: true)
        let target = query.pair.target
        // The codes Wiktionary files the language under: the code of its section (Croatian, Serbian and Bosnian are
        // Serbo-Croatian's `sh`, as a lookup reads them), and in translation tables Norwegian as Bokmål and Nynorsk
        // (`nb`, `nn`). (Chinese as Mandarin, `cmn`, is the same language to ``Language/matches(_:)``.)
        var codes: Set<String> = [target.primary]
        if let section = WiktionaryLanguages.sectionName(forCode: target.primary),
           let code = WiktionaryLanguages.code(forSectionName: section) {
            codes.insert(code)
        }
        if target.primary == "no" { codes.formUnion(["nb", "nn"]) }
        let wanted: @Sendable (Language) -> Bool = { [codes] language in language.matches(target) || codes.contains(language.primary) }
        // A word with large tables keeps them on a subpage (`cat/translations`, named by `{{see translation
        // subpage}}`): read it when the page itself has none into the language asked.
        if subpage, !found.entries.contains(where: { $0.translations.contains { wanted($0.pair.target) } }),
           let title = found.entries.first?.headword {
            let tables = try await entries(title + "/translations", language: query.pair.source, translations: true, exactTitle: true)
            found = LookupResult(entries: found.entries + tables.result.entries.map { entry in
                var entry = entry
                entry.headword = title
                return entry
            })
        }
        // A sense whose table is on another page (`{{trans-see|pizza}}`, `{{trans-see|genre of music|house music}}`):
        // that page's items, under the sense the reference names, saying where they come from, in the page's order.
        if let headword = found.entries.first?.headword {
            let requests = references.prefix(Self.referencedPagesLimit).flatMap { reference in
                reference.pages.prefix(Self.pagesPerReference).map { (reference: reference, title: $0) }
            }
            let answers = try await referencedTranslations(requests, from: query.pair.source, where: wanted)
            for (request, items) in zip(requests, answers) where !items.isEmpty {
                found.entries.append(Entry(
                    headword: headword, language: query.pair.source,
                    translations: items.map { item in
                        var item = item
                        item.context = request.reference.gloss
                        item.partOfSpeech = request.reference.partOfSpeech ?? item.partOfSpeech
                        item.notes.append("see " + request.title)
                        return item
                    },
                    provenance: items[0].provenance
                ))
            }
        }
        let entries = found.entries.compactMap { entry -> Entry? in
            let translations = entry.translations.filter { wanted($0.pair.target) }
            guard !translations.isEmpty else { return nil }
            return Entry(headword: entry.headword, language: entry.language, translations: translations, provenance: entry.provenance)
        }
        return LookupResult(entries: entries)
    }

    /// How many `{{trans-see}}` references `translate` follows (real pages have one to three), and how many of the pages
    /// each names it reads (`{{trans-see|pie chart|pie chart|pie graph}}` names two): each page is a request, twelve at
    /// most.
    static let referencedPagesLimit = 6
    static let pagesPerReference = 2
    /// How many of those requests are in flight at once: Wikimedia asks API clients for three concurrent requests at
    /// most.
    static let concurrentReferenceRequests = 3

    /// The translations `wanted` keeps of each referenced page, in the order of `requests`: the requests run
    /// concurrently through the provider's HTTP client, ``concurrentReferenceRequests`` at a time (one after another,
    /// twelve cost a translation twelve round trips).
    private func referencedTranslations(
        _ requests: [(reference: WikitextParser.TableReference, title: String)], from language: Language,
        where wanted: @escaping @Sendable (Language) -> Bool
    ) async throws -> [[Translation]] {
        var answers = [[Translation]](repeating: [], count: requests.count)
        try await withThrowingTaskGroup(of: (Int, [Translation]).self) { group in
            var next = 0
            func start(_ index: Int) {
                let request = requests[index]
                group.addTask {
                    (index, try await referencedTranslations(
                        request.title, partOfSpeech: request.reference.partOfSpeech, from: language, where: wanted
                    ))
                }
            }
            while next < min(Self.concurrentReferenceRequests, requests.count) {
                start(next)
                next += 1
            }
            while let (index, items) = try await group.next() {
                answers[index] = items
                if next < requests.count {
                    start(next)
                    next += 1
                }
            }
        }
        return answers
    }

    /// The translations of the page `title` that `wanted` keeps, of the part of speech when it has some of that one;
    /// none when the page is missing or cannot be read (the word's own tables are the answer still).
    private func referencedTranslations(
        _ title: String, partOfSpeech: PartOfSpeech?, from language: Language, where wanted: (Language) -> Bool
    ) async throws -> [Translation] {
        let found: LookupResult
        do {
            found = try await entries(title, language: language, translations: true, exactTitle: true).result
        } catch let error as ProviderError where error.code != .cancelled {
            return []
        }
        let items = found.entries.flatMap(\.translations).filter { wanted($0.pair.target) }
        let samePart = items.filter { $0.partOfSpeech == partOfSpeech }
        return partOfSpeech != nil && !samePart.isEmpty ? samePart : items
    }

    /// The entries of the page `term` (as typed, then lower-cased unless `exactTitle`) in `language`'s section, with
    /// its translation tables when `translations`; whether the page names a translation subpage, and the senses whose
    /// tables are on other pages.
    private func entries(
        _ term: String, language: Language?, translations: Bool, exactTitle: Bool = false
    ) async throws -> (result: LookupResult, subpage: Bool, references: [WikitextParser.TableReference]) {
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .wiktionary, message: "the lookup was cancelled") }
        let query = (term: term, language: language)
        let section = try sectionName(for: query.language)
        var titles = [query.term]
        let lowered = query.term.lowercased()
        if lowered != query.term, !exactTitle { titles.append(lowered) }
        // The lower-cased title is tried when the title as typed has no page, or a page without the requested
        // language (`Bank` is German; `bank` has the English entries). Languages never substitute for each other.
        for title in titles {
            guard let page = try await page(title) else { continue }
            let provenance = Provenance(
                provider: .wiktionary, source: page.url(configuration.endpoint), retrievedAt: page.retrievedAt
            )
            let source = WikitextSource(page.wikitext.utf8)
            let (entries, references) = translations
                ? WikitextParser.translationTables(from: source, headword: page.title, language: section, provenance: provenance)
                : (WikitextParser.entries(from: source, headword: page.title, language: section, provenance: provenance), [])
            if !entries.isEmpty {
                let subpage = translations && (page.wikitext.contains("/translations") || page.wikitext.contains("translation subpage"))
                return (LookupResult(entries: entries), subpage, references)
            }
        }
        return (.notFound, false, [])
    }

    /// The level-2 section name for `language` (`nil` for every section).
    /// - Throws: ``LexAggCore/ProviderError/Code/unsupportedLanguage`` for a language lexagg cannot name.
    func sectionName(for language: Language?) throws -> String? {
        guard let language else { return nil }
        if let name = WiktionaryLanguages.sectionName(forCode: language.code)
            ?? WiktionaryLanguages.sectionName(forCode: language.primary)
        {
            return name
        }
        let name = language.englishName
        guard name != language.code else {
            throw ProviderError(
                .unsupportedLanguage, provider: .wiktionary,
                message: "lexagg does not know the Wiktionary section name of language '\(language.code)'"
            )
        }
        return name
    }

    /// One page: its title after redirects and its wikitext.
    package struct Page: Equatable {
        package var title: String
        package var wikitext: String
        var retrievedAt: Date

        func url(_ endpoint: Endpoint) -> String {
            let underscored = String(title.map { $0 == " " ? "_" : $0 })
            return "\(endpoint.baseURL?.description ?? endpoint.text)/wiki/\(percentEncode(underscored))"
        }
    }

    /// The page `title` (after redirects); `nil` when it does not exist.
    package func page(_ title: String) async throws -> Page? {
        let request = ServiceRequest(
            Wiktionary.apiPath,
            query: [
                ("action", "parse"), ("format", "json"), ("formatversion", "2"), ("prop", "wikitext"),
                ("redirects", "1"), ("page", title),
            ]
        )
        guard let answer = try await client.fetch(request, as: ParseResponse.self, policy: ParseResponse.policy)
        else { return nil }
        return Page(title: answer.parse.title, wikitext: answer.parse.wikitext.text, retrievedAt: Date())
    }
}
