#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LexAggCore

/// How a request may use the cache of online answers.
public enum CacheMode: String, Sendable, Hashable {
    /// Fresh answers come from the cache; everything else from the source, and is stored.
    case normal
    /// Always ask the source and store its answer (`--refresh`).
    case refresh
    /// Never ask the source: answer from the cache, however old, or fail with ``ProviderError/Code/offline``.
    case offline
}

/// Puts providers behind a cache of their answers. The lookup service wraps every provider it asks; the store
/// behind it (SQLite, PostgreSQL) is the implementation's business.
public protocol AnswerCaching: Sendable {
    /// `provider` behind the cache in `mode`, keeping its capabilities; a provider not worth caching (an offline
    /// database, a random-word source) comes back as it is.
    func wrap(_ provider: any DictionaryProvider, mode: CacheMode) -> any DictionaryProvider
}

/// What a consumer may ask of one request, over the service's configuration (a flag over the settings).
public struct RequestOptions: Sendable, Hashable {
    /// Provider ids the user named, in their order; `nil`: the configured default providers, else every
    /// available provider that can answer.
    public var providers: [String]?
    /// The strategy; `nil`: the configured one.
    public var strategy: LookupStrategy?
    /// The longest the whole request may take (and any one provider); `nil`: the configured limits.
    public var timeout: Duration?
    /// No network request: offline dictionaries, and cached answers of online ones (old ones marked stale).
    public var offline: Bool
    /// Neither read nor write the cache.
    public var noCache: Bool
    /// Ask the sources again even when the cache has a fresh answer, and cache the new one.
    public var refresh: Bool
    /// Whether to look for close spellings when nothing knows the word.
    public var suggest: Bool
    /// The reader's languages: entries in them (and entries of no stated language) come first, in this order,
    /// before entries in other languages. Empty: entries stay in the order the providers gave them.
    public var readerLanguages: [Language]

    public init(
        providers: [String]? = nil, strategy: LookupStrategy? = nil, timeout: Duration? = nil, offline: Bool = false,
        noCache: Bool = false, refresh: Bool = false, suggest: Bool = true, readerLanguages: [Language] = []
    ) {
        self.readerLanguages = readerLanguages
        self.providers = providers
        self.strategy = strategy
        self.timeout = timeout
        self.offline = offline
        self.noCache = noCache
        self.refresh = refresh
        self.suggest = suggest
    }
}

/// Why the service cannot serve a request at all (as opposed to providers failing, which is an answer).
public struct LookupServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The request itself is wrong: an unknown provider, a provider that cannot do this, a language no
        /// provider covers, contradictory options. (CLI: 64; HTTP: 400.)
        case invalidRequest
        /// Nothing that could answer is usable here: no dictionary installed, none configured. (CLI: 69; HTTP: 503.)
        case unavailable
    }

    public var kind: Kind
    /// One English line (what the HTTP and MCP servers answer with, and JSON carries).
    public var message: String
    /// The same as data, for a consumer that says it in the user's language.
    public var reason: Reason?

    public init(_ kind: Kind, _ message: String, reason: Reason? = nil) {
        self.kind = kind
        self.message = message
        self.reason = reason
    }

    public var description: String { message }

    /// Why the request cannot be served, with the facts a message needs and no words.
    public enum Reason: Sendable, Hashable {
        /// The names in `--providers` do not resolve.
        case registry(RegistryError)
        /// The named providers cannot look words up (a random-word source named for `lookup`).
        case cannotLookUp([ProviderID])
        /// No provider defines words of `language`; `known` lists the languages some provider defines.
        case noDefiner(Language, isKnownLanguage: Bool, known: [String])
        /// No dictionary is usable at all; `notes` say why each was left out (the providers' own English words).
        case noDictionaryUsable(notes: [String])
        /// Translators exist for `pair` but none is set up; `notes` say how to set them up.
        case noTranslatorSetUp(LanguagePair, notes: [String], package: String)
        /// No provider translates `pair`; `directions` lists the ones that exist.
        case noTranslator(LanguagePair, directions: [String])
        /// No (offline) provider gives random words of `language`.
        case noRandomSource(Language, offline: Bool, languages: [String])
        /// The providers named (`--providers`) do not translate `pair`; `others` do.
        case namedNoTranslator(LanguagePair, named: [ProviderID], others: [ProviderID])
        /// The providers named give no random words of `language`; `others` do.
        case namedNoRandomSource(Language, named: [ProviderID], others: [ProviderID])
        /// `--offline --no-cache` leaves none of `needNetwork`.
        case offlineWithoutCache(needNetwork: [ProviderID])
        /// `--refresh` with `--offline` (or else `--no-cache`).
        case refreshConflict(offline: Bool)
        /// `provider` cannot match by `strategy`; it can by `can`.
        case cannotMatch(ProviderID, strategy: String, can: [String])
        /// `provider` matches only online, and the request is `--offline`.
        case matchNeedsNetwork(ProviderID)
        /// No (offline) provider matches by `strategy` (in `language`); `known` lists the strategies there are.
        case noMatcher(strategy: String, language: Language?, offline: Bool, known: [String], notes: [String])
    }
}

