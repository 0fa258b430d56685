import LexAggCore
import Synchronization

/// The providers lexagg knows, in priority order, and what each can do.
///
/// Built once, in the composition root, from a list of ``ProviderFactory`` values, then passed down; tests build
/// their own from providers. A registry from factories builds them on first use, and only what is asked: a provider
/// named by the id its factory declares (``ProviderFactory/ids``) is built with its own factory alone, so `lookup
/// word --providers wiktionary` lists no dictd directories and opens no datasets; an id no factory declares is asked
/// of the factories in order, each building only what it would build under that id (``ProviderFactory/makeOne``:
/// `--providers gcide` finds that database, `--providers en-wiktionary` opens that dataset). Anything that needs the
/// whole list (``providers``, ``ids``, an id a factory cannot answer for alone) builds every factory, once.
///
/// A declared id belongs to its factory: a provider another factory builds under it (a dictd database file or a
/// dataset named `wiktionary`) is left out, with a problem line, so that what an id means does not depend on how
/// much was built. Otherwise, when two providers share an id, the one of the earlier factory wins.
///
/// A factory that can build one provider without finding all of its others (``ProviderFactory/makeOne``: `wordnet`
/// without listing every dictd database on disk) does so for a lookup that names it.
///
/// What the factories found is kept, so a long-running process (a server) would not see a dataset imported, or a
/// dictd database installed, after it looked: a name ``resolve(_:)`` does not know makes a registry from factories
/// look again — at most once a `refreshInterval` (a second), so that requests naming nonsense cost no more than one
/// look a second — and asks once more. A provider built from a file that has since been replaced or removed (a
/// dataset imported again, ``DictionaryProvider/isOutdated``, asked once an interval) makes it look again too.
/// Copies of a registry share what it found, and what it finds again.
public struct ProviderRegistry: Sendable {
    private let box: CatalogBox
    private var catalog: Catalog { box.catalog }

    /// All providers, in priority order (the order of registration).
    public var providers: [any DictionaryProvider] { catalog.everything().providers }
    /// Problems the factories met (an unreadable search-path entry), one line each.
    public var problems: [String] { catalog.everything().problems }
    /// The providers built so far: every one that was asked or answered (all of them once ``providers`` was read).
    public var builtProviders: [any DictionaryProvider] { catalog.built().providers }
    /// The problems of the factories built so far, in the order they were built.
    public var builtProblems: [String] { catalog.built().problems }

    /// Creates a registry.
    /// - Throws: ``RegistryError/duplicateID(_:)`` when two providers share an identifier.
    public init(_ providers: [any DictionaryProvider]) throws(RegistryError) {
        var seen = Set<ProviderID>()
        for provider in providers where !seen.insert(provider.descriptor.id).inserted {
            throw RegistryError.duplicateID(provider.descriptor.id)
        }
        box = CatalogBox(Catalog(providers: providers), refreshInterval: nil)
    }

    /// A registry of the providers `factories` build, each factory run on first need.
    public init(factories: [ProviderFactory], environment: ProviderEnvironment, refreshInterval: Duration = .seconds(1)) {
        box = CatalogBox(Catalog(factories: factories, environment: environment), refreshInterval: refreshInterval)
    }

    public var ids: [ProviderID] { providers.map(\.descriptor.id) }

    /// How many times the registry has looked for its providers again (a name ``resolve(_:)`` did not know,
    /// ``lookAgainIfDue()``, a provider outdated): what a list made from it (a DICT server's databases) compares to
    /// know it is stale.
    public var generation: Int { box.generation }

    /// How many times the registry has built its providers again because one was outdated (a dataset imported again
    /// or removed: ``DictionaryProvider/isOutdated``): answers made before may be of files no longer there, which the
    /// lookup service's memo forgets. Looking again for a name it did not know changes none of the providers it had.
    public var replacements: Int { box.replacements }

    /// Looks for the providers again when a look is due (a registry from factories, a `refreshInterval` after the
    /// last); returns the ``generation`` after it.
    @discardableResult
    public func lookAgainIfDue() -> Int {
        _ = box.refreshIfDue(from: box.catalog)
        return box.generation
    }

    public func provider(_ id: ProviderID) -> (any DictionaryProvider)? {
        if let declared = catalog.declaredProvider(id) { return declared }
        switch catalog.undeclaredProvider(id) {
        case .found(let provider): return provider
        // Every factory said it has none: building them all (every dictd directory listed, every dataset opened) would
        // say so too, a millisecond later (`data import` asks for each new name).
        case .absent: return nil
        case .unknown: return providers.first { $0.descriptor.id == id }
        }
    }

    /// Resolves user-given identifiers (`--providers a,b`), keeping the user's order and dropping repeats.
    /// - Throws: ``RegistryError/unknownID(_:suggestion:)`` naming the nearest known identifier.
    public func resolve(_ names: [String]) throws(RegistryError) -> [any DictionaryProvider] {
        let catalog = box.catalog
        do {
            return try resolveOnce(names)
        } catch {
            // Looked again (here or by a request at the same time) since this one began: ask once more.
            guard case .unknownID = error, box.refreshIfDue(from: catalog) else { throw error }
            return try resolveOnce(names)
        }
    }

