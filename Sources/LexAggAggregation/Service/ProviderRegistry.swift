import LexAggCore

/// The providers lexagg knows, in priority order, and what each can do.
///
/// Built once, in the composition root, from a list of ``ProviderFactory`` values, then passed down.
/// It is a plain value: tests build their own.
public struct ProviderRegistry: Sendable {
    /// All providers, in priority order (the order of registration).
    public let providers: [any DictionaryProvider]
    /// Problems the factories met (an unreadable search-path entry), one line each.
    public let problems: [String]

    /// Creates a registry.
    /// - Throws: ``RegistryError/duplicateID(_:)`` when two providers share an identifier.
    public init(_ providers: [any DictionaryProvider]) throws(RegistryError) {
        var seen = Set<ProviderID>()
        for provider in providers where !seen.insert(provider.descriptor.id).inserted {
            throw RegistryError.duplicateID(provider.descriptor.id)
        }
        self.providers = providers
        self.problems = []
    }

    /// Builds the providers of every factory, dropping a later provider whose id an earlier one already uses.
    public init(factories: [ProviderFactory], environment: ProviderEnvironment) {
        var seen = Set<ProviderID>()
        var providers: [any DictionaryProvider] = []
        var problems: [String] = []
        for factory in factories {
            let products = factory.make(environment)
            problems += products.problems
            for provider in products.providers where seen.insert(provider.descriptor.id).inserted {
                providers.append(provider)
            }
        }
        self.providers = providers
        self.problems = problems
    }

    public var ids: [ProviderID] { providers.map(\.descriptor.id) }

    public func provider(_ id: ProviderID) -> (any DictionaryProvider)? {
        providers.first { $0.descriptor.id == id }
    }

    /// Resolves user-given identifiers (`--providers a,b`), keeping the user's order and dropping repeats.
    /// - Throws: ``RegistryError/unknownID(_:suggestion:)`` naming the nearest known identifier.
    public func resolve(_ names: [String]) throws(RegistryError) -> [any DictionaryProvider] {
        var result: [any DictionaryProvider] = []
        var seen = Set<ProviderID>()
        for raw in names {
            let name = raw.trimmingCharacters(in: " ").lowercased()
            guard !name.isEmpty else { continue }
            guard let id = ProviderID(name), let provider = provider(id) else {
                throw RegistryError.unknownID(raw, suggestion: nearestID(to: name))
            }
            if seen.insert(id).inserted { result.append(provider) }
        }
        guard !result.isEmpty else { throw RegistryError.noneSelected }
        return result
    }

    /// The known identifier closest to `name` by edit distance, if any is close enough to be a likely typo.
    public func nearestID(to name: String) -> ProviderID? {
        if let prefixed = ids.filter({ $0.rawValue.hasPrefix(name) }).min(by: { $0.rawValue.count < $1.rawValue.count }) {
            return prefixed
        }
        let candidates = ids.map { ($0, EditDistance.between(name, $0.rawValue)) }
        guard let best = candidates.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= max(2, name.count / 3) ? best.0 : nil
    }

    /// Providers that can define words of `language`, in priority order.
    public func definers(for language: Language?, among selection: [any DictionaryProvider]? = nil)
        -> [any DefinitionProviding]
    {
        // The descriptor before the cast: a protocol cast scans the binary's conformance records for each new type.
        (selection ?? providers).filter { $0.descriptor.defines(language) }.compactMap { $0.asDefiner }
    }

    /// Providers that can translate in `pair`'s direction, in priority order.
    public func translators(for pair: LanguagePair, among selection: [any DictionaryProvider]? = nil)
        -> [any TranslationProviding]
    {
        (selection ?? providers).compactMap { $0.asTranslator }
            .filter { provider in
                provider.descriptor.translationPairs.contains {
                    $0.source.matches(pair.source) && $0.target.matches(pair.target)
                }
            }
    }
}

/// Why a registry could not be built or a selection not resolved.
public enum RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    case duplicateID(ProviderID)
    case unknownID(String, suggestion: ProviderID?)
    case noneSelected

    public var description: String {
        switch self {
        case .duplicateID(let id):
            "two providers use the id '\(id)'"
        case .unknownID(let name, let suggestion?):
            "unknown provider '\(name)'; did you mean '\(suggestion)'? (run 'lexagg providers' to list them)"
        case .unknownID(let name, nil):
            "unknown provider '\(name)' (run 'lexagg providers' to list them)"
        case .noneSelected:
            "no provider selected"
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var slice = Substring(self)
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
