import LexAggCore

extension ProviderConformance {
    /// The capability views (`asDefiner`, `asMatcher`, …) must say what a cast would: the provider itself for each
    /// capability protocol its type adopts, nil for the others. The protocols' extensions supply them; a generic
    /// provider whose capability is a conditional conformance gets nil from those and must implement the view itself,
    /// or the lookup service would never ask it for that capability.
    public static func checkCapabilityViews(_ provider: any DictionaryProvider) -> [ConformanceFailure] {
        let views: [(name: String, protocolName: String, view: Bool, adopts: Bool)] = [
            ("asDefiner", "DefinitionProviding", provider.asDefiner != nil, provider is any DefinitionProviding),
            ("asTranslator", "TranslationProviding", provider.asTranslator != nil, provider is any TranslationProviding),
            ("asRandomSource", "RandomWordProviding", provider.asRandomSource != nil, provider is any RandomWordProviding),
            ("asMatcher", "MatchProviding", provider.asMatcher != nil, provider is any MatchProviding),
            ("asLemmatizer", "LemmaProviding", provider.asLemmatizer != nil, provider is any LemmaProviding),
            ("asStoredAnswers", "StoredAnswerProviding", provider.asStoredAnswers != nil, provider is any StoredAnswerProviding),
            ("asDiscovering", "DescriptorDiscovering", provider.asDiscovering != nil, provider is any DescriptorDiscovering),
            ("asDescribed", "DescribedProvider", provider.asDescribed != nil, provider is any DescribedProvider),
        ]
        return views.filter { $0.view != $0.adopts }.map { view in
            ConformanceFailure(
                rule: "capability views",
                detail: view.adopts
                    ? "\(view.name) is nil though \(type(of: provider)) adopts \(view.protocolName) (implement it: a conditional conformance does not reach the protocol's default)"
                    : "\(view.name) is set though \(type(of: provider)) does not adopt \(view.protocolName)"
            )
        }
    }
}