/// Something the consumer should tell the user beside the answer (a provider left out, and why).
public struct ServiceNote: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// A provider that would have been asked was left out because it is unusable.
        case skipped
        /// A metered or unconfigured provider was not asked (information only).
        case notAsked
    }

    public var kind: Kind
    public var provider: ProviderID?
    public var message: String

    public init(_ kind: Kind, provider: ProviderID?, message: String) {
        self.kind = kind
        self.provider = provider
        self.message = message
    }

    public var description: String { message }
}

/// The service's answer to one definition or translation request, ready to render.
public struct LookupAnswer: Sendable, Hashable {
    /// What was asked: the word, its language, and for a translation the target language.
    public var term: String
    public var language: Language?
    public var targetLanguage: Language?
    /// Entries (merged and ranked when several providers answered) and every provider's outcome.
    public var result: AggregatedResult
    /// Each merged sense's score, `scores[entry][group][sense]`; empty when nothing was merged.
    public var scores: [[[SenseScore]]]
    /// The looser spelling that found the word when the one typed found nothing (`Café` → `cafe`).
    public var matchedAs: String?
    /// The lemmas whose entries were added, when the word is an inflected form (`walked` → `walk`), most likely
    /// first; several when it is a form of more than one word (`leaves`: *leaf* and *leave*).
    public var lemmas: [LemmaNote]
    /// The first of ``lemmas``.
    public var lemma: LemmaNote? { lemmas.first }
    /// Close spellings, when nothing knew the word.
    public var suggestions: [String]
    /// The offline translating dictionaries that have the word when nothing defined it (a German word looked up on a
    /// machine whose only German dictionary is FreeDict's German–English): where `translate` would find it.
    public var translatableBy: [TranslationHint] = []
    /// Providers left out, and why.
    public var notes: [ServiceNote]

    public init(
        term: String, language: Language?, targetLanguage: Language? = nil, result: AggregatedResult,
        scores: [[[SenseScore]]] = [], matchedAs: String? = nil, lemmas: [LemmaNote] = [], suggestions: [String] = [],
        notes: [ServiceNote] = []
    ) {
        self.lemmas = lemmas
        self.term = term
        self.language = language
        self.targetLanguage = targetLanguage
        self.result = result
        self.scores = scores
        self.matchedAs = matchedAs
        self.suggestions = suggestions
        self.notes = notes
    }

    public var isFound: Bool { result.isFound }
    /// Every provider asked failed (as opposed to answering "not found").
    public var allFailed: Bool { result.allFailed }
    /// The entries that carry something.
    public var entries: [Entry] { result.entries.filter { !$0.isEmpty } }
}

/// Random words from the first provider that could give them, and the failures of those tried before it.
public struct RandomWordsAnswer: Sendable, Hashable {
    public var language: Language
    public var words: [String]
    /// The provider that answered; `nil` when every one failed.
    public var provider: ProviderID?
    /// Providers that failed before one answered (or all of them).
    public var failures: [ProviderError]

    public init(language: Language, words: [String], provider: ProviderID?, failures: [ProviderError]) {
        self.language = language
        self.words = words
        self.provider = provider
        self.failures = failures
    }
}

extension LookupAnswer {
    /// Whether nothing answered because no provider covers `language`: every provider said so — but, for a code that
    /// names no language lexagg knows (`zz`), the online sources not asked offline (`--offline`: the offline
    /// dictionaries refused `zz`, Wiktionary was not asked), which said "nothing cached, try without --offline".
    /// (Offline, the providers that do not cover it are left out before they are asked: only the online ones fail.)
    public func failedForLanguage(_ language: Language) -> Bool {
        let failures = result.failures
        guard result.allFailed, !failures.isEmpty else { return false }
        let known = Language.isKnown(language)
        return failures.allSatisfy { $0.code == .unsupportedLanguage || (!known && $0.code == .offline) }
    }

    /// What the servers say when ``failedForLanguage(_:)`` (the command line words it from its catalogue).
    public static func uncoveredLanguageMessage(_ language: Language) -> String {
        "no provider covers the language '\(language.code)'"
            + (Language.isKnown(language) ? "" : " (is it an ISO 639 code? e.g. en, de, fr, es)")
    }
}

/// A dictionary that translates a word nothing defined, and in which direction.
public struct TranslationHint: Sendable, Hashable {
    public var provider: ProviderID
    public var pair: LanguagePair

    public init(provider: ProviderID, pair: LanguagePair) {
        self.provider = provider
        self.pair = pair
    }
}
