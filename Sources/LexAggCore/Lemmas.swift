/// A provider that knows which lemmas an inflected word is a form of (`walked` → `walk`, `mice` → `mouse`): its
/// own morphology, for the lookup service's lemma fallback.
///
/// The lookup service asks it when some providers did not know the word as typed, and looks the lemmas up in
/// those providers within the same deadline.
public protocol LemmaProviding: DictionaryProvider {
    /// The lemmas `query.term` may be a form of, most likely first, each with the form it is (`past tense`); empty
    /// when the provider knows the word itself as a headword or no rule applies. Answers at once (no network).
    /// - Throws: ``ProviderError`` only.
    func lemmas(of query: LookupQuery) async throws -> [FormOf]
}
