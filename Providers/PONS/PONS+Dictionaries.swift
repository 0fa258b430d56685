import LexAggCore
import LexAggHTTP
import Synchronization

/// One dictionary of the PONS API, as `GET /v1/dictionaries` lists it.
public struct PONSDictionary: Sendable, Hashable {
    /// The key to pass as `l=` (`deen`, `dede`, `kfzdeen`).
    public var key: String
    /// Its languages (one for a monolingual dictionary).
    public var languages: [Language]
    /// The label PONS shows (`English «» German`).
    public var label: String

    /// The directions it translates (none for a monolingual dictionary).
    public var pairs: [LanguagePair] {
        guard languages.count == 2 else { return [] }
        return [
            LanguagePair(source: languages[0], target: languages[1]),
            LanguagePair(source: languages[1], target: languages[0]),
        ]
    }
}

extension PONS {
    /// The dictionaries PONS offers (`GET /v1/dictionaries?language=en`; no key needed, none is sent), fetched once
    /// per provider value and kept in memory.
    ///
    /// `translate` does not need it (an unknown dictionary is a 404, reported as unsupported language); use it to
    /// list or check directions before spending a request of the key's quota.
    /// - Throws: ``LexAggCore/ProviderError`` only.
    public func dictionaries() async throws -> [PONSDictionary] {
        if let cached = dictionaryCache.list.withLock({ $0 }) { return cached }
        if Task.isCancelled { throw ProviderError(.cancelled, provider: .pons, message: "the request was cancelled") }
        let request = ServiceRequest(PONS.dictionariesPath, query: [("language", "en")])
        let wire = try await client.fetch(request, as: [PONSDictionaryList.Wire].self) ?? []
        let list = PONSDictionaryList.dictionaries(from: wire)
        dictionaryCache.list.withLock { $0 = list }
        return list
    }

    /// Whether PONS has a dictionary for `pair`, by ``dictionaries()``.
    public func supports(_ pair: LanguagePair) async throws -> Bool {
        let key = PONSDictionaries.key(pair.source.primary, pair.target.primary)
        return try await dictionaries().contains { $0.key == key }
    }
}

/// The dictionary list, once fetched; shared by copies of one provider value.
final class PONSDictionaryCache: Sendable {
    let list = Mutex<[PONSDictionary]?>(nil)
}

/// Reads the `/v1/dictionaries` body.
package enum PONSDictionaryList {
    struct Wire: Decodable {
        var key: String
        var simpleLabel: String?
        var languages: [String]?

        enum CodingKeys: String, CodingKey {
            case key, languages
            case simpleLabel = "simple_label"
        }
    }

    static func dictionaries(from wire: [Wire]) -> [PONSDictionary] {
        wire.map { item in
            PONSDictionary(
                key: item.key, languages: (item.languages ?? []).compactMap(Language.init),
                label: HTMLText.plainText(item.simpleLabel ?? item.key)
            )
        }
    }
}