    private func resolveOnce(_ names: [String]) throws(RegistryError) -> [any DictionaryProvider] {
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

/// The catalog a registry and its copies share, replaced by a new one (its factories asked again) when
/// ``refreshIfDue(from:)`` finds it due.
private final class CatalogBox: Sendable {
    private struct Current {
        var catalog: Catalog
        var since: ContinuousClock.Instant
        /// When the built providers were last asked whether they are outdated.
        var checked: ContinuousClock.Instant
        var generation = 0
        var replacements = 0

        init(catalog: Catalog, since: ContinuousClock.Instant, generation: Int = 0, replacements: Int = 0) {
            self.catalog = catalog
            self.since = since
            checked = since
            self.generation = generation
            self.replacements = replacements
        }
    }

    private let current: Mutex<Current>
    /// nil: a registry of given providers, which nothing would find again.
    private let refreshInterval: Duration?

    init(_ catalog: Catalog, refreshInterval: Duration?) {
        current = Mutex(Current(catalog: catalog, since: .now))
        self.refreshInterval = refreshInterval
    }

    /// The current catalog, how many times it was made again (``ProviderRegistry/generation``), and how many of those
    /// because a provider was outdated (``ProviderRegistry/replacements``).
    var catalog: Catalog { checked().catalog }
    var generation: Int { checked().generation }
    var replacements: Int { checked().replacements }

    /// The current catalog, once an interval made again first if a provider it built is outdated
    /// (``DictionaryProvider/isOutdated``: a dataset imported again or removed while a server runs). The providers
    /// are asked outside the lock (a `stat` each, and a provider may be opening its files), so requests meanwhile
    /// go on with the catalog as it is.
    private func checked() -> Current {
        guard let refreshInterval else { return current.withLock { $0 } }
        let now = ContinuousClock.now
        let (seen, due) = current.withLock { current -> (Current, Bool) in
            guard current.checked.duration(to: now) >= refreshInterval else { return (current, false) }
            current.checked = now
            return (current, true)
        }
        guard due, seen.catalog.built().providers.contains(where: \.isOutdated), let fresh = seen.catalog.again() else {
            return seen
        }
        return current.withLock { current in
            if current.catalog === seen.catalog {
                current = Current(
                    catalog: fresh, since: now, generation: current.generation + 1, replacements: current.replacements + 1
                )
            }
            return current
        }
    }

    /// Whether the catalog is another than `seen`: replaced now, when `seen` is still the current one and it was
    /// made at least the interval ago, or replaced by someone else meanwhile.
    func refreshIfDue(from seen: Catalog) -> Bool {
        guard let refreshInterval else { return false }
        return current.withLock { current in
            if current.catalog !== seen { return true }
            guard current.since.duration(to: .now) >= refreshInterval, let fresh = seen.again() else { return false }
            current = Current(catalog: fresh, since: .now, generation: current.generation + 1, replacements: current.replacements)
            return true
        }
    }
}

/// What a registry holds: its factories' products, made on first need and kept.
private final class Catalog: Sendable {
    struct Listing {
        var providers: [any DictionaryProvider] = []
        var problems: [String] = []
    }

    private struct State {
        /// Each factory's products once made (by factory index).
        var made: [Int: ProviderFactory.Products] = [:]
        /// Providers built alone (``ProviderFactory/makeOne``) before their factory's whole list was made, by factory
        /// index, in the order they were asked (what the factory answered, nil when it could not tell).
        var alone: [Int: [(id: ProviderID, products: ProviderFactory.Products?)]] = [:]
        /// Problems in the order their factories were made.
        var problems: [String] = []
        /// The whole list, once made.
        var everything: Listing?
        /// What ``built()`` last answered, until something more is built: a lookup asks it for names and problems
        /// three times (17,000 instructions each, callgrind).
        var built: Listing?
    }

    private let factories: [ProviderFactory]
    private let environment: ProviderEnvironment?
    /// Which factory each declared id belongs to.
    private let owners: [ProviderID: Int]
    private let state: Mutex<State>

    init(providers: [any DictionaryProvider]) {
        factories = []
        environment = nil
        owners = [:]
        state = Mutex(State(everything: Listing(providers: providers)))
    }

    init(factories: [ProviderFactory], environment: ProviderEnvironment) {
        self.factories = factories
        self.environment = environment
        var owners: [ProviderID: Int] = [:]
        for (index, factory) in factories.enumerated() {
            for id in factory.ids where owners[id] == nil { owners[id] = index }
        }
        self.owners = owners
        state = Mutex(State())
    }

    /// A catalog of the same factories that has found nothing yet; nil for one of given providers.
    func again() -> Catalog? {
        guard let environment else { return nil }
        return Catalog(factories: factories, environment: environment)
    }

    /// The provider with the declared id `id`, built by its own factory alone; nil when no factory declares `id` or
    /// its factory did not build it (then only the whole list can tell).
    func declaredProvider(_ id: ProviderID) -> (any DictionaryProvider)? {
        guard let owner = owners[id] else { return nil }
        return state.withLock { state in
            if let everything = state.everything { return everything.providers.first { $0.descriptor.id == id } }
            if state.made[owner] == nil, factories[owner].makeOne != nil, let products = alone(id, of: owner, in: &state) {
                return products.providers.first { $0.descriptor.id == id }
            }
            return products(of: owner, in: &state).providers.first { $0.descriptor.id == id }
        }
    }

    /// What ``undeclaredProvider(_:)`` found.
    enum Undeclared {
        case found(any DictionaryProvider)
        /// No factory has a provider of that id.
        case absent
        /// A factory cannot tell without building everything, or a factory declares the id.
        case unknown
    }

    /// The provider with `id`, which no factory declares, built by the factories in order, each only what it would
    /// build under `id`.
    func undeclaredProvider(_ id: ProviderID) -> Undeclared {
        guard owners[id] == nil else { return .unknown }
        return state.withLock { state -> Undeclared in
            if let everything = state.everything {
                return everything.providers.first { $0.descriptor.id == id }.map(Undeclared.found) ?? .absent
            }
            for index in factories.indices {
                let products: ProviderFactory.Products
                if let made = state.made[index] {
                    products = made
                } else if factories[index].onlyDeclared {
                    continue
                } else if factories[index].makeOne != nil, let alone = alone(id, of: index, in: &state) {
                    products = alone
                } else {
                    return .unknown
                }
                if let found = products.providers.first(where: { $0.descriptor.id == id }) { return .found(found) }
            }
            return .absent
        }
    }

    /// What factory `index` builds alone under `id` (asked once), nil when it cannot tell.
    private func alone(_ id: ProviderID, of index: Int, in state: inout State) -> ProviderFactory.Products? {
        if let asked = state.alone[index]?.first(where: { $0.id == id }) { return asked.products }
        let products = factories[index].makeOne?(id, environment!)
        state.alone[index, default: []].append((id, products))
        if let products {
            state.problems += products.problems.filter { !state.problems.contains($0) }
            state.built = nil
        }
        return products
    }

    /// Every factory's providers, in order, without repeated ids and with declared ids kept to their factories.
    func everything() -> Listing {
        state.withLock { state in
            if let everything = state.everything { return everything }
            var listing = Listing()
            var seen = Set<ProviderID>()
            for index in factories.indices {
                for provider in products(of: index, in: &state).providers {
                    let id = provider.descriptor.id
                    if let owner = owners[id], owner != index {
                        state.problems.append(
                            "\(factories[index].name): a provider named '\(id)' is left out: that name is \(factories[owner].name)'s"
                        )
                        continue
                    }
                    if seen.insert(id).inserted { listing.providers.append(provider) }
                }
            }
            listing.problems = state.problems
            state.everything = listing
            return listing
        }
    }

    /// What has been built so far.
    func built() -> Listing {
        state.withLock { state in
            if let everything = state.everything { return everything }
            if let built = state.built { return built }
            var listing = Listing(problems: state.problems)
            var seen = Set<ProviderID>()
            for index in factories.indices {
                guard let products = state.made[index] else {
                    // Providers its factory built alone.
                    for (id, products) in state.alone[index] ?? [] where owners[id].map({ $0 == index }) ?? true {
                        if let provider = products?.providers.first(where: { $0.descriptor.id == id }),
                           seen.insert(id).inserted
                        {
                            listing.providers.append(provider)
                        }
                    }
                    continue
                }
                for provider in products.providers where owners[provider.descriptor.id].map({ $0 == index }) ?? true {
                    if seen.insert(provider.descriptor.id).inserted { listing.providers.append(provider) }
                }
            }
            state.built = listing
            return listing
        }
    }

    private func products(of index: Int, in state: inout State) -> ProviderFactory.Products {
        if let made = state.made[index] { return made }
        var products = factories[index].make(environment!)
        // A provider built alone before stays the one under its id (what `makeOne` builds is what `make` would):
        // the lookup that asked it and the lemma fallback, which asks every lemmatizer, share one (an imported
        // dump's provider keeps the lines it read for the lookup of their lemma that follows).
        for (id, alone) in state.alone[index] ?? [] {
            guard let provider = alone?.providers.first(where: { $0.descriptor.id == id }),
                  let place = products.providers.firstIndex(where: { $0.descriptor.id == id })
            else { continue }
            products.providers[place] = provider
        }
        state.made[index] = products
        state.built = nil
        // A problem it already reported building a provider alone is not repeated.
        state.problems += products.problems.filter { !state.problems.contains($0) }
        return products
    }
}
