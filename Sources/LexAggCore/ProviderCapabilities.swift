/// What a provider can do; the operations themselves are the capability protocols
/// (``DefinitionProviding``, ``TranslationProviding``, ``RandomWordProviding``, ``MatchProviding``).
public struct ProviderCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Looks words up and returns definitions.
    public static let define = ProviderCapabilities(rawValue: 1 << 0)
    /// Translates words between languages.
    public static let translate = ProviderCapabilities(rawValue: 1 << 1)
    /// Produces random words.
    public static let randomWords = ProviderCapabilities(rawValue: 1 << 2)
    /// Suggests headwords by prefix or similarity ("did you mean").
    public static let match = ProviderCapabilities(rawValue: 1 << 3)
    /// Entries carry pronunciations.
    public static let pronunciations = ProviderCapabilities(rawValue: 1 << 4)
    /// Senses carry usage examples.
    public static let examples = ProviderCapabilities(rawValue: 1 << 5)
    /// Entries carry etymologies.
    public static let etymology = ProviderCapabilities(rawValue: 1 << 6)
    /// Finds the lemma of an inflected form (``LemmaProviding``).
    public static let lemmas = ProviderCapabilities(rawValue: 1 << 7)

    /// Names in a stable order, for listings and JSON.
    public var names: [String] {
        Self.named.filter { contains($0.1) }.map(\.0)
    }

    static let named: [(String, ProviderCapabilities)] = [
        ("define", .define), ("translate", .translate), ("random", .randomWords), ("match", .match),
        ("pronunciations", .pronunciations), ("examples", .examples), ("etymology", .etymology), ("lemmas", .lemmas),
    ]
}
