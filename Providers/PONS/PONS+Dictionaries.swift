#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
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
        guard let baseURL = BaseURL(configuration.endpoint) else {
            throw ProviderError(.unavailable, provider: .pons, message: "\(Configuration.endpointVariable) is invalid")
        }
        let client = ProviderHTTPClient(
            provider: .pons, baseURL: baseURL, configuration: configuration.http, transport: transport, clock: clock
        )
        let query = [("language", "en")]
        let response = try await client.get(PONS.dictionariesPath, query: query)
        let list = try PONSDictionaryList.decode(
            response, url: baseURL.url(path: PONS.dictionariesPath, query: query)
        )
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

    package static func decode(_ response: HTTPResponseData, url: String) throws -> [PONSDictionary] {
        let first = response.body.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        guard first == UInt8(ascii: "[") else {
            throw ProviderError(
                .malformedResponse, provider: .pons,
                message: "PONS's dictionary list is not a JSON list (HTTP \(response.status))",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(response.body)
            )
        }
        let wire: [Wire]
        do {
            wire = try JSONDecoder().decode([Wire].self, from: Data(response.body))
        } catch {
            throw ProviderError(
                .malformedResponse, provider: .pons, message: "PONS's dictionary list is not the JSON expected",
                location: url, httpStatus: response.status, excerpt: ProviderHTTPClient.excerpt(response.body),
                underlying: String(describing: error)
            )
        }
        return wire.map { item in
            PONSDictionary(
                key: item.key, languages: (item.languages ?? []).compactMap(Language.init),
                label: HTMLText.plainText(item.simpleLabel ?? item.key)
            )
        }
    }
}
